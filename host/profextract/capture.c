/* capture.c: finds the dump frames in a serial capture (docs/dump-format.md).
 * Console text may come before and after a frame, and a begin line may
 * follow other text on its line (the kernel's last message, a terminal's
 * escape codes). Inside a frame nothing but its own lines may appear: any
 * other line, a wrong length, a bad character, a mismatch between the begin
 * and end lines, or a CRC mismatch damages it. A begin line always starts a
 * new frame, so one damaged frame never hides the next. Read for the
 * kernel's lines alone (CAPTURE_KERNEL), a program's lines are not seen at
 * all: the kernel is not preempted while it sends a frame, so none can fall
 * inside one, and a frame a program printed is not one.
 *
 * The capture is read as it comes, in pieces of any size (capture_feed),
 * in a window of CAPTURE_LINE_CAP bytes: a frame's payload goes to the
 * caller a body line at a time, so the memory taken does not grow with the
 * capture, a line or a frame. */
#define _GNU_SOURCE	/* memmem */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capture.h"
#include "framefmt.h"
#include "console_mark.h"

/* A begin or end line's fields (" name=... len=... crc=...") hold at most
 * 6 + 3 * FRAME_NAME_MAX + 5 + 12 + 5 + 8 = 801 bytes: a marker followed by
 * more than FIELDS_MAX bytes of its line is malformed whatever they are. */
#define FIELDS_MAX	1024
#define MARK_LEN	(sizeof(FRAME_MARK FRAME_BEGIN) - 1)
_Static_assert(CAPTURE_LINE_CAP >= 2 * (FIELDS_MAX + MARK_LEN), "a line's window holds the fields");

struct fields {
	uint8_t name[FRAME_NAME_MAX + 1];
	size_t namelen;
	size_t len;
	uint32_t crc;
};

