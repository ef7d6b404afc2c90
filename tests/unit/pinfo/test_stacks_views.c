/* test_stacks_views.c: a dump's stacks named by maps, and the views made
 * from them: folded stacks (exact text), the gprof-style call graph, the
 * SVG flame graph and the tree both flame graphs draw (flametree.c), and
 * the pprof profile read back (gunzipped by zlib, unpacked by protobuf-c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <zlib.h>

#include "callstacks.h"
#include "dumpfmt.h"
#include "flametree.h"
#include "profile.pb-c.h"
#include "stacksfix.h"

/* PROG: stacksfix_prog_map's; the kernel: trap 0x100000, syscall 0x100100. */
static const char kernel_map[] = "00100000 T trap\n00100100 T syscall\n";

static uint32_t s1[] = { 0x90, 0x50, 0x10 };		/* b, from a (0x4f), from main (0x0f) */
static uint32_t s2[] = { 0x44, 0x10 };			/* a itself */
static uint32_t s3[] = { 0xc4, 0x1a };			/* c, from main */
static uint32_t s4[] = { 0x100104, 0x100010, 0x20 };	/* the kernel under main's system call */
static uint32_t s5[] = { 0x41, 0x10 };			/* a again, another address: same line */
static struct pdump_stack stacks[5];
static struct pdump_seg seg;
static uint32_t counters[0x40];
static struct pdump d;
static struct map maps[2];

static void setup_dump(int with_kernel_map)
{
	char err[200];

	stacksfix_dump(&d, &seg, counters);
	stacks[0] = (struct pdump_stack){ 30, 0, 1, 0, 3, s1 };
	stacks[1] = (struct pdump_stack){ 8, 0, 1, 0, 2, s2 };
	stacks[2] = (struct pdump_stack){ 20, 0, 1, 0, 2, s3 };
	stacks[3] = (struct pdump_stack){ 5, 0, 1, 2, 3, s4 };
	stacks[4] = (struct pdump_stack){ 2, 0, 1, 0, 2, s5 };
	d.stacks = stacks;
	d.nstacks = 5;
	d.dropped = 3;
	d.idle = 0;
	d.kernel = 5;
	d.total = 30 + 8 + 20 + 5 + 2 + 3 + 2;	/* 2 ticks of no stack: "(other)" */
	assert_int_equal(map_parse("prog.sym", (const uint8_t *)stacksfix_prog_map,
				   strlen(stacksfix_prog_map), &maps[0], err, sizeof err), 0);
	if (with_kernel_map)
		assert_int_equal(map_parse("kernel.sym", (const uint8_t *)kernel_map,
					   strlen(kernel_map), &maps[1], err, sizeof err), 0);
}

static void teardown_maps(int n)
{
	for (int i = 0; i < n; i++)
		map_free(&maps[i]);
}

/* What out wrote, NUL-terminated (malloc'd). */
static char *text_of(int (*fn)(const struct callstacks *, FILE *), const struct callstacks *cs,
		     size_t *len)
{
	char *p = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&p, &n);

	assert_non_null(f);
	assert_int_equal(fn(cs, f), 0);
	fclose(f);
	if (len)
		*len = n;
	return p;
}

static void folded(void **state)
{
	struct callstacks cs;
	char err[200], *t;

	(void)state;
	setup_dump(1);
	assert_int_equal(callstacks_build(&d, maps, 2, &cs, err, sizeof err), 0);
	assert_true(cs.several);
	t = text_of(callstacks_folded, &cs, NULL);
	assert_string_equal(t,
		"(dropped) 3\n"
		"(other) 2\n"
		"PROG`main;PROG`a 10\n"
		"PROG`main;PROG`a;PROG`b 30\n"
		"PROG`main;PROG`c 20\n"
		"PROG`main;kernel`trap;kernel`syscall 5\n");
	free(t);
	callstacks_free(&cs);
	teardown_maps(2);

	/* one module: names alone; the kernel's frames without a map: [kernel] */
	setup_dump(0);
	d.nstacks = 3;
	d.total = 30 + 8 + 20;
	d.dropped = 0;
	d.kernel = 0;
	assert_int_equal(callstacks_build(&d, maps, 1, &cs, err, sizeof err), 0);
	assert_false(cs.several);
	t = text_of(callstacks_folded, &cs, NULL);
	assert_string_equal(t, "main;a 8\nmain;a;b 30\nmain;c 20\n");
	free(t);
	callstacks_free(&cs);
	d.nstacks = 5;
	d.total = 70;
	assert_int_equal(callstacks_build(&d, maps, 1, &cs, err, sizeof err), 0);
	t = text_of(callstacks_folded, &cs, NULL);
	assert_non_null(strstr(t, "PROG`main;[kernel];[kernel] 5\n"));
	free(t);
	callstacks_free(&cs);
	teardown_maps(1);

	/* a version 2 dump has no stacks (nor the stacks' type bit): said so */
	setup_dump(0);
	d.version = 2;
	d.type &= ~PDUMP_TYPE_STACKS;
	assert_int_equal(callstacks_build(&d, maps, 1, &cs, err, sizeof err), -1);
	assert_non_null(strstr(err, "no call stacks"));
	teardown_maps(1);
}


