# user.mk: the guest side: libc, crt0, system call stubs, and programs.
# A program is one C file; `make build/user/NAME.elf` builds it with its map.

include user/lib/libc.mk

# Guests compute with the x87 FPU (LIBC_FPU, user/lib/libc.mk), as the
# libc's floating-point functions do: one calling convention for doubles.
# A program's headers: the C library's (user/include), the interface to the
# kernel (include/: profile.h, sys/errno.h, sys/syscall.h), the compiler's.
UINC := -nostdinc -isystem user/include -isystem include -isystem $(GCCINC)
UCFLAGS := $(KCFLAGS) $(LIBC_FPU) $(UINC) -iquote user/lib
ULDFLAGS := $(KLDFLAGS) -Wl,--no-check-sections
USER_RT := $(BUILD)/u/user/crt0.o $(BUILD)/u/libc.a
# The guest programs of the tree; tests/tests.mk adds its own.
GUESTS  := testprof cmd pset profrun

$(BUILD)/u/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(UCFLAGS) -c $< -o $@
$(BUILD)/u/syscall.inc: include/sys/syscall.h
	@mkdir -p $(@D)
	sed -n 's/^#define[[:space:]]*\(SYS_[a-z]*\)[[:space:]]*\([0-9]*\).*/%define \1 \2/p' $< > $@
$(BUILD)/u/%.o: %.asm $(BUILD)/u/syscall.inc
	@mkdir -p $(@D)
	$(NASM) -f elf32 -g -I$(BUILD)/u/ -MD $(@:.o=.d) -MP $< -o $@
$(BUILD)/u/libc.a: $(patsubst %.c,$(BUILD)/u/%.o,$(LIBC_SRCS)) $(BUILD)/u/user/lib/syscalls.o
	rm -f $@
	ar rcs $@ $^

# Program NAME from the tree: user/NAME.c or tests/guest/NAME.c.
GUEST_LINK = $(CC) $(ULDFLAGS) -T user/user.ld $(BUILD)/u/user/crt0.o \
	$(filter-out $(USER_RT),$(filter %.o,$^)) $(BUILD)/u/libc.a $(LIBGCC) -o $@
$(BUILD)/user/%.elf: $(BUILD)/u/user/%.o $(USER_RT) user/user.ld
	@mkdir -p $(@D)
	$(GUEST_LINK)
$(BUILD)/user/%.elf: $(BUILD)/u/tests/guest/%.o $(USER_RT) user/user.ld
	@mkdir -p $(@D)
	$(GUEST_LINK)
# Programs of more than one file.
$(BUILD)/user/cmd.elf: $(BUILD)/u/user/batch.o
$(BUILD)/user/%.map: $(BUILD)/user/%.elf $(BUILD)/mkmap
	$(BUILD)/mkmap -- $< $(call upper,$*) > $@

guests: $(foreach g,$(GUESTS),$(BUILD)/user/$(g).elf $(BUILD)/user/$(g).map)
# Benchmark programs, from bench/.
$(BUILD)/user/%.elf: $(BUILD)/u/bench/%.o $(USER_RT) user/user.ld
	@mkdir -p $(@D)
	$(GUEST_LINK)
