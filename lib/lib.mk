# lib.mk: the freestanding code the kernel and the programs' C library both
# link. Every build that needs it names LIB_SRCS.
LIB_SRCS := lib/string.c lib/format.c
