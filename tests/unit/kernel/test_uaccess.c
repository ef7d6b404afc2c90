/* test_uaccess.c: the checks of ring-3 pointers and strings (kernel/uaccess.c). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>
#include "uaccess.h"
#include "sys/errno.h"

/* Ranges at and around the limit, and ones whose end wraps around 4 GiB. */
static void test_uaccess_range(void **state)
{
	(void)state;
	assert_true(urange_ok(0, 100, 0, 100));
	assert_true(urange_ok(100, 0, 0, 100));
	assert_true(urange_ok(99, 1, 0, 100));
	assert_false(urange_ok(99, 2, 0, 100));
	assert_false(urange_ok(101, 0, 0, 100));
	assert_false(urange_ok(16, 0xFFFFFFF8u, 0, 100));
	assert_false(urange_ok(0xFFFFFFF0u, 0x20, 0, 100));
	assert_false(urange_ok(0xFFFFFFFFu, 1, 0, 0xFFFFFFFFu));
	/* below lo (the guard page): outside, but for an empty range */
	assert_false(urange_ok(0, 1, 16, 100));
	assert_false(urange_ok(15, 1, 16, 100));
	assert_true(urange_ok(16, 1, 16, 100));
	assert_true(urange_ok(0, 0, 16, 100));
}

/* A string is copied whole, or refused when it runs off the segment or is too long. */
static void test_uaccess_string(void **state)
{
	(void)state;
	const uint8_t seg[] = "hello\0worldXYZ";
	char dst[8];
	assert_int_equal(ustrcpy(dst, sizeof(dst), seg, 0, sizeof(seg), 0), 5);
	assert_string_equal(dst, "hello");
	assert_int_equal(ustrcpy(dst, 4, seg, 0, sizeof(seg), 0), -ENAMETOOLONG);
	assert_int_equal(ustrcpy(dst, sizeof(dst), seg, 0, 14, 6), -EFAULT);	/* no NUL inside */
	assert_int_equal(ustrcpy(dst, sizeof(dst), seg, 0, sizeof(seg), sizeof(seg)), -EFAULT);
	assert_int_equal(ustrcpy(dst, sizeof(dst), seg, 0, sizeof(seg), 0xFFFFFFFFu), -EFAULT);
	assert_int_equal(ustrcpy(dst, sizeof(dst), seg, 0, sizeof(seg), 5), 0);
	assert_int_equal(ustrcpy(dst, sizeof(dst), seg, 6, sizeof(seg), 0), -EFAULT);	/* below lo */
	assert_int_equal(ustrcpy(dst, sizeof(dst), seg, 6, sizeof(seg), 8), 6);
}

/* Module lists: "A B" ends at its NUL, "A\0B\0\0" at the empty name;
 * both come out ending in two NULs; running off the segment is EFAULT. */
static void test_uaccess_list(void **state)
{
	(void)state;
	const uint8_t spaced[] = "A B\0junk";
	const uint8_t nuls[] = "A\0B\0\0junk";
	char dst[16];
	assert_int_equal(ustrlist(dst, sizeof(dst), spaced, 0, sizeof(spaced), 0), 3);
	assert_memory_equal(dst, "A B\0\0", 5);
	assert_int_equal(ustrlist(dst, sizeof(dst), nuls, 0, sizeof(nuls), 0), 4);
	assert_memory_equal(dst, "A\0B\0\0", 5);
	assert_int_equal(ustrlist(dst, sizeof(dst), nuls, 0, 3, 0), -EFAULT);
	assert_int_equal(ustrlist(dst, 3, spaced, 0, sizeof(spaced), 0), -ENAMETOOLONG);
	assert_int_equal(ustrlist(dst, sizeof(dst), nuls, 0, sizeof(nuls), 0xFFFFFFFEu), -EFAULT);
	assert_int_equal(ustrlist(dst, sizeof(dst), nuls, 1, sizeof(nuls), 0), -EFAULT);	/* below lo */
	assert_int_equal(ustrlist(dst, sizeof(dst), nuls, 1, sizeof(nuls), 2), 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_uaccess_range),
		cmocka_unit_test(test_uaccess_string),
		cmocka_unit_test(test_uaccess_list),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
