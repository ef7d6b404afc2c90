/* test_fmtfloat.c: printf's floating-point conversions (fmtfloat.c), each
 * checked against the host's snprintf (glibc prints the exact binary value,
 * rounded to nearest, ties to even): a table of values chosen for rounding
 * ties, carries, powers of ten and the extremes, every format with widths,
 * flags and precisions, then random doubles of every magnitude. The guest's
 * snprintf is #included with its names prefixed (u_snprintf). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define LIBC(name) u_##name
#include "../../user/lib/errstr.c"
#include "../../user/lib/printf.c"

#define OUT_MAX	4096

static int checked;

/* The libc's vsnprintf and the host's give the same text and count. */
static void __attribute__((format(printf, 1, 2))) same(const char *fmt, ...)
{
	static char got[OUT_MAX], want[OUT_MAX];
	va_list ap, copy;
	int n, m;

	va_start(ap, fmt);
	va_copy(copy, ap);
	n = u_vsnprintf(got, sizeof got, fmt, ap);
	m = vsnprintf(want, sizeof want, fmt, copy);
	va_end(copy);
	va_end(ap);
	checked++;
	if (n != m || strcmp(got, want) != 0)
		fail_msg("\"%s\": got \"%s\" (%d), host \"%s\" (%d)", fmt, got, n, want, m);
}

/* The libc's vsnprintf gives want, where C and glibc part ways. */
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

static double from_bits(uint64_t u)
{
	double d;

	memcpy(&d, &u, sizeof d);
	return d;
}

/* Values that test rounding: ties at every precision, runs of nines that
 * carry, powers of ten and their neighbours, the extremes, the specials. */
static double table_value(size_t i, int *count)
{
	static double v[64];
	static int n;

	if (n == 0) {
		static const double fixed[] = { 0.0, 1.0, 0.1, 0.5, 1.5, 2.5, 3.5, 0.125, 0.375,
			0.0625, 1e-5, 123456789.0, 1e15, 1e16, 1e17, 1e21, 1e22, 1e23, 1e100,
			1e300, 0.3, 2.0 / 3.0, 3.14159265358979323846, 2.71828182845904523536,
			9.5, 0.05, 0.15, 0.25, 0.35, 1e-300, 123.456, 999.9995, 9.9999999,
			0.000123456, 1234567.0, 5e-7, 99.5, 0.95, 0.995, 9.995, 1e-4, 9.9999e-5,
			4503599627370496.5, 9007199254740993.0, 18446744073709551616.0,
			1.7976931348623157e308, 2.2250738585072014e-308, 4.9406564584124654e-324,
			2.2250738585072009e-308, 1e-320, 0.1 + 0.2, 100.0, 1e6, 1e7, 65536.0 };

		for (size_t k = 0; k < sizeof fixed / sizeof *fixed; k++)
			v[n++] = fixed[k];
	}
	*count = n;
	return v[i];
}

static const char *const formats[] = {
	"%f", "%.0f", "%.1f", "%.2f", "%.3f", "%.5f", "%.10f", "%.17f", "%.20f", "%.30f",
	"%e", "%.0e", "%.1e", "%.2e", "%.3e", "%.10e", "%.14e", "%.15e", "%.16e", "%.17e",
	"%.20e", "%.40e", "%g", "%.0g", "%.1g", "%.2g", "%.3g", "%.6g", "%.10g", "%.15g",
	"%.16g", "%.17g", "%.25g", "%#g", "%#.3g", "%#.0f", "%#.0e", "%#.1g", "%+f", "% e",
	"%+.3g", "%012.3f", "%-12.3e|", "%12g|", "%-+15.4G|", "%E", "%G", "%F", "%015e",
	"%0+12.2f", "%#012.0f", "%.*f", "%*.*e|",
	"%a", "%A", "%.0a", "%.1a", "%.2a", "%.3a", "%.12a", "%.13a", "%.15a", "%#a",
	"%#.0a", "%020.5a", "%-20a|", "%+a", "% .1A",
};

/* One format on one value; the two starred ones take their counts first.
 * glibc drops the zeros of %#g when rounding carries into a new exponent
 * (%#.3g of 999.9995 is "1.e+03" there); C keeps them: see test_alt_g.
 * (The cast: this file computes in long double, where 999.9995 has more
 * digits than the double in the table.) */
static void one(const char *fmt, double v)
{
	if (strcmp(fmt, "%#.3g") == 0 && (fabs(v) == (double)999.9995 || fabs(v) == 999.5))
		return;
	if (strcmp(fmt, "%.*f") == 0)
		same(fmt, 4, v);
	else if (strcmp(fmt, "%*.*e|") == 0)
		same(fmt, -14, 2, v);
	else
		same(fmt, v);
}

/* Every format of the list on every value of the table, and on its negation. */
static void test_table(void **state)
{
	int n;

	(void)state;
	table_value(0, &n);
	for (int i = 0; i < n; i++)
		for (size_t f = 0; f < sizeof formats / sizeof *formats; f++) {
			one(formats[f], table_value((size_t)i, &n));
			one(formats[f], -table_value((size_t)i, &n));
		}
}

