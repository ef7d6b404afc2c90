/* attrib.c: ticks charged to symbols (attrib.h). One pass over the buckets,
 * each found among the owners by a binary search, and the owners a bucket
 * covers whole charged at once (below): O(buckets log symbols + symbols),
 * after sorting the symbols once, however many segments share a number. */
#include <stdlib.h>
#include <string.h>

#include "attrib.h"
#include "hostio.h"
#include "hostsort.h"
#include "rounding.h"
#include "dumpfmt.h"

/* ---- the symbols of a segment --------------------------------------------- */

/* Every segment's symbols, sorted by segment then address, so a report of
 * many segments sorts the map once and finds each segment by a binary
 * search, instead of scanning the whole map for each (4096 segments against
 * 10^6 symbols took 10 s that way). */
struct keyed_seg {
	uint16_t seg;
	uint32_t addr;
	size_t index;
};

static int by_seg_addr_index(const void *a, const void *b)
{
	const struct keyed_seg *x = a, *y = b;

	if (x->seg != y->seg)
		return x->seg < y->seg ? -1 : 1;
	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return x->index < y->index ? -1 : x->index > y->index;
}

/* The alias rule (docs/pinfo.md): of two symbols at one address, the one
 * that names it is a global over a local, then a name without a leading
 * underscore over one with, then the lower name in byte order. So an ELF
 * file and every map mkmap makes of it name an address alike. */
static int better_alias(const struct map *m, size_t x, size_t y)
{
	const char *a = m->syms[x].name, *b = m->syms[y].name;
	int lx = m->local ? m->local[x] : 0, ly = m->local ? m->local[y] : 0;

	if (lx != ly)
		return ly;
	if ((a[0] == '_') != (b[0] == '_'))
		return b[0] == '_';
	return strcmp(a, b) < 0;
}

int map_in_order(const struct map *m)
{
	size_t i;

	for (i = 1; i < m->n; i++)
		if (m->syms[i].seg < m->syms[i - 1].seg ||
		    (m->syms[i].seg == m->syms[i - 1].seg && m->syms[i].addr <= m->syms[i - 1].addr))
			return 0;
	return 1;
}

/* Sorts keys[0..n) by segment, then address, stably (at one address the
 * order listed stays): a radix sort, 12 bits a pass over the 48 bits of the
 * key, a pass skipped where every key has the same digit. tmp holds n. */
static void radix_sort(struct keyed_seg *keys, struct keyed_seg *tmp, size_t n)
{
	static size_t count[4096];
	struct keyed_seg *from = keys, *to = tmp, *t;
	int shift;
	size_t i, sum;

	for (shift = 0; shift < 48; shift += 12) {
		for (i = 0; i < 4096; i++)
			count[i] = 0;
		for (i = 0; i < n; i++)
			count[((uint64_t)from[i].seg << 32 | from[i].addr) >> shift & 4095]++;
		if (n && count[((uint64_t)from[0].seg << 32 | from[0].addr) >> shift & 4095] == n)
			continue;	/* one digit for all: nothing moves */
		for (i = 0, sum = 0; i < 4096; i++) {
			size_t c = count[i];

			count[i] = sum;
			sum += c;
		}
		for (i = 0; i < n; i++)
			to[count[((uint64_t)from[i].seg << 32 | from[i].addr) >> shift & 4095]++] = from[i];
		t = from, from = to, to = t;
	}
	if (from != keys)
		memcpy(keys, from, n * sizeof *keys);
}

size_t map_sorted_symbols(const struct map *m, struct msym **out)
{
	struct keyed_seg *keys = malloc((m->n ? m->n : 1) * sizeof *keys), *tmp = NULL;
	size_t i, kept = 0, best;
	int sorted = 1;

	*out = NULL;
	if (!keys || !(*out = malloc((m->n ? m->n : 1) * sizeof **out))) {
		free(keys);
		return (size_t)-1;
	}
	for (i = 0; i < m->n; i++) {
		keys[i].seg = m->syms[i].seg;
		keys[i].addr = m->syms[i].addr;
		keys[i].index = i;
		if (i && sorted && (keys[i].seg < keys[i - 1].seg ||
				    (keys[i].seg == keys[i - 1].seg && keys[i].addr < keys[i - 1].addr)))
			sorted = 0;
	}
	if (!sorted && m->n < 64) {
		host_qsort(keys, m->n, sizeof *keys, by_seg_addr_index);
	} else if (!sorted) {	/* a map in address order, as nm -n and mkmap write it, is not */
		if (!(tmp = malloc(m->n * sizeof *tmp))) {
			free(keys);
			free(*out);
			*out = NULL;
			return (size_t)-1;
		}
		radix_sort(keys, tmp, m->n);
		free(tmp);
	}
	for (i = 0; i < m->n; i = best) {	/* each address once, named by the alias rule */
		size_t j = keys[i].index;

		if (i + 16 < m->n)
			__builtin_prefetch(&m->syms[keys[i + 16].index]);

		for (best = i + 1; best < m->n && keys[best].seg == keys[i].seg &&
		     keys[best].addr == keys[i].addr; best++)
			if (better_alias(m, keys[best].index, j))
				j = keys[best].index;
		(*out)[kept++] = m->syms[j];
	}
	free(keys);
	return kept;
}

int map_normalize(struct map *m)
{
	struct msym *sorted;
	size_t n;

	if (map_in_order(m))
		return 0;
	if ((n = map_sorted_symbols(m, &sorted)) == (size_t)-1)
		return -1;
	free(m->syms);
	free(m->local);
	m->syms = sorted;
	m->local = NULL;	/* one symbol an address: nothing left to choose */
	m->n = m->cap = n;
	return 0;
}

