# The one entry point: make, make run, make test, make bench (README.md).
# Everything built lands under build/; a run's files under build/run/.
# Two phases. The first installs the Debian packages its goals need that
# are missing (scripts/deps.sh) and nothing else; the second, a new make
# started by the first, reads the build, so that whatever it computes from
# the installed packages (libgcc's path, the compilers' include folders)
# comes after them.

# Every value a user gives make run is checked first, in both phases.
include scripts/uservars.mk

ifneq ($(PROFKERN_PHASE),build)
GOALS := $(or $(MAKECMDGOALS),all)
QUOTED_GOALS := $(foreach g,$(GOALS),'$(subst ','\'',$(g))')
.PHONY: $(GOALS) phase-build
$(GOALS): phase-build
	@:
phase-build:
	@sh scripts/deps.sh $(QUOTED_GOALS) $(if $(filter bochs,$(EMU)),EMU=bochs)
	@$(MAKE) --no-print-directory PROFKERN_PHASE=build $(QUOTED_GOALS)
else

# (not the user's to move: make run's files and the tests' are found there)
override BUILD := build

# ---- toolchains -------------------------------------------------------
CC      := gcc
NASM    := nasm
WARN    := -Wall -Wextra -Werror
# Every function starts on a DWORD boundary, so a bucket never straddles two.
ALIGN   := -falign-functions=16
KCFLAGS := -m32 -march=i686 -ffreestanding -fno-pic -fno-pie -fno-stack-protector \
           -fno-builtin -fno-omit-frame-pointer -fno-asynchronous-unwind-tables \
           -mno-sse -mno-mmx -mno-80387 -O2 -g -std=gnu11 $(WARN) $(ALIGN) -MMD -MP
KLDFLAGS := -m32 -nostdlib -no-pie -static -Wl,--build-id=none -Wl,-z,noexecstack -Wl,--no-warn-rwx-segments
HOST_CC     := cc
HOST_CFLAGS := -O2 -g -std=gnu11 $(WARN) -MMD -MP
SAN_FLAGS   := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
LIBGCC  := $(shell $(CC) -m32 -print-libgcc-file-name)

# The layout of the sources the objects were built from: when it changes
# (headers moved to other folders), objects built before would not be
# rebuilt by their dependency files, which name headers no longer there;
# so a build of another layout starts its objects anew.
BUILD_LAYOUT := 5 (kernel/time/, kernel headers moved)
ifneq ($(BUILD_LAYOUT),$(strip $(file <$(BUILD)/layout.txt)))
$(shell rm -rf $(BUILD)/k $(BUILD)/u $(BUILD)/host $(BUILD)/san $(BUILD)/fuzz/obj $(BUILD)/tests \
	$(BUILD)/prog $(BUILD)/bench/host $(BUILD)/user $(BUILD)/gen; mkdir -p $(BUILD))
$(file >$(BUILD)/layout.txt,$(BUILD_LAYOUT))
endif

# Objects are kept for incremental builds, not removed as intermediates.
.SECONDARY:

.PHONY: all run test bench deps unit unit-san integration clean iso tools kernel guests
all: deps kernel guests tools iso

# ---- fragments: each part of the tree lists its own sources ----------------
HOST_PROGS :=
UNIT_TESTS :=
include lib/lib.mk
include format/format.mk
include profiler/profiler.mk
include kernel/kernel.mk
include user/user.mk
include host/host.mk
include tests/tests.mk
include tests/unit/unit.mk
include tests/fuzz/fuzz.mk
include bench/bench.mk
include ports/bare/bare.mk
include ports/xv6/xv6.mk

# ---- host programs and unit tests, built plain and with sanitizers ----------
# For each NAME in HOST_PROGS / UNIT_TESTS, NAME_SRCS lists its C files.
$(BUILD)/host/%.o: %.c
	@mkdir -p $(@D)
	$(call msg,HOSTCC,$<)$(HOST_CC) $(HOST_CFLAGS) $(HOST_INC) -c $< -o $@
$(BUILD)/san/%.o: %.c
	@mkdir -p $(@D)
	$(call msg,SANCC,$<)$(HOST_CC) $(HOST_CFLAGS) $(SAN_FLAGS) $(HOST_INC) -c $< -o $@

# $(1): output under build/, $(2): the variable prefix, $(3): extra libraries
define host_prog
$(BUILD)/$(1): $$(patsubst %.c,$(BUILD)/host/%.o,$$($(2)_SRCS))
	@mkdir -p $$(@D)
	$$(call msg,HOSTLD,$$@)$$(HOST_CC) $$^ -o $$@ $$($(2)_LIBS) $(3)
