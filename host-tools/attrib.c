/* attrib.c: ticks charged to symbols (attrib.h). One pass over the buckets
 * with a pointer into the owners: O(buckets + symbols), after sorting the
 * symbols once. */
#define _GNU_SOURCE	/* qsort_r */
#include <stdlib.h>
#include <string.h>

#include "attrib.h"
#include "dumpfmt.h"

/* ---- the symbols of a segment --------------------------------------------- */

struct keyed {
	uint32_t addr;
	size_t index;	/* in the map: keeps the sort stable */
};

static int by_addr_then_index(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return x->index < y->index ? -1 : x->index > y->index;
}

size_t map_segment_symbols(const struct map *m, uint16_t seg, struct msym **out)
{
	struct keyed *keys = malloc((m->n ? m->n : 1) * sizeof *keys);
	size_t i, n = 0, kept = 0;

	*out = NULL;
	if (!keys)
		return (size_t)-1;
	for (i = 0; i < m->n; i++)
		if (m->syms[i].seg == seg) {
			keys[n].addr = m->syms[i].addr;
			keys[n++].index = i;
		}
	qsort(keys, n, sizeof *keys, by_addr_then_index);
	if (!(*out = malloc((n ? n : 1) * sizeof **out))) {
		free(keys);
		return (size_t)-1;
	}
	for (i = 0; i < n; i++)
		if (!kept || keys[i].addr != (*out)[kept - 1].addr)
			(*out)[kept++] = m->syms[keys[i].index];
	free(keys);
	return kept;
}

/* ---- owners ---------------------------------------------------------------- */

static void set_owner(struct owner *o, uint64_t lo, uint64_t hi, uint32_t addr, const char *name)
{
	memset(o, 0, sizeof *o);
	o->lo = lo;
	o->hi = hi;
	o->addr = addr;
	o->name = name;
}

/* Splits [a->lo, a->hi) among the symbols: the owner of a->lo (the last
 * symbol at or below it, or none), then every symbol inside. */
static int make_owners(struct attribution *a, const struct msym *syms, size_t nsyms)
{
	size_t f = 0, lo = 0, hi = nsyms, k;

	while (lo < hi) {	/* f: the first symbol above a->lo */
		size_t mid = lo + (hi - lo) / 2;

		if (syms[mid].addr <= a->lo)
			lo = mid + 1;
		else
			hi = mid;
	}
	f = lo;
	if (!(a->owners = malloc((nsyms + 1) * sizeof *a->owners)))
		return -1;
	k = f;
	set_owner(&a->owners[0], a->lo, a->hi, f ? syms[f - 1].addr : (uint32_t)a->lo,
		  f ? syms[f - 1].name : NULL);
	a->n = 1;
	for (; k < nsyms && syms[k].addr < a->hi; k++) {
		a->owners[a->n - 1].hi = syms[k].addr;
		set_owner(&a->owners[a->n++], syms[k].addr, a->hi, syms[k].addr, syms[k].name);
	}
	return 0;
}

/* ---- the merge ------------------------------------------------------------- */

static void charge(struct attribution *a, const struct pdump_seg *s, uint32_t shift)
{
	uint32_t nb = pdump_nbuckets(s->length, shift), i;
	uint64_t size = 1ull << shift;
	size_t j = 0, k;

	for (i = 0; i < nb; i++) {
		uint64_t c = s->counters[i], blo, bhi;

		if (!c)
			continue;
		blo = s->origin + ((uint64_t)i << shift);
		bhi = blo + size;
		while (a->owners[j].hi <= blo)
			j++;
		for (k = j;; k++) {	/* the owners this bucket overlaps */
			struct owner *o = &a->owners[k];
			uint64_t from = blo > o->lo ? blo : o->lo;
			uint64_t to = bhi < o->hi ? bhi : o->hi;

			o->share += (unsigned __int128)c * (to - from);
			if (o->hi >= bhi)
				break;
		}
		a->tics += c;
	}
}

/* Larger fraction first; at equal fractions the lower address. The owners'
 * share holds the fraction alone while they are ranked. */
static int by_fraction(const void *x, const void *y, void *base)
{
	const struct owner *o = base;
	const struct owner *a = &o[*(const size_t *)x], *b = &o[*(const size_t *)y];

	if (a->share != b->share)
		return a->share > b->share ? -1 : 1;
	return a->lo < b->lo ? -1 : a->lo > b->lo;
}

/* Integer parts, then one more for the largest fractions: the printed tics
 * sum to the segment's ticks exactly (the largest remainder method). */
static int round_shares(struct attribution *a, uint32_t shift)
{
	uint64_t mask = (1ull << shift) - 1, given = 0;
	size_t *order = malloc((a->n ? a->n : 1) * sizeof *order), i, nfrac = 0;
	unsigned __int128 *frac = malloc((a->n ? a->n : 1) * sizeof *frac);

	if (!order || !frac) {
		free(order);
		free(frac);
		return -1;
	}
	for (i = 0; i < a->n; i++) {
		a->owners[i].tics = (uint64_t)(a->owners[i].share >> shift);
		given += a->owners[i].tics;
		frac[i] = a->owners[i].share;
		a->owners[i].share &= mask;	/* the fraction, for ranking */
		if (a->owners[i].share)
			order[nfrac++] = i;
	}
	qsort_r(order, nfrac, sizeof *order, by_fraction, a->owners);
	for (i = 0; given < a->tics && i < nfrac; i++, given++)
		a->owners[order[i]].tics++;
	for (i = 0; i < a->n; i++)
		a->owners[i].share = frac[i];	/* back to the exact share */
	free(order);
	free(frac);
	return 0;
}

int attribute(const struct pdump_seg *const *segs, size_t nsegs, uint32_t shift,
	      const struct msym *syms, size_t nsyms, struct attribution *out)
{
	size_t i;

	memset(out, 0, sizeof *out);
	out->lo = UINT64_MAX;
	for (i = 0; i < nsegs; i++) {
		uint64_t lo = segs[i]->origin;
		uint64_t hi = lo + ((uint64_t)pdump_nbuckets(segs[i]->length, shift) << shift);

		out->lo = lo < out->lo ? lo : out->lo;
		out->hi = hi > out->hi ? hi : out->hi;
	}
	if (!nsegs || out->hi <= out->lo)
		out->lo = out->hi = nsegs ? segs[0]->origin : 0;
	if (make_owners(out, syms, nsyms))
		return -1;
	for (i = 0; i < nsegs; i++)
		charge(out, segs[i], shift);
	if (round_shares(out, shift)) {
		attribution_free(out);
		return -1;
	}
	return 0;
}

void attribution_free(struct attribution *a)
{
	free(a->owners);
	memset(a, 0, sizeof *a);
}
