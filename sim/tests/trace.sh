# SPDX-License-Identifier: BSD-2-Clause
# --help and the --trace filters, symbols, SPR names and exception lines; sourced by run.sh (ok/bad).

# --help: the full option list on stdout, status 0
$SIM --help >$B/help.txt 2>$B/err.txt && ok || bad "--help status $?"
for opt in --ram --max-insns --stats --regs --strict --entry-elf --dump --dtb --trace \
	--trace-range --trace-from --trace-count --trace-exceptions --gdb --help; do
	grep -q -- "^  $opt\b" $B/help.txt || { bad "--help does not list $opt"; continue; }
	ok
done
[ -s $B/err.txt ] && bad "--help wrote to stderr" || ok
expect_status "--trace-count 0 is refused" 2 $SIM --trace $B/t.txt --trace-count 0 $B/unit/exit42.elf
expect_status "--trace-range with LO > HI is refused" 2 \
	$SIM --trace $B/t.txt --trace-range 0x5000:0x4000 $B/unit/exit42.elf

# Symbols: a "<symbol+offset>:" line where execution enters another symbol
$SIM --trace $B/t.txt $B/unit/exit42.elf >/dev/null 2>&1
grep -B1 -m1 '^00004000:' $B/t.txt | head -n 1 | grep -qx '<_start+0x0>:' && ok || \
	bad "no <_start+0x0>: line before 0x4000: $(grep -B1 -m1 '^00004000:' $B/t.txt | head -n 1)"

# SPR names instead of numbers, and a line per exception entry with SRR0/SRR1/DAR/DSISR
$SIM --trace $B/t.txt $B/unit/exceptions.elf >/dev/null 2>&1
grep -Eq '^[0-9a-f]{8}: 7eda02a6  mfspr +r22,srr0$' $B/t.txt && ok || bad "mfspr r22,srr0 not named"
grep -Eq '^exception 0x0c00 system call: srr0=0x[0-9a-f]{8} srr1=0x[0-9a-f]{8} dar=0x[0-9a-f]{8} dsisr=0x[0-9a-f]{8}$' \
	$B/t.txt && ok || bad "no exception-entry line for the system call"
# the line for sc comes right after the sc itself, and SRR0 names the next instruction
sc=$(grep -m1 -B1 '^exception 0x0c00' $B/t.txt | head -n 1)
srr0=$(grep -m1 '^exception 0x0c00' $B/t.txt | sed 's/.*srr0=0x\([0-9a-f]*\).*/\1/')
case $sc in *"  sc"*) ok ;; *) bad "exception line not after the sc: $sc" ;; esac
[ "$(printf '%08x' $((0x${sc%%:*} + 4)))" = "$srr0" ] && ok || bad "system call SRR0 $srr0 after ${sc%%:*}"

# --trace-exceptions: exception lines only, as many as the full trace has
$SIM --trace $B/t2.txt --trace-exceptions $B/unit/exceptions.elf >/dev/null 2>&1
[ -s $B/t2.txt ] && ! grep -qv '^exception ' $B/t2.txt && ok || bad "--trace-exceptions printed other lines"
[ "$(grep -c '^exception ' $B/t.txt)" = "$(wc -l <$B/t2.txt)" ] && ok || bad "--trace-exceptions lost lines"

# --trace-from N --trace-count M: exactly instructions N..N+M-1 of the full trace
$SIM --trace $B/t.txt $B/unit/exit42.elf >/dev/null 2>&1
$SIM --trace $B/t2.txt --trace-from 3 --trace-count 4 $B/unit/exit42.elf >/dev/null 2>&1
want=$(grep -E '^[0-9a-f]{8}:' $B/t.txt | sed -n '3,6p')
[ "$(grep -E '^[0-9a-f]{8}:' $B/t2.txt)" = "$want" ] && ok || bad "--trace-from 3 --trace-count 4"

# --trace-range LO:HI: only instructions at LO..HI
$SIM --trace $B/t2.txt --trace-range 0x4000:0x4007 $B/unit/exit42.elf >/dev/null 2>&1
[ "$(grep -cE '^[0-9a-f]{8}:' $B/t2.txt)" = 2 ] && \
	[ "$(grep -E '^[0-9a-f]{8}:' $B/t2.txt | cut -c1-8 | tr '\n' ' ')" = "00004000 00004004 " ] && ok || \
	bad "--trace-range 0x4000:0x4007: $(grep -E '^[0-9a-f]{8}:' $B/t2.txt | cut -c1-8 | tr '\n' ' ')"
