/* ci.c: the 95% intervals of shares and the tests of their differences
 * (ci.h; the model is docs/accuracy.md's). */
#include <math.h>

#include "ci.h"

#define Z95 1.959963984540054	/* the normal's two-sided 95% quantile */

/* Student's t, two-sided 95%, for 1..30 degrees of freedom. */
static const double t95_table[30] = {
	12.7062047, 4.3026527, 3.1824463, 2.7764451, 2.5705818, 2.4469119, 2.3646243, 2.3060041,
	2.2621572, 2.2281389, 2.2009852, 2.1788128, 2.1603687, 2.1447867, 2.1314495, 2.1199053,
	2.1098156, 2.1009220, 2.0930241, 2.0859634, 2.0796138, 2.0738731, 2.0686576, 2.0638986,
	2.0595386, 2.0555294, 2.0518305, 2.0484071, 2.0452296, 2.0422725
};

/* Beyond the table, the Cornish-Fisher expansion in 1/df. */
static double t95_large(double df)
{
	double z = Z95, z2 = z * z;

	return z + z * (z2 + 1) / (4 * df) + z * ((5 * z2 + 16) * z2 + 3) / (96 * df * df) +
	       z * (((3 * z2 + 19) * z2 + 17) * z2 - 15) / (384 * df * df * df);
}

double ci_t95(double df)
{
	double lo, hi, f;
	int k;

	if (!(df > 1))	/* NaN too */
		return t95_table[0];
	if (isinf(df))
		return Z95;
	if (df > 30)
		return t95_large(df);
	k = (int)df;	/* between k and k + 1, linear in 1/df */
	if (k == df)
		return t95_table[k - 1];
	lo = t95_table[k - 1];
	hi = t95_table[k];
	f = (1 / (double)k - 1 / df) / (1 / (double)k - 1 / (double)(k + 1));
	return lo + f * (hi - lo);
}

/* A share as measured: its estimate, the variance of that estimate, and
 * the degrees of freedom of the variance (INFINITY when modelled), and
 * which model: the binomial's, the sub-profiles' or the trace's runs'. */
enum kind { BINOMIAL, BATCH, RUNS };
struct spread {
	double p, var, df;
	enum kind kind;
};

/* The binomial model's. */
static struct spread binomial(uint64_t tics, uint64_t total)
{
	struct spread s;

	s.p = (double)tics / (double)total;
	s.var = s.p * (1 - s.p) / (double)total;
	s.df = INFINITY;
	s.kind = BINOMIAL;
	return s;
}

/* The runs' (runs.h): c^2 a tick inside, and the edges of the runs. */
static struct spread runs(uint64_t tics, uint64_t total, double c2, double edge)
{
	struct spread s;
	double n = (double)total;

	s.p = (double)tics / n;
	s.var = (c2 * (double)tics * (1 - s.p) + edge) / (n * n);
	s.df = INFINITY;
	s.kind = RUNS;
	return s;
}

/* Batch means over the sub-profiles with a total: the sub-profile shares'
 * variance over their number, with one degree of freedom fewer. Returns 0,
 * or -1 when fewer than two sub-profiles have a total. */
static int batch_means(uint64_t tics, uint64_t total, const uint64_t *sub, const uint64_t *subtot, int nsub,
		       struct spread *s)
{
	double sum = 0, sq = 0, mean, q;
	int i, k = 0;

	for (i = 0; i < nsub; i++) {
		if (!subtot[i])
			continue;
		sum += (double)sub[i] / (double)subtot[i];
		k++;
	}
	if (k < 2)
		return -1;
	mean = sum / k;
	for (i = 0; i < nsub; i++) {
		if (!subtot[i])
			continue;
		q = (double)sub[i] / (double)subtot[i] - mean;
		sq += q * q;
	}
	s->p = (double)tics / (double)total;
	s->var = sq / (k - 1) / k;
	s->df = k - 1;
	s->kind = BATCH;
	return 0;
}

static struct spread measure(const struct ci_in *in)
{
	struct spread s;
	uint64_t tics = in->tics > in->total ? in->total : in->tics, total = in->total;

	/* None of the tics or all: the sub-profiles agree by necessity, and
	 * no run says how near 0 (or 100) the share is. A share with ticks
	 * but no run in the trace (which holds the run's first ticks only)
	 * has no measure either. */
	if (!tics || tics == total)
		return binomial(tics, total);
	if (in->edge > 0)
		return runs(tics, total, in->c2, in->edge);
	if (in->nsub >= 2 && in->sub && in->subtot &&
	    batch_means(tics, total, in->sub, in->subtot, in->nsub, &s) == 0)
		return s;
	return binomial(tics, total);
}

static double clamp100(double x)
{
	return x < 0 ? 0 : x > 100 ? 100 : x;
}

/* Wilson's score interval at 95%. */
static struct ci wilson(uint64_t tics, uint64_t total)
{
	double n = (double)total, p = (double)tics / n, z2 = Z95 * Z95;
	double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
	double half = Z95 / (1 + z2 / n) * sqrt(p * (1 - p) / n + z2 / (4 * n * n));
	struct ci c;

	c.low = clamp100(100 * (centre - half));
	c.high = clamp100(100 * (centre + half));
	if (tics == 0)
		c.low = 0;
	if (tics == total)
		c.high = 100;
	return c;
}

struct ci ci_of(const struct ci_in *in)
{
	struct spread s;
	struct ci c = { 0, 100 };
	double half;

	if (!in->total)
		return c;
	s = measure(in);
	if (s.kind == BINOMIAL)
		return wilson(in->tics > in->total ? in->total : in->tics, in->total);
	half = ci_t95(s.df) * sqrt(s.var);
	c.low = clamp100(100 * (s.p - half));
	c.high = clamp100(100 * (s.p + half));
	return c;
}

struct ci ci_share(uint64_t tics, uint64_t total, const uint64_t *sub_tics, const uint64_t *sub_totals, int nsub)
{
	struct ci_in in = { tics, total, sub_tics, sub_totals, nsub, 0, RUNS_NONE };

	return ci_of(&in);
}

int ci_differ(const struct ci_in *ia, const struct ci_in *ib)
{
	struct spread a, b;
	double var, df, pooled, diff;
	uint64_t ta, tb;

	if (!ia->total || !ib->total)
		return 0;
	a = measure(ia);
	b = measure(ib);
	diff = fabs(a.p - b.p);
	if (a.kind == BINOMIAL && b.kind == BINOMIAL) {
		/* the two-proportion z-test, its variance pooled under no change */
		ta = ia->tics > ia->total ? ia->total : ia->tics;
		tb = ib->tics > ib->total ? ib->total : ib->tics;
		pooled = ((double)ta + (double)tb) / ((double)ia->total + (double)ib->total);
		var = pooled * (1 - pooled) * (1 / (double)ia->total + 1 / (double)ib->total);
		return var > 0 && diff > Z95 * sqrt(var);
	}
	/* Welch: Satterthwaite's degrees of freedom, a modelled side adding
	 * none (two modelled sides: the normal's z) */
	var = a.var + b.var;
	if (!(var > 0))
		return diff > 0;
	df = var * var / ((isinf(a.df) ? 0 : a.var * a.var / a.df) + (isinf(b.df) ? 0 : b.var * b.var / b.df));
	return diff > ci_t95(df) * sqrt(var);
}
