/* capture.c: finds the dump frames in a serial capture (docs/dump-format.md).
 * Console text may come before and after a frame, and a begin line may
 * follow other text on its line (the kernel's last message, a terminal's
 * escape codes). Inside a frame nothing but its own lines may appear: any
 * other line, a wrong length, a bad character, a mismatch between the begin
 * and end lines, or a CRC mismatch damages it. A begin line always starts a
 * new frame, so one damaged frame never hides the next. Read for the
 * kernel's lines alone (CAPTURE_KERNEL), a program's lines are not seen at
 * all: the kernel is not preempted while it sends a frame, so none can fall
 * inside one, and a frame a program printed is not one. */
#define _GNU_SOURCE	/* memmem */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capture.h"
#include "framefmt.h"
#include "console_mark.h"

struct fields {
	uint8_t name[FRAME_NAME_MAX + 1];
	size_t namelen;
	size_t len;
	uint32_t crc;
};

struct parser {
	struct capture *c;
	size_t cap;		/* frames allocated */
	size_t lineno;
	size_t left;		/* capture bytes after the current line */
	int inside;		/* c->frames[c->n - 1] is open */
	int damaged;
	int last_seen;		/* a short or padded body line has come */
	struct fields hdr;
	size_t got;
	uint32_t bits;		/* base64 bits not yet made into bytes */
	int nbits;
};

/* by kind: FRAME_KIND_DUMP, FRAME_KIND_FILE (the same length) */
static const char *const mark_begin[2] = { FRAME_MARK FRAME_BEGIN, FRAME_FILE_MARK FRAME_BEGIN };
static const char *const mark_end[2] = { FRAME_MARK FRAME_END, FRAME_FILE_MARK FRAME_END };
_Static_assert(sizeof(FRAME_MARK) == sizeof(FRAME_FILE_MARK), "the marks are of one length");

/* The first marker of either kind in [p, end): its place, and its kind. */
static const char *find_mark(const char *p, const char *end, const char *const marks[2], int *kind)
{
	const char *a = memmem(p, (size_t)(end - p), marks[0], strlen(marks[0]));
	const char *b = memmem(p, (size_t)(end - p), marks[1], strlen(marks[1]));

	*kind = b && (!a || b < a);
	return *kind ? b : a;
}

static int hexval(int ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return -1;
}

int frame_unescape(const char *s, size_t n, uint8_t *name, size_t *namelen)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++) {
		int b = (uint8_t)s[i];

		if (b == FRAME_ESC) {
			if (n - i < 3 || hexval(s[i + 1]) < 0 || hexval(s[i + 2]) < 0)
				return -1;
			b = hexval(s[i + 1]) << 4 | hexval(s[i + 2]);
			i += 2;
		} else if (b <= ' ' || b > '~') {
			return -1;
		}
		if (k == FRAME_NAME_MAX)
			return -1;
		name[k++] = (uint8_t)b;
	}
	name[k] = 0;
	*namelen = k;
	return 0;
}

static int expect(const char **p, const char *end, const char *lit)
{
	size_t n = strlen(lit);

	if ((size_t)(end - *p) < n || memcmp(*p, lit, n))
		return -1;
	*p += n;
	return 0;
}

static const char *upto_space(const char *p, const char *end)
{
	while (p < end && *p != ' ')
		p++;
	return p;
}

/* " name=N len=L crc=C" and nothing else: canonical decimal, 8 hex digits. */
static int parse_fields(const char *p, const char *end, struct fields *f)
{
	const char *q;
	int k;

	if (expect(&p, end, " name="))
		return -1;
	q = upto_space(p, end);
	if (frame_unescape(p, (size_t)(q - p), f->name, &f->namelen))
		return -1;
	p = q;
	if (expect(&p, end, " len="))
		return -1;
	q = upto_space(p, end);
	if (q == p || q - p > 12 || (*p == '0' && q - p > 1))
		return -1;
	for (f->len = 0; p < q; p++) {
		if (*p < '0' || *p > '9')
			return -1;
		f->len = f->len * 10 + (size_t)(*p - '0');
	}
	if (expect(&p, end, " crc=") || end - p != 8)
		return -1;
	for (f->crc = 0, k = 0; k < 8; k++) {
		if (hexval(p[k]) < 0)
			return -1;
		f->crc = f->crc << 4 | (uint32_t)hexval(p[k]);
	}
	return 0;
}

static struct frame *cur(struct parser *ps)
{
	return &ps->c->frames[ps->c->n - 1];
}

