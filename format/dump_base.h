/* dump_base.h: what every part of the dump's reader uses (dump_base.c):
 * the reader's state, its error line, its numbers and bounds, and the
 * host's CRC. The scan (dump_read.c), its sections (dump_trace.c,
 * dump_cpus.c) and the loading (dump_load.c) stand on it and it calls
 * none of them. The format's own, not an interface: the host tools call
 * dump.h's functions. */
#ifndef FORMAT_DUMP_BASE_H
#define FORMAT_DUMP_BASE_H

#include <stddef.h>
#include <stdint.h>

/* A structural error (the bytes cannot be parsed further) stops the walk at
 * once; a semantic one (a field out of bounds) is kept and reported only if
 * the bytes are whole and their CRC is right, so a damaged file says so. */
struct reader {
	const uint8_t *buf;
	size_t len, pos;
	char *err;
	size_t errlen;
	int have_err;		/* a semantic error is in err */
	uint64_t buckets;	/* all segments' so far */
	uint64_t sum;		/* all counters so far */
	uint64_t ssum;		/* all stacks' counts so far */
	uint64_t frames;	/* all stacks' frames so far */
	uint32_t crc;		/* of buf[0..crc_pos) */
	size_t crc_pos;
};

/* The error line, into r->err: hard (structural) or not (semantic, kept
 * only if none came before). fmt: %s is s, %u the next number in decimal,
 * %x in hex (0x and at least 8 digits). */
void pdump_say(struct reader *r, int hard, const char *fmt, const char *s,
	       uint64_t a, uint64_t b, uint64_t c);
#define HARD(r, f, s, a, b, c) (pdump_say((r), 1, (f), (s), (a), (b), (c)), -1)
#define SOFT(r, f, s, a, b, c) pdump_say((r), 0, (f), (s), (a), (b), (c))

/* crc32_update (crc32.h) eight bytes a step: the host's, for megabytes. */
uint32_t crc32_fast(uint32_t crc, const uint8_t *p, size_t len);

static inline uint32_t get_le(const uint8_t *p, int n)
{
	uint32_t v = 0;

	while (n--)
		v = v << 8 | p[n];
	return v;
}

static inline uint64_t get64(const uint8_t *p)
{
	return (uint64_t)get_le(p + 4, 4) << 32 | get_le(p, 4);
}

#define NOSEG 0xffffffffu	/* "seg" of what is not in a segment */

/* n more bytes at r->pos, or a hard error naming what needs them (and seg,
 * unless NOSEG). 0, or -1. */
int pdump_need(struct reader *r, size_t n, const char *what, uint32_t seg);

/* Canonical LEB128 of a u32: at most 5 bytes, no needless trailing zero.
 * Most are one byte: that case is taken first, with one bounds check (a
 * large dump has a million of them, twice). */
int pdump_get_varint_slow(struct reader *r, uint32_t *v, const char *what, uint32_t seg);

static inline int get_varint(struct reader *r, uint32_t *v, const char *what, uint32_t seg)
{
	if (r->pos < r->len && !(r->buf[r->pos] & 0x80)) {
		*v = r->buf[r->pos++];
		return 0;
	}
	return pdump_get_varint_slow(r, v, what, seg);
}

#endif