/* With the code (an ELF map's), a frame that a tail call left out is put
 * back: the call before a return address names the function it called. */
static void tail_calls(void **state)
{
	struct callstacks cs;
	char err[200], *t;
	uint8_t *code = calloc(1, 0x100);

	(void)state;
	assert_non_null(code);
	stacksfix_put_call(code, 0x0b, 0x40);	/* main calls a (s1's return 0x10): b's caller is a */
	stacksfix_put_call(code, 0x4b, 0x80);	/* a calls b (0x50): b is there already */
	stacksfix_put_call(code, 0x15, 0x80);	/* main "calls b" (0x1a), c runs: b tail-called c */
	stacksfix_put_call(code, 0x1b, 0x41);	/* s4's 0x20 is no return address; 0x41 no function start */
	setup_dump(0);
	maps[0].code = code;
	maps[0].code_len = 0x100;
	assert_int_equal(callstacks_build(&d, maps, 1, &cs, err, sizeof err), 0);
	t = text_of(callstacks_folded, &cs, NULL);
	assert_string_equal(t,
		"(dropped) 3\n"
		"(other) 2\n"
		"PROG`main;PROG`a 10\n"
		"PROG`main;PROG`a;PROG`b 30\n"
		"PROG`main;PROG`b;PROG`c 20\n"
		"PROG`main;[kernel];[kernel] 5\n");
	free(t);
	/* b's total holds c's samples now: 30 + 20 */
	for (size_t i = 0; i < cs.nfuncs; i++)
		if (!strcmp(cs.funcs[i].name, "PROG`b"))
			assert_int_equal(cs.funcs[i].total, 50);
	callstacks_free(&cs);

	/* b's ticks with the word on top of its stack taken for its caller:
	 * 0x10 (after main's call of a) is a saved register, since the chain's
	 * first return address, 0x50, is after a's call of b: dropped. */
	{
		static uint32_t s6[] = { 0x84, 0x10, 0x50 }, s7[] = { 0x84, 0x50, 0x10 };
		struct pdump_stack saved[2] = { stacks[0], stacks[1] };

		stacks[0] = (struct pdump_stack){ 30, 0, 1, 0, 3, s6 };
		stacks[1] = (struct pdump_stack){ 8, 0, 1, 0, 3, s7 };	/* a true chain: kept */
		assert_int_equal(callstacks_build(&d, maps, 1, &cs, err, sizeof err), 0);
		t = text_of(callstacks_folded, &cs, NULL);
		assert_non_null(strstr(t, "\nPROG`a;PROG`b 30\n"));
		assert_non_null(strstr(t, "\nPROG`main;PROG`a;PROG`b 8\n"));
		free(t);
		callstacks_free(&cs);
		/* a at its first instruction, the word on top a return into a
		 * itself (a called b, which jumped to a): a recursion, kept */
		static uint32_t s8[] = { 0x40, 0x50, 0x10 };

		stacks[0] = (struct pdump_stack){ 30, 0, 1, 0, 3, s8 };
		assert_int_equal(callstacks_build(&d, maps, 1, &cs, err, sizeof err), 0);
		t = text_of(callstacks_folded, &cs, NULL);
		assert_non_null(strstr(t, "\nPROG`main;PROG`a;PROG`b;PROG`a 30\n"));
		free(t);
		callstacks_free(&cs);
		stacks[0] = saved[0];
		stacks[1] = saved[1];
	}

	/* a call to where no function starts: nothing made up */
	stacksfix_put_call(code, 0x15, 0x81);
	assert_int_equal(callstacks_build(&d, maps, 1, &cs, err, sizeof err), 0);
	t = text_of(callstacks_folded, &cs, NULL);
	assert_non_null(strstr(t, "PROG`main;PROG`c 20\n"));
	free(t);
	callstacks_free(&cs);
	teardown_maps(1);	/* frees code */
}

