/* export.c: gmon.out and /proc/profile from a dump (export.h). Both files
 * are little-endian, as the i386 programs they describe; both are written
 * in one stream through a 64 KiB buffer, bucket by bucket. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dumpfmt.h"
#include "export.h"
#include "hostio.h"
#include "maps.h"

/* ---- the segment ------------------------------------------------------------- */

int export_select(const struct pdump *d, const char *module, uint16_t segno,
		  struct export_src *src, char *err, size_t errlen)
{
	uint32_t i;
	int seen = 0;

	memset(src, 0, sizeof *src);
	src->shift = d->shift;
	if (!(src->segs = malloc((d->nseg ? d->nseg : 1) * sizeof *src->segs)))
		return host_fail(err, errlen, "out of memory");
	for (i = 0; i < d->nseg; i++) {
		const struct pdump_seg *s = &d->segs[i];
		uint32_t nb = pdump_nbuckets(s->length, d->shift);

		if (strcasecmp(s->module, module))
			continue;
		seen = 1;
		if (s->segno != segno)
			continue;
		if (src->nsegs && s->origin != src->origin) {
			export_src_free(src);
			return host_fail(err, errlen, "the segments %u of %s start at %#x and %#x: "
				    "not one program", segno, module, src->origin, s->origin);
		}
		src->segs[src->nsegs++] = s;
		src->origin = s->origin;
		src->nbuckets = nb > src->nbuckets ? nb : src->nbuckets;
		snprintf(src->module, sizeof src->module, "%s", s->module);
	}
	if (!src->nsegs) {
		export_src_free(src);
		return host_fail(err, errlen, seen ? "module %s has no segment %u in the dump"
				: "module %s is not in the dump", module, segno);
	}
	return 0;
}

void export_src_free(struct export_src *src)
{
	free(src->segs);
	src->segs = NULL;
	src->nsegs = 0;
}

uint64_t export_bucket(const struct export_src *src, uint32_t i)
{
	uint64_t sum = 0;
	size_t k;

	for (k = 0; k < src->nsegs; k++)
		if (i < pdump_nbuckets(src->segs[k]->length, src->shift))
			sum += src->segs[k]->counters[i];
	return sum;
}

uint64_t export_outside(const struct pdump *d, const char *module)
{
	return map_is_kernel(module) ? d->kernel : d->out_of_range;
}

/* ---- a buffered little-endian stream ------------------------------------------ */

struct wbuf {
	FILE *f;
	int failed;
	size_t n;
	uint8_t b[65536];
};

static void w_flush(struct wbuf *w)
{
	if (w->n && fwrite(w->b, 1, w->n, w->f) != w->n)
		w->failed = 1;
	w->n = 0;
}

static void w_put(struct wbuf *w, const void *p, size_t n)
{
	if (w->n + n > sizeof w->b)
		w_flush(w);
	memcpy(w->b + w->n, p, n);
	w->n += n;
}

static void w_u16(struct wbuf *w, uint32_t v)
{
	uint8_t b[2] = { (uint8_t)v, (uint8_t)(v >> 8) };

	w_put(w, b, 2);
}

static void w_u32(struct wbuf *w, uint32_t v)
{
	uint8_t b[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24) };

	w_put(w, b, 4);
}

static int w_end(struct wbuf *w, char *err, size_t errlen)
{
	w_flush(w);
	if (fflush(w->f) || ferror(w->f) || w->failed)
		return host_fail(err, errlen, "write error");
	return 0;
}

