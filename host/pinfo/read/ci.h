/* ci.h: how far to trust a share (docs/accuracy.md): the 95% interval of a
 * function's share of the tics, and whether two shares differ beyond noise.
 *
 * With a version 5 dump's trace, the spread is the runs' model (runs.h):
 * the variance the ends of the function's runs (or of the gaps between
 * them, the larger) and each tick inside a run add.
 * Without, a share is taken as a binomial proportion and its
 * interval is Wilson's score interval. With sub-profiles (the run's ticks
 * dealt in turn into nsub sub-profiles, tick i into sub-profile i mod nsub)
 * the spread is measured, not assumed: the nsub sub-profile shares are taken
 * as batch means and the interval is Student's t on them, scaled to the
 * whole profile. */
#ifndef HOST_PINFO_READ_CI_H
#define HOST_PINFO_READ_CI_H

#include <stdint.h>
#include "runs.h"

/* In percent, 0 <= low <= high <= 100. */
struct ci {
	double low, high;
};

/* The 95% interval of the share tics/total. nsub sub-profiles (0: none, and
 * then the Wilson score interval) give the tics of the same function in each
 * sub-profile (sub_tics[i]) and each sub-profile's total (sub_totals[i]).
 * Sub-profiles whose total is 0 are left out; fewer than two left, the
 * Wilson interval; so too when tics is 0 or total (the sub-profiles then
 * agree by necessity). total 0: {0, 100} (nothing known). The sub-profile
 * totals are of the same whole as total (a module's ticks by sub-profile
 * when total is the module's). */
struct ci ci_share(uint64_t tics, uint64_t total, const uint64_t *sub_tics, const uint64_t *sub_totals, int nsub);

/* A share and what measures its spread: the sub-profiles as ci_share()'s,
 * or (first, when edge > 0) a version 5 dump's runs: c2 (runs_c2()) and
 * the share's edge (runs.h; RUNS_NONE: none). */
struct ci_in {
	uint64_t tics, total;
	const uint64_t *sub, *subtot;
	int nsub;
	double c2, edge;
};

/* The 95% interval of in's share: from its runs, then its sub-profiles,
 * then Wilson's (which also takes a share of no tics or all of them, and
 * one with no run in the trace). */
struct ci ci_of(const struct ci_in *in);

/* Whether two shares differ beyond noise at the 95% level: 1 or 0. Both
 * without runs or sub-profiles: the two-proportion z-test on the counts;
 * else Welch's test on the two variances (a modelled side, runs' or
 * binomial, adding no uncertainty to the degrees of freedom). Either
 * total 0: 0. */
int ci_differ(const struct ci_in *a, const struct ci_in *b);

/* The two-sided 95% quantile of Student's t with df degrees of freedom
 * (df >= 1; the normal's 1.959964 as df grows). */
double ci_t95(double df);

#endif
