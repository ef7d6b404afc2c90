/* dumpfmt.h: the constants of the dump's byte layout (docs/dump-format.md),
 * for dump.c and for the tests that check sizes and corrupt dumps. */
#ifndef PROFILER_DUMPFMT_H
#define PROFILER_DUMPFMT_H

#include <stdint.h>

#define PDUMP_MAGIC		"PDMP"	/* 4 bytes, no NUL on disk */
#define PDUMP_VERSION		2	/* what the writer writes */
#define PDUMP_VERSION_V1	1	/* the reader also reads it: no fingerprints */
#define PDUMP_HDR_SIZE		56	/* magic .. nseg */
#define PDUMP_SEGHDR_SIZE	37	/* module .. fingerprint */
#define PDUMP_SEGHDR_SIZE_V1	33	/* module .. encoding */
#define PDUMP_SEG_ENCODING	32	/* offset of the encoding byte in a segment header */
#define PDUMP_SEG_FINGERPRINT	33	/* offset of the fingerprint (version 2) */
#define PDUMP_CRC_SIZE		4
#define PDUMP_ENC_DENSE		0	/* nbuckets u32 counters */
#define PDUMP_ENC_SPARSE	1	/* varint n, then n (varint gap, varint count) */
#define PDUMP_TYPE_BITS		15u	/* PT_USER | PT_USEDD | PT_USEKP | PT_VERBOSE */
#define PDUMP_MAXSHIFT		31
/* A reader refuses more buckets than this in one dump (1 GiB of counters):
 * a sparse segment is a few bytes on disk whatever its length. */
#define PDUMP_READ_MAXBUCKETS	(1u << 28)

#endif
