# host.mk: the host tools (pinfo, profextract, mkmap) and their unit tests.
# The top Makefile builds each NAME of HOST_PROGS / UNIT_TESTS from NAME_SRCS,
# plain under build/ and with sanitizers under build/san/.

PDUMP_SRCS := profiler/dump.c profiler/dump_read.c profiler/crc32.c

UNIT_TESTS += test_dump
test_dump_SRCS := tests/unit/test_dump.c tests/unit/testbuf.c $(PDUMP_SRCS)