/* The folded text of one stack of PROG (no kernel frame), its pcs leaf
 * first, with the code in maps[0] (malloc'd). */
static char *folded_one(const uint32_t *pcs, uint8_t depth)
{
	struct callstacks cs;
	char err[200], *t;

	stacks[0] = (struct pdump_stack){ 7, 0, 1, 0, depth, (uint32_t *)pcs };
	d.nstacks = 1;
	d.total = 7;
	d.dropped = 0;
	d.kernel = 0;
	assert_int_equal(callstacks_build(&d, maps, 1, &cs, err, sizeof err), 0);
	t = text_of(callstacks_folded, &cs, NULL);
	callstacks_free(&cs);
	return t;
}

/* The leaf's frame, from its code (capstone): where it is made, the word
 * the kernel took for the leaf's caller is a saved register or a local,
 * dropped whatever call it follows; where it is not, kept. */
static void frame_made(void **state)
{
	static const uint8_t b_code[] = {
		0x55,			/* 80 push ebp */
		0x89, 0xE5,		/* 81 mov ebp, esp */
		0x53,			/* 83 push ebx: made */
		0x85, 0xC9,		/* 84 test ecx, ecx */
		0x74, 0x04,		/* 86 je 8c */
		0x5B, 0x5D, 0xC3,	/* 88 pop ebx; 89 pop ebp; 8a ret: not made at 8a */
		0x90,			/* 8b */
		0x31, 0xC0,		/* 8c xor eax, eax: made again, after the epilogue */
		0x5B, 0x5D, 0xC3,	/* 8e pop ebx; 8f pop ebp; 90 ret */
	};
	/* b, called by c through a pointer (c's call *eax returns to 0xc8; main
	 * called c, 0x2a); the word on top of b's stack is 0x10, main's
	 * return from a, which no jump of a's reaches b from */
	uint32_t s[] = { 0x84, 0x10, 0xc8, 0x2a };
	uint8_t *code = calloc(1, 0x100);
	char *t;

	(void)state;
	assert_non_null(code);
	stacksfix_put_call(code, 0x0b, 0x40);	/* main calls a: 0x10 */
	stacksfix_put_call(code, 0x25, 0xc0);	/* main calls c: 0x2a */
	stacksfix_put_call(code, 0x4b, 0x80);	/* a calls b, */
	code[0x50] = 0xC3;		/* and returns */
	memcpy(code + 0x80, b_code, sizeof b_code);
	code[0xc6] = 0xFF;		/* c: call *eax */
	code[0xc7] = 0xD0;
	setup_dump(0);
	maps[0].code = code;
	maps[0].code_len = 0x100;

	/* the frame made: 0x10 dropped (the old rule could not: the chain's
	 * first return address follows no call rel32) */
	t = folded_one(s, 4);
	assert_string_equal(t, "main;c;b 7\n");
	free(t);
	/* made after an epilogue in the middle of b (a data-flow, not a range) */
	s[0] = 0x8c;
	t = folded_one(s, 4);
	assert_string_equal(t, "main;c;b 7\n");
	free(t);
	/* not made: b's first instruction, its mov ebp, esp (push ebp done),
	 * the ret after its pop ebp: the word may be b's return address, kept
	 * (a put back above it as the function main's call names) */
	static const uint32_t notmade[] = { 0x80, 0x81, 0x8a, 0x90 };
	for (size_t i = 0; i < sizeof notmade / sizeof notmade[0]; i++) {
		s[0] = notmade[i];
		t = folded_one(s, 4);
		assert_string_equal(t, "main;c;main;a;b 7\n");
		free(t);
	}
	/* made, but the word's call is to b itself: it may be b's return
	 * address (the chain's first frame is then its caller's): kept */
	s[0] = 0x84;
	s[1] = 0x50;
	t = folded_one(s, 4);
	assert_string_equal(t, "main;c;a;b 7\n");
	free(t);
	s[1] = 0x10;
	/* made, but a could have tail-called b (a jmp to b): kept */
	code[0x50] = 0xE9;
	memcpy(code + 0x51, &(uint32_t){ 0x80 - 0x55 }, 4);
	t = folded_one(s, 4);
	assert_string_equal(t, "main;c;main;a;b 7\n");
	free(t);
	code[0x50] = 0xC3;
	/* made, but the word follows an indirect call whose bytes hold an E8
	 * 5 before it (call *9(%eax,%ebp,8), ending at 0x37; "calls" a):
	 * the word may be a true return address: kept */
	memcpy(code + 0x30, (const uint8_t[]){ 0xFF, 0x94, 0xE8, 0x09, 0, 0, 0 }, 7);
	s[1] = 0x37;
	t = folded_one(s, 4);
	assert_string_equal(t, "main;c;main;a;b 7\n");
	free(t);
	s[1] = 0x10;
	/* b's first epilogue ends in an indirect jump (jmp *eax at 0x8a: a tail
	 * call, or a jump anywhere in b) after its pop ebp: where it lands, the
	 * frame may be unmade, so it is nowhere known to be made: kept */
	code[0x8a] = 0xFF;
	code[0x8b] = 0xE0;
	t = folded_one(s, 4);
	assert_string_equal(t, "main;c;main;a;b 7\n");
	free(t);
	teardown_maps(1);	/* frees code */
}

