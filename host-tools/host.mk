# host.mk: the host tools (pinfo, profextract, mkmap) and their unit tests.
# The top Makefile builds each NAME of HOST_PROGS / UNIT_TESTS from NAME_SRCS,
# plain under build/ and with sanitizers under build/san/.

PDUMP_SRCS := profiler/dump.c profiler/dump_read.c profiler/crc32.c

UNIT_TESTS += test_dump test_dump_read test_dump_v3
test_dump_v3_SRCS := tests/unit/test_dump_v3.c tests/unit/testbuf.c $(PDUMP_SRCS)
test_dump_SRCS := tests/unit/test_dump.c tests/unit/testbuf.c $(PDUMP_SRCS)
test_dump_read_SRCS := tests/unit/test_dump_read.c tests/unit/testbuf.c $(PDUMP_SRCS)

HOST_PROGS += profextract
profextract_SRCS := host-tools/profextract.c host-tools/extract.c host-tools/capture.c \
	host-tools/hostio.c $(PDUMP_SRCS)

UNIT_TESTS += test_frame test_extract
test_frame_SRCS := tests/unit/test_frame.c tests/unit/testbuf.c profiler/frame.c \
	host-tools/capture.c $(PDUMP_SRCS)
test_extract_SRCS := tests/unit/test_extract.c tests/unit/testbuf.c profiler/frame.c \
	host-tools/extract.c host-tools/capture.c host-tools/hostio.c $(PDUMP_SRCS)

# The unit tests include the tools' headers.
$(BUILD)/host/tests/unit/%.o $(BUILD)/san/tests/unit/%.o: HOST_CFLAGS += -iquote host-tools

HOST_PROGS += mkmap
# elf32.c fingerprints code as the kernel's loader lays it out: kernel/elf.c.
mkmap_SRCS := host-tools/mkmap.c host-tools/elf32.c host-tools/mapwrite.c host-tools/hostio.c \
	kernel/elf.c profiler/crc32.c

# mkmap with the sanitizers, LeakSanitizer on, on good and hostile ELF files.
unit-san: mkmap-san
.PHONY: mkmap-san
mkmap-san: $(BUILD)/san/mkmap $(BUILD)/san/pinfo
	@sh tests/unit/mkmap_san.sh $(BUILD)

HOST_PROGS += pinfo
PINFO_LIB := host-tools/pinfo_run.c host-tools/report.c host-tools/attrib.c host-tools/maps.c \
	host-tools/elf32.c host-tools/hostio.c host-tools/export.c kernel/elf.c $(PDUMP_SRCS)
# The call stacks' views (docs/stacks.md); --pprof's C is generated from
# host-tools/profile.proto by protoc-c into build/gen.
GEN := $(BUILD)/gen
STACKS_LIB := host-tools/callstacks.c host-tools/flamegraph.c host-tools/pprof.c \
	host-tools/pinfo_stacks.c $(GEN)/profile.pb-c.c
STACKS_LIBS := -lprotobuf-c -lz
pinfo_SRCS := host-tools/pinfo.c $(PINFO_LIB) $(STACKS_LIB)
pinfo_LIBS := $(STACKS_LIBS)

$(GEN)/profile.pb-c.c $(GEN)/profile.pb-c.h: host-tools/profile.proto
	@mkdir -p $(GEN)
	protoc-c --proto_path=host-tools --c_out=$(GEN) host-tools/profile.proto
$(BUILD)/host/host-tools/pprof.o $(BUILD)/san/host-tools/pprof.o \
$(BUILD)/host/tests/unit/test_stacks_views.o $(BUILD)/san/tests/unit/test_stacks_views.o: $(GEN)/profile.pb-c.h
$(BUILD)/host/host-tools/pprof.o $(BUILD)/san/host-tools/pprof.o \
$(BUILD)/host/tests/unit/test_stacks_views.o $(BUILD)/san/tests/unit/test_stacks_views.o: \
	HOST_CFLAGS += -iquote $(GEN)

UNIT_TESTS += test_pinfo test_attrib test_map test_elf32
test_pinfo_SRCS := tests/unit/test_pinfo.c tests/unit/testbuf.c $(PINFO_LIB)
test_attrib_SRCS := tests/unit/test_attrib.c tests/unit/testbuf.c $(PINFO_LIB)
test_map_SRCS := tests/unit/test_map.c tests/unit/testbuf.c $(PINFO_LIB)
test_elf32_SRCS := tests/unit/test_elf32.c tests/unit/testbuf.c host-tools/mapwrite.c $(PINFO_LIB)

UNIT_TESTS += test_export test_export_run
test_export_SRCS := tests/unit/test_export.c tests/unit/testexport.c tests/unit/testbuf.c $(PINFO_LIB)
UNIT_TESTS += test_stacks_views
test_stacks_views_SRCS := tests/unit/test_stacks_views.c $(PINFO_LIB) $(STACKS_LIB)
test_stacks_views_LIBS := $(STACKS_LIBS)
test_export_run_SRCS := tests/unit/test_export_run.c tests/unit/testexport.c tests/unit/testbuf.c \
	$(PINFO_LIB)
