# host.mk: the host tools (pinfo, profextract, mkmap) and their unit tests.
# The top Makefile builds each NAME of HOST_PROGS / UNIT_TESTS from NAME_SRCS,
# plain under build/ and with sanitizers under build/san/.

# The host's components, each named once: the frame extractor, the parsers
# and reports pinfo is made of (EXTRACT_SRCS, PINFO_PARSE_SRCS, PINFO_LIB).
EXTRACT_SRCS := host/profextract/extract.c host/profextract/capture.c host/common/hostio.c host/common/shown.c
PINFO_PARSE_SRCS := host/common/maps.c host/common/elf32.c host/pinfo/read/attrib.c host/pinfo/views/report.c \
	host/pinfo/read/modattrib.c lib/elf.c

UNIT_TESTS += test_dump test_dump_read test_dump_v3
test_dump_v3_SRCS := tests/unit/test_dump_v3.c tests/unit/testbuf.c $(FORMAT_HOST_SRCS)
test_dump_SRCS := tests/unit/test_dump.c tests/unit/testbuf.c $(FORMAT_HOST_SRCS)
test_dump_read_SRCS := tests/unit/test_dump_read.c tests/unit/testbuf.c $(FORMAT_HOST_SRCS)

HOST_PROGS += profextract
profextract_SRCS := host/profextract/profextract.c $(EXTRACT_SRCS) $(FORMAT_HOST_SRCS)

UNIT_TESTS += test_frame test_extract
test_frame_SRCS := tests/unit/test_frame.c tests/unit/testbuf.c host/profextract/capture.c $(FORMAT_HOST_SRCS)
test_extract_SRCS := tests/unit/test_extract.c tests/unit/testbuf.c $(EXTRACT_SRCS) $(FORMAT_HOST_SRCS)

# The unit tests include the tools' headers.
$(foreach d,host san,$(BUILD)/$(d)/tests/unit/%.o $(BUILD)/$(d)/kernel/%.o $(BUILD)/$(d)/drivers/%.o \
	$(BUILD)/$(d)/user/%.o): HOST_CFLAGS += $(addprefix -iquote ,kernel drivers user user/newlib tests/unit)

HOST_PROGS += mkmap
# elf32.c fingerprints code as the kernel's loader lays it out: lib/elf.c.
mkmap_SRCS := host/mkmap/mkmap.c host/common/elf32.c host/mkmap/mapwrite.c host/common/hostio.c host/common/shown.c \
	lib/elf.c format/crc32.c

# mkmap with the sanitizers, LeakSanitizer on, on good and hostile ELF files.
unit-san: mkmap-san
.PHONY: mkmap-san
mkmap-san: $(BUILD)/san/mkmap $(BUILD)/san/pinfo
	@sh tests/unit/mkmap_san.sh $(BUILD)

HOST_PROGS += pinfo
# Beyond the seed's report: sorted views, source lines (DWARF by elfutils'
# libdw), annotation, diff and merge, the HTML report.
PINFO_MORE_SRCS := host/pinfo/views/view.c host/pinfo/read/lines.c host/pinfo/views/annotate.c \
	host/pinfo/views/pinfo_lines.c host/pinfo/views/diff.c host/pinfo/views/html.c \
	host/pinfo/views/htmlflame.c
# The split of buckets over lines by instructions, and the call stacks' leaf
# frames (frames.c), disassemble with capstone, loaded when first wanted
# (dlopen: disasm.c), not linked.
DISASM_SRCS := host/pinfo/read/disasm.c host/pinfo/read/frames.c
PINFO_MORE_SRCS += $(DISASM_SRCS)
LINES_LIBS := -ldw -lelf -ldl
PINFO_MORE_LIBS := $(LINES_LIBS)
PINFO_LIB := host/pinfo/pinfo_run.c host/common/hostio.c host/common/shown.c host/pinfo/views/export.c $(PINFO_PARSE_SRCS) \
	$(FORMAT_HOST_SRCS) \
	$(PINFO_MORE_SRCS)
# The call stacks' views (docs/stacks.md); --pprof's C is generated from
# host/pinfo/views/profile.proto by protoc-c into build/gen.
GEN := $(BUILD)/gen
# STACKS_CORE: the stacks named (read/) and their text and SVG views.
STACKS_CORE := host/pinfo/read/callstacks.c host/pinfo/read/modsyms.c host/pinfo/read/leafcaller.c \
	host/pinfo/views/folded.c host/pinfo/views/callgraph.c host/pinfo/views/flamegraph.c \
	host/pinfo/views/flametree.c
STACKS_LIB := $(STACKS_CORE) host/pinfo/views/pprof.c host/pinfo/views/pinfo_stacks.c $(GEN)/profile.pb-c.c
STACKS_LIBS := -lprotobuf-c -lz

$(GEN)/profile.pb-c.c $(GEN)/profile.pb-c.h: host/pinfo/views/profile.proto
	@mkdir -p $(GEN)
	protoc-c --proto_path=host/pinfo/views --c_out=$(GEN) host/pinfo/views/profile.proto
$(BUILD)/host/host/pinfo/views/pprof.o $(BUILD)/san/host/pinfo/views/pprof.o \
$(BUILD)/host/tests/unit/test_stacks_views.o $(BUILD)/san/tests/unit/test_stacks_views.o: $(GEN)/profile.pb-c.h
$(BUILD)/host/host/pinfo/views/pprof.o $(BUILD)/san/host/pinfo/views/pprof.o \
$(BUILD)/host/tests/unit/test_stacks_views.o $(BUILD)/san/tests/unit/test_stacks_views.o: \
	HOST_CFLAGS += -iquote $(GEN)
