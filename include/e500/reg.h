/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * e500v2 special-purpose registers and the bits this kernel uses
 * (docs/hw/e500.md section 1).  Shared by C and assembly.
 */
#ifndef PPCMMU_E500_REG_H
#define PPCMMU_E500_REG_H

#define SPRN_DEC	22
#define SPRN_SRR0	26
#define SPRN_SRR1	27
#define SPRN_PID	48
#define SPRN_DECAR	54
#define SPRN_CSRR0	58
#define SPRN_CSRR1	59
#define SPRN_DEAR	61
#define SPRN_ESR	62
#define SPRN_IVPR	63
#define SPRN_TBRL	268	/* mftb is illegal on e500v2: read the time base with mfspr */
#define SPRN_TBRU	269
#define SPRN_SPRG0	272
#define SPRN_SPRG1	273
#define SPRN_SPRG2	274
#define SPRN_SPRG3	275
#define SPRN_SPRG4	276
#define SPRN_SPRG5	277
#define SPRN_SPRG6	278
#define SPRN_SPRG7	279
#define SPRN_TBWL	284
#define SPRN_TBWU	285
#define SPRN_PIR	286	/* processor id: the core number on e500 */
#define SPRN_PVR	287
#define SPRN_TSR	336
#define SPRN_TCR	340
#define SPRN_IVOR0	400	/* IVORn = 400 + n for n = 0..15 */
#define SPRN_IVOR32	528	/* IVOR32..35 = 528 + (n - 32) */
#define SPRN_MCSRR0	570
#define SPRN_MCSRR1	571
#define SPRN_MCSR	572
#define SPRN_MCAR	573
#define SPRN_MAS0	624
#define SPRN_MAS1	625
#define SPRN_MAS2	626
#define SPRN_MAS3	627
#define SPRN_MAS4	628
#define SPRN_MAS6	630
#define SPRN_PID1	633
#define SPRN_PID2	634
#define SPRN_TLB0CFG	688
#define SPRN_TLB1CFG	689
#define SPRN_MAS7	944
#define SPRN_HID0	1008
#define SPRN_HID1	1009
#define SPRN_L1CSR0	1010
#define SPRN_L1CSR1	1011
#define SPRN_MMUCSR0	1012
#define SPRN_SVR	1023

/*
 * e500mc and later only (docs/hw/e500.md section 8): category E.HV and the
 * L1 configuration registers.  Touched only where the PVR names such a core.
 */
#define SPRN_EPCR	307	/* embedded processor control: where guest interrupts go */
#define SPRN_MSRP	311	/* MSR protect: which MSR bits a guest may change */
#define SPRN_LPIDR	338	/* logical partition id */
#define SPRN_MAS5	339	/* search context of tlbsx/tlbilx: SGS, SLPID */
#define SPRN_MAS8	341	/* the written entry's TGS, VF, TLPID */
#define SPRN_IVOR38	432	/* IVOR38..41 = 432 + (n - 38): guest doorbell (critical), hcall, ehpriv */
#define SPRN_L1CFG0	515
#define SPRN_L1CFG1	516
#define SPRN_IVOR36	532	/* processor doorbell; IVOR37 = 533, critical doorbell */
#define PVR_VER_E500MC	0x8023	/* PVR[0..15] of an e500mc; later cores have larger ones */
#define PVR_VER_SHIFT	16

/*
 * SPRG use.  SPRG0..2 are supervisor-only; SPRG3 is readable at MSR[PR]=1
 * (SPR 259) and SPRG4..7 too (SPR 260..263), so no kernel pointer lives in
 * them while user code runs.
 * SPRG0..2 describe the running context and change on every user/kernel
 * transition so the miss handlers need no branch on MSR[PR].
 * SPRG3 is not used: start-up writes 0 there and nothing changes it.
 * SPRG4..7 are the TLB-miss handlers' save slots; the standard-class
 * exception prologue borrows them too, which is safe because neither can
 * interrupt the other (both touch only memory mapped by TLB1), and the return
 * to user mode clears them.  The fatal classes (critical, watchdog, debug,
 * machine check), which can interrupt both, save into the per-CPU page
 * instead (PC_CRIT, PC_MCHK in frame.h), so SPRG4..7 still hold the
 * interrupted handler's values when the register dump is taken.
 */
