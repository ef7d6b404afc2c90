/* test_stacks.c: call stacks in the profiler on the host: the frame walk
 * on hostile stacks (loops, pointers past the window or below it, odd
 * alignment, the window's last bytes, the depth cap), the caller of a
 * frameless function (the word at ESP), the hash, the
 * table of distinct stacks (identical ones counted, a full table counted
 * as dropped), and a profile with PT_STACKS through prof_tick() and a dump
 * read back: the flat counts as without stacks. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>
#include "profint.h"
#include "profkern/port.h"
#include "profile.h"
#include "dumpfmt.h"
#include "sys/errno.h"
#include "capture.h"
#include "profstub.h"
#include "dumpback.h"

/* A process's stack: 256 words, frame pointers are byte offsets in it. */
static uint32_t mem[256];
static const struct prof_stackwin win = { (const uint8_t *)mem, 0, sizeof mem };

static void frame(uint32_t at, uint32_t next, uint32_t ret)
{
	mem[at / 4] = next;
	mem[at / 4 + 1] = ret;
}

static void walk_chain(void **state)
{
	uint32_t out[8];

	(void)state;
	memset(mem, 0, sizeof mem);
	frame(0x10, 0x40, 0x111);
	frame(0x40, 0x80, 0x222);
	frame(0x80, 0, 0x333);	/* the outermost: saved EBP 0, as crt0 leaves it */
	assert_int_equal(prof_walk(&win, 0x10, out, 8), 3);
	assert_int_equal(out[0], 0x111);
	assert_int_equal(out[1], 0x222);
	assert_int_equal(out[2], 0x333);
}

static void walk_hostile(void **state)
{
	uint32_t out[8];

	(void)state;
	memset(mem, 0, sizeof mem);
	frame(0x10, 0x10, 0x111);	/* points at itself: a loop */
	assert_int_equal(prof_walk(&win, 0x10, out, 8), 1);
	frame(0x20, 0x30, 0x1);
	frame(0x30, 0x20, 0x2);	/* a loop of two: back down */
	assert_int_equal(prof_walk(&win, 0x20, out, 8), 2);
	frame(0x40, sizeof mem - 4, 0x3);	/* next frame's return address past the end */
	assert_int_equal(prof_walk(&win, 0x40, out, 8), 1);
	frame(0x50, 0xFFFFFFF0u, 0x4);	/* far past: no wrap into the window */
	assert_int_equal(prof_walk(&win, 0x50, out, 8), 1);
	/* odd alignment: read as it is, inside the window (x86 reads a
	 * misaligned word; what matters is that all 8 bytes are inside) */
	frame(0x60, 0x6A, 0x5);
	memcpy((uint8_t *)mem + 0x6A, "\x00\x00\x00\x00\x06\x00\x00\x00", 8);	/* saved 0, returns to 6 */
	assert_int_equal(prof_walk(&win, 0x60, out, 8), 2);
	assert_int_equal(out[1], 0x6);
	assert_int_equal(prof_walk(&win, 0x6A, out, 8), 1);
	assert_int_equal(out[0], 0x6);
	assert_int_equal(prof_walk(&win, sizeof mem - 4, out, 8), 0);	/* straddles the end */
	assert_int_equal(prof_walk(&win, sizeof mem - 7, out, 8), 0);	/* by one byte */
	assert_int_equal(prof_walk(&win, sizeof mem - 8, out, 8), 1);	/* the last whole frame */
	assert_int_equal(out[0], mem[255]);
	frame(0x70, sizeof mem - 7, 0x7);	/* a next frame one byte past the last whole one */
	assert_int_equal(prof_walk(&win, 0x70, out, 8), 1);
	frame(0x70, sizeof mem - 8, 0x7);	/* the last whole one */
	assert_int_equal(prof_walk(&win, 0x70, out, 8), 2);
	frame(0x70, 0x6F, 0x7);			/* descending by one byte */
	assert_int_equal(prof_walk(&win, 0x70, out, 8), 1);
	frame(0x70, 0x71, 0x7);			/* ascending by one byte: taken */
	assert_int_equal(prof_walk(&win, 0x70, out, 8), 2);
	assert_int_equal(prof_walk(&win, 0xFFFFFFFFu, out, 8), 0);	/* far below, wrapped */
}

