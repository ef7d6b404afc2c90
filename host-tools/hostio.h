/* hostio.h: small host-side helpers shared by the tools: whole-file reads,
 * the libc allocator for pdump_read. */
#ifndef HOSTIO_H
#define HOSTIO_H

#include <stddef.h>
#include <stdint.h>
#include "dump.h"

/* Reads path whole into *buf (malloc, with a NUL after the bytes). Returns 0,
 * or -1 with errno's text in err. */
int read_whole(const char *path, uint8_t **buf, size_t *len, char *err, size_t errlen);

/* read_whole for a regular file only: anything else (a folder, a FIFO, a
 * device such as /dev/zero) is refused, err saying what it is, without
 * reading from it or waiting on it. */
int read_regular(const char *path, uint8_t **buf, size_t *len, char *err, size_t errlen);

extern const struct pdump_alloc host_alloc;	/* calloc and free */

#endif
