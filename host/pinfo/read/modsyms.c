/* modsyms.c: the maps' symbols by module, found by the frames of a dump's
 * call stacks (modsyms.h). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "attrib.h"
#include "frames.h"
#include "hostsort.h"
#include "modsyms.h"

/* The maps' symbols by module (case aside), a module's first map first:
 * a frame finds its module's by a binary search, not a scan of the maps. */
static int by_module(const void *x, const void *y)
{
	const struct modsyms *a = x, *b = y;
	int c = strcasecmp(a->m->module, b->m->module);

	return c ? c : a->m < b->m ? -1 : a->m > b->m;
}

struct modsyms *modsyms_make(const struct map *maps, size_t nmaps)
{
	struct modsyms *ms = calloc(nmaps ? nmaps : 1, sizeof *ms);
	size_t i;

	if (!ms)
		return NULL;
	for (i = 0; i < nmaps; i++) {
		ms[i].m = &maps[i];
		if ((ms[i].n = map_sorted_symbols(&maps[i], &ms[i].sorted)) == (size_t)-1) {
			ms[i].n = 0;
			modsyms_free(ms, nmaps);
			return NULL;
		}
	}
	host_qsort(ms, nmaps, sizeof *ms, by_module);
	return ms;
}

void modsyms_free(struct modsyms *ms, size_t nms)
{
	size_t i, k;

	for (i = 0; i < nms; i++) {
		for (k = 0; ms[i].fr && k < ms[i].n; k++) {
			if (ms[i].fr[k])
				frames_free(ms[i].fr[k]);
			free(ms[i].fr[k]);
		}
		free(ms[i].fr);
		free(ms[i].fn);
		free(ms[i].sorted);
	}
	free(ms);
}

/* The module's symbols (its first map's), or NULL. */
struct modsyms *modsyms_of(const struct modsyms *ms, size_t nms, const char *module)
{
	size_t lo = 0, hi = nms;

	while (lo < hi) {	/* the first not below module */
		size_t mid = lo + (hi - lo) / 2;

		if (strcasecmp(ms[mid].m->module, module) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < nms && !strcasecmp(ms[lo].m->module, module) ? (struct modsyms *)&ms[lo] : NULL;
}

/* The index in sorted[first .. first + n) (one segment's symbols, by
 * address) of the symbol that holds addr, or first + n when none does. */
size_t modsyms_index(const struct msym *sorted, size_t first, size_t n, uint32_t addr)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {	/* the first symbol above addr */
		size_t mid = lo + (hi - lo) / 2;

		if (sorted[first + mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo ? first + lo - 1 : first + n;
}

/* The symbol of module's segment seg that holds addr, or NULL. */
const struct msym *modsyms_at(const struct modsyms *ms, size_t nms, const char *module, uint16_t seg,
			      uint32_t addr)
{
	const struct modsyms *s = modsyms_of(ms, nms, module);
	size_t first, n, k;

	if (!s)
		return NULL;
	n = msym_segment(s->sorted, s->n, seg, &first);
	k = modsyms_index(s->sorted, first, n, addr);
	return k < first + n ? &s->sorted[k] : NULL;
}

/* The function a direct call just before return address ret calls: its
 * start, when the map has the code (an ELF file), the five bytes before
 * ret are a `call rel32` (E8) and its target is where a function of the
 * map starts; else 0 and nothing said. */
int modsyms_call_target(const struct modsyms *ms, size_t nms, const char *module, uint16_t seg,
			uint32_t ret, uint32_t *target)
{
	const struct modsyms *own = modsyms_of(ms, nms, module);
	const struct map *m = own ? own->m : NULL;
	const struct msym *s;
	const uint8_t *c;
	uint32_t off, t;

	if (!m || !m->code || seg != 1 || ret - m->code_origin < 5 ||
	    ret - m->code_origin > m->code_len)
		return 0;
	off = ret - m->code_origin - 5;
	c = m->code + off;
	if (c[0] != 0xE8)
		return 0;
	t = ret + ((uint32_t)c[1] | (uint32_t)c[2] << 8 | (uint32_t)c[3] << 16 | (uint32_t)c[4] << 24);
	if (!(s = modsyms_at(ms, nms, module, seg, t)) || s->addr != t)
		return 0;
	*target = t;
	return 1;
}
