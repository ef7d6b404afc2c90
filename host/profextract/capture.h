/* capture.h: finds the dump frames in a serial capture (docs/dump-format.md).
 * Pure, over bytes: a reader fed the capture in pieces hands out each
 * frame as events (profextract writes them as they come), and
 * capture_parse gathers them in memory for the tests. */
#ifndef HOST_PROFEXTRACT_CAPTURE_H
#define HOST_PROFEXTRACT_CAPTURE_H

#include <stddef.h>
#include <stdint.h>
#include "frame.h"

#define FRAME_KIND_DUMP	0	/* "@PDUMP1": a profile dump */
#define FRAME_KIND_FILE	1	/* "@PFILE1": a file a program wrote */

struct frame {
	int kind;		/* FRAME_KIND_*, its begin line's (or end line's) */
	uint8_t name[FRAME_NAME_MAX + 1];	/* the name as given, NUL after it */
	size_t namelen;
	int named;		/* 0: no begin or end line could be read for a name */
	size_t line;		/* 1-based line of its begin line (or of its end line) */
	int ok;			/* at open: the payload may follow; at close: whole */
	char why[200];		/* when !ok: what is wrong, one line */
	uint8_t *data;		/* when ok: the payload (malloc), len bytes
				 * (capture_parse's; NULL in an event) */
	size_t len;		/* at open: the announced length, at close: the payload's */
};

struct capture {
	struct frame *frames;	/* in the order they appear */
	size_t n;
	size_t lines;		/* lines in the capture */
};

/* Which lines of the capture are read. The kernel starts each line it
 * writes with CONSOLE_MARK (format/console_mark.h), a byte no program can
 * put there; its dump frames are lines of its own. */
#define CAPTURE_KERNEL	1	/* the kernel's lines only, without the mark; a
				 * program's lines are skipped, so a frame a
				 * program printed is not found */
#define CAPTURE_UNMARK	2	/* every line, a leading mark dropped */

/* The capture as it comes: the frames are reported as events, a frame's
 * payload a body line at a time, so that memory does not grow with the
 * capture. Each event returns 0, or -1 to stop (capture_feed then returns
 * -1). Every frame found is opened, then closed: its payload comes between
 * if it was ok at its open; at its close ok says whether it is whole (its
 * CRC checked), why what is wrong if not. A lone end line is a frame
 * opened and closed at once. */
struct capture_events {
	void *ctx;
	int (*open)(void *ctx, const struct frame *f);
	int (*data)(void *ctx, const uint8_t *bytes, size_t n);
	int (*close)(void *ctx, const struct frame *f);
};

/* Bytes of a line held at once: a longer line is read in this window,
 * with the same result (the frame's own lines are far shorter). */
#define CAPTURE_LINE_CAP	4096

struct capture_reader;
/* A reader of the lines mode says (CAPTURE_*), of a capture of total bytes
 * (SIZE_MAX: not known; when known, a begin line announcing more than the
 * rest can hold is a cut frame). NULL when out of memory. */
struct capture_reader *capture_reader_new(int mode, size_t total, const struct capture_events *ev);
/* The next len bytes of the capture, cut anywhere. 0, or -1 if an event
 * stopped the reading. */
int capture_feed(struct capture_reader *r, const uint8_t *buf, size_t len);
/* The capture's end: a frame still open is cut. *lines the lines read. */
int capture_finish(struct capture_reader *r, size_t *lines);
void capture_reader_free(struct capture_reader *r);

/* Parses buf[0..len), reading the lines mode says (0: every line as it
 * is). Returns 0, or -1 when out of memory (c then empty). */
int capture_parse_mode(const uint8_t *buf, size_t len, int mode, struct capture *c);
/* capture_parse_mode with mode 0. */
int capture_parse(const uint8_t *buf, size_t len, struct capture *c);
void capture_free(struct capture *c);

/* Decodes an escaped name (%XX for a byte) into name; -1 if malformed. */
int frame_unescape(const char *s, size_t n, uint8_t *name, size_t *namelen);

#endif
