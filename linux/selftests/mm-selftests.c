// SPDX-License-Identifier: BSD-2-Clause
/*
 * mm-selftests: the init program of make linux-selftests (rdinit=/mm-selftests). It mounts what
 * Linux's mm selftests expect, then runs the commands of /selftests/list one after the other,
 * each in /selftests with its output passed on with "# " in front, and reports each in the
 * project's check lines, which tools/run board turns into TAP (results.tap): "PASS: CMD" (exit
 * status 0), "SKIP: CMD" (4, kselftest's skip), "FAIL: CMD [exit=S]" (or [signal=S], [timeout
 * after N s], [kernel oops]: the kernel oopsed while it ran, whatever the exit status, and a task
 * killed in an oops may never end, so it is left behind after 10 s). Each command runs in a
 * process group of its own, killed when the command ends: a test that leaves children behind
 * does not hold the run up. Then "SUMMARY: P passed, F failed, S skipped" and the end of the run: the
 * simulator's exit device through /dev/mem, or a restart, which QEMU's -no-reboot turns into an
 * exit.
 *
 * /selftests/list: one command a line, words separated by spaces; a line "nr_hugepages N" sets
 * the default size's pool before the commands that follow (run_vmtests.sh does the same for
 * hugetlb_fault_after_madv) and reports whether the pool took it; a line "write PATH VALUE"
 * writes VALUE into PATH (run_vmtests.sh raises shmmax and shmall so for hugepage-shm). Each
 * command has TIMEOUT seconds (the first word of /selftests/timeout, default 600; a line
 * "timeout N" sets it for the commands that follow).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "../../include/sim/exit-device.h"	/* mpc8xx-sim's exit device: SIM_EXIT_PA */

#define MAX_LINE	512
#define MAX_ARGS	32
#define KSFT_SKIP	4

static unsigned int passed, failed, skipped;
static int timeout_s = 600;

static void mount_fs(const char *type, const char *dir)
{
	mkdir(dir, 0755);
	if (mount("none", dir, type, 0, NULL) != 0)
		printf("# mm-selftests: cannot mount %s on %s: %s\n", type, dir, strerror(errno));
}

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

/* /sys/kernel/oops_count: how many oopses the kernel has had. */
static long oopses(void)
{
	long n = 0;
	FILE *f = fopen("/sys/kernel/oops_count", "r");

	if (f) {
		if (fscanf(f, "%ld", &n) != 1)
			n = 0;
		fclose(f);
	}
	return n;
}

/* An oops since the command started (the count then: BEFORE). */
static int oopsed(long before)
{
	return oopses() > before;
}

/* Copy the child's output to the console, each line with "# " in front. */
static void relay(int fd, char *buf, size_t *used, int flush)
{
	char *nl;

	for (;;) {
		if (*used < MAX_LINE - 1) {
			ssize_t n = fd >= 0 ? read(fd, buf + *used, MAX_LINE - 1 - *used) : 0;

			if (n > 0)
				*used += n;
		}
		buf[*used] = '\0';
		nl = memchr(buf, '\n', *used);
		if (!nl && (*used == MAX_LINE - 1 || (flush && *used))) {
			nl = buf + *used;	/* a line too long, or the last one: cut it here */
			*nl = '\n';
			*used += 1;
		}
		if (!nl)
			return;
		*nl = '\0';
		printf("# %s\n", buf);
		*used -= nl + 1 - buf;
		memmove(buf, nl + 1, *used);
		fd = -1;	/* read once per call; print every complete line */
	}
}

/* Start ARGV with its stdout and stderr on a pipe; the pipe's read end in *fd. Returns the pid (-1: none). */
static pid_t spawn(char **argv, int *fd)
{
	int pipefd[2];
	pid_t pid;

	if (pipe(pipefd) != 0)
		return -1;
	pid = fork();
	if (pid == 0) {
		setpgid(0, 0);	/* its own group: what it leaves behind is ended with it (run) */
		dup2(pipefd[1], 1);
		dup2(pipefd[1], 2);
		close(pipefd[0]);
		close(pipefd[1]);
		execv(argv[0], argv);
		printf("cannot run %s: %s\n", argv[0], strerror(errno));
		fflush(stdout);	/* _exit() would drop it: stdout is the pipe, fully buffered */
		_exit(127);
	}
	close(pipefd[1]);
	*fd = pipefd[0];
	return pid;
}

