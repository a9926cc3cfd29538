/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Fuzzer of the kernel command-line parser (lib/cmdline.c) and of the
 * huge-page pool's reading of it (hugepool_init), against simple models:
 * random lines of known and unknown words, every kind of white space, empty
 * values, repeated keys, upper case, long words, stray '=' and 8-bit bytes,
 * each in a buffer of exactly its length + 1.
 * Checked on every input: cmdline_next_word() cuts the line into the words
 * the model sees (no white space inside, none outside, in order);
 * cmdline_find() counts and describes the first word of a key as the model
 * does; cmdline_check() complains once per unknown word and per repeated
 * known key; glob_match() agrees with a dynamic-programming matcher;
 * hugepool_init() either reserves and releases cleanly or changes nothing
 * (free pages, pool counts).
 *
 * Usage: fuzz-cmdline [COUNT [SEED]]  (defaults 100000, 1)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/cmdline.h"
#include "mmu.h"
#include "palloc.h"
#include "pool.h"
#include "../../include/xorshift.h"

#define MAX_LINE	600

static uint64_t rng_state;
static uint64_t input_no;

static uint32_t rng(void)
{
	return xorshift_next(&rng_state);
}

static uint32_t pick(uint32_t n)
{
	return rng() % n;
}

static void fail(const char *what, const char *line)
{
	printf("FAIL: fuzz-cmdline: input %llu: %s; line \"%s\"\n", (unsigned long long)input_no,
	       what, line);
	printf("SUMMARY: 0 passed, 1 failed, 0 skipped, 0 xfail\n");
	exit(1);
}

static bool space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

static const char *const keys[] = { "hugepages", "tests", "bench", "stress-seed", "HUGEPAGES", "x", "" };
static const char *const known[] = { "hugepages", "tests", "bench", "stress-seed", NULL };

static void make_line(char *buf)
{
	static const char *const vals[] = {
		"", "4M:2", "1G:1,256M:1", "1G:0", "8M:1,512K:2,16K:4", "2M:1", "4M:", ":3", "4M:2,4M:1",
		"16M:99999999999", "all", "huge*", "=", "4k:1", "1g:1",
	};
	static const char ws[] = " \t\n\r\v\f";
	size_t n = 0;

	for (int w = (int)pick(8); w && n < MAX_LINE - 80; w--) {
		int spaces = (int)pick(3);

		while (spaces--)
			buf[n++] = ws[pick(6)];
		switch (pick(6)) {
		case 0:		/* bytes of any kind but NUL and white space */
			for (int i = 1 + (int)pick(12); i; i--) {
				char c = (char)(1 + pick(255));

				buf[n++] = space(c) ? 'q' : c;
			}
			break;
		case 1:
			n += (size_t)sprintf(buf + n, "%s", keys[pick(7)]);
			break;
		default:
			n += (size_t)sprintf(buf + n, "%s=%s", keys[pick(7)], vals[pick(15)]);
			break;
		}
	}
	if (pick(2))
		buf[n++] = ws[pick(6)];
	buf[n] = 0;
}

/* The model's words: start offsets and lengths. */
static int model_words(const char *s, size_t *start, size_t *len)
{
	int n = 0;
	size_t i = 0;

	while (s[i]) {
		while (s[i] && space(s[i]))
			i++;
		if (!s[i])
			break;
		start[n] = i;
		while (s[i] && !space(s[i]))
			i++;
		len[n] = i - start[n];
		n++;
	}
	return n;
}

static size_t keylen(const char *w, size_t n)
{
	const char *eq = memchr(w, '=', n);

	return eq ? (size_t)(eq - w) : n;
}

static unsigned int complaints;

static void count_complaint(const char *word, size_t len, const char *why)
{
	(void)word;
	(void)len;
	(void)why;
	complaints++;
}

static void check_words(const char *s)
{
	size_t start[MAX_LINE], len[MAX_LINE];
	int n = model_words(s, start, len), k = 0;
	const char *p = s, *w;
	size_t wl;
	unsigned int want = 0;

	while ((wl = cmdline_next_word(&p, &w)) != 0) {
		if (k >= n || w != s + start[k] || wl != len[k])
			fail("cmdline_next_word() cut another word", s);
		k++;
	}
	if (k != n)
		fail("cmdline_next_word() missed words", s);
	for (unsigned int q = 0; q < sizeof(keys) / sizeof(keys[0]); q++) {
		const char *v = NULL;
		size_t vl = 0;
		bool bare = false;
		unsigned int found = cmdline_find(s, keys[q], &v, &vl, &bare), cnt = 0;
		int first = -1;

		if (!keys[q][0])
			continue;
		for (int i = 0; i < n; i++)
			if (keylen(s + start[i], len[i]) == strlen(keys[q]) &&
			    !strncmp(s + start[i], keys[q], strlen(keys[q])) && cnt++ == 0)
				first = i;
		if (found != cnt)
			fail("cmdline_find() counted another number of words", s);
		if (first >= 0) {
			size_t kl = strlen(keys[q]);
			bool mbare = len[first] == kl;

			if (bare != mbare || v != s + start[first] + kl + (mbare ? 0 : 1) ||
			    vl != (mbare ? 0 : len[first] - kl - 1))
				fail("cmdline_find() described the first word wrongly", s);
		}
	}
	for (int i = 0; i < n; i++) {
		size_t kl = keylen(s + start[i], len[i]);
		bool is_known = false, earlier = false;

		for (int q = 0; known[q]; q++)
			if (strlen(known[q]) == kl && !strncmp(s + start[i], known[q], kl))
				is_known = true;
		for (int j = 0; j < i && is_known; j++)
			if (keylen(s + start[j], len[j]) == kl && !strncmp(s + start[j], s + start[i], kl))
				earlier = true;
		want += !is_known || earlier;
	}
	complaints = 0;
	if (cmdline_check(s, known, count_complaint) != complaints || complaints != want)
		fail("cmdline_check() complained another number of times", s);
}

