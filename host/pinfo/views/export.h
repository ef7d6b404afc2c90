/* export.h: a dump's counters in the formats of the tools people already
 * use (docs/pinfo.md): a gprof gmon.out histogram and a Linux /proc/profile.
 * Pure: a dump in, bytes out through a FILE; each pass over the counters is
 * a stream, nothing as large as the segment is allocated. */
#ifndef HOST_PINFO_VIEWS_EXPORT_H
#define HOST_PINFO_VIEWS_EXPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "dump.h"

#define GMON_BIN_MAX	65535u		/* a gmon.out bin is a u16 */
#define GMON_SUM_MAX	2147483647u	/* gprof adds records' bins in an int */

/* The buckets of one module's segment: every segment of the dump with that
 * module (any case) and number (a program run twice), summed bucket by
 * bucket. They share one origin; the longest sets the length. */
struct export_src {
	const struct pdump_seg **segs;	/* malloc */
	size_t nsegs;
	uint32_t shift;
	uint32_t origin;		/* the address of bucket 0 */
	uint32_t nbuckets;		/* of the longest */
	char module[PDUMP_MODNAME_MAX];	/* as the dump spells it */
};

/* Finds segment segno of module in d. Returns 0, or -1 with a one-line
 * reason in err (the module or segment is not in the dump, the segments
 * differ in origin, out of memory) and nothing allocated. */
int export_select(const struct pdump *d, const char *module, uint16_t segno,
		  struct export_src *src, char *err, size_t errlen);
void export_src_free(struct export_src *src);

/* Bucket i's ticks, summed over the segments. */
uint64_t export_bucket(const struct export_src *src, uint32_t i);

/* What the last counter of a /proc/profile holds: ticks of that context
 * outside the segment. For the kernel, the dump's kernel ticks outside any
 * kernel segment; for a program, the dump's out-of-range ticks (the dump
 * does not say whose they were). */
uint64_t export_outside(const struct pdump *d, const char *module);

struct gmon_stats {
	uint32_t records;	/* histogram records written */
	uint32_t hot;		/* bins above GMON_BIN_MAX, split over records */
	uint32_t clipped;	/* bins above GMON_SUM_MAX, written as GMON_SUM_MAX */
};

/* Writes a gmon.out (version 1, 32-bit addresses: the ELF32 class) whose
 * time histograms cover src's buckets, one bin a bucket, prof_rate hz,
 * "seconds". A bin above 65535 is not wrapped: the maximal run of such bins
 * goes in ceil(max / 65535) records of the same range, each carrying the next
 * 65535 of every bin, which gprof adds up; the runs between them are one
 * record each. Returns 0, or -1 with a reason in err (1-byte buckets, which
 * gprof's 2-byte bins cannot hold; addresses past 2^32; a write error). */
int export_gmon(const struct export_src *src, uint32_t hz, FILE *out, struct gmon_stats *st,
		char *err, size_t errlen);

/* Writes a /proc/profile: u32 step (the bucket size), a u32 for each bucket
 * (saturating), then outside (saturating). Returns 0, or -1 with a reason. */
int export_proc_profile(const struct export_src *src, uint64_t outside, FILE *out,
			char *err, size_t errlen);

#endif
