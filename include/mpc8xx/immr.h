/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The MPC8xx internal memory map (IMMR window): the registers this kernel
 * touches, as offsets from the window base (docs/hw/mpc8xx.md 10.2).
 * The CPM/SMC1 UART layout is in drivers/cpm-smc1.h.
 */
#ifndef PPCMMU_MPC8XX_IMMR_H
#define PPCMMU_MPC8XX_IMMR_H

/* Where this kernel puts the window (U-Boot's MPC885ADS value). */
#define IMMR_BASE	0xFF000000
#define IMMR_SIZE	0x00004000

/* System interface unit */
#define SIU_SYPCR	0x004		/* 32 bit; writable once after reset on silicon */
#define SYPCR_SWTC	0xFFFF0000	/* watchdog count */
#define SYPCR_BMT	0x0000FF00	/* bus monitor timing */
#define SYPCR_BME	0x00000080	/* bus monitor enable */
#define SYPCR_SWF	0x00000008	/* watchdog freeze */
#define SYPCR_SWE	0x00000004	/* watchdog enable */
#define SYPCR_SWRI	0x00000002
#define SYPCR_SWP	0x00000001
#define SYPCR_NO_WATCHDOG (SYPCR_SWTC | SYPCR_BMT | SYPCR_BME | SYPCR_SWF)

/* Timebase (keep-alive-powered: unlock through the key register first) */
#define SIT_TBSCR	0x200		/* 16 bit */
#define TBSCR_TBE	0x0001
#define SITK_TBSCRK	0x300
#define KAPWR_KEY	0x55CCAA33

#endif
