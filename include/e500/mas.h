/* SPDX-License-Identifier: BSD-2-Clause */
/* e500 MMU assist (MAS) register layouts, MAV 1.0 (docs/hw/e500.md 2, 3). */
#ifndef PPCMMU_E500_MAS_H
#define PPCMMU_E500_MAS_H

#define MAS0_TLBSEL1		0x10000000
#define MAS0_ESEL_SHIFT		16
#define MAS0_ESEL_MASK		0x0fff0000
#define MAS0_NV_MASK		0x00000fff

#define MAS1_VALID		0x80000000
#define MAS1_IPROT		0x40000000
#define MAS1_TID_SHIFT		16
#define MAS1_TID_MASK		0x00ff0000	/* e500 implements 8 PID bits */
#define MAS1_TID_MAX		(MAS1_TID_MASK >> MAS1_TID_SHIFT)
#define MAS1_TS			0x00001000
#define MAS1_TSIZE_SHIFT	8
#define MAS1_TSIZE_MASK		0x00000f00

#define MAS2_EPN_MASK		0xfffff000
#define MAS2_W			0x10
#define MAS2_I			0x08
#define MAS2_M			0x04
#define MAS2_G			0x02
#define MAS2_E			0x01
#define MAS2_WIMGE_MASK		0x1f

#define MAS3_RPN_MASK		0xfffff000
#define MAS3_UX			0x20
#define MAS3_SX			0x10
#define MAS3_UW			0x08
#define MAS3_SW			0x04
#define MAS3_UR			0x02
#define MAS3_SR			0x01
#define MAS3_PERM_MASK		0x3f

#define MAS4_TSIZED_SHIFT	8

#define MAS6_SPID_SHIFT		16
#define MAS6_SAS		0x00000001

#define MAS7_RPN_HI_MASK	0x0000000f

/* e500mc and later (E.HV): MAS8 describes the entry written; 0 = a hypervisor (host) entry. */
#define MAS8_TGS		0x80000000	/* guest entry */
#define MAS8_VF			0x40000000	/* virtualisation fault on data access */
#define MAS8_TLPID_MASK		0x000000ff
#define MAS8_KERNEL		0

/* tlbilx T (e500mc and later): which entries of this core's TLBs go */
#define TLBILX_ALL		0	/* every entry without IPROT */
#define TLBILX_PID		1	/* ... tagged MAS6[SPID] */
#define TLBILX_VA		3	/* ... translating EA (rB) for MAS6[SPID] (TID 0 matches any) */

/* MAV1 TSIZE: page = 4^TSIZE KB. */
#define TSIZE_4K	1
#define TSIZE_16K	2
#define TSIZE_64K	3
#define TSIZE_256K	4
#define TSIZE_1M	5
#define TSIZE_4M	6
#define TSIZE_16M	7
#define TSIZE_64M	8
#define TSIZE_256M	9
#define TSIZE_1G	10

/* tlbivax EA flags */
#define TLBIVAX_TLB1		0x8
#define TLBIVAX_ALL		0x4

#endif
