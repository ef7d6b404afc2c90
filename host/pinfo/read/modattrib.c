/* modattrib.c: a module's ticks charged to a map's symbols, segment number
 * by segment number (modattrib.h). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dumpfmt.h"
#include "hostsort.h"
#include "modattrib.h"
#include "runs.h"

uint64_t modattrib_seg_tics(const struct pdump_seg *s, uint32_t shift)
{
	uint32_t i, nb = pdump_nbuckets(s->length, shift);
	uint64_t sum = 0;

	if (!s->counters)	/* not decoded: the reader's sum */
		return s->tics;
	for (i = 0; i < nb; i++)
		sum += s->counters[i];
	return sum;
}

static int by_segno(const void *x, const void *y)
{
	const struct pdump_seg *a = *(const struct pdump_seg *const *)x;
	const struct pdump_seg *b = *(const struct pdump_seg *const *)y;

	if (a->segno != b->segno)
		return a->segno < b->segno ? -1 : 1;
	return a < b ? -1 : a > b;
}

/* The segments of module in d, by segment number (a number's runs in the
 * dump's order), *n of them: malloc'd, NULL when out of memory. */
static const struct pdump_seg **module_segs(const struct pdump *d, const char *module, size_t *n)
{
	const struct pdump_seg **segs = malloc((d->nseg ? d->nseg : 1) * sizeof *segs);
	uint32_t i;

	*n = 0;
	if (!segs)
		return NULL;
	for (i = 0; i < d->nseg; i++)
		if (!strcasecmp(d->segs[i].module, module))
			segs[(*n)++] = &d->segs[i];
	host_qsort(segs, *n, sizeof *segs, by_segno);
	return segs;
}

int modattrib_start(struct modattrib *w, const struct pdump *d, const struct map *m)
{
	size_t i;

	memset(w, 0, sizeof *w);
	w->shift = d->shift;
	w->nsub = d->nsub;
	w->d = d;
	if (!(w->segs = module_segs(d, m->module, &w->n)))
		return -1;
	if (!w->n) {
		free(w->segs);
		w->segs = NULL;
		return 1;
	}
	if (m->syms && map_in_order(m)) {	/* as mkmap and nm -n write it: used as it is */
		w->syms = m->syms;
		w->nsyms = m->n;
	} else if ((w->nsyms = map_sorted_symbols(m, &w->sorted)) == (size_t)-1) {
		free(w->segs);
		w->segs = NULL;
		return -1;
	} else {
		w->syms = w->sorted;
	}
	for (i = 0; i < w->n; i++)
		w->tics += modattrib_seg_tics(w->segs[i], d->shift);
	return 0;
}

int modattrib_next(struct modattrib *w)
{
	size_t j, first, nsyms;

	attribution_free(&w->a);
	w->run = NULL;
	w->nrun = 0;
	if (w->at >= w->n)
		return 0;
	for (j = w->at + 1; j < w->n && w->segs[j]->segno == w->segs[w->at]->segno; j++)
		;
	/* its symbols: a run of the map's, sorted once */
	nsyms = msym_segment(w->syms, w->nsyms, w->segs[w->at]->segno, &first);
	if (attribute(w->segs + w->at, j - w->at, w->shift, w->syms + first, nsyms, &w->a) ||
	    attribute_sub(&w->a, w->segs + w->at, j - w->at, w->shift, w->nsub))
		return -1;
	if (w->d->trace && w->a.n) {
		if (!(w->a.edge = malloc(w->a.n * sizeof *w->a.edge)) ||
		    runs_owners(w->d, &w->a, w->segs + w->at, j - w->at, w->a.edge) < 0)
			return -1;
	}
	w->run = w->segs + w->at;
	w->nrun = j - w->at;
	w->at = j;
	return 1;
}

void modattrib_end(struct modattrib *w)
{
	attribution_free(&w->a);
	free(w->sorted);
	free(w->segs);
	memset(w, 0, sizeof *w);
}