static void walk_window_bias(void **state)
{
	/* A kernel stack: frame pointers are addresses, base is at 0x1000. */
	struct prof_stackwin k = { (const uint8_t *)mem, 0x1000, 0x100 };
	uint32_t out[8];

	(void)state;
	memset(mem, 0, sizeof mem);
	frame(0x10, 0x1020, 0x7);
	frame(0x20, 0x0FF0, 0x8);	/* below the window (and below the frame) */
	assert_int_equal(prof_walk(&k, 0x1010, out, 8), 2);
	frame(0x10, 0x1020, 0x7);
	frame(0x20, 0x10F8, 0x8);	/* the window's last whole frame */
	mem[0xF8 / 4 + 1] = 0x9;
	mem[0xF8 / 4] = 0x1200;		/* and then past it */
	assert_int_equal(prof_walk(&k, 0x1010, out, 8), 3);
	assert_int_equal(out[2], 0x9);
	assert_int_equal(prof_walk(&k, 0x0FFC, out, 8), 0);
	k.size = 4;			/* no room for a frame at all */
	assert_int_equal(prof_walk(&k, 0x1000, out, 8), 0);
	k.base = NULL;
	k.size = 0x100;
	assert_int_equal(prof_walk(&k, 0x1010, out, 8), 0);
}

static void walk_depth_cap(void **state)
{
	uint32_t out[64], i;

	(void)state;
	for (i = 0; i < 120; i++)
		frame(8 * i, 8 * (i + 1), 1000 + i);
	assert_int_equal(prof_walk(&win, 0, out, 50), 50);
	assert_int_equal(out[49], 1049);
	assert_int_equal(prof_walk(&win, 0, out, 0), 0);
}

/* Code with a call rel32 at 0x20 (to 0x40) returning to 0x25. */
static uint8_t code[0x100];
static const struct prof_stackwin cwin = { code, 0, sizeof code };

static void leaf_caller(void **state)
{
	(void)state;
	memset(code, 0x90, sizeof code);
	code[0x20] = 0xE8;
	code[0x21] = 0x1B;	/* 0x25 + 0x1B = 0x40 */
	code[0x22] = code[0x23] = code[0x24] = 0;
	memset(mem, 0, sizeof mem);
	mem[0x80 / 4] = 0x25;
	assert_int_equal(prof_leaf_caller(&win, &cwin, 0x80, 0x41), 0x25);
	mem[0x80 / 4] = 0x26;	/* not after a call */
	assert_int_equal(prof_leaf_caller(&win, &cwin, 0x80, 0x41), 0);
	mem[0x80 / 4] = 0x3;	/* before the code's 5th byte: E8 at -2 is not read */
	code[sizeof code - 2] = 0xE8;
	assert_int_equal(prof_leaf_caller(&win, &cwin, 0x80, 0x41), 0);
	mem[0x80 / 4] = 0x1000;	/* past the code */
	assert_int_equal(prof_leaf_caller(&win, &cwin, 0x80, 0x41), 0);
	code[sizeof code - 5] = 0xE8;	/* a call that ends the code: its return is the end */
	mem[0x80 / 4] = sizeof code;
	assert_int_equal(prof_leaf_caller(&win, &cwin, 0x80, 0x41), sizeof code);
	mem[0x80 / 4] = sizeof code + 1;	/* one past: E8 at size - 4 is not read */
	code[sizeof code - 4] = 0xE8;
	assert_int_equal(prof_leaf_caller(&win, &cwin, 0x80, 0x41), 0);
	mem[0x80 / 4] = 0x1234;	/* after a push, as a system call stub: one word only */
	mem[0x84 / 4] = 0x25;
	assert_int_equal(prof_leaf_caller(&win, &cwin, 0x80, 0x41), 0);
	mem[0x84 / 4] = 0x25 << 8;	/* misaligned: the word at 0x81 is 0x25 */
	assert_int_equal(prof_leaf_caller(&win, &cwin, 0x81, 0x41), 0);
	mem[0x80 / 4] = 0x25000000u;
	mem[0x84 / 4] = 0;
	assert_int_equal(prof_leaf_caller(&win, &cwin, 0x83, 0x41), 0x25);
	assert_int_equal(prof_leaf_caller(&win, &cwin, sizeof mem - 3, 0x41), 0);	/* straddles the end */
	assert_int_equal(prof_leaf_caller(&win, &cwin, 0xFFFFFFFFu, 0x41), 0);
	mem[255] = 0x25;
	assert_int_equal(prof_leaf_caller(&win, &cwin, sizeof mem - 4, 0x41), 0x25);	/* the last word */
	assert_int_equal(prof_leaf_caller(&win, &cwin, sizeof mem, 0x41), 0);
	/* at mov ebp, esp (89 E5): the word above the saved EBP */
	code[0x60] = 0x89;
	code[0x61] = 0xE5;
	mem[0x80 / 4] = 0x1234;
	mem[0x84 / 4] = 0x25;
	assert_int_equal(prof_leaf_caller(&win, &cwin, 0x80, 0x60), 0x25);
	assert_int_equal(prof_leaf_caller(&win, &cwin, 0x80, 0x61), 0);	/* E5 ..: not it */
	assert_int_equal(prof_leaf_caller(&win, &cwin, sizeof mem - 4, 0x60), 0);	/* + 4: past the end */
	assert_int_equal(prof_leaf_caller(&win, &cwin, sizeof mem - 8, 0x60), 0x25);	/* the last word */
	code[sizeof code - 1] = 0x89;	/* 89 as the code's last byte: E5 would be past it */
	mem[0x80 / 4] = 0x25;
	assert_int_equal(prof_leaf_caller(&win, &cwin, 0x80, sizeof code - 1), 0x25);
	assert_int_equal(prof_leaf_caller(&win, &cwin, 0x80, 0xFFFFFFFFu), 0x25);
}

