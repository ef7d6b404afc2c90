/* hostio.h: small host-side helpers shared by the tools: whole-file reads,
 * the libc allocator for pdump_read. */
#ifndef HOST_COMMON_HOSTIO_H
#define HOST_COMMON_HOSTIO_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "dump.h"

/* A reason into err (printf's format), for a function that fails with it:
 * returns -1. */
int host_fail(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Reads path whole into *buf (malloc, with a NUL after the bytes). Returns 0,
 * or -1 with errno's text in err. */
int read_whole(const char *path, uint8_t **buf, size_t *len, char *err, size_t errlen);

/* read_whole for a regular file only: anything else (a folder, a FIFO, a
 * device such as /dev/zero) is refused, err saying what it is, without
 * reading from it or waiting on it. */
int read_regular(const char *path, uint8_t **buf, size_t *len, char *err, size_t errlen);

/* read_regular for reading in place: a file of one byte or more is mapped
 * read-only (*mapped 1), else read (*mapped 0, an empty block). Only the
 * pages touched are read: an ELF file's code is not. Release with
 * file_release. */
int map_regular(const char *path, uint8_t **buf, size_t *len, int *mapped, char *err,
		size_t errlen);
/* path, whole or not at all: fn writes to a hidden file beside it (mode
 * 0666 less the umask, as a plain fopen makes), which is then renamed over
 * path; so a failure never leaves half a file for another tool to misread.
 * Only a regular file, or none, is replaced. fn returns 0, or non-zero
 * having put a reason in err (it is empty when fn starts), else errno's is
 * used. Returns 0, or -1 with the reason in err. */
int write_whole_file(const char *path, int (*fn)(FILE *f, void *arg), void *arg, char *err,
		     size_t errlen);
void file_unmap(uint8_t *buf, size_t len);
void file_release(uint8_t *buf, size_t len, int mapped);	/* unmapped or freed */

/* A block that grows, its bytes kept (p NULL and cap 0 at first): realloc's
 * while small; from a megabyte on, mapped in huge pages where the system
 * allows them, and grown in place by mremap (nothing copied). NULL when out
 * of memory, p then untouched. host_drop frees it, given its size. */
void *host_grow(void *p, size_t cap, size_t ncap);
void host_drop(void *p, size_t cap);

extern const struct pdump_alloc host_alloc;	/* calloc and free */

#endif
