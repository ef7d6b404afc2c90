/* test_desc.c: the descriptor encodings of kernel/desc.c, decoded back. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>
#include "desc.h"

/* A descriptor's base and size, decoded back (the kernel itself never
 * needs to). */
static uint32_t desc_base(uint64_t d)
{
	return (uint32_t)((d >> 16) & 0xFFFFFF) | (uint32_t)((d >> 56) & 0xFF) << 24;
}

static uint32_t desc_size(uint64_t d)
{
	uint32_t limit = (uint32_t)(d & 0xFFFF) | (uint32_t)((d >> 48) & 0xF) << 16;
	if (d & ((uint64_t)1 << 55))
		limit = (limit << 12) | 0xFFF;
	return limit + 1;
}

/* A ring-3 data segment: base, size, type and DPL round-trip through the encoding. */
static void test_desc_data_segment(void **state)
{
	(void)state;
	uint64_t d = seg_desc(0x80000000u, 0x12345, STA_W, 3);
	assert_int_equal(desc_base(d), 0x80000000u);
	assert_int_equal(desc_size(d), 0x12345);
	assert_int_equal((d >> 40) & 0x1F, STA_W);	/* type with S */
	assert_int_equal((d >> 45) & 3, 3);		/* DPL */
	assert_true(d & (1ull << 47));			/* present */
	assert_false(d & (1ull << 55));			/* byte granular */
	assert_true(d & (1ull << 54));			/* 32-bit */
}

/* Over 1 MiB the limit counts pages; a size that is not whole pages is refused. */
static void test_desc_page_granular(void **state)
{
	(void)state;
	uint64_t d = seg_desc(0x40000000u, 0x300000, STA_X | STA_R, 3);
	assert_true(d & (1ull << 55));
	assert_int_equal(desc_size(d), 0x300000);
	assert_int_equal(seg_desc(0, 0x300001, STA_W, 3), 0);
	assert_int_equal(seg_desc(0, 0, STA_W, 3), 0);
	assert_int_equal(desc_size(seg_desc(0, 0x100000, STA_W, 0)), 0x100000);
}

/* The flat kernel segments span 4 GiB from 0. */
static void test_desc_flat(void **state)
{
	(void)state;
	uint64_t d = seg_desc_flat(STA_X | STA_R, 0);
	assert_int_equal(d, 0x00CF9A000000FFFFull);
	assert_int_equal(seg_desc_flat(STA_W, 0), 0x00CF92000000FFFFull);
}

/* A DPL-3 trap gate to a handler in the kernel's code segment. */
static void test_desc_gate(void **state)
{
	(void)state;
	uint64_t g = gate_desc(0x00123456u, 0x0F, 3);
	assert_int_equal(g & 0xFFFF, 0x3456);
	assert_int_equal((g >> 48) & 0xFFFF, 0x0012);
	assert_int_equal((g >> 16) & 0xFFFF, SEL_KCODE);
	assert_int_equal((g >> 40) & 0xFF, 0x80 | (3 << 5) | 0x0F);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_desc_data_segment),
		cmocka_unit_test(test_desc_page_granular),
		cmocka_unit_test(test_desc_flat),
		cmocka_unit_test(test_desc_gate),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