/*
 * Relay the child's output until it ends (returns 1), runs out of time (2) or, after an oops
 * since OOPS_BEFORE, is still running 5 s after its start (3); the last two kill it. Its wait
 * status in *status.
 */
static int wait_child(pid_t pid, int fd, char *buf, size_t *used, double start, long oops_before,
		      int *status)
{
	for (;;) {
		struct pollfd p = { .fd = fd, .events = POLLIN };

		if (poll(&p, 1, 1000) > 0)
			relay(fd, buf, used, 0);
		if (p.revents & (POLLHUP | POLLERR) && !(p.revents & POLLIN)) {
			waitpid(pid, status, 0);
			return 1;
		}
		if (waitpid(pid, status, WNOHANG) == pid)
			return 1;
		if (now() - start > timeout_s || (oopsed(oops_before) && now() - start > 5)) {
			int done = oopsed(oops_before) ? 3 : 2;

			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			/* a task the kernel killed in an oops may never end: wait 10 s, not forever */
			for (int i = 0; i < 100 && waitpid(pid, status, WNOHANG) != pid; i++)
				usleep(100000);
			return done;
		}
	}
}

/* The check line of a command that ended as wait_child() said (DONE) with wait status STATUS. */
static void report_result(const char *line, int done, int status)
{
	if (done == 3) {
		printf("FAIL: %s [kernel oops]\n", line);
		failed++;
	} else if (done == 2) {
		printf("FAIL: %s [timeout after %d s]\n", line, timeout_s);
		failed++;
	} else if (WIFSIGNALED(status)) {
		printf("FAIL: %s [signal=%d]\n", line, WTERMSIG(status));
		failed++;
	} else if (WEXITSTATUS(status) == 0) {
		printf("PASS: %s\n", line);
		passed++;
	} else if (WEXITSTATUS(status) == KSFT_SKIP) {
		printf("SKIP: %s\n", line);
		skipped++;
	} else {
		printf("FAIL: %s [exit=%d]\n", line, WEXITSTATUS(status));
		failed++;
	}
}

/* Run one command and print its check line. */
static void run(char *line)
{
	char *argv[MAX_ARGS + 1], *save = NULL, buf[MAX_LINE + 1], words[MAX_LINE];
	size_t used = 0;
	int argc = 0, fd = -1, status = 0, done;
	double start = now();
	long oops_before = oopses();
	pid_t pid;

	snprintf(words, sizeof(words), "%s", line);	/* line stays whole for the TAP line */
	for (char *w = strtok_r(words, " \t", &save); w && argc < MAX_ARGS; w = strtok_r(NULL, " \t", &save))
		argv[argc++] = w;
	argv[argc] = NULL;
	if (!argc)
		return;
	printf("# running %s\n", line);
	fflush(stdout);
	pid = spawn(argv, &fd);
	if (fd < 0) {
		printf("FAIL: %s [pipe: %s]\n", line, strerror(errno));
		failed++;
		return;
	}
	if (pid > 0)
		setpgid(pid, pid);	/* as the child does: whichever runs first */
	done = pid > 0 ? wait_child(pid, fd, buf, &used, start, oops_before, &status) : 0;
	/* a command whose thread the kernel killed in an oops may still exit 0 (gup_test does) */
	if (done == 1 && oopsed(oops_before))
		done = 3;
	/*
	 * Processes the command started and left behind (a test that fails half-way may leave
	 * children blocked for ever) hold the pipe open: end them, reap them (init inherits them),
	 * and read what is left without waiting for an end of file that may never come.
	 */
	if (pid > 0)
		kill(-pid, SIGKILL);
	while (waitpid(-1, NULL, WNOHANG) > 0)
		;
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
	/* what the child wrote after the last poll, then a last line without its new line */
	for (ssize_t n; (n = read(fd, buf + used, MAX_LINE - 1 - used)) > 0;) {
		used += n;
		relay(-1, buf, &used, 0);
	}
	relay(-1, buf, &used, 1);
	close(fd);
	printf("# %s: %.1f s\n", line, now() - start);
	if (pid < 0) {
		printf("FAIL: %s [fork: %s]\n", line, strerror(errno));
		failed++;
	} else {
		report_result(line, done, status);
	}
	fflush(stdout);
}

