# tests.mk: the kernel's host unit tests, the guest test programs, and the
# integration tests that boot QEMU (and, for the ring-3 suite, Bochs).

UNIT_TESTS += test_desc test_pit test_pic test_uaccess test_bootargs test_mem test_elf test_batch test_fs test_string test_format
test_desc_SRCS     := tests/unit/test_desc.c kernel/desc.c
test_pit_SRCS      := tests/unit/test_pit.c tests/unit/portrec.c tests/unit/kstub.c drivers/pit8253.c
test_pit_LIBS      := -Wl,--wrap=outb -Wl,--wrap=inb
test_pic_SRCS      := tests/unit/test_pic.c tests/unit/portrec.c tests/unit/kstub.c drivers/pic8259.c
test_pic_LIBS      := -Wl,--wrap=outb -Wl,--wrap=inb
test_uaccess_SRCS  := tests/unit/test_uaccess.c kernel/uaccess.c
test_bootargs_SRCS := tests/unit/test_bootargs.c tests/unit/kstub.c kernel/bootargs.c kernel/module.c
test_mem_SRCS    := tests/unit/test_mem.c kernel/mem.c
test_fs_SRCS     := tests/unit/test_fs.c kernel/fs.c kernel/mem.c
test_elf_SRCS    := tests/unit/test_elf.c lib/elf.c
test_batch_SRCS  := tests/unit/test_batch.c user/batch.c
test_string_SRCS := tests/unit/test_string.c
test_format_SRCS := tests/unit/test_format.c lib/format.c

GUEST_TESTS := hello spin16 faults badptr fstest bigprog profcalls threefn worker sorter profiltest usertests sysfuzz iretfuzz fpmix \
               conforge dumpnames manydumps calltree manystacks badstacks
GUESTS += $(GUEST_TESTS)

# workerb: worker.c again, under another module name, so two programs of
# known relative work can run at once.
$(BUILD)/u/tests/guest/workerb.o: tests/guest/worker.c $(NEWLIB_LIB)/libc.a
	@mkdir -p $(@D)
	$(call msg,CC,$@)$(CC) $(UCFLAGS) -c $< -o $@
GUESTS += workerb

integration: all $(BUILD)/selftest.elf $(foreach g,$(GUESTS),$(BUILD)/user/$(g).elf)
	@sh tests/integration/sti.sh $(BUILD)
	@EMU=qemu sh tests/integration/run.sh $(BUILD)
	@# (TERM as a chroot or a CI job may leave it: Bochs's display must not need the caller's)
	@EMU=bochs TERM=unknown sh tests/integration/run.sh $(BUILD)
	@sh tests/integration/makevars.sh $(BUILD)
	@sh tests/integration/progs.sh $(BUILD)
	@sh tests/integration/tools.sh $(BUILD)
	@sh tests/integration/truth.sh $(BUILD)
	@sh tests/integration/report.sh $(BUILD)
	@sh tests/integration/stacks.sh $(BUILD)

PROF_SRCS := $(PROFILER_SRCS) $(FORMAT_SRCS) tests/unit/profstub.c
UNIT_TESTS += test_prof test_plan test_stacks
test_stacks_SRCS := tests/unit/test_stacks.c tests/unit/dumpback.c $(PROF_SRCS) host/profextract/capture.c $(FORMAT_READ_SRCS)
test_plan_SRCS := tests/unit/test_plan.c $(PROF_SRCS)
test_prof_SRCS := tests/unit/test_prof.c tests/unit/dumpback.c $(PROF_SRCS) host/profextract/capture.c $(FORMAT_READ_SRCS)

# Every path the product's sources name (comments above all) is in the tree.
unit: comment-refs
.PHONY: comment-refs
comment-refs:
	@sh tests/unit/comment_refs.sh