PINFO_LIB += $(STACKS_LIB)
PINFO_MORE_LIBS += $(STACKS_LIBS)
pinfo_SRCS := host/pinfo/pinfo.c $(PINFO_LIB)
pinfo_LIBS := $(PINFO_MORE_LIBS)

UNIT_TESTS += test_pinfo test_attrib test_map test_elf32
test_pinfo_SRCS := tests/unit/test_pinfo.c tests/unit/testbuf.c $(PINFO_LIB)
test_attrib_SRCS := tests/unit/test_attrib.c tests/unit/testbuf.c $(PINFO_LIB)
test_map_SRCS := tests/unit/test_map.c tests/unit/testbuf.c $(PINFO_LIB)
test_elf32_SRCS := tests/unit/test_elf32.c tests/unit/testbuf.c host/mkmap/mapwrite.c $(PINFO_LIB)

UNIT_TESTS += test_export test_export_run
test_export_SRCS := tests/unit/test_export.c tests/unit/testexport.c tests/unit/testbuf.c $(PINFO_LIB)
UNIT_TESTS += test_stacks_views test_stacks_nocs
test_stacks_views_SRCS := tests/unit/test_stacks_views.c tests/unit/stacksfix.c $(PINFO_LIB)
# capstone's dlopen made to fail (--wrap): the stacks without it
test_stacks_nocs_SRCS := tests/unit/test_stacks_nocs.c tests/unit/stacksfix.c $(PINFO_LIB)
test_stacks_nocs_LIBS := -Wl,--wrap=dlopen
test_export_run_SRCS := tests/unit/test_export_run.c tests/unit/testexport.c tests/unit/testbuf.c \
	$(PINFO_LIB)

# Hostile names through every view, byte by byte (docs/pinfo.md, "Names in the output").
UNIT_TESTS += test_names
test_names_SRCS := tests/unit/test_names.c tests/unit/stacksfix.c tests/unit/testbuf.c $(PINFO_LIB)

# The tests that link pinfo's code link libdw with it.
$(foreach t,test_pinfo test_attrib test_map test_elf32 test_export test_export_run test_stacks_views \
	test_stacks_nocs test_names,$(eval \
	$(t)_LIBS += $(PINFO_MORE_LIBS)))

# Source lines: an ELF with DWARF built at test time from a C file whose
# lines are known (order-only: the test reads it, it is not linked in).
UNIT_TESTS += test_lines test_views
test_lines_SRCS := tests/unit/test_lines.c tests/unit/testbuf.c $(PINFO_LIB)
test_lines_LIBS := $(PINFO_MORE_LIBS)
test_views_SRCS := tests/unit/test_views.c tests/unit/testbuf.c $(PINFO_LIB)
test_views_LIBS := $(PINFO_MORE_LIBS)
$(BUILD)/tests/test_lines $(BUILD)/san/tests/test_lines: | $(BUILD)/tests/data/lines.elf
$(BUILD)/host/tests/unit/test_lines.o $(BUILD)/san/tests/unit/test_lines.o: \
	HOST_CFLAGS += -DLINES_ELF='"$(BUILD)/tests/data/lines.elf"'
$(BUILD)/tests/data/lines.elf: tests/unit/data/lines.c
	@mkdir -p $(@D)
	$(CC) -m32 -g -O0 -ffreestanding -fno-pic -fno-pie -nostdlib -static -no-pie \
		-Wl,-Ttext=0 -Wl,-e,_start -Wl,--build-id=none $< -o $@
# and one whose functions gcc -O2 copies under suffixed names (.constprop.N ...)
$(BUILD)/tests/test_lines $(BUILD)/san/tests/test_lines: | $(BUILD)/tests/data/clones.elf
$(BUILD)/host/tests/unit/test_lines.o $(BUILD)/san/tests/unit/test_lines.o: \
	HOST_CFLAGS += -DCLONES_ELF='"$(BUILD)/tests/data/clones.elf"'
$(BUILD)/tests/data/clones.elf: tests/unit/data/clones.c
	@mkdir -p $(@D)
	$(CC) -m32 -g -O2 -ffreestanding -fno-pic -fno-pie -nostdlib -static -no-pie \
		-Wl,-Ttext=0 -Wl,-e,_start -Wl,--build-id=none $< -o $@

# pinfo's command line (--help, --version, unknown options, the new tools'
# misuse): a script over the plain and sanitizer builds.
unit: pinfo-cli
unit-san: pinfo-cli
.PHONY: pinfo-cli
pinfo-cli: $(BUILD)/pinfo $(BUILD)/san/pinfo $(BUILD)/tests/data/lines.elf
	@sh tests/unit/pinfo_cli.sh $(BUILD)

# pinfo's memory under a forged dump whose views are 100 MB (plain build).
unit: pinfo-bounds
.PHONY: pinfo-bounds
pinfo-bounds: $(BUILD)/pinfo $(BUILD)/bench/genstacks $(BUILD)/bench/gendump
	@sh tests/unit/pinfo_bounds.sh $(BUILD)

# No file of pinfo over 600 lines, no function over 100 (issue 23); the
# files named after the folder are left out until they are split.
unit: pinfo-sizes
.PHONY: pinfo-sizes
pinfo-sizes:
	@sh tests/unit/source_sizes.sh host/pinfo host/pinfo/read/lines.c
