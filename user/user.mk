# user.mk: the guest programs of the tree, built on newlib as the programs
# `make run` builds are (user/newlib/newlib.mk: newlib's libc and libm, our
# crt0, system-call layer and the kernel's own calls, docs/libc.md), with
# the project's warnings. A program is one C file (or more, listed below);
# `make build/user/NAME.elf` builds it with its map.

include user/newlib/newlib.mk

# The kernel's interface is include/'s (NEWLIB_CFLAGS: profile.h,
# profkern.h, kerrno.h: the kernel's error numbers, sys/syscall.h); the
# system-call gate (user/newlib/ksys.h) is for the tests that call the
# kernel directly (tests/guest/kraw.h).
UCFLAGS = $(NEWLIB_CFLAGS) $(WARN) -iquote user/newlib -iquote format
USER_RT := $(NEWLIB_RT) $(NEWLIB_LIBS)
# The guest programs of the tree; tests/tests.mk adds its own.
GUESTS  := testprof cmd pset profrun

$(BUILD)/u/%.o: %.c $(NEWLIB_LIB)/libc.a | $(NEWLIB_ATOMIC)
	@mkdir -p $(@D)
	$(call msg,CC,$<)$(CC) $(UCFLAGS) -c $< -o $@

# Program NAME from the tree: user/NAME.c or tests/guest/NAME.c.
GUEST_LINK = $(call newlib_link,$(filter-out $(USER_RT),$(filter %.o,$^)),$@)
$(BUILD)/user/%.elf: $(BUILD)/u/user/%.o $(USER_RT) user/user.ld
	@mkdir -p $(@D)
	$(call msg,LD,$@)$(GUEST_LINK)
$(BUILD)/user/%.elf: $(BUILD)/u/tests/guest/%.o $(USER_RT) user/user.ld
	@mkdir -p $(@D)
	$(call msg,LD,$@)$(GUEST_LINK)
# Programs of more than one file.
$(BUILD)/user/cmd.elf: $(BUILD)/u/user/batch.o
$(BUILD)/user/%.map: $(BUILD)/user/%.elf $(BUILD)/mkmap
	$(call msg,MAP,$@)$(BUILD)/mkmap -- $< $(call upper,$*) > $@

guests: $(foreach g,$(GUESTS),$(BUILD)/user/$(g).elf $(BUILD)/user/$(g).map)
# Benchmark programs, from bench/.
$(BUILD)/user/%.elf: $(BUILD)/u/bench/%.o $(USER_RT) user/user.ld
	@mkdir -p $(@D)
	$(call msg,LD,$@)$(GUEST_LINK)
