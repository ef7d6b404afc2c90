/* test_libc.c: the guest libc's printf family (format.c, printf.c) and
 * <stdlib.h> (stdlib.c), checked against the host's libc where C defines
 * the result. The sources are #included with their names prefixed (u_printf),
 * so the real code links beside the host's libc; printf's write() calls are
 * caught with -Wl,--wrap=write (user/lib/libc.mk). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <errno.h>

#define LIBC(name) u_##name
#include "../../user/lib/errstr.c"
#include "../../user/lib/printf.c"
#include "../../user/lib/stdlib.c"

/* ---- write(), as printf sees it ---- */

static struct {
	int fd;			/* the last call's */
	int calls;
	size_t lens[8];		/* each call's length */
	char text[4096];	/* all the bytes, in order */
	size_t len;
	size_t most;		/* take at most this much per call; 0: all */
	int fail;		/* return -5 (EIO) */
} wr;

ssize_t __wrap_write(int fd, const void *buf, size_t len);
ssize_t __wrap_write(int fd, const void *buf, size_t len)
{
	assert_true(fd == 1 || fd == 2);
	wr.fd = fd;
	if (wr.fail)
		return -5;
	if (wr.most && len > wr.most)
		len = wr.most;
	if (wr.calls < 8)
		wr.lens[wr.calls] = len;
	wr.calls++;
	assert_true(wr.len + len <= sizeof wr.text);
	memcpy(wr.text + wr.len, buf, len);
	wr.len += len;
	return (ssize_t)len;
}

static int reset_write(void **state)
{
	(void)state;
	memset(&wr, 0, sizeof wr);
	return 0;
}

/* ---- helpers ---- */

/* Formats with the libc's vsnprintf and the host's; expects the same text and count. */
static void __attribute__((format(printf, 1, 2))) same(const char *fmt, ...)
{
	char got[1024], want[1024];
	va_list ap, copy;
	int n, m;

	va_start(ap, fmt);
	va_copy(copy, ap);
	n = u_vsnprintf(got, sizeof got, fmt, ap);
	m = vsnprintf(want, sizeof want, fmt, copy);
	va_end(copy);
	va_end(ap);
	if (n != m || strcmp(got, want) != 0)
		fail_msg("\"%s\": got \"%s\" (%d), host \"%s\" (%d)", fmt, got, n, want, m);
}

