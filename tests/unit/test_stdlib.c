/* test_stdlib.c: <stdlib.h>'s integers from text (strtol and its family,
 * atol, atoll, and <inttypes.h>'s strtoimax), abs and div, rand, exit and
 * atexit, abort, assert, getenv and <ctype.h>, each against the host's libc
 * where C defines the result. The sources are #included with their names
 * prefixed (u_strtol); _exit and write are wrapped (-Wl,--wrap), so that
 * exit and abort come back to the test and their output is seen. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LIBC(name) u_##name
#include "../../user/lib/errstr.c"
#include "../../user/lib/printf.c"
#include "../../user/lib/stdlib.c"
#include "../../user/lib/rand.c"
#include "../../user/lib/ctype.c"
#include "../../user/lib/assert.c"

/* ---- _exit and write, caught ---- */

static jmp_buf exited;
static int exit_status, exit_calls;
static char written[512];
static size_t written_len;

void __wrap__exit(int status);
void __wrap__exit(int status)
{
	exit_status = status;
	exit_calls++;
	longjmp(exited, 1);
}

ssize_t __wrap_write(int fd, const void *buf, size_t len);
ssize_t __wrap_write(int fd, const void *buf, size_t len)
{
	assert_int_equal(fd, 2);
	assert_true(written_len + len < sizeof written);
	memcpy(written + written_len, buf, len);
	written_len += len;
	written[written_len] = '\0';
	return (ssize_t)len;
}

/* ---- strtol and its family ---- */

static const char *const numbers[] = {
	"0", "123", "  42xyz", "-1", "+5", "0x1F", "0X1f", "1f", "FF", "0x", "0xg", "017", "08",
	"0x10", "z", "Zz", "101", "102", "", "   ", "-", "+x", " -0x10", "\t\n-0", "--1", "+-1",
	"2147483647", "2147483648", "-2147483648", "-2147483649", "4294967295", "4294967296",
	"9223372036854775807", "9223372036854775808", "-9223372036854775808",
	"-9223372036854775809", "18446744073709551615", "18446744073709551616",
	"-18446744073709551615", "-18446744073709551616", "99999999999999999999999999",
	"ffffffffffffffff", "1ffffffffffffffff", "7fffffffffffffff", "8000000000000000",
	"-8000000000000000", "zzzzzzzzzzzzz", "1z", "0x7FFFFFFFFFFFFFFFF", "000000000000000000001",
};
static const int bases[] = { 0, 2, 8, 10, 16, 36 };

#define EACH_CASE(...)								\
	for (size_t i = 0; i < sizeof numbers / sizeof *numbers; i++)		\
		for (size_t b = 0; b < sizeof bases / sizeof *bases; b++) {	\
			const char *s = numbers[i];				\
			int base = bases[b];					\
			char *got_end, *want_end;				\
			int got_errno, want_errno;				\
			__VA_ARGS__						\
		}

/* Runs a conversion with errno cleared first; keeps what errno became. */
#define CALL(result, errno_out, call)	\
	do {				\
		errno = 0;		\
		result = call;		\
		errno_out = errno;	\
	} while (0)

/* Each function's value, end and errno are the host's, for every string and base. */
static void test_strtol_family(void **state)
{
	(void)state;
	EACH_CASE({
		long g, w;

		CALL(g, got_errno, u_strtol(s, &got_end, base));
		CALL(w, want_errno, strtol(s, &want_end, base));
		if (g != w || got_end != want_end || got_errno != want_errno)
			fail_msg("strtol(\"%s\", %d): got %ld +%td e%d, host %ld +%td e%d", s, base,
				 g, got_end - s, got_errno, w, want_end - s, want_errno);
	})
	EACH_CASE({
		unsigned long g, w;

		CALL(g, got_errno, u_strtoul(s, &got_end, base));
		CALL(w, want_errno, strtoul(s, &want_end, base));
		if (g != w || got_end != want_end || got_errno != want_errno)
			fail_msg("strtoul(\"%s\", %d): got %lu +%td e%d, host %lu +%td e%d", s, base,
				 g, got_end - s, got_errno, w, want_end - s, want_errno);
	})
	EACH_CASE({
		long long g, w;

		CALL(g, got_errno, u_strtoll(s, &got_end, base));
		CALL(w, want_errno, strtoll(s, &want_end, base));
		if (g != w || got_end != want_end || got_errno != want_errno)
			fail_msg("strtoll(\"%s\", %d): got %lld +%td e%d, host %lld +%td e%d", s, base,
				 g, got_end - s, got_errno, w, want_end - s, want_errno);
	})
	EACH_CASE({
		unsigned long long g, w;

		CALL(g, got_errno, u_strtoull(s, &got_end, base));
		CALL(w, want_errno, strtoull(s, &want_end, base));
		if (g != w || got_end != want_end || got_errno != want_errno)
			fail_msg("strtoull(\"%s\", %d): got %llu +%td e%d, host %llu +%td e%d", s,
				 base, g, got_end - s, got_errno, w, want_end - s, want_errno);
	})
	EACH_CASE({
		intmax_t g, w;

		CALL(g, got_errno, u_strtoimax(s, &got_end, base));
		CALL(w, want_errno, strtoimax(s, &want_end, base));
		assert_true(g == w && got_end == want_end && got_errno == want_errno);
	})
	EACH_CASE({
		uintmax_t g, w;

		CALL(g, got_errno, u_strtoumax(s, &got_end, base));
		CALL(w, want_errno, strtoumax(s, &want_end, base));
		assert_true(g == w && got_end == want_end && got_errno == want_errno);
	})
}

