# uservars.mk: the values a user gives make run (README.md, "Profiling
# your own program"): data, each checked for its form before anything
# runs (the package set-up included), refused by name with what it should be.
#
# A variable given on make's command line or in the environment is, to
# make, text to expand: `HZ='$(shell ...)'` would run its command wherever
# $(HZ) is read. So each is first made a simple variable holding its text
# as given ($(value)), which no later reference expands. What reaches a
# shell after these checks holds only the characters they allow, and goes
# to makerun.sh through the environment, not through a command line;
# the scripts check none of them again.
# PROG_CFLAGS and CFLAGS are compiler flags, expanded as any Makefile's,
# then given to gcc word by word as written (scripts/ccwords.sh).

USER_VARS := HZ CPUS SEED SPREAD MEM STACK STACKS STACKTABLE REALTIME TIMEOUT SCRIPT PROG EMU ARGS FILES STDIN V TRUTH XV6 EVENTS ENV
$(foreach v,$(USER_VARS),$(if $(filter undefined,$(origin $(v))),,$(eval override $(v) := $$(value $(v)))))

HZ         ?= 1000
# the machine's CPUs (docs/smp.md): QEMU's -smp N
CPUS       ?= 1
# the sampling jitter's seed (docs/accuracy.md): the kernel's seed=N
SEED       ?= 1
# 1: profrun keeps the sub-profiles that measure each share's spread (docs/accuracy.md)
SPREAD     ?=
MEM        ?= 128
STACK      ?= 1048576
TIMEOUT    ?= 60
STACKS     ?=
STACKTABLE ?=
REALTIME   ?=
SCRIPT     ?=
PROG       ?=
# the emulator that boots the image (docs/running.md, "QEMU and Bochs")
EMU        ?= qemu
ARGS       ?=
# the programs' environment, over the default PATH, HOME and TERM (docs/libc.md)
ENV        ?=
FILES      ?=
STDIN      ?=
# the exact answer: the programs run under the instruction-count plugin too
# (docs/accuracy.md, "The exact answer: TRUTH=1")
TRUTH      ?=
# the event profiles profrun makes besides the time profile (docs/events.md):
# syscall, switch, offcpu (time off the CPU), split by commas; syscall and
# switch with :N to count every Nth
EVENTS     ?=
# the build's lines: one short line a step, or (V=1) every command whole
V          ?=

comma := ,
DIGITS     := 0 1 2 3 4 5 6 7 8 9
HEXDIGITS  := $(DIGITS) a b c d e f A B C D E F
UPPER      := A B C D E F G H I J K L M N O P Q R S T U V W X Y Z
LOWERCASE  := a b c d e f g h i j k l m n o p q r s t u v w x y z
# A program's name; a source file's or a batch file's path.
NAME_CHARS := $(UPPER) $(LOWERCASE) $(DIGITS) _ - .
PATH_CHARS := $(NAME_CHARS) / + @
PATH_CHARS_SHOWN := letters, digits, '_', '-', '.', '+', '@' and '/'
SCRIPT_SHOWN := a batch file: a path ending in .cmd, of $(PATH_CHARS_SHOWN), not beginning with '-'

# $(call chars_rest,TEXT,CHARS): TEXT without the characters CHARS (nothing
# left, for TEXT made only of them). Spaces stay.
chars_rest = $(strip $(eval cr_left := $$(1))$(foreach c,$(2),$(eval cr_left := $$(subst $$(c),,$$(cr_left))))$(cr_left))
# $(call one_of,TEXT,CHARS): TEXT when it is one word of the characters
# CHARS only, else nothing.
one_of = $(if $(filter 1,$(words $(1))),$(if $(subst $(firstword $(1)),,$(1)),,$(if $(call chars_rest,$(1),$(2)),,$(1))))
# $(call is_number,TEXT): TEXT when it is a decimal number without a
# leading 0, of at most 18 digits (so the shell's arithmetic never wraps).
is_number = $(if $(call one_of,$(1),$(DIGITS)),$(if $(filter 0%,$(1)),$(filter 0,$(1)),$(if $(word 19,$(call \
	spaced,$(1),$(DIGITS))),,$(1))))