/* Formats with the libc and expects want, where the libc and the host differ. */
static void expect(const char *want, const char *fmt, ...)
{
	char got[256];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = u_vsnprintf(got, sizeof got, fmt, ap);
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
	assert_int_equal(u_snprintf(buf, sizeof buf, "a%cb", 0), 3);
	assert_memory_equal(buf, "a\0b", 4);
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

/* ---- the buffer functions ---- */

/* snprintf cuts to size-1 and a NUL, touches nothing past size, returns the full length. */
static void test_snprintf_truncates(void **state)
{
	char buf[16];

	(void)state;
	memset(buf, 'X', sizeof buf);
	assert_int_equal(u_snprintf(buf, 5, "hello %s", "world"), 11);
	assert_memory_equal(buf, "hell\0XXXXX", 10);
	assert_int_equal(u_snprintf(NULL, 0, "hello %s", "world"), 11);
	memset(buf, 'X', sizeof buf);
	assert_int_equal(u_snprintf(buf, 1, "hello"), 5);
	assert_memory_equal(buf, "\0X", 2);
	assert_int_equal(u_snprintf(buf, 6, "hello"), 5);
	assert_string_equal(buf, "hello");
	assert_int_equal(u_snprintf(buf, 5, "%d", 123456), 6);
	assert_string_equal(buf, "1234");
}

/* sprintf writes the whole text and returns its length. */
static void test_sprintf_returns_count(void **state)
{
	char buf[32];

	(void)state;
	assert_int_equal(u_sprintf(buf, "[%-4s|%04x]", "ab", 0xbe), 11);
	assert_string_equal(buf, "[ab  |00be]");
	assert_int_equal(u_sprintf(buf, "%s", ""), 0);
	assert_string_equal(buf, "");
}

/* An output longer than the console chunk formats in full into a buffer. */
static void test_format_long_output(void **state)
{
	(void)state;
	same("%600d|%-300s|", 7, "x");
}

/* ---- the console functions ---- */

/* A short printf reaches write() in one call, and returns its length. */
static void test_printf_one_write(void **state)
{
	(void)state;
	assert_int_equal(u_printf("pid %d: %s\n", 7, "ok"), 10);
	assert_int_equal(wr.calls, 1);
	assert_int_equal(wr.len, 10);
	assert_memory_equal(wr.text, "pid 7: ok\n", 10);
}

/* 512 bytes go in one write; 1000 go in two, 512 then 488, in order. */
static void test_printf_splits_at_chunk(void **state)
{
	char want[1001];

	(void)state;
	assert_int_equal(u_printf("%512s", "z"), 512);
	assert_int_equal(wr.calls, 1);
	reset_write(NULL);
	snprintf(want, sizeof want, "%-999s|", "a");
	assert_int_equal(u_printf("%-999s|", "a"), 1000);
	assert_int_equal(wr.calls, 2);
	assert_int_equal(wr.lens[0], 512);
	assert_int_equal(wr.lens[1], 488);
	assert_memory_equal(wr.text, want, 1000);
}

/* A write that takes part of the bytes is called again for the rest. */
static void test_printf_short_write(void **state)
{
	(void)state;
	wr.most = 3;
	assert_int_equal(u_printf("%s %d\n", "partial", 12345), 14);
	assert_int_equal(wr.calls, 5);
	assert_memory_equal(wr.text, "partial 12345\n", 14);
}

/* A failing write makes every output function say so. */
static void test_printf_write_fails(void **state)
{
	(void)state;
	wr.fail = 1;
	assert_int_equal(u_printf("x%d", 1), EOF);
	assert_int_equal(u_puts("x"), EOF);
	assert_int_equal(u_putchar('x'), EOF);
	assert_int_equal(u_fprintf(u_stderr, "x"), EOF);
	assert_int_equal(u_fputs("x", u_stdout), EOF);
	assert_int_equal(u_fputc('x', u_stderr), EOF);
	assert_int_equal(u_fwrite("xyz", 1, 3, u_stdout), 0);
}

/* printf formats floating point on the console as snprintf does. */
static void test_printf_float(void **state)
{
	(void)state;
	assert_int_equal(u_printf("%.3f|%g|%e\n", 3.14159, 1e-5, -2.5), 26);
	assert_int_equal(wr.calls, 1);
	assert_memory_equal(wr.text, "3.142|1e-05|-2.500000e+00\n", 26);
}

/* stdout is fd 1, stderr fd 2, for every stream function. */
static void test_streams_fds(void **state)
{
	(void)state;
	assert_int_equal(u_fprintf(u_stderr, "e%d", 2), 2);
	assert_int_equal(wr.fd, 2);
	assert_int_equal(u_fprintf(u_stdout, "o%d", 1), 2);
	assert_int_equal(wr.fd, 1);
	assert_true(u_fputs("ab", u_stderr) >= 0);
	assert_int_equal(wr.fd, 2);
	assert_int_equal(u_fputc(0x141, u_stdout), 0x41);
	assert_int_equal(wr.fd, 1);
	assert_int_equal(u_putc('z', u_stderr), 'z');
	assert_int_equal(wr.fd, 2);
	assert_int_equal(u_fflush(u_stdout), 0);
	assert_int_equal(wr.len, 8);
	assert_memory_equal(wr.text, "e2o1abAz", 8);
}

static int call_vfprintf(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = u_vfprintf(u_stderr, fmt, ap);
	va_end(ap);
	return n;
}

/* vfprintf and vsprintf are their siblings with a va_list. */
static int call_vsprintf(char *buf, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = u_vsprintf(buf, fmt, ap);
	va_end(ap);
	return n;
}

static void test_v_variants(void **state)
{
	char buf[32];

	(void)state;
	assert_int_equal(call_vfprintf("<%s>", "v"), 3);
	assert_int_equal(wr.fd, 2);
	assert_memory_equal(wr.text, "<v>", 3);
	assert_int_equal(call_vsprintf(buf, "%05.1f", 2.25), 5);
	assert_string_equal(buf, "002.2");
}

/* fwrite writes size * count bytes, again after a short write, and
 * returns the whole items written; nothing for size or count 0. */
static void test_fwrite_items(void **state)
{
	(void)state;
	wr.most = 4;
	assert_int_equal(u_fwrite("abcdefghij", 2, 5, u_stdout), 5);
	assert_int_equal(wr.len, 10);
	assert_memory_equal(wr.text, "abcdefghij", 10);
	assert_int_equal(wr.calls, 3);
	assert_int_equal(u_fwrite("x", 0, 5, u_stdout), 0);
	assert_int_equal(u_fwrite("x", 1, 0, u_stdout), 0);
	assert_int_equal(wr.calls, 3);
}

/* perror: "s: " and errno's text on stderr in one write; the text alone
 * when s is NULL or empty. */
static void test_perror(void **state)
{
	(void)state;
	errno = ERANGE;
	u_perror("strtod");
	assert_int_equal(wr.fd, 2);
	assert_int_equal(wr.calls, 1);
	assert_int_equal(wr.len, strlen("strtod: a result too large or too small for its type\n"));
	assert_memory_equal(wr.text, "strtod: a result too large or too small for its type\n", wr.len);
	reset_write(NULL);
	errno = EDOM;
	u_perror("");
	assert_memory_equal(wr.text, "an argument outside the function's domain\n", wr.len);
	reset_write(NULL);
	u_perror(NULL);
	assert_memory_equal(wr.text, "an argument outside the function's domain\n", wr.len);
}

/* vprintf is printf with a va_list. */
static int call_vprintf(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = u_vprintf(fmt, ap);
	va_end(ap);
	return n;
}

/* vprintf formats its va_list in one write. */
static void test_vprintf_one_write(void **state)
{
	(void)state;
	assert_int_equal(call_vprintf("%s-%u", "v", 3u), 3);
	assert_int_equal(wr.calls, 1);
	assert_memory_equal(wr.text, "v-3", 3);
}

/* puts adds the newline in the same write, and returns a non-negative count. */
static void test_puts_one_write(void **state)
{
	(void)state;
	assert_true(u_puts("abc") >= 0);
	assert_int_equal(wr.calls, 1);
	assert_int_equal(wr.len, 4);
	assert_memory_equal(wr.text, "abc\n", 4);
	assert_true(u_puts("") >= 0);
	assert_int_equal(wr.len, 5);
}

/* putchar writes one byte and returns it as an unsigned char. */
static void test_putchar_writes_byte(void **state)
{
	(void)state;
	assert_int_equal(u_putchar('q'), 'q');
	assert_int_equal(u_putchar(0x1ff), 0xff);
	assert_int_equal(wr.calls, 2);
	assert_memory_equal(wr.text, "q\xff", 2);
}

/* ---- stdlib ---- */

/* atoi skips white space, takes a sign, stops at a non-digit, as the host. */
static void test_atoi_matches_host(void **state)
{
	static const char *const inputs[] = { "0", "42", "-42", "+7", " \t\n\v\f\r12",
		"12abc", "abc", "", "-", "+", "- 5", "--5", "+-5", "007", "2147483647",
		"-2147483648", "-0", "  -13 14" };

	(void)state;
	for (size_t i = 0; i < sizeof inputs / sizeof *inputs; i++)
		if (u_atoi(inputs[i]) != atoi(inputs[i]))
			fail_msg("atoi(\"%s\"): got %d, host %d", inputs[i],
				 u_atoi(inputs[i]), atoi(inputs[i]));
}

/* abs flips negatives; abs(INT_MIN) stays INT_MIN. */
static void test_abs_values(void **state)
{
	(void)state;
	assert_int_equal(u_abs(0), 0);
	assert_int_equal(u_abs(5), 5);
	assert_int_equal(u_abs(-5), 5);
	assert_int_equal(u_abs(INT_MAX), INT_MAX);
	assert_int_equal(u_abs(-INT_MAX), INT_MAX);
	assert_int_equal(u_abs(INT_MIN), INT_MIN);
}

/* strtoul's value and end pointer equal the host's for every valid base. */
static void test_strtoul_matches_host(void **state)
{
	static const struct { const char *s; int base; } cases[] = {
		{ "0", 10 }, { "123", 10 }, { "  42xyz", 10 }, { "-1", 10 }, { "+5", 10 },
		{ "0x1F", 16 }, { "0X1f", 0 }, { "1f", 16 }, { "FF", 16 }, { "0x", 16 },
		{ "0xg", 0 }, { "0x", 0 }, { "017", 0 }, { "017", 10 }, { "08", 0 },
		{ "0x10", 10 }, { "z", 36 }, { "Zz", 36 }, { "101", 2 }, { "102", 2 },
		{ "", 10 }, { "   ", 0 }, { "-", 10 }, { "+x", 16 }, { " -0x10", 0 },
		{ "4294967295", 10 }, { "4294967296", 10 }, { "18446744073709551615", 10 },
		{ "18446744073709551616", 10 }, { "-18446744073709551616", 0 },
		{ "ffffffffffffffff", 16 }, { "1ffffffffffffffff", 16 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		char *got_end, *want_end;
		unsigned long got = u_strtoul(cases[i].s, &got_end, cases[i].base);
		unsigned long want = strtoul(cases[i].s, &want_end, cases[i].base);

		if (got != want || got_end != want_end)
			fail_msg("strtoul(\"%s\", %d): got %lu end +%td, host %lu end +%td",
				 cases[i].s, cases[i].base, got, got_end - cases[i].s,
				 want, want_end - cases[i].s);
	}
}

/* A bad base gives 0 and leaves end at the start; a NULL end is allowed. */
static void test_strtoul_bad_base_and_null_end(void **state)
{
	const char *s = "123";
	char *end = NULL;

	(void)state;
	assert_int_equal(u_strtoul(s, &end, 1), 0);
	assert_ptr_equal(end, s);
	assert_int_equal(u_strtoul(s, &end, 37), 0);
	assert_int_equal(u_strtoul(s, &end, -2), 0);
	assert_int_equal(u_strtoul("0x7f", NULL, 0), 0x7f);
}

#define WRITE_TEST(f) cmocka_unit_test_setup(f, reset_write)

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
		cmocka_unit_test(test_snprintf_truncates),
		cmocka_unit_test(test_sprintf_returns_count),
		cmocka_unit_test(test_format_long_output),
		WRITE_TEST(test_printf_one_write),
		WRITE_TEST(test_printf_splits_at_chunk),
		WRITE_TEST(test_printf_short_write),
		WRITE_TEST(test_printf_write_fails),
		WRITE_TEST(test_vprintf_one_write),
		WRITE_TEST(test_printf_float),
		WRITE_TEST(test_streams_fds),
		WRITE_TEST(test_v_variants),
		WRITE_TEST(test_fwrite_items),
		WRITE_TEST(test_perror),
		WRITE_TEST(test_puts_one_write),
		WRITE_TEST(test_putchar_writes_byte),
		cmocka_unit_test(test_atoi_matches_host),
		cmocka_unit_test(test_abs_values),
		cmocka_unit_test(test_strtoul_matches_host),
		cmocka_unit_test(test_strtoul_bad_base_and_null_end),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
