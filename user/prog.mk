# prog.mk: a program of make run's, from anywhere, built as hosted C on
# newlib (user/newlib/newlib.mk: NEWLIB_CFLAGS), then PROG_CFLAGS and
# CFLAGS: quoted includes relative to each source, then PROG_CFLAGS's -I
# folders, then newlib's headers. scripts/progs.sh parses PROG and runs one
# make a program, its name and C files in the environment:
# PROFKERN_PROG_NAME and PROFKERN_PROG_SRCS (names and paths it checked).
# Objects and dependency files go to $(PROG_OBJ), by program and by the
# source's absolute path; never to $(RUN), whose files make never reads.
# PROG_CFLAGS and CFLAGS go to gcc a word an argument, quotes and all, as
# the user wrote them: no shell reads them (scripts/ccwords.sh).
# A change of flags or STACK relinks every program. Each file name is
# given to a command quoted, as one argument. One make a program: one that
# does not build fails by name (RUN/NAME.nobuild, makerun.sh), the others run.

override PROG_OBJ := $(BUILD)/prog
PROG_CFLAGS ?=
# CFLAGS, as a C user would give it, goes to the programs too (after
# PROG_CFLAGS); the kernel's and the tools' flags are the project's own.
CFLAGS   ?=
USER_PROG_CFLAGS = $(NEWLIB_CFLAGS)
PROG_LDFLAGS = -Wl$(comma)--defsym=__stack_size=$(STACK)
PROG_FLAGS_NOW := $(strip $(USER_PROG_CFLAGS) $(PROG_CFLAGS) $(CFLAGS) stack=$(STACK))
ifneq ($(PROG_FLAGS_NOW),$(strip $(file <$(PROG_OBJ)/flags.txt)))
$(shell mkdir -p $(PROG_OBJ))
$(file >$(PROG_OBJ)/flags.txt,$(PROG_FLAGS_NOW))
endif

# The program's name and files, as text (never expanded), checked again.
override PROG_NAME := $(value PROFKERN_PROG_NAME)
override PROG_SRCS := $(value PROFKERN_PROG_SRCS)
ifneq ($(PROG_NAME),)
$(if $(and $(call one_of,$(PROG_NAME),$(NAME_CHARS)),$(filter-out -%,$(PROG_NAME))),,$(error make run: program \
	name '$(PROG_NAME)': letters, digits, '_', '-' and '.' only, not first '-'))
$(foreach s,$(PROG_SRCS),$(if $(and $(call one_of,$(s),$(PATH_CHARS)),$(filter-out -%,$(s))),,$(error make run: \
	program $(PROG_NAME): file '$(s)': $(PATH_CHARS_SHOWN) only, not first '-')))
PROG_OBJS := $(foreach s,$(PROG_SRCS),$(PROG_OBJ)/$(PROG_NAME)$(abspath $(s)).o)
# Its objects, one a line, as last linked: another list of files relinks it,
# whatever their dates (an object still there from an earlier list, or one
# .SECONDARY lets stay missing, would not).
PROG_LIST := $(PROG_OBJ)/$(PROG_NAME).objs
ifneq ($(strip $(PROG_OBJS)),$(strip $(file <$(PROG_LIST))))
$(shell mkdir -p $(PROG_OBJ))
$(file >$(PROG_LIST),$(PROG_OBJS))
endif
define prog_obj
$(PROG_OBJ)/$(PROG_NAME)$(abspath $(1)).o: $(1) $(PROG_OBJ)/flags.txt $(NEWLIB_LIB)/libc.a | $(NEWLIB_ATOMIC)
	@mkdir -p '$$(@D)'
	$$(call msg,CC,$(1))sh scripts/ccwords.sh '$(1)' '$$@' $(CC) $$(USER_PROG_CFLAGS)
endef
# PROG_CFLAGS and CFLAGS reach gcc word by word as the user wrote them,
# through the environment, never a shell's reading (scripts/ccwords.sh).
$(PROG_OBJ)/%.o: export PROFKERN_UCFLAGS = $(PROG_CFLAGS) $(CFLAGS)
$(foreach s,$(PROG_SRCS),$(eval $(call prog_obj,$(s))))
# The goal progs.sh gives (quiet when there is nothing to do).
.PHONY: run-prog
run-prog: $(RUN)/$(PROG_NAME).elf $(RUN)/$(PROG_NAME).map
	@:
# NAME.profcalls: its objects call Prof* or profil (makerun.sh runs it as it is).
$(RUN)/$(PROG_NAME).elf: $(PROG_OBJS) $(PROG_LIST) $(NEWLIB_RT) $(NEWLIB_LIBS) user/user.ld
	@mkdir -p $(RUN)
	$(call msg,LD,$@)$(call newlib_link,$(foreach o,$(PROG_OBJS),'$(o)'),'$@')
	@if nm -u -- $(foreach o,$(PROG_OBJS),'$(o)') | grep -qE ' U (Prof(Init|On|Off|Dump|Clear|Free)|profil)$$'; \
	then touch '$(RUN)/$(PROG_NAME).profcalls'; else rm -f -- '$(RUN)/$(PROG_NAME).profcalls'; fi
endif

# The guest's own programs in the run's folder, and every program's map.
$(RUN)/%.elf: $(BUILD)/user/%.elf
	@mkdir -p $(RUN)
	$(call msg,CP,$@)cp -- '$<' '$@'
$(RUN)/%.map: $(RUN)/%.elf $(BUILD)/mkmap
	$(call msg,MAP,$@)$(BUILD)/mkmap -- '$<' '$(call upper,$*)' > '$@'
