/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * MPC8xx special-purpose registers, MSR and exception status bits, and the
 * exception vector offsets (docs/hw/mpc8xx.md sections 1 and 2; SPR
 * numbers are Linux's and U-Boot's, not QEMU's).  Shared by C and assembly.
 */
#ifndef PPCMMU_MPC8XX_REG_H
#define PPCMMU_MPC8XX_REG_H

#define SPRN_DSISR	18
#define SPRN_DAR	19
#define SPRN_DEC	22
#define SPRN_SRR0	26
#define SPRN_SRR1	27
#define SPRN_DER	149	/* debug enable: which exceptions enter debug mode */
#define SPRN_ICTRL	158
#define SPRN_TBRL	268
#define SPRN_TBRU	269
#define SPRN_SPRG0	272
#define SPRN_SPRG1	273
#define SPRN_SPRG2	274
#define SPRN_SPRG3	275
#define SPRN_TBWL	284
#define SPRN_TBWU	285
#define SPRN_PVR	287
#define SPRN_IC_CST	560
#define SPRN_DC_CST	568
#define SPRN_IMMR	638

/* MMU registers (layouts in mpc8xx/mmu.h). */
#define SPRN_MI_CTR	784
#define SPRN_MI_AP	786
#define SPRN_MI_EPN	787
#define SPRN_MI_TWC	789
#define SPRN_MI_RPN	790
#define SPRN_MD_CTR	792
#define SPRN_M_CASID	793
#define SPRN_MD_AP	794
#define SPRN_MD_EPN	795
#define SPRN_M_TWB	796
#define SPRN_MD_TWC	797
#define SPRN_MD_RPN	798
#define SPRN_M_TW	799
#define SPRN_MI_CAM	816
#define SPRN_MI_RAM0	817
#define SPRN_MI_RAM1	818
#define SPRN_MD_CAM	824
#define SPRN_MD_RAM0	825
#define SPRN_MD_RAM1	826

/*
 * Scratch SPRGs.  The TLB-miss handlers own SPRG2 and M_TW (as Linux); the
 * generic exception prologue owns SPRG0, SPRG1 and SPRG3.  Neither can
 * interrupt the other: both run with translation off and touch only RAM.
 */
#define SPRN_SPRG_MISS_R10	SPRN_SPRG2
#define SPRN_SPRG_MISS_R11	SPRN_M_TW
#define SPRN_SPRG_EXC_R10	SPRN_SPRG0
#define SPRN_SPRG_EXC_R11	SPRN_SPRG1
#define SPRN_SPRG_EXC_R12	SPRN_SPRG3

#include "include/msr.h"

#define MSR_IP		0x00000040
#define MSR_IR		0x00000020
#define MSR_DR		0x00000010
#define MSR_RI		0x00000002
#define MSR_REAL	(MSR_ME | MSR_RI)		/* translation off */
#define MSR_KERNEL	(MSR_REAL | MSR_IR | MSR_DR)
#define MSR_USER	(MSR_KERNEL | MSR_PR)

/* ITLB error: SRR1 cause bits; DTLB error: DSISR bits (docs/hw/mpc8xx.md 4). */
#define SRR1_ISI_NOTRANS	0x40000000	/* entry's segment or page valid bit clear */
#define SRR1_ISI_GUARD		0x10000000	/* fetch from guarded storage */
#define SRR1_ISI_PROT		0x08000000	/* no execute permission */
#define SRR1_ISI_CAUSE		(SRR1_ISI_NOTRANS | SRR1_ISI_GUARD | SRR1_ISI_PROT)
#define DSISR_NOTRANS		0x40000000
#define DSISR_PROT		0x08000000
#define DSISR_STORE		0x02000000

/* Instruction-cache and data-cache control commands (IC_CST/DC_CST). */
#define IDC_ENABLE	0x02000000
#define IDC_UNALL	0x0A000000	/* unlock all */
#define IDC_INVALL	0x0C000000	/* invalidate all */

/* Exception vectors: the offset is also the number the C side sees. */
#define VEC_RESET	0x0100
#define VEC_MCHECK	0x0200
#define VEC_DSI		0x0300
#define VEC_ISI		0x0400
#define VEC_EXTERNAL	0x0500
#define VEC_ALIGN	0x0600
#define VEC_PROGRAM	0x0700
#define VEC_FPUNAVAIL	0x0800
#define VEC_DEC		0x0900
#define VEC_SYSCALL	0x0C00
#define VEC_TRACE	0x0D00
#define VEC_SWEMU	0x1000
#define VEC_ITLB_MISS	0x1100
#define VEC_DTLB_MISS	0x1200
#define VEC_ITLB_ERR	0x1300
#define VEC_DTLB_ERR	0x1400
#define VEC_DBREAK	0x1C00
#define VEC_IBREAK	0x1D00
#define VEC_PBREAK	0x1E00
#define VEC_DEVPORT	0x1F00

#endif
