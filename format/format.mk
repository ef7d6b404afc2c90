# format.mk: the dump and the frame, which the guest writes and the host
# reads (docs/dump-format.md). FORMAT_SRCS is what the kernel links
# (freestanding: the writer, the frame, the CRC); FORMAT_HOST_SRCS adds the
# host's reader, FORMAT_READ_SRCS (its base, the scan, its trace and CPU
# records, and the loading of what it checked). Every build that needs them names these lists.
FORMAT_SRCS      := format/dump.c format/frame.c format/crc32.c
FORMAT_READ_SRCS := format/dump_base.c format/dump_read.c format/dump_load.c format/dump_trace.c format/dump_cpus.c
FORMAT_HOST_SRCS := $(FORMAT_SRCS) $(FORMAT_READ_SRCS)
