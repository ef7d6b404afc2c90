# port.mk: the profiler module built as a foreign kernel builds it
# (docs/porting.md): only profiler/profkern.mk's sources, its include
# folder and the compiler's freestanding headers, -ffreestanding -m32,
# at -O2 and -O0; then linked with -nostdlib and no libgcc against
# tests/port/env.c, the required environment alone, so that any symbol
# the contract does not name fails the link; and the objects searched for
# libgcc's 64-bit divisions by name. make unit runs it.
PORTCHK := $(BUILD)/portcheck
PORTCHK_SRCS := $(PROFMOD_SRCS) tests/port/env.c
PORTCHK_FLAGS := -m32 -ffreestanding -nostdinc -isystem $(GCCINC) $(PROFMOD_CFLAGS) $(PROFMOD_INC) \
	-Wall -Wextra -Werror -fno-pic -fno-pie -fno-stack-protector -MMD -MP
PORTCHK_LIBGCC := __udivdi3 __divdi3 __umoddi3 __moddi3 __udivmoddi4 __divmoddi4

# $(1): the optimisation level
define portchk
$(PORTCHK)/$(1)/%.o: %.c
	@mkdir -p $$(@D)
	$$(call msg,PORTCC,$$<)$$(CC) $$(PORTCHK_FLAGS) -$(1) -c $$< -o $$@
$(PORTCHK)/$(1)/module.elf: $(patsubst %.c,$(PORTCHK)/$(1)/%.o,$(PORTCHK_SRCS))
	$$(call msg,PORTLD,$$@)$$(CC) -m32 -nostdlib -static -no-pie -Wl,-e,port_start \
		-Wl,--build-id=none $$^ -o $$@
	@for o in $$^; do nm -u $$$$o | while read -r t s; do \
		for d in $(PORTCHK_LIBGCC); do [ "$$$$s" != "$$$$d" ] || \
		{ echo "port: $$$$o calls libgcc's $$$$s"; exit 1; }; done; done || exit 1; done
endef
$(foreach o,O2 O0,$(eval $(call portchk,$(o))))

.PHONY: port-check
port-check: $(PORTCHK)/O2/module.elf $(PORTCHK)/O0/module.elf
	@echo "PASS port: the module builds as a foreign kernel's (-ffreestanding -m32, -O2 and -O0), links with no library, calls no libgcc"
unit: port-check
-include $(shell find $(PORTCHK) -name '*.d' 2>/dev/null)
