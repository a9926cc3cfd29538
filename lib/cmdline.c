/* SPDX-License-Identifier: BSD-2-Clause */
/* The kernel command line parser (lib/cmdline.h). */
#include <string.h>
#include "lib/cmdline.h"

bool cmdline_is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

size_t cmdline_next_word(const char **p, const char **word)
{
	const char *s = *p;

	while (*s && cmdline_is_space(*s))
		s++;
	*word = s;
	while (*s && !cmdline_is_space(*s))
		s++;
	*p = s;
	return (size_t)(s - *word);
}

/* The length of the key of a word: up to '=' or the whole word. */
static size_t key_len(const char *w, size_t n)
{
	const char *eq = memchr(w, '=', n);

	return eq ? (size_t)(eq - w) : n;
}

unsigned int cmdline_find(const char *cmdline, const char *key, const char **value, size_t *len,
			  bool *bare)
{
	size_t klen = strlen(key), n;
	const char *p = cmdline, *w;
	unsigned int found = 0;

	while (p && (n = cmdline_next_word(&p, &w)) != 0) {
		if (key_len(w, n) != klen || strncmp(w, key, klen))
			continue;
		if (!found++) {
			*bare = n == klen;
			*value = *bare ? w + n : w + klen + 1;
			*len = *bare ? 0 : n - klen - 1;
		}
	}
	return found;
}

static bool known_key(const char *w, size_t klen, const char *const *known)
{
	for (; *known; known++)
		if (strlen(*known) == klen && !strncmp(w, *known, klen))
			return true;
	return false;
}

static bool same_key_earlier(const char *cmdline, const char *w, size_t klen)
{
	const char *p = cmdline, *v;
	size_t n;

	while ((n = cmdline_next_word(&p, &v)) != 0 && v < w)
		if (key_len(v, n) == klen && !strncmp(v, w, klen))
			return true;
	return false;
}

static bool matches_ignoring_case(const char *w, size_t klen, const char *const *known)
{
	for (; *known; known++) {
		size_t i;

		if (strlen(*known) != klen)
			continue;
		for (i = 0; i < klen; i++) {
			char c = w[i];

			if (c >= 'A' && c <= 'Z')
				c = (char)(c - 'A' + 'a');
			if (c != (*known)[i])
				break;
		}
		if (i == klen)
			return true;
	}
	return false;
}

unsigned int cmdline_check(const char *cmdline, const char *const *known,
			   void (*complain)(const char *word, size_t len, const char *why))
{
	const char *p = cmdline, *w;
	unsigned int bad = 0;
	size_t n;

	while (p && (n = cmdline_next_word(&p, &w)) != 0) {
		size_t klen = key_len(w, n);

		if (!known_key(w, klen, known)) {
			complain(w, n, matches_ignoring_case(w, klen, known) ?
				 "unknown word (keys are lower case)" : "unknown word");
			bad++;
		} else if (same_key_earlier(cmdline, w, klen)) {
			complain(w, n, "given twice (only the first counts)");
			bad++;
		}
	}
	return bad;
}

/* Does set [..] starting after '[' at pat contain c?  *end: past the ']'. */
static bool in_set(const char *pat, const char *lim, char c, const char **end, bool *ok)
{
	bool neg = false, hit = false;
	const char *s = pat;

	if (s < lim && (*s == '!' || *s == '^')) {
		neg = true;
		s++;
	}
	if (s < lim && *s == ']') {	/* a leading ] is a member */
		hit = c == ']';
		s++;
	}
	while (s < lim && *s != ']') {
		if (s + 2 < lim && s[1] == '-' && s[2] != ']') {
			hit = hit || (c >= s[0] && c <= s[2]);
			s += 3;
		} else {
			hit = hit || c == *s;
			s++;
		}
	}
	*ok = s < lim;
	*end = s + 1;
	return hit != neg;
}

bool glob_match(const char *pat, size_t patlen, const char *s)
{
	const char *lim = pat + patlen;

	while (pat < lim) {
		const char *end;
		bool ok, hit;

		switch (*pat) {
		case '*':
			while (pat < lim && *pat == '*')
				pat++;
			if (pat == lim)
				return true;
			for (; *s; s++)
				if (glob_match(pat, (size_t)(lim - pat), s))
					return true;
			return false;
		case '?':
			if (!*s)
				return false;
			pat++;
			s++;
			break;
		case '[':
			if (!*s)
				return false;
			hit = in_set(pat + 1, lim, *s, &end, &ok);
			if (!ok) {		/* no closing ]: a plain '[' */
				if (*s != '[')
					return false;
				pat++;
			} else if (!hit) {
				return false;
			} else {
				pat = end;
			}
			s++;
			break;
		default:
			if (*pat != *s)
				return false;
			pat++;
			s++;
			break;
		}
	}
	return !*s;
}