$(BUILD)/san/$(1): $$(patsubst %.c,$(BUILD)/san/%.o,$$($(2)_SRCS))
	@mkdir -p $$(@D)
	$$(call msg,SANLD,$$@)$$(HOST_CC) $(SAN_FLAGS) $$^ -o $$@ $$($(2)_LIBS) $(3)
endef
$(foreach p,$(HOST_PROGS),$(eval $(call host_prog,$(p),$(p),)))
$(foreach t,$(UNIT_TESTS),$(eval $(call host_prog,tests/$(t),$(t),-lcmocka)))

tools: $(addprefix $(BUILD)/,$(HOST_PROGS))

unit: deps $(addprefix $(BUILD)/tests/,$(UNIT_TESTS))
	@set -e; for t in $(UNIT_TESTS); do $(BUILD)/tests/$$t; done

unit-san: deps $(addprefix $(BUILD)/san/tests/,$(UNIT_TESTS)) $(addprefix $(BUILD)/san/,$(HOST_PROGS))
	@set -e; for t in $(UNIT_TESTS); do $(BUILD)/san/tests/$$t; done

# ---- dependencies: installed by the first phase (top of this file) --------
deps:
	@:

clean:
	$(call msg,CLEAN,$(BUILD))rm -rf $(BUILD)

# The compilers' dependency files, read only from the folders the compilers
# write objects to: never from build/run/ or a test's folder, where the
# guest's dumps land under names the guest chose, nor build/fresh (a whole
# Debian root: make check-fresh).
DEP_DIRS := $(BUILD)/k $(BUILD)/u $(BUILD)/nl $(BUILD)/host $(BUILD)/san $(FUZZ)/obj $(BENCH)/host $(BENCH)/nl $(BUILD)/prog
-include $(shell find $(DEP_DIRS) -name '*.d' 2>/dev/null)

# ---- running: make run [PROG="..."] [PROG_CFLAGS=...] [SCRIPT=batch.cmd] [HZ=N]
#      [CPUS=N] [STACK=bytes] [MEM=MiB] [REALTIME=1] [STACKS=1] [STACKTABLE=N] [SEED=N] [SPREAD=1] [TIMEOUT=s] [EMU=bochs] [TRUTH=1]
#      [EVENTS=syscall,switch] [ENV="NAME=value ..."] (README.md); each value checked by scripts/uservars.mk, PROG's words by scripts/progs.sh
override RUN := $(BUILD)/run
include user/prog.mk
# What progs.sh and makerun.sh take, through the environment: no value of
# the user's is ever part of a command line a shell reads.
$(foreach v,RUN HZ CPUS SEED SPREAD MEM TIMEOUT REALTIME SCRIPT STACKS STACKTABLE PROG EMU ARGS STDIN TRUTH EVENTS ENV,$(eval \
	run: export PROFKERN_$(v) := $$($(v))))
run: export PROFKERN_FILES := $(RUN_FILES)
run: export PROFKERN_MAKE := $(MAKE)
# Each program is built by a make of its own (scripts/progs.sh, user/prog.mk).
run: all $(foreach t,$(RUN_TOOLS),$(RUN)/$(t).elf $(RUN)/$(t).map)
	+@sh scripts/progs.sh build -- "$$PROFKERN_PROG"
	@sh scripts/makerun.sh

# ---- the ISO: a GRUB 2 image with the kernel and the demo ----------------
ISO_PROGS := $(foreach t,$(RUN_TOOLS),$(BUILD)/user/$(t).elf) user/autoexec.cmd
iso: $(BUILD)/profkern.iso
$(BUILD)/profkern.iso: $(BUILD)/kernel.elf $(ISO_PROGS) scripts/mkiso.sh
	$(call msg,ISO,$@)sh scripts/mkiso.sh -- $@ "hz=$(HZ)" $(BUILD)/kernel.elf $(ISO_PROGS)

# ---- tests ------------------------------------------------------------------
test: deps all
	@$(MAKE) --no-print-directory unit unit-san fuzz-brief integration

# make run and make test on a fresh Debian root, under chroot (docs/running.md);
# FRESH=1 makes the root's base again. Not part of make test.
.PHONY: check-fresh
check-fresh:
	@sh scripts/check-fresh.sh $(if $(filter-out 0,$(FRESH)),-new)

endif # PROFKERN_PHASE
