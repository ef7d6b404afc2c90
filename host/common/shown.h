/* shown.h: names and other outside text as the host tools show them
 * (docs/security.md, "Names in the tools' output"; docs/pinfo.md, "Names").
 *
 * A symbol name longer than SHOWN_LONG bytes is shortened where it is read
 * (maps.c, mkmap): its first SHOWN_KEEP bytes, "...", and 16 hex digits of
 * a 64-bit hash of the whole name, so that two long names that begin alike
 * stay apart, and every view of it is bounded.
 *
 * Text for a terminal is shown as the console shows a program's lines
 * (scripts/qrun): a control byte as ^X (ESC as ^[, a newline as ^J, a
 * tab as ^I), DEL as ^?, a byte above 0x7E as \xNN, printable ASCII as it
 * is; so no name, file name or map line can move a terminal's cursor,
 * change its colours, or start a line of its own in a report. */
#ifndef HOST_COMMON_SHOWN_H
#define HOST_COMMON_SHOWN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define SHOWN_LONG	1024	/* a longer name is shortened */
#define SHOWN_KEEP	1000	/* to its first bytes, */
#define SHOWN_SHORT	(SHOWN_KEEP + 3 + 16)	/* then "..." and the hash: 1019 bytes */

/* The hash of a name: 64-bit FNV-1a over its bytes from the last to the
 * first (so a table of names can be hashed in one pass backwards, every
 * name at once, names that share a tail included). */
#define SHOWN_HASH_INIT	14695981039346656037ull
static inline uint64_t shown_hash_step(uint64_t h, unsigned char c)
{
	return (h ^ c) * 1099511628211ull;
}
uint64_t shown_hash(const char *name, size_t n);

/* The shortened form of a name of more than SHOWN_LONG bytes whose first
 * bytes are name[0..SHOWN_KEEP) and whose hash is h, into out (SHOWN_SHORT
 * + 1 bytes, NUL-terminated; out may be name itself). */
void shown_shorten(char *out, const char *name, uint64_t h);

/* What shown() writes fits this for any input of up to SHOWN_MAX_IN bytes;
 * a longer input is cut there, with "...". */
#define SHOWN_MAX_IN	4096
struct shown {
	char s[4 * SHOWN_MAX_IN + 4];
};

/* s as a terminal may show it: s itself when it has no byte to escape, else
 * the escaped text in sh. */
const char *shown(const char *s, struct shown *sh);

/* shown(s) for a message's argument: the escaped text lives as long as
 * the block the message is in. */
#define SHOWN(s)	shown((s), &(struct shown){ { 0 } })

/* The n bytes at p (NUL bytes too, as ^@) escaped, cut at max bytes of
 * input (max at most SHOWN_MAX_IN) with "...": for a token of a file
 * quoted in a message. */
const char *shown_cut(const char *p, size_t n, size_t max, struct shown *sh);

/* s escaped, whatever its length, onto out. shown_put_text keeps tabs (a
 * source line's indentation). */
void shown_put(FILE *out, const char *s);
void shown_put_text(FILE *out, const char *s);

/* A frame of a folded stack ("main;parse;lookup 12"): name escaped, and its
 * ';' and blanks shown as '_' (FlameGraph's rule), so that it is one frame
 * of one line whatever it holds. Writes it to out (when not NULL) without a
 * NUL; returns its length. */
size_t shown_folded(char *out, const char *name);

#endif
