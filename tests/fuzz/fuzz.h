/* fuzz.h: what the libFuzzer harnesses share (tests/fuzz/fuzz.mk). A
 * harness feeds one parser hostile bytes and then checks, beyond "no crash",
 * the promises its header makes; a broken promise aborts, so libFuzzer keeps
 * the input. */
#ifndef TESTS_FUZZ_FUZZ_H
#define TESTS_FUZZ_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "dump.h"
#include "maps.h"

/* A check that stays in every build (assert would vanish under NDEBUG). */
#define FUZZ_CHECK(cond) \
	do { \
		if (!(cond)) { \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
			abort(); \
		} \
	} while (0)

/* A growing byte buffer, and a pdump_sink that appends to it. */
struct bytes {
	uint8_t *data;
	size_t len, cap;
};
void fuzz_sink(void *ctx, const void *data, size_t len);

/* Where reports go: they must be made, not read. */
FILE *fuzz_null(void);

/* An error message as the parsers promise it: not empty, one line. */
void fuzz_check_reason(const char *err, size_t errlen);

/* Buckets of all of d's segments. The harnesses walk counters only below a
 * cap, since the reader may rightly allocate 2^28 of them for a few bytes. */
uint64_t fuzz_dump_buckets(const struct pdump *d);
#define FUZZ_BUCKETS_CAP	(1u << 20)

/* A malloc'd copy of a dump's bytes whose last 4 bytes are the CRC-32 of
 * those before: a mutation then reaches the checks behind the CRC. */
uint8_t *fuzz_fix_crc(const uint8_t *data, size_t size);

/* A successful pdump_read: totals add up, names are what the format allows. */
void fuzz_check_dump(const struct pdump *d);

/* A successful map_parse: names, segments; then, for each segment with
 * symbols, the sorted symbols and an attribution of made-up ticks whose
 * printed tics must sum to the ticks and whose owners tile the segment. */
void fuzz_check_map(const struct map *m);

/* The map harnesses' common body: map_parse of buf as path, then the
 * checks above, or a well-formed reason. */
void fuzz_map(const char *path, const uint8_t *buf, size_t len);

#endif
