# libc.mk: the guests' C library, and its host unit tests.
# The guest build compiles LIBC_SRCS into the libc archive.

# Integer-only: string.c and format.c are the kernel's too (kernel.mk builds
# them again, with its flags: no FPU).
LIBC_INT_SRCS := $(LIB_SRCS) user/lib/printf.c user/lib/strextra.c \
                 user/lib/stdlib.c user/lib/errstr.c user/lib/errno.c user/lib/ctype.c \
                 user/lib/assert.c user/lib/malloc.c user/lib/heap.c user/lib/heaparea.c \
                 user/lib/qsort.c user/lib/rand.c user/lib/setjmp.c
# Floating point: built for the x87 FPU (LIBC_FPU), guest libc only.
LIBC_FLOAT_SRCS := user/lib/fmtfloat.c user/lib/time.c user/lib/math.c user/lib/mathexp.c \
                   user/lib/mathtrig.c user/lib/mathkern.c user/lib/strtod.c
LIBC_SRCS := $(LIBC_INT_SRCS) $(LIBC_FLOAT_SRCS)

# The headers, compiled as the guests see them (not archived): a wrong
# PRI macro, limit or size fails the build.
guests: $(BUILD)/u/user/lib/hdrcheck.o

# The FPU for guest code: the kernel's flags say -mno-80387; -m80387 after
# them turns the x87 back on, and doubles are computed on it (-mfpmath=387,
# the i386 ABI's way: arguments on the stack, results in st(0)). The libc's
# own float files also round at every assignment and cast, as C says
# (-fexcess-precision=standard), so that their results do not depend on
# where the compiler spills a register.
LIBC_FPU := -m80387 -mfpmath=387
LIBC_FLOAT_CFLAGS := $(LIBC_FPU) -fexcess-precision=standard
$(patsubst %.c,$(BUILD)/u/%.o,$(LIBC_FLOAT_SRCS)): UCFLAGS += $(LIBC_FLOAT_CFLAGS)

# The tests #include the library's sources with LIBC(name) defined as u_##name,
# so that the real code links beside the host's libc; format.c and
# fmtfloat.c have no libc names and link as they are. --wrap=write lets
# test_libc see printf's writes. The host tests of the float files compute
# on the x87 as the guest does (on x86-64, -mfpmath=387 moves doubles off SSE).
UNIT_TESTS += test_libc test_string test_fmtfloat test_stdlib test_malloc test_sort \
              test_setjmp test_time test_math test_strtod
test_libc_SRCS     := tests/unit/test_libc.c lib/format.c user/lib/fmtfloat.c
test_libc_LIBS     := -Wl,--wrap=write
test_string_SRCS   := tests/unit/test_string.c
test_fmtfloat_SRCS := tests/unit/test_fmtfloat.c lib/format.c user/lib/fmtfloat.c
test_stdlib_SRCS   := tests/unit/test_stdlib.c lib/format.c user/lib/fmtfloat.c
test_stdlib_LIBS   := -Wl,--wrap=_exit -Wl,--wrap=write
test_malloc_SRCS   := tests/unit/test_malloc.c lib/format.c user/lib/fmtfloat.c
test_malloc_LIBS   := -Wl,--wrap=_exit -Wl,--wrap=write
test_sort_SRCS     := tests/unit/test_sort.c
test_setjmp_SRCS   := tests/unit/test_setjmp.c
test_time_SRCS     := tests/unit/test_time.c
test_math_SRCS     := tests/unit/test_math.c
# (libquadmath, the reference: gcc's own, in libgcc-12-dev, which gcc-12 depends on)
test_math_LIBS     := -lquadmath -lm
test_strtod_SRCS   := tests/unit/test_strtod.c
test_strtod_LIBS   := -lm
# glibc's functions called as they are: no folding, no assumptions about errno.
$(foreach d,host san,$(BUILD)/$(d)/tests/unit/test_math.o): HOST_CFLAGS += -fno-builtin
LIBC_HOST_FLOAT := $(LIBC_FLOAT_SRCS) tests/unit/test_fmtfloat.c tests/unit/test_time.c \
                   tests/unit/test_math.c tests/unit/test_strtod.c
$(foreach d,host san,$(patsubst %.c,$(BUILD)/$(d)/%.o,$(LIBC_HOST_FLOAT))): \
	HOST_CFLAGS += -mfpmath=387 -fexcess-precision=standard
