/* frame.c: a dump on the serial console, as lines of printable ASCII that
 * survive console text around them (docs/dump-format.md, "The frame"):
 *
 *	@PDUMP1 BEGIN name=<escaped name> len=<bytes> crc=<CRC-32, 8 hex>
 *	<base64 of the dump, 76 characters a line>
 *	@PDUMP1 END name=<escaped name> len=<bytes> crc=<CRC-32, 8 hex>
 *
 * The begin line's length and CRC come from a first pass over the dump, the
 * end line's from the second, which sends it: if the counters moved between
 * the passes, the host sees the two lines differ. Freestanding, no
 * allocation: the only buffer is one output line on the stack. */
#include "decimal.h"
#include "frame.h"
#include "framefmt.h"

struct out {
	pdump_sink sink;
	void *ctx;
	size_t sent;		/* bytes given to sink */
	size_t fill;
	char line[FRAME_B64_LINE + 4];
	/* the payload seen so far, and base64 state */
	uint32_t crc;
	size_t len;
	uint8_t pend[3];
	int npend, col;
};

static void out_flush(struct out *o)
{
	if (o->fill && o->sink)
		o->sink(o->ctx, o->line, o->fill);
	o->fill = 0;
}

static void out_char(struct out *o, char c)
{
	if (o->fill == sizeof o->line)
		out_flush(o);
	o->line[o->fill++] = c;
	o->sent++;
}

static void out_str(struct out *o, const char *s)
{
	while (*s)
		out_char(o, *s++);
}

static void out_dec(struct out *o, size_t v)
{
	char digits[24], *end = put_dec(digits, v, 0), *p;

	for (p = digits; p < end; p++)
		out_char(o, *p);
}

static void out_hex(struct out *o, uint32_t v, int digits)
{
	while (digits--)
		out_char(o, "0123456789ABCDEF"[(v >> (4 * digits)) & 15]);
}

/* Printable ASCII stays; space, '%', controls and bytes above 0x7E become %XX. */
static void out_name(struct out *o, const char *name)
{
	size_t i;

	for (i = 0; i < FRAME_NAME_MAX && name[i]; i++) {
		uint8_t b = (uint8_t)name[i];

		if (b > ' ' && b <= '~' && b != FRAME_ESC) {
			out_char(o, (char)b);
		} else {
			out_char(o, FRAME_ESC);
			out_hex(o, b, 2);
		}
	}
}

static void out_marker_line(struct out *o, const char *mark, const char *word, const char *name,
			    size_t len, uint32_t crc)
{
	out_str(o, mark);
	out_str(o, word);
	out_str(o, " name=");
	out_name(o, name);
	out_str(o, " len=");
	out_dec(o, len);
	out_str(o, " crc=");
	out_hex(o, crc, 8);
	out_char(o, '\n');
}

static const char b64_digits[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* Encodes the npend (1 to 3) pending bytes as 4 characters, '=' padded. */
static void b64_group(struct out *o)
{
	uint32_t v = (uint32_t)o->pend[0] << 16;
	int k;

	if (o->npend > 1)
		v |= (uint32_t)o->pend[1] << 8;
	if (o->npend > 2)
		v |= o->pend[2];
	for (k = 0; k < 4; k++)
		out_char(o, k <= o->npend ? b64_digits[(v >> (18 - 6 * k)) & 63] : '=');
	o->npend = 0;
	o->col += 4;
	if (o->col == FRAME_B64_LINE) {
		out_char(o, '\n');
		o->col = 0;
	}
}

/* The first pass's sink: length and CRC only. */
static void measure_sink(void *ctx, const void *data, size_t len)
{
	struct out *o = ctx;

	o->crc = crc32_update(o->crc, data, len);
	o->len += len;
}

/* The second pass's sink: base64 lines to the real sink. */
static void b64_sink(void *ctx, const void *data, size_t len)
{
	struct out *o = ctx;
	const uint8_t *p = data;

	measure_sink(ctx, data, len);
	while (len--) {
		o->pend[o->npend++] = *p++;
		if (o->npend == 3)
			b64_group(o);
	}
}

static void out_init(struct out *o, pdump_sink sink, void *ctx)
{
	o->sink = sink;
	o->ctx = ctx;
	o->sent = 0;
	o->fill = 0;
	o->crc = 0;
	o->len = 0;
	o->npend = 0;
	o->col = 0;
}

/* The frame's CRC starts with the name's bytes, so that it covers the name
 * too. Over the dump's bytes it adds little: a CRC-32 over data that ends
 * with its own CRC-32 depends on their length alone (alone it would be the
 * constant residue 2144DF1C), so the frame's CRC checks the name and the
 * length, and the dump's own CRC its bytes (the reader checks both). */
static uint32_t name_crc(const char *name)
{
	size_t n = 0;

	while (n < FRAME_NAME_MAX && name[n])
		n++;
	return crc32_update(0, name, n);
}

/* The payload's writer: a dump's, or a file's bytes. */
typedef void (*payload_fn)(const void *src, size_t len, pdump_sink sink, void *ctx);

static size_t frame_emit(const char *mark, const char *name, payload_fn payload,
			 const void *src, size_t len, pdump_sink sink, void *ctx)
{
	struct out o;

	out_init(&o, sink, ctx);
	o.crc = name_crc(name);
	payload(src, len, measure_sink, &o);
	/* a line of its own, whatever the console printed last */
	out_char(&o, '\n');
	out_marker_line(&o, mark, "BEGIN", name, o.len, o.crc);
	o.crc = name_crc(name);
	o.len = 0;
	payload(src, len, b64_sink, &o);
	if (o.npend)
		b64_group(&o);
	if (o.col)
		out_char(&o, '\n');
	out_marker_line(&o, mark, "END", name, o.len, o.crc);
	out_flush(&o);
	return o.sent;
}

static void dump_payload(const void *src, size_t len, pdump_sink sink, void *ctx)
{
	(void)len;
	pdump_write(src, sink, ctx);
}

static void bytes_payload(const void *src, size_t len, pdump_sink sink, void *ctx)
{
	if (len)
		sink(ctx, src, len);
}

size_t frame_write(const char *name, const struct pdump *d, pdump_sink sink, void *ctx)
{
	return frame_emit(FRAME_MARK, name, dump_payload, d, 0, sink, ctx);
}

size_t frame_write_file(const char *name, const void *data, size_t len, pdump_sink sink, void *ctx)
{
	return frame_emit(FRAME_FILE_MARK, name, bytes_payload, data, len, sink, ctx);
}
