/* cistat.c: the 95% intervals pinfo's attribution and ci.c give each
 * function of one module, for the calibration (bench/calibrate.sh).
 *   cistat [-s] DUMP MAP
 * One line a symbol of the map's module with ticks or not:
 *   name tics modtics low high wlow whigh rlow rhigh
 * the share's numerator and denominator (the module's ticks, as pinfo's
 * report's percent), the interval as pinfo gives it (the trace's runs and
 * gaps, version 5; else the sub-profiles, version 4; else Wilson's) or,
 * with -s, from the sub-profiles only; Wilson's; and the trace's sum over
 * the runs alone, without the gaps (runs.h; pinfo's interval where the
 * dump has no trace), in percent. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attrib.h"
#include "ci.h"
#include "dump.h"
#include "hostio.h"
#include "maps.h"
#include "modattrib.h"
#include "load.h"

#define MAXSUB 64

int main(int argc, char **argv)
{
	struct pdump d;
	struct map m;
	struct modattrib w;
	uint64_t subtot[MAXSUB] = { 0 }, modtics = 0;
	size_t i, k;
	int rc, subs = argc == 4 && !strcmp(argv[1], "-s");
	double c2;

	argv += subs;
	argc -= subs;
	if (argc != 3) {
		fprintf(stderr, "usage: cistat [-s] DUMP MAP\n");
		return 2;
	}
	if (pinfo_load_dump(argv[1], &d, stderr) || pinfo_load_map(argv[2], &m, stderr))
		return 1;
	if (d.nsub > MAXSUB || modattrib_start(&w, &d, &m)) {
		fprintf(stderr, "cistat: %s: no segment of module %s\n", argv[1], m.module);
		return 1;
	}
	/* first the module's ticks, whole and by sub-profile: the denominators */
	while ((rc = modattrib_next(&w)) == 1) {
		modtics += w.a.tics;
		for (i = 0; w.a.sub && i < w.a.n; i++)
			for (k = 0; k < w.a.nsub; k++)
				subtot[k] += w.a.sub[i * w.a.nsub + k];
	}
	modattrib_end(&w);
	if (rc < 0 || modattrib_start(&w, &d, &m))
		return 1;
	c2 = runs_c2(&d);
	while ((rc = modattrib_next(&w)) == 1) {
		double *run = calloc(w.a.n + 1, sizeof *run), *gap = calloc(w.a.n + 1, sizeof *gap);

		if (!run || !gap || runs_owner_sums(&d, &w.a, w.run, w.nrun, run, gap) < 0) {
			fprintf(stderr, "cistat: out of memory\n");
			return 1;
		}
		for (i = 0; i < w.a.n; i++) {
			const struct owner *o = &w.a.owners[i];
			struct ci_in in = { o->tics, modtics, w.a.sub ? w.a.sub + i * w.a.nsub : NULL, subtot,
					    w.a.sub ? (int)w.a.nsub : 0, c2,
					    w.a.edge && !subs ? w.a.edge[i] : RUNS_NONE };
			struct ci_in r = in;
			struct ci c = ci_of(&in), b = ci_share(o->tics, modtics, NULL, NULL, 0), rc1;

			r.edge = w.a.edge ? run[i] : RUNS_NONE;
			rc1 = ci_of(&r);
			if (o->name)
				printf("%s %llu %llu %.6f %.6f %.6f %.6f %.6f %.6f\n", o->name,
				       (unsigned long long)o->tics, (unsigned long long)modtics, c.low, c.high, b.low,
				       b.high, rc1.low, rc1.high);
		}
		free(run);
		free(gap);
	}
	modattrib_end(&w);
	map_free(&m);
	pinfo_release_dump(&d);
	return rc < 0;
}
