# unit.mk: every unit test (cmocka, on the host), one folder and one list
# per part of the source it tests. The top Makefile builds each NAME of
# UNIT_TESTS from NAME_SRCS (and NAME_LIBS) into build/tests/NAME, plain and
# with sanitizers under build/san/tests/, and make unit / unit-san run them.
#
#   support/   what tests of several parts share: testbuf (a byte sink, a
#              counting allocator, small dumps, tfile), kstub (kprintf)
#   data/      fixtures of several tests and of tests/integration/tools.sh
UNIT := tests/unit
UNIT_DIRS := $(addprefix $(UNIT)/,support kernel drivers lib user profiler format profextract mkmap pinfo common)

# The tests include the headers of the parts they test, theirs and support's.
$(foreach d,host san,$(BUILD)/$(d)/$(UNIT)/%.o $(BUILD)/$(d)/kernel/%.o $(BUILD)/$(d)/drivers/%.o \
	$(BUILD)/$(d)/user/%.o): HOST_CFLAGS += $(addprefix -iquote ,kernel kernel/fs kernel/smp drivers user user/newlib $(UNIT_DIRS))

# ---- kernel/: the kernel's C, built for the host ------------------------------
UNIT_KERNEL := test_desc test_uaccess test_bootargs test_mem test_fs test_acpi
test_desc_SRCS     := $(UNIT)/kernel/test_desc.c kernel/desc.c
test_uaccess_SRCS  := $(UNIT)/kernel/test_uaccess.c kernel/uaccess.c
test_bootargs_SRCS := $(UNIT)/kernel/test_bootargs.c $(UNIT)/support/kstub.c kernel/bootargs.c kernel/module.c
test_mem_SRCS      := $(UNIT)/kernel/test_mem.c kernel/mem.c
test_fs_SRCS       := $(UNIT)/kernel/test_fs.c kernel/fs/fs.c kernel/fs/dir.c kernel/fs/inode.c kernel/mem.c
test_acpi_SRCS     := $(UNIT)/kernel/test_acpi.c kernel/smp/acpi.c

# ---- drivers/: the chips' drivers, their port I/O recorded (--wrap) --------------
UNIT_DRIVERS := test_pit test_pic
test_pit_SRCS := $(UNIT)/drivers/test_pit.c $(UNIT)/drivers/portrec.c $(UNIT)/support/kstub.c drivers/pit8253.c
test_pit_LIBS := -Wl,--wrap=outb -Wl,--wrap=inb
test_pic_SRCS := $(UNIT)/drivers/test_pic.c $(UNIT)/drivers/portrec.c $(UNIT)/support/kstub.c drivers/pic8259.c
test_pic_LIBS := -Wl,--wrap=outb -Wl,--wrap=inb

# ---- lib/: the freestanding code kernel and host share ---------------------------
UNIT_LIB := test_string test_format test_elf
test_string_SRCS := $(UNIT)/lib/test_string.c
test_format_SRCS := $(UNIT)/lib/test_format.c lib/format.c
test_elf_SRCS    := $(UNIT)/lib/test_elf.c lib/elf.c

# ---- user/: the guest's C that runs on the host as well ---------------------------
UNIT_USER := test_batch
test_batch_SRCS := $(UNIT)/user/test_batch.c user/batch.c

# ---- profiler/: the profiler module, its environment stubbed (profstub.c) ---------
UNIT_PROFILER := test_prof test_plan test_stacks test_spread test_trace test_percpu test_port test_offcpu test_ownev
PROF_SRCS := $(PROFILER_SRCS) $(FORMAT_SRCS) $(UNIT)/profiler/profstub.c
test_prof_SRCS   := $(UNIT)/profiler/test_prof.c $(UNIT)/profiler/dumpback.c $(PROF_SRCS) \
	host/profextract/capture.c $(FORMAT_READ_SRCS)
test_plan_SRCS   := $(UNIT)/profiler/test_plan.c $(PROF_SRCS)
test_spread_SRCS := $(UNIT)/profiler/test_spread.c $(UNIT)/profiler/dumpback.c $(PROF_SRCS) \
	host/profextract/capture.c $(FORMAT_READ_SRCS)
