/* test_strtod.c: strtod, strtof and atof (strtod.c) against glibc's, which
 * rounds correctly: the same bits, the same end, the same errno, for a
 * table of hard strings (ties, the extremes, 900 digits, hexadecimal, inf
 * and nan, malformed ones), every double's exact midpoint with its
 * neighbour written out in full and nudged either way, and random numbers
 * written with 1 to 40 digits. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LIBC(name) u_##name
#include "../../user/lib/strtod.c"

static long checked;

/* strtod and strtof of s: ours and glibc's, bits, end and errno. */
static void same(const char *s)
{
	char *ge, *we;
	int gerr, werr;
	double gd, wd;
	float gf, wf;

	errno = 0;
	gd = u_strtod(s, &ge);
	gerr = errno;
	errno = 0;
	wd = strtod(s, &we);
	werr = errno;
	if (memcmp(&gd, &wd, sizeof gd) != 0 && !(isnan(gd) && isnan(wd) && !signbit(gd) == !signbit(wd)))
		fail_msg("strtod(\"%.80s\"): got %a, glibc %a", s, gd, wd);
	if (ge != we || gerr != werr)
		fail_msg("strtod(\"%.80s\"): end +%td errno %d, glibc +%td errno %d", s, ge - s, gerr,
			 we - s, werr);
	errno = 0;
	gf = u_strtof(s, &ge);
	gerr = errno;
	errno = 0;
	wf = strtof(s, &we);
	werr = errno;
	if (memcmp(&gf, &wf, sizeof gf) != 0 && !(isnan(gf) && isnan(wf) && !signbit(gf) == !signbit(wf)))
		fail_msg("strtof(\"%.80s\"): got %a, glibc %a", s, (double)gf, (double)wf);
	if (ge != we || gerr != werr)
		fail_msg("strtof(\"%.80s\"): end +%td errno %d, glibc +%td errno %d", s, ge - s, gerr,
			 we - s, werr);
	checked++;
}

static void test_table(void **state)
{
	static const char *const table[] = {
		"0", "-0", "+0", "1", "-1", "0.1", "3.14159", "2.718281828459045", "123456789",
		"1e308", "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308",
		"1.797693134862315807937289714053e308", "1.797693134862315807937289714054e308",
		"2.2250738585072011e-308", "2.2250738585072014e-308", "2.225073858507201e-308",
		"4.9e-324", "4.9406564584124654e-324", "2.4703282292062327e-324",
		"2.4703282292062328e-324", "2.4703282292062327208828439643411068618252990130716238221"
		"2799e-324", "1e-320", "1e-400", "1e400", "-1e400", "-1e-400",
		"9007199254740992", "9007199254740993", "9007199254740994", "9007199254740995",
		"9007199254740993.0000000001", "9007199254740992.9999999999",
		"1.00000000000000011102230246251565404236316680908203125",
		"1.00000000000000011102230246251565404236316680908203124",
		"1.00000000000000011102230246251565404236316680908203126",
		"0.1e1", "100e-2", ".5", "5.", "0.5e", "0.5e+", "0.5e-x", "5e+2", "5E-2",
		"  \t\n\v\f\r42", "1_000", "1,5", "0e0", "0e99999999999999999", "1e-99999999999999",
		"1e99999999999999999999", "123e-2", ".000000000000000000000000000000001e33",
		"0.000000000000000000000000000000000000000000000000000000000000000001",
		"00000000000000000000000000000000000001234.5678e0000000000000000000000003",
		"inf", "INF", "Inf", "infinity", "INFINITY", "-infinity", "+inf", "infinit", "infx",
		"nan", "NaN", "-nan", "nan(abc_123)", "nan(", "nan()", "nan(a b)", "nanx", "in", "na",
		"0x1p0", "0x1.8p1", "0X.8P-1", "0x1p-1074", "0x1p-1075", "0x1.0000000000001p-1075",
		"0x1.8p-1074", "0x1.fffffffffffff8p1023", "0x1.fffffffffffff7ffp1023", "0x1p1024",
		"0x123456789abcdef0123p0", "0x123456789abcdef0123456789p-100", "0x.000001p-1050",
		"0x", "0x.", "0x.p1", "0xg", "0x1p", "0x1p+", "0x1.", "-0x1.8", "0x0p0", "0x0.0000p99",
		"0x1.000001p0", "0x1.0000008p0", "0x1.0000018p0", "0x1.fffffep127", "0x1.ffffffp127",
		"0x1p-149", "0x1p-150", "0x1.8p-150", "0x1.000000000000000000001p-1074",
		"", " ", "-", "+", ".", "-.", "+.e1", "e5", ".e5", "x", "1e", "1e+", "1.5e-",
		"3.4028234663852886e38", "3.4028235677973366e38", "3.40282356779733661637539395458142568448e38",
		"1.401298464324817e-45", "7.006492321624085e-46", "7.0064923216240854e-46",
		"1.1754942e-38", "1.17549435e-38", "1e39", "1e-50",
	};

	(void)state;
	for (size_t i = 0; i < sizeof table / sizeof *table; i++)
		same(table[i]);
}

