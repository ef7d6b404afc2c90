# newlib.mk: newlib, the C library of the programs make run builds
# (docs/libc.md), from Debian's newlib-source, built once into
# $(NEWLIB) by user/newlib/build.sh; and the layer of ours they link
# with it: crt0, the system calls newlib asks for, the profiler's calls.

NEWLIB_TARBALL := /usr/src/newlib/newlib-3.3.0.tar.xz
NEWLIB     := $(BUILD)/newlib
NEWLIB_LIB := $(NEWLIB)/install/i686-elf/lib
NEWLIB_INC := $(NEWLIB)/install/i686-elf/include
NEWLIB_LIBS := $(NEWLIB_LIB)/libm.a $(NEWLIB_LIB)/libc.a

$(NEWLIB_LIB)/libc.a: user/newlib/build.sh user/newlib/patch-asm.sh
	$(call msg,NEWLIB,$(NEWLIB) (once$(comma) about a minute))sh user/newlib/build.sh -- $(NEWLIB_TARBALL) $(NEWLIB)
$(NEWLIB_LIB)/libm.a: $(NEWLIB_LIB)/libc.a
	@:

# A program on newlib is hosted C: gcc's own rules (builtins, main's
# return), our POSIX headers (user/newlib/include: <dirent.h>'s folders,
# <pthread.h>, <termios.h>, ...; gcc's <stdatomic.h>, copied into
# $(BUILD)/nl/include), newlib's headers, then gcc's, then the kernel's interface
# (include/: profile.h) last, so that newlib's <sys/errno.h> is the one
# seen. The host gcc's __linux__ and __unix__ are undefined, as newlib was
# built (user/newlib/build.sh). What the profiler needs of the code:
# frame pointers, functions 16-aligned each in its own section (user.ld's
# SUBALIGN(16) puts them at multiples of 16 at any -O), no PIC, the x87.
NEWLIB_CFLAGS := -m32 -march=i686 -nostdinc -isystem user/newlib/include -isystem $(BUILD)/nl/include \
	-isystem $(NEWLIB_INC) -isystem $(GCCINC) -idirafter include \
	-U__linux__ -U__linux -Ulinux -U__gnu_linux__ -U__unix__ -U__unix -Uunix \
	-fno-pic -fno-pie -fno-stack-protector -fno-omit-frame-pointer -fno-asynchronous-unwind-tables \
	-falign-functions=16 -ffunction-sections -mfpmath=387 -O2 -g -MMD -MP
NEWLIB_LDFLAGS := -m32 -nostdlib -no-pie -static -Wl,--build-id=none -Wl,-z,noexecstack -Wl,--no-warn-rwx-segments \
	-Wl,--no-check-sections

# gcc's own <stdatomic.h>, under a name of its own that ours includes.
NEWLIB_ATOMIC := $(BUILD)/nl/include/gccatomic.h
$(NEWLIB_ATOMIC): $(GCCINC)/stdatomic.h
	@mkdir -p $(@D)
	$(call msg,CP,$@)cp -- '$<' '$@'

# The layer: its own objects, with the project's warnings.
NEWLIB_RT_SRCS := user/newlib/syscalls.c user/newlib/kcalls.c user/newlib/kerr.c user/newlib/env.c user/newlib/posix.c \
	user/newlib/pthread.c user/newlib/term.c user/newlib/proc.c
NEWLIB_RT := $(BUILD)/nl/user/newlib/crt0.o $(BUILD)/nl/libprofkern.a
$(BUILD)/nl/%.o: %.c $(NEWLIB_LIB)/libc.a | $(NEWLIB_ATOMIC)
	@mkdir -p $(@D)
	$(call msg,CC,$<)$(CC) $(NEWLIB_CFLAGS) $(WARN) -iquote include -c $< -o $@
$(BUILD)/nl/%.o: %.asm
	@mkdir -p $(@D)
	$(call msg,AS,$<)$(NASM) -f elf32 -g -MD $(@:.o=.d) -MP $< -o $@
$(BUILD)/nl/libprofkern.a: $(patsubst %.c,$(BUILD)/nl/%.o,$(NEWLIB_RT_SRCS))
	$(call msg,AR,$@)rm -f $@
	$(Q)ar rcs $@ $^

# $(call newlib_link,OBJECTS,OUT): a program of OBJECTS on newlib
newlib_link = $(CC) $(NEWLIB_LDFLAGS) $(PROG_LDFLAGS) -T user/user.ld $(BUILD)/nl/user/newlib/crt0.o $(1) \
	-Wl,--start-group $(BUILD)/nl/libprofkern.a $(NEWLIB_LIBS) $(LIBGCC) -Wl,--end-group -o $(2)
all: $(NEWLIB_RT) $(NEWLIB_ATOMIC)