/* The hash: (h + pc) * mul from the seed, pc by pc; its top bits the slot. */
static void stack_hash(void **state)
{
	uint32_t pcs[] = { 0x41, 0x25, 0x222 };
	uint32_t h = PROF_HASH_SEED;

	(void)state;
	for (int i = 0; i < 3; i++)
		h = (h + pcs[i]) * PROF_HASH_MUL;
	assert_int_equal(prof_stack_hash(pcs, 3), h);
	assert_int_equal(prof_stack_hash(pcs, 0), PROF_HASH_SEED);
	assert_int_not_equal(prof_stack_hash(pcs, 3), prof_stack_hash(pcs, 2));
}

/* ---- the table ----------------------------------------------------------------- */

/* A table of n entries, as ProfInit makes one: zeroed memory of its size. */
static struct prof_stacks *new_table(uint32_t n)
{
	struct prof_stacks *t;

	assert_true(prof_stacks_size(n) > 0);
	t = calloc(1, prof_stacks_size(n));
	assert_non_null(t);
	prof_stacks_init(t, n);
	return t;
}

/* The sizes a table may have, and its layout: the slots at a fixed offset
 * from its start, then the entries, then the pool, all in its bytes. */
static void table_sizes(void **state)
{
	static const uint32_t bad[] = { 0, 1, 128, 255, 257, 300, 1000, 4095, 2097152, 0x80000000u,
					0xFFFFFFFFu };
	static const uint32_t good[] = { 256, 512, 4096, 32768, 1048576 };
	size_t per = 2 * 4 + sizeof(struct pdump_stack) + PROF_STACK_POOL_PER * 4;

	(void)state;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		assert_false(prof_stacks_valid(bad[i]));
		assert_int_equal(prof_stacks_size(bad[i]), 0);
	}
	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
		uint32_t n = good[i];
		size_t size = prof_stacks_size(n);

		assert_true(prof_stacks_valid(n));
		assert_true(size >= offsetof(struct prof_stacks, slots) + n * per);
		assert_true(size < offsetof(struct prof_stacks, slots) + n * per + 16);
	}
	/* the default: 32768 entries, about 2.3 MiB in the kernel (16-byte entries) */
	assert_int_equal(PROF_STACK_ENTRIES_DEFAULT, 32768);
	assert_true(PROF_STACK_ENTRIES_DEFAULT * (2 * 4 + 16 + PROF_STACK_POOL_PER * 4) == 2304 * 1024);
	for (uint32_t n = 256; n <= 8192; n *= 32) {
		struct prof_stacks *t = new_table(n);
		uint8_t *b = (uint8_t *)t;

		assert_int_equal(t->entries, n);
		assert_int_equal(t->pool_size, n * PROF_STACK_POOL_PER);
		assert_int_equal(t->mask, 2 * n - 1);
		assert_int_equal(1ull << (32 - t->shift), 2ull * n);
		assert_true((uint8_t *)t->ents >= (uint8_t *)&t->slots[2 * n]);
		assert_int_equal((uintptr_t)t->ents % _Alignof(struct pdump_stack), 0);
		assert_ptr_equal(t->pool, (uint32_t *)(t->ents + n));
		assert_ptr_equal((uint8_t *)(t->pool + t->pool_size), b + prof_stacks_size(n));
		free(t);
	}
}

