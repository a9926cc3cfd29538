#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# Differential test of build/sim/mpc8xx-sim against qemu-ppc: run.sh [--blocks N] [--seed S] ...
exec python3 "$(dirname "$0")/difftest.py" "$@"
