/* test_time.c: clock, time and difftime (time.c), over a clock_ticks of
 * this test's own that returns the ticks and rate it is set to. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <time.h>

static uint64_t fake_ticks;
static uint32_t fake_hz;
static int fake_result;

int u_clock_ticks(uint64_t *ticks, uint32_t *hz);
int u_clock_ticks(uint64_t *ticks, uint32_t *hz)
{
	*ticks = fake_ticks;
	*hz = fake_hz;
	return fake_result;
}

#define LIBC(name) u_##name
#include "../../user/lib/time.c"

static void set_clock(uint64_t ticks, uint32_t hz)
{
	fake_ticks = ticks;
	fake_hz = hz;
	fake_result = 0;
}

/* clock: ticks in CLOCKS_PER_SEC units at any rate. */
static void test_clock_units(void **state)
{
	(void)state;
	assert_int_equal(CLOCKS_PER_SEC, 1000000);
	set_clock(0, 1000);
	assert_int_equal(u_clock(), 0);
	set_clock(1234, 1000);
	assert_int_equal(u_clock(), 1234000);
	set_clock(3, 250);
	assert_int_equal(u_clock(), 12000);
	set_clock(20000, 20000);
	assert_int_equal(u_clock(), 1000000);
	set_clock(1, 19);		/* the slowest rate: 52631.57 us a tick */
	assert_int_equal(u_clock(), 52631);
}

/* Past 2^31 microseconds (36 minutes), clock wraps modulo 2^32, and the
 * difference of two readings in unsigned arithmetic stays right. */
static void test_clock_wraps(void **state)
{
	uint32_t before, after;

	(void)state;
	set_clock(4294967ULL, 1000);		/* 4294.967 s: just under 2^32 us */
	before = (uint32_t)u_clock();
	set_clock(4294967ULL + 5000, 1000);	/* 5 s later, past the wrap */
	after = (uint32_t)u_clock();
	assert_int_equal(after - before, 5000000u);
}

/* time: whole seconds since boot, also through its pointer. */
static void test_time_seconds(void **state)
{
	time_t t = 0;

	(void)state;
	set_clock(123999, 1000);
	assert_int_equal(u_time(NULL), 123);
	assert_int_equal(u_time(&t), 123);
	assert_int_equal(t, 123);
	set_clock(7 * 19 + 18, 19);
	assert_int_equal(u_time(NULL), 7);
}

/* A failing clock_ticks, or a rate of 0: -1 from both, as C says. */
static void test_no_clock(void **state)
{
	time_t t = 0;

	(void)state;
	set_clock(5, 0);
	assert_int_equal(u_clock(), -1);
	assert_int_equal(u_time(&t), -1);
	assert_int_equal(t, -1);
	set_clock(5, 1000);
	fake_result = -38;
	assert_int_equal(u_clock(), -1);
	assert_int_equal(u_time(NULL), -1);
}

static void test_difftime(void **state)
{
	(void)state;
	assert_true(u_difftime(10, 3) == 7.0);
	assert_true(u_difftime(3, 10) == -7.0);
	assert_true(u_difftime(0x7fffffff, -0x7fffffff - 1) == 4294967295.0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_clock_units),
		cmocka_unit_test(test_clock_wraps),
		cmocka_unit_test(test_time_seconds),
		cmocka_unit_test(test_no_clock),
		cmocka_unit_test(test_difftime),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
