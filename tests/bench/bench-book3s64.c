/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * make bench on book3s/64: bench=paths makes each fault path run once, in
 * this order (tools/bench/book3s64-paths.py steps through them in the same
 * order, with QEMU's gdb stub: QEMU 7.2's PMU and -icount cannot count
 * them on powernv8):
 *   kernel data 4K, 16M, 16G: b3_bench_load from a page in a fresh segment
 *     (a segment miss, then a hash miss: the assembly paths);
 *   kernel instruction 4K: b3_bench_fetch into a code page in a fresh
 *     segment (an instruction segment miss, then an instruction hash miss);
 *   user data 4K, 16M, 16G: user_load_word in a user space (the assembly
 *     paths, the space's context).
 */
#include "tests/bench/bench.h"
#include "lib/kprintf.h"
#include "tests/common/report.h"
#include "tests/target/env.h"
#include "include/kernel.h"
#include "include/book3s64/hash.h"
#include "hugetlb/pool.h"

#define BENCH_VA	(B3_KMAP_START + 0x0000004000000000ull)
#define BENCH16M_VA	(B3_KMAP_START + 0x0000005000000000ull)
#define BENCH16G_VA	(B3_KMAP_START + 0x0000030000000000ull)
#define BENCH_CODE_VA	(B3_KMAP_START + 0x0000006000000000ull)
#define BENCH_PID	21
#define UBENCH_VA	0x0000000020000000ull
#define UBENCH16M_VA	0x0000000030000000ull
#define UBENCH16G_VA	0x0000020000000000ull	/* a 1T region of its own */
#define SIZE_16M	(16ull << 20)
#define SIZE_16G	(1ull << 34)

uint32_t b3_bench_load(vaddr_t va);	/* boot/book3s64-start.S: one lwz, what the stepping counts through */
uint32_t b3_bench_fetch(vaddr_t va);	/* ... a bctrl to va */

static void kernel_paths(paddr_t pa, paddr_t p16m, paddr_t code)
{
	report(map(&kernel_mm, BENCH_VA, pa, 4096, KPROT_RW) == MMU_OK &&
	       b3_bench_load(BENCH_VA) == 0x4b4b4b4b, "bench: kernel 4K load (segment miss, hash miss)");
	report(p16m != HUGEPOOL_FAIL && map(&kernel_mm, BENCH16M_VA, p16m, SIZE_16M, KPROT_RW) == MMU_OK &&
	       b3_bench_load(BENCH16M_VA) == 0x16161616, "bench: kernel 16M load (segment miss, hash miss)");
	report(map(&kernel_mm, BENCH16G_VA, 0, SIZE_16G, KPROT_RW) == MMU_OK &&
	       b3_bench_load(BENCH16G_VA + pa) == 0x4b4b4b4b,
	       "bench: kernel 16G load (1T segment miss, hash miss)");
	report(map(&kernel_mm, BENCH_CODE_VA, code, 4096, PROT_READ | PROT_EXEC) == MMU_OK &&
	       b3_bench_fetch(BENCH_CODE_VA) == 42, "bench: kernel 4K call (instruction segment and hash misses)");
}

static void user_paths(paddr_t pa, paddr_t p16m)
{
	struct mm mm;
	uint32_t r = 0;

	if (user_space_init(&mm, BENCH_PID) != MMU_OK) {
		report(false, "bench: user space %d", BENCH_PID);
		return;
	}
	report(map(&mm, UBENCH_VA, pa, 4096, UPROT_RW) == MMU_OK &&
	       user_call(&mm, user_routine(user_load_word), UBENCH_VA, &r) == 0 && r == 0x4b4b4b4b,
	       "bench: user 4K load (segment miss, hash miss)");
	report(p16m != HUGEPOOL_FAIL && map(&mm, UBENCH16M_VA, p16m, SIZE_16M, UPROT_RW) == MMU_OK &&
	       user_call(&mm, user_routine(user_load_word), UBENCH16M_VA, &r) == 0 && r == 0x16161616,
	       "bench: user 16M load (segment miss, hash miss)");
	report(map(&mm, UBENCH16G_VA, 0, SIZE_16G, UPROT_RW) == MMU_OK &&
	       user_call(&mm, user_routine(user_load_word), UBENCH16G_VA + pa, &r) == 0 && r == 0x4b4b4b4b,
	       "bench: user 16G load (1T segment miss, hash miss)");
	unmap(&mm, UBENCH_VA, 4096);
	if (p16m != HUGEPOOL_FAIL)
		unmap(&mm, UBENCH16M_VA, SIZE_16M);
	unmap(&mm, UBENCH16G_VA, SIZE_16G);
	user_space_destroy(&mm);
}

void bench_main(const char *bootargs)
{
	paddr_t pa = test_page(), code = test_page(), p16m = hugepool_alloc(SIZE_16M);

	(void)bootargs;
	lin(pa)[0] = 0x4b4b4b4b;
	put_li42(lin(code));
	if (p16m != HUGEPOOL_FAIL)
		lin(p16m)[0] = 0x16161616;
	kernel_paths(pa, p16m, code);
	/* the kernel's mappings go, so the user's pages show their own misses */
	unmap(&kernel_mm, BENCH_VA, 4096);
	if (p16m != HUGEPOOL_FAIL)
		unmap(&kernel_mm, BENCH16M_VA, SIZE_16M);
	unmap(&kernel_mm, BENCH16G_VA, SIZE_16G);
	unmap(&kernel_mm, BENCH_CODE_VA, 4096);
	user_paths(pa, p16m);
}
