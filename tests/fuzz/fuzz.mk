# fuzz.mk: libFuzzer harnesses for every parser of hostile input on the host
# (docs/security.md): the dump reader, the three map forms, the serial frame
# extractor with its name sanitiser, pinfo's report over both, and the reader
# of a run's exact counts (pinfo --truth).
#
#   make fuzz                  each target for FUZZ_SECONDS (default 60)
#   make fuzz-brief            each target for FUZZ_BRIEF_SECONDS (10): make test
#   make fuzz-replay           only the kept regressions and the seeds
#   make fuzz FUZZ_TARGETS=dump   one target only
#
# A run first replays tests/fuzz/regress/<target>/ (every input that ever
# crashed or hung a parser) and the seeds, then mutates from a scratch corpus
# under build/fuzz/corpus/<target>/ (new inputs land there, never in the
# tree) and the committed seeds in tests/fuzz/corpus/<target>/. A crash, a
# leak, a sanitizer report or an input slower than FUZZ_TIMEOUT seconds
# stops it with the input saved as build/fuzz/artifacts/<target>/...: keep
# it under tests/fuzz/regress/<target>/ once the parser is fixed.

FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_BRIEF_SECONDS ?= 10
FUZZ_TIMEOUT ?= 5
FUZZ_TARGETS ?= dump map_link map_nm map_elf capture pinfo truth
FUZZ         := $(BUILD)/fuzz
# -O1 and frame pointers keep the reports readable; every finding is fatal.
FUZZ_CFLAGS  := -O1 -g -std=gnu11 $(WARN) -MMD -MP -fno-omit-frame-pointer \
	-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all \
	$(HOST_INC) -iquote tests/fuzz
FUZZ_LDFLAGS := -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
# Bounds of one input: 64 KiB covers the seeds (a real ELF is 40 KiB); the
# memory limit is above the reader's own 1 GiB ceiling on counters.
FUZZ_RUNFLAGS = -timeout=$(FUZZ_TIMEOUT) -rss_limit_mb=2560 -malloc_limit_mb=2048 \
	-max_len=65536 -print_final_stats=1

# Every target links every parser (the objects are built once): the shared
# checks of fuzz_common.c reach the dump, maps and attribution.
FUZZ_LIB := tests/fuzz/fuzz_common.c $(FORMAT_HOST_SRCS) $(PINFO_PARSE_SRCS) $(EXTRACT_SRCS) \
	host/mkmap/mapwrite.c host/pinfo/views/view.c host/pinfo/views/csv.c $(STACKS_CORE) host/pinfo/views/cpus.c \
	$(DISASM_SRCS)

$(FUZZ)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(call msg,FUZZCC,$<)$(FUZZ_CC) $(FUZZ_CFLAGS) -c $< -o $@

define fuzz_target
$(FUZZ)/fuzz_$(1): $$(patsubst %.c,$(FUZZ)/obj/%.o,tests/fuzz/fuzz_$(1).c $(FUZZ_LIB))
	$$(call msg,FUZZLD,$$@)$(FUZZ_CC) $(FUZZ_LDFLAGS) $$^ -o $$@
endef
$(foreach t,$(FUZZ_TARGETS),$(eval $(call fuzz_target,$(t))))

FUZZ_BINS := $(foreach t,$(FUZZ_TARGETS),$(FUZZ)/fuzz_$(t))

.PHONY: fuzz fuzz-brief fuzz-replay fuzz-build
fuzz-build: deps $(FUZZ_BINS)

# $(1): seconds each (0: replay only). A target's dictionary, if any, helps
# the mutator past the text formats' keywords.
define fuzz_run
	@set -e; for t in $(FUZZ_TARGETS); do \
		mkdir -p $(FUZZ)/corpus/$$t $(FUZZ)/artifacts/$$t; \
		dict=; [ ! -f tests/fuzz/$$t.dict ] || dict=-dict=tests/fuzz/$$t.dict; \
		regress=$$(find tests/fuzz/regress/$$t -type f 2>/dev/null | sort); \
		echo "fuzz: $$t: replaying $$(echo $$regress | wc -w) regressions and the seeds"; \
		[ -z "$$regress" ] || $(FUZZ)/fuzz_$$t $(FUZZ_RUNFLAGS) $$regress \
			> $(FUZZ)/$$t.replay.log 2>&1 || { cat $(FUZZ)/$$t.replay.log; exit 1; }; \
		$(FUZZ)/fuzz_$$t $(FUZZ_RUNFLAGS) -runs=0 tests/fuzz/corpus/$$t \
			> $(FUZZ)/$$t.seeds.log 2>&1 || { cat $(FUZZ)/$$t.seeds.log; exit 1; }; \
		[ "$(1)" = 0 ] && continue; \
		echo "fuzz: $$t: $(1) s"; \
		$(FUZZ)/fuzz_$$t $(FUZZ_RUNFLAGS) $$dict -max_total_time=$(1) \
			-artifact_prefix=$(FUZZ)/artifacts/$$t/ \
			$(FUZZ)/corpus/$$t tests/fuzz/corpus/$$t > $(FUZZ)/$$t.log 2>&1 || \
			{ tail -60 $(FUZZ)/$$t.log; echo "fuzz: $$t: FAILED, input in $(FUZZ)/artifacts/$$t/"; exit 1; }; \
		grep -h '^stat::number_of_executed_units\|^Done' $(FUZZ)/$$t.log | tr '\n' ' '; echo; \
	done
endef

fuzz: fuzz-build
	$(call fuzz_run,$(FUZZ_SECONDS))
fuzz-brief: fuzz-build
	$(call fuzz_run,$(FUZZ_BRIEF_SECONDS))
fuzz-replay: fuzz-build
	$(call fuzz_run,0)