/* inf, nan and -0: their words, padded with spaces even with '0', signs
 * as the flags and the sign bit say. */
static void test_specials(void **state)
{
	static const char *const fmts[] = { "%f", "%e", "%g", "%a", "%F", "%E", "%G", "%A",
		"%5f|", "%-6e|", "%010g|", "%+f", "% f", "%.3f", "%#g" };
	const double values[] = { INFINITY, -INFINITY, NAN, -NAN, 0.0, -0.0 };

	(void)state;
	for (size_t f = 0; f < sizeof fmts / sizeof *fmts; f++)
		for (size_t v = 0; v < sizeof values / sizeof *values; v++)
			same(fmts[f], values[v]);
}

/* Every digit of the exact value: the smallest subnormal in full (1074
 * fraction digits), the largest double's 309 integer digits, 0.1's 55. */
static void test_exact_digits(void **state)
{
	(void)state;
	same("%.1100f", 4.9406564584124654e-324);
	same("%.1074f", -2.2250738585072014e-308);
	same("%.800e", 4.9406564584124654e-324);
	same("%.760e", 2.2250738585072009e-308);
	same("%f", 1.7976931348623157e308);
	same("%.320e", 1.7976931348623157e308);
	same("%.60f", 0.1);
	same("%.60g", 0.1);
	same("%.3000f", 1.0 / 3.0);	/* zeros after the exact digits */
	same("%.1000e", 1e300);
	same("%.1000g", 2.0 / 3.0);
	same("%#.1000g", 1e-10);
}

/* A simple generator: the same doubles every run. */
static uint64_t next_random(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Random bit patterns: every exponent, every mantissa; the formats of
 * each conversion, including precisions past a double's 17 digits. */
static void test_random_doubles(void **state)
{
	static const char *const fmts[] = { "%.17g", "%.3e", "%.0e", "%f", "%.20f", "%g", "%.12g",
		"%.25e", "%a", "%.4a", "%.1f", "%.40g" };
	uint64_t seed = 0x9e3779b97f4a7c15ULL;

	(void)state;
	for (int i = 0; i < 20000; i++) {
		double v = from_bits(next_random(&seed));

		if (isnan(v) || isinf(v))
			continue;
		same(fmts[i % (sizeof fmts / sizeof *fmts)], v);
	}
	/* and numbers of everyday size, where %f and %g print digits both sides */
	for (int i = 0; i < 20000; i++) {
		uint64_t r = next_random(&seed);
		double v = (double)(r >> 11) / (double)(1ULL << (r % 60));

		same(fmts[i % (sizeof fmts / sizeof *fmts)], v);
		same("%.6f|%.2e|%g", v, v, v);
	}
}

/* Ties at each precision go to the even digit, on the exact value: 0.125
 * is a tie, 0.15 is not (it is 0.1499999...). */
static void test_ties_to_even(void **state)
{
	(void)state;
	for (int k = 0; k < 40; k++) {
		double v = (2 * k + 1) / 8.0;	/* 0.125, 0.375, ...: ties at two places */

		same("%.2f %.0f %.1e %.2g", v, v * 4, v, v);
	}
	same("%.0f %.0f %.0f %.0f", 0.5, 1.5, 2.5, -3.5);
	same("%.1f %.1f %.1f", 0.25, 0.35, 0.45);
	same("%.0e %.0e", 25.0, 35.0);
}

/* %#g keeps its trailing zeros, as C says, also when the rounding carries
 * into the next power of ten (where glibc drops them). */
static void test_alt_g(void **state)
{
	(void)state;
	expect("1.00e+03", "%#.3g", 999.9995);
	expect("1.00e+03", "%#.3g", 999.5);
	expect("-1.00e+03", "%#.3g", -999.9995);
	expect("1.0e+02", "%#.2g", 99.5);
	expect("10.", "%#.2g", 9.96);
	expect("0.000100", "%#.3g", 9.9999e-5);
}

/* L: a long double argument is read as such, and printed as its double. */
static void test_long_double(void **state)
{
	(void)state;
	same("%Lf %Le %Lg", (long double)0.1, (long double)1e300, (long double)-2.5);
	same("%d %Lf %d", 1, (long double)3.25, 2);
}

/* Floating point amid other conversions reads each argument at its place. */
static void test_mixed_arguments(void **state)
{
	(void)state;
	same("%d %f %s %e %c %g %lld %a %x", 1, 2.5, "x", 1e10, 'c', 1e-10, 123456789012LL, 1.0, 255u);
	same("%5.1f%%", 99.44);
}

/* The checks above ran (a table that lost its rows would pass silently). */
static void test_counted(void **state)
{
	(void)state;
	assert_true(checked > 60000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_specials),
		cmocka_unit_test(test_exact_digits),
		cmocka_unit_test(test_random_doubles),
		cmocka_unit_test(test_ties_to_even),
		cmocka_unit_test(test_alt_g),
		cmocka_unit_test(test_long_double),
		cmocka_unit_test(test_mixed_arguments),
		cmocka_unit_test(test_counted),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
