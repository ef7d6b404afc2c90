/* runs.h: how far a share can move, from a version 5 dump's trace
 * (docs/accuracy.md, "The interval: from the run's own trace"). A
 * function's ticks come in runs: ticks in a row in it; between two of its
 * runs lies a gap, the ticks elsewhere. Its count's variance over the
 * sampling's jitter is, per run, 1 for a run of one tick (a visit the
 * sampling may miss or take) and 1/4 for a longer one (the most a run's
 * last tick can vary, phase q: q(1 - q)), plus c^2 per tick inside (c:
 * the period's coefficient of variation, each period's length adding to
 * where the next tick falls). A gap moves the function's count as much as
 * its own ticks move (the two add up to the stretch's), so the gaps are
 * summed the same way, and the larger sum stands: each sees visits the
 * other cannot (short visits elsewhere inside the function's stretch are
 * single ticks of the gaps). The "edge" below is that larger sum, over the
 * runs and gaps in the trace, scaled to all the dump's ticks; ci.c adds
 * c^2 times tics times (1 - p). */
#ifndef HOST_PINFO_READ_RUNS_H
#define HOST_PINFO_READ_RUNS_H

#include <stddef.h>
#include <stdint.h>
#include "attrib.h"
#include "dump.h"

#define RUNS_NONE (-1.0)	/* no trace: the edge of nothing */

/* The trace's index (d->trace_index), so that a segment's entries are
 * found without a walk of all of them: each entry's segment (TRACE_NOSEG:
 * none), each segment's first bucket number (nseg + 1 of them), and the
 * entries' positions segment by segment, in order, segment i's at
 * by[at[i] .. at[i + 1]). The loading makes it (load.h); a dump without
 * one gets one for the time of each call below. */
#define TRACE_NOSEG 0xffffffffu
struct trace_index {
	uint32_t *seg, *first, *at, *by;
};
/* d->trace_index made: 0, or -1 when out of memory (then none is kept). */
int runs_index(struct pdump *d);
void runs_index_free(struct pdump *d);

/* The squared coefficient of variation of d's sampling period (0: a fixed
 * period, or no trace). */
double runs_c2(const struct pdump *d);

/* A dump of several CPUs is modelled when they took turns (version 8,
 * PDUMP_CLOCK_TURNS): each CPU's part of the trace is its own sequence of
 * one CPU's periods, walked alone and scaled to that CPU's ticks, and the
 * CPUs' sums added up. Else (the CPUs at once: version 8's
 * PDUMP_CLOCK_CELLS, or version 6) it is taken as one without a trace, so
 * that its intervals are Wilson's (or its sub-profiles'): each CPU's ticks
 * fall in cells of one clock, not at the dump's periods, and QEMU's turns
 * move them (docs/accuracy.md, "Several CPUs"). */

/* Each owner's edge, into edge[0..a->n), for a made by attribute() from
 * segs[0..nsegs) of d (pointers into d->segs). Returns 0; 1 when d has no
 * trace, or several CPUs at once (edge untouched); -1 out of memory. */
int runs_owners(const struct pdump *d, const struct attribution *a, const struct pdump_seg *const *segs,
		size_t nsegs, double *edge);

/* The two sums of runs_owners apart, each owner's into run[0..a->n) and
 * gap[0..a->n), scaled as the edge is (runs_owners takes the larger):
 * for the calibration's comparison (bench/cistat.c). Returns as
 * runs_owners. */
int runs_owner_sums(const struct pdump *d, const struct attribution *a, const struct pdump_seg *const *segs,
		    size_t nsegs, double *run, double *gap);

/* The edge of the ticks in segs[0..n) at addresses [lo, hi), together;
 * with keep (a->n flags) and a, only those in an owner of a whose flag is
 * set. RUNS_NONE when d has no trace (or several CPUs at once) or memory
 * runs out. */
double runs_range(const struct pdump *d, const struct pdump_seg *const *segs, size_t n, uint64_t lo,
		  uint64_t hi, const struct attribution *a, const unsigned char *keep);

#endif
