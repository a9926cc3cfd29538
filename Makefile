# SPDX-License-Identifier: BSD-2-Clause
#
# make [BOARD=name] all | run [TESTS=globs] | test | list-tests | bench | debug | docs | clean | distclean |
#   linux | linux-test | linux-test-16g | linux-compare | linux-selftests [LINUX_RUNS="e500:4M mpc885:512K ..."]
# make stress | stress-smp | fuzz: long randomized runs; make ram-matrix: the suite at many RAM sizes
# make farm-test: ppcmmu under labgrid and LAVA, against QEMU (docs/farms.md)
# Boards are described in board.cfg; the default is qemu-mpc8544ds.

# make BOARD=x test runs only board x's suite (and the host and simulator suites it needs).
ifeq ($(origin BOARD),command line)
TEST_BOARDS ?= $(BOARD)
endif
BOARD ?= qemu-mpc8544ds
TEST_BOARDS ?= qemu-mpc8544ds qemu-ppce500 qemu-ppce500-uboot qemu-p2020-smp qemu-e500mc sim-mpc885 \
	qemu-e5500 qemu-e6500 qemu-powernv8
# Scripted monitor sessions, board:script (tests/monitor/SCRIPT.in, .expect, optional .args: words put
# before the board's command line); a script named FAMILY-WHAT runs as monitor-BOARD-WHAT. The -bad
# sessions send every refusal of every command and compare the state after them with the state before.
MONITOR_SESSIONS := qemu-mpc8544ds:e500 sim-mpc885:mpc8xx qemu-mpc8544ds:e500-bad sim-mpc885:mpc8xx-bad qemu-e5500:e64 \
	qemu-powernv8:book3s64 qemu-mpc8544ds:e500-split sim-mpc885:mpc8xx-split
TLB_STATS ?= 1
GDB_PORT ?= 1234

board = $(shell tools/board-get $(BOARD) $(1) $(2))
FAMILY := $(call board,family)
ifeq ($(FAMILY),)
$(error unknown board '$(BOARD)'; see board.cfg)
endif
MCPU := $(call board,mcpu)
RUNNER := $(call board,runner)
RAM_BYTES := $(shell numfmt --from=iec $(call board,ram))
CONSOLE := $(call board,console)
CONSOLE_PA := $(call board,console_pa)
EXIT_KIND := $(call board,exit)
BOOTARGS := $(shell tools/board-get $(BOARD) bootargs 2>/dev/null)

# e500 in 64-bit mode (e5500, e6500) and book3s/64: the 64-bit cross tools and their own newlib.
ifneq ($(filter e500-64 book3s64,$(FAMILY)),)
ifeq ($(FAMILY),book3s64)
TLB_STATS := 0
endif
NEWLIB := build/newlib64
NEWLIB_TARGET := $(NEWLIB)/install/powerpc64-eabi
NEWLIB_BITS := 64
CROSS := powerpc64-linux-gnu-
else
NEWLIB := build/newlib
NEWLIB_TARGET := $(NEWLIB)/install/powerpc-eabi
NEWLIB_BITS := 32
CROSS := powerpc-linux-gnu-
endif
BUILD := build/$(BOARD)$(if $(filter 0,$(TLB_STATS)),-nostats)
# (book3s64 has no miss counters to build with or without, yet: one build directory.)
ifeq ($(FAMILY),book3s64)
BUILD := build/$(BOARD)
endif
CC := $(CROSS)gcc
OBJCOPY := $(CROSS)objcopy

CPPFLAGS := -I. -Iinclude -isystem $(NEWLIB_TARGET)/include
# The board's own facts reach only BOARD_SRCS, built per board; every other object is shared by
# the boards of one family, core and statistics setting (SHARED), so the five e500v2 boards
# compile the kernel once.
BOARD_CPPFLAGS := -DBOARD_NAME='"$(BOARD)"' -DBOARD_CONSOLE_PA=$(CONSOLE_PA)ULL \
	-DBOARD_RAM_BYTES=$(RAM_BYTES)ULL -DBOARD_BOOTARGS='"$(BOOTARGS)"'
ifeq ($(EXIT_KIND),gpio)
BOARD_CPPFLAGS += -DBOARD_EXIT_GPIO
endif
ifeq ($(EXIT_KIND),sim)
BOARD_CPPFLAGS += -DBOARD_EXIT_SIM
endif
ifeq ($(TLB_STATS),1)
CPPFLAGS += -DCONFIG_TLB_STATS
endif
CPPFLAGS += -DPPCMMU_FAMILY_$(shell echo $(FAMILY) | tr a-z- A-Z_)
ifeq ($(FAMILY),e500-64)
# 64-bit big-endian, ELFv1 (the cross compiler's and newlib's ABI), TOC in r2, r13 left alone.
FAMILY_DEFS := -DPPCMMU_VADDR_64 -DPPCMMU_E500_64
CPPFLAGS += $(FAMILY_DEFS)
CFLAGS := -std=c11 -O2 -g -Wall -Wextra -Werror -ffreestanding -fno-pie \
	-msoft-float -mcpu=$(MCPU) -mno-altivec -mno-vsx -ffixed-r13 -fno-common
else ifeq ($(FAMILY),book3s64)
# POWER8, 64-bit big-endian, ELFv1; the same ABI choices as e500-64.
FAMILY_DEFS := -DPPCMMU_VADDR_64 -DPPCMMU_BOOK3S64
CPPFLAGS += $(FAMILY_DEFS)
CFLAGS := -std=c11 -O2 -g -Wall -Wextra -Werror -ffreestanding -fno-pie \
	-msoft-float -mcpu=$(MCPU) -mno-altivec -mno-vsx -ffixed-r13 -fno-common
