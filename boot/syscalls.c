/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The system calls newlib expects, for a kernel with one console and no
 * files: writes go to the console, the heap is a fixed region of BSS.
 */
#include <errno.h>
#include <stddef.h>
#include <sys/stat.h>
#include "include/arch.h"

#undef errno
extern int errno;

#define HEAP_BYTES (64 * 1024)
static char heap[HEAP_BYTES] __attribute__((aligned(16)));
static size_t heap_used;

void *_sbrk(ptrdiff_t incr)
{
	char *p = heap + heap_used;

	if (incr < 0 || (size_t)incr > HEAP_BYTES - heap_used) {
		errno = ENOMEM;
		return (void *)-1;
	}
	heap_used += (size_t)incr;
	return p;
}

int _write(int fd, const char *buf, int len)
{
	if (fd != 1 && fd != 2) {
		errno = EBADF;
		return -1;
	}
	console_write(buf, (size_t)len);
	return len;
}

int _read(int fd, char *buf, int len)
{
	(void)fd; (void)buf; (void)len;
	errno = EBADF;
	return -1;
}

int _close(int fd)
{
	(void)fd;
	errno = EBADF;
	return -1;
}

int _fstat(int fd, struct stat *st)
{
	(void)fd;
	st->st_mode = S_IFCHR;
	return 0;
}

int _isatty(int fd)
{
	return fd <= 2;
}

int _lseek(int fd, int off, int whence)
{
	(void)fd; (void)off; (void)whence;
	errno = ESPIPE;
	return -1;
}

int _kill(int pid, int sig)
{
	(void)pid; (void)sig;
	errno = EINVAL;
	return -1;
}

int _getpid(void)
{
	return 1;
}

void _exit(int status)
{
	arch_exit(status);
}
