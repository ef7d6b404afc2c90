/* split.c: a segment's ticks charged to source lines (lines.h). The ticks
 * go to "cells", the pieces of the segment where both the line and the
 * function stay the same, by one pass over the buckets (split by bytes,
 * here), by the instructions' estimated rates (insnsplit.c, which also
 * holds the cells' type), or from the
 * sampled addresses themselves (the leaves); the cells are then grouped by
 * line and function and rounded. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hostsort.h"
#include "insnsplit.h"
#include "lines.h"
#include "maps.h"
#include "rounding.h"

/* ---- the cells ------------------------------------------------------------------ */

/* The cells of [lo, hi): cut at every range's ends and every symbol. */
static int make_cells(const struct line_table *t, const struct msym *syms, size_t nsyms,
		      uint64_t lo, uint64_t hi, struct cell **out, size_t *n)
{
	size_t cap = 2 * t->n + nsyms + 2, k = 0, r = 0, s = 0;
	struct cell *c = malloc(cap * sizeof *c);
	uint64_t at = lo;
	size_t func = LINES_NOFUNC;

	if (!c)
		return -1;
	while (r < t->n && t->r[r].hi <= lo)	/* ranges before the segment */
		r++;
	while (s < nsyms && syms[s].addr <= lo)	/* the owner of the segment's start */
		func = s++;
	while (at < hi) {
		uint64_t end = hi;
		uint32_t file = LINES_NOFILE, line = 0;

		while (r < t->n && t->r[r].hi <= at)
			r++;
		if (r < t->n && t->r[r].lo <= at) {	/* inside a range */
			file = t->r[r].file;
			line = t->r[r].line;
			end = t->r[r].hi < end ? t->r[r].hi : end;
		} else if (r < t->n && t->r[r].lo < end) {	/* a gap before the next */
			end = t->r[r].lo;
		}
		if (s < nsyms && syms[s].addr < end)
			end = syms[s].addr;
		c[k++] = (struct cell){ at, end, file, line, func, 0 };
		at = end;
		while (s < nsyms && syms[s].addr <= at)
			func = s++;
		if (k == cap)
			break;	/* cannot happen: each cut is a range end or a symbol */
	}
	*out = c;
	*n = k;
	return 0;
}

static int by_key(const void *x, const void *y)
{
	const struct cell *a = x, *b = y;

	if (a->file != b->file)
		return a->file < b->file ? -1 : 1;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->func != b->func)
		return a->func < b->func ? -1 : 1;
	return a->lo < b->lo ? -1 : a->lo > b->lo;
}

/* The lines' tics: the largest remainders of their shares, as the
 * symbols' (attrib.c), ties to the lower first address. */
static const struct round_layout line_layout = {
	sizeof(struct line_tics), offsetof(struct line_tics, share), offsetof(struct line_tics, first),
	offsetof(struct line_tics, tics)
};

static int leaf_by_addr(const void *x, const void *y)
{
	const struct line_leaf *a = x, *b = y;

	return a->addr < b->addr ? -1 : a->addr > b->addr;
}

/* Whether the leaves l[0..n) of segment s fill its buckets exactly. */
static int leaves_fill(const struct pdump_seg *s, uint32_t shift, struct line_leaf *l, size_t n)
{
	uint32_t nb = pdump_nbuckets(s->length, shift), b;
	uint64_t span = (uint64_t)nb << shift, all = 0, sum = 0;
	size_t i = 0;

	if (n > 1)
		host_qsort(l, n, sizeof *l, leaf_by_addr);
	for (b = 0; b < nb; b++)
		all += s->counters[b];
	while (i < n) {
		uint64_t off = l[i].addr - s->origin, in = 0;

		if (l[i].addr < s->origin || off >= span)
			return 0;
		b = (uint32_t)(off >> shift);
		for (; i < n && l[i].addr - s->origin < span && ((l[i].addr - s->origin) >> shift) == b; i++)
			in += l[i].count;
		if (in != s->counters[b])
			return 0;
		sum += in;
	}
	return sum == all;
}

int lines_leaves(const struct pdump *d, const struct pdump_seg *const *segs, size_t nsegs,
		 struct line_leaf **out, size_t *n)
{
	struct line_leaf *l;
	size_t i, k, m = 0;