static void totals(void **state)
{
	struct callstacks cs;
	char err[200];

	(void)state;
	setup_dump(1);
	assert_int_equal(callstacks_build(&d, maps, 2, &cs, err, sizeof err), 0);
	for (size_t i = 0; i < cs.nfuncs; i++) {
		const struct cs_func *f = &cs.funcs[i];

		if (!strcmp(f->name, "PROG`main"))
			assert_true(f->self == 0 && f->total == 65);
		else if (!strcmp(f->name, "PROG`a"))
			assert_true(f->self == 10 && f->total == 40);
		else if (!strcmp(f->name, "PROG`b"))
			assert_true(f->self == 30 && f->total == 30);
		else if (!strcmp(f->name, "kernel`syscall"))
			assert_true(f->self == 5 && f->total == 5);
	}
	callstacks_free(&cs);
	teardown_maps(2);
}

static void callgraph(void **state)
{
	struct callstacks cs;
	char err[200], *t;

	(void)state;
	setup_dump(1);
	assert_int_equal(callstacks_build(&d, maps, 2, &cs, err, sizeof err), 0);
	t = text_of(callstacks_callgraph, &cs, NULL);
	/* main first (65 of 70 ticks), its callees below it */
	assert_non_null(strstr(t, "[1]      92.9          0         65    PROG`main [1]\n"
				  "                    10         30             PROG`a [2]\n"
				  "                    20          0             PROG`c [4]\n"));
	/* a: called by main, calls b */
	assert_non_null(strstr(t, "                    10         30             PROG`main [1]\n"
				  "[2]      57.1         10         30    PROG`a [2]\n"
				  "                    30          0             PROG`b [3]\n"));
	free(t);
	callstacks_free(&cs);
	teardown_maps(2);
}

static void flamegraph(void **state)
{
	struct callstacks cs;
	char err[200], *p = NULL;
	size_t n = 0;
	FILE *f;

	(void)state;
	setup_dump(1);
	assert_int_equal(callstacks_build(&d, maps, 2, &cs, err, sizeof err), 0);
	assert_non_null(f = open_memstream(&p, &n));
	assert_int_equal(callstacks_flamegraph(&cs, "a <title> & more", f), 0);
	fclose(f);
	assert_true(!strncmp(p, "<?xml", 5));
	assert_non_null(strstr(p, "</svg>\n"));
	assert_null(strstr(p, "<script"));
	assert_non_null(strstr(p, "a &lt;title&gt; &amp; more"));
	assert_non_null(strstr(p, "<title>all (70 samples, 100.00%)</title>"));
	assert_non_null(strstr(p, "<title>PROG`a (40 samples, 57.14%)</title>"));
	assert_non_null(strstr(p, "<title>PROG`b (30 samples, 42.86%)</title>"));
	assert_non_null(strstr(p, "<title>(dropped) (3 samples, 4.29%)</title>"));
	free(p);
	callstacks_free(&cs);
	teardown_maps(2);
}

