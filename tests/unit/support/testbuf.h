/* testbuf.h: helpers shared by the unit tests of several parts: a growing byte
 * buffer that serves as a dump sink, a counting allocator that can be told
 * to fail, and a builder of small dumps. */
#ifndef TESTS_UNIT_SUPPORT_TESTBUF_H
#define TESTS_UNIT_SUPPORT_TESTBUF_H

#include <stddef.h>
#include <stdint.h>
#include "dump.h"

struct tbuf {
	uint8_t *data;
	size_t len, cap;
};

void tbuf_sink(void *ctx, const void *data, size_t len);	/* a pdump_sink */
void tbuf_put(struct tbuf *b, const void *data, size_t len);
void tbuf_puts(struct tbuf *b, const char *s);
void tbuf_free(struct tbuf *b);

/* calloc/free that count, and fail from the fail_at-th allocation on (0: never). */
struct talloc {
	long live, calls, fail_at;
};
struct pdump_alloc talloc_make(struct talloc *t);

/* A dump of nseg segments, all buckets zero, totals zero; tdump_fix_totals
 * sets total from kernel + idle + out_of_range + the counters. */
struct pdump *tdump_new(uint32_t type, uint32_t nseg);
void tdump_seg(struct pdump *d, uint32_t i, const char *module, uint16_t segno,
	       uint32_t origin, uint32_t length);
void tdump_fix_totals(struct pdump *d);
struct pdump *tdump_seed(void);	/* the seed's TESTPROF example */
/* Deals d's ticks (kernel, idle, out of range, each segment's) over n CPUs
 * (version 6's records), CPU c in proportion to c + 1, each sum exact:
 * ticks v give CPU c floor(v * S(c) / S(n-1)) - floor(v * S(c-1) / S(n-1)),
 * S(c) = 1 + ... + (c + 1). d's counters and totals must be set. */
void tdump_cpus(struct pdump *d, uint32_t n);
/* Version 6's example of two CPUs: TESTPROF 470 ticks (6 at 0x40, 400 at
 * 0x128, 64 at 0x12c), kernel 9, idle 7, 2 out of range, a kernel segment
 * of 5 ticks and a module without any (WORKER), dealt by tdump_cpus: a
 * third to CPU 0, two thirds to CPU 1. */
struct pdump *tdump_two_cpus(void);
void tdump_free(struct pdump *d);

/* buf[0..len) refused by pdump_read with a one-line reason that mentions
 * want (NULL: any), nothing allocated kept, the output untouched; a
 * cmocka failure otherwise. */
void tdump_read_bad(const uint8_t *buf, size_t len, const char *want);
/* The CRC of buf[0..len) made right again, after a test's damage. */
void tdump_recrc(uint8_t *buf, size_t len);

/* The encoding byte of the first segment of a written dump. */
uint8_t tdump_encoding(const struct tbuf *b);

/* The dump's bytes, as pdump_write writes them. */
struct tbuf tdump_bytes(const struct pdump *d);

/* Reads a whole file (test data, golden text); aborts the test if missing.
 * path is relative to tests/unit/. */
char *tfile(const char *path, size_t *len);

#endif
