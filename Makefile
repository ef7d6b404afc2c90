# The one entry point: make, make run, make test, make bench (README.md).
# Everything built lands under build/; a run's files under build/run/.

BUILD   := build
HZ      ?= 1000
TIMEOUT ?= 60

# ---- toolchains -------------------------------------------------------
CC      := gcc
NASM    := nasm
WARN    := -Wall -Wextra -Werror
# Every function starts on a DWORD boundary, so a bucket never straddles two.
ALIGN   := -falign-functions=16
KCFLAGS := -m32 -march=i686 -ffreestanding -fno-pic -fno-pie -fno-stack-protector \
           -fno-builtin -fno-omit-frame-pointer -fno-asynchronous-unwind-tables \
           -mno-sse -mno-mmx -mno-80387 -O2 -g -std=gnu11 $(WARN) $(ALIGN) -MMD -MP
KLDFLAGS := -m32 -nostdlib -no-pie -static -Wl,--build-id=none
HOST_CC     := cc
HOST_CFLAGS := -O2 -g -std=gnu11 $(WARN) -MMD -MP
SAN_FLAGS   := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
LIBGCC  := $(shell $(CC) -m32 -print-libgcc-file-name)

.PHONY: all run test bench deps unit unit-san integration clean iso tools kernel guests
all: deps kernel guests tools iso

# ---- fragments: each part of the tree lists its own sources ----------------
HOST_PROGS :=
UNIT_TESTS :=
include kernel/kernel.mk
include user/user.mk
include host-tools/host.mk
include tests/tests.mk

# ---- host programs and unit tests, built plain and with sanitizers ----------
# For each NAME in HOST_PROGS / UNIT_TESTS, NAME_SRCS lists its C files.
$(BUILD)/host/%.o: %.c
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) -iquote profiler -iquote user/include -c $< -o $@
$(BUILD)/san/%.o: %.c
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) $(SAN_FLAGS) -iquote profiler -iquote user/include -c $< -o $@

# $(1): output under build/, $(2): the variable prefix, $(3): extra libraries
define host_prog
$(BUILD)/$(1): $$(patsubst %.c,$(BUILD)/host/%.o,$$($(2)_SRCS))
	$$(HOST_CC) $$^ -o $$@ $$($(2)_LIBS) $(3)
$(BUILD)/san/$(1): $$(patsubst %.c,$(BUILD)/san/%.o,$$($(2)_SRCS))
	$$(HOST_CC) $(SAN_FLAGS) $$^ -o $$@ $$($(2)_LIBS) $(3)
endef
$(foreach p,$(HOST_PROGS),$(eval $(call host_prog,$(p),$(p),)))
$(foreach t,$(UNIT_TESTS),$(eval $(call host_prog,tests/$(t),$(t),-lcmocka)))

tools: $(addprefix $(BUILD)/,$(HOST_PROGS))

unit: deps $(addprefix $(BUILD)/tests/,$(UNIT_TESTS))
	@set -e; for t in $(UNIT_TESTS); do $(BUILD)/tests/$$t; done

unit-san: deps $(addprefix $(BUILD)/san/tests/,$(UNIT_TESTS)) $(addprefix $(BUILD)/san/,$(HOST_PROGS))
	@set -e; for t in $(UNIT_TESTS); do $(BUILD)/san/tests/$$t; done

# ---- dependencies: installed when missing, never when present -------------
deps:
	@sh host-tools/deps.sh

clean:
	rm -rf $(BUILD)

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