/* The flame graphs' tree: stacks added root first, frames of one name
 * under one parent one node (whatever their item), the root and each node
 * on a stack's way counted, children in their names' rank order. */
static void flametree(void **state)
{
	const char *names[] = { "main", "b", "a", "main" };	/* "main" twice: one rank */
	size_t rank[4], f1[] = { 0, 1 }, f2[] = { 3, 2 }, f3[] = { 0, 2, 1 }, f4[] = { 0 };
	struct flametree t;
	size_t main_node, a_node;

	(void)state;
	assert_int_equal(flametree_rank(names, 4, rank), 0);
	assert_int_equal(rank[0], rank[3]);
	assert_true(rank[2] < rank[1] && rank[1] < rank[0]);
	assert_int_equal(flametree_init(&t), 0);
	assert_int_equal(flametree_add(&t, f1, 2, rank, 5), 0);	/* main;b 5 */
	assert_int_equal(flametree_add(&t, f2, 2, rank, 3), 0);	/* main;a 3 */
	assert_int_equal(flametree_add(&t, f3, 3, rank, 2), 0);	/* main;a;b 2 */
	assert_int_equal(flametree_add(&t, f4, 1, rank, 1), 0);	/* main 1 */
	assert_int_equal(flametree_finish(&t), 0);
	assert_int_equal(t.nn, 5);	/* the root, main, main;b, main;a, main;a;b */
	assert_int_equal(t.depth, 3);
	assert_int_equal(t.n[0].count, 11);
	assert_int_equal(t.n[0].nkids, 1);
	main_node = t.order[t.n[0].kids];
	assert_int_equal(t.n[main_node].item, 0);	/* the first frame's item */
	assert_int_equal(t.n[main_node].count, 11);
	assert_int_equal(t.n[main_node].nkids, 2);
	a_node = t.order[t.n[main_node].kids];	/* a before b */
	assert_int_equal(t.n[a_node].item, 2);
	assert_int_equal(t.n[a_node].count, 5);
	assert_int_equal(t.n[a_node].level, 2);
	assert_int_equal(t.n[t.order[t.n[main_node].kids + 1]].item, 1);
	assert_int_equal(t.n[t.order[t.n[main_node].kids + 1]].count, 5);
	assert_int_equal(t.n[a_node].nkids, 1);
	assert_int_equal(t.n[t.order[t.n[a_node].kids]].count, 2);
	flametree_free(&t);
}

static void pprof(void **state)
{
	struct callstacks cs;
	char err[200], *p = NULL;
	size_t n = 0;
	uint8_t out[1 << 16];
	uLongf outlen;
	z_stream z;
	FILE *f;
	Perftools__Profiles__Profile *pr;
	uint64_t total = 0;

	(void)state;
	setup_dump(1);
	assert_int_equal(callstacks_build(&d, maps, 2, &cs, err, sizeof err), 0);
	assert_non_null(f = open_memstream(&p, &n));
	assert_int_equal(callstacks_pprof(&cs, f, err, sizeof err), 0);
	fclose(f);
	assert_true(n > 18 && (uint8_t)p[0] == 0x1f && (uint8_t)p[1] == 0x8b);	/* gzip */
	memset(&z, 0, sizeof z);
	assert_int_equal(inflateInit2(&z, 15 + 16), Z_OK);
	z.next_in = (Bytef *)p;
	z.avail_in = (uInt)n;
	z.next_out = out;
	z.avail_out = sizeof out;
	assert_int_equal(inflate(&z, Z_FINISH), Z_STREAM_END);
	outlen = z.total_out;
	inflateEnd(&z);
	assert_non_null(pr = perftools__profiles__profile__unpack(NULL, outlen, out));
	assert_int_equal(pr->n_sample_type, 2);
	assert_string_equal(pr->string_table[pr->sample_type[0]->type], "samples");
	assert_string_equal(pr->string_table[pr->sample_type[1]->unit], "nanoseconds");
	assert_int_equal(pr->period, 1000000);
	assert_int_equal(pr->n_mapping, 2);	/* PROG, kernel */
	assert_int_equal(pr->n_sample, 7);	/* 5 stacks, dropped, other */
	for (size_t i = 0; i < pr->n_sample; i++) {
		assert_int_equal(pr->sample[i]->n_value, 2);
		assert_int_equal(pr->sample[i]->value[1], pr->sample[i]->value[0] * 1000000);
		total += (uint64_t)pr->sample[i]->value[0];
	}
	assert_int_equal(total, 70);
	/* b's sample: leaf first, b then a then main, each a location with one line */
	{
		Perftools__Profiles__Sample *s = pr->sample[0];
		const char *names[3] = { "PROG`b", "PROG`a", "PROG`main" };

		assert_int_equal(s->n_location_id, 3);
		for (int k = 0; k < 3; k++) {
			Perftools__Profiles__Location *l = pr->location[s->location_id[k] - 1];
			Perftools__Profiles__Function *fn;

			assert_int_equal(l->id, s->location_id[k]);
			assert_int_equal(l->n_line, 1);
			fn = pr->function[l->line[0]->function_id - 1];
			assert_string_equal(pr->string_table[fn->name], names[k]);
			assert_true(l->mapping_id >= 1);
		}
	}
	perftools__profiles__profile__free_unpacked(pr, NULL);
	free(p);
	callstacks_free(&cs);
	teardown_maps(2);
}

