/* dump_load.c: a scanned dump's counters (pdump_scan, dump_read.c),
 * loaded: all at once (pdump_read, pdump_load_seg), or walked in place,
 * bucket by bucket (the cursor). It reads only bytes the scan has
 * checked. The top of the reader: it calls the scan, and the scan's
 * release when a load fails. Only the host tools call it. */
#include "dump.h"
#include "dumpfmt.h"
#include "dump_base.h"

int pdump_load_seg(struct pdump_seg *s, uint32_t shift, const struct pdump_alloc *a)
{
	uint32_t nb = pdump_nbuckets(s->length, shift), idx[256], cnt[256];
	struct pdump_cursor c;
	uint32_t *out;
	size_t n, k;

	if (s->counters || !nb)
		return 0;
	if (!(out = a->zalloc(a->ctx, (size_t)nb * 4)))
		return -1;
	pdump_cursor_start(&c, s, shift);	/* from the bytes: s has no counters yet */
	while ((n = pdump_cursor_next(&c, idx, cnt, 256)))
		for (k = 0; k < n; k++)
			out[idx[k]] = cnt[k];
	s->counters = out;
	return 0;
}

int pdump_read(const uint8_t *buf, size_t len, struct pdump *d,
	       const struct pdump_alloc *a, char *err, size_t errlen)
{
	struct reader r = { .buf = buf, .len = len, .err = err, .errlen = errlen };
	uint32_t i;

	if (pdump_scan(buf, len, d, a, err, errlen))
		return -1;
	for (i = 0; i < d->nseg; i++) {
		if (pdump_load_seg(&d->segs[i], d->shift, a)) {
			uint32_t nb = pdump_nbuckets(d->segs[i].length, d->shift);

			pdump_release(d, a);
			return HARD(&r, "out of memory for segment %u (%u buckets)", NULL, i, nb, 0);
		}
		d->segs[i].enc = NULL;	/* buf is the caller's: nothing keeps it */
		d->segs[i].enc_len = 0;
	}
	return 0;
}

void pdump_cursor_start(struct pdump_cursor *c, const struct pdump_seg *s, uint32_t shift)
{
	c->s = s;
	c->nb = pdump_nbuckets(s->length, shift);
	c->k = 0;
	c->pos = 0;
	c->next = 0;
	c->left = 0;
	if (!s->counters && s->enc && s->encoding == PDUMP_ENC_SPARSE) {
		struct reader r = { .buf = s->enc, .len = s->enc_len };

		if (!get_varint(&r, &c->left, "entry count", 0))
			c->pos = r.pos;
	}
}

/* A varint of bytes the scan has checked: canonical, in bounds. */
static inline uint32_t checked_varint(const uint8_t *p, size_t len, size_t *pos)
{
	uint32_t v = 0;
	int k;

	for (k = 0; k < 35 && *pos < len; k += 7) {
		uint8_t b = p[(*pos)++];

		v |= (uint32_t)(b & 0x7f) << k;
		if (!(b & 0x80))
			break;
	}
	return v;
}

size_t pdump_cursor_next(struct pdump_cursor *c, uint32_t *idx, uint32_t *cnt, size_t max)
{
	const struct pdump_seg *s = c->s;
	size_t n = 0;

	if (s->counters) {	/* decoded: the nonzero ones */
		for (; c->k < c->nb && n < max; c->k++)
			if (s->counters[c->k]) {
				idx[n] = c->k;
				cnt[n++] = s->counters[c->k];
			}
	} else if (s->enc && s->encoding == PDUMP_ENC_DENSE) {
		for (; c->k < c->nb && n < max && (size_t)c->k * 4 + 4 <= s->enc_len; c->k++) {
			uint32_t v = get_le(s->enc + (size_t)c->k * 4, 4);

			if (v) {
				idx[n] = c->k;
				cnt[n++] = v;
			}
		}
	} else if (s->enc) {
		const uint8_t *p = s->enc;
		size_t len = s->enc_len, pos = c->pos;
		uint64_t next = c->next;

		for (; c->left && n < max; c->left--) {
			uint32_t gap, v;

			if (pos + 1 < len && !((p[pos] | p[pos + 1]) & 0x80)) {
				gap = p[pos];	/* both one byte, as most are */
				v = p[pos + 1];
				pos += 2;
			} else {
				gap = checked_varint(p, len, &pos);
				v = checked_varint(p, len, &pos);
			}
			next += gap;
			if (next >= c->nb) {	/* cannot be after a scan: stop */
				c->left = 0;
				break;
			}
			idx[n] = (uint32_t)next;
			cnt[n++] = v;
			next++;
		}
		c->pos = pos;
		c->next = next;
	}
	return n;
}
