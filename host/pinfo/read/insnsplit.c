/* insnsplit.c: buckets split over the lines by instructions (lines.h,
 * LINES_SPLIT_INSNS): one execution rate a basic block, estimated from
 * every bucket at once by EM iterations, and each bucket's ticks given to
 * the instructions that start in it in proportion to their blocks' rates;
 * and the cell that holds an address (cell_of), split.c's too. */
#include <math.h>
#include <stdlib.h>

#include "hostsort.h"
#include "insnsplit.h"
#include "lines.h"

size_t cell_of(const struct cell *c, size_t n, size_t j, uint64_t addr)
{
	size_t hi = n - 1;

	while (j < hi) {
		size_t mid = j + (hi - j) / 2;

		if (c[mid].hi <= addr)
			j = mid + 1;
		else
			hi = mid;
	}
	return j;
}

/* A bucket with ticks: its instructions [i0, i1) of the model. */
struct obs {
	uint64_t n;
	size_t i0, i1;
	uint32_t root;		/* its component (a block) */
};

static uint32_t root_of(uint32_t *up, uint32_t b)
{
	while (up[b] != b)
		b = up[b] = up[up[b]];
	return b;
}

static int by_root(const void *x, const void *y)
{
	const struct obs *a = x, *b = y;

	if (a->root != b->root)
		return a->root < b->root ? -1 : 1;
	return a->i0 < b->i0 ? -1 : a->i0 > b->i0;
}

#define EM_ROUNDS	5000	/* at most, a component */
#define EM_STILL	1e-12	/* relative change under which a component is stable */

/* The rates of the blocks of obs[0..n) (one component), by EM: each bucket's
 * ticks split among its instructions in proportion to their blocks' rates,
 * then each block's rate its ticks over its exposure (its instructions,
 * each counted in every segment that covers it). */
static void em(const struct line_insns *li, const struct obs *o, size_t n, const uint32_t *blocks,
	       size_t nb, const double *expo, double *rate, double *num)
{
	size_t r, i, k;

	for (r = 0; r < EM_ROUNDS; r++) {
		double top = 0, moved = 0;

		for (k = 0; k < nb; k++)
			num[blocks[k]] = 0;
		for (i = 0; i < n; i++) {
			double e = 0;

			for (k = o[i].i0; k < o[i].i1; k++)
				e += rate[li->block[k]];
			if (e > 0)
				for (k = o[i].i0; k < o[i].i1; k++)
					num[li->block[k]] += (double)o[i].n * rate[li->block[k]] / e;
		}
		for (k = 0; k < nb; k++) {
			uint32_t b = blocks[k];
			double v = rate[b] > 0 ? num[b] / expo[b] : 0;

			moved = fabs(v - rate[b]) > moved ? fabs(v - rate[b]) : moved;
			top = v > top ? v : top;
			rate[b] = v;
		}
		if (moved <= EM_STILL * top)
			break;
	}
}

/* Bucket [blo, blo + size) of n ticks, split by bytes over the cells. */
static void split_bytes(struct cell *c, size_t nc, uint64_t blo, uint64_t size, uint64_t n,
			uint32_t up)
{
	size_t k = cell_of(c, nc, 0, blo);
	uint64_t bhi = blo + size;

	for (; k < nc && c[k].lo < bhi; k++) {
		uint64_t a = c[k].lo > blo ? c[k].lo : blo;
		uint64_t e = c[k].hi < bhi ? c[k].hi : bhi;

		c[k].share += ((unsigned __int128)n * (e - a)) << up;
	}
}

static int overlaps_bad(const struct line_insns *li, uint64_t lo, uint64_t hi)
{
	size_t a = 0, b = li->nbad;

	while (a < b) {	/* the first bad range ending above lo */
		size_t m = a + (b - a) / 2;

		if (li->bad[2 * m + 1] <= lo)
			a = m + 1;
		else
			b = m;
	}
	return a < li->nbad && li->bad[2 * a] < hi;
}