	*out = NULL;
	*n = 0;
	if (!d->nstacks || d->dropped || !nsegs)
		return 0;
	if (!(l = malloc(d->nstacks * sizeof *l)))
		return -1;
	for (i = 0; i < nsegs; i++) {
		const struct pdump_seg *s = segs[i];
		int kernel = map_is_kernel(s->module);
		size_t first = m;

		if (kernel && nsegs > 1)
			break;	/* whose leaf is whose: not known */
		for (k = 0; k < d->nstacks; k++) {
			const struct pdump_stack *st = &d->stacks[k];

			if (kernel ? st->kdepth > 0 : (!st->kdepth && st->useg == s - d->segs + 1)) {
				if (m == d->nstacks)	/* a stack is one segment's: cannot happen */
					break;
				l[m++] = (struct line_leaf){ st->pcs[0], st->count };
			}
		}
		for (k = first; kernel && k < m;) {	/* the leaves in its text only */
			if (l[k].addr < s->origin || l[k].addr - s->origin >= s->length)
				l[k] = l[--m];
			else
				k++;
		}
		if (!leaves_fill(s, d->shift, l + first, m - first))
			break;
	}
	if (i < nsegs) {
		free(l);
		return 0;
	}
	if (m > 1)
		host_qsort(l, m, sizeof *l, leaf_by_addr);
	*out = l;
	*n = m;
	return 1;
}

int lines_attribute(const struct pdump_seg *const *segs, size_t nsegs, uint32_t shift,
		    const struct line_table *t, const struct msym *syms, size_t nsyms,
		    enum lines_split split, const struct line_leaf *leaves, size_t nleaves,
		    struct line_attribution *out)
{
	uint64_t lo = UINT64_MAX, hi = 0, size = 1ull << shift;
	struct cell *c;
	size_t nc, i, k;

	memset(out, 0, sizeof *out);
	for (i = 0; i < nsegs; i++) {
		uint64_t l = segs[i]->origin;
		uint64_t h = l + ((uint64_t)pdump_nbuckets(segs[i]->length, shift) << shift);

		lo = l < lo ? l : lo;
		hi = h > hi ? h : hi;
	}
	if (!nsegs || hi <= lo)
		return 0;
	if (make_cells(t, syms, nsyms, lo, hi, &c, &nc))
		return -1;
	out->unit = shift;
	if (split == LINES_SPLIT_INSNS && leaves) {	/* every sample's address: exact */
		for (i = 0; i < nleaves; i++)
			if (leaves[i].addr >= lo && leaves[i].addr < hi) {
				c[cell_of(c, nc, 0, leaves[i].addr)].share += leaves[i].count;
				out->tics += leaves[i].count;
			}
		out->unit = 0;
		out->exact = 1;
	} else if (split == LINES_SPLIT_INSNS) {
		out->unit = 32;	/* above any shift a dump has (at most 31) */
		if (split_insns(segs, nsegs, shift, t, syms, nsyms, lo, hi, c, nc, out)) {
			free(c);
			return -1;
		}
	}
	for (i = 0; split == LINES_SPLIT_BYTES && i < nsegs; i++) {
		const struct pdump_seg *s = segs[i];
		uint32_t nb = pdump_nbuckets(s->length, shift), b;
		size_t j = 0;

		for (b = 0; b < nb; b++) {
			uint64_t n = s->counters[b], blo, bhi;

			if (!n)
				continue;
			blo = s->origin + ((uint64_t)b << shift);
			bhi = blo + size;
			if (c[j].hi <= blo || c[j].lo > blo)
				j = cell_of(c, nc, c[j].lo > blo ? 0 : j, blo);
			/* the cells the bucket covers, each its bytes of it */
			for (k = j; k < nc && c[k].lo < bhi; k++) {
				uint64_t a = c[k].lo > blo ? c[k].lo : blo;
				uint64_t e = c[k].hi < bhi ? c[k].hi : bhi;

				c[k].share += (unsigned __int128)n * (e - a);
			}
			out->tics += n;
		}
	}
	/* one entry per (file, line, function): the cells grouped */
	host_qsort(c, nc, sizeof *c, by_key);
	if (!(out->l = malloc((nc ? nc : 1) * sizeof *out->l))) {
		free(c);
		return -1;
	}
	for (i = 0; i < nc; i++) {
		struct line_tics *l = out->n ? &out->l[out->n - 1] : NULL;

		if (l && l->file == c[i].file && l->line == c[i].line && l->func == c[i].func) {
			l->share += c[i].share;
			l->first = c[i].lo < l->first ? c[i].lo : l->first;
		} else {
			out->l[out->n++] = (struct line_tics){ c[i].file, c[i].line, c[i].func,
							       c[i].lo, c[i].share, 0 };
		}
	}
	free(c);
	if (largest_remainder(out->l, out->n, &line_layout, out->unit, out->tics)) {
		line_attribution_free(out);
		return -1;
	}
	return 0;
}

void line_attribution_free(struct line_attribution *a)
{
	free(a->l);
	memset(a, 0, sizeof *a);
}
