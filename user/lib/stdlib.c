/* stdlib.c: exit, atoi, abs, strtoul. */
#include <stddef.h>
#include <stdlib.h>
#include <unistd.h>
#include "libc.h"

#define NO_DIGIT	36	/* digit_value() of a non-digit: above every base */

/* No atexit handlers and no stdio buffers to flush: printf writes as it goes. */
void LIBC(exit)(int status)
{
	_exit(status);
}

static int is_space(int c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

static int digit_value(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'Z')
		return c - 'A' + 10;
	return NO_DIGIT;
}

/* Skips leading white space and a sign; returns the first byte after them. */
static const char *skip_sign(const char *s, int *negative)
{
	while (is_space(*s))
		s++;
	*negative = *s == '-';
	if (*s == '-' || *s == '+')
		s++;
	return s;
}

/* Out of range is undefined in C; here it wraps, and INT_MIN parses, since
 * the sum is kept unsigned. */
int LIBC(atoi)(const char *s)
{
	unsigned int value = 0;
	int negative;

	for (s = skip_sign(s, &negative); *s >= '0' && *s <= '9'; s++)
		value = value * 10 + (unsigned int)(*s - '0');
	return (int)(negative ? 0u - value : value);
}

/* As C: INT_MIN has no positive value, so abs(INT_MIN) is INT_MIN. */
int LIBC(abs)(int n)
{
	return n < 0 ? (int)(0u - (unsigned int)n) : n;
}

/* Base 0 reads a 0x prefix as 16 and a leading 0 as 8; base 16 skips a 0x.
 * "0x" with no hex digit after it is the number 0 followed by "x". */
static int pick_base(const char **s, int base)
{
	const char *p = *s;

	if ((base == 0 || base == 16) && p[0] == '0' && (p[1] == 'x' || p[1] == 'X') &&
	    digit_value(p[2]) < 16) {
		*s = p + 2;
		return 16;
	}
	if (base == 0)
		return p[0] == '0' ? 8 : 10;
	return base;
}

/* As C, but with no errno: too large gives ULONG_MAX; a '-' negates the
 * result modulo ULONG_MAX + 1; no digits, or a bad base, give 0 with *end = s. */
unsigned long LIBC(strtoul)(const char *s, char **end, int base)
{
	const char *p;
	unsigned long value = 0;
	int negative, overflow = 0;

	if (end)
		*end = (char *)s;
	if (base < 0 || base == 1 || base > 36)
		return 0;
	p = skip_sign(s, &negative);
	base = pick_base(&p, base);
	if (digit_value(*p) >= base)
		return 0;
	for (; digit_value(*p) < base; p++) {
		unsigned long d = (unsigned long)digit_value(*p);

		if (value > (~0UL - d) / (unsigned long)base)
			overflow = 1;
		value = value * (unsigned long)base + d;
	}
	if (end)
		*end = (char *)p;
	if (overflow)
		return ~0UL;
	return negative ? 0 - value : value;
}
