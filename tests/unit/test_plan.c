/* test_plan.c: the sampling plan (prof_plan(), profiler/sample.c), which
 * boot/irq0.asm carries out for ring-3 ticks without calling prof_tick().
 * plan_tick() below does what that assembly does, step for step; for each
 * profile state, every tick it counts itself must change exactly what
 * prof_tick() changes, and it must leave to prof_tick() what it cannot. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>
#include "prof.h"
#include "profile.h"
#include "profstub.h"

extern struct prof_session *prof_system;

/* irq0.asm's samplers: 1 when the tick is done, 0 when it calls prof_tick(). */
static int plan_tick(const struct prof_plan *p, uint32_t cs, uint32_t eip)
{
	switch (p->kind) {
	case PROF_PLAN_NONE:
		return 1;
	case PROF_PLAN_DWORD: {
		const struct prof_plan_seg *e = &p->seg[(cs & 0xFFF8) / 8];	/* and eax, 0xFFF8 */
		uint32_t *c;
		if (eip >= e->limit)
			return 0;					/* jae irq0_call */
		c = (uint32_t *)((uint8_t *)e->counters + (eip & ~3u));
		*c += 1;					/* add; sbb */
		*c -= *c == 0;
		return 1;
	}
	case PROF_PLAN_PROFIL: {
		uint32_t d = eip - p->pfoffset, i;
		uint16_t c;
		if (d >= p->pflimit)
			return 1;
		i = (uint32_t)(((uint64_t)d * p->pfscale) >> 16) & ~1u;	/* mul; shrd; and */
		memcpy(&c, p->pfbuf + i, 2);
		c += 1;
		c -= c == 0;
		memcpy(p->pfbuf + i, &c, 2);
		return 1;
	}
	default:
		return 0;
	}
}

/* Everything a tick may change: the counters of both sessions, their
 * kernel, idle and out-of-range counts, and the profil buffer. */
static uint8_t pfmem[4096];

static size_t snapshot(const struct prof_proc *pp, uint8_t *out)
{
	const struct prof_session *ss[2] = { pp->user, prof_system };
	size_t n = 0;
	for (int k = 0; k < 2; k++) {
		const struct prof_session *s = ss[k];
		if (!s)
			continue;
		memcpy(out + n, &s->kernel, 24);	/* kernel, idle, out_of_range */
		n += 24;
		for (uint32_t i = 0; i < s->nbufs; i++) {
			size_t len = PDUMP_NBUCKETS(s->bufs[i].length, PROF_SHIFT) * 4;
			memcpy(out + n, s->bufs[i].counters, len);
			n += len;
		}
	}
	memcpy(out + n, pfmem, sizeof(pfmem));
	return n + sizeof(pfmem);
}

static void restore(struct prof_proc *pp, const uint8_t *in)
{
	struct prof_session *ss[2] = { pp->user, prof_system };
	size_t n = 0;
	for (int k = 0; k < 2; k++) {
		struct prof_session *s = ss[k];
		if (!s)
			continue;
		memcpy(&s->kernel, in + n, 24);
		n += 24;
		for (uint32_t i = 0; i < s->nbufs; i++) {
			size_t len = PDUMP_NBUCKETS(s->bufs[i].length, PROF_SHIFT) * 4;
			memcpy(s->bufs[i].counters, in + n, len);
			n += len;
		}
	}
	memcpy(pfmem, in + n, sizeof(pfmem));
}

static uint32_t seed = 12345;
static uint32_t rnd(void)
{
	seed = seed * 1103515245u + 12345u;
	return seed >> 8 ^ seed << 13;
}

/* An EIP near the edges that matter: 0, the plan's limits, the wrap. */
static uint32_t some_eip(const struct prof_plan *p)
{
	uint32_t near[] = { 0, p->seg[0].limit, p->pfoffset, p->pfoffset + p->pflimit, 0xFFFFFFFFu,
			    p->pfoffset + p->pflimit / 2 };
	switch (rnd() % 4) {
	case 0: return rnd();
	case 1: return rnd() % 0x400;
	default: return near[rnd() % 6] + rnd() % 9 - 4;
	}
}

/* Runs ticks through the plan and through prof_tick() from the same state;
 * returns how many the plan counted itself. */
static int compare(struct prof_proc *pp, int ticks)
{
	static uint8_t before[1 << 17], planned[1 << 17], called[1 << 17];
	struct prof_plan plan;
	int done = 0;
	prof_plan(pp, &plan);
	for (int t = 0; t < ticks; t++) {
		uint32_t eip = some_eip(&plan);
		size_t n = snapshot(pp, before);
		assert_true(n <= sizeof(before));
		if (!plan_tick(&plan, UCS, eip)) {
			prof_tick(pp, UCS, eip);	/* the assembly calls it: nothing to compare */
			continue;
		}
		done++;
		snapshot(pp, planned);
		restore(pp, before);
		prof_tick(pp, UCS, eip);
		snapshot(pp, called);
		if (memcmp(planned, called, n))
			fail_msg("plan %u, EIP 0x%08x: the plan and prof_tick() differ", plan.kind, eip);
	}
	return done;
}

