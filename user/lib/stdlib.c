/* stdlib.c: exit and atexit, abort, the integers from text (strtol and its
 * family, atoi), abs and div, getenv; the intmax_t functions of <inttypes.h>. */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>
#include "libc.h"

#define NO_DIGIT	36	/* digit_value() of a non-digit: above every base */
#define ATEXIT_MAX	32	/* as C's minimum */
#define ABORT_STATUS	(128 + 6)	/* a shell's status for SIGABRT */

static void (*exit_fns[ATEXIT_MAX])(void);
static int exit_count;

int LIBC(atexit)(void (*fn)(void))
{
	if (exit_count == ATEXIT_MAX)
		return -1;
	exit_fns[exit_count++] = fn;
	return 0;
}

/* The atexit functions, last first; one that calls exit again goes on with
 * those still to run. There are no stdio buffers to flush. */
void LIBC(exit)(int status)
{
	while (exit_count > 0)
		exit_fns[--exit_count]();
	_exit(status);
}

void LIBC(_Exit)(int status)
{
	_exit(status);
}

/* No signals here: the process ends at once, with the status a shell
 * gives one killed by SIGABRT. */
void LIBC(abort)(void)
{
	_exit(ABORT_STATUS);
}

/* There is no environment. */
char *LIBC(getenv)(const char *name)
{
	(void)name;
	return NULL;
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

long LIBC(labs)(long n)
{
	return n < 0 ? (long)(0ul - (unsigned long)n) : n;
}

long long LIBC(llabs)(long long n)
{
	return n < 0 ? (long long)(0ull - (unsigned long long)n) : n;
}

intmax_t LIBC(imaxabs)(intmax_t n)
{
	return n < 0 ? (intmax_t)(0 - (uintmax_t)n) : n;
}

div_t LIBC(div)(int num, int den)
{
	div_t r = { num / den, num % den };

	return r;
}

ldiv_t LIBC(ldiv)(long num, long den)
{
	ldiv_t r = { num / den, num % den };

	return r;
}

lldiv_t LIBC(lldiv)(long long num, long long den)
{
	lldiv_t r = { num / den, num % den };

	return r;
}

imaxdiv_t LIBC(imaxdiv)(intmax_t num, intmax_t den)
{
	imaxdiv_t r = { num / den, num % den };

	return r;
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

/* The magnitude of the number at s, and its sign. Past max, *over is set
 * (and the digits are still read: *end goes past them all). No digits, or
 * a bad base (EINVAL), give 0 with *end = s. */
static unsigned long long read_number(const char *s, char **end, int base,
				      unsigned long long max, int *negative, int *over)
{
	unsigned long long value = 0;
	const char *p;

	*over = 0;
	*negative = 0;
	if (end)
		*end = (char *)s;
	if (base < 0 || base == 1 || base > 36) {
		errno = EINVAL;
		return 0;
	}
	p = skip_sign(s, negative);
	base = pick_base(&p, base);
	if (digit_value(*p) >= base)
		return 0;
	for (; digit_value(*p) < base; p++) {
		unsigned long long next;

		if (__builtin_mul_overflow(value, (unsigned)base, &next) ||
		    __builtin_add_overflow(next, (unsigned)digit_value(*p), &next) || next > max)
			*over = 1;
		else
			value = next;
	}
	if (end)
		*end = (char *)p;
	return value;
}

/* The unsigned ones: too large gives the maximum and ERANGE; a '-' negates
 * the value in the type, as C says (strtoul("-1") is ULONG_MAX). */
unsigned long LIBC(strtoul)(const char *s, char **end, int base)
{
	int negative, over;
	unsigned long v = (unsigned long)read_number(s, end, base, ULONG_MAX, &negative, &over);

	if (over) {
		errno = ERANGE;
		return ULONG_MAX;
	}
	return negative ? 0 - v : v;
}

unsigned long long LIBC(strtoull)(const char *s, char **end, int base)
{
	int negative, over;
	unsigned long long v = read_number(s, end, base, ULLONG_MAX, &negative, &over);

	if (over) {
		errno = ERANGE;
		return ULLONG_MAX;
	}
	return negative ? 0 - v : v;
}

/* The signed ones: out of range gives the limit on its side and ERANGE. */
long LIBC(strtol)(const char *s, char **end, int base)
{
	int negative, over;
	unsigned long long v = read_number(s, end, base, (unsigned long long)LONG_MAX + 1,
					   &negative, &over);

	if (over || (!negative && v > LONG_MAX)) {
		errno = ERANGE;
		return negative ? LONG_MIN : LONG_MAX;
	}
	return negative ? (long)(0 - (unsigned long)v) : (long)v;
}

long long LIBC(strtoll)(const char *s, char **end, int base)
{
	int negative, over;
	unsigned long long v = read_number(s, end, base, (unsigned long long)LLONG_MAX + 1,
					   &negative, &over);

	if (over || (!negative && v > LLONG_MAX)) {
		errno = ERANGE;
		return negative ? LLONG_MIN : LLONG_MAX;
	}
	return negative ? (long long)(0 - v) : (long long)v;
}

intmax_t LIBC(strtoimax)(const char *s, char **end, int base)
{
	return LIBC(strtoll)(s, end, base);
}

uintmax_t LIBC(strtoumax)(const char *s, char **end, int base)
{
	return LIBC(strtoull)(s, end, base);
}

long LIBC(atol)(const char *s)
{
	return LIBC(strtol)(s, NULL, 10);
}

long long LIBC(atoll)(const char *s)
{
	return LIBC(strtoll)(s, NULL, 10);
}
