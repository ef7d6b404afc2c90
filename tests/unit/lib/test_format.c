/* test_format.c: the kernel's printf engine (lib/format.c, behind kprintf
 * and panic), checked against the host's vsnprintf where C defines the
 * result, and against what it promises where the two differ (%p, unknown
 * conversions, no floating point). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include "lib.h"

/* ---- helpers ---- */

struct buf {
	char *p;
	size_t size, len;	/* what fits (a NUL kept at the end), what came */
};

static void buf_put(void *ctx, char c)
{
	struct buf *b = ctx;

	if (b->len + 1 < b->size)
		b->p[b->len] = c;
	b->len++;
}

/* fmt_format into p[size], cut and NUL-terminated; returns its count. */
static int vformat_into(char *p, size_t size, const char *fmt, va_list ap)
{
	struct buf b = { p, size, 0 };
	int n = fmt_format(buf_put, &b, fmt, ap);

	p[b.len < size ? b.len : size - 1] = '\0';
	return n;
}

static int format_into(char *p, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vformat_into(p, size, fmt, ap);
	va_end(ap);
	return n;
}

/* Formats with fmt_format and the host's vsnprintf; expects the same text and count. */
static void __attribute__((format(printf, 1, 2))) same(const char *fmt, ...)
{
	char got[1024], want[1024];
	va_list ap, copy;
	int n, m;

	va_start(ap, fmt);
	va_copy(copy, ap);
	n = vformat_into(got, sizeof got, fmt, ap);
	m = vsnprintf(want, sizeof want, fmt, copy);
	va_end(copy);
	va_end(ap);
	if (n != m || strcmp(got, want) != 0)
		fail_msg("\"%s\": got \"%s\" (%d), host \"%s\" (%d)", fmt, got, n, want, m);
}

/* Formats with fmt_format and expects want, where it and the host differ. */
static void expect(const char *want, const char *fmt, ...)
{
	char got[256];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vformat_into(got, sizeof got, fmt, ap);
	va_end(ap);
	if (n != (int)strlen(want) || strcmp(got, want) != 0)
		fail_msg("\"%s\": got \"%s\" (%d), want \"%s\"", fmt, got, n, want);
}

/* ---- the formatter ---- */

/* %d and %i: zero, signs, INT_MIN/INT_MAX, widths, flags, as the host. */
static void test_format_signed(void **state)
{
	static const int values[] = { 0, 1, -1, 42, -42, 99999, INT_MAX, INT_MIN };
	static const char *const fmts[] = { "%d", "%i", "%5d", "%-5d|", "%05d", "%+d",
		"% d", "%+05d", "%-+6d|", "%-05d|", "%12d", "%012i", "% 012d", "%1d" };

	(void)state;
	for (size_t v = 0; v < sizeof values / sizeof *values; v++)
		for (size_t f = 0; f < sizeof fmts / sizeof *fmts; f++)
			same(fmts[f], values[v]);
}

/* %u %x %X and '#': zero, UINT_MAX, widths, padding, as the host. */
static void test_format_unsigned(void **state)
{
	static const unsigned values[] = { 0, 1, 9, 10, 0xabc, 0xdeadbeef, INT_MAX, UINT_MAX };
	static const char *const fmts[] = { "%u", "%x", "%X", "%8x", "%-8X|", "%08x",
		"%#x", "%#X", "%#010x", "%-#10x|", "%012u", "%-12u|", "%2u" };

	(void)state;
	for (size_t v = 0; v < sizeof values / sizeof *values; v++)
		for (size_t f = 0; f < sizeof fmts / sizeof *fmts; f++)
			same(fmts[f], values[v]);
}

