# The one entry point: make, make run, make test, make bench (README.md).
# Everything built lands under build/; a run's files under build/run/.
#
# Two phases. The first installs the Debian packages that are missing
# (scripts/deps.sh) and nothing else; the second, a new make started by
# the first, reads the build, so that whatever it computes from the
# installed packages (libgcc's path, the compilers' include folders) is
# computed after they are there.

# Every value a user gives make run is checked first, in both phases.
include scripts/uservars.mk

ifneq ($(PROFKERN_PHASE),build)
GOALS := $(or $(MAKECMDGOALS),all)
# Goals that need no package.
NODEPS_GOALS := clean check-fresh
.PHONY: $(GOALS) phase-build
$(GOALS): phase-build
	@:
phase-build:
	@$(if $(filter-out $(NODEPS_GOALS),$(GOALS)),sh scripts/deps.sh)
	@$(MAKE) --no-print-directory PROFKERN_PHASE=build $(foreach g,$(GOALS),'$(subst ','\'',$(g))')
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
BUILD_LAYOUT := 4 (host/ and scripts/, includes by name)
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
# The host programs' folders: each program's, and the code they share.
# Quoted includes name the file alone; its folder is on the include path.
HOST_DIRS := host/common host/pinfo host/pinfo/read host/pinfo/views host/profextract host/mkmap
HOST_INC := $(addprefix -iquote ,include format profiler lib $(HOST_DIRS))
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

# ---- host programs and unit tests, built plain and with sanitizers ----------
# For each NAME in HOST_PROGS / UNIT_TESTS, NAME_SRCS lists its C files.
$(BUILD)/host/%.o: %.c
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) $(HOST_INC) -c $< -o $@
$(BUILD)/san/%.o: %.c
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) $(SAN_FLAGS) $(HOST_INC) -c $< -o $@

# $(1): output under build/, $(2): the variable prefix, $(3): extra libraries
define host_prog
$(BUILD)/$(1): $$(patsubst %.c,$(BUILD)/host/%.o,$$($(2)_SRCS))
	@mkdir -p $$(@D)
	$$(HOST_CC) $$^ -o $$@ $$($(2)_LIBS) $(3)
$(BUILD)/san/$(1): $$(patsubst %.c,$(BUILD)/san/%.o,$$($(2)_SRCS))
	@mkdir -p $$(@D)
	$$(HOST_CC) $(SAN_FLAGS) $$^ -o $$@ $$($(2)_LIBS) $(3)
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
	rm -rf $(BUILD)

# The compilers' dependency files, read only from the folders the compilers
# write objects to: never from build/run/ or a test's folder, where the
# guest's dumps land under names the guest chose, nor build/fresh (a whole
# Debian root: make check-fresh).
override PROG_OBJ := $(BUILD)/prog
DEP_DIRS := $(BUILD)/k $(BUILD)/u $(BUILD)/nl $(BUILD)/host $(BUILD)/san $(FUZZ)/obj $(BENCH)/host $(BENCH)/nl $(PROG_OBJ)
-include $(shell find $(DEP_DIRS) -name '*.d' 2>/dev/null)

# ---- running: make run [PROG="..."] [PROG_CFLAGS=...] [SCRIPT=batch.cmd] [HZ=N]
#      [STACK=bytes] [MEM=MiB] [REALTIME=1] [STACKS=1] [STACKTABLE=N] [TIMEOUT=s] [EMU=bochs]
#      (README.md); each value checked by scripts/uservars.mk ----------------
override RUN := $(BUILD)/run
PROG_CFLAGS ?=
# CFLAGS, as a C user would give it, goes to the programs too (after
# PROG_CFLAGS); the kernel's and the tools' flags are the project's own.
CFLAGS   ?=

# The demo runs when no program is given.
RUN_WORDS := $(if $(PROG),$(PROG),user/testprof.c)
RUN_NAMES := $(foreach w,$(RUN_WORDS),$(call prog_name,$(w)))
RUN_ELFS := $(foreach n,$(RUN_NAMES),$(RUN)/$(n).elf)

# A user's program, from anywhere, built as hosted C on newlib
# (user/newlib/newlib.mk: NEWLIB_CFLAGS), then PROG_CFLAGS and CFLAGS:
# quoted includes relative to each source, then PROG_CFLAGS's -I folders,
# then newlib's headers. Objects and dependency files go to $(PROG_OBJ), by
# program and by the source's absolute path; never to $(RUN), whose files
# make never reads. A change of flags or STACK relinks every program.
# File names are of the characters uservars.mk allows, and each is given
# to a command quoted, as one argument.
USER_PROG_CFLAGS = $(NEWLIB_CFLAGS)
PROG_LDFLAGS = -Wl$(comma)--defsym=__stack_size=$(STACK)
PROG_FLAGS_NOW := $(strip $(USER_PROG_CFLAGS) $(PROG_CFLAGS) $(CFLAGS) stack=$(STACK))
ifneq ($(PROG_FLAGS_NOW),$(strip $(file <$(PROG_OBJ)/flags.txt)))
$(shell mkdir -p $(PROG_OBJ))
$(file >$(PROG_OBJ)/flags.txt,$(PROG_FLAGS_NOW))
endif
prog_obj = $(PROG_OBJ)/$(1)$(abspath $(2)).o
prog_objs = $(foreach s,$(call prog_srcs,$(2)),$(call prog_obj,$(1),$(s)))
define run_obj
$(call prog_obj,$(1),$(2)): $(2) $(PROG_OBJ)/flags.txt $(NEWLIB_LIB)/libc.a
	@mkdir -p '$$(@D)'
	$(CC) $(USER_PROG_CFLAGS) $(PROG_CFLAGS) $(CFLAGS) -c '$(2)' -o '$$@'
