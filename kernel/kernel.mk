# kernel.mk: the kernel ELF, its maps, and the GRUB ISO.

GCCINC    := $(shell $(CC) -print-file-name=include)
FREESTAND := -nostdinc -isystem $(GCCINC) -Iuser/include -iquote user/lib -iquote profiler
KERNEL_C  := $(wildcard kernel/*.c drivers/*.c) profiler/prof.c profiler/session.c profiler/system.c profiler/sample.c profiler/dump.c \
             profiler/frame.c profiler/crc32.c user/lib/string.c user/lib/format.c
KERNEL_ASM := boot/boot.asm boot/trapentry.asm boot/irq0.asm
KERNEL_OBJ := $(patsubst %.asm,$(BUILD)/k/%.o,$(KERNEL_ASM)) $(patsubst %.c,$(BUILD)/k/%.o,$(KERNEL_C))

$(BUILD)/k/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(KCFLAGS) $(FREESTAND) -c $< -o $@
$(BUILD)/k/%.o: %.asm
	@mkdir -p $(@D)
	$(NASM) -f elf32 -g -MD $(@:.o=.d) -MP $< -o $@

$(BUILD)/kernel.elf: $(KERNEL_OBJ) linker.ld
	$(CC) $(KLDFLAGS) -T linker.ld $(KERNEL_OBJ) $(LIBGCC) -o $@

# The kernel's maps: LINK style for pinfo, System.map text for readprofile.
$(BUILD)/kernel.map: $(BUILD)/kernel.elf $(BUILD)/mkmap
	$(BUILD)/mkmap $< kernel > $@
$(BUILD)/kernel.sym: $(BUILD)/kernel.elf $(BUILD)/mkmap
	$(BUILD)/mkmap -s $< kernel > $@

# Every sti of the kernel is "sti; nop" (host-tools/check-sti.sh says why).
$(BUILD)/kernel.sti-ok: $(BUILD)/kernel.elf host-tools/check-sti.sh
	sh host-tools/check-sti.sh $< && touch $@

kernel: $(BUILD)/kernel.elf $(BUILD)/kernel.map $(BUILD)/kernel.sym $(BUILD)/kernel.sti-ok
