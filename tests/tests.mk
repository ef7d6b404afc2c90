# tests.mk: the guest test programs, and the integration tests that boot
# QEMU (and, for the ring-3 suite, Bochs). The unit tests: tests/unit/unit.mk.

GUEST_TESTS := hello spin16 faults badptr fstest bigprog profcalls threefn worker sorter profiltest usertests sysfuzz iretfuzz fpmix \
               conforge dumpnames manydumps calltree manystacks badstacks posixtest ownevents
GUESTS += $(GUEST_TESTS)

# workerb: worker.c again, under another module name, so two programs of
# known relative work can run at once.
$(BUILD)/u/tests/guest/workerb.o: tests/guest/worker.c $(NEWLIB_LIB)/libc.a
	@mkdir -p $(@D)
	$(call msg,CC,$@)$(CC) $(UCFLAGS) -c $< -o $@
GUESTS += workerb

# (the worker's map: cases/smp.sh's stacks; the sanitizer build of pinfo:
# tools.sh, report.sh and stacks.sh run it beside the plain one; the bare
# kernel: bare.sh)
integration: all $(BUILD)/selftest.elf $(BUILD)/bare/kernel.elf $(foreach g,$(GUESTS),$(BUILD)/user/$(g).elf) \
	$(BUILD)/user/worker.map $(BUILD)/san/pinfo
	@sh tests/integration/sti.sh $(BUILD)
	@EMU=qemu sh tests/integration/run.sh $(BUILD)
	@# (TERM as a chroot or a CI job may leave it: Bochs's display must not need the caller's)
	@EMU=bochs TERM=unknown sh tests/integration/run.sh $(BUILD)
	@sh tests/integration/makevars.sh $(BUILD)
	@sh tests/integration/progs.sh $(BUILD)
	@sh tests/integration/tools.sh $(BUILD)
	@sh tests/integration/truth.sh $(BUILD)
	@sh tests/integration/smptick.sh $(BUILD)
	@sh tests/integration/report.sh $(BUILD)
	@sh tests/integration/stacks.sh $(BUILD)
	@sh tests/integration/bare.sh $(BUILD)
	@sh tests/integration/xv6.sh $(BUILD)
# (the self-test kernel, build/selftest.elf: cases/ticktest.sh)
include tests/selftest/selftest.mk

# The house's rules (scripts/check-house.sh): files, functions, folders,
# includes and guards; and every path the product's comments name is in
# the tree (tests/house/comment_refs.sh).
unit: house
include tests/port/port.mk
.PHONY: house
house:
	@sh tests/house/check.sh $(BUILD)
	@sh tests/house/comment_refs.sh
