/* test_malloc.c: the guest's malloc, calloc, realloc and free (malloc.c,
 * heap.c), and strdup, on a heap area of this test's own (the program's
 * way to size it). After every step a walk of the heap checks each block:
 * sizes, flags, footers, no two free blocks side by side, every free block
 * in its bin and nothing else there. The contents of every live block are
 * checked against a shadow copy. _exit and write are wrapped, so that
 * free's refusal of a bad pointer comes back to the test with its message. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LIBC(name) u_##name
#include "../../lib/string.c"
#include "../../user/lib/errstr.c"
#include "../../user/lib/printf.c"
#include "../../user/lib/stdlib.c"
#include "../../user/lib/malloc.c"
#include "../../user/lib/heap.c"
#include "../../user/lib/strextra.c"

#define AREA	(256 * 1024)

/* The heap area, as LIBC_HEAP_SIZE(AREA) would define it in a program. */
unsigned char u___libc_heap[AREA] __attribute__((aligned(16)));
const unsigned long u___libc_heap_size = AREA;

/* ---- _exit and write, caught ---- */

static jmp_buf exited;
static int exit_status;
static char said[256];

void __wrap__exit(int status);
void __wrap__exit(int status)
{
	exit_status = status;
	longjmp(exited, 1);
}

ssize_t __wrap_write(int fd, const void *buf, size_t len);
ssize_t __wrap_write(int fd, const void *buf, size_t len)
{
	size_t have = strlen(said);

	assert_int_equal(fd, 2);
	assert_true(have + len < sizeof said);
	memcpy(said + have, buf, len);
	said[have + len] = '\0';
	return (ssize_t)len;
}

/* A fresh, empty heap for each test. */
static int fresh_heap(void **state)
{
	(void)state;
	heap_used = 0;
	heap_lo = NULL;
	top = NULL;
	memset(bins, 0, sizeof bins);
	memset(u___libc_heap, 0x5c, sizeof u___libc_heap);
	said[0] = '\0';
	exit_status = -1;
	return 0;
}

static int in_bin(const struct block *b)
{
	for (const struct block *f = bins[bin_of(size_of(b))]; f != NULL; f = f->next)
		if (f == b)
			return 1;
	return 0;
}

/* Walks the heap; returns the bytes in free blocks. */
static size_t heap_check(void)
{
	unsigned char *p = heap_lo;
	size_t prev_used = PREV_USED, free_bytes = 0, nfree = 0, nbinned = 0;

	if (top == NULL)
		return 0;
	assert_true((uintptr_t)heap_lo % ALIGN == ALIGN - WORD);
	while ((struct block *)p != top) {
		struct block *b = (struct block *)p;
		size_t size = size_of(b);

		assert_true(size >= MIN_BLOCK && size % ALIGN == 0);
		assert_true(p + size <= (unsigned char *)top);
		assert_int_equal(b->head & PREV_USED, prev_used);
		if (!(b->head & USED)) {
			assert_true(prev_used);		/* merged with the one below */
			assert_int_equal(*(size_t *)(p + size - WORD), size);
			assert_true(in_bin(b));
			free_bytes += size;
			nfree++;
		}
		prev_used = b->head & USED ? PREV_USED : 0;
		p += size;
	}
	assert_int_equal(top->head & PREV_USED, prev_used);
	assert_int_equal(size_of(top), 0);
	assert_true(top->head & USED);
	assert_true((unsigned char *)top + WORD <= u___libc_heap + heap_used);
	for (unsigned k = 0; k < NBINS; k++)
		for (struct block *f = bins[k]; f != NULL; f = f->next) {
			assert_int_equal(bin_of(size_of(f)), k);
			assert_false(f->head & USED);
			assert_true(f->next == NULL || f->next->prev == f);
			nbinned++;
		}
	assert_int_equal(nbinned, nfree);
	return free_bytes;
}

/* Each size from 0 to 300 gives a 16-byte aligned block of its own, with
 * room for the size asked; all live at once, none overlapping. */
static void test_alignment_and_room(void **state)
{
	static unsigned char *blocks[301];

	(void)state;
	for (size_t n = 0; n <= 300; n++) {
		blocks[n] = u_malloc(n);
		assert_non_null(blocks[n]);
		assert_int_equal((uintptr_t)blocks[n] % 16, 0);
		memset(blocks[n], (int)(n & 0xff), n);
		heap_check();
	}
	for (size_t n = 0; n <= 300; n++) {
		for (size_t i = 0; i < n; i++)
			assert_int_equal(blocks[n][i], n & 0xff);
		u_free(blocks[n]);
		heap_check();
	}
}

