/* test_pit.c: the PIT driver (drivers/pit8253.c): divisors, the jitter's
 * span, and the ports it programs. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>
#include "pit8253.h"

#include "portrec.h"

/* The divisor is the nearest integer to 1193182 / hz, and fits 16 bits from 19 Hz. */
static void test_pit_divisor(void **state)
{
	(void)state;
	for (uint32_t hz = PIT_MIN_HZ; hz <= PIT_MAX_HZ; hz++) {
		uint32_t d = PIT_DIVISOR(hz);
		double exact = 1193182.0 / hz;
		assert_true(d <= 0xFFFF);
		assert_true(d - exact <= 0.5 && exact - d <= 0.5);
	}
	assert_true(PIT_DIVISOR(PIT_MIN_HZ - 1) > 0xFFFF);
}

/* The jitter spans the largest power of 2 not above the divisor: a period
 * from about 0.5 to 1.5 times the nominal one, never 0 or past 16 bits
 * (narrower near 19 Hz for that). */
static void test_pit_jitter_span(void **state)
{
	(void)state;
	for (uint32_t hz = PIT_MIN_HZ; hz <= PIT_MAX_HZ; hz++) {
		uint32_t d = PIT_DIVISOR(hz), span = pit_jitter_span(d);
		assert_int_equal(span & (span - 1), 0);
		assert_true(span <= d);
		assert_true(span * 2 > d || d > 0xFFFF / 3 * 2);
		assert_true(d - span / 2 >= 1);			/* the shortest period */
		assert_true(d - span / 2 + (span - 1) <= 0xFFFF);	/* the longest */
	}
	assert_int_equal(pit_jitter_span(1193), 1024);
	assert_int_equal(pit_jitter_span(PIT_DIVISOR(19)), 4096);
}

/* pitinit: mode 2 on channel 0, then the divisor low byte first. */
static void test_pit_programming(void **state)
{
	(void)state;
	nwrites = 0;
	pitinit(1000);
	assert_int_equal(nwrites, 3);
	assert_int_equal(ports[0], 0x43);
	assert_int_equal(values[0], 0x34);
	assert_int_equal(ports[1], 0x40);
	assert_int_equal(values[1], PIT_DIVISOR(1000) & 0xFF);
	assert_int_equal(ports[2], 0x40);
	assert_int_equal(values[2], PIT_DIVISOR(1000) >> 8);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pit_divisor),
		cmocka_unit_test(test_pit_jitter_span),
		cmocka_unit_test(test_pit_programming),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
