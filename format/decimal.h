/* decimal.h: a number in decimal digits without printf, for the frame's
 * lines (frame.c, the kernel's too) and pinfo's report (report.c). */
#ifndef FORMAT_DECIMAL_H
#define FORMAT_DECIMAL_H

#include <stddef.h>

/* v in decimal, right-aligned in width (wider if it must), at p; returns
 * the end (no NUL). size_t is 32 bits in the kernel, so the division needs
 * no libgcc there; the host's is 64 bits, a tick count's. */
static inline char *put_dec(char *p, size_t v, int width)
{
	char digits[24];
	int n = 0;

	do {
		digits[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (width-- > n)
		*p++ = ' ';
	while (n)
		*p++ = digits[--n];
	return p;
}

#endif