else
CFLAGS := -std=c11 -O2 -g -Wall -Wextra -Werror -ffreestanding -fno-pie \
	-msoft-float -mcpu=$(MCPU) -G 0 -msdata=none -fno-common
endif
ASFLAGS := -msoft-float -mcpu=$(MCPU) -D__ASSEMBLER__ -Wa,-mregnames
LDSCRIPT := $(BUILD)/$(FAMILY).ld
LDFLAGS := -nostdlib -static -no-pie -Wl,--build-id=none -Wl,--no-warn-rwx-segments -Wl,-z,noexecstack -Wl,-T,$(LDSCRIPT)
LIBS := $(NEWLIB_TARGET)/lib/libc.a -lgcc

COMMON_SRCS := boot/main.c boot/kmem.c lib/console.c tlb/fault.c tlb/fixup.c lib/fdt.c boot/syscalls.c \
	tests/common/report.c lib/cmdline.c monitor/monitor.c monitor/monitor-$(FAMILY).c \
	mmu/mmu.c mmu/split.c mmu/pin.c mmu/palloc.c mmu/pt-linear.c hugetlb/hugetlb.c hugetlb/pool.c \
	tests/target/report.c tests/target/env.c tests/target/run.c tests/target/api.c \
	tests/target/test-4k.c tests/target/test-user.c tests/target/test-errors.c \
	tests/target/test-huge.c tests/target/test-split.c tests/target/test-$(FAMILY).c tests/target/usercode.S \
	tests/target/test-security.c tests/target/test-stress.c tests/target/test-lxcmp.c \
	tests/bench/bench.c tests/bench/bench-asm.S
E500_SRCS := boot/e500-start.S boot/e500-vectors.S boot/e500-setup.c boot/e500-trap.c smp/e500-smp.c boot/e500-core.c \
	tlb/e500-miss.S tlb/e500-tlb.c tlb/e500-linear.c drivers/timebase-e500.c monitor/monitor-e500-tlb.c \
	mmu/pgtable-e500.c tests/target/test-smp-e500.c tests/target/test-smp-tables.c tests/target/test-smp-user.c \
	tests/target/test-smp-split.c tests/target/test-e500mc.c \
	tests/bench/bench-smp-e500.c
# e500 in 64-bit mode: its own start-up, vectors and board code; the e500 page-table format
# (pgtable-e500.c with PPCMMU_E500_64) and everything arch-neutral shared.
E500_64_SRCS := boot/e500-64-start.S boot/e500-64-vectors.S boot/e500-64-trap.c boot/setjmp64.S smp/e500-64-smp.c \
	boot/e500-64-setup.c tlb/e500-64-miss.S drivers/timebase-e500.c mmu/pgtable-e500.c monitor/monitor-e500-tlb.c \
	tests/target/test-smp-tables.c
ifeq ($(FAMILY),e500-64)
# The shared fault path, target tables and benchmarks, user mode included.
COMMON_SRCS := boot/main.c boot/kmem.c lib/console.c tlb/fault.c tlb/fixup.c lib/fdt.c boot/syscalls.c \
	tests/common/report.c lib/cmdline.c monitor/monitor.c monitor/monitor-$(FAMILY).c \
	mmu/mmu.c mmu/split.c mmu/pin.c mmu/palloc.c mmu/pt-linear.c hugetlb/hugetlb.c hugetlb/pool.c \
	tests/target/report.c tests/target/run.c tests/target/env.c tests/target/api.c \
	tests/target/test-$(FAMILY).c tests/target/test-4k.c tests/target/test-errors.c \
	tests/target/test-user.c tests/target/test-huge.c tests/target/test-security.c \
	tests/target/test-stress.c tests/target/usercode.S \
	tests/bench/bench.c tests/bench/bench-asm.S
endif
# book3s/64 (POWER8 under skiboot): its start-up, vectors and board code, the OPAL console, the
# hashed page table and fault path, Linux's hash-4k table format.
BOOK3S64_SRCS := boot/book3s64-start.S boot/book3s64-vectors.S boot/setjmp64.S boot/book3s64-setup.c \
	boot/book3s64-trap.c tlb/book3s64-miss.S tlb/book3s64-hash.c mmu/pgtable-book3s64.c smp/e500-64-smp.c
ifeq ($(FAMILY),book3s64)
# Everything shared but tlb/fault.c (its frame is the 32-bit one): the family has its own trap path
# (boot/book3s64-trap.c) and links the fix-up alone (tlb/fixup.c).
COMMON_SRCS := boot/main.c boot/kmem.c lib/console.c lib/fdt.c boot/syscalls.c \
	tests/common/report.c lib/cmdline.c monitor/monitor.c monitor/monitor-$(FAMILY).c tlb/fixup.c \
	mmu/mmu.c mmu/split.c mmu/pin.c mmu/palloc.c mmu/pt-linear.c hugetlb/hugetlb.c hugetlb/pool.c \
	tests/target/report.c tests/target/run.c tests/target/env.c tests/target/api.c tests/target/test-$(FAMILY).c \
	tests/target/test-4k.c tests/target/test-user.c tests/target/test-errors.c tests/target/test-huge.c \
	tests/target/test-security.c tests/target/test-stress.c tests/target/usercode.S \
	tests/bench/bench-book3s64.c tests/bench/bench-request.c
endif
MPC8XX_SRCS := boot/mpc8xx-start.S boot/mpc8xx-vectors.S boot/mpc8xx-setup.c boot/mpc8xx-trap.c \
	tlb/mpc8xx-miss.S tlb/mpc8xx-tlb.c drivers/timebase-mpc8xx.c \
	mmu/pgtable-mpc8xx.c