/* Precision pads numbers with zeros, beats '0', and prints 0 as nothing at .0. */
static void test_format_precision(void **state)
{
	static const int values[] = { 0, 7, -7, 12345, INT_MIN };
	static const char *const fmts[] = { "%.3d", "%.0d|", "%8.3d", "%-8.3d|", "%08.3d",
		"%.0x|", "%.5x", "%#.5x", "%+.2d", "%.d|", "%5.0u|", "%.10u" };

	(void)state;
	for (size_t v = 0; v < sizeof values / sizeof *values; v++)
		for (size_t f = 0; f < sizeof fmts / sizeof *fmts; f++)
			same(fmts[f], values[v]);
}

/* '*' takes width and precision from the arguments; negative width means '-'. */
static void test_format_star(void **state)
{
	(void)state;
	same("%*d|", 6, 42);
	same("%*d|", -6, 42);
	same("%-*d|", 6, 42);
	same("%.*d|", 4, 42);
	same("%.*d|", -1, 42);
	same("%*.*x|", 8, 3, 0xf);
	same("%*s|", 5, "ab");
	same("%.*s|", 2, "abcdef");
}

/* %s: widths, left, precision; precision reads no further than it prints. */
static void test_format_string(void **state)
{
	static const char unterminated[3] = { 'x', 'y', 'z' };

	(void)state;
	same("%s", "");
	same("%s|%s", "abc", "de");
	same("%5s|", "abc");
	same("%-5s|", "abc");
	same("%2s|", "abcdef");
	same("%.2s|", "abcdef");
	same("%5.1s|", "abcdef");
	same("%-5.0s|", "abc");
	same("%.3s|", unterminated);
	same("%.10s|", "abc");
	expect("(null)", "%s", (char *)NULL);
}

/* %c with widths, and a NUL character counted and stored. */
static void test_format_char(void **state)
{
	char buf[8];

	(void)state;
	same("%c", 'a');
	same("%3c|", 'b');
	same("%-3c|", 'c');
	same("%c%c%c", 'x', 'y', 'z');
	memset(buf, 'X', sizeof buf);
	assert_int_equal(format_into(buf, sizeof buf, "a%cb", 0), 3);
	assert_memory_equal(buf, "a\0b", 3);
}

/* %% prints one percent; plain text passes through. */
static void test_format_percent(void **state)
{
	(void)state;
	same("100%%");
	same("%%d %d%%", 5);
	same("plain text, no conversions");
	same("%s", "50%");
}

/* l, ll and z sizes read the right argument width, including 64-bit extremes. */
static void test_format_sizes(void **state)
{
	(void)state;
	same("%ld %li %lu %lx", (long)INT_MIN, (long)INT_MAX, (unsigned long)UINT_MAX, 0xfeedUL);
	same("%ld %lu", LONG_MIN, ULONG_MAX);
	same("%lld|%lld|%llu", LLONG_MIN, LLONG_MAX, ULLONG_MAX);
	same("%llx %llX %#llx", 0x123456789abcdef0ULL, 0xfedcba9876543210ULL, 1ULL << 32);
	same("%20llu|%-20lld|%.25llu", 10000000000ULL, -10000000000LL, 4294967296ULL);
	same("%llu %llu %llu", 4294967295ULL, 4294967296ULL, 42949672960ULL);
	same("%zu %zx %zd", (size_t)UINT_MAX, (size_t)0, (ptrdiff_t)-3);
	same("%hd %hu %hx", 0x12345, -1, 0x1ffff);
	same("%hhd %hhu %02hhx %hhi", 0x1ff, -1, 0x10a, 128);
}

/* 64-bit decimal digits are those of the host for many magnitudes. */
static void test_format_div10(void **state)
{
	(void)state;
	for (uint64_t v = 1; v != 0 && v < UINT64_MAX / 3; v = v * 3 + 1)
		same("%llu %lld", (unsigned long long)v, -(long long)v);
}

