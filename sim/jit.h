/* SPDX-License-Identifier: BSD-2-Clause */
/* The translator of hot loops to host code (jit.c), as run.c uses it. */
#ifndef SIM_JIT_H
#define SIM_JIT_H

#include <stdio.h>

#include "sim.h"

#if defined(__x86_64__) && !SIM_NO_CACHES
#define JIT_BUILT	1
#else
#define JIT_BUILT	0
#endif

/* in-page branches to an entry before it is translated (--jit N) */
#define JIT_HOT_DEFAULT	16u
#define JIT_HOT_MAX	254u
extern unsigned int jit_hot;
/* run.c's label for an entry whose translation starts there */
extern const void *jit_label;

/*
 * A translation returns the entry the threaded dispatcher goes on with:
 * executing it, or with JIT_ENTER set, entering it as a block (budget
 * check first).
 */
#define JIT_ENTER	((uintptr_t)1)
typedef uintptr_t (*jit_fn)(struct cpu *c);

#if JIT_BUILT
void jit_heat(struct dpage *p, struct dinsn *d);
jit_fn jit_code(const struct dpage *p, const struct dinsn *d);
void jit_page_reset(struct dpage *p);
void jit_print_stats(FILE *f);
#else
static inline void jit_heat(struct dpage *p, struct dinsn *d)
{
	(void)p;
	(void)d;
}

static inline jit_fn jit_code(const struct dpage *p, const struct dinsn *d)
{
	(void)p;
	(void)d;
	return NULL;
}

static inline void jit_page_reset(struct dpage *p)
{
	(void)p;
}

static inline void jit_print_stats(FILE *f)
{
	fputs("jit: not built in\n", f);
}
#endif

#endif