/* A bad base: 0, EINVAL, and *end at the start; a NULL end is allowed. */
static void test_strtol_bad_base(void **state)
{
	static const int bad[] = { -1, 1, 37, 100, INT_MIN };
	const char *s = "123";
	char *end;

	(void)state;
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		end = NULL;
		errno = 0;
		assert_int_equal(u_strtol(s, &end, bad[i]), 0);
		assert_int_equal(errno, EINVAL);
		assert_ptr_equal(end, s);
		errno = 0;
		assert_int_equal(u_strtoull(s, NULL, bad[i]), 0);
		assert_int_equal(errno, EINVAL);
	}
	assert_int_equal(u_strtol("0x7f", NULL, 0), 0x7f);
}

/* atol and atoll are strtol and strtoll in base 10. */
static void test_atol_atoll(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof numbers / sizeof *numbers; i++) {
		assert_true(u_atol(numbers[i]) == atol(numbers[i]));
		assert_true(u_atoll(numbers[i]) == atoll(numbers[i]));
	}
}

/* ---- abs and div ---- */

static void test_abs_and_div(void **state)
{
	static const long long values[] = { 0, 1, -1, 7, -7, 100, -100, INT_MAX, INT_MIN + 1,
		LLONG_MAX, LLONG_MIN + 1 };
	static const int dens[] = { 1, -1, 3, -3, 7, -7, 10 };

	(void)state;
	assert_int_equal(u_labs(LONG_MIN), LONG_MIN);		/* no positive twin */
	assert_true(u_llabs(LLONG_MIN) == LLONG_MIN);
	for (size_t i = 0; i < sizeof values / sizeof *values; i++) {
		long long v = values[i];

		assert_true(u_llabs(v) == llabs(v));
		assert_true(u_imaxabs(v) == imaxabs(v));
		assert_true(u_labs((long)v) == labs((long)v));
		for (size_t d = 0; d < sizeof dens / sizeof *dens; d++) {
			int iv = (int)(v % INT_MAX);
			div_t a = u_div(iv, dens[d]), b = div(iv, dens[d]);
			ldiv_t la = u_ldiv((long)v, dens[d]), lb = ldiv((long)v, dens[d]);
			lldiv_t lla = u_lldiv(v, dens[d]), llb = lldiv(v, dens[d]);
			imaxdiv_t ia = u_imaxdiv(v, dens[d]), ib = imaxdiv(v, dens[d]);

			assert_true(a.quot == b.quot && a.rem == b.rem);
			assert_true(la.quot == lb.quot && la.rem == lb.rem);
			assert_true(lla.quot == llb.quot && lla.rem == llb.rem);
			assert_true(ia.quot == ib.quot && ia.rem == ib.rem);
		}
	}
}

/* ---- rand ---- */

/* The same numbers as glibc's rand for the same seeds, before any srand too. */
static void test_rand_matches_host(void **state)
{
	static const unsigned seeds[] = { 1, 0, 2, 42, 12345, 0x7fffffff, 0x80000000u, 0xffffffffu,
		3141592653u };

	(void)state;
	/* no srand yet: as srand(1) */
	for (int k = 0; k < 100; k++)
		assert_int_equal(u_rand(), rand());
	for (size_t i = 0; i < sizeof seeds / sizeof *seeds; i++) {
		u_srand(seeds[i]);
		srand(seeds[i]);
		for (int k = 0; k < 2000; k++) {
			int g = u_rand(), w = rand();

			if (g != w)
				fail_msg("srand(%u): draw %d: got %d, host %d", seeds[i], k, g, w);
			assert_true(g >= 0 && g <= RAND_MAX);
		}
	}
}

/* ---- exit, atexit, abort, assert ---- */

static char order[40];
static size_t order_len;

