/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * book3s/64 (POWER8) in hypervisor mode with the hashed page table: the
 * kernel's virtual layout, the registers and bits the kernel touches, the
 * SLB and HPTE encodings and the OPAL calls (docs/hw/book3s64-hash.md).
 * Shared by C, assembly and the linker script.
 *
 *   0x0000_0000_0000_0000 .. 0x0000_3fff_ffff_ffff  user spaces (46 indexed bits)
 *   0x8000_0000_0000_0000 .. 0x8000_3fff_ffff_ffff  kernel addresses served by
 *                                                   the page table (kernel_mm)
 *   0xc000_0000_0000_0000 ..                        linear map of RAM (KERNEL_VA);
 *                                                   in real mode (MSR[IR,DR] = 0) the
 *                                                   hypervisor ignores the top four
 *                                                   address bits, so the same pointers
 *                                                   work before translation is on
 *
 * skiboot runs the ELF file in place where QEMU put it (physical
 * B3_LOAD_PA + file offset): the linker script keeps every section's file
 * offset equal to its address minus KERNEL_VA minus B3_LOAD_PA.
 */
#ifndef PPCMMU_BOOK3S64_HASH_H
#define PPCMMU_BOOK3S64_HASH_H

#include "linear.h"

#define B3_LOAD_PA		0x20000000	/* where QEMU's powernv copies -kernel */
#define B3_KMAP_START		0x8000000000000000
#define B3_KMAP_LAST		0x80003fffffffffff
#define B3_USER_LAST		0x00003fffffffffff
#define B3_RAM_MAX		0x100000000	/* the linear map's plan: up to 4 GB of RAM */
#define B3_VECTORS_BYTES	0x2000		/* the vectors copied to physical 0 */
#define B3_REAL_ADDR_MASK	0x0fffffffffffffff	/* what real mode keeps of an address */

/* MSR */
#define MSR_SF			0x8000000000000000
#define MSR_HV			0x1000000000000000
#define MSR_EE			0x8000
#define MSR_PR			0x4000
#define MSR_PR_BIT		14		/* MSR_PR == 1 << MSR_PR_BIT */
#define MSR_ME			0x1000
#define MSR_IR			0x20
#define MSR_DR			0x10
#define MSR_RI			0x2
#define MSR_LE			0x1

/* SPRs */
#define SPRN_DSISR		18
#define SPRN_DAR		19
#define SPRN_DEC		22
#define SPRN_SDR1		25
#define SPRN_SRR0		26
#define SPRN_SRR1		27
#define SPRN_SPRG0		272
#define SPRN_SPRG1		273
#define SPRN_SPRG2		274
#define SPRN_SPRG3		275
#define SPRN_PVR		287
#define SPRN_HSPRG0		304
#define SPRN_HSPRG1		305
#define SPRN_HSRR0		314
#define SPRN_HSRR1		315
#define SPRN_LPCR		318
#define SPRN_LPIDR		319
#define SPRN_PIR		1023

/*
 * LPCR's power-saving exit bits (POWER8): which pending interrupt ends a
 * nap.  A core idles in nap with the hypervisor doorbell and the
 * decrementer as its only exits (boot/book3s64-setup.c).
 */
#define LPCR_PECE_DOORBELL_HV	0x8000		/* directed hypervisor doorbell (msgsnd) */
#define LPCR_PECE_EXTERNAL	0x4000
#define LPCR_PECE_DECREMENTER	0x2000
#define LPCR_PECE_MASK		0x1f000		/* every exit bit, privileged doorbell to machine check */
/*
 * A nap ends in a system reset interrupt (0x100) whose SRR1 says so:
 * SRR1[46:47] the state kept (nonzero only after a power-saving exit; 01:
 * nothing lost) and SRR1[42:45] what woke it.  SRR0 is the instruction
 * after the nap.
 */
#define SRR1_WAKE_STATE		0x30000
#define SRR1_WAKE_STATE_HI	0x3		/* andis.: SRR1_WAKE_STATE >> 16 */
#define SRR1_WAKE_NO_LOSS	0x10000
#define SRR1_WAKE_REASON	0x3c0000
#define SRR1_WAKE_DOORBELL_HV	0x0c0000
#define SRR1_WAKE_DECREMENTER	0x180000
/* msgsnd RB: message type 5 (directed hypervisor doorbell) in bits 32:36, the target's PIR below. */
#define DBELL_TYPE_HV		(5ull << 27)
#define DBELL_PIR_MASK		0x3fff
#define DEC_MAX			0x7fffffff	/* the 32-bit decrementer's largest positive count */

/* Vectors (real addresses, LPCR[AIL] = 0). */
#define VEC_SRESET		0x100
#define VEC_MCHECK		0x200
#define VEC_DSI			0x300
#define VEC_DSEG		0x380
#define VEC_ISI			0x400
#define VEC_ISEG		0x480
#define VEC_EXTERNAL		0x500
#define VEC_ALIGN		0x600
#define VEC_PROGRAM		0x700
#define VEC_FPUNAVAIL		0x800
#define VEC_DEC			0x900
#define VEC_HDEC		0x980
#define VEC_SYSCALL		0xc00
#define VEC_TRACE		0xd00
#define VEC_HDSI		0xe00
#define VEC_HISI		0xe20
#define VEC_HEMUL		0xe40
#define VEC_HMI			0xe60
#define VEC_HDOORBELL		0xe80
#define VEC_PERFMON		0xf00
#define VEC_VMXUNAVAIL		0xf20
#define VEC_VSXUNAVAIL		0xf40
#define VEC_FACUNAVAIL		0xf60
#define VEC_HFACUNAVAIL		0xf80

