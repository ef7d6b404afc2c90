/* modattrib.h: a module's ticks in a dump charged to a map's symbols, one
 * segment number at a time (a number's runs, e.g. a program run twice,
 * together): the walk every per-symbol view makes (the seed's report, the
 * sorted view, --diff, --html), written once. */
#ifndef HOST_PINFO_READ_MODATTRIB_H
#define HOST_PINFO_READ_MODATTRIB_H

#include <stddef.h>
#include <stdint.h>
#include "attrib.h"
#include "dump.h"
#include "maps.h"

struct modattrib {
	const struct pdump_seg **segs;	/* the module's segments by number, a number's
					 * runs in the dump's order */
	size_t n;
	uint64_t tics;			/* all of theirs */
	/* at each modattrib_next: */
	const struct pdump_seg **run;	/* one segment number's runs, nrun of them */
	size_t nrun;
	struct attribution a;		/* their ticks by symbol of the map */
	/* the walk's own */
	uint32_t shift;
	uint32_t nsub;			/* the dump's sub-profiles: a.sub's (attribute_sub) */
	const struct pdump *d;		/* its trace: a.edge's (runs_owners) */
	struct msym *sorted;		/* the map's symbols sorted, when not already */
	const struct msym *syms;
	size_t nsyms, at;
};

/* Starts the walk of m's module in d: w->segs, n and tics set. Returns 0;
 * 1 when the module has no segment in d (nothing to end); -1 out of memory. */
int modattrib_start(struct modattrib *w, const struct pdump *d, const struct map *m);

/* The next segment number's runs and attribution in w->run, nrun and a
 * (the previous one's freed), with a.sub and a.edge when the dump has
 * sub-profiles or a trace. Returns 1; 0 when none is left; -1 out of
 * memory. */
int modattrib_next(struct modattrib *w);

void modattrib_end(struct modattrib *w);

/* s's ticks: its counters' sum, or the reader's when they are not decoded. */
uint64_t modattrib_seg_tics(const struct pdump_seg *s, uint32_t shift);

#endif
