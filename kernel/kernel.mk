# kernel.mk: the kernel ELF, its maps and its sti check. The GRUB ISO is
# the Makefile's; the self-test kernel (build/selftest.elf), which links
# these objects with the tests' own, is tests/selftest/selftest.mk's.

GCCINC    := $(shell $(CC) -print-file-name=include)
# The kernel's headers: the compiler's freestanding ones, the interface it
# shares with programs (include/), the shared code's (lib/), the format's.
FREESTAND := -nostdinc -isystem $(GCCINC) -Iinclude -Ilib -iquote kernel -iquote kernel/fs -iquote kernel/time -iquote kernel/smp -iquote drivers -iquote format -iquote profiler -Iprofiler/include
# Every source by name. (kernel/asm-offsets.c is not linked: it makes the
# assembly's offsets, below.)
KERNEL_SRCS  := kernel/bootargs.c kernel/console.c kernel/cpu.c kernel/desc.c kernel/fpu.c \
                kernel/main.c kernel/mem.c kernel/module.c kernel/proc.c kernel/ptable.c \
                kernel/profenv.c kernel/sched.c kernel/systab.c kernel/trap.c \
                kernel/uaccess.c kernel/vm.c
# The file system: files and descriptors, paths and folders, the tables,
# and the files sent back at shutdown (docs/syscalls.md, "Files").
KERNEL_FS_SRCS := kernel/fs/fs.c kernel/fs/dir.c kernel/fs/inode.c kernel/fs/fsback.c
# Time: the clock (the PIT), and with several CPUs each one's timer.
KERNEL_TIME_SRCS := kernel/time/clock.c kernel/time/timers.c
# The other CPUs: found, started, replanned, reported (docs/smp.md).
KERNEL_SMP_SRCS := kernel/smp/acpi.c kernel/smp/findcpus.c kernel/smp/lapic.c kernel/smp/percpu.c \
                   kernel/smp/replan.c kernel/smp/cpureport.c kernel/smp/start.c \
                   kernel/smp/turns.c
DRIVERS_SRCS := drivers/ioport.c drivers/pic8259.c drivers/pit8253.c drivers/qemuexit.c drivers/uart16550.c
KERNEL_C  := $(KERNEL_SRCS) $(KERNEL_FS_SRCS) $(KERNEL_TIME_SRCS) $(KERNEL_SMP_SRCS) $(DRIVERS_SRCS) $(PROFILER_SRCS) $(FORMAT_SRCS) $(LIB_SRCS)
KERNEL_ASM := boot/boot.asm boot/trapentry.asm boot/irq0.asm boot/trampoline.asm
KERNEL_OBJ := $(patsubst %.asm,$(BUILD)/k/%.o,$(KERNEL_ASM)) $(patsubst %.c,$(BUILD)/k/%.o,$(KERNEL_C))

$(BUILD)/k/%.o: %.c
	@mkdir -p $(@D)
	$(call msg,CC,$<)$(CC) $(KCFLAGS) $(FREESTAND) -c $< -o $@
$(BUILD)/k/%.o: %.asm $(BUILD)/k/asm-offsets.inc
	@mkdir -p $(@D)
	$(call msg,AS,$<)$(NASM) -f elf32 -g -I$(BUILD)/k/ -Iboot/ -MD $(@:.o=.d) -MP $< -o $@

# The C structures' offsets and constants for the assembly (kernel/asm-offsets.c).
$(BUILD)/k/asm-offsets.inc: kernel/asm-offsets.c
	@mkdir -p $(@D)
	$(call msg,GEN,$@)$(CC) $(KCFLAGS) $(FREESTAND) -MT $@ -MF $(BUILD)/k/asm-offsets.d -S $< -o $(BUILD)/k/asm-offsets.s
	$(Q)sed -n 's/^[[:space:]]*\.ascii[[:space:]]*"->\([A-Z0-9_]*\) \$$\{0,1\}\(-\{0,1\}[0-9]*\)\\n"$$/\1 equ \2/p' \
		$(BUILD)/k/asm-offsets.s > $@.tmp
	@test -s $@.tmp || { echo "asm-offsets: no offsets found in $(BUILD)/k/asm-offsets.s" >&2; exit 1; }
	$(Q)mv $@.tmp $@

$(BUILD)/kernel.elf: $(KERNEL_OBJ) linker.ld
	$(call msg,LD,$@)$(CC) $(KLDFLAGS) -T linker.ld $(KERNEL_OBJ) $(LIBGCC) -o $@

# The kernel's maps: LINK style for pinfo, System.map text for readprofile.
$(BUILD)/kernel.map: $(BUILD)/kernel.elf $(BUILD)/mkmap
	$(call msg,MAP,$@)$(BUILD)/mkmap -- $< kernel > $@
$(BUILD)/kernel.sym: $(BUILD)/kernel.elf $(BUILD)/mkmap
	$(call msg,MAP,$@)$(BUILD)/mkmap -s -- $< kernel > $@

# Every sti of the kernel is "sti; nop" (scripts/check-sti.sh says why).
$(BUILD)/kernel.sti-ok: $(BUILD)/kernel.elf scripts/check-sti.sh
	$(call msg,CHKSTI,$<)sh scripts/check-sti.sh -- $< && touch $@

kernel: $(BUILD)/kernel.elf $(BUILD)/kernel.map $(BUILD)/kernel.sym $(BUILD)/kernel.sti-ok
