# The one entry point: make, make run, make test, make bench (README.md).
# Everything built lands under build/; a run's files under build/run/.
#
# Two phases. The first installs the Debian packages that are missing
# (host-tools/deps.sh) and nothing else; the second, a new make started by
# the first, reads the build, so that whatever it computes from the
# installed packages (libgcc's path, the compilers' include folders) is
# computed after they are there.

# The emulator that boots the image: qemu, or bochs (docs/running.md). Its
# text is checked as it was given (never expanded), before anything runs.
EMU ?= qemu
ifneq ($(filter run,$(MAKECMDGOALS)),)
ifneq ($(words $(value EMU))$(filter qemu bochs,$(value EMU)),1$(value EMU))
$(error make run: EMU must be qemu or bochs, not '$(value EMU)')
endif
endif

ifneq ($(PROFKERN_PHASE),build)
GOALS := $(or $(MAKECMDGOALS),all)
# Goals that need no package.
NODEPS_GOALS := clean check-fresh
.PHONY: $(GOALS) phase-build
$(GOALS): phase-build
	@:
phase-build:
	@$(if $(filter-out $(NODEPS_GOALS),$(GOALS)),sh host-tools/deps.sh)
	@$(MAKE) --no-print-directory PROFKERN_PHASE=build $(GOALS)
else

BUILD   := build
HZ      ?= 1000
TIMEOUT ?= 60

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
BUILD_LAYOUT := 2 (include/ lib/ format/)
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
include host-tools/host.mk
include tests/tests.mk
include tests/fuzz/fuzz.mk
include bench/bench.mk

# ---- host programs and unit tests, built plain and with sanitizers ----------
# For each NAME in HOST_PROGS / UNIT_TESTS, NAME_SRCS lists its C files.
$(BUILD)/host/%.o: %.c
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) -iquote profiler -iquote format -iquote include -c $< -o $@
$(BUILD)/san/%.o: %.c
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) $(SAN_FLAGS) -iquote profiler -iquote format -iquote include -c $< -o $@

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
PROG_OBJ := $(BUILD)/prog
DEP_DIRS := $(BUILD)/k $(BUILD)/u $(BUILD)/host $(BUILD)/san $(FUZZ)/obj $(BENCH)/host $(PROG_OBJ)
-include $(shell find $(DEP_DIRS) -name '*.d' 2>/dev/null)

# ---- running: make run [PROG="..."] [PROG_CFLAGS=...] [SCRIPT=batch.cmd] [HZ=N]
#      [STACK=bytes] [MEM=MiB] [REALTIME=1] [STACKS=1] [STACKTABLE=N] [EMU=bochs] (README.md) --
RUN      := $(BUILD)/run
PROG     ?=
PROG_CFLAGS ?=
# CFLAGS, as a C user would give it, goes to the programs too (after
# PROG_CFLAGS); the kernel's and the tools' flags are the project's own.
CFLAGS   ?=
SCRIPT   ?=
REALTIME ?=
STACK    ?= 1048576
MEM      ?= 128
STACKS   ?=
STACKTABLE ?=
comma    := ,

# Each word of PROG is one program: NAME=a.c,b.c (named NAME); a.c,b.c (named
# after the first file); a folder (every .c directly in it, named after the
# folder); a.c. $(call prog_name,WORD) and $(call prog_srcs,WORD).
prog_named = $(findstring =,$(1))
prog_list  = $(findstring $(comma),$(1))
prog_dir   = $(if $(prog_named)$(prog_list),,$(wildcard $(1)/.))
prog_name  = $(strip $(if $(prog_named),$(firstword $(subst =, ,$(1))),$(if $(prog_list),$(basename \
	$(notdir $(firstword $(subst $(comma), ,$(1))))),$(if $(prog_dir),$(notdir $(patsubst %/,%,$(1))),$(basename \
	$(notdir $(1)))))))
