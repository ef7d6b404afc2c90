# bare.mk: make bare: the smallest kernel that takes the profiler module
# (ports/bare/README.md). It builds the kernel with the module's sources,
# boots it in QEMU under -icount, and prints pinfo's report of the
# kernel's own functions, named from its ELF file (ports/bare/run.sh).
# Everything lands under build/bare/: the objects in obj/, the kernel
# (kernel.elf: pinfo takes a map named kernel for the module "kernel"),
# and the run's files in run/ (serial.log, dumps/bare.pro).

BARE       := $(BUILD)/bare
# The kernel's own sources; then the module's, as its build files list them.
BARE_SRCS  := ports/bare/kernel.c ports/bare/port.c ports/bare/work.c
BARE_MOD   := $(PROFILER_SRCS) $(FORMAT_SRCS)
# Freestanding, 32-bit, no FPU or SSE code in the kernel; functions on
# 16-byte boundaries, so that no 4-byte bucket holds the end of one
# function and the start of the next.
BARE_CFLAGS := -m32 -march=i686 -ffreestanding -fno-pic -fno-pie -fno-stack-protector \
               -fno-builtin -fno-omit-frame-pointer -fno-asynchronous-unwind-tables \
               -mno-sse -mno-mmx -mno-80387 -O2 -g -std=gnu11 $(WARN) -falign-functions=16 -MMD -MP
# The compiler's freestanding headers, the module's folders, the kernel's own.
BARE_INC   := -nostdinc -isystem $(GCCINC) -Iinclude -iquote profiler -iquote format -iquote ports/bare
BARE_OBJ   := $(BARE)/obj/ports/bare/boot.o $(patsubst %.c,$(BARE)/obj/%.o,$(BARE_SRCS) $(BARE_MOD))

$(BARE)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(call msg,CC,$<)$(CC) $(BARE_CFLAGS) $(BARE_INC) -c $< -o $@
$(BARE)/obj/%.o: %.asm
	@mkdir -p $(@D)
	$(call msg,AS,$<)$(NASM) -f elf32 -g -MD $(@:.o=.d) -MP $< -o $@
$(BARE)/kernel.elf: $(BARE_OBJ) ports/bare/linker.ld
	$(call msg,LD,$@)$(CC) $(KLDFLAGS) -T ports/bare/linker.ld $(BARE_OBJ) $(LIBGCC) -o $@
-include $(shell find $(BARE)/obj -name '*.d' 2>/dev/null)

# The rate (HZ=, checked by scripts/uservars.mk) and the time allowed
# (TIMEOUT=) reach run.sh through the environment, never a command line.
.PHONY: bare
bare: export PROFKERN_HZ := $(HZ)
bare: export PROFKERN_TIMEOUT := $(TIMEOUT)
bare: $(BARE)/kernel.elf $(BUILD)/pinfo $(BUILD)/profextract
	@sh ports/bare/run.sh $(BUILD)
