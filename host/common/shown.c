/* shown.c: names and outside text as the host tools show them (shown.h). */
#include <string.h>

#include "shown.h"

uint64_t shown_hash(const char *name, size_t n)
{
	uint64_t h = SHOWN_HASH_INIT;

	while (n--)
		h = shown_hash_step(h, (unsigned char)name[n]);
	return h;
}

void shown_shorten(char *out, const char *name, uint64_t h)
{
	static const char hex[] = "0123456789abcdef";
	int i;

	memmove(out, name, SHOWN_KEEP);
	memcpy(out + SHOWN_KEEP, "...", 3);
	for (i = 0; i < 16; i++)
		out[SHOWN_KEEP + 3 + i] = hex[h >> (60 - 4 * i) & 15];
	out[SHOWN_SHORT] = 0;
}

/* Byte c as shown, into out (at most 4 bytes); returns how many. */
static size_t esc(unsigned char c, int keep_tab, char *out)
{
	static const char hex[] = "0123456789abcdef";

	if ((c >= ' ' && c < 0x7f) || (c == '\t' && keep_tab)) {
		out[0] = (char)c;
		return 1;
	}
	if (c < ' ' || c == 0x7f) {
		out[0] = '^';
		out[1] = c == 0x7f ? '?' : (char)(c + '@');
		return 2;
	}
	out[0] = '\\';
	out[1] = 'x';
	out[2] = hex[c >> 4];
	out[3] = hex[c & 15];
	return 4;
}

static int plain(unsigned char c)
{
	return c >= ' ' && c < 0x7f;
}

const char *shown_cut(const char *p, size_t n, size_t max, struct shown *sh)
{
	size_t i, k = 0;

	if (max > SHOWN_MAX_IN)
		max = SHOWN_MAX_IN;
	for (i = 0; i < n && i < max; i++)
		k += esc((unsigned char)p[i], 0, sh->s + k);
	if (i < n) {
		memcpy(sh->s + k, "...", 3);
		k += 3;
	}
	sh->s[k] = 0;
	return sh->s;
}

const char *shown(const char *s, struct shown *sh)
{
	const char *c = s;

	while (plain((unsigned char)*c))
		c++;
	if (!*c)
		return s;	/* the common case: nothing to escape */
	return shown_cut(s, strlen(s), SHOWN_MAX_IN, sh);
}

static void put(FILE *out, const char *s, int keep_tab)
{
	char e[4];

	for (;;) {
		const char *c = s;

		while (plain((unsigned char)*c))
			c++;
		if (c > s)
			fwrite(s, 1, (size_t)(c - s), out);
		if (!*c)
			return;
		fwrite(e, 1, esc((unsigned char)*c, keep_tab, e), out);
		s = c + 1;
	}
}

void shown_put(FILE *out, const char *s)
{
	put(out, s, 0);
}

void shown_put_text(FILE *out, const char *s)
{
	put(out, s, 1);
}

size_t shown_folded(char *out, const char *name)
{
	size_t k = 0, w;
	char e[4];

	for (; *name; name++) {
		unsigned char c = (unsigned char)*name;

		if (c == ';' || c == ' ') {
			e[0] = '_';
			w = 1;
		} else {
			w = esc(c, 0, e);
		}
		if (out)
			memcpy(out + k, e, w);
		k += w;
	}
	return k;
}