endef
define run_prog
$(foreach s,$(call prog_srcs,$(2)),$(eval $(call run_obj,$(1),$(s))))
$(RUN)/$(1).elf: $(call prog_objs,$(1),$(2)) $(NEWLIB_RT) $(NEWLIB_LIBS) user/user.ld
	@mkdir -p $(RUN)
	$(call newlib_link,$(foreach o,$(call prog_objs,$(1),$(2)),'$(o)'),'$$@')
	@if nm -u -- $(foreach o,$(call prog_objs,$(1),$(2)),'$(o)') | \
		grep -qE ' U (Prof(Init|On|Off|Dump|Clear|Free)|profil)$$$$'; then touch '$(RUN)/$(1).profcalls'; \
	else rm -f -- '$(RUN)/$(1).profcalls'; fi
endef
$(foreach w,$(filter-out $(foreach t,$(RUN_TOOLS),user/$(t).c),$(RUN_WORDS)),$(eval \
	$(call run_prog,$(call prog_name,$(w)),$(w))))
$(RUN)/%.elf: $(BUILD)/user/%.elf
	@mkdir -p $(RUN)
	cp -- '$<' '$@'
$(RUN)/%.map: $(RUN)/%.elf $(BUILD)/mkmap
	$(BUILD)/mkmap -- '$<' '$(call upper,$*)' > '$@'

# What makerun.sh takes, through the environment: no value of the user's is
# ever part of a command line a shell reads.
run: export PROFKERN_RUN := $(RUN)
run: export PROFKERN_HZ := $(HZ)
run: export PROFKERN_MEM := $(MEM)
run: export PROFKERN_TIMEOUT := $(TIMEOUT)
run: export PROFKERN_REALTIME := $(REALTIME)
run: export PROFKERN_SCRIPT := $(SCRIPT)
run: export PROFKERN_STACKS := $(STACKS)
run: export PROFKERN_STACKTABLE := $(STACKTABLE)
run: export PROFKERN_MODE := $(if $(PROG),programs,demo)
run: export PROFKERN_NAMES := $(RUN_NAMES)
run: export PROFKERN_EMU := $(EMU)
run: export PROFKERN_ARGS := $(ARGS)
run: export PROFKERN_FILES := $(RUN_FILES)
run: export PROFKERN_STDIN := $(STDIN)
# Each program is built by a make of its own, so that one that does not
# build fails by name (RUN/NAME.nobuild, makerun.sh) and the others run;
# the names come from the environment, as makerun.sh's do (checked names,
# split at spaces, no globbing).
run: all $(if $(PROG),,$(RUN_ELFS) $(RUN_ELFS:.elf=.map)) $(foreach t,$(RUN_TOOLS),$(RUN)/$(t).elf $(RUN)/$(t).map)
	@[ "$$PROFKERN_MODE" = programs ] || exit 0; set -f; r=$$PROFKERN_RUN; \
	for n in $$PROFKERN_NAMES; do rm -f "$$r/$$n.nobuild"; \
		$(MAKE) --no-print-directory "$$r/$$n.elf" "$$r/$$n.map" || \
		{ rm -f "$$r/$$n.elf" "$$r/$$n.map"; : > "$$r/$$n.nobuild"; }; done
	@sh scripts/makerun.sh

# ---- the ISO: a GRUB 2 image with the kernel and the demo ----------------
ISO_PROGS := $(foreach t,$(RUN_TOOLS),$(BUILD)/user/$(t).elf) user/autoexec.cmd
iso: $(BUILD)/profkern.iso
$(BUILD)/profkern.iso: $(BUILD)/kernel.elf $(ISO_PROGS) scripts/mkiso.sh
	sh scripts/mkiso.sh -- $@ "hz=$(HZ)" $(BUILD)/kernel.elf $(ISO_PROGS)

# ---- tests ------------------------------------------------------------------
test: deps all
	@$(MAKE) --no-print-directory unit unit-san fuzz-brief integration

# make run and make test on a fresh Debian root, under chroot (docs/running.md);
# FRESH=1 makes the root's base again. Not part of make test.
.PHONY: check-fresh
check-fresh:
	@sh scripts/check-fresh.sh $(if $(filter-out 0,$(FRESH)),-new)

endif # PROFKERN_PHASE
