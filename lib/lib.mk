# lib.mk: the freestanding code the kernel links (strings, printf's engine,
# the ELF checks), some of which the host tools link too (lib/elf.c: mkmap
# and pinfo fingerprint code as the kernel's loader lays it out). Every
# build that needs it names LIB_SRCS or the file.
LIB_SRCS := lib/string.c lib/format.c lib/elf.c
