/* dump_base.c: the dump reader's base (dump_base.h): the host's CRC, the
 * error line, the bounds check and the varint, which the scan and its
 * sections use. It calls nothing of the reader above it. Only the host
 * tools link it: it uses the ordinary C library. */
#include <inttypes.h>
#include <stdio.h>
#include "dump_base.h"

/* CRC-32 as crc32_update (crc32.c), eight bytes a step (slicing by 8):
 * the host reads a dump of megabytes; the kernel keeps the small one. */
static uint32_t crc_tab[8][256];
static int crc_tab_ready;

static void crc_tab_init(void)
{
	uint32_t i, k, c;

	for (i = 0; i < 256; i++) {
		for (c = i, k = 0; k < 8; k++)
			c = c & 1 ? (c >> 1) ^ 0xedb88320u : c >> 1;
		crc_tab[0][i] = c;
	}
	for (i = 0; i < 256; i++)
		for (k = 1; k < 8; k++)
			crc_tab[k][i] = (crc_tab[k - 1][i] >> 8) ^ crc_tab[0][crc_tab[k - 1][i] & 0xff];
	crc_tab_ready = 1;
}

uint32_t crc32_fast(uint32_t crc, const uint8_t *p, size_t len)
{
	if (!crc_tab_ready)
		crc_tab_init();
	crc = ~crc;
	for (; len >= 8; p += 8, len -= 8) {
		uint32_t lo = crc ^ ((uint32_t)p[0] | (uint32_t)p[1] << 8 |
				     (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24);
		uint32_t hi = (uint32_t)p[4] | (uint32_t)p[5] << 8 |
			      (uint32_t)p[6] << 16 | (uint32_t)p[7] << 24;

		crc = crc_tab[7][lo & 0xff] ^ crc_tab[6][(lo >> 8) & 0xff] ^
		      crc_tab[5][(lo >> 16) & 0xff] ^ crc_tab[4][lo >> 24] ^
		      crc_tab[3][hi & 0xff] ^ crc_tab[2][(hi >> 8) & 0xff] ^
		      crc_tab[1][(hi >> 16) & 0xff] ^ crc_tab[0][hi >> 24];
	}
	while (len--)
		crc = (crc >> 8) ^ crc_tab[0][(crc ^ *p++) & 0xff];
	return ~crc;
}


/* fmt: %s is s, %u the next number in decimal, %x in hex (0x and at least
 * 8 digits). The host's snprintf does the digits. (dump_base.h: HARD
 * and SOFT.) */
void pdump_say(struct reader *r, int hard, const char *fmt, const char *s,
	       uint64_t a, uint64_t b, uint64_t c)
{
	uint64_t nums[3] = { a, b, c };
	size_t n = 0;
	int k = 0, w;

	if (!hard && r->have_err)
		return;		/* the first semantic error is the one reported */
	r->have_err = 1;
	if (!r->errlen)
		return;
	r->err[0] = 0;
	for (; *fmt && n + 1 < r->errlen; fmt++) {
		if (*fmt != '%' || !fmt[1]) {
			r->err[n++] = *fmt;
			continue;
		}
		fmt++;
		w = 0;
		if (*fmt == 's')
			w = snprintf(r->err + n, r->errlen - n, "%s", s ? s : "");
		else if (*fmt == 'u' && k < 3)
			w = snprintf(r->err + n, r->errlen - n, "%" PRIu64, nums[k++]);
		else if (*fmt == 'x' && k < 3)
			w = snprintf(r->err + n, r->errlen - n, "0x%08" PRIx64, nums[k++]);
		if (w > 0)
			n += (size_t)w < r->errlen - n ? (size_t)w : r->errlen - n - 1;
	}
	r->err[n] = 0;
}

int pdump_need(struct reader *r, size_t n, const char *what, uint32_t seg)
{
	if (r->len - r->pos >= n)
		return 0;
	if (seg == NOSEG)
		return HARD(r, "truncated: %s needs %u bytes at offset %u, the file has %u",
			    what, n, r->pos, r->len);
	return HARD(r, "truncated: segment %u %s needs %u bytes at offset %u",
		    what, seg, n, r->pos);
}

int pdump_get_varint_slow(struct reader *r, uint32_t *v, const char *what, uint32_t seg)
{
	uint64_t acc = 0;
	int k;

	for (k = 0; k < 5; k++) {
		uint8_t b;

		if (pdump_need(r, 1, what, seg))
			return -1;
		b = r->buf[r->pos++];
		acc |= (uint64_t)(b & 0x7f) << (7 * k);
		if (!(b & 0x80)) {
			if ((k > 0 && b == 0) || acc > 0xffffffffu)
				return HARD(r, "segment %u: malformed varint (%s) at offset %u",
					    what, seg, r->pos - 1, 0);
			*v = (uint32_t)acc;
			return 0;
		}
	}
	return HARD(r, "segment %u: varint (%s) longer than 5 bytes at offset %u",
		    what, seg, r->pos - 1, 0);
}
