# profkern.mk: the profiler module's build, for profkern and for any kernel
# that takes the module (docs/porting.md). Include it from a GNU make
# build; it sets, and changes nothing else:
#   PROFMOD_SRCS    the C files to compile and link into the kernel: the
#                   module (profiler/) and the dump's writer (format/)
#   PROFMOD_INC     the one include folder, for "profkern/port.h": the
#                   kernel's own headers are never in the module's way
#   PROFMOD_CFLAGS  what the module needs beside the kernel's own flags
# PROFMOD_DIR is the profkern tree, by default the folder above this
# file's; profkern sets it empty (paths from its top). The module calls
# only the kernel's environment (profkern/port.h) and, at most, what GCC
# asks of any freestanding code (memcpy, memset, memmove, memcmp); never
# libgcc. It builds with -m32 or -m64, any -O.
PROFMOD_DIR ?= $(patsubst %/,%,$(dir $(patsubst %/,%,$(dir $(lastword $(MAKEFILE_LIST))))))
PROFMOD_AT := $(if $(PROFMOD_DIR),$(PROFMOD_DIR)/)
PROFMOD_SRCS := $(addprefix $(PROFMOD_AT),profiler/calls.c profiler/session.c profiler/system.c \
	profiler/sample.c profiler/stacks.c profiler/spread.c profiler/trace.c profiler/percpu.c \
	profiler/snap.c profiler/offcpu.c profiler/port.c format/dump.c format/frame.c format/crc32.c)
PROFMOD_INC := -I$(PROFMOD_AT)profiler/include
PROFMOD_CFLAGS := -std=gnu11 -ffreestanding