/* %o, with '#' (a leading 0, also at precision 0), widths and precisions. */
static void test_format_octal(void **state)
{
	static const unsigned values[] = { 0, 1, 7, 8, 0777, 01234567, UINT_MAX };
	static const char *const fmts[] = { "%o", "%#o", "%5o|", "%-#6o|", "%08o", "%.0o|",
		"%#.0o|", "%#.3o", "%#.8o", "%#5.3o|", "%.10o" };

	(void)state;
	for (size_t v = 0; v < sizeof values / sizeof *values; v++)
		for (size_t f = 0; f < sizeof fmts / sizeof *fmts; f++)
			same(fmts[f], values[v]);
	same("%llo %#llo %lo", 01777777777777777777777ULL, 1ULL << 40, (unsigned long)-1);
}

/* j (intmax_t) and t (ptrdiff_t) read arguments of their width. */
static void test_format_j_t(void **state)
{
	(void)state;
	same("%jd %ju %jx|%td %tu|%d", (intmax_t)INT64_MIN, (uintmax_t)UINT64_MAX,
	     (uintmax_t)0xabcdef0123ULL, (ptrdiff_t)-5, (ptrdiff_t)7, 9);
}

/* %p is 0x and at least eight hex digits, in the field width. */
static void test_format_pointer(void **state)
{
	(void)state;
	expect("0x00001234", "%p", (void *)0x1234);
	expect("0x00000000", "%p", NULL);
	expect("0xdeadbeef", "%p", (void *)(uintptr_t)0xdeadbeef);
	expect("  0x00000010|", "%12p|", (void *)0x10);
	expect("0x00000010  |", "%-12p|", (void *)0x10);
}

/* An unknown conversion, or a '%' at the end, prints as written. */
static void test_format_unknown(void **state)
{
	(void)state;
	expect("%q", "%q");
	expect("a%-5qb", "a%-5qb");
	expect("abc%", "abc%");
	expect("abc%5", "abc%5");
	expect("%y 3", "%y %d", 3);
}

static void count_put(void *ctx, char c)
{
	(void)c;
	(*(int *)ctx)++;
}

static int count_format(int *puts, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = fmt_format(count_put, puts, fmt, ap);
	va_end(ap);
	return n;
}

/* fmt_format returns as many characters as it handed to put. */
static void test_fmt_format_counts(void **state)
{
	int puts = 0;

	(void)state;
	assert_int_equal(count_format(&puts, "%s=%5d%%", "abc", -1), 10);
	assert_int_equal(puts, 10);
	puts = 0;
	assert_int_equal(count_format(&puts, ""), 0);
	assert_int_equal(puts, 0);
}

struct text {
	char buf[64];
	int len;
};

static void text_put(void *ctx, char c)
{
	struct text *t = ctx;

	if (t->len < (int)sizeof t->buf - 1)
		t->buf[t->len++] = c;
	t->buf[t->len] = '\0';
}

static int text_format(struct text *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = fmt_format(text_put, t, fmt, ap);
	va_end(ap);
	return n;
}

/* fmt_format, the kernel's way in, has no floating point: a floating-point
 * conversion prints as written, as an unknown one does. */
static void test_fmt_format_no_float(void **state)
{
	struct text t = { .len = 0 };

	(void)state;
	assert_int_equal(text_format(&t, "a%5.2fb%e%G"), 11);
	assert_string_equal(t.buf, "a%5.2fb%e%G");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_format_signed),
		cmocka_unit_test(test_format_unsigned),
		cmocka_unit_test(test_format_precision),
		cmocka_unit_test(test_format_star),
		cmocka_unit_test(test_format_string),
		cmocka_unit_test(test_format_char),
		cmocka_unit_test(test_format_percent),
		cmocka_unit_test(test_format_sizes),
		cmocka_unit_test(test_format_div10),
		cmocka_unit_test(test_format_octal),
		cmocka_unit_test(test_format_j_t),
		cmocka_unit_test(test_format_pointer),
		cmocka_unit_test(test_format_unknown),
		cmocka_unit_test(test_fmt_format_counts),
		cmocka_unit_test(test_fmt_format_no_float),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