/* The first slot a stack probes is its hash's top bits, as many as the
 * table's slots take (h >> shift: the assembly's), and a slot holds its
 * entry's byte offset from the table's start. */
static void table_slots(void **state)
{
	(void)state;
	for (uint32_t n = 256; n <= 65536; n *= 16) {
		struct prof_stacks *t = new_table(n);
		uint32_t pcs[3] = { 0x1234, 0x5678, n }, h = prof_stack_hash(pcs, 3);
		uint32_t bits = 0, used = 0;

		while ((1u << bits) < 2 * n)
			bits++;
		prof_stacks_add(t, pcs, 3, 0, 1);
		assert_int_equal(t->slots[h >> (32 - bits)], (uint8_t *)&t->ents[0] - (uint8_t *)t);
		free(t);
		/* stacks of the same first slot, the last one, take the next
		 * ones: the probe wraps to slot 0 */
		t = new_table(n);
		for (uint32_t x = 0; used < 40; x++) {
			uint32_t q[1] = { x };

			if (prof_stack_hash(q, 1) >> (32 - bits) != 2 * n - 1)
				continue;
			prof_stacks_add(t, q, 1, 0, 1);
			assert_int_equal(t->nents, ++used);
		}
		for (uint32_t k = 0; k < 40; k++)
			assert_int_equal(t->slots[(2 * n - 1 + k) & (2 * n - 1)],
					 (uint8_t *)&t->ents[k] - (uint8_t *)t);
		free(t);
	}
}

static void table_counts(void **state)
{
	struct prof_stacks *t = new_table(PROF_STACK_ENTRIES_MIN);
	uint32_t s1[] = { 1, 2, 3 }, s2[] = { 1, 2, 4 }, s3[] = { 1, 2 };

	(void)state;
	prof_stacks_add(t, s1, 3, 0, 1);
	prof_stacks_add(t, s1, 3, 0, 1);
	prof_stacks_add(t, s2, 3, 0, 1);
	prof_stacks_add(t, s3, 2, 0, 1);
	prof_stacks_add(t, s1, 3, 1, 1);	/* other kernel depth: another stack */
	prof_stacks_add(t, s1, 3, 0, 2);	/* other segment: another stack */
	prof_stacks_add(t, s1, 3, 0, 1);
	assert_int_equal(t->nents, 5);
	assert_int_equal(t->ents[0].count, 3);
	assert_int_equal(t->ents[0].depth, 3);
	assert_int_equal(t->ents[0].pcs[2], 3);
	assert_int_equal(t->ents[1].count, 1);
	assert_int_equal(t->ents[2].depth, 2);
	assert_int_equal(t->pool_used, 3 + 3 + 2 + 3 + 3);
	assert_int_equal(t->dropped, 0);
	prof_stacks_add(t, s1, 0, 0, 1);	/* not a stack */
	prof_stacks_add(t, s1, 2, 3, 1);
	assert_int_equal(t->dropped, 2);
	prof_stacks_clear(t);
	assert_int_equal(t->nents, 0);
	assert_int_equal(t->dropped, 0);
	for (uint32_t i = 0; i <= t->mask; i++)
		assert_int_equal(t->slots[i], 0);
	prof_stacks_add(t, s2, 3, 0, 1);
	assert_int_equal(t->nents, 1);
	assert_int_equal(t->ents[0].pcs[2], 4);
	free(t);
}

/* At each size: a full table drops new stacks and still counts known
 * ones; a full pool drops a stack whose frames do not fit. */