SRCS := $(COMMON_SRCS) drivers/$(CONSOLE).c $($(shell echo $(FAMILY) | tr a-z- A-Z_)_SRCS)
BOARD_SRCS := boot/$(FAMILY)-setup.c monitor/monitor.c
SHARED := build/obj-$(FAMILY)-$(MCPU)$(if $(filter 0,$(TLB_STATS)),-nostats)
OBJS := $(patsubst %,$(BUILD)/obj/%.o,$(filter $(BOARD_SRCS),$(SRCS))) \
	$(patsubst %,$(SHARED)/%.o,$(filter-out $(BOARD_SRCS),$(SRCS)))

# A board engineer's own tests (docs/writing-tests.md): every .c file of the folders EXTRA_TESTS names
# (make test | run | all | list-tests EXTRA_TESTS=DIR) and of the board's own folder (board.cfg key
# tests), compiled with the project's tests' flags and headers into the image. A folder that does not
# exist, holds no .c file or (checked at the link) registers no test is an error.
BOARD_TESTS := $(shell tools/board-get $(BOARD) tests 2>/dev/null)
$(foreach d,$(BOARD_TESTS),$(if $(wildcard $(d)/.),,$(error board.cfg: $(BOARD)'s tests folder '$(d)' does not exist)))
$(foreach d,$(EXTRA_TESTS),$(if $(wildcard $(d)/.),,$(error EXTRA_TESTS: no such folder: '$(d)')))
EXTRA_DIRS := $(patsubst %/,%,$(BOARD_TESTS) $(EXTRA_TESTS))
$(foreach d,$(EXTRA_DIRS),$(if $(wildcard $(d)/*.c),,$(error EXTRA_TESTS: '$(d)' holds no .c file (no test))))
EXTRA_SRCS := $(foreach d,$(EXTRA_DIRS),$(sort $(wildcard $(d)/*.c)))
# Each file's object under $(BUILD)/extra, at its absolute path (folders outside the tree included).
extra_obj = $(BUILD)/extra$(abspath $(1)).o
define extra_rule
$(call extra_obj,$(1)): $(1) $(NEWLIB_TARGET)/lib/libc.a Makefile
	@mkdir -p $$(dir $$@)
	@echo "  CC      $(1)"
	@$$(CC) $$(CPPFLAGS) $$(CFLAGS) -MMD -MP -c $(1) -o $$@ || \
		{ echo "EXTRA_TESTS: $(1) does not compile"; exit 1; }
endef
$(foreach s,$(EXTRA_SRCS),$(eval $(call extra_rule,$(s))))
OBJS += $(foreach s,$(EXTRA_SRCS),$(call extra_obj,$(s)))
# The image is relinked when the set of outside files changes (one added, or EXTRA_TESTS dropped).
EXTRA_STAMP := $(BUILD)/extra-tests.list
$(shell mkdir -p $(BUILD) && { echo '$(abspath $(EXTRA_SRCS))' | cmp -s - $(EXTRA_STAMP) || \
	echo '$(abspath $(EXTRA_SRCS))' >$(EXTRA_STAMP); })

ELF := $(BUILD)/ppcmmu.elf
IMAGES := $(ELF)
ifneq ($(filter qemu-uboot hardware,$(RUNNER)),)
IMAGES += $(BUILD)/ppcmmu.uImage
endif

.PHONY: test-profile smp-repeat bench-speed all deps newlib test host-test sim-test sanitize-test sanitize-host-test sanitize-sim-test docs-test target-test hw-test \
	monitor-test console-test list-tests run bench debug docs clean distclean linux linux-test linux-compare fuzz stress \
	stress-smp sim-bin fresh-check ram-matrix farm-test linux-selftests linux-test-16g
all: $(IMAGES)

deps:
	@tools/deps.sh

$(NEWLIB_TARGET)/lib/libc.a:
	@tools/build-newlib.sh $(NEWLIB) $(NEWLIB_BITS)

# make [BOARD=x] newlib: the newlib build BOARD links (32-bit, or 64-bit for e500-64 and book3s64).
newlib: $(NEWLIB_TARGET)/lib/libc.a

# One board of each word size among TEST_BOARDS: make test builds their newlibs before its clock starts
# and before it takes the reuse key (a fresh clone otherwise built the 64-bit one inside the board lane).
is_64 = $(filter e500-64 book3s64,$(shell tools/board-get $(1) family))
NEWLIB_BOARDS = $(firstword $(foreach b,$(TEST_BOARDS),$(if $(call is_64,$(b)),,$(b)))) \
	$(firstword $(foreach b,$(TEST_BOARDS),$(if $(call is_64,$(b)),$(b))))

$(BUILD)/obj/%.c.o: %.c $(NEWLIB_TARGET)/lib/libc.a Makefile
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	@$(CC) $(CPPFLAGS) $(BOARD_CPPFLAGS) $(CFLAGS) -MMD -MP -c $< -o $@

$(SHARED)/%.c.o: %.c $(NEWLIB_TARGET)/lib/libc.a Makefile
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	@$(CC) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c $< -o $@

$(SHARED)/%.S.o: %.S Makefile
	@mkdir -p $(dir $@)
	@echo "  AS      $<"
	@$(CC) $(CPPFLAGS) $(ASFLAGS) -MMD -MP -c $< -o $@

# The linker script takes its addresses from the family's headers: the cross
# preprocessor, assembler view of the headers (no C declarations), no predefined macros.
$(LDSCRIPT): linker/$(FAMILY).ld Makefile
	@mkdir -p $(dir $@)
	@echo "  CPP     $<"
	@$(CC) -E -P -x c -undef -D__ASSEMBLER__ $(FAMILY_DEFS) -MMD -MP -MT $@ -MF $@.d -I. -Iinclude $< -o $@

$(ELF): $(OBJS) $(LDSCRIPT) $(EXTRA_STAMP)
	@echo "  LD      $@"
	@$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(OBJS) $(LIBS)
	@tools/check-test-ids $@ $(OBJCOPY) $(EXTRA_DIRS) || { rm -f $@; exit 1; }
ifeq ($(FAMILY),book3s64)
	@tools/check-load-offset $@
endif

$(BUILD)/ppcmmu.bin: $(ELF)
	@$(OBJCOPY) -O binary $< $@

# A real board's image goes over a serial line or the network: gzip halves it (U-Boot's bootm unpacks it).
UIMAGE_COMP := $(if $(filter hardware,$(RUNNER)),gzip,none)
$(BUILD)/ppcmmu.uImage: $(BUILD)/ppcmmu.bin
	@echo "  MKIMAGE $@"
	@$(if $(filter gzip,$(UIMAGE_COMP)),gzip -9 -n -c $< >$<.gzip,cp $< $<.none)
	@mkimage -A powerpc -O linux -T kernel -C $(UIMAGE_COMP) -a 0 -e 0 -n "ppcmmu $(BOARD)" \
		-d $<.$(UIMAGE_COMP) $@ >/dev/null

-include $(OBJS:.o=.d) $(LDSCRIPT).d

# What running the board needs besides its image: the simulator, for a board that runs on it.
RUN_NEEDS := $(if $(filter sim,$(RUNNER)),sim-bin)
sim-bin:
	@mkdir -p build
	@$(MAKE) --no-print-directory -C sim mpc8xx-sim >build/sim-bin.log 2>&1 || \
		{ tail -20 build/sim-bin.log; echo "the simulator does not build (build/sim-bin.log)"; exit 1; }

# The prompt, with the console on the terminal (or stdin); TESTS=globs runs a selection and ends.
# An interactive session has no timeout (RUNBOARD_TIMEOUT=0); a selection keeps the board's.
run: deps $(RUN_NEEDS)
	@$(MAKE) --no-print-directory all
	@RUNBOARD_ARGS="$(if $(TESTS),tests=$(TESTS))" RUNBOARD_TIMEOUT=$(if $(TESTS),,0) \
		tools/run board --live $(BOARD) $(lastword $(IMAGES)) $(BUILD)/run.log

# The stable name, group and subject of every test of the board's image, as "test list" prints them.
list-tests: deps $(RUN_NEEDS)
	@$(MAKE) --no-print-directory all >&2
	@mkdir -p $(BUILD) && echo "test list" >$(BUILD)/list-tests.in
	@RUNBOARD_INPUT=$(BUILD)/list-tests.in RUNBOARD_SESSION=tests/monitor/list.expect \
		tools/run board $(BOARD) $(lastword $(IMAGES)) $(BUILD)/list-tests.log >/dev/null || \
		{ echo "list-tests: the kernel did not list its tests ($(BUILD)/list-tests.log)"; exit 1; }
	@sed -n '/^ppcmmu> test list/,/^ppcmmu> /{/^  /p}' $(BUILD)/list-tests.log | tr -d '\r' 

host-test:
	@tools/run suite host build/host-test.log $(MAKE) --no-print-directory -C tests/host test \
		| tee build/host-test.result

sim-test:
	@tools/run suite sim build/sim-test.log $(MAKE) --no-print-directory -C sim test \
		| tee build/sim-test.result
	@tools/run suite difftest build/difftest.log $(MAKE) --no-print-directory -C sim/difftest test \
		| tee build/difftest.result

docs-test:
	@mkdir -p build
	@tools/run suite docs build/docs-test.log tools/test-docs | tee build/docs-test.result
	@tools/run suite layers build/layers.log tools/layers --check | tee build/layers.result
	@tools/run suite reuse build/reuse-test.log tools/test-reuse | tee build/reuse-test.result

# Redraw docs/diagrams/*.svg from the headers and docs/layers.{md,svg} from the includes, and rewrite
# the transcripts of README.md and docs/ from real runs (commit the result; make test checks it).
docs: deps
	@python3 tools/diagrams.py docs/diagrams
	@tools/layers --draw
	@# the simulator, and the spinning program its gdb session interrupts (tests/gdb/run)
	@$(MAKE) --no-print-directory -C sim mpc8xx-sim >/dev/null
	@$(MAKE) --no-print-directory -C sim/tests all >/dev/null
	@# every board a monitor session, a test log, a gdb session or a trace of a transcript runs on, and the
	@# board of every run variant one shows (a real board's image, run on its stand-in)
	@for b in $$(grep -rhoE '<!-- transcript: (monitor|log|gdb|trace) [a-z0-9-]+' README.md docs | awk '{print $$4}') \
		$$(for v in $$(grep -rhoE '<!-- transcript: variant [a-z0-9-]+' README.md docs | awk '{print $$4}'); do \
			BOARD_CFG=tests/runs.cfg tools/board-get $$v board; done); do echo $$b; done | sort -u | \
	while read b; do $(MAKE) --no-print-directory BOARD=$$b all >/dev/null || exit 1; done
	@tools/transcripts --update

# Host tests with the fuzzers, and the simulator's own tests, built with -fsanitize=address,undefined.
sanitize-test: sanitize-host-test sanitize-sim-test
sanitize-host-test:
	@tools/run suite host-asan build/host-asan.log $(MAKE) --no-print-directory -C tests/host SANITIZE=1 \
		test-all | tee build/host-asan.result
sanitize-sim-test:
	@tools/run suite sim-asan build/sim-asan.log $(MAKE) --no-print-directory -C sim SANITIZE=1 test \
		| tee build/sim-asan.result

# The target suites as jobs two at a time, the longest first, so both cores stay busy to the end
# (tools/lib/target-jobs; each job's output in build/target-jobs/): the boards' own runs, the run
# variants, a board engineer's tests, the monitor sessions and gdb; the images are built first, one
# board at a time (the boards of one family and core share their objects). Then the miss-order check
# and the transcripts (which read the boards' logs). A failure is a result line; every part runs.
target-test:
	@rm -f build/target-test.log build/target-more.log
	@mkdir -p build/target-jobs
	@for b in $(TEST_BOARDS); do \
		$(MAKE) --no-print-directory BOARD=$$b all >build/build-$$b.log 2>&1 || \
			{ rm -f build/$$b/ppcmmu.elf build/$$b/ppcmmu.uImage; tail -20 build/build-$$b.log >&2; }; \
	done
	@for b in $(filter qemu-mpc8544ds sim-mpc885 qemu-e5500,$(TEST_BOARDS)); do \
		$(STEP) "build extra-tests-$$b" $(MAKE) --no-print-directory BOARD=$$b BUILD=build/extra-tests/$$b \
			EXTRA_TESTS=$(EXAMPLE_TESTS) all >build/build-extra-tests-$$b.log 2>&1 || rm -f build/extra-tests/$$b/ppcmmu.elf; \
	done
	@TEST_BOARDS="$(TEST_BOARDS)" MONITOR_SESSIONS="$(MONITOR_SESSIONS)" tools/lib/target-jobs list | \
		tools/lib/jobs 2 build/target-jobs
	@cp build/target-jobs/all.out build/target-test.log
	@# the SMP rule of the e500 miss handlers, read from their assembled code (tools/check-miss-order)
	@for o in $(MISS_ORDER_OBJS); do \
		if [ -f $$o ]; then tools/check-miss-order $$o | grep -v '^PASS'; \
		else echo "miss-order $$o: FAILED: not built"; fi; \
	done | tee -a build/target-test.log
	@# the transcripts of README.md and docs/ are what the boards print now (make docs rewrites them)
	@# (not with a board engineer's tests built in: they move the kernel's addresses the documents show)
	@if [ -n "$(EXTRA_DIRS)" ]; then \
		echo "transcripts: 0 passed, 0 failed, 1 skipped (the images carry EXTRA_TESTS $(EXTRA_DIRS):" \
			"their kernel addresses are not the documents')"; \
	else tools/run suite transcripts build/transcripts.log tools/transcripts --check --boards "$(TEST_BOARDS)"; \
	fi | tee -a build/target-test.log

# The worked example of docs/writing-tests.md, a folder of a board engineer's own tests.
EXAMPLE_TESTS := docs/examples/writing-tests

# The e500 miss handlers of the boards under test, one object per core they are built for.
MISS_ORDER_OBJS = $(sort $(foreach b,$(TEST_BOARDS),$(if $(filter e500,$(shell tools/board-get $(b) family)),\
	build/obj-e500-$(shell tools/board-get $(b) mcpu)/tlb/e500-miss.S.o)))

# The serial runner against real boards played by QEMU + U-Boot on a pty (tests/runs.cfg sections with
# a stand_in), side by side since YMODEM over the emulated UART is slow; then its error cases. Not all
# at once: every stand-in spins at U-Boot's prompt, and U-Boot's YMODEM receiver times out (by the
# guest's clock, which follows the host's) when five more of them starve the one loading.
hw-test:
	@mkdir -p build/variants
	@$(MAKE) --no-print-directory BOARD=p2020rdb all >build/build-p2020rdb.log 2>&1 || \
		{ echo "p2020rdb: FAILED: build failed (build/build-p2020rdb.log)"; exit 0; }; \
	variants=$$(tools/run variant --list real); \
	for v in $$variants; do \
		RUNBOARD_ARGS=tests=all tools/run variant $$v build/variants/$$v.log >build/variants/$$v.result 2>&1 & \
	done; \
	wait; \
	$(STEP) hw-serial-errors $(REUSE_STEP) hw-serial-errors --file build/p2020rdb/ppcmmu.uImage -- \
		tests/hw/serial-errors build/hw-serial-errors >build/variants/hw-serial-errors.out 2>&1; \
	for v in $$variants; do cat build/variants/$$v.result; done; \
	grep '^FAIL' build/variants/hw-serial-errors.out >&2; \
	tail -n 1 build/variants/hw-serial-errors.out; \
	tools/run suite transcripts-hw build/transcripts-hw.log \
		tools/transcripts --check --only variant --boards "$$variants"

# Scripted monitor sessions: input from a file, the console compared with expected patterns.
# The exit status is non-zero when a session failed (tools/mutate runs it as a suite).
monitor-test:
	@rc=0; for s in $(MONITOR_SESSIONS); do \
		case " $(TEST_BOARDS) " in *" $${s%%:*} "*) tools/lib/target-jobs monitor $$s || rc=1 ;; esac; \
	done; exit $$rc

# make run on a terminal (a pseudo-terminal): prompt, line editing, and every way a user ends it
# (QEMU: Ctrl-A x, Ctrl-C; the simulator: Ctrl-D, Ctrl-C). Not part of make test (about 6 s).
console-test: deps
	@# every board a monitor transcript runs on
	@for b in $$(grep -rhoE '<!-- transcript: monitor [a-z0-9-]+' README.md docs | awk '{print $$4}' | sort -u); do \
		$(MAKE) --no-print-directory BOARD=$$b all >/dev/null || exit 1; done
	@tools/test-console qemu-mpc8544ds sim-mpc885

# The simulator's suites run when a board under test runs on it.
NEEDS_SIM := $(filter sim,$(foreach b,$(TEST_BOARDS),$(shell tools/board-get $(b) runner)))


# The serial runner's suites run when the board that stands in for a real one is under test. Its lane
# starts as soon as p2020rdb is built; the other images are then built niced (two jobs at a time):
# U-Boot's YMODEM receiver times out by a clock that follows the host's when its QEMU is starved.
NEEDS_HW := $(filter qemu-ppce500-uboot,$(TEST_BOARDS))

# The CPU seconds (user + system) of the processes a shell has waited for, from what its "times"
# wrote to a file (in a command substitution "times" would count the subshell's own children).
STEP := tools/lib/cpu-step
# make test reuses a passing result whose inputs are byte-identical (tools/lib/reuse); REUSE=0: none.
REUSE ?= 1
REUSE_STEP := tools/lib/reuse
CPU_SECONDS := awk 'NR == 2 { split($$1, u, "m"); split($$2, s, "m"); printf "%.0f", u[1] * 60 + u[2] + s[1] * 60 + s[2] }'

# The two sanitizer suites (niced, each its own output file) go to the lanes that are free first: the
# host lane and the serial runner's lane, each at the end of its own work, take the next suite no lane
# has claimed yet (a directory made under build/sanitize-claims), the longer one first, so that no lane
# is left to run both alone while the other CPU idles.
SANITIZE_SUITES = for s in sim host; do mkdir build/sanitize-claims/$$s 2>/dev/null || continue; \
	nice -n 10 $(MAKE) --no-print-directory sanitize-$$s-test >build/sanitize-$$s.out 2>&1; \
	echo "($$s-asan ran in the $$PPCMMU_LANE lane)" >>build/sanitize-$$s.out; done

ifeq ($(RUNNER),hardware)
# A real board: the serial runner boots it through U-Boot (PORT=, and TFTP_DIR= SERVERIP= IPADDR= or
# LOAD=ymodem; see docs/boards/$(BOARD).md).
# Its image carries tests= in its built-in command line too, for a U-Boot that passes no device tree.
HW_TESTS := tests=$(or $(TESTS),all)
test: deps
	@$(MAKE) --no-print-directory BUILD=$(BUILD)-test BOOTARGS="$(HW_TESTS) $(BOOTARGS)" all
	@RUNBOARD_ARGS=$(HW_TESTS) tools/run board $(BOARD) $(BUILD)-test/ppcmmu.uImage $(BUILD)/test.log
else
test: deps
	@mkdir -p build
	@for b in $(NEWLIB_BOARDS); do $(MAKE) --no-print-directory BOARD=$$b newlib || exit 1; done
	@tools/tree-products snap build/tree.before
	@rm -rf build/sanitize.out build/sanitize-sim.out build/sanitize-host.out build/sanitize-claims
	@mkdir -p build/sanitize-claims
	@mkdir -p build/profile && : >build/profile/steps.tsv
	@$(if $(filter 1,$(REUSE)),tools/lib/reuse --base build/reuse/base,rm -rf build/reuse)
	@start=$$(date +%s); export PPCMMU_STEPS=$(CURDIR)/build/profile/steps.tsv; \
	$(if $(filter 1,$(REUSE)),export PPCMMU_REUSE=$(CURDIR)/build/reuse;) \
	$(if $(NEEDS_SIM),PPCMMU_LANE=start $(STEP) "build sim" sh -c '$(MAKE) --no-print-directory -j2 -C sim all && \
		$(MAKE) --no-print-directory -j2 -C sim/tests all' >build/sim-build.log 2>&1 || \
		{ tail -20 build/sim-build.log; echo "sim: FAILED: build failed (build/sim-build.log)"; };) \
	echo "host, simulator, docs and sanitizer suites: running beside the boards (build/host-lane.out, build/sanitize-*.out)"; \
	echo "  (at a lower priority: they have no clocks to miss; the boards and the serial runner do)"; \
	{ PPCMMU_LANE=host $(STEP) lane sh -c '\
	  nice -n 10 $(MAKE) --no-print-directory host-test; \
	  $(if $(NEEDS_SIM),nice -n 10 $(MAKE) --no-print-directory sim-test;,rm -f build/sim-test.result build/difftest.result;) \
	  nice -n 10 $(MAKE) --no-print-directory docs-test; \
	  $(if $(NEEDS_SIM),$(SANITIZE_SUITES);,rm -f build/host-asan.result build/sim-asan.result;)'; \
	  times >build/host-lane.times; \
	  echo "(host lane: $$(( $$(date +%s) - start )) s, $$($(CPU_SECONDS) build/host-lane.times) s of CPU)"; \
	} >build/host-lane.out 2>&1 & \
	$(if $(NEEDS_HW),PPCMMU_LANE=start $(STEP) "build p2020rdb" $(MAKE) --no-print-directory -j2 BOARD=p2020rdb all >build/build-p2020rdb.log 2>&1; \
	{ PPCMMU_LANE=serial $(STEP) lane sh -c '$(MAKE) --no-print-directory hw-test; \
		$(if $(NEEDS_SIM),$(SANITIZE_SUITES);)'; \
		times >build/hw-lane.times; \
		echo "(serial-runner lane$(if $(NEEDS_SIM), and the sanitizer suites it took): $$(( $$(date +%s) - start )) s," \
			"$$($(CPU_SECONDS) build/hw-lane.times) s of CPU)" >&2; \
	} >build/hw-test.log 2>build/hw-test.err &,rm -f build/hw-test.log;) \
	PPCMMU_LANE=boards $(STEP) lane sh -c 'for b in $(TEST_BOARDS); do \
		$(STEP) "build $$b" $(if $(NEEDS_HW),nice -n 5 )$(MAKE) --no-print-directory -j2 BOARD=$$b all >build/build-$$b.log 2>&1; \
	done; \
	$(MAKE) --no-print-directory target-test'; \
	echo "(board lane: $$(( $$(date +%s) - start )) s)"; \
	wait; cat build/host-lane.out; $(if $(NEEDS_SIM),cat build/sanitize-sim.out build/sanitize-host.out;) \
	$(if $(NEEDS_HW),cat build/hw-test.err >&2; cat build/hw-test.log;) \
	times >build/make-test.times; \
	echo "make test: $$(( $$(date +%s) - start )) s, $$($(CPU_SECONDS) build/make-test.times) s of CPU (user + system)" | \
		tee build/make-test.time; \
	$(if $(filter 1,$(REUSE)),n=$$(cat build/target-test.log build/hw-test.log build/host-test.result build/sim-test.result \
		build/difftest.result build/host-asan.result build/sim-asan.result build/docs-test.result build/layers.result build/reuse-test.result \
		2>/dev/null | grep -c '\[reused: '); \
	[ "$$n" -eq 0 ] || echo "($$n results reused: their inputs were byte-identical to a passing run's;" \
		"make test REUSE=0 runs everything)";) \
	for b in $(TEST_BOARDS); do [ -f build/$$b/results.tap ] && \
		echo "results: build/$$b/results.tap build/$$b/junit.xml"; done; \
	tools/tree-products check build/tree.before >build/tree.log; tail -n 1 build/tree.log | tee build/tree.result; \
	grep -v '^ok' build/tree.log | grep -v '^tree:' >&2; \
	tools/results sum build/tree.result build/host-test.result $(if $(NEEDS_SIM),build/sim-test.result build/difftest.result \
		build/host-asan.result build/sim-asan.result) build/docs-test.result build/layers.result build/reuse-test.result build/target-test.log \
		$(if $(NEEDS_HW),build/hw-test.log)
endif

# The wall and CPU seconds of each step of the last make test, by lane (build/profile/steps.tsv).
test-profile:
	@tools/test-profile build/profile/steps.tsv

# Board farms: labgrid (pytest + its plugin) and LAVA (lava-run, no server) on qemu-ppce500 and on
# QEMU + U-Boot standing in for a P2020RDB, their error cases, the MPC885ADS files validated; installs
# its packages (tools/deps.sh farm). Not part of make test (about a minute and a half). docs/farms.md.
# FARM_PARTS=labgrid|lava|docs runs only those parts of it (tools/mutate's farm-labgrid, farm-lava).
farm-test:
	@tools/deps.sh farm
	@mkdir -p build/farm
	@$(MAKE) --no-print-directory $(NEWLIB_TARGET)/lib/libc.a
	@for b in qemu-ppce500 p2020rdb; do \
		$(MAKE) --no-print-directory BOARD=$$b all >build/build-$$b.log 2>&1 || \
			{ tail -20 build/build-$$b.log; echo "farm: FAILED: $$b build failed (build/build-$$b.log)"; exit 1; }; \
	done
	@# The MPC885ADS image as make BOARD=mpc885ads test builds it: tests=all in its built-in command line.
	@$(MAKE) --no-print-directory BOARD=mpc885ads BUILD=build/mpc885ads-test \
		BOOTARGS="tests=all $$(tools/board-get mpc885ads bootargs)" all >build/build-mpc885ads-test.log 2>&1 || \
		{ tail -20 build/build-mpc885ads-test.log; echo "farm: FAILED: mpc885ads build failed"; exit 1; }
	@farm/farm-test build/farm $(FARM_PARTS)

# make ram-matrix: the target suite on qemu-ppce500 from 64 MB to 6 GB and on sim-mpc885 from 8 MB to
# 256 MB, the device tree saying the same; one table row per size (tools/ram-matrix).
ram-matrix: deps
	@mkdir -p build
	@$(MAKE) --no-print-directory $(NEWLIB_TARGET)/lib/libc.a
	@$(MAKE) --no-print-directory -C sim mpc8xx-sim >/dev/null
	@for b in qemu-ppce500 sim-mpc885; do \
		$(MAKE) --no-print-directory BOARD=$$b all >build/build-$$b.log 2>&1 || \
			{ echo "$$b: FAILED: build (build/build-$$b.log)"; exit 1; }; \
	done
	@tools/ram-matrix

# make stress [STRESS_STEPS=1000000] [STRESS_SEED=n]: the stress test alone on every test board, at
# STRESS_STEPS steps (stress-seed= and stress-steps= on its command line).
STRESS_STEPS ?= 1000000
STRESS_SEED ?= $(shell date +%s)
stress: deps
	@mkdir -p build/stress
	@$(MAKE) --no-print-directory $(NEWLIB_TARGET)/lib/libc.a
	@$(MAKE) --no-print-directory -C sim mpc8xx-sim
	@for b in $(TEST_BOARDS); do \
		$(MAKE) --no-print-directory BOARD=$$b all >build/stress/build-$$b.log 2>&1 || \
			{ echo "$$b: FAILED: build (build/stress/build-$$b.log)"; continue; }; \
		img=build/$$b/ppcmmu.elf; \
		[ "$$(tools/board-get $$b runner)" = qemu-uboot ] && img=build/$$b/ppcmmu.uImage; \
		unset RUNBOARD_SIM_ARGS; \
		[ "$$(tools/board-get $$b runner)" = sim ] && export RUNBOARD_SIM_ARGS="--max-insns 0"; \
		RUNBOARD_ARGS="tests=stress stress-seed=$(STRESS_SEED) stress-steps=$(STRESS_STEPS)" \
		RUNBOARD_TIMEOUT=$${STRESS_TIMEOUT:-3600} RUNBOARD_NAME=stress-$$b \
			tools/run board $$b $$img build/stress/$$b.log; \
		grep -h 'INFO: stress: [0-9]* steps' build/stress/$$b.log | sed "s/^/  $$b: /"; \
	done | tee build/stress/result.log
	@tools/results sum build/stress/result.log

# make stress-smp [STRESS_SMP_STEPS=100000] [STRESS_SEED=n]: tests=stress-smp (every core at once, against
# the model) and smp-table-free-long (tables freed under walks) on the multicore test boards at
# STRESS_SMP_STEPS steps a core; each core's figures and misses.
SMP_BOARDS := $(foreach b,$(TEST_BOARDS),$(if $(filter-out 1,$(shell tools/board-get $(b) smp 1)),$(b)))
STRESS_SMP_STEPS ?= 100000
stress-smp: deps
	@mkdir -p build/stress
	@$(MAKE) --no-print-directory $(NEWLIB_TARGET)/lib/libc.a
	@for b in $(SMP_BOARDS); do \
		$(MAKE) --no-print-directory BOARD=$$b all >build/stress/build-$$b.log 2>&1 || \
			{ echo "$$b: FAILED: build (build/stress/build-$$b.log)"; continue; }; \
		RUNBOARD_ARGS="tests=stress-smp,smp-table-free-long stress-seed=$(STRESS_SEED) stress-steps=$(STRESS_SMP_STEPS)" \
		RUNBOARD_TIMEOUT=$${STRESS_TIMEOUT:-7200} RUNBOARD_NAME=stress-smp-$$b \
			tools/run board $$b build/$$b/ppcmmu.elf build/stress/smp-$$b.log; \
		grep -h 'INFO: \(stress on every core: \(cpu [0-9]*:\|stress-smp TLB\)\|smp page-table pages freed under walks\)' build/stress/smp-$$b.log | \
			tr -d '\r' | sed "s/^/  $$b: /"; \
	done | tee build/stress/smp-result.log
	@tools/results sum build/stress/smp-result.log

# make smp-repeat [SMP_REPEAT=500]: the multicore tests run N times on every multicore board; prints
# the runs and failures per board (a long run, for flakes; not in make test).
SMP_REPEAT ?= 500
smp-repeat: deps
	@$(MAKE) --no-print-directory $(NEWLIB_TARGET)/lib/libc.a
	@SMP_REPEAT=$(SMP_REPEAT) SMP_REPEAT_BOARDS="$(SMP_BOARDS)" tools/smp-repeat

# make fuzz: the fuzzers at their long counts (FUZZ_OPS host operations and inputs, FUZZ_PROGRAMS random
# MMU programs, FUZZ_INPUTS simulator command lines), with the sanitizers, and FUZZ_BLOCKS blocks (10^6) of
# the simulator's difference test against QEMU (about an hour); FUZZ_SEED is printed.
FUZZ_OPS ?= 10000000
FUZZ_SEED ?= $(shell date +%s)
fuzz: deps
	@mkdir -p build
	@$(MAKE) --no-print-directory -C tests/host SANITIZE=1 all >build/fuzz-build.log 2>&1 || \
		{ echo "fuzz: FAILED: build (build/fuzz-build.log)"; exit 1; }
	@{ for f in fuzz-fdt fuzz-mmu-e500 fuzz-mmu-8xx fuzz-cmdline; do \
		timeout $${FUZZ_TIMEOUT:-7200} build/host-asan/$$f $(FUZZ_OPS) $(FUZZ_SEED) | tail -2; done; \
	  $(MAKE) --no-print-directory -C sim FUZZ_SEED=$(FUZZ_SEED) fuzz 2>&1 | grep -E '^(simdiff|fuzzsim|difftest|DIFFER|FAIL)'; \
	} | tee build/fuzz.log
	@! grep -qE '^(FAIL|DIFFER|difftest: .* [1-9][0-9]* failed)' build/fuzz.log
	@grep -qE '^difftest: 1 passed' build/fuzz.log || { echo "fuzz: FAILED: no difftest verdict"; exit 1; }

bench: deps
	@mkdir -p build
	@$(MAKE) --no-print-directory $(NEWLIB_TARGET)/lib/libc.a
	@tools/bench/run

# Linux on both families (minutes; not part of make test): see tools/linux-build and tools/linux-test.
linux: deps
	@tools/linux-build

linux-test: linux
	@$(MAKE) --no-print-directory -C sim
	@status=0; tools/linux-test || status=1; tools/linux-compare || status=1; exit $$status

# POWER8 Linux with one 16G page mapped by its init (16 GiB of host memory: it refuses when
# MemAvailable is short; tens of minutes; not part of linux-test): tools/linux-test powernv-16g.
linux-test-16g: deps
	@tools/linux-test powernv-16g

# Linux's page-table and TLB entries against ppcmmu's for the same mappings (docs/linux-compare.md).
linux-compare: linux
	@$(MAKE) --no-print-directory -C sim
	@tools/linux-compare

# Linux's own mm selftests under both kernels, every huge page size (tens of minutes): tools/linux-selftests.
linux-selftests: linux
	@$(MAKE) --no-print-directory -C sim
	@tools/linux-selftests $(LINUX_RUNS)

# the simulator and QEMU side by side on the same kernel loops (also part of make bench)
bench-speed: deps
	@mkdir -p build
	@$(MAKE) --no-print-directory $(NEWLIB_TARGET)/lib/libc.a
	@$(MAKE) --no-print-directory -C sim mpc8xx-sim >/dev/null
	@tools/bench/speed

debug: deps all $(RUN_NEEDS)
	@tools/run debug $(BOARD) $(ELF) $(GDB_PORT)

# A new user's first hour on a fresh clone (minutes; not part of make test): every emulated board's
# make run (input: help, exit), make debug (gdb attaches) and make BOARD=x test. tools/fresh-check
# --run-only: all but the test part.
fresh-check: deps
	@tools/fresh-check

# clean keeps the newlib build (build/newlib, a few minutes to redo); distclean removes it too.
clean:
	@[ ! -d build ] || find build -mindepth 1 -maxdepth 1 ! -name newlib ! -name newlib64 -exec rm -rf {} +

distclean: clean
	rm -rf build
