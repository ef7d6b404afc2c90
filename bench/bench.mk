# bench.mk: `make bench`, the profiler's accuracy and cost, measured and
# written to docs/PERFORMANCE.md (bench/bench.sh does the work).

BENCH    := $(BUILD)/bench
# The accuracy workloads (bench/wl.h); duob is duo.c under another name.
BENCH_WL := hotloop graded recurse syscalls duo
BENCH_GUESTS := $(BENCH_WL) duob aliasing tickcost evcost cmd pset profrun

# Each workload's object, compiled once with the guests' flags, goes into
# the guest program (with wlmain.o) and into the host program that
# callgrind runs (with wlhost.o): the same instructions on both sides.
$(foreach w,$(BENCH_WL) duob,$(BUILD)/user/$(w).elf): $(BUILD)/u/bench/wlmain.o
$(BUILD)/user/duob.elf: $(BUILD)/u/bench/duo.o $(BUILD)/u/bench/wlmain.o $(USER_RT) user/user.ld
	@mkdir -p $(@D)
	$(call msg,LD,$@)$(GUEST_LINK)

BENCH_HOST_CFLAGS := -m32 -O2 -fno-pie $(WARN)
$(BENCH)/host/wlhost.o: bench/wlhost.c
	@mkdir -p $(@D)
	$(call msg,HOSTCC,$<)$(HOST_CC) $(BENCH_HOST_CFLAGS) -c $< -o $@
$(BENCH)/host/%: $(BUILD)/u/bench/%.o $(BENCH)/host/wlhost.o
	@mkdir -p $(@D)
	$(call msg,HOSTLD,$@)$(HOST_CC) -m32 -no-pie $^ -o $@

BENCH_DEPS := $(foreach g,$(BENCH_GUESTS),$(BUILD)/user/$(g).elf) \
	$(foreach w,$(BENCH_WL),$(BENCH)/host/$(w)) \
	$(BENCH)/gendump $(BENCH)/genstacks $(BUILD)/kernel.elf $(BUILD)/pinfo $(BUILD)/mkmap $(BUILD)/profextract

bench: deps $(BENCH_DEPS)
	@sh bench/bench.sh $(BUILD)

# The generator of the host side's large dump, with the kernel's writer.
BENCH_GENDUMP_SRCS := bench/gendump.c $(FORMAT_SRCS)
$(BENCH)/gendump: $(patsubst %.c,$(BUILD)/host/%.o,$(BENCH_GENDUMP_SRCS))
	@mkdir -p $(@D)
	$(call msg,HOSTLD,$@)$(HOST_CC) $^ -o $@

# ---- the ground truth: the instruction-count plugin (bench/truth/) ---------
# A host shared object that qemu-system-i386 loads (-plugin); its arguments
# for this kernel (symbols, struct proc's layout); the program whose counts
# are known by construction. tests/integration/truth.sh checks the plugin.
TRUTH_DIR := $(BENCH)/truth
$(TRUTH_DIR)/insncount.so: bench/truth/insncount.c bench/truth/qplugin.h bench/truth/plugutil.h
	@mkdir -p $(@D)
	$(call msg,HOSTCC,$<)$(HOST_CC) $(HOST_CFLAGS) -shared -fPIC -fvisibility=hidden $< -o $@
# The same under ASan and UBSan, for the integration test (QEMU runs it
# with the sanitizers' runtime preloaded).
$(BUILD)/san/bench/truth/insncount.so: bench/truth/insncount.c bench/truth/qplugin.h bench/truth/plugutil.h
	@mkdir -p $(@D)
	$(call msg,SANCC,$<)$(HOST_CC) $(HOST_CFLAGS) $(SAN_FLAGS) -shared -fPIC -fvisibility=hidden $< -o $@
$(TRUTH_DIR)/offsets.s: bench/truth/offsets.c
	@mkdir -p $(@D)
	$(call msg,GEN,$@)$(CC) $(KCFLAGS) $(FREESTAND) -MT $@ -MF $(TRUTH_DIR)/offsets.d -S $< -o $@
$(TRUTH_DIR)/plugin.args: $(TRUTH_DIR)/offsets.s $(BUILD)/kernel.elf bench/truth/args.sh
	$(call msg,GEN,$@)sh bench/truth/args.sh $(BUILD)/kernel.elf $(TRUTH_DIR)/offsets.s > $@.tmp
	$(Q)mv $@.tmp $@
$(BUILD)/user/exact.elf: $(BUILD)/u/bench/truth/exact.o $(USER_RT) user/user.ld
	@mkdir -p $(@D)
	$(call msg,LD,$@)$(GUEST_LINK)