/* The model of the buckets over the instructions: the buckets with ticks
 * (obs), and by block its exposure, its rate, EM's sums, its component
 * (union-find) and a list of a component's blocks. */
struct model {
	struct line_insns li;
	struct obs *o;
	size_t no, cap;
	double *expo, *rate, *num;
	uint32_t *upf, *blocks;
};

static int add_obs(struct model *m, uint64_t n, size_t i0, size_t i1)
{
	if (m->no == m->cap) {
		size_t nc2 = m->cap ? 2 * m->cap : 1024;
		struct obs *grown = realloc(m->o, nc2 * sizeof *grown);

		if (!grown)
			return -1;
		m->o = grown;
		m->cap = nc2;
	}
	m->o[m->no++] = (struct obs){ n, i0, i1, 0 };
	return 0;
}

/* segs' buckets with ticks, each kept with the instructions that start in
 * it, or split by bytes at once when it has none or bytes that could not be
 * decoded; and each block's exposure. */
static int observe(struct model *m, const struct pdump_seg *const *segs, size_t nsegs,
		   uint32_t shift, struct cell *c, size_t nc, struct line_attribution *out)
{
	const struct line_insns *li = &m->li;
	uint64_t size = 1ull << shift;
	uint32_t up = out->unit - shift;
	size_t i, k;

	for (i = 0; i < nsegs; i++) {
		const struct pdump_seg *s = segs[i];
		uint32_t nb = pdump_nbuckets(s->length, shift), b;
		size_t at = 0;

		for (k = 0; k < li->n; k++)	/* exposure: the instructions it covers */
			if (li->addr[k] >= s->origin && li->addr[k] - s->origin < ((uint64_t)nb << shift))
				m->expo[li->block[k]] += 1;
		for (b = 0; b < nb; b++) {
			uint64_t n = s->counters[b], blo = s->origin + ((uint64_t)b << shift);
			size_t i0;

			if (!n)
				continue;
			out->tics += n;
			while (at < li->n && li->addr[at] < blo)
				at++;
			for (i0 = at; at < li->n && li->addr[at] < blo + size; at++)
				;
			if (i0 == at || overlaps_bad(li, blo, blo + size)) {
				split_bytes(c, nc, blo, size, n, up);
				out->byte_buckets++;
				continue;
			}
			if (add_obs(m, n, i0, at))
				return -1;
		}
	}
	return 0;
}

/* Ticks where no instruction could run: those instructions ran. */
static void revive(struct model *m)
{
	struct line_insns *li = &m->li;
	size_t i, k;

	for (i = 0; i < m->no; i++) {
		for (k = m->o[i].i0; k < m->o[i].i1 && !li->live[li->block[k]]; k++)
			;
		if (k == m->o[i].i1)
			for (k = m->o[i].i0; k < m->o[i].i1; k++)
				li->live[li->block[k]] = 1;
	}
}

/* Components: blocks that share a bucket with ticks. Each bucket gets its
 * component's root, the buckets sorted by it; every live block's rate
 * starts at 1. */
static void components(struct model *m)
{
	const struct line_insns *li = &m->li;
	struct obs *o = m->o;
	size_t i, k;

	for (k = 0; k < li->nblocks; k++) {
		m->upf[k] = (uint32_t)k;
		m->rate[k] = li->live[k] ? 1 : 0;
	}
	for (i = 0; i < m->no; i++) {
		uint32_t first = UINT32_MAX;

		for (k = o[i].i0; k < o[i].i1; k++)
			if (li->live[li->block[k]]) {
				uint32_t r = root_of(m->upf, li->block[k]);

				if (first == UINT32_MAX)
					first = r;
				else if (r != root_of(m->upf, first))
					m->upf[r] = root_of(m->upf, first);
			}
	}
	for (i = 0; i < m->no; i++) {
		for (k = o[i].i0; !li->live[li->block[k]]; k++)
			;	/* one is live (revive) */
		o[i].root = root_of(m->upf, li->block[k]);
	}
	if (m->no > 1)
		host_qsort(o, m->no, sizeof *o, by_root);
}