static void table_full(void **state)
{
	static const uint32_t sizes[] = { PROF_STACK_ENTRIES_MIN, 4096, PROF_STACK_ENTRIES_DEFAULT };

	(void)state;
	for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
		uint32_t n = sizes[z], pool = n * PROF_STACK_POOL_PER;
		struct prof_stacks *t = new_table(n);
		uint32_t s[PROF_STACK_DEPTH] = { 0 }, i;

		for (i = 0; i < n; i++) {
			s[0] = i;
			prof_stacks_add(t, s, 1, 0, 0);
		}
		assert_int_equal(t->nents, n);
		assert_int_equal(t->dropped, 0);
		s[0] = n;		/* a new stack: no entry left */
		prof_stacks_add(t, s, 1, 0, 0);
		prof_stacks_add(t, s, 1, 0, 0);
		assert_int_equal(t->dropped, 2);
		assert_int_equal(t->nents, n);
		s[0] = 7;		/* a known one still counts */
		prof_stacks_add(t, s, 1, 0, 0);
		assert_int_equal(t->ents[7].count, 2);
		s[0] = n - 1;		/* the last one taken too */
		prof_stacks_add(t, s, 1, 0, 0);
		assert_int_equal(t->ents[n - 1].count, 2);
		assert_int_equal(t->dropped, 2);
		free(t);

		/* the frames' pool full before the entries */
		t = new_table(n);
		for (i = 0; t->pool_used + PROF_STACK_DEPTH <= pool; i++) {
			s[0] = i;
			prof_stacks_add(t, s, PROF_STACK_DEPTH, 0, 0);
		}
		assert_int_equal(i, pool / PROF_STACK_DEPTH);
		assert_true(t->nents < n);
		assert_int_equal(t->dropped, 0);
		s[0] = i;
		prof_stacks_add(t, s, PROF_STACK_DEPTH, 0, 0);
		assert_int_equal(t->dropped, 1);
		assert_int_equal(t->nents, i);
		while (t->pool_used < pool) {	/* short ones fill it to the last word */
			s[0] = ++i;
			prof_stacks_add(t, s, 1, 0, 0);
		}
		assert_int_equal(t->dropped, 1);
		s[0] = ++i;
		prof_stacks_add(t, s, 1, 0, 0);
		assert_int_equal(t->dropped, 2);
		s[0] = 3;		/* a known one still counts */
		prof_stacks_add(t, s, PROF_STACK_DEPTH, 0, 0);
		assert_int_equal(t->ents[3].count, 2);
		assert_int_equal(t->dropped, 2);
		free(t);
	}
}

/* ---- a profile with stacks, through prof_tick() -------------------------------- */


/* One process, ticks at fixed points, with or without stacks: returns the
 * dump read back. Its stack: frames at 0x10 (returns to 0x111) and 0x40
 * (to 0x222); in the kernel, a kernel frame and the process's at entry. */
static void run_ticks(int type, struct pdump *d)
{
	static struct prof_proc pp;
	static uint32_t kmem[16], uframe[2], uebp, uesp;
	struct prof_codeseg seg = { &pp, UCS, 1, 0, 0x400, "TESTPROF", 1, UCS >> 3 };

	memset(&pp, 0, sizeof pp);
	memset(mem, 0, sizeof mem);
	memset(code, 0x90, sizeof code);
	frame(0x10, 0x40, 0x111);
	frame(0x40, 0, 0x222);
	kmem[2] = 0;		/* a kernel frame at 0x2008: its caller's frame is none */
	kmem[3] = 0x100777;
	pp.ustack = win;
	pp.ucode.base = code;
	pp.ucode.size = sizeof code;
	pp.kstack.base = (const uint8_t *)kmem;
	pp.kstack.bias = 0x2000;
	pp.kstack.size = sizeof kmem;
	uframe[0] = 0x99;	/* the process's EIP and CS at its entry */
	uframe[1] = UCS;
	uebp = 0x40;
	uesp = 0x200;
	pp.uframe = uframe;
	pp.uebp = &uebp;
	pp.uesp = &uesp;
	assert_int_equal(prof_init(&pp, type, NULL, &seg, 1), 0);
	assert_int_equal(prof_on(&pp, PT_USER), 0);
	for (int i = 0; i < 5; i++)
		prof_tick(&pp, UCS, 0x50, 0x10);
	prof_tick(&pp, UCS, 0x60, 0x40);
	prof_tick(&pp, UCS, 0x1000, 0x10);	/* past the segment: out of range */
	prof_tick(&pp, KCS, 0x100123, 0x2008);	/* in the kernel, in a system call */
	prof_tick(&pp, UCS, 0x50, sizeof mem - 4);	/* a frame pointer past the window: the leaf alone */
	assert_int_equal(prof_off(&pp, PT_USER), 0);
	prof_tick(&pp, UCS, 0x50, 0x10);	/* off: nothing */
	dump_back(&pp, PT_USER, d);
	assert_int_equal(prof_free(&pp, PT_USER), 0);
}

