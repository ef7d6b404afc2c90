/* frame.h: a dump on the serial line, in a frame that carries its file
 * name and survives console text around it (docs/dump-format.md). */
#ifndef FORMAT_FRAME_H
#define FORMAT_FRAME_H

#include "dump.h"

#define FRAME_NAME_MAX 255	/* bytes of the file name the guest gave */

/* Sends d as one frame named name (NUL-terminated, at most FRAME_NAME_MAX
 * bytes; any bytes) through sink. Two passes over d: one to size it, one to
 * send it; no allocation. Returns the bytes sent. */
size_t frame_write(const char *name, const struct pdump *d, pdump_sink sink, void *ctx);

/* Sends len bytes at data as one frame of a file (FRAME_FILE_MARK): the
 * same lines, another mark, so that the host puts it in a folder of its
 * own. Returns the bytes sent. */
size_t frame_write_file(const char *name, const void *data, size_t len, pdump_sink sink, void *ctx);

#endif
