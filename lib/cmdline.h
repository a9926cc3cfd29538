/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The kernel command line: words separated by any white space (space, tab,
 * newline, carriage return, vertical tab, form feed), each "key=value" or a
 * bare "key".  Keys are compared exactly (lower case).  One parser for every
 * reader: boot/main.c, hugetlb/pool.c, the bench and the test selection.
 */
#ifndef PPCMMU_LIB_CMDLINE_H
#define PPCMMU_LIB_CMDLINE_H

#include <stdbool.h>
#include <stddef.h>

bool cmdline_is_space(char c);

/*
 * The next word at or after *p: its start in *word, its length returned
 * (0 at the end); *p moves past it.
 */
size_t cmdline_next_word(const char **p, const char **word);

/*
 * Find the words whose key is key: "key=value" (*value = the value, *len its
 * length) or a bare "key" (*value = "", *len = 0, *bare = true).  Returns how
 * many such words there are; *value etc. describe the first.
 */
unsigned int cmdline_find(const char *cmdline, const char *key, const char **value, size_t *len,
			  bool *bare);

/*
 * Call complain(word, len, why) for every word whose key is not in known
 * (a NULL-terminated list of keys) and for every known key given twice;
 * returns how many calls were made.
 */
unsigned int cmdline_check(const char *cmdline, const char *const *known,
			   void (*complain)(const char *word, size_t len, const char *why));

/* Shell-style glob (*, ?, [set], [!set], [a-z]) of pat[0..patlen) against the whole of s. */
bool glob_match(const char *pat, size_t patlen, const char *s);

#endif
