# bare.mk: make bare: the smallest kernel that takes the profiler module
# (ports/bare/README.md). It builds the kernel with the module's sources,
# boots it in QEMU under -icount, and prints pinfo's report of the
# kernel's own functions, named from its ELF file (ports/bare/run.sh).
# Everything lands under build/bare/: the objects in obj/, the kernel
# (kernel.elf: pinfo takes a map named kernel for the module "kernel"),
# and the run's files in run/ (serial.log, dumps/bare.pro).
#
# The module comes from its build file, profiler/profkern.mk, which the
# Makefile includes (profiler/profiler.mk); a kernel of its own includes it
# itself:  PROFMOD_DIR := path/to/profkern
#          include $(PROFMOD_DIR)/profiler/profkern.mk
# It gives the module's sources (PROFMOD_SRCS), its one include folder
# (PROFMOD_INC: "profkern/port.h") and the flags it needs (PROFMOD_CFLAGS).

BARE       := $(BUILD)/bare
BARE_SRCS  := ports/bare/kernel.c ports/bare/machine.c ports/bare/port.c ports/bare/work.c
# Freestanding, 32-bit, no FPU or SSE code in the kernel; functions on
# 16-byte boundaries, so that no 4-byte bucket holds the end of one
# function and the start of the next.
BARE_CFLAGS := -m32 -march=i686 -ffreestanding -fno-pic -fno-pie -fno-stack-protector \
               -fno-builtin -fno-omit-frame-pointer -fno-asynchronous-unwind-tables \
               -mno-sse -mno-mmx -mno-80387 -O2 -g -std=gnu11 -Wall -Wextra -Werror \
               -falign-functions=16 -MMD -MP
# The compiler's freestanding headers (stdint.h, stddef.h), the module's
# prefix, the kernel's own: no other header of profkern's.
BARE_INC   := -nostdinc -isystem $(shell $(CC) -print-file-name=include) $(PROFMOD_INC) -iquote ports/bare
BARE_LDFLAGS := -m32 -nostdlib -no-pie -static -Wl,--build-id=none -Wl,-z,noexecstack -Wl,--no-warn-rwx-segments
BARE_OBJ   := $(BARE)/obj/ports/bare/boot.o $(patsubst %.c,$(BARE)/obj/%.o,$(BARE_SRCS) $(PROFMOD_SRCS))

$(BARE)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(call msg,CC,$<)$(CC) $(BARE_CFLAGS) $(PROFMOD_CFLAGS) $(BARE_INC) -c $< -o $@
$(BARE)/obj/%.o: %.asm
	@mkdir -p $(@D)
	$(call msg,AS,$<)$(NASM) -f elf32 -g -MD $(@:.o=.d) -MP $< -o $@
$(BARE)/kernel.elf: $(BARE_OBJ) ports/bare/linker.ld
	$(call msg,LD,$@)$(CC) $(BARE_LDFLAGS) -T ports/bare/linker.ld $(BARE_OBJ) -o $@
-include $(shell find $(BARE)/obj -name '*.d' 2>/dev/null)

# The rate (HZ=, checked by scripts/uservars.mk) and the time allowed
# (TIMEOUT=) reach run.sh through the environment, never a command line.
.PHONY: bare
bare: export PROFKERN_HZ := $(HZ)
bare: export PROFKERN_TIMEOUT := $(TIMEOUT)
bare: $(BARE)/kernel.elf $(BUILD)/pinfo $(BUILD)/profextract
	@sh ports/bare/run.sh $(BUILD)