prog_srcs  = $(strip $(if $(prog_named),$(subst $(comma), ,$(word 2,$(subst =, ,$(1)))),$(if $(prog_list),$(subst \
	$(comma), ,$(1)),$(if $(prog_dir),$(sort $(wildcard $(patsubst %/,%,$(1))/*.c)),$(1)))))

# The demo runs when no program is given.
RUN_WORDS := $(if $(PROG),$(PROG),user/testprof.c)
RUN_NAMES := $(foreach w,$(RUN_WORDS),$(call prog_name,$(w)))
RUN_ELFS := $(foreach n,$(RUN_NAMES),$(RUN)/$(n).elf)
# Always there, callable by name from a batch file.
RUN_TOOLS := cmd pset profrun testprof

# A user's program, from anywhere, built against the guests' C library: with
# the FPU (x87), warnings shown but the user's to mend, not errors; quoted
# includes relative to each source, then PROG_CFLAGS's -I folders, then the
# library's headers. Objects and dependency files go to $(PROG_OBJ), by
# program and by the source's absolute path; never to $(RUN), whose files
# make never reads. A change of flags or STACK relinks every program.
USER_PROG_CFLAGS = $(filter-out -Werror -mno-sse -mno-mmx -mno-80387,$(KCFLAGS)) -ffunction-sections $(LIBC_FPU) $(UINC)
PROG_LDFLAGS = -Wl$(comma)--defsym=__stack_size=$(STACK)
ifneq ($(PROG),)
# (a number as ld reads it: no leading 0 but 0x, which ld would take for
# octal; at most 1 GiB less a page, which the data segment cannot pass)
ifneq ($(shell printf '%s\n' '$(subst ','',$(STACK))' | grep -Ex '0|[1-9][0-9]{0,9}|0[xX][0-9a-fA-F]{1,8}'),$(STACK))
$(error make run: STACK=$(STACK): the program's stack in bytes, a decimal number (no leading 0) or a 0x hex one)
endif
ifneq ($(shell [ $$(($(STACK))) -le 1073737728 ] && echo ok),ok)
$(error make run: STACK=$(STACK): more than the 1 GiB a data segment can have)
endif
endif
PROG_FLAGS_NOW := $(strip $(USER_PROG_CFLAGS) $(PROG_CFLAGS) $(CFLAGS) stack=$(STACK))
ifneq ($(PROG_FLAGS_NOW),$(strip $(file <$(PROG_OBJ)/flags.txt)))
$(shell mkdir -p $(PROG_OBJ))
$(file >$(PROG_OBJ)/flags.txt,$(PROG_FLAGS_NOW))
endif
prog_obj = $(PROG_OBJ)/$(1)$(abspath $(2)).o
define run_obj
$(call prog_obj,$(1),$(2)): $(2) $(PROG_OBJ)/flags.txt
	@mkdir -p $$(@D)
	$(CC) $(USER_PROG_CFLAGS) $(PROG_CFLAGS) $(CFLAGS) -c $(2) -o $$@
endef
# A program's name: what is left of it without the characters a name may
# have (nothing, for a good one), and its lower case.
NAME_CHARS := A B C D E F G H I J K L M N O P Q R S T U V W X Y Z a b c d e f g h i j k l m n o p q r s t u v w x y z 0 1 2 3 4 5 6 7 8 9 _ - .
name_rest = $(strip $(eval name_left := $$(1))$(foreach c,$(NAME_CHARS),$(eval name_left := \
	$$(subst $(c),,$$(name_left))))$(name_left))
LOWER_PAIRS := A:a B:b C:c D:d E:e F:f G:g H:h I:i J:j K:k L:l M:m N:n O:o P:p Q:q R:r S:s T:t U:u V:v W:w X:x Y:y Z:z
lower = $(strip $(eval name_low := $$(1))$(foreach p,$(LOWER_PAIRS),$(eval name_low := \
	$$(subst $(word 1,$(subst :, ,$(p))),$(word 2,$(subst :, ,$(p))),$$(name_low))))$(name_low))
define run_prog
$(if $(call prog_srcs,$(2)),,$(error make run: PROG word '$(2)': no C file in it))
$(if $(call name_rest,$(1)),$(error make run: PROG word '$(2)': program name '$(1)': letters, digits, '_', '-' \
	and '.' only; name the program with NAME=files))
$(if $(filter $(RUN_TOOLS) kernel idle,$(call lower,$(1))),$(error make run: PROG word '$(2)': \
	'$(1)' is the name of the guest's own command or module ($(RUN_TOOLS) kernel idle, in any case); name the \
	program otherwise, NAME=file.c))
$(foreach s,$(call prog_srcs,$(2)),$(if $(wildcard $(s)),,$(error make run: PROG word '$(2)': no file $(s) (a relative \
	path is taken from $(CURDIR)))))
$(foreach s,$(call prog_srcs,$(2)),$(eval $(call run_obj,$(1),$(s))))
$(RUN)/$(1).elf: $(foreach s,$(call prog_srcs,$(2)),$(call prog_obj,$(1),$(s))) $(USER_RT) user/user.ld
	@mkdir -p $(RUN)
	$(CC) $(ULDFLAGS) $(PROG_LDFLAGS) -T user/user.ld $(BUILD)/u/user/crt0.o \
		$(foreach s,$(call prog_srcs,$(2)),$(call prog_obj,$(1),$(s))) $(BUILD)/u/libc.a $(LIBGCC) -o $$@
	@if nm -u $(foreach s,$(call prog_srcs,$(2)),$(call prog_obj,$(1),$(s))) | \
		grep -qE ' U (Prof(Init|On|Off|Dump|Clear|Free)|profil)$$$$'; then touch $(RUN)/$(1).profcalls; \
	else rm -f $(RUN)/$(1).profcalls; fi
endef
$(foreach w,$(filter-out $(foreach t,$(RUN_TOOLS),user/$(t).c),$(RUN_WORDS)),$(eval \
	$(call run_prog,$(call prog_name,$(w)),$(w))))
# Two programs of one name (in any case: a module's name is upper case)
# would be one ELF file and one dump: refused, naming the name.
RUN_LOWER := $(foreach n,$(RUN_NAMES),$(call lower,$(n)))
RUN_DUP := $(firstword $(foreach n,$(RUN_LOWER),$(if $(word 2,$(filter $(n),$(RUN_LOWER))),$(n))))
$(if $(RUN_DUP),$(error make run: two PROG words name a program $(RUN_DUP) (in any case): $(foreach w,$(RUN_WORDS),$(if \
	$(filter $(RUN_DUP),$(call lower,$(call prog_name,$(w)))),'$(w)')); name one otherwise, NAME=files))
$(RUN)/%.elf: $(BUILD)/user/%.elf
	@mkdir -p $(RUN)
	cp $< $@
$(RUN)/%.map: $(RUN)/%.elf $(BUILD)/mkmap
	$(BUILD)/mkmap $< $(shell echo $* | tr a-z A-Z) > $@

run: all $(RUN_ELFS) $(RUN_ELFS:.elf=.map) $(foreach t,$(RUN_TOOLS),$(RUN)/$(t).elf $(RUN)/$(t).map)
	@PROFKERN_STACKS="$(STACKS)" PROFKERN_STACKTABLE="$(STACKTABLE)" PROFKERN_EMU=$(EMU) sh host-tools/makerun.sh "$(RUN)" "$(HZ)" "$(REALTIME)" "$(SCRIPT)" "$(TIMEOUT)" "$(MEM)" \
		"$(if $(PROG),programs,demo)" $(RUN_NAMES)

# ---- the ISO: a GRUB 2 image with the kernel and the demo ----------------
ISO_PROGS := $(foreach t,$(RUN_TOOLS),$(BUILD)/user/$(t).elf) user/autoexec.cmd
iso: $(BUILD)/profkern.iso
$(BUILD)/profkern.iso: $(BUILD)/kernel.elf $(ISO_PROGS) host-tools/mkiso.sh
	sh host-tools/mkiso.sh $@ "hz=$(HZ)" $(BUILD)/kernel.elf $(ISO_PROGS)

# ---- tests ------------------------------------------------------------------
test: deps all
	@$(MAKE) --no-print-directory unit unit-san fuzz-brief integration

# make run and make test on a fresh Debian root, under chroot (docs/running.md);
# FRESH=1 makes the root's base again. Not part of make test.
.PHONY: check-fresh
check-fresh:
	@sh host-tools/check-fresh.sh $(if $(filter-out 0,$(FRESH)),-new)

endif # PROFKERN_PHASE