# $(call spaced,TEXT,CHARS): TEXT with a space after each of its CHARS (one
# word a character, for TEXT of CHARS only).
spaced = $(eval sp_left := $$(1))$(foreach c,$(2),$(eval sp_left := $$(subst $$(c),$$(c) ,$$(sp_left))))$(sp_left)
# $(call in_range,N,LOW,HIGH): N, a number checked by is_number, when LOW <= N <= HIGH.
in_range = $(if $(call is_number,$(1)),$(if $(shell [ $(1) -ge $(2) ] && [ $(1) -le $(3) ] && echo ok),$(1)))
# $(call refuse,VAR,WHAT): stops make, naming VAR, what it must be and its text.
refuse = $(error make run: $(1) must be $(2), not '$($(1))')

upper = $(strip $(eval up_left := $$(1))$(foreach p,$(join $(LOWERCASE),$(addprefix :,$(UPPER))),$(eval \
	up_left := $$(subst $(firstword $(subst :, ,$(p))),$(lastword $(subst :, ,$(p))),$$(up_left))))$(up_left))

# The rate's range: the PIT's (drivers/pit8253.h), which qrun and the kernel read too.
HZ_MIN := $(shell sed -n 's/^\#define PIT_MIN_HZ[[:space:]]*\([0-9]*\).*/\1/p' drivers/pit8253.h)
HZ_MAX := $(shell sed -n 's/^\#define PIT_MAX_HZ[[:space:]]*\([0-9]*\).*/\1/p' drivers/pit8253.h)
$(if $(call in_range,$(HZ),$(HZ_MIN),$(HZ_MAX)),,$(call refuse,HZ,the sample rate: a number from $(HZ_MIN) to $(HZ_MAX) (Hz)))
$(if $(call in_range,$(CPUS),1,8),,$(call refuse,CPUS,the machine's CPUs: a number from 1 to 8))
$(if $(call in_range,$(SEED),0,4294967295),,$(call refuse,SEED,the sampling jitter's seed: a number from 0 to 4294967295))
$(if $(call in_range,$(MEM),16,1024),,$(call refuse,MEM,the machine's memory: a number from 16 to 1024 (MiB)))
$(if $(call in_range,$(TIMEOUT),1,86400),,$(call refuse,TIMEOUT,a number of seconds from 1 to 86400))
# STACK as ld reads it: no leading 0 but 0x's, which ld would take for
# octal; at most 1 GiB less a page, which the data segment cannot pass.
STACK_OK := $(or $(call is_number,$(STACK)),$(if $(filter 0x% 0X%,$(STACK)),$(if $(call one_of,$(STACK),$(HEXDIGITS) x X),$(if \
	$(call one_of,$(wordlist 2,9,$(subst x,x ,$(subst X,X ,$(STACK)))),$(HEXDIGITS)),$(STACK)))))
$(if $(STACK_OK),$(if $(shell [ $$(($(STACK_OK))) -le 1073737728 ] && echo ok),,$(call refuse,STACK,the program's \
	stack in bytes: at most 1073737728 (1 GiB less a page))),$(call refuse,STACK,the program's stack in bytes: a \
	decimal number without a leading 0 or a 0x hex one))
$(if $(filter qemu bochs,$(call one_of,$(EMU),$(LOWERCASE))),,$(call refuse,EMU,qemu or bochs))
$(if $(V),$(if $(filter 0 1,$(call one_of,$(V),$(DIGITS))),,$(error make: V must be 1 (every command whole) or 0 (one \
	short line a step), not '$(V)')))
# A quiet build: one short line a step, `  CC      kernel/proc.c`, each
# recipe's first command after $(call msg,TAG,FILE), the others after $(Q);
# V=1 shows every command whole instead.
ifeq ($(V),1)
Q   :=
msg :=
else
Q   := @
msg = @printf '  %-7s %s\n' '$(1)' '$(2)';
endif
$(if $(filter-out 0 1,$(STACKS)),$(call refuse,STACKS,1 (sample call stacks) or 0))
$(if $(filter-out 0 1,$(SPREAD)),$(call refuse,SPREAD,1 (keep the sub-profiles) or 0))
ev_comma := ,
# $(call ev_ok,WORD): WORD when it is syscall or switch, alone or with :N (1 to 65535)
ev_ok = $(or $(filter syscall switch offcpu,$(1)),$(if $(filter syscall:% switch:%,$(1)),$(if $(filter 2,$(words \
	$(subst :, ,$(1)))),$(call in_range,$(lastword $(subst :, ,$(1))),1,65535))))
$(foreach w,$(subst $(ev_comma), ,$(EVENTS)),$(if $(call ev_ok,$(w)),,$(call refuse,EVENTS,the event profiles: \
	syscall$(ev_comma) switch$(ev_comma) offcpu split by commas$(ev_comma) syscall and switch with :N (1 to 65535) to \
	count every Nth)))
$(if $(filter-out 0 1,$(REALTIME)),$(call refuse,REALTIME,1 (real time) or 0 (-icount)))
$(if $(TRUTH),$(if $(filter 0 1,$(call one_of,$(TRUTH),$(DIGITS))),,$(call refuse,TRUTH,1 (the exact instruction \
	counts too) or 0)))
# make xv6's tree (ports/xv6/xv6.mk; docs/porting-xv6.md), and its rate:
# xv6's own clock keeps 100 ticks a second, one in HZ/100 samples.
XV6 ?=
$(if $(XV6),$(if $(and $(call one_of,$(XV6),$(PATH_CHARS)),$(filter-out -%,$(XV6))),,$(error make xv6: XV6 must be \
	a folder's path of $(PATH_CHARS_SHOWN), not beginning with '-', not '$(XV6)')))
$(if $(filter xv6,$(MAKECMDGOALS)),$(if $(XV6),,$(error make xv6: XV6 must name an xv6-public tree (github \
	mit-pdos/xv6-public, commit eeb7b415): make xv6 XV6=DIR)))
$(if $(filter xv6,$(MAKECMDGOALS)),$(if $(call in_range,$(HZ),100,$(HZ_MAX)),,$(error make xv6: HZ must be a number \
	from 100 to $(HZ_MAX) (xv6's own clock keeps 100 ticks a second), not '$(HZ)')))
$(if $(filter 1,$(CPUS)),,$(if $(filter bochs,$(EMU)),$(error make run: CPUS=$(CPUS) needs EMU=qemu: \
	several CPUs boot in QEMU only (docs/smp.md))))
$(if $(filter 1,$(TRUTH)),$(if $(filter bochs,$(EMU)),$(error make run: TRUTH=1 needs EMU=qemu: the instruction \
	counts come from a QEMU plugin, and Bochs runs none)))
$(if $(STACKTABLE),$(if $(filter 256 512 1024 2048 4096 8192 16384 32768 65536 131072 262144 524288 1048576,$(call \
	one_of,$(STACKTABLE),$(DIGITS))),,$(call refuse,STACKTABLE,the distinct stacks a table holds: a power of 2 from 256 \
	to 1048576)))
$(if $(SCRIPT),$(if $(and $(call one_of,$(SCRIPT),$(PATH_CHARS)),$(filter-out -%,$(SCRIPT)),$(filter %.cmd,$(SCRIPT))),,$(call \
	refuse,SCRIPT,$(SCRIPT_SHOWN))))
$(if $(SCRIPT),$(if $(wildcard $(SCRIPT)),,$(error make run: SCRIPT: no such batch file: $(SCRIPT))))

# ARGS: the words each program gets after its name, on its batch file
# line, which cmd reads whole only within user/batch.h's limits:
# BATCH_MAXARGS words and BATCH_LINE_MAX - 1 bytes, the program's name and
# profrun's words included (docs/batch.md). Here: printable ASCII and
# spaces, every byte looked at, and room for a name of one byte at least;
# scripts/makerun/image.sh checks each program's line exactly, once the
# programs are built. The text goes to a file by $(file), never to a
# command line (whose length has a limit), and is read back by tr and wc:
# "BYTES OTHERS" ('x' ends it, so that $(file) adds its newline always: 2
# bytes more, 1 other).
BATCH_MAXARGS  := $(shell sed -n 's/^\#define BATCH_MAXARGS[[:space:]]*\([0-9]*\).*/\1/p' user/batch.h)
BATCH_LINE_MAX := $(shell sed -n 's/^\#define BATCH_LINE_MAX[[:space:]]*\([0-9]*\).*/\1/p' user/batch.h)
ARGS_MAXWORDS  := $(shell echo $$(($(BATCH_MAXARGS) - 1)))
ARGS_MAXBYTES  := $(shell echo $$(($(BATCH_LINE_MAX) - 3)))
ifeq ($(origin ARGS),override)
ARGS_FILE := $(shell mktemp)
$(file >$(ARGS_FILE),$(ARGS)x)
ARGS_COUNTS := $(shell LC_ALL=C wc -c < '$(ARGS_FILE)'; LC_ALL=C tr -d ' -~' < '$(ARGS_FILE)' | LC_ALL=C wc -c; \
	rm -f '$(ARGS_FILE)')
ARGS_BYTES := $(shell echo $$(($(word 1,$(ARGS_COUNTS)) - 2)))
ARGS_RULE := words of printable ASCII separated by spaces, at most $(ARGS_MAXWORDS) words and $(ARGS_MAXBYTES) \
	bytes (with the program's name and profrun's words, at most $(BATCH_MAXARGS) words and $(shell echo \
	$$(($(BATCH_LINE_MAX) - 1))) bytes a line: docs/batch.md)
# (the text itself is not shown: it may be long, or hold a terminal's escapes)
$(if $(filter-out 1,$(word 2,$(ARGS_COUNTS))),$(error make run: ARGS must be $(ARGS_RULE): it has other \
	bytes (a tab$(comma) a newline$(comma) a control byte or one above 0x7e)))
$(if $(shell [ $(ARGS_BYTES) -le $(ARGS_MAXBYTES) ] && echo ok),,$(error make run: ARGS must be $(ARGS_RULE): it has \
	$(ARGS_BYTES) bytes))
$(if $(word $(BATCH_MAXARGS),$(ARGS)),$(error make run: ARGS must be $(ARGS_RULE): it has $(words $(ARGS)) words))
endif

# ENV: NAME=value words separated by spaces, each program's environment
# over the default one (docs/libc.md, "The environment"). Checked as ARGS
# is, through a file: printable ASCII and spaces, at most ENV_MAXBYTES
# bytes and ENV_MAXWORDS words; each word a name of letters, digits and
# '_' (not first a digit), '=', then its value (no space).
ENV_MAXWORDS := 32
ENV_MAXBYTES := 1000
ifeq ($(origin ENV),override)
ENV_FILE := $(shell mktemp)
$(file >$(ENV_FILE),$(ENV)x)
ENV_COUNTS := $(shell LC_ALL=C wc -c < '$(ENV_FILE)'; LC_ALL=C tr -d ' -~' < '$(ENV_FILE)' | LC_ALL=C wc -c; \
	rm -f '$(ENV_FILE)')
ENV_BYTES := $(shell echo $$(($(word 1,$(ENV_COUNTS)) - 2)))
ENV_RULE := NAME=value words separated by spaces (a name of letters$(comma) digits and '_'$(comma) not first a \
	digit; a value of printable ASCII without spaces)$(comma) at most $(ENV_MAXWORDS) words and $(ENV_MAXBYTES) bytes
$(if $(filter-out 1,$(word 2,$(ENV_COUNTS))),$(error make run: ENV must be $(ENV_RULE): it has other bytes (a \
	tab$(comma) a newline$(comma) a control byte or one above 0x7e)))
$(if $(shell [ $(ENV_BYTES) -le $(ENV_MAXBYTES) ] && echo ok),,$(error make run: ENV must be $(ENV_RULE): it has \
	$(ENV_BYTES) bytes))
$(if $(word $(shell echo $$(($(ENV_MAXWORDS) + 1))),$(ENV)),$(error make run: ENV must be $(ENV_RULE): it has \
	$(words $(ENV)) words))
$(foreach w,$(ENV),$(if $(and $(findstring =,$(w)),$(filter-out =%,$(w)),$(call one_of,$(firstword $(subst =, \
	,$(w))),$(UPPER) $(LOWERCASE) $(DIGITS) _),$(filter-out $(addsuffix %,$(DIGITS)),$(w))),,$(error make run: ENV \
	must be $(ENV_RULE): not the word '$(w)')))
endif

# The first entry in a folder given as FILES, at any depth, whose path has
# a byte a path may not have (each such byte shown as '?'), or a name
# beginning with '-'.
prog_dir_badfile_any = $(shell find '$(patsubst %/,%,$(1))' -mindepth 1 2>/dev/null | LC_ALL=C awk \
	'/[^A-Za-z0-9_.+@\/-]/ || /\/-/ { gsub(/[^A-Za-z0-9_.+@\/-]/, "?"); print; exit }')
# Only regular files go into the boot image: never a symbolic link (it may
# lead anywhere: /etc/shadow, /proc/self/environ), nor a device, a pipe or
# a socket (whose reading may never end), nor anything under /proc, /sys or
# /dev (/proc/kmsg reads as a regular file and never ends). $(call
# path_kind,PATH): "link P" (P, PATH or one of its folders as written, is
# a link: data/. and data/x with data a link), other (not a regular file
# or a folder), system (under /proc, /sys or /dev), file or folder (PATH
# of PATH_CHARS, its last '/'s left out).
path_kind = $(shell p='$(1)'; while [ "$${p%/}" != "$$p" ] && [ -n "$${p%/}" ]; do p=$${p%/}; done; q=$$p; while :; do \
	if [ -L "$$q" ]; then echo "link $$q"; exit; fi; case $$q in (?*/*) q=$${q%/*} ;; (*) break ;; esac; done; \
	if [ -f "$$p" ]; then k=file; elif [ -d "$$p" ]; then k=folder; else echo other; exit; fi; \
	case $$(realpath -e -- "$$p" 2>/dev/null) in (/proc|/proc/*|/sys|/sys/*|/dev|/dev/*) echo system ;; (*) echo $$k ;; esac)
# $(call dir_badkind,FOLDER): "link PATH" or "other PATH", the first entry
# in FOLDER, at any depth, that is a link, or neither a regular file nor a
# folder.
dir_badkind = $(shell find '$(patsubst %/,%,$(1))' -mindepth 1 \( -type l -printf 'link %p\n' -quit \) -o \( ! -type f \
	! -type d -printf 'other %p\n' -quit \) 2>/dev/null)
FILE_KINDS_SHOWN := only regular files and folders go in$(comma) never a symbolic link$(comma) a device$(comma) a pipe \
	or a socket

# $(call name_too_long,NAME): NAME when it has more than 32 characters
# (NAME of NAME_CHARS only).
name_too_long = $(if $(word 33,$(call spaced,$(1),$(NAME_CHARS))),$(1))
is_short_name = $(if $(call name_too_long,$(1)),,$(1))

# FILES: files and folders (every file directly in one), a comma between
# them, put into the boot image for programs to open by base name, to read
# or to rewrite; STDIN: a file, every program's standard input. Paths of
# PATH_CHARS, base names of NAME_CHARS (a module's name, 32 at most), none
# a program's or the guest's own, none twice.
files_words = $(subst $(comma), ,$(FILES))
$(foreach f,$(files_words) $(STDIN),$(if $(and $(call one_of,$(f),$(PATH_CHARS)),$(filter-out -%,$(f))),,$(error \
	make run: FILES and STDIN must be paths of $(PATH_CHARS_SHOWN)$(comma) a comma between two$(comma) not \
	beginning with '-'$(comma) not '$(f)')))
$(if $(word 2,$(STDIN)),$(call refuse,STDIN,one file))
$(foreach f,$(files_words) $(STDIN),$(if $(wildcard $(f)),,$(error make run: FILES or STDIN: no file or folder \
	$(f) (a relative path is taken from $(CURDIR)))))
$(foreach f,$(files_words) $(STDIN),$(eval pk := $$(call path_kind,$$(f)))$(if $(filter link,$(word 1,$(pk))),$(error \
	make run: FILES or STDIN: '$(f)' $(if $(filter-out $(patsubst %/,%,$(f)),$(word 2,$(pk))),is under '$(word \
	2,$(pk))'$(comma) which ,)is a symbolic link: $(FILE_KINDS_SHOWN); name the file or folder itself),$(if $(filter \
	system,$(pk)),$(error make run: FILES or STDIN: '$(f)' is under /proc$(comma) /sys or /dev: $(FILE_KINDS_SHOWN)$(comma) \
	none of the system's own),$(if $(filter other,$(pk)),$(error make run: FILES or STDIN: '$(f)' is not a regular file \
	or a folder: $(FILE_KINDS_SHOWN))))))
$(foreach f,$(STDIN),$(if $(filter folder,$(call path_kind,$(f))),$(error make run: STDIN must be a regular file$(comma) \
	not the folder '$(f)')))
# A folder's files at any depth; one in a subfolder as PATH=REL, REL its
# path in the guest, from the folder given (FILES=testes/ puts
# testes/libs/lib1.lua at libs/lib1.lua), which makerun.sh gives qrun.
RUN_FILES := $(foreach f,$(files_words),$(if $(wildcard $(f)/.),$(sort $(shell find '$(patsubst %/,%,$(f))' -mindepth 1 \
	-type f 2>/dev/null | LC_ALL=C awk -v d='$(patsubst %/,%,$(f))/' '{ r = substr($$0, length(d) + 1); print (index(r, \
	"/") ? $$0 "=" r : $$0) }')),$(f)))
# The files' paths on the host, and the guest's names: base names (each
# a module's), and the paths in subfolders.
RUN_FILE_PATHS := $(foreach f,$(RUN_FILES),$(firstword $(subst =, ,$(f))))
RUN_FILE_GUEST := $(foreach f,$(RUN_FILES),$(if $(findstring =,$(f)),$(lastword $(subst =, ,$(f))),$(notdir $(f))))
$(foreach g,$(RUN_FILE_GUEST),$(if $(filter 1,$(words $(filter $(g),$(RUN_FILE_GUEST)))),,$(error make run: FILES: two files \
	would be $(g) in the guest: name each once)))
$(foreach g,$(filter %/%,$(RUN_FILE_GUEST)),$(if $(word 192,$(call spaced,$(patsubst %/$(notdir $(g)),%,$(g)),$(NAME_CHARS) \
	/)),$(error make run: FILES: the folder of $(g) is longer than 191 characters)))
$(foreach f,$(files_words),$(if $(wildcard $(f)/.),$(if $(call prog_dir_badfile_any,$(f)),$(error make run: FILES \
	folder '$(f)': file '$(call prog_dir_badfile_any,$(f))': $(PATH_CHARS_SHOWN) only in a file's name (each other \
	byte shown as '?')))))
$(foreach f,$(files_words),$(if $(wildcard $(f)/.),$(if $(call dir_badkind,$(f)),$(error make run: FILES folder \
	'$(f)': '$(word 2,$(call dir_badkind,$(f)))' is $(if $(filter link,$(word 1,$(call dir_badkind,$(f)))),a symbolic \
	link,not a regular file or a folder): $(FILE_KINDS_SHOWN); name the file itself$(comma) or take it out of the folder))))
# (each file is a module of its base name; those in the root folder are
# checked against the programs' names and each other by progs.sh)
RUN_FILE_NAMES := $(notdir $(foreach f,$(RUN_FILES),$(if $(findstring =,$(f)),,$(f))) $(STDIN))
$(foreach n,$(notdir $(RUN_FILE_PATHS) $(STDIN)),$(if $(and $(call one_of,$(n),$(NAME_CHARS)),$(call is_short_name,$(n))),,$(error make \
	run: FILES or STDIN: file name '$(n)': a module's name: letters$(comma) digits$(comma) '_'$(comma) '-' and '.'$(comma) \
	at most 32)))

$(if $(ENV),$(if $(filter .environ,$(RUN_FILE_NAMES)),$(error make run: FILES or STDIN: file name '.environ' is \
	the environment's own file while ENV is given: rename the file)))

# PROG: each word one program (README.md), parsed and checked by
# scripts/progs.sh, which also checks the data files' names against the
# programs' and each other's. Its text, and each file name, goes to the
# script single-quoted (each ' written '\''), as one argument: data.
RUN_TOOLS := cmd pset profrun testprof
PROG_REFUSED := $(if $(PROG)$(RUN_FILE_NAMES),$(shell sh scripts/progs.sh check -- '$(subst ','\'',$(PROG))' $(foreach \
	n,$(RUN_FILE_NAMES),'$(n)') 2>&1))
$(if $(PROG_REFUSED),$(error $(PROG_REFUSED)))