# make run TRUTH=1 runs its programs under the plugin too, in the same run
# (scripts/makerun.sh, scripts/truth.sh; docs/accuracy.md).
ifeq ($(TRUTH),1)
run: $(TRUTH_DIR)/insncount.so $(TRUTH_DIR)/plugin.args
endif
TRUTH_DEPS := $(TRUTH_DIR)/insncount.so $(TRUTH_DIR)/plugin.args $(BUILD)/user/exact.elf $(BUILD)/user/pset.elf \
	$(BUILD)/user/cmd.elf
integration: $(TRUTH_DEPS) $(BUILD)/san/bench/truth/insncount.so
bench: $(TRUTH_DEPS)
# Truth for source lines (bench/lines.sh): callgrind's instructions, address
# by address, put on lines by pinfo's DWARF reader.
BENCH_CGLINES_SRCS := bench/cglines.c host/pinfo/read/dwarf.c host/pinfo/read/decode.c host/common/hostio.c \
	host/pinfo/read/disasm.c
$(BENCH)/cglines: $(patsubst %.c,$(BUILD)/host/%.o,$(BENCH_CGLINES_SRCS))
	@mkdir -p $(@D)
	$(call msg,HOSTLD,$@)$(HOST_CC) $^ -o $@ $(LINES_LIBS)
bench: $(BENCH)/cglines
# ---- call stacks (bench/stacks.sh): the tick's cost by frames walked -----
BENCH_GUESTS += stackcost
bench: $(BUILD)/user/stackcost.elf
# ---- pinfo's bounds (bench/bounds.sh): forged dumps of deep stacks through
# long names, each view's peak memory and time --------------------------------
BENCH_GENSTACKS_SRCS := bench/genstacks.c $(FORMAT_SRCS)
$(BENCH)/genstacks: $(patsubst %.c,$(BUILD)/host/%.o,$(BENCH_GENSTACKS_SRCS))
	@mkdir -p $(@D)
	$(call msg,HOSTLD,$@)$(HOST_CC) $^ -o $@
# Section 10 alone, in place in docs/PERFORMANCE.md.
.PHONY: bench-bounds
bench-bounds: deps $(BENCH)/genstacks $(BENCH)/gendump $(BUILD)/pinfo
	@sh bench/bounds-only.sh $(BUILD)
# ---- the C library's share of a profile (bench/libc.sh): two programs of
# ours built as make run builds a user's (hosted on newlib, NEWLIB_CFLAGS,
# newlib_link), and the same sources built for the host (glibc), for
# callgrind ----------------------------------------------------------------
BENCH_LIBC := allocs strings
$(BENCH)/nl/%.o: bench/%.c $(NEWLIB_LIB)/libc.a
	@mkdir -p $(@D)
	$(call msg,CC,$<)$(CC) $(NEWLIB_CFLAGS) $(WARN) -c $< -o $@
$(BENCH)/nl/%.elf: $(BENCH)/nl/%.o $(NEWLIB_RT) $(NEWLIB_LIBS) user/user.ld
	$(call msg,LD,$@)$(call newlib_link,$<,$@)
$(BENCH)/nl/host/%: bench/%.c
	@mkdir -p $(@D)
	$(call msg,HOSTCC,$<)$(HOST_CC) -O2 -g -fno-omit-frame-pointer $(WARN) -MMD -MP $< -o $@
BENCH_LIBC_DEPS := $(foreach p,$(BENCH_LIBC),$(BENCH)/nl/$(p).elf $(BENCH)/nl/host/$(p)) \
	$(TRUTH_DEPS) $(BUILD)/user/profrun.elf $(BUILD)/kernel.elf $(BUILD)/pinfo $(BUILD)/mkmap $(BUILD)/profextract
bench: $(BENCH_LIBC_DEPS)
# Section 11 alone, in place in docs/PERFORMANCE.md.
.PHONY: bench-libc
bench-libc: deps $(BENCH_LIBC_DEPS)
	@sh bench/libc-only.sh $(BUILD)
# tests/integration/truth.sh runs allocs as section 11 does (truth-libc-run).
integration: $(BENCH)/nl/allocs.elf $(BENCH)/nl/host/allocs $(BUILD)/user/profrun.elf
# ---- the intervals' calibration (bench/calibrate.sh): each function's 95%
# interval from pinfo's attribution and host/pinfo/read/ci.c -------------------
$(BENCH)/cistat: $(BUILD)/host/bench/cistat.o $(patsubst %.c,$(BUILD)/host/%.o,$(PINFO_LIB))
	@mkdir -p $(@D)
	$(call msg,HOSTLD,$@)$(HOST_CC) $^ -o $@ $(PINFO_MORE_LIBS)
$(BUILD)/host/bench/cistat.o: HOST_CFLAGS += $(HOST_INC)
bench: $(BENCH)/cistat
# section 7's wire table: a dump's trace and CPU records apart from its buckets
$(BENCH)/dumpparts: $(BUILD)/host/bench/dumpparts.o $(patsubst %.c,$(BUILD)/host/%.o,$(PINFO_LIB))
	@mkdir -p $(@D)
	$(call msg,HOSTLD,$@)$(HOST_CC) $^ -o $@ $(PINFO_MORE_LIBS)
