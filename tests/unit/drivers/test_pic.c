/* test_pic.c: the 8259A pair (drivers/pic8259.c): the initialisation
 * sequence, byte by byte and port by port as the chip requires it (ICW1 to
 * each command port, then ICW2, ICW3, ICW4 to each data port, in that
 * order), the masks, the end of interrupt, and the spurious IRQ test. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>
#include "pic8259.h"

#include "portrec.h"

static void expect_writes(const uint16_t *p, const uint8_t *v, int n)
{
	assert_int_equal(nwrites, n);
	for (int i = 0; i < n; i++) {
		assert_int_equal(ports[i], p[i]);
		assert_int_equal(values[i], v[i]);
	}
	nwrites = 0;
}

/* ICW1 (edge, cascade, ICW4 needed) to both, ICW2 the vectors 32 and 40,
 * ICW3 the slave on IRQ 2 and its identity, ICW4 8086 mode; then every
 * line masked but the cascade. */
static void test_pic_init(void **state)
{
	static const uint16_t p[] = { 0x20, 0xA0, 0x21, 0xA1, 0x21, 0xA1, 0x21, 0xA1, 0x21, 0xA1 };
	static const uint8_t v[] = { 0x11, 0x11, IRQ_BASE, IRQ_BASE + 8, 0x04, 0x02, 0x01, 0x01, 0xFB, 0xFF };
	(void)state;
	nwrites = 0;
	picinit();
	expect_writes(p, v, 10);
}

/* Enabling a line clears its bit, in the right chip's mask, and keeps the others. */
static void test_pic_enable(void **state)
{
	static const uint16_t p[] = { 0x21, 0xA1 };
	static const uint8_t timer[] = { 0xFA, 0xFF }, serial[] = { 0xEA, 0xFF }, slave[] = { 0xEA, 0xEF };
	(void)state;
	picinit();
	nwrites = 0;
	picenable(IRQ_TIMER);
	expect_writes(p, timer, 2);
	picenable(4);
	expect_writes(p, serial, 2);
	picenable(12);
	expect_writes(p, slave, 2);
}

/* An IRQ of the slave needs an EOI to both chips, the slave's first. */
static void test_pic_eoi(void **state)
{
	static const uint16_t master[] = { 0x20 }, both[] = { 0xA0, 0x20 };
	static const uint8_t eoi[] = { 0x20, 0x20 };
	(void)state;
	nwrites = 0;
	piceoi(0);
	expect_writes(master, eoi, 1);
	piceoi(12);
	expect_writes(both, eoi, 2);
}

/* IRQ 7 or 15 without its in-service bit is spurious: no EOI for it (but
 * the master's for a slave's, which the master did see); with the bit, or
 * any other IRQ, it is real. */
static void test_pic_spurious(void **state)
{
	static const uint16_t read_master[] = { 0x20 }, read_slave_eoi[] = { 0xA0, 0x20 }, read_slave[] = { 0xA0 };
	static const uint8_t ocw3[] = { 0x0B }, ocw3_eoi[] = { 0x0B, 0x20 };
	(void)state;
	nwrites = 0;
	assert_int_equal(picspurious(3), 0);
	expect_writes(NULL, NULL, 0);
	port_read_value = 0x00;
	assert_int_equal(picspurious(7), 1);
	expect_writes(read_master, ocw3, 1);
	assert_int_equal(picspurious(15), 1);
	expect_writes(read_slave_eoi, ocw3_eoi, 2);
	port_read_value = 0x80;
	assert_int_equal(picspurious(7), 0);
	expect_writes(read_master, ocw3, 1);
	assert_int_equal(picspurious(15), 0);
	expect_writes(read_slave, ocw3, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pic_init),
		cmocka_unit_test(test_pic_enable),
		cmocka_unit_test(test_pic_eoi),
		cmocka_unit_test(test_pic_spurious),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