test_trace_SRCS := $(UNIT)/profiler/test_trace.c $(UNIT)/profiler/dumpback.c $(PROF_SRCS) \
	host/profextract/capture.c $(FORMAT_READ_SRCS)
test_stacks_SRCS := $(UNIT)/profiler/test_stacks.c $(UNIT)/profiler/dumpback.c $(PROF_SRCS) \
	host/profextract/capture.c $(FORMAT_READ_SRCS)
test_percpu_SRCS := $(UNIT)/profiler/test_percpu.c $(UNIT)/profiler/dumpback.c $(PROF_SRCS) \
	host/profextract/capture.c $(FORMAT_READ_SRCS)
test_port_SRCS := $(UNIT)/profiler/test_port.c $(UNIT)/profiler/dumpback.c $(PROF_SRCS) \
	host/profextract/capture.c $(FORMAT_READ_SRCS)
test_offcpu_SRCS := $(UNIT)/profiler/test_offcpu.c $(UNIT)/profiler/dumpback.c $(PROF_SRCS) \
	host/profextract/capture.c $(FORMAT_READ_SRCS)
test_ownev_SRCS := $(UNIT)/profiler/test_ownev.c $(UNIT)/profiler/dumpback.c $(PROF_SRCS) \
	host/profextract/capture.c $(FORMAT_READ_SRCS)

# ---- format/: the dump and the serial frame --------------------------------------
UNIT_FORMAT := test_dump test_dump_read test_dump_v3 test_dump_v4 test_dump_v5 test_dump_v6 test_dump_v7 test_dump_v8 \
	test_frame
test_dump_SRCS      := $(UNIT)/format/test_dump.c $(UNIT)/support/testbuf.c $(FORMAT_HOST_SRCS)
test_dump_read_SRCS := $(UNIT)/format/test_dump_read.c $(UNIT)/support/testbuf.c $(FORMAT_HOST_SRCS)
test_dump_v3_SRCS   := $(UNIT)/format/test_dump_v3.c $(UNIT)/support/testbuf.c $(FORMAT_HOST_SRCS)
test_dump_v4_SRCS   := $(UNIT)/format/test_dump_v4.c $(UNIT)/support/testbuf.c $(FORMAT_HOST_SRCS)
test_dump_v5_SRCS   := $(UNIT)/format/test_dump_v5.c $(UNIT)/support/testbuf.c $(FORMAT_HOST_SRCS)
test_dump_v6_SRCS   := $(UNIT)/format/test_dump_v6.c $(UNIT)/support/testbuf.c $(FORMAT_HOST_SRCS)
test_dump_v7_SRCS   := $(UNIT)/format/test_dump_v7.c $(UNIT)/support/testbuf.c $(FORMAT_HOST_SRCS)
test_dump_v8_SRCS   := $(UNIT)/format/test_dump_v8.c $(UNIT)/support/testbuf.c $(FORMAT_HOST_SRCS)
test_frame_SRCS     := $(UNIT)/format/test_frame.c $(UNIT)/support/testbuf.c host/profextract/capture.c \
	$(FORMAT_HOST_SRCS)

# ---- profextract/ ---------------------------------------------------------------
UNIT_PROFEXTRACT := test_extract test_stream
test_extract_SRCS := $(UNIT)/profextract/test_extract.c $(UNIT)/support/testbuf.c $(EXTRACT_SRCS) $(FORMAT_HOST_SRCS)
test_stream_SRCS := $(UNIT)/profextract/test_stream.c $(UNIT)/support/testbuf.c $(EXTRACT_SRCS) $(FORMAT_HOST_SRCS)

# ---- mkmap/: ELF symbols as mkmap writes them and pinfo reads them -------------------
UNIT_MKMAP := test_elf32
test_elf32_SRCS := $(UNIT)/mkmap/test_elf32.c $(UNIT)/support/testbuf.c host/mkmap/mapwrite.c $(PINFO_LIB)

# mkmap with the sanitizers, LeakSanitizer on, on good and hostile ELF files.
unit-san: mkmap-san
.PHONY: mkmap-san
mkmap-san: $(BUILD)/san/mkmap $(BUILD)/san/pinfo
	@sh $(UNIT)/mkmap/mkmap_san.sh $(BUILD)