static struct frame *push(struct parser *ps)
{
	struct frame *f;

	if (ps->c->n == ps->cap) {
		size_t cap = ps->cap ? ps->cap * 2 : 8;
		struct frame *grown = realloc(ps->c->frames, cap * sizeof *grown);

		if (!grown)
			return NULL;
		ps->c->frames = grown;
		ps->cap = cap;
	}
	f = &ps->c->frames[ps->c->n++];
	memset(f, 0, sizeof *f);
	f->line = ps->lineno;
	return f;
}

/* The first thing wrong with the open frame is the one reported. */
static void damage(struct parser *ps, const char *fmt, ...)
{
	va_list ap;

	if (ps->damaged)
		return;
	ps->damaged = 1;
	va_start(ap, fmt);
	vsnprintf(cur(ps)->why, sizeof cur(ps)->why, fmt, ap);
	va_end(ap);
}

static void close_frame(struct parser *ps)
{
	struct frame *f = cur(ps);

	f->ok = !ps->damaged;
	if (!f->ok) {
		free(f->data);
		f->data = NULL;
		f->len = 0;
	}
	ps->inside = 0;
}

static void set_name(struct frame *f, const struct fields *fl)
{
	memcpy(f->name, fl->name, fl->namelen + 1);
	f->namelen = fl->namelen;
	f->named = 1;
}

static int begin(struct parser *ps, const char *at, const char *end, int kind)
{
	struct frame *f;

	if (ps->inside) {
		damage(ps, "cut: line %zu begins another frame before this one's end line",
		       ps->lineno);
		close_frame(ps);
	}
	if (!(f = push(ps)))
		return -1;
	f->kind = kind;
	ps->inside = 1;
	ps->damaged = ps->last_seen = 0;
	ps->got = 0;
	ps->nbits = 0;
	if (parse_fields(at + strlen(mark_begin[kind]), end, &ps->hdr)) {
		damage(ps, "line %zu: malformed begin line", ps->lineno);
		return 0;
	}
	set_name(f, &ps->hdr);
	/* base64 takes 4 characters for 3 bytes: more than that cannot follow */
	if (ps->hdr.len / 3 > ps->left / 4) {
		damage(ps, "cut: the begin line announces %zu bytes, more than the rest "
		       "of the capture can hold", ps->hdr.len);
		return 0;
	}
	if (!(f->data = malloc(ps->hdr.len ? ps->hdr.len : 1)))
		return -1;
	return 0;
}

static int b64val(int ch)
{
	if (ch >= 'A' && ch <= 'Z')
		return ch - 'A';
	if (ch >= 'a' && ch <= 'z')
		return ch - 'a' + 26;
	if (ch >= '0' && ch <= '9')
		return ch - '0' + 52;
	return ch == '+' ? 62 : ch == '/' ? 63 : -1;
}

/* Lengths and characters first, so a bad line adds nothing. */
static int body_shape_ok(struct parser *ps, const char *p, size_t n)
{
	size_t i, pad = 0;

	if (ps->last_seen)
		return damage(ps, "line %zu: text after the last data line", ps->lineno), 0;
	if (!n || n > FRAME_B64_LINE || n % 4)
		return damage(ps, "line %zu: text inside the frame (%zu characters, not a "
			      "data line)", ps->lineno, n), 0;
	while (pad < 2 && p[n - 1 - pad] == '=')
		pad++;
	for (i = 0; i < n - pad; i++)
		if (b64val((uint8_t)p[i]) < 0)
			return damage(ps, "line %zu: text inside the frame (byte 0x%02x "
				      "in a data line)", ps->lineno, (uint8_t)p[i]), 0;
	ps->last_seen = pad || n < FRAME_B64_LINE;
	return 1;
}

static void body(struct parser *ps, const char *p, size_t n)
{
	struct frame *f = cur(ps);
	size_t i;

	if (ps->damaged || !body_shape_ok(ps, p, n))
		return;
	for (i = 0; i < n && p[i] != '='; i++) {
		ps->bits = ps->bits << 6 | (uint32_t)b64val((uint8_t)p[i]);
		ps->nbits += 6;
		if (ps->nbits < 8)
			continue;
		ps->nbits -= 8;
		/* bytes past the announced length are counted, not kept: the end
		 * line says whether the dump changed or bytes were added */
		if (ps->got < ps->hdr.len)
			f->data[ps->got] = (uint8_t)(ps->bits >> ps->nbits);
		ps->got++;
	}
	/* The bits left before padding are fill and must be zero: otherwise a
	 * flipped bit there would change the line and not the data. */
	if (ps->bits & ((1u << ps->nbits) - 1))
		damage(ps, "line %zu: nonzero bits before the padding", ps->lineno);
	ps->nbits = 0;
}

