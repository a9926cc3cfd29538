# SPDX-License-Identifier: BSD-2-Clause
# Command-line and board-contract tests, sourced by run.sh (uses ok/bad).
# Every run of the simulator is bounded: T is the timeout command.
T="timeout --kill-after=5 20"

# expect_status NAME STATUS CMD...
expect_status() {
	name=$1 want=$2
	shift 2
	$T "$@" </dev/null >$B/out.txt 2>$B/err.txt
	st=$?
	if [ "$st" = "$want" ]; then ok; else bad "$name: status $st, want $want"; fi
}

printf 'not an elf at all' >$B/bad.elf
expect_status "non-ELF file" 2 $SIM $B/bad.elf
grep -q "not an ELF" $B/err.txt || bad "non-ELF message"
head -c 40 $B/unit/arith.elf >$B/trunc.elf
expect_status "truncated ELF" 2 $SIM $B/trunc.elf
expect_status "missing file" 2 $SIM $B/nonexistent.elf
expect_status "unknown option" 2 $SIM --bogus $B/unit/arith.elf
expect_status "exit status from the exit device" 42 $SIM $B/unit/exit42.elf
expect_status "--max-insns on an endless loop" 124 \
	$SIM --max-insns 5000 $B/unit/spin.elf
grep -q "max-insns" $B/err.txt || bad "--max-insns message"
expect_status "segment outside RAM" 2 $SIM --ram 16K $B/unit/arith.elf
expect_status "UART transmit" 0 $SIM $B/unit/uart.elf
[ "$(cat $B/out.txt)" = "ok" ] || bad "UART output: '$(cat $B/out.txt)'"
# A warning while a console line is open waits for its end: one stream, as the runners log it.
$T $SIM $B/unit/uart_warn.elf </dev/null >$B/both.txt 2>&1
[ "$(head -n 1 $B/both.txt)" = "PASS: a b" ] && ok || bad "console line split by a warning: '$(head -n 1 $B/both.txt)'"
sed -n 2p $B/both.txt | grep -q '^mpc8xx-sim: warning: \[twam0\]' && ok || \
	bad "the warning on a line of its own after the console line: '$(sed -n 2p $B/both.txt)'"

# --regs format and values (arith.elf ends with r3=0 through sc)
$T $SIM --regs $B/unit/exit42.elf 2>$B/err.txt >/dev/null
grep -Eq '^r0=0x[0-9a-f]{8} .* r31=0x[0-9a-f]{8} cr=0x[0-9a-f]{8} xer=0x[0-9a-f]{8} lr=0x[0-9a-f]{8} ctr=0x[0-9a-f]{8} msr=0x[0-9a-f]{8} pc=0x[0-9a-f]{8}$' \
	$B/err.txt && ok || bad "--regs format"
grep -q ' r5=0x1234562a ' $B/err.txt && ok || bad "--regs value of r5"

# --dump writes the physical range; two dumps at once
$T $SIM --dump 0x4000:8:$B/d1.bin --dump 0x100:4:$B/d2.bin $B/unit/exit42.elf \
	>/dev/null 2>&1
[ "$(od -An -tx1 $B/d2.bin | tr -d ' \n')" = "48003f00" ] && ok || \
	bad "--dump of the reset branch at 0x100"
[ "$(wc -c <$B/d1.bin)" = 8 ] && ok || bad "--dump length"
[ "$(od -An -tx1 -N4 $B/d1.bin | tr -d ' \n')" = "3c80f000" ] && ok || \
	bad "--dump content (expected lis r4,0xf000 at 0x4000)"

# --trace: one line per instruction with address, encoding, mnemonic
$T $SIM --trace $B/trace.txt $B/unit/exit42.elf >/dev/null 2>&1
head -1 $B/trace.txt | grep -q '^00000100: 48003f00  b  *0x4000$' && ok || \
	bad "--trace first line: $(head -1 $B/trace.txt)"
[ "$(wc -l <$B/trace.txt)" -ge 8 ] && ok || bad "--trace length"

# --entry-elf starts at the ELF entry (here _start at 0x4000)
expect_status "--entry-elf" 42 $SIM --entry-elf $B/unit/exit42.elf

# --dtb: the blob at the top of the first 8 MB, 4 KB aligned, its address in r3 (as from U-Boot)
if command -v dtc >/dev/null 2>&1; then
	printf '/dts-v1/;\n/ { chosen { bootargs = "x"; }; };\n' | dtc -q -I dts -O dtb -o $B/t.dtb -
	$SIM --regs --dtb $B/t.dtb --dump 0x7ff000:4:$B/dtb.bin $B/unit/exit42.elf >/dev/null 2>$B/err.txt
	grep -q ' r3=0x007ff000 ' $B/err.txt && ok || bad "--dtb: r3 at reset: $(grep -o ' r3=[^ ]*' $B/err.txt)"
	[ "$(od -An -tx1 $B/dtb.bin | tr -d ' \n')" = "d00dfeed" ] && ok || bad "--dtb: the blob at 0x7ff000"
	$SIM --regs --ram 1M --dtb $B/t.dtb $B/unit/exit42.elf >/dev/null 2>$B/err.txt
	grep -q ' r3=0x000ff000 ' $B/err.txt && ok || bad "--dtb with 1 MB of RAM: at its top"
else
	bad "--dtb: dtc not installed (tools/deps.sh)"
fi
expect_status "--dtb of a missing file" 2 $SIM --dtb $B/nonexistent.dtb $B/unit/exit42.elf
head -c 70000 /dev/zero >$B/big.dtb
expect_status "--dtb larger than 64 KB" 2 $SIM --dtb $B/big.dtb $B/unit/exit42.elf
grep -q "larger than 64 KB" $B/err.txt || bad "--dtb size message"
: >$B/empty.dtb
expect_status "--dtb of an empty file" 2 $SIM --dtb $B/empty.dtb $B/unit/exit42.elf

# option values that do not fit are refused, not wrapped
expect_status "--ram with a suffix that overflows 64 bits" 2 \
	$SIM --ram 18014398509547520K $B/unit/exit42.elf
expect_status "--dump length with a suffix that overflows 64 bits" 2 \
	$SIM --dump 0:18014398509481985K:$B/ovf.bin $B/unit/exit42.elf
[ -e $B/ovf.bin ] && bad "--dump with an overflowing length wrote a file"
expect_status "--max-insns -1" 2 $SIM --max-insns -1 $B/unit/exit42.elf
expect_status "--ram -64M" 2 $SIM --ram -64M $B/unit/exit42.elf
expect_status "a directory as the image" 2 $SIM $B
grep -q "is a directory" $B/err.txt && ok || bad "directory message: $(cat $B/err.txt)"