/* The rates of the blocks, by EM, one component at a time. */
static void estimate(struct model *m)
{
	const struct line_insns *li = &m->li;
	const struct obs *o = m->o;
	size_t i, k, g;

	for (i = 0; i < m->no; i = g) {
		size_t nb = 0, j;

		for (g = i; g < m->no && o[g].root == o[i].root; g++)
			for (k = o[g].i0; k < o[g].i1; k++) {
				uint32_t b = li->block[k];

				if (li->live[b] && m->num[b] >= 0) {
					m->num[b] = -1;	/* listed */
					m->blocks[nb++] = b;
				}
			}
		em(li, o + i, g - i, m->blocks, nb, m->expo, m->rate, m->num);
		for (j = 0; j < nb; j++)
			m->num[m->blocks[j]] = 0;
	}
}

/* Each bucket's ticks to its instructions, by their blocks' rates, in
 * units of 1/2^unit tic. */
static void give(const struct model *m, struct cell *c, size_t nc, uint32_t unit)
{
	const struct line_insns *li = &m->li;
	const struct obs *o = m->o;
	const double *rate = m->rate;
	size_t i, k;

	for (i = 0; i < m->no; i++) {
		unsigned __int128 whole = (unsigned __int128)o[i].n << unit, given = 0;
		double e = 0;
		size_t most = o[i].i0;

		for (k = o[i].i0; k < o[i].i1; k++) {
			e += rate[li->block[k]];
			most = rate[li->block[k]] > rate[li->block[most]] ? k : most;
		}
		for (k = o[i].i0; k < o[i].i1; k++) {	/* each its part, rounded down */
			double w = e > 0 ? rate[li->block[k]] / e : 1.0 / (double)(o[i].i1 - o[i].i0);
			double f = w * 4294967296.0;	/* w * 2^32, exactly */
			uint64_t q = f >= 4294967296.0 ? 4294967296ull : (uint64_t)f;
			unsigned __int128 part = ((unsigned __int128)o[i].n * q) << (unit - 32);

			if (part > whole - given)
				part = whole - given;
			given += part;
			c[cell_of(c, nc, 0, li->addr[k])].share += part;
		}
		/* what rounding left, to the instruction of the highest rate */
		c[cell_of(c, nc, 0, li->addr[most])].share += whole - given;
	}
}

int split_insns(const struct pdump_seg *const *segs, size_t nsegs, uint32_t shift,
		const struct line_table *t, const struct msym *syms, size_t nsyms, uint64_t lo,
		uint64_t hi, struct cell *c, size_t nc, struct line_attribution *out)
{
	struct model m = { 0 };
	size_t nb;
	int rc = -1;

	if (lines_insns(t, syms, nsyms, lo, hi, &m.li))
		return -1;
	nb = m.li.nblocks;
	if (nb && (!(m.expo = calloc(nb, sizeof *m.expo)) || !(m.rate = calloc(nb, sizeof *m.rate)) ||
		   !(m.num = calloc(nb, sizeof *m.num)) || !(m.upf = malloc(nb * sizeof *m.upf)) ||
		   !(m.blocks = malloc(nb * sizeof *m.blocks))))
		goto out;
	if (observe(&m, segs, nsegs, shift, c, nc, out))
		goto out;
	revive(&m);
	components(&m);
	estimate(&m);
	give(&m, c, nc, out->unit);
	rc = 0;
out:
	free(m.o);
	free(m.upf);
	free(m.blocks);
	free(m.expo);
	free(m.rate);
	free(m.num);
	lines_insns_free(&m.li);
	return rc;
}
