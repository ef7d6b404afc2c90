# profiler.mk: the profiler module, which builds for the kernel and, for
# its unit tests, for the host (it reaches the machine only through
# profenv.h). Every build that needs it names PROFILER_SRCS, with the
# format's FORMAT_SRCS.
PROFILER_SRCS := profiler/prof.c profiler/session.c profiler/system.c profiler/sample.c profiler/stacks.c \
	profiler/spread.c profiler/trace.c profiler/percpu.c profiler/snap.c