static const struct pdump_stack *find(const struct pdump *d, uint32_t depth, const uint32_t *pcs)
{
	for (uint32_t i = 0; i < d->nstacks; i++)
		if (d->stacks[i].depth == depth && !memcmp(d->stacks[i].pcs, pcs, depth * 4))
			return &d->stacks[i];
	return NULL;
}

static void profile_with_stacks(void **state)
{
	struct pdump flat, st;
	const struct pdump_stack *s;
	uint32_t a[] = { 0x50, 0x111, 0x222 }, b[] = { 0x60, 0x222 }, c[] = { 0x1000, 0x111, 0x222 };
	uint32_t k[] = { 0x100123, 0x100777, 0x99, 0x222 }, e[] = { 0x50 };

	(void)state;
	run_ticks(PT_USER, &flat);
	run_ticks(PT_USER | PT_STACKS, &st);
	/* flat counts exactly as without stacks */
	assert_int_equal(flat.version, PDUMP_VERSION_V6);	/* the kernel's: with its trace and CPU */
	assert_int_equal(st.version, PDUMP_VERSION_V6);
	assert_true(st.type & PDUMP_TYPE_STACKS);
	assert_false(flat.type & PDUMP_TYPE_STACKS);
	assert_int_equal(st.total, flat.total);
	assert_int_equal(st.kernel, flat.kernel);
	assert_int_equal(st.out_of_range, flat.out_of_range);
	assert_memory_equal(st.segs[0].counters, flat.segs[0].counters, 0x400);
	assert_int_equal(flat.nstacks, 0);
	assert_int_equal(st.total, 9);
	assert_int_equal(st.nstacks, 5);
	assert_int_equal(st.dropped, 0);
	assert_non_null(s = find(&st, 3, a));
	assert_int_equal(s->count, 5);
	assert_int_equal(s->kdepth, 0);
	assert_int_equal(s->useg, 1);
	assert_non_null(s = find(&st, 2, b));
	assert_int_equal(s->count, 1);
	assert_non_null(s = find(&st, 3, c));
	assert_non_null(s = find(&st, 4, k));
	assert_int_equal(s->kdepth, 2);
	assert_int_equal(s->useg, 1);
	assert_non_null(s = find(&st, 1, e));
	pdump_release(&flat, &dumpback_heap);
	pdump_release(&st, &dumpback_heap);
}

/* A tick in the kernel's entry from a system call before it saved the
 * process's registers: no kernel frame from EBP, which is the process's,
 * while the frame's saved EBP is still an older one. The process's chain
 * is walked from EBP; once a kernel frame is found, from the saved one. */
static void profile_kernel_entry(void **state)
{
	static struct prof_proc pp;
	static uint32_t kmem[16], uframe[2], uebp, uesp;
	struct prof_codeseg seg = { &pp, UCS, 1, 0, 0x400, "TESTPROF", 1, UCS >> 3 };
	uint32_t early[] = { 0x100010, 0x99, 0x111, 0x222 }, inside[] = { 0x100123, 0x100777, 0x99, 0x222 };
	struct pdump d;

	(void)state;
	memset(&pp, 0, sizeof pp);
	memset(mem, 0, sizeof mem);
	memset(code, 0x90, sizeof code);
	frame(0x10, 0x40, 0x111);
	frame(0x40, 0, 0x222);
	kmem[2] = 0;
	kmem[3] = 0x100777;
	pp.ustack = win;
	pp.ucode.base = code;
	pp.ucode.size = sizeof code;
	pp.kstack.base = (const uint8_t *)kmem;
	pp.kstack.bias = 0x2000;
	pp.kstack.size = sizeof kmem;
	uframe[0] = 0x99;
	uframe[1] = UCS;
	uebp = 0x7777;		/* stale: not a frame of the process */
	uesp = 0x200;
	pp.uframe = uframe;
	pp.uebp = &uebp;
	pp.uesp = &uesp;
	assert_int_equal(prof_init(&pp, PT_USER | PT_STACKS, NULL, &seg, 1), 0);
	assert_int_equal(prof_on(&pp, PT_USER), 0);
	prof_tick(&pp, KCS, 0x100010, 0x10);	/* EBP still the process's: its frame at 0x10 */
	uebp = 0x40;				/* saved; the kernel's frames made */
	prof_tick(&pp, KCS, 0x100123, 0x2008);
	assert_int_equal(prof_off(&pp, PT_USER), 0);
	dump_back(&pp, PT_USER, &d);
	assert_int_equal(d.nstacks, 2);
	assert_non_null(find(&d, 4, early));
	assert_int_equal(find(&d, 4, early)->kdepth, 1);
	assert_non_null(find(&d, 4, inside));
	assert_int_equal(find(&d, 4, inside)->kdepth, 2);
	pdump_release(&d, &dumpback_heap);
	assert_int_equal(prof_free(&pp, PT_USER), 0);
}

