/* SPDX-License-Identifier: BSD-2-Clause */
/* The e500 monitor's TLB dump, shared by the 32-bit and 64-bit halves (monitor-e500-tlb.h). */
#include <string.h>
#include "monitor/monitor.h"
#include "monitor/monitor-e500-tlb.h"
#include "lib/kprintf.h"

static void tlb0_dump(const struct e500_tlb_view *v, bool all)
{
	unsigned int sets, ways, s, w, valid = 0;
	struct tlb_info t;

	v->tlb0_geometry(&sets, &ways);
	for (s = 0; s < sets; s++)
		for (w = 0; w < ways; w++) {
			bool ok = v->tlb0_read(s, w, &t);

			valid += ok;
			if (!ok && !all)
				continue;
			kprintf("TLB0 set %3u way %u: ", s, w);
			mon_arch_tlb_line(&t);
			kprintf("\n");
		}
	kprintf("TLB0: %u of %u entries valid\n", valid, sets * ways);
}

static void tlb1_dump(const struct e500_tlb_view *v, bool all)
{
	unsigned int n = v->tlb1_entries(), i, valid = 0;
	struct tlb_info t;

	for (i = 0; i < n; i++) {
		bool ok = v->tlb1_read(i, &t);

		valid += ok;
		if (!ok && !all)
			continue;
		kprintf("TLB1 esel %2u:%s", i, v->tlb1_pad);
		mon_arch_tlb_line(&t);
		kprintf(" (%s)\n", v->tlb1_slot_use(i));
	}
	kprintf("TLB1: %u of %u entries valid\n", valid, n);
}

/* TLB0 ("0"), TLB1 ("1") or both (NULL); all: invalid entries too.  False for another name. */
bool mon_arch_tlb(const char *which, bool all)
{
	const struct e500_tlb_view *v = &e500_tlb_view;
	bool t0 = !which || !strcmp(which, "0"), t1 = !which || !strcmp(which, "1");

	if (!t0 && !t1)
		return false;
	if (t0)
		tlb0_dump(v, all);
	if (t1)
		tlb1_dump(v, all);
	return true;
}