/* Reference glob: literals, ?, *, and well-formed [set], [!set], [a-z]. */
static bool ref_set(const char *set, size_t n, char c, bool *neg)
{
	bool hit = false;
	size_t i = 0;

	*neg = n && set[0] == '!';
	for (i = *neg; i < n; i++) {
		if (i + 2 < n && set[i + 1] == '-') {
			hit |= c >= set[i] && c <= set[i + 2];
			i += 2;
		} else {
			hit |= c == set[i];
		}
	}
	return hit != *neg;
}

static bool ref_glob(const char *p, size_t pl, const char *s)
{
	size_t sl = strlen(s);
	static bool dp[64][64];

	/* dp[i][j]: p[i..] matches s[j..] */
	for (size_t i = pl + 1; i-- > 0;)
		for (size_t j = sl + 1; j-- > 0;) {
			bool r;

			if (i == pl) {
				r = j == sl;
			} else if (p[i] == '*') {
				r = dp[i + 1][j] || (j < sl && dp[i][j + 1]);
			} else if (j == sl) {
				r = false;
			} else if (p[i] == '?') {
				r = dp[i + 1][j + 1];
			} else if (p[i] == '[') {
				const char *close = memchr(p + i + 1, ']', pl - i - 1);
				bool neg;

				r = ref_set(p + i + 1, (size_t)(close - p - i - 1), s[j], &neg) &&
				    dp[close - p + 1][j + 1];
			} else {
				r = p[i] == s[j] && dp[i + 1][j + 1];
			}
			dp[i][j] = r;
		}
	return dp[0][0];
}

static void check_glob(void)
{
	static const char *const atoms[] = {
		"a", "b", "h", "u", "-", "4", "k", "*", "?", "[ab]", "[!a]", "[a-h]", "[0-9]", "**",
	};
	char pat[48], s[24];
	size_t pl = 0, sl = 0;

	for (int i = (int)pick(6); i; i--) {
		const char *a = atoms[pick(14)];

		if (pl + strlen(a) < sizeof(pat)) {
			memcpy(pat + pl, a, strlen(a));
			pl += strlen(a);
		}
	}
	pat[pl] = 0;
	for (int i = (int)pick(12); i; i--)
		s[sl++] = "abhu-4k9"[pick(8)];
	s[sl] = 0;
	if (glob_match(pat, pl, s) != ref_glob(pat, pl, s)) {
		char what[120];

		snprintf(what, sizeof(what), "glob_match(\"%s\", \"%s\") disagrees with the model", pat, s);
		fail(what, "");
	}
}

static void check_pool(const char *s)
{
	static const uint32_t sizes[] = { 4u << 20, 16u << 20, 64u << 20, 256u << 20, 1u << 30 };
	unsigned long before = palloc_free_pages();
	unsigned int res, fr;
	int err = hugepool_init(s);

	if (err) {
		if (palloc_free_pages() != before)
			fail("hugepool_init() refused but took pages", s);
		for (int i = 0; i < 5; i++) {
			hugepool_count(sizes[i], &res, &fr);
			if (res || fr)
				fail("hugepool_init() refused but holds blocks", s);
		}
		return;
	}
	if (hugepool_release() || palloc_free_pages() != before)
		fail("hugepool_release() did not give every page back", s);
}

int main(int argc, char **argv)
{
	static uint32_t bitmap[(3ull << 30) / 4096 / 32];
	uint64_t count = argc > 1 ? strtoull(argv[1], NULL, 0) : 100000;
	uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 0) : 1;

	palloc_set_bitmap(bitmap, palloc_bitmap_bytes(0, 3ull << 30));
	palloc_init(0, 3ull << 30);
	rng_state = seed * 0x9E3779B97F4A7C15ull + 13;
	for (input_no = 0; input_no < count; input_no++) {
		char line[MAX_LINE + 1], *exact;
		size_t n;

		make_line(line);
		n = strlen(line);
		exact = malloc(n + 1);
		memcpy(exact, line, n + 1);
		check_words(exact);
		if (input_no % 8 == 0)
			check_pool(exact);
		free(exact);
		check_glob();
	}
	printf("fuzz-cmdline: %llu lines and glob patterns (seed %llu), %llu through hugepool_init: "
	       "every one as the model says\n", (unsigned long long)count, (unsigned long long)seed,
	       (unsigned long long)((count + 7) / 8));
	printf("SUMMARY: 1 passed, 0 failed, 0 skipped, 0 xfail\n");
	return 0;
}