# ---- pinfo/ ---------------------------------------------------------------------
UNIT_PINFO := test_pinfo test_attrib test_map test_export test_export_run test_stacks_views test_stacks_nocs \
	test_names test_lines test_views test_rounding test_ci test_runs test_runsim test_present test_cpus test_timeline
test_pinfo_SRCS  := $(UNIT)/pinfo/test_pinfo.c $(UNIT)/support/testbuf.c $(PINFO_LIB)
test_attrib_SRCS := $(UNIT)/pinfo/test_attrib.c $(UNIT)/support/testbuf.c $(PINFO_LIB)
test_map_SRCS    := $(UNIT)/pinfo/test_map.c $(UNIT)/support/testbuf.c $(PINFO_LIB)
test_export_SRCS := $(UNIT)/pinfo/test_export.c $(UNIT)/pinfo/testexport.c $(UNIT)/support/testbuf.c $(PINFO_LIB)
test_export_run_SRCS := $(UNIT)/pinfo/test_export_run.c $(UNIT)/pinfo/testexport.c $(UNIT)/support/testbuf.c \
	$(PINFO_LIB)
test_stacks_views_SRCS := $(UNIT)/pinfo/test_stacks_views.c $(UNIT)/pinfo/stacksfix.c $(PINFO_LIB)
# capstone's dlopen made to fail (--wrap): the stacks without it
test_stacks_nocs_SRCS := $(UNIT)/pinfo/test_stacks_nocs.c $(UNIT)/pinfo/stacksfix.c $(PINFO_LIB)
test_stacks_nocs_LIBS := -Wl,--wrap=dlopen
# Hostile names through every view, byte by byte (docs/pinfo.md, "Names in the output").
test_names_SRCS := $(UNIT)/pinfo/test_names.c $(UNIT)/pinfo/stacksfix.c $(UNIT)/support/testbuf.c $(PINFO_LIB)
test_lines_SRCS := $(UNIT)/pinfo/test_lines.c $(UNIT)/support/testbuf.c $(PINFO_LIB)
test_views_SRCS := $(UNIT)/pinfo/test_views.c $(UNIT)/support/testbuf.c $(PINFO_LIB)
# the largest remainder method that rounds the symbols' and the lines' tics
test_rounding_SRCS := $(UNIT)/pinfo/test_rounding.c host/pinfo/read/rounding.c
# the 95% intervals of shares and the tests of their differences (docs/accuracy.md)
test_ci_SRCS := $(UNIT)/pinfo/test_ci.c host/pinfo/read/ci.c
test_runs_SRCS := $(UNIT)/pinfo/test_runs.c $(PINFO_LIB)
# the model against the spread of a simulated sampling over 200 seeds
test_runsim_SRCS := $(UNIT)/pinfo/test_runsim.c $(PINFO_LIB)
# the views' intervals, --ci, --csv, --truth (share.c, csv.c, truth.c)
test_present_SRCS := $(UNIT)/pinfo/test_present.c $(UNIT)/support/testbuf.c $(PINFO_LIB)
# pinfo --cpus and the HTML report's CPUs, on dumps of two and four CPUs
test_cpus_SRCS := $(UNIT)/pinfo/test_cpus.c $(UNIT)/support/testbuf.c $(PINFO_LIB)
test_timeline_SRCS := $(UNIT)/pinfo/test_timeline.c $(UNIT)/support/testbuf.c $(PINFO_LIB)

# The tests that link pinfo's code link its libraries (libdw, protobuf-c...) with it.
$(foreach t,$(UNIT_MKMAP) $(UNIT_PINFO),$(eval $(t)_LIBS += $(PINFO_MORE_LIBS)))

# The pprof view's test reads the profile's generated C header.
$(BUILD)/host/$(UNIT)/pinfo/test_stacks_views.o $(BUILD)/san/$(UNIT)/pinfo/test_stacks_views.o: \
	$(GEN)/profile.pb-c.h
$(BUILD)/host/$(UNIT)/pinfo/test_stacks_views.o $(BUILD)/san/$(UNIT)/pinfo/test_stacks_views.o: \
	HOST_CFLAGS += -iquote $(GEN)