struct capture_reader {
	int mode;
	size_t total;		/* the capture's bytes; SIZE_MAX if not known */
	size_t pos;		/* bytes fed so far */
	struct capture_events ev;
	int failed;		/* an event returned -1 */
	size_t lineno;
	/* the line being read: its last bytes, the '\r' after them held back
	 * (they end the line, or are stored when another byte comes) */
	char line[CAPTURE_LINE_CAP];
	size_t fill, cr, dropped;
	int atstart;		/* no byte of the line yet */
	int skip;		/* a program's line, under CAPTURE_KERNEL */
	int begun;		/* a begin marker was read in the dropped bytes */
	int endkind;		/* -1, or the kind of the first end marker dropped */
	int endfirst;		/* that marker started the line */
	/* the frame */
	int inside, damaged, last_seen;
	struct frame cur;
	struct fields hdr;
	size_t left;		/* capture bytes after the begin line */
	size_t got;
	uint32_t crc, bits;	/* the payload's CRC; base64 bits not yet bytes */
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

static int fire(struct capture_reader *r, int rc)
{
	if (rc)
		r->failed = 1;
	return rc;
}

/* The first thing wrong with the open frame is the one reported. */
static void damage(struct capture_reader *r, const char *fmt, ...)
{
	va_list ap;

	if (r->damaged)
		return;
	r->damaged = 1;
	va_start(ap, fmt);
	vsnprintf(r->cur.why, sizeof r->cur.why, fmt, ap);
	va_end(ap);
}

static void close_frame(struct capture_reader *r)
{
	r->cur.ok = !r->damaged;
	if (!r->cur.ok)
		r->cur.len = 0;
	r->inside = 0;
	if (!r->failed)
		fire(r, r->ev.close(r->ev.ctx, &r->cur));
}

static void set_name(struct frame *f, const struct fields *fl)
{
	memcpy(f->name, fl->name, fl->namelen + 1);
	f->namelen = fl->namelen;
	f->named = 1;
}

/* A frame found: its fields, and whether its payload may follow (ok, len
 * the announced length). */
static void open_frame(struct capture_reader *r, int kind)
{
	memset(&r->cur, 0, sizeof r->cur);
	r->cur.kind = kind;
	r->cur.line = r->lineno;
}

static void begin(struct capture_reader *r, const char *at, const char *end, int kind)
{
	if (r->inside) {
		damage(r, "cut: line %zu begins another frame before this one's end line",
		       r->lineno);
		close_frame(r);
	}
	open_frame(r, kind);
	r->inside = 1;
	r->damaged = r->last_seen = 0;
	r->got = 0;
	r->nbits = 0;
	if (parse_fields(at + MARK_LEN, end, &r->hdr)) {
		damage(r, "line %zu: malformed begin line", r->lineno);
	} else {
		set_name(&r->cur, &r->hdr);
		r->crc = crc32_update(0, r->hdr.name, r->hdr.namelen);
		/* base64 takes 4 characters for 3 bytes: more cannot follow */
		if (r->hdr.len / 3 > r->left / 4)
			damage(r, "cut: the begin line announces %zu bytes, more than the "
			       "rest of the capture can hold", r->hdr.len);
	}
	r->cur.ok = !r->damaged;
	r->cur.len = r->damaged ? 0 : r->hdr.len;
	if (!r->failed)
		fire(r, r->ev.open(r->ev.ctx, &r->cur));
	r->cur.len = 0;
}

/* Lengths and characters first, so a bad line adds nothing. */
static int body_shape_ok(struct capture_reader *r, const char *p, size_t n, size_t all)
{
	size_t i, pad = 0;

	if (r->last_seen)
		return damage(r, "line %zu: text after the last data line", r->lineno), 0;
	if (!all || all > FRAME_B64_LINE || all % 4)
		return damage(r, "line %zu: text inside the frame (%zu characters, not a "
			      "data line)", r->lineno, all), 0;
	while (pad < 2 && p[n - 1 - pad] == '=')
		pad++;
	for (i = 0; i < n - pad; i++)
		if (b64val((uint8_t)p[i]) < 0)
			return damage(r, "line %zu: text inside the frame (byte 0x%02x "
				      "in a data line)", r->lineno, (uint8_t)p[i]), 0;
	r->last_seen = pad || n < FRAME_B64_LINE;
	return 1;
}

/* A body line: p[0..n) its bytes kept, all its length. */
static void body(struct capture_reader *r, const char *p, size_t n, size_t all)
{
	uint8_t bytes[FRAME_B64_LINE];
	size_t i, k = 0;

	if (r->damaged || !body_shape_ok(r, p, n, all))
		return;
	for (i = 0; i < n && p[i] != '='; i++) {
		r->bits = r->bits << 6 | (uint32_t)b64val((uint8_t)p[i]);
		r->nbits += 6;
		if (r->nbits < 8)
			continue;
		r->nbits -= 8;
		/* bytes past the announced length are counted, not kept: the end
		 * line says whether the dump changed or bytes were added */
		if (r->got++ < r->hdr.len)
			bytes[k++] = (uint8_t)(r->bits >> r->nbits);
	}
	/* The bits left before padding are fill and must be zero: otherwise a
	 * flipped bit there would change the line and not the data. */
	if (r->bits & ((1u << r->nbits) - 1))
		damage(r, "line %zu: nonzero bits before the padding", r->lineno);
	r->nbits = 0;
	if (k) {
		r->crc = crc32_update(r->crc, bytes, k);
		if (!r->failed)
			fire(r, r->ev.data(r->ev.ctx, bytes, k));
	}
}

/* An end line: its fields at [at, end) (ok 0: malformed), with text before
 * it on its line or not. */
static void end_line(struct capture_reader *r, const char *at, const char *end, int ok,
		     int text_before, int kind)
{
	struct fields fl;

	ok = ok && !parse_fields(at + strlen(mark_end[kind]), end, &fl);
	if (!r->inside) {
		open_frame(r, kind);
		if (ok)
			set_name(&r->cur, &fl);
		if (!r->failed)
			fire(r, r->ev.open(r->ev.ctx, &r->cur));
		r->damaged = 0;
		damage(r, "line %zu: end line without its begin line (the begin line was lost)",
		       r->lineno);
		close_frame(r);
		return;
	}
	if (ok && !r->cur.named)
		set_name(&r->cur, &fl);
	if (text_before)
		damage(r, "line %zu: text before the end line", r->lineno);
	if (!ok)
		damage(r, "line %zu: malformed end line", r->lineno);
	else if (kind != r->cur.kind)
		damage(r, "line %zu: the end line is of another kind of frame (%s, not %s)",
		       r->lineno, kind ? "a file" : "a dump", r->cur.kind ? "a file" : "a dump");
	else if (fl.namelen != r->hdr.namelen || memcmp(fl.name, r->hdr.name, fl.namelen))
		damage(r, "the begin and end lines name different files");
	else if (fl.len != r->hdr.len || fl.crc != r->hdr.crc)
		damage(r, "the begin and end lines differ in length or CRC (the dump "
		       "changed while it was sent)");
	else if (r->got != r->hdr.len)
		damage(r, "%zu bytes of data, the begin line announced %zu (bytes lost or added)",
		       r->got, r->hdr.len);
	else if (r->crc != r->hdr.crc)
		damage(r, "CRC mismatch: the data was damaged on the way");
	r->cur.len = r->got;
	close_frame(r);
}

/* Each begin marker of line[0..upto) in turn, the fields of each ending at
 * the next marker, the last one's at end (the line's, or the window's);
 * one whose fields end past upto stays. Several markers on one line (a
 * frame cut in its begin line, console text, then the next frame with no
 * newline between): each but the last begins a frame the next one cuts at
 * once; read from the first alone, the line lost the whole frame at its end. */
static void begins(struct capture_reader *r, size_t upto, int at_end)
{
	const char *line = r->line, *end = line + r->fill, *at, *next;
	int kind, nextkind;

	at = find_mark(line, end, mark_begin, &kind);
	while (at && (size_t)(at - line) < upto) {
		next = find_mark(at + 1, end, mark_begin, &nextkind);
		if (!next && !at_end && (size_t)(end - at) <= FIELDS_MAX)
			break;	/* its fields may go on: read at the line's end */
		begin(r, at, next ? next : end, kind);
		r->begun = 1;
		at = next;
		kind = nextkind;
	}
}

/* The capture's bytes from the current one on (a file that grew since its
 * size was taken: not known). */
static size_t bytes_left(const struct capture_reader *r)
{
	return r->total == SIZE_MAX || r->pos > r->total ? SIZE_MAX : r->total - r->pos;
}

/* The window is full: the bytes before its last FIELDS_MAX + MARK_LEN are
 * read for what they can still decide, and dropped. A begin marker among
 * them begins its frame now (its fields end at the next marker, or run
 * past FIELDS_MAX: malformed whatever follows); the first end marker,
 * which counts only if no begin marker comes on the line, is kept as a
 * kind (its fields run past FIELDS_MAX: malformed). */
static void spill(struct capture_reader *r)
{
	size_t cut = r->fill - (FIELDS_MAX + MARK_LEN);
	const char *at;
	int kind;

	r->left = bytes_left(r);
	begins(r, cut, 0);
	if (!r->begun && r->endkind < 0 &&
	    (at = find_mark(r->line, r->line + r->fill, mark_end, &kind)) &&
	    (size_t)(at - r->line) < cut) {
		r->endkind = kind;
		r->endfirst = at == r->line && !r->dropped;
	}
	memmove(r->line, r->line + cut, r->fill - cut);
	r->fill -= cut;
	r->dropped += cut;
}

static void line_done(struct capture_reader *r, size_t left)
{
	const char *line = r->line, *end = line + r->fill, *at;
	int kind;

	r->left = left;
	if (r->skip)
		return;
	begins(r, r->fill, 1);
	if (r->begun)
		return;
	if (r->endkind >= 0)
		end_line(r, line, line, 0, !r->endfirst, r->endkind);
	else if ((at = find_mark(line, end, mark_end, &kind)))
		end_line(r, at, end, 1, at != line || r->dropped, kind);
	else if (r->inside)
		body(r, line, r->fill, r->fill + r->dropped);
}

static void line_start(struct capture_reader *r)
{
	r->atstart = 1;
	r->fill = r->cr = r->dropped = 0;
	r->skip = r->begun = 0;
	r->endkind = -1;
}

static void store(struct capture_reader *r, char ch)
{
	if (r->fill == sizeof r->line)
		spill(r);
	r->line[r->fill++] = ch;
}

struct capture_reader *capture_reader_new(int mode, size_t total, const struct capture_events *ev)
{
	struct capture_reader *r = calloc(1, sizeof *r);