/* A frameless function: its caller is found on the stack, once. */
static void profile_leaf(void **state)
{
	static struct prof_proc pp;
	static uint32_t uesp;
	struct prof_codeseg seg = { &pp, UCS, 1, 0, 0x100, "TESTPROF", 1, UCS >> 3 };
	uint32_t want[] = { 0x41, 0x25, 0x222 }, want2[] = { 0x41, 0x111, 0x222 };
	uint32_t want3[] = { 0x41, 0x25, 0x25, 0x222 };
	struct pdump d;

	(void)state;
	memset(&pp, 0, sizeof pp);
	memset(mem, 0, sizeof mem);
	memset(code, 0x90, sizeof code);
	code[0x20] = 0xE8;
	code[0x21] = 0x1B;
	code[0x22] = code[0x23] = code[0x24] = 0;
	frame(0x40, 0, 0x222);	/* the caller's caller's frame: EBP still points here */
	mem[0x80 / 4] = 0x25;	/* the return address on top of the stack */
	frame(0x10, 0x40, 0x111);
	pp.ustack = win;
	pp.ucode = cwin;
	uesp = 0x80;
	pp.uesp = &uesp;
	assert_int_equal(prof_init(&pp, PT_USER | PT_STACKS, NULL, &seg, 1), 0);
	assert_int_equal(prof_on(&pp, PT_USER), 0);
	prof_tick(&pp, UCS, 0x41, 0x40);	/* frameless: 0x25 inserted */
	uesp = 0x0C;				/* with a frame: [ESP+4] is its own return */
	mem[0x0C / 4] = 0x77;
	prof_tick(&pp, UCS, 0x41, 0x10);	/* nothing on top that is a return address */
	mem[0x10 / 4 + 1] = 0x25;		/* only ESP's word is looked at, not the frame's */
	prof_tick(&pp, UCS, 0x41, 0x10);
	uesp = 0x80;				/* a recursion: the caller is the frame's too */
	prof_tick(&pp, UCS, 0x41, 0x10);	/* both kept */
	assert_int_equal(prof_off(&pp, PT_USER), 0);
	dump_back(&pp, PT_USER, &d);
	assert_int_equal(d.nstacks, 3);
	assert_non_null(find(&d, 3, want));
	assert_int_equal(find(&d, 3, want)->count, 2);
	assert_non_null(find(&d, 3, want2));
	assert_int_equal(find(&d, 3, want2)->count, 1);
	assert_non_null(find(&d, 4, want3));
	assert_int_equal(find(&d, 4, want3)->count, 1);
	pdump_release(&d, &dumpback_heap);
	assert_int_equal(prof_free(&pp, PT_USER), 0);
}

static void profile_stacks_clear_and_memory(void **state)
{
	static struct prof_proc pp;
	struct prof_codeseg seg = { &pp, UCS, 1, 0, 0x100, "TESTPROF", 1, UCS >> 3 };
	struct pdump d;

	(void)state;
	memset(&pp, 0, sizeof pp);
	pp.ustack = win;
	fail_alloc_after = 1;	/* the session, then no table */
	assert_int_equal(prof_init(&pp, PT_USER | PT_STACKS, NULL, &seg, 1), -ENOMEM);
	assert_null(pp.user);
	fail_alloc_after = -1;
	assert_int_equal(prof_init(&pp, PT_USER | PT_STACKS, NULL, &seg, 1), 0);
	assert_int_equal(prof_on(&pp, PT_USER | PT_STACKS), 0);
	prof_tick(&pp, UCS, 0x10, 0);
	assert_int_equal(pp.user->stacks->nents, 1);
	assert_int_equal(prof_clear(&pp, PT_USER), 0);
	assert_int_equal(pp.user->stacks->nents, 0);
	prof_tick(&pp, UCS, 0x14, 0);
	assert_int_equal(prof_off(&pp, PT_USER), 0);
	dump_back(&pp, PT_USER, &d);
	assert_int_equal(d.total, 1);
	assert_int_equal(d.nstacks, 1);
	assert_int_equal(d.stacks[0].pcs[0], 0x14);
	pdump_release(&d, &dumpback_heap);
	assert_int_equal(prof_free(&pp, PT_USER), 0);
	assert_int_equal(live_allocs, 0);
}