static uint32_t sat32(uint64_t v)
{
	return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

/* ---- gmon.out ------------------------------------------------------------------ */

/* glibc's sys/gmon_out.h: a 20-byte header, then tagged records. */
#define GMON_MAGIC		"gmon"
#define GMON_VERSION		1
#define GMON_TAG_TIME_HIST	0

/* What gprof can add up for a bin. */
static uint64_t gmon_count(const struct export_src *src, uint32_t i)
{
	uint64_t c = export_bucket(src, i);

	return c > GMON_SUM_MAX ? GMON_SUM_MAX : c;
}

/* Bins [from, to), layer `layer`: what is left of each count above
 * layer * 65535, at most 65535. The layers of a bin add up to its count. */
static void gmon_record(struct wbuf *w, const struct export_src *src, uint32_t hz,
			uint32_t from, uint32_t to, uint32_t layer)
{
	static const char dimen[15] = "seconds";
	uint64_t base = (uint64_t)layer * GMON_BIN_MAX;
	uint8_t tag = GMON_TAG_TIME_HIST;
	uint32_t i;

	w_put(w, &tag, 1);
	w_u32(w, (uint32_t)(src->origin + ((uint64_t)from << src->shift)));
	w_u32(w, (uint32_t)(src->origin + ((uint64_t)to << src->shift)));
	w_u32(w, to - from);
	w_u32(w, hz);
	w_put(w, dimen, sizeof dimen);
	w_put(w, "s", 1);
	for (i = from; i < to; i++) {
		uint64_t c = gmon_count(src, i);

		c = c > base ? c - base : 0;
		w_u16(w, (uint32_t)(c > GMON_BIN_MAX ? GMON_BIN_MAX : c));
	}
}

/* The end of the run from bin i whose bins are all above 65535 or all at
 * most; its largest bin in *max. */
static uint32_t gmon_run(const struct export_src *src, uint32_t i, uint64_t *max,
			 struct gmon_stats *st)
{
	int hot = gmon_count(src, i) > GMON_BIN_MAX;

	for (*max = 0; i < src->nbuckets; i++) {
		uint64_t c = gmon_count(src, i);

		if ((c > GMON_BIN_MAX) != hot)
			break;
		*max = c > *max ? c : *max;
		st->hot += hot;
		st->clipped += export_bucket(src, i) > GMON_SUM_MAX;
	}
	return i;
}

int export_gmon(const struct export_src *src, uint32_t hz, FILE *out, struct gmon_stats *st,
		char *err, size_t errlen)
{
	static struct wbuf w;	/* 64 KiB: not on the stack */
	uint8_t header[20] = GMON_MAGIC;
	uint32_t i, end, layer;

	memset(st, 0, sizeof *st);
	if (src->shift < 1)
		return host_fail(err, errlen, "1-byte buckets: gmon.out's bins are 2 bytes at least");
	if (!src->nbuckets)
		return host_fail(err, errlen, "module %s: an empty segment", src->module);
	if (src->origin + ((uint64_t)src->nbuckets << src->shift) > UINT32_MAX)
		return host_fail(err, errlen, "module %s: the segment ends past gmon.out's 32-bit "
			    "addresses", src->module);
	w.f = out;
	w.failed = 0;
	w.n = 0;
	header[4] = GMON_VERSION;	/* int32, little-endian; 12 spare bytes */
	w_put(&w, header, sizeof header);
	for (i = 0; i < src->nbuckets; i = end) {
		uint64_t max;
		uint32_t layers;

		end = gmon_run(src, i, &max, st);
		layers = max > GMON_BIN_MAX ? (uint32_t)((max + GMON_BIN_MAX - 1) / GMON_BIN_MAX) : 1;
		for (layer = 0; layer < layers; layer++, st->records++)
			gmon_record(&w, src, hz, i, end, layer);
	}
	return w_end(&w, err, errlen);
}

/* ---- /proc/profile ---------------------------------------------------------------- */

int export_proc_profile(const struct export_src *src, uint64_t outside, FILE *out,
			char *err, size_t errlen)
{
	static struct wbuf w;	/* as in export_gmon */
	uint32_t i;

	if (src->shift > 31)
		return host_fail(err, errlen, "buckets of 2^%u bytes: no 32-bit step", src->shift);
	w.f = out;
	w.failed = 0;
	w.n = 0;
	w_u32(&w, 1u << src->shift);
	for (i = 0; i < src->nbuckets; i++)
		w_u32(&w, sat32(export_bucket(src, i)));
	w_u32(&w, sat32(outside));
	return w_end(&w, err, errlen);
}