static struct prof_codeseg seg_of(struct prof_proc *owner, uint32_t origin, uint32_t length)
{
	struct prof_codeseg s = { owner, UCS, 1, origin, length, "TESTPROF", 0x600DC0DE };
	return s;
}

static uint32_t kind_of(const struct prof_proc *pp)
{
	struct prof_plan plan;
	prof_plan(pp, &plan);
	return plan.kind;
}

/* A user profile alone is counted by the plan, a tick past its segment
 * and a saturated counter included; off, nothing is. */
static void test_plan_user(void **state)
{
	(void)state;
	struct prof_proc pp = { 0 };
	struct prof_codeseg s = seg_of(&pp, 0, 0x1FE);
	assert_int_equal(kind_of(&pp), PROF_PLAN_NONE);
	assert_int_equal(prof_init(&pp, PT_USER, NULL, &s, 1), 0);
	assert_int_equal(kind_of(&pp), PROF_PLAN_NONE);	/* not on yet */
	assert_int_equal(prof_on(&pp, PT_USER), 0);
	assert_int_equal(kind_of(&pp), PROF_PLAN_DWORD);
	pp.ubuf[0]->counters[5] = 0xFFFFFFFFu;
	pp.ubuf[0]->counters[6] = 0xFFFFFFFEu;
	assert_true(compare(&pp, 20000) > 5000);
	assert_int_equal(pp.ubuf[0]->counters[5], 0xFFFFFFFFu);
	assert_int_equal(prof_off(&pp, PT_USER), 0);
	assert_int_equal(kind_of(&pp), PROF_PLAN_NONE);
	assert_int_equal(compare(&pp, 1000), 1000);
	prof_exit(&pp);
}

/* The system profile alone: an attached process's ticks are the plan's;
 * one it does not count (another module) goes to prof_tick() (out of range). */
static void test_plan_system(void **state)
{
	(void)state;
	struct prof_proc a = { 0 }, other = { 0 }, me = { 0 };
	struct prof_codeseg s = seg_of(&a, 0, 0x333);
	assert_int_equal(prof_init(&me, PT_SYSTEM, "TESTPROF WORKER", &s, 1), 0);
	assert_int_equal(prof_on(&me, PT_SYSTEM), 0);
	assert_int_equal(kind_of(&a), PROF_PLAN_DWORD);
	assert_true(compare(&a, 20000) > 5000);
	assert_int_equal(kind_of(&other), PROF_PLAN_DWORD);
	assert_int_equal(compare(&other, 1000), 0);	/* limit 0: every tick called */
	assert_true(prof_system->out_of_range > 0);
	assert_int_equal(kind_of(NULL), PROF_PLAN_NONE);	/* idle has no ring-3 tick */
	assert_int_equal(prof_off(&me, PT_SYSTEM), 0);
	assert_int_equal(prof_free(&me, PT_SYSTEM), 0);
}

/* Two profiles at once, or a segment whose counters do not start at
 * offset 0, are left to prof_tick(). */
static void test_plan_calls(void **state)
{
	(void)state;
	struct prof_proc a = { 0 }, b = { 0 };
	struct prof_codeseg s = seg_of(&a, 0, 0x100), moved = seg_of(&b, 0x40, 0x100);
	struct prof_plan plan;
	assert_int_equal(prof_init(&a, PT_USER, NULL, &s, 1), 0);
	assert_int_equal(prof_on(&a, PT_USER), 0);
	assert_int_equal(prof_init(&a, PT_SYSTEM, NULL, &s, 1), 0);
	assert_int_equal(prof_on(&a, PT_SYSTEM), 0);
	assert_int_equal(kind_of(&a), PROF_PLAN_CALL);
	assert_int_equal(prof_off(&a, PT_SYSTEM), 0);
	assert_int_equal(prof_free(&a, PT_SYSTEM), 0);
	prof_profil(&a, pfmem, 100, 0, 0x10000);
	assert_int_equal(kind_of(&a), PROF_PLAN_CALL);	/* user profile and profil */
	prof_profil(&a, 0, 0, 0, 0);
	assert_int_equal(kind_of(&a), PROF_PLAN_DWORD);
	assert_int_equal(prof_off(&a, PT_USER), 0);
	prof_exit(&a);
	assert_int_equal(prof_init(&b, PT_USER, NULL, &moved, 1), 0);
	assert_int_equal(prof_on(&b, PT_USER), 0);
	prof_plan(&b, &plan);
	assert_int_equal(plan.kind, PROF_PLAN_DWORD);
	assert_int_equal(plan.seg[0].limit, 0);
	assert_int_equal(compare(&b, 1000), 0);
	assert_int_equal(prof_off(&b, PT_USER), 0);
	prof_exit(&b);
}