static void set_pool(const char *count)
{
	FILE *f = fopen("/proc/sys/vm/nr_hugepages", "w");
	char got[32] = "?";

	if (f) {
		fprintf(f, "%s\n", count);
		fclose(f);
	}
	f = fopen("/proc/sys/vm/nr_hugepages", "r");
	if (f) {
		if (!fgets(got, sizeof(got), f))
			strcpy(got, "?");
		fclose(f);
		got[strcspn(got, "\n")] = '\0';
	}
	printf("# nr_hugepages: asked %s, the pool holds %s\n", count, got);
}

static void write_value(char *args)
{
	char *value = strchr(args, ' ');
	FILE *f;

	if (!value) {
		printf("# mm-selftests: 'write %s' has no value\n", args);
		return;
	}
	*value++ = '\0';
	f = fopen(args, "w");
	if (!f || fprintf(f, "%s\n", value) < 0 || fclose(f) != 0)
		printf("# mm-selftests: cannot write %s into %s: %s\n", value, args, strerror(errno));
	else
		printf("# %s: %s\n", args, value);
}

static void show(const char *path, const char *prefix)
{
	char line[MAX_LINE];
	FILE *f = fopen(path, "r");

	while (f && fgets(line, sizeof(line), f))
		if (!prefix || !strncmp(line, prefix, strlen(prefix)))
			printf("# %s: %s", path, line);
	if (f)
		fclose(f);
}

static void end_run(void)
{
	int fd;

	fflush(stdout);
	ioctl(1, TCSBRK, (void *)1);	/* tcdrain(): wait until the UART sent everything */
	/* only on the simulator (the host puts /selftests/sim there): elsewhere it is no device */
	fd = access("/selftests/sim", F_OK) == 0 ? open("/dev/mem", O_RDWR | O_SYNC) : -1;
	if (fd >= 0) {
		/* off_t is 64 bits wide here (_FILE_OFFSET_BITS=64): the address is above 2G */
		volatile unsigned int *exitdev = mmap(NULL, SIM_EXIT_SIZE, PROT_READ | PROT_WRITE,
						      MAP_SHARED, fd, (off_t)SIM_EXIT_PA);

		if (exitdev != MAP_FAILED)
			*exitdev = 0;
		printf("# mm-selftests: cannot reach the simulator's exit device through /dev/mem\n");
	}
	reboot(RB_AUTOBOOT);
	for (;;)
		pause();
}

int main(void)
{
	char line[MAX_LINE];
	FILE *list, *t;

	mount_fs("proc", "/proc");
	mount_fs("sysfs", "/sys");
	mount_fs("debugfs", "/sys/kernel/debug");
	mount_fs("tmpfs", "/tmp");
	setvbuf(stdout, NULL, _IOLBF, 0);
	t = fopen("/selftests/timeout", "r");
	if (t) {
		if (fscanf(t, "%d", &timeout_s) != 1 || timeout_s <= 0)
			timeout_s = 600;
		fclose(t);
	}
	show("/proc/cmdline", NULL);
	show("/proc/meminfo", "Huge");
	show("/proc/meminfo", "MemTotal");
	list = fopen("/selftests/list", "r");
	if (!list) {
		printf("FAIL: mm-selftests: no /selftests/list: %s\n", strerror(errno));
		end_run();
	}
	if (chdir("/selftests") != 0)
		printf("# mm-selftests: chdir /selftests: %s\n", strerror(errno));
	while (fgets(line, sizeof(line), list)) {
		line[strcspn(line, "\n")] = '\0';
		if (!strncmp(line, "nr_hugepages ", 13))
			set_pool(line + 13);
		else if (!strncmp(line, "timeout ", 8) && atoi(line + 8) > 0)
			timeout_s = atoi(line + 8);
		else if (!strncmp(line, "write ", 6))
			write_value(line + 6);
		else if (line[0] && line[0] != '#')
			run(line);
	}
	fclose(list);
	printf("SUMMARY: %u passed, %u failed, %u skipped\n", passed, failed, skipped);
	end_run();
	return 0;
}
