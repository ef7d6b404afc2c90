/* share.h: a share as pinfo's views print it, with its 95% interval
 * (ci.h: the dump's runs' model, its sub-profiles' spread, or Wilson's), and what the
 * options beyond the layouts ask of every view: the interval's sign for
 * the terminal, --ci, --truth, --csv (docs/pinfo.md, "Error bars"). */
#ifndef HOST_PINFO_VIEWS_SHARE_H
#define HOST_PINFO_VIEWS_SHARE_H

#include <stdint.h>
#include <stdio.h>
#include "dump.h"
#include "dumpfmt.h"
#include "runs.h"
#include "truth.h"

/* tics as a percent of total (0 of none): every view's share. */
static inline double pct(uint64_t tics, uint64_t total)
{
	return total ? 100.0 * (double)tics / (double)total : 0.0;
}

/* What main() sets once for every view (tests set it too). */
struct present {
	int ascii;		/* "+-" for "±": the terminal is not UTF-8 */
	int ci;			/* --ci: the seed's layouts with the interval */
	const struct truth *truth;	/* --truth FILE, or NULL */
	const char *csv;	/* --csv FILE: written whole at the end, or NULL */
};
extern struct present present;

/* 1 when the locale's character set is UTF-8: the first of LC_ALL,
 * LC_CTYPE and LANG that is set and not empty names it ("UTF-8", "utf8",
 * any case); 0 when none does. */
int share_utf8(const char *lc_all, const char *lc_ctype, const char *lang);

/* A share of total, percent, and its 95% interval. half is the larger of
 * its sides (Wilson's interval is not symmetric near 0 and 100%). */
struct share {
	double pct, low, high, half;
};
struct share share_of(uint64_t tics, uint64_t total);

/* What measures a share's spread (ci.h's ci_in): its ticks in each of the
 * dump's sub-profiles (format 4; NULL: none) and its runs' edge (format 5's
 * trace, runs.h; RUNS_NONE: none). */
struct noise {
	const uint64_t *sub;
	double edge;
};
#define NOISE_NONE ((struct noise){ NULL, RUNS_NONE })

/* The same, of a share of d's samples, measured by nz: the runs' model,
 * else the sub-profiles', else Wilson's (share_of). */
struct share share_in(const struct pdump *d, uint64_t tics, struct noise nz);

/* The same, of a share of a part of d's samples, whole of them (a
 * module's), wholesub the part's ticks in each sub-profile (NULL: none):
 * the interval taken with whole as the samples, as share_in's with the
 * dump's. */
struct share share_within(const struct pdump *d, uint64_t tics, uint64_t whole,
			  const uint64_t *wholesub, struct noise nz);

/* Owner o of a's ticks in each of d's sub-profiles (attribute_sub's: a
 * bucket counts whole for the symbol at its start), or NULL without. */
struct attribution;
struct owner;
const uint64_t *share_owner_sub(const struct pdump *d, const struct attribution *a,
				const struct owner *o);
/* Owner o's noise: its sub-profiles' ticks and its runs' edge. */
struct noise share_owner_noise(const struct pdump *d, const struct attribution *a, const struct owner *o);

/* The noise of the bytes [lo, hi) of segs[0..n): share_subs() into sub,
 * and the runs of those bytes together. */
struct noise share_range(const struct pdump *d, const struct pdump_seg *const *segs, size_t n,
			 uint64_t lo, uint64_t hi, uint64_t sub[PDUMP_NSUB_MAX]);

/* The ticks of the bytes [lo, hi) of segs[0..n) (one segment number's
 * runs) in each of d's sub-profiles, into sub[0..d->nsub): a bucket counts
 * whole for the symbol at its start (the sub-profiles are counted by
 * bucket, not split as the rounded tics are). Returns sub, or NULL when d
 * has no sub-profiles. */
uint64_t *share_subs(const struct pdump *d, const struct pdump_seg *const *segs, size_t n,
		     uint64_t lo, uint64_t hi, uint64_t sub[PDUMP_NSUB_MAX]);

/* "±0.41" ("+-0.41" with present.ascii) into buf (16 bytes); returns buf. */
const char *share_pm(char buf[16], double half);

/* "( 96.87% ±1.60)" and, with pad, for a half below 10 points, a space
 * after it: 16 columns (17 with "+-") whatever the half, for a table. */
void share_cell(FILE *out, const struct share *s, int pad);

/* The hottest function of a report, for the note on too few samples. */
struct share_hot {
	int seen;
	char name[1100];	/* a copy: the maps are freed (names are cut at SHOWN_SHORT) */
	uint64_t tics;
	struct share s;
};
void share_hot_see(struct share_hot *h, const char *name, uint64_t tics, const struct share *s);

/* When h's interval is wider than 1 point each way, a blank line and one
 * line on out: how wide, the samples that would bring it to 1 point
 * ((half/1)^2 x the dump's, rounded up), and the rate or run length that
 * gives them (the same factor; the rate only up to make run's 20000 Hz).
 * Returns 1 when it wrote, else 0. */
int share_hot_note(FILE *out, const struct share_hot *h, const struct pdump *d);

#endif