/* Freeing in any order merges neighbours: at the end the heap is one free
 * block, and a request for all of it succeeds without growing the heap. */
static void test_free_merges(void **state)
{
	void *p[6];
	size_t used, whole;

	(void)state;
	for (int i = 0; i < 6; i++)
		p[i] = u_malloc(1000);
	used = heap_used;
	u_free(p[1]);
	u_free(p[3]);
	heap_check();
	u_free(p[2]);		/* merges with both sides */
	heap_check();
	u_free(p[0]);
	u_free(p[5]);
	u_free(p[4]);
	whole = heap_check();
	assert_int_equal((unsigned char *)top - heap_lo, whole);
	assert_non_null(u_malloc(whole - WORD));
	assert_int_equal(heap_used, used);
	heap_check();
}

/* The heap grows as requests come, by what they need in 4 KiB steps. */
static void test_grows_on_request(void **state)
{
	(void)state;
	assert_int_equal(heap_used, 0);
	assert_non_null(u_malloc(100));
	assert_true(heap_used > 0 && heap_used <= 4096 + ALIGN);
	assert_non_null(u_malloc(100000));
	assert_true(heap_used >= 100000 && heap_used <= 100000 + 2 * 4096 + ALIGN);
	heap_check();
}

/* A request beyond the area: NULL and ENOMEM, the heap as it was and still
 * usable; the area can then be used to its last 4 KiB step and beyond. */
static void test_out_of_memory(void **state)
{
	void *p;
	size_t before;

	(void)state;
	p = u_malloc(64);
	before = heap_used;
	errno = 0;
	assert_null(u_malloc(AREA));
	assert_int_equal(errno, ENOMEM);
	errno = 0;
	assert_null(u_malloc((size_t)-1));
	assert_int_equal(errno, ENOMEM);
	errno = 0;
	assert_null(u_malloc((size_t)-1 / 2 + 1));
	assert_int_equal(errno, ENOMEM);
	assert_int_equal(heap_used, before);
	heap_check();
	assert_non_null(u_malloc(AREA - 8192));	/* almost all of it */
	heap_check();
	u_free(p);
	heap_check();
}

/* calloc zeroes what it returns, also reused memory, and refuses a product
 * that overflows. */
static void test_calloc_zeroes(void **state)
{
	unsigned char *p, *q;

	(void)state;
	p = u_malloc(500);
	memset(p, 0xff, 500);
	u_free(p);
	q = u_calloc(50, 10);
	assert_non_null(q);
	for (int i = 0; i < 500; i++)
		assert_int_equal(q[i], 0);
	errno = 0;
	assert_null(u_calloc((size_t)-1 / 2, 3));
	assert_int_equal(errno, ENOMEM);
	assert_null(u_calloc((size_t)1 << (sizeof(size_t) * 4), (size_t)1 << (sizeof(size_t) * 4)));
	assert_non_null(u_calloc(0, 10));
	heap_check();
}

/* realloc: NULL is malloc; shrinking and growing into a free neighbour or
 * the heap's end stay in place; otherwise the bytes move; size 0 frees. */
static void test_realloc_cases(void **state)
{
	unsigned char *a, *b, *c, *d;

	(void)state;
	a = u_realloc(NULL, 100);
	assert_non_null(a);
	memset(a, 'a', 100);
	b = u_malloc(100);
	c = u_malloc(100);
	/* shrink: in place */
	assert_ptr_equal(u_realloc(a, 20), a);
	heap_check();
	/* grow into the free room left after it: in place */
	assert_ptr_equal(u_realloc(a, 90), a);
	for (int i = 0; i < 20; i++)
		assert_int_equal(a[i], 'a');
	heap_check();
	/* grow into a freed neighbour: in place */
	u_free(b);
	assert_ptr_equal(u_realloc(a, 200), a);
	heap_check();
	/* the last block grows with the heap: in place */
	assert_ptr_equal(u_realloc(c, 50000), c);
	heap_check();
	/* boxed in: moves, keeping the bytes */
	d = u_malloc(16);
	memset(a, 'z', 200);
	b = u_realloc(a, 3000);
	assert_non_null(b);
	assert_ptr_not_equal(b, a);
	for (int i = 0; i < 200; i++)
		assert_int_equal(b[i], 'z');
	heap_check();
	/* size 0 frees and gives NULL */
	assert_null(u_realloc(d, 0));
	heap_check();
	/* a failure leaves the block as it was */
	errno = 0;
	assert_null(u_realloc(b, AREA));
	assert_int_equal(errno, ENOMEM);
	for (int i = 0; i < 200; i++)
		assert_int_equal(b[i], 'z');
	u_free(b);
	u_free(c);
	heap_check();
}

