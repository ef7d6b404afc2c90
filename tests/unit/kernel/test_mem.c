/* test_mem.c: the kernel's allocator on the host: alignment, zeroing, and
 * that freeing everything gives back exactly the memory there was. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>
#include "mem.h"

void panic(const char *fmt, ...);
void panic(const char *fmt, ...)
{
	(void)fmt;
	fail_msg("panic");
}

static uint8_t arena[1 << 20] __attribute__((aligned(4096)));

static int setup(void **state)
{
	static int done;
	(void)state;
	if (!done)
		meminit_region((uintptr_t)arena + 100, (uintptr_t)arena + sizeof(arena) - 50);
	done = 1;
	return 0;
}

/* Allocations are zeroed, aligned as asked, and disjoint. */
static void test_kalloc_aligned_zeroed(void **state)
{
	(void)state;
	uint8_t *a = kalloc(100), *b = kalloc_aligned(5000, 4096), *c = kalloc(1);
	assert_non_null(a);
	assert_non_null(b);
	assert_non_null(c);
	assert_int_equal((uintptr_t)a % 16, 0);
	assert_int_equal((uintptr_t)b % 4096, 0);
	for (int i = 0; i < 5000; i++)
		assert_int_equal(b[i], 0);
	memset(a, 0xAA, 100);
	memset(b, 0xBB, 5000);
	memset(c, 0xCC, 1);
	assert_int_equal(a[99], 0xAA);
	assert_int_equal(c[0], 0xCC);
	kfree(b);
	kfree(a);
	kfree(c);
}

/* Any order of frees returns the free count to where it was, in one block. */
static void test_kfree_coalesces(void **state)
{
	(void)state;
	uint32_t before = mem_free_bytes(), largest = mem_largest_free();
	void *p[64];
	unsigned seed = 12345;
	for (int i = 0; i < 64; i++) {
		seed = seed * 1103515245u + 12345u;
		p[i] = (seed & 1) ? kalloc(1 + seed % 3000) : kalloc_aligned(1 + seed % 9000, 4096);
		assert_non_null(p[i]);
	}
	assert_true(mem_free_bytes() < before);
	for (int i = 0; i < 64; i += 2)
		kfree(p[i]);
	for (int i = 63; i > 0; i -= 2)
		kfree(p[i]);
	assert_int_equal(mem_free_bytes(), before);
	assert_int_equal(mem_largest_free(), largest);
}

/* Too large, zero and bad alignments get NULL and change nothing. */
static void test_kalloc_refuses(void **state)
{
	(void)state;
	uint32_t before = mem_free_bytes();
	assert_null(kalloc(sizeof(arena)));
	assert_null(kalloc(0));
	assert_null(kalloc_aligned(16, 24));
	assert_int_equal(mem_free_bytes(), before);
}

/* Pages cost exactly a page each: 64 of them, between small kallocs, take
 * 64 * 4096 bytes of the free count, are aligned, zeroed and disjoint, and
 * freeing everything (in any order) gives back the one block there was;
 * once no page is left, kalloc_page says NULL. */
static void test_kalloc_page(void **state)
{
	(void)state;
	uint32_t before = mem_free_bytes(), largest = mem_largest_free();
	uint8_t *pg[64], *small[64];
	int n = 0;

	for (int i = 0; i < 64; i++) {
		uint32_t f = mem_free_bytes();
		pg[i] = kalloc_page();
		assert_non_null(pg[i]);
		assert_int_equal((uintptr_t)pg[i] % 4096, 0);
		assert_int_equal(mem_free_bytes(), f - 4096);
		for (int k = 0; k < 4096; k++)
			assert_int_equal(pg[i][k], 0);
		memset(pg[i], 0x5A, 4096);
		small[i] = kalloc(1 + (uint32_t)i * 37);
		assert_non_null(small[i]);
	}
	for (int i = 0; i < 64; i++)
		for (int j = 0; j < i; j++)
			assert_true(pg[i] + 4096 <= pg[j] || pg[j] + 4096 <= pg[i]);
	for (int i = 0; i < 64; i += 2)
		kfree_page(pg[i]);
	for (int i = 0; i < 64; i++)
		kfree(small[i]);
	for (int i = 63; i > 0; i -= 2)
		kfree_page(pg[i]);
	assert_int_equal(mem_free_bytes(), before);
	assert_int_equal(mem_largest_free(), largest);

	/* all the pages there are, then none */
	static uint8_t *all[300];
	while (n < 300 && (all[n] = kalloc_page()))
		n++;
	assert_true(n > 200 && n < 300);
	assert_null(kalloc_page());
	while (n--)
		kfree_page(all[n]);
	assert_int_equal(mem_free_bytes(), before);
	assert_int_equal(mem_largest_free(), largest);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kalloc_aligned_zeroed),
		cmocka_unit_test(test_kfree_coalesces),
		cmocka_unit_test(test_kalloc_refuses),
		cmocka_unit_test(test_kalloc_page),
	};
	return cmocka_run_group_tests(tests, setup, NULL);
}