static int end_line(struct parser *ps, const char *line, const char *at, const char *end, int kind)
{
	struct fields fl;
	int ok = !parse_fields(at + strlen(mark_end[kind]), end, &fl);
	struct frame *f;

	if (!ps->inside) {
		if (!(f = push(ps)))
			return -1;
		f->kind = kind;
		if (ok)
			set_name(f, &fl);
		snprintf(f->why, sizeof f->why, "line %zu: end line without its begin line "
			 "(the begin line was lost)", ps->lineno);
		return 0;
	}
	f = cur(ps);
	if (ok && !f->named)
		set_name(f, &fl);
	if (at != line)
		damage(ps, "line %zu: text before the end line", ps->lineno);
	if (!ok)
		damage(ps, "line %zu: malformed end line", ps->lineno);
	else if (kind != f->kind)
		damage(ps, "line %zu: the end line is of another kind of frame (%s, not %s)",
		       ps->lineno, kind ? "a file" : "a dump", f->kind ? "a file" : "a dump");
	else if (fl.namelen != ps->hdr.namelen || memcmp(fl.name, ps->hdr.name, fl.namelen))
		damage(ps, "the begin and end lines name different files");
	else if (fl.len != ps->hdr.len || fl.crc != ps->hdr.crc)
		damage(ps, "the begin and end lines differ in length or CRC (the dump "
		       "changed while it was sent)");
	else if (ps->got != ps->hdr.len)
		damage(ps, "%zu bytes of data, the begin line announced %zu (bytes lost or added)",
		       ps->got, ps->hdr.len);
	else if (crc32_update(crc32_update(0, ps->hdr.name, ps->hdr.namelen), f->data, ps->got) !=
		 ps->hdr.crc)
		damage(ps, "CRC mismatch: the data was damaged on the way");
	f->len = ps->got;
	close_frame(ps);
	return 0;
}

static int one_line(struct parser *ps, const char *line, size_t n)
{
	const char *end = line + n, *at, *next;
	int kind, nextkind;

	while (end > line && end[-1] == '\r')	/* a terminal's CRLF */
		end--;
	n = (size_t)(end - line);
	if ((at = find_mark(line, end, mark_begin, &kind))) {
		/* Several begin markers on one line (a frame cut in its begin
		 * line, console text, then the next frame with no newline
		 * between): each but the last begins a frame that the next one
		 * cuts at once. Read from the first alone, the line lost the
		 * whole frame at its end. */
		while ((next = find_mark(at + 1, end, mark_begin, &nextkind))) {
			if (begin(ps, at, next, kind))
				return -1;
			at = next;
			kind = nextkind;
		}
		return begin(ps, at, end, kind);
	}
	if ((at = find_mark(line, end, mark_end, &kind)))
		return end_line(ps, line, at, end, kind);
	if (ps->inside)
		body(ps, line, n);
	return 0;
}

int capture_parse_mode(const uint8_t *buf, size_t len, int mode, struct capture *c)
{
	struct parser ps;
	size_t pos = 0;

	memset(c, 0, sizeof *c);
	memset(&ps, 0, sizeof ps);
	ps.c = c;
	while (pos < len) {
		const uint8_t *nl = memchr(buf + pos, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - (buf + pos)) : len - pos;
		size_t skip = n && buf[pos] == CONSOLE_MARK && (mode & (CAPTURE_KERNEL | CAPTURE_UNMARK));

		ps.lineno++;
		ps.left = len - pos - n;
		if ((mode & CAPTURE_KERNEL) && !skip) {	/* a program's line */
			pos += n + (nl != NULL);
			continue;
		}
		if (one_line(&ps, (const char *)buf + pos + skip, n - skip)) {
			capture_free(c);
			return -1;
		}
		pos += n + (nl != NULL);
	}
	if (ps.inside) {
		damage(&ps, "cut: the capture ends before the end line");
		close_frame(&ps);
	}
	c->lines = ps.lineno;
	return 0;
}

int capture_parse(const uint8_t *buf, size_t len, struct capture *c)
{
	return capture_parse_mode(buf, len, 0, c);
}

void capture_free(struct capture *c)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		free(c->frames[i].data);
	free(c->frames);
	memset(c, 0, sizeof *c);
}
