/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Assembly helpers of every 64-bit family (e500 in 64-bit mode, book3s/64):
 * 64-bit constants and ELFv1 function entries.
 */
#ifndef PPCMMU_PPC64_ASM_H
#define PPCMMU_PPC64_ASM_H

#ifdef __ASSEMBLER__
/* A 64-bit constant or symbol address into r. */
.macro LOAD_IMM64 r, v
	lis	\r, (\v)@highest
	ori	\r, \r, (\v)@higher
	rldicr	\r, \r, 32, 31
	oris	\r, \r, (\v)@high
	ori	\r, \r, (\v)@l
.endm

/* ELFv1 function entry: the descriptor in .opd (entry, TOC, environment), the code at .name. */
.macro FUNC name
	.section ".opd", "aw"
	.balign	8
	.globl	\name
	.type	\name, @object
\name:
	.quad	.\name, .TOC.@tocbase, 0
	.previous
	.globl	.\name
	.type	.\name, @function
.\name:
.endm
#endif

#endif
