# xv6.mk: make xv6 XV6=DIR [PROG=...] [ARGS=...] [HZ=N] [CPUS=N] [TIMEOUT=s]:
# xv6-public (DIR, never changed) built with the profiler module in a copy
# (build/xv6/src, ports/xv6/apply.sh), each program of PROG run from its
# init and profiled, the reports printed (scripts/xv6run.sh; docs/porting.md,
# "xv6"). The run's files land in build/xv6/run/.
#
# The module as any foreign kernel builds it (profiler/profkern.mk, which
# profiler/profiler.mk includes), with xv6's own compiler flags beside the
# module's, and one slot: a process of xv6 has one code segment.

XV6_DIR    := $(BUILD)/xv6
XV6_MODOBJ := $(XV6_DIR)/mod
XV6_LIB    := $(XV6_DIR)/libprofkern.a
# xv6's CFLAGS (its Makefile's), for the module's objects
XV6_KFLAGS := -fno-pic -static -fno-builtin -fno-strict-aliasing -O2 -m32 -fno-omit-frame-pointer \
	-fno-stack-protector -ggdb
XV6_PROFDEFS := -DPROF_SLOTS=1
XV6_MODFLAGS := $(XV6_KFLAGS) $(PROFMOD_CFLAGS) $(PROFMOD_INC) $(XV6_PROFDEFS) $(WARN) -MMD -MP

$(XV6_MODOBJ)/%.o: %.c
	@mkdir -p $(@D)
	$(call msg,CC,$@)$(CC) $(XV6_MODFLAGS) -c $< -o $@
$(XV6_LIB): $(patsubst %.c,$(XV6_MODOBJ)/%.o,$(PROFMOD_SRCS))
	$(call msg,AR,$@)rm -f $@ && ar rcs $@ $^

# XV6 (an xv6-public tree), and HZ for xv6, are checked with make run's
# values, in both of make's phases (scripts/uservars.mk).
.PHONY: xv6 xv6-glue
$(foreach v,XV6 PROG ARGS HZ CPUS TIMEOUT,$(eval xv6: export PROFKERN_$(v) := $$($(v))))
xv6: export PROFKERN_MAKE := $(MAKE)
xv6: $(XV6_LIB) $(BUILD)/pinfo $(BUILD)/profextract
	@sh scripts/xv6run.sh

# The glue against the module's headers, without an xv6 tree: xv6's
# declarations it uses stand in (tests/xv6/stand-in/), each of xv6's
# headers it includes an empty file, so that a change to the contract that
# breaks the port fails make test on every host; and the glue with the
# module in one object, whose undefined symbols tests/integration/xv6.sh checks
# against what xv6 provides.
XV6_GLUE_CHECK := $(XV6_DIR)/glue-check
XV6_GLUE_EMPTY := types.h defs.h param.h memlayout.h mmu.h proc.h x86.h elf.h spinlock.h sleeplock.h user.h \
	fcntl.h syscall.h traps.h
XV6_GLUE_HDRS := $(addprefix $(XV6_GLUE_CHECK)/inc/,$(XV6_GLUE_EMPTY) profconf.h profruns.h)
XV6_GLUE_FLAGS := $(XV6_KFLAGS) $(PROFMOD_INC) $(XV6_PROFDEFS) -Wall -Werror -I$(XV6_GLUE_CHECK)/inc -Iports/xv6
xv6-glue: $(XV6_GLUE_CHECK)/glue.o $(XV6_GLUE_CHECK)/uprof.o $(XV6_GLUE_CHECK)/profinit.o
$(XV6_GLUE_CHECK)/inc/profconf.h:
	@mkdir -p $(@D) && echo '#define PROF_XV6_HZ 1000' > $@
$(XV6_GLUE_CHECK)/inc/profruns.h:
	@mkdir -p $(@D) && echo 'static struct profrun runs[] = { { { "demo", 0 }, 1 } };' > $@
$(addprefix $(XV6_GLUE_CHECK)/inc/,$(XV6_GLUE_EMPTY)):
	@mkdir -p $(@D) && : > $@
$(XV6_GLUE_CHECK)/profxv6.o: ports/xv6/profxv6.c ports/xv6/profxv6.h tests/xv6/stand-in/kernel.h $(XV6_GLUE_HDRS)
	$(call msg,CC,$@)$(CC) $(XV6_GLUE_FLAGS) -include tests/xv6/stand-in/kernel.h -c $< -o $@
$(XV6_GLUE_CHECK)/%.o: ports/xv6/%.c ports/xv6/profxv6.h tests/xv6/stand-in/user.h $(XV6_GLUE_HDRS)
	$(call msg,CC,$@)$(CC) $(XV6_GLUE_FLAGS) -include tests/xv6/stand-in/user.h -c $< -o $@
$(XV6_GLUE_CHECK)/glue.o: $(XV6_GLUE_CHECK)/profxv6.o $(XV6_LIB)
	$(call msg,LD,$@)ld -m elf_i386 -r -o $@ $^

# make test runs tests/integration/xv6.sh, make bench section 14
# (bench/xv6.sh): with XV6=DIR, their xv6 runs
integration bench bench-xv6: export PROFKERN_XV6 := $(XV6)
integration bench bench-xv6: export MAKE := $(MAKE)
