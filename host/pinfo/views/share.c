/* share.c: shares with their intervals as the views print them (share.h). */
#include <string.h>
#include <strings.h>

#include "attrib.h"
#include "ci.h"
#include "share.h"
#include "shown.h"

struct present present;

/* make run's highest rate (HZ, scripts/uservars.mk): past it, the run's length */
#define SHARE_HZ_MAX	20000

int share_utf8(const char *lc_all, const char *lc_ctype, const char *lang)
{
	const char *v = lc_all && *lc_all ? lc_all : lc_ctype && *lc_ctype ? lc_ctype : lang;
	const char *p;

	for (p = v; p && *p; p++)
		if (!strncasecmp(p, "utf-8", 5) || !strncasecmp(p, "utf8", 4))
			return 1;
	return 0;
}

/* s with the interval c; half, the larger of its sides. */
static struct share with_ci(struct share s, struct ci c)
{
	s.low = c.low;
	s.high = c.high;
	s.half = s.high - s.pct > s.pct - s.low ? s.high - s.pct : s.pct - s.low;
	return s;
}

struct share share_of(uint64_t tics, uint64_t total)
{
	struct share s = { .pct = pct(tics, total) };

	return with_ci(s, ci_share(tics, total, NULL, NULL, 0));
}

struct share share_in(const struct pdump *d, uint64_t tics, struct noise nz)
{
	struct share s = share_of(tics, d->total);
	struct ci_in in = { tics, d->total, nz.sub, d->subtotal, nz.sub ? (int)d->nsub : 0, runs_c2(d), nz.edge };

	if ((!d->nsub || !nz.sub) && !(nz.edge > 0))
		return s;
	return with_ci(s, ci_of(&in));
}

struct share share_within(const struct pdump *d, uint64_t tics, uint64_t whole,
			  const uint64_t *wholesub, struct noise nz)
{
	int nsub = nz.sub && wholesub ? (int)d->nsub : 0;
	struct ci_in in = { tics, whole, nsub ? nz.sub : NULL, nsub ? wholesub : NULL, nsub, runs_c2(d), nz.edge };
	struct share s = { .pct = pct(tics, whole) };

	return with_ci(s, ci_of(&in));
}

uint64_t *share_subs(const struct pdump *d, const struct pdump_seg *const *segs, size_t n,
		     uint64_t lo, uint64_t hi, uint64_t sub[PDUMP_NSUB_MAX])
{
	size_t i;
	uint32_t k;
	uint64_t j, nb, first;

	if (!d->nsub || d->nsub > PDUMP_NSUB_MAX)
		return NULL;
	memset(sub, 0, d->nsub * sizeof *sub);
	for (i = 0; i < n; i++) {
		const struct pdump_seg *s = segs[i];

		if (!s->sub)
			continue;
		nb = pdump_nbuckets(s->length, d->shift);
		first = lo <= s->origin ? 0 : (lo - s->origin + (1ull << d->shift) - 1) >> d->shift;
		for (j = first; j < nb && s->origin + (j << d->shift) < hi; j++)
			for (k = 0; k < d->nsub; k++)
				sub[k] += s->sub[(size_t)k * nb + j];
	}
	return sub;
}

const uint64_t *share_owner_sub(const struct pdump *d, const struct attribution *a,
				const struct owner *o)
{
	if (!a->sub || !a->nsub || a->nsub != d->nsub)
		return NULL;
	return a->sub + (size_t)(o - a->owners) * a->nsub;
}

struct noise share_owner_noise(const struct pdump *d, const struct attribution *a, const struct owner *o)
{
	struct noise nz = { share_owner_sub(d, a, o), a->edge ? a->edge[o - a->owners] : RUNS_NONE };

	return nz;
}

struct noise share_range(const struct pdump *d, const struct pdump_seg *const *segs, size_t n,
			 uint64_t lo, uint64_t hi, uint64_t sub[PDUMP_NSUB_MAX])
{
	struct noise nz = { share_subs(d, segs, n, lo, hi, sub), runs_range(d, segs, n, lo, hi, NULL, NULL) };

	return nz;
}

const char *share_pm(char buf[16], double half)
{
	snprintf(buf, 16, "%s%.2f", present.ascii ? "+-" : "\xc2\xb1", half);
	return buf;
}

void share_cell(FILE *out, const struct share *s, int pad)
{
	char pm[16];

	fprintf(out, "(%6.2f%% %s)%s", s->pct, share_pm(pm, s->half),
		pad && s->half < 9.995 ? " " : "");
}

void share_hot_see(struct share_hot *h, const char *name, uint64_t tics, const struct share *s)
{
	if (h->seen && tics <= h->tics)
		return;
	h->seen = 1;
	snprintf(h->name, sizeof h->name, "%s", name);
	h->tics = tics;
	h->s = *s;
}

/* x rounded up to a whole number (x >= 0, below 2^63). */
static uint64_t up(double x)
{
	uint64_t n = (uint64_t)x;

	return (double)n < x ? n + 1 : n;
}

int share_hot_note(FILE *out, const struct share_hot *h, const struct pdump *d)
{
	double f;
	uint64_t need;
	char pm[16];
	struct shown sh;

	if (!h->seen || !d->total || h->s.half <= 1.0)
		return 0;
	f = h->s.half * h->s.half;	/* the half-width falls as 1/sqrt(samples) */
	need = up(f * (double)d->total);
	fprintf(out, "\nToo few samples: the hottest function, %s, is %.2f%% %s (95%%); "
		"%llu samples would bring it to %s: ", shown(h->name, &sh), h->s.pct,
		share_pm(pm, h->s.half), (unsigned long long)need, share_pm((char[16]){ 0 }, 1.0));
	if (d->hz && up(f * d->hz) <= SHARE_HZ_MAX)
		fprintf(out, "HZ=%llu or ", (unsigned long long)up(f * d->hz));
	fprintf(out, "a run %.1fx as long\n", (double)up(f * 10) / 10);
	return 1;
}