/* profil() alone, over sizes, offsets and scales: where a limit says
 * exactly which PCs count, the plan counts them; scale 2 and an offset of
 * 0 with every PC in range are prof_tick()'s. */
static void test_plan_profil(void **state)
{
	(void)state;
	static const uint32_t sizes[] = { 2, 3, 9, 100, 4096 };
	static const uint32_t offsets[] = { 0, 0x100, 0x7FFFFFFF, 0xFFFFFF00 };
	static const uint32_t scales[] = { 2, 3, 0x100, 0x8000, 0x10000, 0x18000, 0xFFFFFFFF };
	struct prof_proc pp = { 0 };
	int planned = 0, calls = 0;
	for (size_t i = 0; i < sizeof(sizes) / 4; i++)
		for (size_t j = 0; j < sizeof(offsets) / 4; j++)
			for (size_t k = 0; k < sizeof(scales) / 4; k++) {
				struct prof_plan plan;
				uint32_t last = (sizes[i] & ~1u) - 2;	/* the last whole counter */
				memset(pfmem, 0, sizeof(pfmem));
				pfmem[last] = pfmem[last + 1] = 0xFF;	/* saturated */
				prof_profil(&pp, pfmem, sizes[i], offsets[j], scales[k]);
				prof_plan(&pp, &plan);
				if (plan.kind == PROF_PLAN_CALL) {
					calls++;
					continue;
				}
				assert_int_equal(plan.kind, PROF_PLAN_PROFIL);
				assert_int_not_equal(scales[k], 2);
				assert_int_equal(compare(&pp, 2000), 2000);
				planned++;
			}
	const int nsizes = sizeof(sizes) / 4, noffsets = sizeof(offsets) / 4, nscales = sizeof(scales) / 4;
	assert_int_equal(calls, nsizes * noffsets);	/* scale 2, at every size and offset */
	assert_int_equal(planned, nsizes * noffsets * (nscales - 1));
	prof_exit(&pp);
}

/* Every change a plan depends on moves prof_gen, so the kernel makes the
 * running process's plan again before it returns to ring 3. */
static void test_plan_generation(void **state)
{
	(void)state;
	struct prof_proc a = { 0 }, c = { 0 }, me = { 0 };
	struct prof_codeseg s = seg_of(&a, 0, 0x100), late = seg_of(&c, 0, 0x40);
	uint32_t g = prof_gen;
#define MOVED(call) do { call; assert_int_not_equal(prof_gen, g); g = prof_gen; } while (0)
	MOVED(assert_int_equal(prof_init(&a, PT_USER, NULL, &s, 1), 0));
	MOVED(assert_int_equal(prof_on(&a, PT_USER), 0));
	assert_int_equal(prof_on(&a, PT_USER), 0);	/* nested: the plan stays */
	assert_int_equal(prof_off(&a, PT_USER), 0);
	MOVED(assert_int_equal(prof_off(&a, PT_USER), 0));
	MOVED(assert_int_equal(prof_free(&a, PT_USER), 0));
	MOVED(prof_profil(&a, pfmem, 16, 0, 0x10000));
	MOVED(prof_profil(&a, 0, 0, 0, 0));
	MOVED(assert_int_equal(prof_init(&me, PT_SYSTEM, NULL, &s, 1), 0));
	MOVED(assert_int_equal(prof_on(&me, PT_SYSTEM), 0));
	MOVED(assert_int_equal(prof_proc_start(&c, &late, 1), 0));
	MOVED(prof_exit(&c));
	MOVED(assert_int_equal(prof_off(&me, PT_SYSTEM), 0));
	MOVED(assert_int_equal(prof_free(&me, PT_SYSTEM), 0));
	assert_int_equal(prof_init(&a, PT_USER, NULL, &s, 1), 0);
	assert_int_equal(prof_on(&a, PT_USER), 0);
	g = prof_gen;
	prof_exit(&c);					/* nothing of c's left: no change */
	assert_int_equal(prof_gen, g);
	MOVED(prof_exit(&a));				/* on when the process ends */
#undef MOVED
}

static int teardown(void **state)
{
	(void)state;
	assert_int_equal(live_allocs, 0);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_plan_user, teardown),
		cmocka_unit_test_teardown(test_plan_system, teardown),
		cmocka_unit_test_teardown(test_plan_calls, teardown),
		cmocka_unit_test_teardown(test_plan_profil, teardown),
		cmocka_unit_test_teardown(test_plan_generation, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
