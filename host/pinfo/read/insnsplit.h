/* insnsplit.h: the cells a segment's ticks are charged to on their way to
 * the lines, and their split by instructions (insnsplit.c), under the
 * split of lines.h (split.c). */
#ifndef HOST_PINFO_READ_INSNSPLIT_H
#define HOST_PINFO_READ_INSNSPLIT_H

#include <stddef.h>
#include <stdint.h>
#include "lines.h"

/* A piece of the segment with one line (or none) and one function. */
struct cell {
	uint64_t lo, hi;
	uint32_t file, line;
	size_t func;
	unsigned __int128 share;
};

/* The cell holding addr, from cells[j] on (cells tile their span). */
size_t cell_of(const struct cell *c, size_t n, size_t j, uint64_t addr);

/* Charges segs' ticks to the cells c[0..nc) of [lo, hi) by instructions
 * (lines_attribute, LINES_SPLIT_INSNS), in units of 1/2^out->unit tic;
 * adds to out->tics and out->byte_buckets. Returns 0, -1 out of memory. */
int split_insns(const struct pdump_seg *const *segs, size_t nsegs, uint32_t shift,
		const struct line_table *t, const struct msym *syms, size_t nsyms, uint64_t lo,
		uint64_t hi, struct cell *c, size_t nc, struct line_attribution *out);

#endif
