# selftest.mk: the self-test kernel, build/selftest.elf: the product
# kernel's objects (kernel/kernel.mk), its main.c built again with
# KERNEL_SELFTEST, and the timer entry's self-test (selftest=tick,
# docs/running.md: ticktest.c and tickframe.asm here), which the product
# kernel has none of. make test builds it and boots it
# (tests/integration/cases/ticktest.sh).
SELFTEST_C   := tests/selftest/ticktest.c
SELFTEST_ASM := tests/selftest/tickframe.asm
SELFTEST_OBJ := $(patsubst $(BUILD)/k/kernel/main.o,$(BUILD)/k/selftest/kernel/main.o,$(KERNEL_OBJ)) \
                $(patsubst %.asm,$(BUILD)/k/%.o,$(SELFTEST_ASM)) $(patsubst %.c,$(BUILD)/k/%.o,$(SELFTEST_C))
$(BUILD)/k/selftest/%.o: %.c
	@mkdir -p $(@D)
	$(call msg,CC,$<)$(CC) $(KCFLAGS) $(FREESTAND) -iquote tests/selftest -DKERNEL_SELFTEST -c $< -o $@
$(BUILD)/selftest.elf: $(SELFTEST_OBJ) linker.ld
	$(call msg,LD,$@)$(CC) $(KLDFLAGS) -T linker.ld $(SELFTEST_OBJ) $(LIBGCC) -o $@
