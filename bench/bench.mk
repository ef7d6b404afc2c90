# bench.mk: `make bench`, the profiler's accuracy and cost, measured and
# written to docs/PERFORMANCE.md (bench/bench.sh does the work).

BENCH    := $(BUILD)/bench
# The accuracy workloads (bench/wl.h); duob is duo.c under another name.
BENCH_WL := hotloop graded recurse syscalls duo
BENCH_GUESTS := $(BENCH_WL) duob aliasing tickcost cmd pset

# Each workload's object, compiled once with the guests' flags, goes into
# the guest program (with wlmain.o) and into the host program that
# callgrind runs (with wlhost.o): the same instructions on both sides.
$(foreach w,$(BENCH_WL) duob,$(BUILD)/user/$(w).elf): $(BUILD)/u/bench/wlmain.o
$(BUILD)/user/duob.elf: $(BUILD)/u/bench/duo.o $(BUILD)/u/bench/wlmain.o $(USER_RT) user/user.ld
	@mkdir -p $(@D)
	$(GUEST_LINK)

BENCH_HOST_CFLAGS := -m32 -O2 -fno-pie $(WARN)
$(BENCH)/host/wlhost.o: bench/wlhost.c
	@mkdir -p $(@D)
	$(HOST_CC) $(BENCH_HOST_CFLAGS) -c $< -o $@
$(BENCH)/host/%: $(BUILD)/u/bench/%.o $(BENCH)/host/wlhost.o
	@mkdir -p $(@D)
	$(HOST_CC) -m32 -no-pie $^ -o $@

BENCH_DEPS := $(foreach g,$(BENCH_GUESTS),$(BUILD)/user/$(g).elf) \
	$(foreach w,$(BENCH_WL),$(BENCH)/host/$(w)) \
	$(BENCH)/gendump $(BUILD)/kernel.elf $(BUILD)/pinfo $(BUILD)/mkmap $(BUILD)/profextract

bench: deps $(BENCH_DEPS)
	@sh bench/bench.sh $(BUILD)

# The generator of the host side's large dump, with the kernel's writer.
BENCH_GENDUMP_SRCS := bench/gendump.c profiler/dump.c profiler/crc32.c profiler/frame.c
$(BENCH)/gendump: $(patsubst %.c,$(BUILD)/host/%.o,$(BENCH_GENDUMP_SRCS))
	@mkdir -p $(@D)
	$(HOST_CC) $^ -o $@

# ---- call stacks (bench/stacks.sh): the tick's cost by frames walked -----
BENCH_GUESTS += stackcost
