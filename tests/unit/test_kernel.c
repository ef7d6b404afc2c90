/* test_kernel.c: the kernel's pure parts on the host: descriptors, the PIT
 * divisor and its programming, user pointer checks, boot arguments,
 * module names. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>
#include "../../kernel/desc.h"
#include "../../kernel/uaccess.h"
#include "../../kernel/bootargs.h"
#include "../../kernel/module.h"
#include "../../drivers/pit8253.h"
#include "sys/errno.h"

/* Port writes of the driver under test, recorded. */
static uint16_t ports[16];
static uint8_t values[16];
static int nwrites;
void __wrap_outb(uint16_t port, uint8_t value);
void __wrap_outb(uint16_t port, uint8_t value)
{
	if (nwrites < 16) {
		ports[nwrites] = port;
		values[nwrites] = value;
	}
	nwrites++;
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

/* Ranges at and around the limit, and ones whose end wraps around 4 GiB. */
static void test_uaccess_range(void **state)
{
	(void)state;
	assert_true(urange_ok(0, 100, 100));
	assert_true(urange_ok(100, 0, 100));
	assert_true(urange_ok(99, 1, 100));
	assert_false(urange_ok(99, 2, 100));
	assert_false(urange_ok(101, 0, 100));
	assert_false(urange_ok(16, 0xFFFFFFF8u, 100));
	assert_false(urange_ok(0xFFFFFFF0u, 0x20, 100));
	assert_false(urange_ok(0xFFFFFFFFu, 1, 0xFFFFFFFFu));
}

/* A string is copied whole, or refused when it runs off the segment or is too long. */
static void test_uaccess_string(void **state)
{
	(void)state;
	const uint8_t seg[] = "hello\0worldXYZ";
	char dst[8];
	assert_int_equal(ustrcpy(dst, sizeof(dst), seg, sizeof(seg), 0), 5);
	assert_string_equal(dst, "hello");
	assert_int_equal(ustrcpy(dst, 4, seg, sizeof(seg), 0), -ENAMETOOLONG);
	assert_int_equal(ustrcpy(dst, sizeof(dst), seg, 14, 6), -EFAULT);	/* no NUL inside */
	assert_int_equal(ustrcpy(dst, sizeof(dst), seg, sizeof(seg), sizeof(seg)), -EFAULT);
	assert_int_equal(ustrcpy(dst, sizeof(dst), seg, sizeof(seg), 0xFFFFFFFFu), -EFAULT);
	assert_int_equal(ustrcpy(dst, sizeof(dst), seg, sizeof(seg), 5), 0);
}

/* Module lists: "A B" ends at its NUL, "A\0B\0\0" at the empty name;
 * both come out ending in two NULs; running off the segment is EFAULT. */
static void test_uaccess_list(void **state)
{
	(void)state;
	const uint8_t spaced[] = "A B\0junk";
	const uint8_t nuls[] = "A\0B\0\0junk";
	char dst[16];
	assert_int_equal(ustrlist(dst, sizeof(dst), spaced, sizeof(spaced), 0), 3);
	assert_memory_equal(dst, "A B\0\0", 5);
	assert_int_equal(ustrlist(dst, sizeof(dst), nuls, sizeof(nuls), 0), 4);
	assert_memory_equal(dst, "A\0B\0\0", 5);
	assert_int_equal(ustrlist(dst, sizeof(dst), nuls, 3, 0), -EFAULT);
	assert_int_equal(ustrlist(dst, 3, spaced, sizeof(spaced), 0), -ENAMETOOLONG);
	assert_int_equal(ustrlist(dst, sizeof(dst), nuls, sizeof(nuls), 0xFFFFFFFEu), -EFAULT);
}

/* hz= is read and bounded; other words are ignored. */
static void test_bootargs(void **state)
{
	(void)state;
	struct bootargs a;
	assert_int_equal(bootargs_parse("", &a), 0);
	assert_int_equal(a.hz, 1000);
	assert_int_equal(bootargs_parse("/boot/kernel.elf hz=250 other", &a), 0);
	assert_int_equal(a.hz, 250);
	assert_int_equal(bootargs_parse("hz=19", &a), 0);
	assert_int_equal(bootargs_parse("hz=20000", &a), 0);
	assert_int_equal(bootargs_parse("hz=18", &a), -1);
	assert_non_null(a.error);
	assert_int_equal(bootargs_parse("hz=20001", &a), -1);
	assert_int_equal(bootargs_parse("hz=", &a), -1);
	assert_int_equal(bootargs_parse("hz=12x", &a), -1);
	assert_int_equal(bootargs_parse("hz=99999999999999", &a), -1);
	assert_int_equal(bootargs_parse("hz=100", &a), 0);
	assert_int_equal(a.jitter, 1);
	assert_int_equal(bootargs_parse("jitter=0 hz=100", &a), 0);
	assert_int_equal(a.jitter, 0);
	assert_int_equal(a.selftest_tick, 0);
	assert_int_equal(bootargs_parse("hz=100 selftest=tick", &a), 0);
	assert_int_equal(a.selftest_tick, 1);
	assert_int_equal(bootargs_parse("selftest=ticks", &a), 0);
	assert_int_equal(a.selftest_tick, 0);
}

/* GRUB's "hello" and QEMU's "build/run/hello.elf args" both name "hello". */
static void test_module_basename(void **state)
{
	(void)state;
	char name[MODULE_NAME_MAX];
	module_basename("hello", name);
	assert_string_equal(name, "hello");
	module_basename("build/run/hello.elf", name);
	assert_string_equal(name, "hello");
	module_basename(" /a/b/autoexec.cmd extra", name);
	assert_string_equal(name, "autoexec.cmd");
	module_basename("", name);
	assert_string_equal(name, "");
	module_basename("a/verylongname_verylongname_verylongname.elf", name);
	assert_int_equal(strlen(name), MODULE_NAME_MAX - 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_desc_data_segment),
		cmocka_unit_test(test_desc_page_granular),
		cmocka_unit_test(test_desc_flat),
		cmocka_unit_test(test_desc_gate),
		cmocka_unit_test(test_pit_divisor),
		cmocka_unit_test(test_pit_programming),
		cmocka_unit_test(test_pit_jitter_span),
		cmocka_unit_test(test_uaccess_range),
		cmocka_unit_test(test_uaccess_string),
		cmocka_unit_test(test_uaccess_list),
		cmocka_unit_test(test_bootargs),
		cmocka_unit_test(test_module_basename),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
