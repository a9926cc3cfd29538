/* SPDX-License-Identifier: BSD-2-Clause */
/* MPC8xx special-purpose register numbers (the mfspr/mtspr SPR field). */
#ifndef SIM_SPR_H
#define SIM_SPR_H

/* SPRs whose number has this bit are supervisor-only */
#define SPR_SUPERVISOR	0x10

#define SPR_XER		1
#define SPR_LR		8
#define SPR_CTR		9
#define SPR_DSISR	18
#define SPR_DAR		19
#define SPR_DEC		22
#define SPR_SRR0	26
#define SPR_SRR1	27
#define SPR_EIE		80
#define SPR_EID		81
#define SPR_NRI		82
#define SPR_TBL		268
#define SPR_TBU		269
#define SPR_SPRG0	272
#define SPR_TBWL	284
#define SPR_TBWU	285
#define SPR_PVR		287
#define SPR_IMMR	638
/* MMU */
#define SPR_MI_CTR	784
#define SPR_MI_AP	786
#define SPR_MI_EPN	787
#define SPR_MI_TWC	789
#define SPR_MI_RPN	790
#define SPR_MD_CTR	792
#define SPR_M_CASID	793
#define SPR_MD_AP	794
#define SPR_MD_EPN	795
#define SPR_M_TWB	796
#define SPR_MD_TWC	797
#define SPR_MD_RPN	798
#define SPR_M_TW	799
#define SPR_MI_CAM	816
#define SPR_MI_RAM0	817
#define SPR_MI_RAM1	818
#define SPR_MD_CAM	824
#define SPR_MD_RAM0	825
#define SPR_MD_RAM1	826

#endif
