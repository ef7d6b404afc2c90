/* rounding.c: the largest remainder method (rounding.h). */
#define _GNU_SOURCE	/* qsort_r */
#include <stdlib.h>
#include <string.h>

#include "hostsort.h"
#include "rounding.h"

/* The items as they are ranked: their fractions, and where their keys lie. */
struct ranking {
	const unsigned __int128 *frac;
	const unsigned char *items;
	const struct round_layout *lay;
};

static uint64_t key_of(const struct ranking *r, size_t i)
{
	uint64_t k;

	memcpy(&k, r->items + i * r->lay->size + r->lay->key, sizeof k);
	return k;
}

/* Larger fraction first; at equal fractions the lower key. */
static int by_fraction(const void *x, const void *y, void *arg)
{
	const struct ranking *r = arg;
	size_t a = *(const size_t *)x, b = *(const size_t *)y;
	uint64_t ka, kb;

	if (r->frac[a] != r->frac[b])
		return r->frac[a] > r->frac[b] ? -1 : 1;
	ka = key_of(r, a);
	kb = key_of(r, b);
	return ka < kb ? -1 : ka > kb;
}

int largest_remainder(void *items, size_t n, const struct round_layout *lay, uint32_t shift,
		      uint64_t total)
{
	unsigned __int128 mask = ((unsigned __int128)1 << shift) - 1, share;
	size_t *order = malloc((n ? n : 1) * sizeof *order), i, nfrac = 0;
	unsigned __int128 *frac = malloc((n ? n : 1) * sizeof *frac);
	unsigned char *base = items;
	struct ranking r = { frac, base, lay };
	uint64_t given = 0, tics;

	if (!order || !frac) {
		free(order);
		free(frac);
		return -1;
	}
	for (i = 0; i < n; i++) {	/* the integer parts, and the fractions */
		memcpy(&share, base + i * lay->size + lay->share, sizeof share);
		tics = (uint64_t)(share >> shift);
		memcpy(base + i * lay->size + lay->tics, &tics, sizeof tics);
		given += tics;
		frac[i] = share & mask;
		if (frac[i])
			order[nfrac++] = i;
	}
	host_qsort_r(order, nfrac, sizeof *order, by_fraction, &r);
	for (i = 0; given < total && i < nfrac; i++, given++) {
		unsigned char *t = base + order[i] * lay->size + lay->tics;

		memcpy(&tics, t, sizeof tics);
		tics++;
		memcpy(t, &tics, sizeof tics);
	}
	free(order);
	free(frac);
	return 0;
}
