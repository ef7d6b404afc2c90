/* attrib.h: a segment's ticks charged to the symbols of a map, by merging
 * the sorted buckets with the sorted symbols (docs/pinfo.md). */
#ifndef HOST_PINFO_READ_ATTRIB_H
#define HOST_PINFO_READ_ATTRIB_H

#include <stddef.h>
#include <stdint.h>
#include "dump.h"
#include "maps.h"

/* A symbol and the bytes it owns: from its address to the next symbol's,
 * or the segment's end, clipped to the segment. */
struct owner {
	uint64_t lo, hi;	/* owned bytes, [lo, hi) */
	uint64_t tics;		/* rounded: what is printed */
	unsigned __int128 share;	/* exact, in units of 1/2^shift tic */
	const char *name;	/* NULL: bytes before the first symbol */
	uint32_t addr;		/* the symbol's address (below lo for the owner of the segment's start) */
} __attribute__((packed, aligned(4)));	/* 52 bytes, not 64: one a symbol */

struct attribution {
	struct owner *owners;	/* by address, covering [lo, hi) without gaps */
	size_t n;
	uint64_t lo, hi;	/* the segment's addresses: origin .. end of its last bucket */
	uint64_t tics;		/* the segment's ticks: the sum of owners' tics */
	/* The sub-profiles (a version 4 dump's, docs/accuracy.md; attribute_sub):
	 * owners[i]'s tics in sub-profile k at sub[i * nsub + k]; nsub 0 and sub
	 * NULL without. With ci_share() (ci.h): ci_share(o->tics, total, a->sub +
	 * i * a->nsub, subtotal, a->nsub), subtotal[k] being sub-profile k's share
	 * of total: the dump's subtotal[k] when total is the dump's total, the
	 * sum over the owners of sub[i * nsub + k] (over every segment of the
	 * module) when total is the module's ticks, as the seed's report's percent
	 * (bench/cistat.c does the latter). */
	uint32_t nsub;
	uint64_t *sub;
	/* A version 5 dump's trace: each owner's runs' edge (runs.h, made by
	 * modattrib), edge[i] owners[i]'s; NULL without. */
	double *edge;
};

/* Every symbol of m sorted by segment, then address; at one address of a
 * segment only one stays, by the alias rule (a global over a local, then a
 * name without a leading underscore, then the lower name in byte order); *out is malloc'd, names are m's. Returns the count, or (size_t)-1
 * when out of memory. With msym_segment, which finds the run of segment
 * seg in it (the count; its start in *first), a report of many segments
 * sorts the map once. */
size_t map_sorted_symbols(const struct map *m, struct msym **out);
/* 1 when m's symbols are already as map_sorted_symbols would make them: by
 * segment, then address, one an address (m->syms can then be used as it is). */
int map_in_order(const struct map *m);
/* Puts m's symbols in that order in place (m->syms replaced by
 * map_sorted_symbols's), so a report sorts nothing and copies nothing.
 * Returns 0, or -1 when out of memory (m unchanged). */
int map_normalize(struct map *m);
size_t msym_segment(const struct msym *sorted, size_t n, uint16_t seg, size_t *first);

/* Charges the ticks of segs[0..nsegs) (the same module and segment number,
 * e.g. two runs of one program) to syms (sorted, unique addresses). A bucket
 * that straddles symbols is split in proportion to the bytes each owns of
 * it; the owners' integer tics are the integer parts of their shares, plus
 * one each for the largest fractions (ties: lower address) until they sum
 * to the segment's ticks. Returns 0, or -1 when out of memory. */
int attribute(const struct pdump_seg *const *segs, size_t nsegs, uint32_t shift,
	      const struct msym *syms, size_t nsyms, struct attribution *out);
void attribution_free(struct attribution *a);

/* Charges the sub-profiles of segs[0..nsegs) (as given to attribute(), which
 * made a) to a's owners: each bucket's count in each of the nsub
 * sub-profiles goes whole to the owner of its first byte (a bucket that
 * straddles two symbols, 4 bytes at a function's edge, is not split), into
 * a->sub. Nothing when nsub is 0 or a segment has no sub-profiles (a->sub
 * stays NULL). Returns 0, or -1 when out of memory. */
int attribute_sub(struct attribution *a, const struct pdump_seg *const *segs, size_t nsegs, uint32_t shift,
		  uint32_t nsub);

/* The index of the owner of byte addr, which must be in [a->lo, a->hi). */
size_t attribution_owner(const struct attribution *a, uint64_t addr);

#endif
