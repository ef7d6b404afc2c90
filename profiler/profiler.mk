# profiler.mk: the profiler module, which builds for the kernel and, for
# its unit tests, for the host (it reaches the machine only through
# profkern/port.h). Its sources are its build file's (profkern.mk, the one
# a foreign kernel includes); every build that needs it names
# PROFILER_SRCS, with the format's FORMAT_SRCS.
PROFMOD_DIR :=
include profiler/profkern.mk
PROFILER_SRCS := $(filter profiler/%,$(PROFMOD_SRCS))