/* ProfInit makes the table of the size set then (32768 entries unless
 * set); a size that is not one is refused, changing nothing; a profile
 * keeps the table it got; no memory for it is ENOMEM, changing nothing. */
static void profile_table_size(void **state)
{
	static struct prof_proc pp, sys;
	struct prof_codeseg seg = { &pp, UCS, 1, 0, 0x100, "TESTPROF", 1, UCS >> 3 };
	static const uint32_t bad[] = { 0, 100, 255, 768, 2097152, 0xFFFFFFFFu };

	(void)state;
	memset(&pp, 0, sizeof pp);
	memset(&sys, 0, sizeof sys);
	assert_int_equal(prof_stack_entries(), PROF_STACK_ENTRIES_DEFAULT);
	assert_int_equal(prof_init(&pp, PT_USER | PT_STACKS, NULL, &seg, 1), 0);
	assert_int_equal(pp.user->stacks->entries, 32768);
	assert_int_equal(pp.user->stacks->pool_size, 32768 * 12);
	assert_int_equal(prof_free(&pp, PT_USER), 0);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		assert_int_equal(prof_set_stack_entries(bad[i]), -EINVAL);
		assert_int_equal(prof_stack_entries(), PROF_STACK_ENTRIES_DEFAULT);
	}
	assert_int_equal(prof_set_stack_entries(512), 0);
	assert_int_equal(prof_stack_entries(), 512);
	assert_int_equal(prof_init(&pp, PT_USER | PT_STACKS, NULL, &seg, 1), 0);
	assert_int_equal(prof_set_stack_entries(1024), 0);
	assert_int_equal(prof_init(&sys, PT_SYSTEM | PT_STACKS, NULL, &seg, 1), 0);
	assert_int_equal(pp.user->stacks->entries, 512);	/* kept */
	assert_int_equal(prof_system->stacks->entries, 1024);
	assert_int_equal(prof_system->stacks->mask, 2047);
	assert_int_equal(prof_free(&sys, PT_SYSTEM), 0);
	/* the user profile's table fills at 512 */
	assert_int_equal(prof_on(&pp, PT_USER), 0);
	for (uint32_t i = 0; i < 600; i++)
		prof_tick(&pp, UCS, 4 * (i % 0x40), 0x1000 + i);	/* no window: the leaf, with its ebp ignored */
	assert_int_equal(pp.user->stacks->nents, 0x40);
	assert_int_equal(pp.user->stacks->dropped, 0);
	for (uint32_t i = 0; i < 600; i++) {
		uint32_t pcs[2] = { 4 * (i % 0x40), 0x10000 + i };
		prof_stacks_add(pp.user->stacks, pcs, 2, 0, 1);
	}
	assert_int_equal(pp.user->stacks->nents, 512);
	assert_int_equal(pp.user->stacks->dropped, 600 - (512 - 0x40));
	assert_int_equal(prof_off(&pp, PT_USER), 0);
	assert_int_equal(prof_free(&pp, PT_USER), 0);
	/* no memory for the table: ENOMEM, nothing made */
	assert_int_equal(prof_set_stack_entries(PROF_STACK_ENTRIES_MAX), 0);
	fail_alloc_after = 1;
	assert_int_equal(prof_init(&sys, PT_SYSTEM | PT_STACKS, NULL, &seg, 1), -ENOMEM);
	assert_null(prof_system);
	fail_alloc_after = -1;
	assert_int_equal(prof_set_stack_entries(PROF_STACK_ENTRIES_DEFAULT), 0);
	assert_int_equal(live_allocs, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(walk_chain),
		cmocka_unit_test(walk_hostile),
		cmocka_unit_test(walk_window_bias),
		cmocka_unit_test(walk_depth_cap),
		cmocka_unit_test(leaf_caller),
		cmocka_unit_test(stack_hash),
		cmocka_unit_test(table_sizes),
		cmocka_unit_test(table_slots),
		cmocka_unit_test(table_counts),
		cmocka_unit_test(table_full),
		cmocka_unit_test(profile_with_stacks),
		cmocka_unit_test(profile_leaf),
		cmocka_unit_test(profile_kernel_entry),
		cmocka_unit_test(profile_stacks_clear_and_memory),
		cmocka_unit_test(profile_table_size),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
