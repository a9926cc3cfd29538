/* SPDX-License-Identifier: BSD-2-Clause */
/* Integer arithmetic, logical, rotate/shift and compare instructions. */
#include "exec.h"

#define OPFN(name)	OP(name)
#define PC_ADVANCE(c)	((c)->pc += 4)
#include "ops_int.h"