/* A profile and one of time off the CPU joined: the second's stacks under
 * "[off-cpu]", a function of both one function named alike (the second,
 * of one module, takes the module in its names as the first has several),
 * the total both totals; of another rate, refused. */
static void joined(void **state)
{
	struct callstacks on, off, both;
	char err[200], *t, *p = NULL;
	size_t i, n = 0, mains = 0;
	FILE *f;

	(void)state;
	setup_dump(1);
	assert_int_equal(callstacks_build(&d, maps, 2, &on, err, sizeof err), 0);
	d.nstacks = 3;	/* main;a;b 30, main;a 8, main;c 20 */
	d.total = 58;
	d.dropped = 0;
	d.kernel = 0;
	assert_int_equal(callstacks_build(&d, maps, 1, &off, err, sizeof err), 0);
	assert_false(off.several);
	assert_int_equal(callstacks_join(&on, &off, &both, err, sizeof err), 0);
	assert_int_equal(both.total, 128);
	assert_true(both.several);
	t = text_of(callstacks_folded, &both, NULL);
	assert_string_equal(t,
		"(dropped) 3\n"
		"(other) 2\n"
		"PROG`main;PROG`a 10\n"
		"PROG`main;PROG`a;PROG`b 30\n"
		"PROG`main;PROG`c 20\n"
		"PROG`main;kernel`trap;kernel`syscall 5\n"
		"[off-cpu];PROG`main;PROG`a 8\n"
		"[off-cpu];PROG`main;PROG`a;PROG`b 30\n"
		"[off-cpu];PROG`main;PROG`c 20\n");
	free(t);
	for (i = 0; i < both.nfuncs; i++) {
		const struct cs_func *fn = &both.funcs[i];

		if (!strcmp(fn->name, "[off-cpu]"))
			assert_true(fn->self == 0 && fn->total == 58 && !*fn->module);
		mains += !strcmp(fn->name, "PROG`main");
		if (!strcmp(fn->name, "PROG`main"))
			assert_true(fn->self == 0 && fn->total == 65 + 58);
	}
	assert_int_equal(mains, 1);
	assert_non_null(f = open_memstream(&p, &n));
	assert_int_equal(callstacks_flamegraph(&both, "both", f), 0);
	fclose(f);
	assert_non_null(strstr(p, "<title>all (128 samples, 100.00%)</title>"));
	assert_non_null(strstr(p, "<title>[off-cpu] (58 samples, 45.31%)</title>"));
	free(p);
	callstacks_free(&both);
	off.hz = 100;
	assert_int_equal(callstacks_join(&on, &off, &both, err, sizeof err), -1);
	assert_non_null(strstr(err, "rate (100 Hz) is not the dump's (1000 Hz)"));
	callstacks_free(&off);
	callstacks_free(&on);
	teardown_maps(2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(folded),
		cmocka_unit_test(tail_calls),
		cmocka_unit_test(frame_made),
		cmocka_unit_test(totals),
		cmocka_unit_test(callgraph),
		cmocka_unit_test(flamegraph),
		cmocka_unit_test(flametree),
		cmocka_unit_test(pprof),
		cmocka_unit_test(joined),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