size_t msym_segment(const struct msym *sorted, size_t n, uint16_t seg, size_t *first)
{
	size_t lo = 0, hi = n, end;

	while (lo < hi) {	/* the first symbol of seg or above */
		size_t mid = lo + (hi - lo) / 2;

		if (sorted[mid].seg < seg)
			lo = mid + 1;
		else
			hi = mid;
	}
	*first = lo;
	for (hi = n, end = lo; end < hi;) {	/* the first symbol above seg */
		size_t mid = end + (hi - end) / 2;

		if (sorted[mid].seg <= seg)
			end = mid + 1;
		else
			hi = mid;
	}
	return end - lo;
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
	/* host_alloc: a large block mapped fresh, in huge pages where allowed
	 * (hostio.c), so 400,000 owners cost a few page faults, not 5,000 */
	if (!(a->owners = host_alloc.zalloc(host_alloc.ctx, (nsyms + 1) * sizeof *a->owners)))
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

/* The owner of byte addr, searched among owners[j..]: the owners tile
 * [a->lo, a->hi) in order, and addr is below a->hi. */
static size_t owner_of(const struct attribution *a, size_t j, uint64_t addr)
{
	size_t hi = a->n - 1;

	while (j < hi) {
		size_t mid = j + (hi - j) / 2;

		if (a->owners[mid].hi <= addr)
			j = mid + 1;
		else
			hi = mid;
	}
	return j;
}

size_t attribution_owner(const struct attribution *a, uint64_t addr)
{
	return owner_of(a, 0, addr);
}

/* Charges s's buckets. A bucket's first and last owners get the bytes they
 * own of it; the owners strictly between, covered whole, are only marked in
 * the difference array whole[] (count added at the first, taken off past
 * the last), summed once by settle(). So a bucket over many symbols, in
 * many segments of one number, costs two searches, not a walk. */
static void charge(struct attribution *a, const struct pdump_seg *s, uint32_t shift,
		   uint64_t *whole)
{
	uint64_t size = 1ull << shift;
	uint32_t idx[512], cnt[512];
	struct pdump_cursor cur;
	size_t j = 0, k, n, m;

	pdump_cursor_start(&cur, s, shift);	/* the nonzero buckets, decoded or not */
	while ((n = pdump_cursor_next(&cur, idx, cnt, 512))) {
		for (m = 0; m < n; m++) {
			uint64_t c = cnt[m], blo, bhi;

			blo = s->origin + ((uint64_t)idx[m] << shift);
			bhi = blo + size;
			if (a->owners[j].hi <= blo)	/* the next owner, or a search */
				j = a->owners[j + 1].hi > blo ? j + 1 : owner_of(a, j + 1, blo);
			k = a->owners[j].hi >= bhi ? j : owner_of(a, j, bhi - 1);
			if (k == j) {
				a->owners[j].share += (unsigned __int128)c * size;
			} else {
				a->owners[j].share += (unsigned __int128)c * (a->owners[j].hi - blo);
				a->owners[k].share += (unsigned __int128)c * (bhi - a->owners[k].lo);
				whole[j + 1] += c;	/* wraps harmlessly: the running sums */
				whole[k] -= c;		/* are counts, at most the ticks */
			}
			a->tics += c;
		}
	}
}

/* The owners covered whole: the running sum of whole[] is the count of the
 * buckets that cover each, and each byte of it takes that count. */
static void settle(struct attribution *a, const uint64_t *whole)
{
	uint64_t covering = 0;
	size_t i;

	for (i = 0; i < a->n; i++) {
		covering += whole[i];
		a->owners[i].share += (unsigned __int128)covering *
				      (a->owners[i].hi - a->owners[i].lo);
	}
}

/* The owners' tics: the largest remainders of their shares, ties to the
 * lower address. */
static const struct round_layout owner_layout = {
	sizeof(struct owner), offsetof(struct owner, share), offsetof(struct owner, lo),
	offsetof(struct owner, tics)
};

int attribute(const struct pdump_seg *const *segs, size_t nsegs, uint32_t shift,
	      const struct msym *syms, size_t nsyms, struct attribution *out)
{
	uint64_t *whole;
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
	if (make_owners(out, syms, nsyms) || !(whole = calloc(out->n + 1, sizeof *whole))) {
		attribution_free(out);
		return -1;
	}
	for (i = 0; i < nsegs; i++)
		charge(out, segs[i], shift, whole);
	settle(out, whole);
	free(whole);
	if (largest_remainder(out->owners, out->n, &owner_layout, shift, out->tics)) {
		attribution_free(out);
		return -1;
	}
	return 0;
}

int attribute_sub(struct attribution *a, const struct pdump_seg *const *segs, size_t nsegs, uint32_t shift,
		  uint32_t nsub)
{
	size_t i, j, k;

	if (!nsub || !a->n)
		return 0;
	for (i = 0; i < nsegs; i++)
		if (!segs[i]->sub)
			return 0;
	if (!(a->sub = calloc(a->n * nsub, sizeof *a->sub)))
		return -1;
	a->nsub = nsub;
	for (i = 0; i < nsegs; i++) {
		const struct pdump_seg *s = segs[i];
		uint32_t nb = pdump_nbuckets(s->length, shift);

		for (k = 0; k < nsub; k++)
			for (j = 0; j < nb; j++) {
				uint32_t c = s->sub[k * nb + j];
				uint64_t at = s->origin + ((uint64_t)j << shift);

				if (c && at >= a->lo && at < a->hi)
					a->sub[owner_of(a, 0, at) * nsub + k] += c;
			}
	}
	return 0;
}

void attribution_free(struct attribution *a)
{
	free(a->sub);
	free(a->edge);
	if (a->owners)
		host_alloc.free(host_alloc.ctx, a->owners);
	memset(a, 0, sizeof *a);
}
