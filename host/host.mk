# host.mk: the host tools (pinfo, profextract, mkmap); their unit tests are
# tests/unit/unit.mk's. The top Makefile builds each NAME of HOST_PROGS from
# NAME_SRCS, plain under build/ and with sanitizers under build/san/.

# The host programs' folders: each program's, and the code they share.
# Quoted includes name the file alone; its folder is on the include path.
HOST_DIRS := host/common host/pinfo host/pinfo/read host/pinfo/views host/profextract host/mkmap
HOST_INC := $(addprefix -iquote ,include format profiler lib $(HOST_DIRS)) -Iprofiler/include

# The host's components, each named once: the frame extractor, the parsers
# and reports pinfo is made of (EXTRACT_SRCS, PINFO_PARSE_SRCS, PINFO_LIB).
EXTRACT_SRCS := host/profextract/extract.c host/profextract/names.c host/profextract/safepath.c host/profextract/capture.c host/common/hostio.c host/common/shown.c
PINFO_PARSE_SRCS := host/common/maps.c host/common/elf32.c host/pinfo/read/attrib.c host/pinfo/read/rounding.c \
	host/pinfo/views/report.c host/pinfo/views/events.c host/pinfo/read/modattrib.c host/pinfo/read/ci.c host/pinfo/read/runs.c lib/elf.c
# a share with its interval as the reports print it; a run's exact counts (--truth)
PINFO_PARSE_SRCS += host/pinfo/views/share.c host/pinfo/read/truth.c

HOST_PROGS += profextract
profextract_SRCS := host/profextract/profextract.c $(EXTRACT_SRCS) $(FORMAT_HOST_SRCS)

HOST_PROGS += mkmap
# elf32.c fingerprints code as the kernel's loader lays it out: lib/elf.c.
mkmap_SRCS := host/mkmap/mkmap.c host/common/elf32.c host/mkmap/mapwrite.c host/common/hostio.c host/common/shown.c \
	lib/elf.c format/crc32.c

HOST_PROGS += pinfo
# Beyond the seed's report: sorted views, source lines (DWARF by elfutils'
# libdw), annotation, diff and merge, the HTML report.
PINFO_MORE_SRCS := host/pinfo/views/view.c host/pinfo/read/dwarf.c host/pinfo/read/decode.c \
	host/pinfo/read/split.c host/pinfo/read/insnsplit.c host/pinfo/views/annotate.c \
	host/pinfo/pinfo_lines.c host/pinfo/views/diff.c host/pinfo/views/html.c \
	host/pinfo/views/htmlbase.c host/pinfo/views/htmlflame.c
# Shares with their intervals, the exact counts (--truth), the CSV (--csv).
PINFO_MORE_SRCS += host/pinfo/views/csv.c host/pinfo/views/htmlfuncs.c
# Each CPU's totals (--cpus, and the HTML report's table).
PINFO_MORE_SRCS += host/pinfo/views/cpus.c host/pinfo/views/timeline.c
# The split of buckets over lines by instructions, and the call stacks' leaf
# frames (frames.c), disassemble with capstone, loaded when first wanted
# (dlopen: disasm.c), not linked.
DISASM_SRCS := host/pinfo/read/disasm.c host/pinfo/read/frames.c
PINFO_MORE_SRCS += $(DISASM_SRCS)
LINES_LIBS := -ldw -lelf -ldl
PINFO_MORE_LIBS := $(LINES_LIBS) -lm
PINFO_LIB := host/pinfo/pinfo_run.c host/pinfo/read/load.c host/common/hostio.c host/common/shown.c host/pinfo/views/export.c $(PINFO_PARSE_SRCS) \
	$(FORMAT_HOST_SRCS) \
	$(PINFO_MORE_SRCS)
# The call stacks' views (docs/stacks.md); --pprof's C is generated from
# host/pinfo/views/profile.proto by protoc-c into build/gen.
GEN := $(BUILD)/gen
# STACKS_CORE: the stacks named (read/) and their text and SVG views.
STACKS_CORE := host/pinfo/read/callstacks.c host/pinfo/read/modsyms.c host/pinfo/read/leafcaller.c \
	host/pinfo/views/folded.c host/pinfo/views/callgraph.c host/pinfo/views/flamegraph.c \
	host/pinfo/views/flametree.c
STACKS_LIB := $(STACKS_CORE) host/pinfo/views/pprof.c host/pinfo/pinfo_stacks.c $(GEN)/profile.pb-c.c
STACKS_LIBS := -lprotobuf-c -lz

$(GEN)/profile.pb-c.c $(GEN)/profile.pb-c.h: host/pinfo/views/profile.proto
	@mkdir -p $(GEN)
	$(call msg,GEN,$(GEN)/profile.pb-c.c)protoc-c --proto_path=host/pinfo/views --c_out=$(GEN) host/pinfo/views/profile.proto
$(BUILD)/host/host/pinfo/views/pprof.o $(BUILD)/san/host/pinfo/views/pprof.o: $(GEN)/profile.pb-c.h
$(BUILD)/host/host/pinfo/views/pprof.o $(BUILD)/san/host/pinfo/views/pprof.o: \
	HOST_CFLAGS += -iquote $(GEN)
PINFO_LIB += $(STACKS_LIB)
PINFO_MORE_LIBS += $(STACKS_LIBS)
pinfo_SRCS := host/pinfo/pinfo.c $(PINFO_LIB)
pinfo_LIBS := $(PINFO_MORE_LIBS)