/* DSISR (data storage) and SRR1 (instruction storage) causes. */
#define DSISR_NOHPTE		0x40000000
#define DSISR_PROTFAULT		0x08000000
#define DSISR_BADACCESS		0x04000000
#define DSISR_ISSTORE		0x02000000
#define DSISR_KEYFAULT		0x00200000
#define SRR1_ISI_NOHPTE		0x40000000
#define SRR1_ISI_N_OR_G		0x10000000
#define SRR1_ISI_PROT		0x08000000

/* SLB: slbmte RS (VSID word), RB (ESID word). */
#define SLB_ESID_V		0x08000000
#define SLB_INDEX_MASK		0xfff
#define SLB_VSID_B_256M		0x0000000000000000
#define SLB_VSID_B_1T		0x4000000000000000
#define SLB_VSID_SHIFT		12		/* VSID position, 256M segments */
#define SLB_VSID_SHIFT_1T	24		/* VSID position, 1T segments */
#define SLB_VSID_KS		0x800
#define SLB_VSID_KP		0x400
#define SLB_VSID_N		0x200
#define SLB_VSID_LLP_4K		0x000		/* L || LP: the segment's base page size */
#define SLB_VSID_LLP_16M	0x100
#define SLB_VSID_LLP_16G	0x120
#define SLB_VSID_LLP_MASK	0x130
#define SLB_ENTRIES		32		/* POWER8 (device tree ibm,slb-size) */
#define SEGMENT_SHIFT_256M	28
#define SEGMENT_SHIFT_1T	40

/* HPTE, ISA 2.07 layout: dw0 ("V") and dw1 ("R"). */
#define HPTE_V_B_1T		0x4000000000000000
#define HPTE_V_AVPN_MASK	0x3fffffffffffff80
#define HPTE_V_AVPN_SHIFT	7		/* dw0 holds (VA >> 23) << 7 */
#define HPTE_V_BOLTED		0x10		/* software: never evicted */
#define HPTE_V_LARGE		0x4
#define HPTE_V_SECONDARY	0x2
#define HPTE_V_VALID		0x1
#define HPTE_V_COMPARE		0xffffffffffffff87	/* B, AVPN, L, H, V (the MMU compares all but L, then the size) */
#define HPTE_R_PP0		0x8000000000000000
#define HPTE_R_RPN_MASK		0x0ffffffffffff000
#define HPTE_R_LP_SHIFT		12
#define HPTE_R_R		0x100
#define HPTE_R_C		0x80
#define HPTE_R_W		0x40
#define HPTE_R_I		0x20
#define HPTE_R_M		0x10
#define HPTE_R_G		0x08
#define HPTE_R_N		0x4
#define HPTE_R_PP		0x3
/*
 * PP0 || PP1:2 as one 3-bit code (PP0 the 4), under the keys every segment
 * has: Ks = 0 (the kernel's accesses use key 0), Kp = 1 (user mode's).
 * Key 0 may read and write under 000, 010, 011 (011 read only) and read
 * under 110; key 1 reads and writes under 010, reads under 011, nothing
 * under 000 or 110.
 */
#define HPTE_PP_KERNEL_RW	0		/* key 0 read-write, key 1 nothing */
#define HPTE_PP_KERNEL_RO	6		/* key 0 read, key 1 nothing */
#define HPTE_PP_USER_RW		2		/* both read-write */
#define HPTE_PP_USER_RO		3		/* both read */
#define HPTE_BYTES		16
#define HPTES_PER_GROUP		8
#define HPTEG_SHIFT		7		/* 128-byte groups */
#define PENC_16M		0		/* LP of a 16M page in a 16M-base segment */
#define PENC_16G		3		/* LP of a 16G page in a 16G-base segment */

/* SDR1 (POWER8): HTABORG | HTABSIZE, table = 2^(18 + HTABSIZE) bytes. */
#define SDR1_HTABSIZE_MASK	0x1f
#define HTAB_MIN_SHIFT		18

/* OPAL (skiboot's runtime services): tokens and return codes. */
#define OPAL_CONSOLE_WRITE	1
#define OPAL_CONSOLE_READ	2
#define OPAL_CEC_POWER_DOWN	5
#define OPAL_CEC_REBOOT		6
#define OPAL_POLL_EVENTS	10
#define OPAL_START_CPU		41
#define OPAL_CONSOLE_FLUSH	117
#define OPAL_SUCCESS		0
#define OPAL_BUSY		(-2)
#define OPAL_PARTIAL		(-3)
#define OPAL_UNSUPPORTED	(-7)
#define OPAL_BUSY_EVENT		(-12)

#endif