static void first(void) { order[order_len++] = '1'; }
static void second(void) { order[order_len++] = '2'; }
static void third_exits(void) { order[order_len++] = '3'; u_exit(9); }

static int reset(void **state)
{
	(void)state;
	exit_status = -1;
	exit_calls = 0;
	written_len = 0;
	written[0] = '\0';
	order_len = 0;
	memset(order, 0, sizeof order);
	exit_count = 0;		/* the libc's own table, emptied between tests */
	return 0;
}

/* exit runs the atexit functions last first, then ends with the status. */
static void test_exit_runs_atexit(void **state)
{
	(void)state;
	assert_int_equal(u_atexit(first), 0);
	assert_int_equal(u_atexit(second), 0);
	if (setjmp(exited) == 0)
		u_exit(3);
	assert_int_equal(exit_calls, 1);
	assert_int_equal(exit_status, 3);
	assert_string_equal(order, "21");
}

/* A function that calls exit again: the rest still run, once each, and
 * the last status given is the one that counts. */
static void test_exit_from_atexit(void **state)
{
	(void)state;
	u_atexit(first);
	u_atexit(third_exits);
	u_atexit(second);
	if (setjmp(exited) == 0)
		u_exit(1);
	assert_int_equal(exit_calls, 1);
	assert_int_equal(exit_status, 9);
	assert_string_equal(order, "231");
}

/* atexit takes 32 functions, and refuses the 33rd with no change. */
static void test_atexit_limit(void **state)
{
	(void)state;
	for (int i = 0; i < 32; i++)
		assert_int_equal(u_atexit(first), 0);
	assert_int_not_equal(u_atexit(second), 0);
	if (setjmp(exited) == 0)
		u_exit(0);
	assert_int_equal(order_len, 32);
	assert_null(strchr(order, '2'));
}

/* _Exit and abort end at once: no atexit function, status 134 for abort. */
static void test_abort_and__Exit(void **state)
{
	(void)state;
	u_atexit(first);
	if (setjmp(exited) == 0)
		u_abort();
	assert_int_equal(exit_status, 134);
	if (setjmp(exited) == 0)
		u__Exit(5);
	assert_int_equal(exit_status, 5);
	assert_int_equal(order_len, 0);
}

/* A failed assertion: glibc's line on fd 2, then abort's status. */
static void test_assert_fail(void **state)
{
	(void)state;
	if (setjmp(exited) == 0)
		u___assert_fail("x == 1", "prog.c", 42, "main");
	assert_string_equal(written, "prog.c:42: main: Assertion `x == 1' failed.\n");
	assert_int_equal(exit_status, 134);
}

/* There is no environment. */
static void test_getenv(void **state)
{
	(void)state;
	assert_null(u_getenv("PATH"));
	assert_null(u_getenv(""));
}

/* ---- ctype ---- */

/* Every class and both case maps agree with the host's C locale for EOF
 * and every unsigned char. */
static void test_ctype_matches_host(void **state)
{
	(void)state;
	for (int c = -1; c < 256; c++) {
		assert_int_equal(!!u_isalnum(c), !!isalnum(c));
		assert_int_equal(!!u_isalpha(c), !!isalpha(c));
		assert_int_equal(!!u_isblank(c), !!isblank(c));
		assert_int_equal(!!u_iscntrl(c), !!iscntrl(c));
		assert_int_equal(!!u_isdigit(c), !!isdigit(c));
		assert_int_equal(!!u_isgraph(c), !!isgraph(c));
		assert_int_equal(!!u_islower(c), !!islower(c));
		assert_int_equal(!!u_isprint(c), !!isprint(c));
		assert_int_equal(!!u_ispunct(c), !!ispunct(c));
		assert_int_equal(!!u_isspace(c), !!isspace(c));
		assert_int_equal(!!u_isupper(c), !!isupper(c));
		assert_int_equal(!!u_isxdigit(c), !!isxdigit(c));
		assert_int_equal(u_tolower(c), tolower(c));
		assert_int_equal(u_toupper(c), toupper(c));
	}
}

#define EXIT_TEST(f) cmocka_unit_test_setup(f, reset)

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_strtol_family),
		cmocka_unit_test(test_strtol_bad_base),
		cmocka_unit_test(test_atol_atoll),
		cmocka_unit_test(test_abs_and_div),
		cmocka_unit_test(test_rand_matches_host),
		EXIT_TEST(test_exit_runs_atexit),
		EXIT_TEST(test_exit_from_atexit),
		EXIT_TEST(test_atexit_limit),
		EXIT_TEST(test_abort_and__Exit),
		EXIT_TEST(test_assert_fail),
		cmocka_unit_test(test_getenv),
		cmocka_unit_test(test_ctype_matches_host),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
