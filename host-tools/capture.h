/* capture.h: finds the dump frames in a serial capture (docs/dump-format.md).
 * A pure function over bytes: the tests call it, profextract writes what it
 * returns. */
#ifndef CAPTURE_H
#define CAPTURE_H

#include <stddef.h>
#include <stdint.h>
#include "frame.h"

struct frame {
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

/* Parses buf[0..len). Returns 0, or -1 when out of memory (c then empty). */
int capture_parse(const uint8_t *buf, size_t len, struct capture *c);
void capture_free(struct capture *c);

/* Decodes an escaped name (%XX for a byte) into name; -1 if malformed. */
int frame_unescape(const char *s, size_t n, uint8_t *name, size_t *namelen);

#endif