static uint32_t next_random(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

/* Thousands of random mallocs, callocs, reallocs and frees, every live
 * block's bytes checked against a copy, the heap walked after each step. */
static void test_random_workload(void **state)
{
	enum { SLOTS = 64 };
	static unsigned char *ptr[SLOTS], shadow[SLOTS][2100];
	static size_t len[SLOTS];
	uint32_t seed = 12345;

	(void)state;
	memset(ptr, 0, sizeof ptr);
	for (int step = 0; step < 20000; step++) {
		uint32_t r = next_random(&seed);
		int s = (int)(r % SLOTS), op = (int)(r >> 8) % 4;
		size_t n = (r >> 12) % (r & 0x100 ? 2000 : 64);

		if (op == 0 && ptr[s] == NULL) {
			ptr[s] = u_malloc(n);
		} else if (op == 1 && ptr[s] == NULL) {
			ptr[s] = u_calloc(n, 1);
			for (size_t i = 0; i < n; i++)
				assert_int_equal(ptr[s][i], 0);
		} else if (op == 2 && n > 0) {
			unsigned char *q = u_realloc(ptr[s], n);

			assert_non_null(q);
			for (size_t i = 0; i < len[s] && i < n; i++)
				assert_int_equal(q[i], shadow[s][i]);
			ptr[s] = q;
		} else {
			for (size_t i = 0; ptr[s] && i < len[s]; i++)
				assert_int_equal(ptr[s][i], shadow[s][i]);
			u_free(ptr[s]);
			ptr[s] = NULL;
			n = 0;
		}
		if (ptr[s] != NULL) {
			assert_int_equal((uintptr_t)ptr[s] % 16, 0);
			len[s] = n;
			for (size_t i = 0; i < n; i++)
				shadow[s][i] = ptr[s][i] = (unsigned char)(r >> (i % 24));
		} else {
			len[s] = 0;
		}
		heap_check();
	}
	for (int s = 0; s < SLOTS; s++)
		for (size_t i = 0; ptr[s] && i < len[s]; i++)
			assert_int_equal(ptr[s][i], shadow[s][i]);
}

/* free(NULL) does nothing. A pointer malloc did not give, or a block freed
 * already: a line on stderr naming it, abort's status, the heap untouched. */
static void test_free_refuses_bad_pointers(void **state)
{
	unsigned char *p, *q, stack[32];
	char want[128];
	size_t free_before;

	(void)state;
	u_free(NULL);
	p = u_malloc(40);
	q = u_malloc(40);
	u_free(p);
	free_before = heap_check();
	if (setjmp(exited) == 0)
		u_free(p);
	snprintf(want, sizeof want, "free(%p): double free, or a pointer into a free block\n",
		 (void *)p);
	assert_string_equal(said, want);
	assert_int_equal(exit_status, 134);
	assert_int_equal(heap_check(), free_before);
	said[0] = '\0';
	if (setjmp(exited) == 0)
		u_free(stack + 16);
	assert_non_null(strstr(said, "invalid pointer"));
	said[0] = '\0';
	if (setjmp(exited) == 0)
		u_free(q + 8);
	assert_non_null(strstr(said, "invalid pointer"));
	said[0] = '\0';
	exit_status = -1;
	if (setjmp(exited) == 0)
		u_realloc(q + 1, 10);
	assert_non_null(strstr(said, "realloc("));
	assert_int_equal(exit_status, 134);
	assert_int_equal(heap_check(), free_before);
	u_free(q);
	heap_check();
}

/* strdup copies into a block of its own. */
static void test_strdup(void **state)
{
	const char *s = "a string to copy";
	char *d;

	(void)state;
	d = u_strdup(s);
	assert_non_null(d);
	assert_ptr_not_equal(d, s);
	assert_string_equal(d, s);
	u_free(d);
	d = u_strdup("");
	assert_string_equal(d, "");
	heap_check();
}

#define HEAP_TEST(f) cmocka_unit_test_setup(f, fresh_heap)

int main(void)
{
	const struct CMUnitTest tests[] = {
		HEAP_TEST(test_alignment_and_room),
		HEAP_TEST(test_free_merges),
		HEAP_TEST(test_grows_on_request),
		HEAP_TEST(test_out_of_memory),
		HEAP_TEST(test_calloc_zeroes),
		HEAP_TEST(test_realloc_cases),
		HEAP_TEST(test_random_workload),
		HEAP_TEST(test_free_refuses_bad_pointers),
		HEAP_TEST(test_strdup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