/* 900 digits: the 801st and later still decide the rounding. */
static void test_long_strings(void **state)
{
	static char s[1200];

	(void)state;
	memset(s, '9', 900);
	s[900] = '\0';
	same(s);
	s[0] = '1';
	memset(s + 1, '0', 899);
	same(s);
	s[850] = '1';		/* past the 800 kept */
	same(s);
	strcpy(s, "0.");
	memset(s + 2, '0', 400);
	strcpy(s + 402, "24703282292062327208828439643411068618252990130716238221279");
	same(s);
	/* 1 + 2^-53 written out exactly, then a 1 far beyond: just above the tie */
	strcpy(s, "1.00000000000000011102230246251565404236316680908203125");
	memset(s + strlen(s), '0', 800);
	strcpy(s + 55 + 800, "1");
	same(s);
	s[55 + 800] = '\0';
	same(s);
	strcpy(s + 55 + 800, "e-5");
	same(s);
}

static uint64_t seed = 0x853c49e6748fea9bULL;

static uint64_t next_random(void)
{
	seed ^= seed << 13;
	seed ^= seed >> 7;
	seed ^= seed << 17;
	return seed;
}

/* Each double's midpoint with the next one up, exact in long double and
 * written out in full (glibc prints every digit); then with a digit added
 * or taken off the end: a tie, just above it, just below it. */
static void test_midpoints(void **state)
{
	static char s[1300];

	(void)state;
	for (int i = 0; i < 3000; i++) {
		uint64_t b = next_random() & INT64_MAX;
		double d, up;
		long double mid;
		size_t n;
		char *e;

		if (i % 3 == 0)		/* subnormals and the smallest normals too */
			b &= 0x001fffffffffffffULL;
		memcpy(&d, &b, sizeof d);
		if (!isfinite(d))
			continue;
		up = nextafter(d, INFINITY);
		if (!isfinite(up))
			continue;
		mid = ((long double)d + up) / 2;
		snprintf(s, sizeof s, "%.1100Le", mid);
		same(s);
		/* the digits before the exponent: trim the zeros, then nudge */
		e = strchr(s, 'e');
		n = (size_t)(e - s);
		while (s[n - 1] == '0')
			n--;
		memmove(s + n + 1, e, strlen(e) + 1);
		s[n] = '1';		/* a hair above */
		same(s);
		memmove(s + n, s + n + 1, strlen(s + n + 1) + 1);
		if (s[n - 1] > '1' && s[n - 1] <= '9') {	/* a hair below */
			s[n - 1]--;
			memmove(s + n + 1, s + n, strlen(s + n) + 1);
			s[n] = '9';
			same(s);
		}
	}
	/* The midpoints of doubles of everyday size written with 16 to 19
	 * digits: near a tie, within the reach of the short way (19 digits,
	 * 10^27), where its check must send the closest ones the long way. */
	for (int i = 0; i < 20000; i++) {
		double d = ldexp(1.0 + (double)(next_random() >> 12) * 0x1p-52,
				 (int)(next_random() % 110) - 30);
		long double mid = ((long double)d + nextafter(d, INFINITY)) / 2;

		snprintf(s, sizeof s, "%.*Le", 15 + i % 4, mid);
		same(s);
	}
	/* float midpoints, exact in double */
	for (int i = 0; i < 3000; i++) {
		uint32_t b = (uint32_t)next_random() & 0x7fffffff;
		float f, up;

		if (i % 3 == 0)
			b &= 0x00ffffff;
		memcpy(&f, &b, sizeof f);
		if (!isfinite(f))
			continue;
		up = nextafterf(f, INFINITY);
		if (!isfinite(up))
			continue;
		snprintf(s, sizeof s, "%.200e", ((double)f + up) / 2);
		same(s);
	}
}

/* Random doubles written with 1 to 40 significant digits, in %e and %f;
 * random digit strings with random exponents. */
static void test_random(void **state)
{
	char s[400];

	(void)state;
	for (int i = 0; i < 20000; i++) {
		uint64_t b = next_random();
		double d;

		memcpy(&d, &b, sizeof d);
		if (!isfinite(d))
			continue;
		snprintf(s, sizeof s, "%.*e", (int)(i % 40), d);
		same(s);
		if (fabs(d) < 1e30 && fabs(d) > 1e-30) {
			snprintf(s, sizeof s, "%.*f", (int)(i % 50), d);
			same(s);
		}
		snprintf(s, sizeof s, "%a", d);
		same(s);
	}
	for (int i = 0; i < 20000; i++) {
		int n = 1 + (int)(next_random() % 30), len = 0;

		for (int k = 0; k < n; k++)
			s[len++] = (char)('0' + next_random() % 10);
		len += snprintf(s + len, sizeof s - (size_t)len, "e%d",
				(int)(next_random() % 700) - 350);
		same(s);
	}
}

/* atof is strtod without the end. */
static void test_atof(void **state)
{
	(void)state;
	assert_true(u_atof("  -1.5e3xyz") == -1500.0);
	assert_true(u_atof("0x10") == 16.0);
	assert_true(u_atof("junk") == 0.0);
	assert_true(u_atof("1e-3") == strtod("1e-3", NULL));
}

static void test_counted(void **state)
{
	(void)state;
	assert_true(checked > 60000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_long_strings),
		cmocka_unit_test(test_midpoints),
		cmocka_unit_test(test_random),
		cmocka_unit_test(test_atof),
		cmocka_unit_test(test_counted),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
