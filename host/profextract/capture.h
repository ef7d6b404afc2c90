/* capture.h: finds the dump frames in a serial capture (docs/dump-format.md).
 * A pure function over bytes: the tests call it, profextract writes what it
 * returns. */
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
	int ok;
	char why[200];		/* when !ok: what is wrong, one line */
	uint8_t *data;		/* when ok: the payload (malloc), len bytes */
	size_t len;
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

/* Parses buf[0..len), reading the lines mode says (0: every line as it
 * is). Returns 0, or -1 when out of memory (c then empty). */
int capture_parse_mode(const uint8_t *buf, size_t len, int mode, struct capture *c);
/* capture_parse_mode with mode 0. */
int capture_parse(const uint8_t *buf, size_t len, struct capture *c);
void capture_free(struct capture *c);

/* Decodes an escaped name (%XX for a byte) into name; -1 if malformed. */
int frame_unescape(const char *s, size_t n, uint8_t *name, size_t *namelen);

#endif
