/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * boot-sim.S: what a boot loader does for Linux on mpc8xx-sim. The image holds the kernel as a
 * raw binary at physical 0 (section .kernel) and, after the kernel's end, this stub and the
 * flattened device tree (section .boot). The simulator starts at the stub (--entry-elf) with the
 * MMU off and MSR = 0; the stub passes the tree's physical address in r3, as Linux's PowerPC
 * boot protocol asks, zeroes r4..r7 and jumps to the kernel's first instruction at physical 0.
 *
 * Registers: r0 (jump target), r3 (tree), r4..r7 (cleared), CTR.
 * KERNEL_BIN and FDT_BLOB are file names given on the command line; INITRD_BLOB, when given
 * (make linux-selftests), is an initramfs placed in section .initrd, where the device tree's
 * linux,initrd-start and linux,initrd-end say it is.
 */
	.section .kernel, "ax"
	.incbin	KERNEL_BIN

	.section .boot, "ax"
	.globl	_start
_start:
	lis	r3, fdt@h
	ori	r3, r3, fdt@l
	li	r4, 0
	li	r5, 0
	li	r6, 0
	li	r7, 0
	li	r0, 0
	mtctr	r0
	bctr

	.balign	8
fdt:
	.incbin	FDT_BLOB
#ifdef INITRD_BLOB
	.section .initrd, "a"
	.incbin	INITRD_BLOB
#endif