# Source lines: an ELF with DWARF built at test time from a C file whose
# lines are known (order-only: the test reads it, it is not linked in).
$(BUILD)/tests/test_lines $(BUILD)/san/tests/test_lines: | $(BUILD)/tests/data/lines.elf
$(BUILD)/host/$(UNIT)/pinfo/test_lines.o $(BUILD)/san/$(UNIT)/pinfo/test_lines.o: \
	HOST_CFLAGS += -DLINES_ELF='"$(BUILD)/tests/data/lines.elf"'
$(BUILD)/tests/data/lines.elf: $(UNIT)/data/lines.c
	@mkdir -p $(@D)
	$(call msg,CC,$<)$(CC) -m32 -g -O0 -ffreestanding -fno-pic -fno-pie -nostdlib -static -no-pie \
		-Wl,-Ttext=0 -Wl,-e,_start -Wl,--build-id=none $< -o $@
# and one whose functions gcc -O2 copies under suffixed names (.constprop.N ...)
$(BUILD)/tests/test_lines $(BUILD)/san/tests/test_lines: | $(BUILD)/tests/data/clones.elf
$(BUILD)/host/$(UNIT)/pinfo/test_lines.o $(BUILD)/san/$(UNIT)/pinfo/test_lines.o: \
	HOST_CFLAGS += -DCLONES_ELF='"$(BUILD)/tests/data/clones.elf"'
$(BUILD)/tests/data/clones.elf: $(UNIT)/data/clones.c
	@mkdir -p $(@D)
	$(call msg,CC,$<)$(CC) -m32 -g -O2 -ffreestanding -fno-pic -fno-pie -nostdlib -static -no-pie \
		-Wl,-Ttext=0 -Wl,-e,_start -Wl,--build-id=none $< -o $@

# pinfo's command line (--help, --version, unknown options, the new tools'
# misuse): a script over the plain and sanitizer builds.
unit: pinfo-cli
unit-san: pinfo-cli
.PHONY: pinfo-cli
pinfo-cli: $(BUILD)/pinfo $(BUILD)/san/pinfo $(BUILD)/tests/data/lines.elf
	@sh $(UNIT)/pinfo/pinfo_cli.sh $(BUILD)

# pinfo's memory under a forged dump whose views are 100 MB (plain build).
unit: pinfo-bounds
.PHONY: pinfo-bounds
pinfo-bounds: $(BUILD)/pinfo $(BUILD)/bench/genstacks $(BUILD)/bench/gendump
	@sh $(UNIT)/pinfo/pinfo_bounds.sh $(BUILD)

# ---- common/: what every host program shares ------------------------------------
# Every host program's command line alike (-h, --help, --version, an unknown
# option; host/common/cli.h), pinfo, profextract and mkmap plain and with the
# sanitizers, and qrun: a script.
unit: host-cli
unit-san: host-cli
.PHONY: host-cli
host-cli: $(foreach p,pinfo profextract mkmap,$(BUILD)/$(p) $(BUILD)/san/$(p))
	@sh $(UNIT)/common/host_cli.sh $(BUILD)

# Each command installs its own packages (scripts/deps.sh), make run's
# neither Chromium nor Go, Bochs, clang or valgrind: apt-get and dpkg-query
# stand-ins, no package touched.
unit: deps-lists
.PHONY: deps-lists
deps-lists:
	@sh $(UNIT)/common/deps.sh

UNIT_TESTS += $(UNIT_KERNEL) $(UNIT_DRIVERS) $(UNIT_LIB) $(UNIT_USER) $(UNIT_PROFILER) $(UNIT_FORMAT) \
	$(UNIT_PROFEXTRACT) $(UNIT_MKMAP) $(UNIT_PINFO)

# Every test file is some list's (one that none names would never run),
# and in the folder of a part, none loose in $(UNIT)/.
unit unit-san: unit-listed
.PHONY: unit-listed
unit-listed:
	@lost=; for f in $(UNIT)/*/test_*.c; do t=$${f##*/}; case " $(UNIT_TESTS) " in \
		*" $${t%.c} "*) ;; *) lost="$$lost $$f" ;; esac; done; \
	[ -z "$$lost" ] || { echo "unit: in no list of $(UNIT)/unit.mk:$$lost" >&2; exit 1; }; \
	loose=$$(ls $(UNIT)/*.c $(UNIT)/*.h $(UNIT)/*.sh 2>/dev/null); \
	[ -z "$$loose" ] || { echo "unit: in no part's folder:" $$loose >&2; exit 1; }