	if (!r)
		return NULL;
	r->mode = mode;
	r->total = total;
	r->ev = *ev;
	line_start(r);
	return r;
}

int capture_feed(struct capture_reader *r, const uint8_t *buf, size_t len)
{
	size_t i;

	for (i = 0; i < len && !r->failed; i++, r->pos++) {
		uint8_t b = buf[i];

		if (r->atstart) {
			r->atstart = 0;
			r->lineno++;
			if (b == CONSOLE_MARK && (r->mode & (CAPTURE_KERNEL | CAPTURE_UNMARK)))
				continue;
			r->skip = (r->mode & CAPTURE_KERNEL) != 0;	/* a program's line */
		}
		if (b == '\n') {
			line_done(r, bytes_left(r));
			line_start(r);
		} else if (r->skip) {
			continue;
		} else if (b == '\r') {	/* a terminal's CRLF */
			r->cr++;
		} else {
			for (; r->cr; r->cr--)
				store(r, '\r');
			store(r, (char)b);
		}
	}
	return r->failed ? -1 : 0;
}

int capture_finish(struct capture_reader *r, size_t *lines)
{
	if (!r->atstart && !r->failed)
		line_done(r, 0);
	if (r->inside && !r->failed) {
		damage(r, "cut: the capture ends before the end line");
		close_frame(r);
	}
	if (lines)
		*lines = r->lineno;
	return r->failed ? -1 : 0;
}

void capture_reader_free(struct capture_reader *r)
{
	free(r);
}

/* capture_parse_mode's events: every frame into c, its payload in memory. */
struct collect {
	struct capture *c;
	size_t cap;		/* frames allocated */
	size_t got;		/* bytes of the last frame's payload */
};

static int collect_open(void *ctx, const struct frame *f)
{
	struct collect *k = ctx;
	struct capture *c = k->c;
	struct frame *to;

	if (c->n == k->cap) {
		size_t cap = k->cap ? k->cap * 2 : 8;
		struct frame *grown = realloc(c->frames, cap * sizeof *grown);

		if (!grown)
			return -1;
		c->frames = grown;
		k->cap = cap;
	}
	to = &c->frames[c->n++];
	*to = *f;
	to->data = NULL;
	k->got = 0;
	/* the announced length, bounded by the capture's (begin()) */
	if (f->ok && !(to->data = malloc(f->len ? f->len : 1)))
		return c->n--, -1;
	return 0;
}

static int collect_data(void *ctx, const uint8_t *p, size_t n)
{
	struct collect *k = ctx;

	memcpy(k->c->frames[k->c->n - 1].data + k->got, p, n);
	k->got += n;
	return 0;
}

static int collect_close(void *ctx, const struct frame *f)
{
	struct collect *k = ctx;
	struct frame *to = &k->c->frames[k->c->n - 1];
	uint8_t *data = to->data;

	*to = *f;
	to->data = f->ok ? data : NULL;
	if (!f->ok)
		free(data);
	return 0;
}

int capture_parse_mode(const uint8_t *buf, size_t len, int mode, struct capture *c)
{
	struct collect k = { c, 0, 0 };
	struct capture_events ev = { &k, collect_open, collect_data, collect_close };
	struct capture_reader *r;
	int rc;

	memset(c, 0, sizeof *c);
	if (!(r = capture_reader_new(mode, len, &ev)))
		return -1;
	rc = capture_feed(r, buf, len) || capture_finish(r, &c->lines) ? -1 : 0;
	capture_reader_free(r);
	if (rc)
		capture_free(c);
	return rc;
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