$(BUILD)/host/bench/dumpparts.o: HOST_CFLAGS += $(HOST_INC)
bench: $(BENCH)/dumpparts
# Section 12 alone, in place in docs/PERFORMANCE.md.
CAL_DEPS := $(TRUTH_DEPS) $(foreach w,graded recurse syscalls profrun cmd,$(BUILD)/user/$(w).elf) \
	$(BUILD)/kernel.elf $(BUILD)/mkmap $(BUILD)/profextract $(BENCH)/cistat
bench: $(CAL_DEPS)
.PHONY: bench-calibrate
bench-calibrate: deps $(CAL_DEPS)
	@sh bench/calibrate-only.sh $(BUILD)
# ---- several CPUs (bench/smp.sh): the tick's instructions on each CPU -------
# A TCG plugin as the truth's is, with its header; the same under ASan and
# UBSan for tests/integration/truth.sh.
$(BENCH)/smptick.so: bench/smptick.c bench/truth/qplugin.h bench/truth/plugutil.h
	@mkdir -p $(@D)
	$(call msg,HOSTCC,$<)$(HOST_CC) $(HOST_CFLAGS) -Ibench/truth -shared -fPIC -fvisibility=hidden $< -o $@
$(BUILD)/san/bench/smptick.so: bench/smptick.c bench/truth/qplugin.h bench/truth/plugutil.h
	@mkdir -p $(@D)
	$(call msg,SANCC,$<)$(HOST_CC) $(HOST_CFLAGS) $(SAN_FLAGS) -Ibench/truth -shared -fPIC -fvisibility=hidden $< -o $@
SMP_DEPS := $(BENCH)/smptick.so $(BUILD)/kernel.elf $(BUILD)/user/worker.elf $(BUILD)/user/pset.elf $(BUILD)/user/cmd.elf
bench: $(SMP_DEPS)
# tests/integration/smptick.sh checks it, against bench/tickcost.c too.
integration: $(BENCH)/smptick.so $(BUILD)/san/bench/smptick.so $(BUILD)/user/tickcost.elf $(BUILD)/user/testprof.elf \
	$(BUILD)/user/worker.elf
# Section 13 alone: its tables printed (docs/PERFORMANCE.md is make bench's).
.PHONY: bench-smp
bench-smp: deps $(SMP_DEPS)
	@sh bench/smp-only.sh $(BUILD)

# Section 9, call stacks (bench/stacks.sh), alone: its tables printed.
STACKS_DEPS := $(foreach w,$(BENCH_WL),$(BUILD)/user/$(w).elf $(BENCH)/host/$(w)) \
	$(BUILD)/user/stackcost.elf $(BUILD)/user/cmd.elf $(BUILD)/kernel.elf $(BUILD)/pinfo $(BUILD)/mkmap \
	$(BUILD)/profextract
.PHONY: bench-stacks
bench-stacks: deps $(STACKS_DEPS)
	@sh bench/stacks-only.sh $(BUILD)

# Section 14, the xv6 port (bench/xv6.sh), alone; XV6 reaches it as
# ports/xv6/xv6.mk passes it on.
.PHONY: bench-xv6
bench-xv6: deps $(BUILD)/pinfo
	@sh bench/xv6-only.sh $(BUILD)

# ---- several CPUs against the exact answer (bench/smptruth.sh) -------------
.PHONY: bench-smptruth
bench-smptruth: deps $(TRUTH_DEPS)
	@sh bench/smptruth-only.sh $(BUILD)

# ---- event profiles (bench/events.sh): their cost, off-CPU shares ----------
.PHONY: bench-events
bench-events: deps $(BUILD)/kernel.elf $(BUILD)/user/evcost.elf $(BUILD)/user/profrun.elf $(BUILD)/user/cmd.elf \
	$(BUILD)/mkmap $(BUILD)/pinfo $(BUILD)/profextract
	@sh bench/events-only.sh $(BUILD)

# ---- intervals on programs from outside (bench/outside.sh): section 17,
# in place; the trees given as BZIP2=DIR LUA=DIR SQLITE=DIR [BZIN=FILE] --
.PHONY: bench-outside
bench-outside: export PROFKERN_BZIP2 := $(BZIP2)
bench-outside: export PROFKERN_LUA := $(LUA)
bench-outside: export PROFKERN_SQLITE := $(SQLITE)
bench-outside: export PROFKERN_BZIN := $(BZIN)
bench-outside: deps all $(TRUTH_DEPS) $(BENCH)/cistat
	@sh bench/outside.sh $(BUILD)