#define SPRN_SPRG_PGD		SPRN_SPRG0	/* current PGD + 4 (low word of entry 0) */
#define SPRN_SPRG_INEED		SPRN_SPRG1	/* PTE bits an instruction fetch needs */
#define SPRN_SPRG_DNEED		SPRN_SPRG2	/* PTE bits a data access needs */
#define SPRN_SPRG_R10		SPRN_SPRG4
#define SPRN_SPRG_R11		SPRN_SPRG5
#define SPRN_SPRG_R12		SPRN_SPRG6
#define SPRN_SPRG_CR		SPRN_SPRG7
#define SPRN_USPRG3		259	/* SPRG3 as user mode reads it; SPRG4..7 are 260..263 */
#define SPRN_USPRG4		260

#include "include/msr.h"

#define MSR_GS		0x10000000	/* guest state (E.HV): the kernel runs with it clear */
#define MSR_SPE		0x02000000
#define MSR_WE		0x00040000	/* wait enable: doze (HID0[DOZE]) until an interrupt */
#define MSR_CE		0x00020000
#define MSR_FP		0x00002000
#define MSR_DE		0x00000200
#define MSR_IS		0x00000020
#define MSR_DS		0x00000010
#define MSR_KERNEL	MSR_ME
#define MSR_USER	(MSR_ME | MSR_PR)

#define ESR_PIL		0x08000000
#define ESR_PPR		0x04000000
#define ESR_PTR		0x02000000
#define ESR_ST		0x00800000
#define ESR_DLK		0x00200000
#define ESR_ILK		0x00100000
#define ESR_BO		0x00020000

#define HID0_EMCP	0x80000000	/* machine-check pin enabled */
#define HID0_DOZE	0x00800000
#define HID0_TBEN	0x00004000
#define HID0_EN_MAS7_UPDATE 0x00000080
/* What start-up sets in HID0 (read-modify-write: every other bit is kept). */
#define HID0_KERNEL	(HID0_TBEN | HID0_EN_MAS7_UPDATE)

#define TCR_DIE		0x04000000	/* decrementer interrupt enable */

/* msgsnd's operand (e500mc and later): type 0 (a processor doorbell) to the core whose PIR is the tag. */
#define DBELL_PIRTAG	0x00003fff

#define TSR_ENW		0x80000000
#define TSR_WIS		0x40000000
#define TSR_DIS		0x08000000
#define TSR_FIS		0x04000000
#define TSR_ALL		(TSR_ENW | TSR_WIS | TSR_DIS | TSR_FIS)

#define MMUCSR0_TLB1_FI	0x00000002
#define MMUCSR0_TLB0_FI	0x00000004

#define L1CSR0_CE	0x00000001	/* L1 data cache enabled */

#define L1CFG_CBSIZE_SHIFT 23	/* L1CFGn[CBSIZE]: line = 32 << CBSIZE bytes */
#define L1CFG_CBSIZE_MASK 0x3

#define TLBCFG_NENTRY	0x00000fff
#define TLBCFG_ASSOC_SHIFT 24

/* Interrupt vector numbers (IVORn) as the C dispatcher sees them. */
#define VEC_CRITICAL	0
#define VEC_MCHECK	1
#define VEC_DSI		2
#define VEC_ISI		3
#define VEC_EXTERNAL	4
#define VEC_ALIGN	5
#define VEC_PROGRAM	6
#define VEC_FPUNAVAIL	7
#define VEC_SYSCALL	8
#define VEC_APUNAVAIL	9
#define VEC_DEC		10
#define VEC_FIT		11
#define VEC_WATCHDOG	12
#define VEC_DTLB	13
#define VEC_ITLB	14
#define VEC_DEBUG	15
#define VEC_SPEUNAVAIL	32
#define VEC_SPEDATA	33
#define VEC_SPEROUND	34
#define VEC_PERFMON	35
#define VEC_DOORBELL	36	/* e500mc and later: IVOR36..41 */
#define VEC_DOORBELL_CRIT 37
#define VEC_GUEST_DOORBELL 38
#define VEC_GUEST_DOORBELL_CRIT 39
#define VEC_HCALL	40
#define VEC_EHPRIV	41

#endif
