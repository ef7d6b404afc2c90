/* test_plan.c: the sampling plan's decisions (prof_plan(),
 * profiler/sample.c): which kind of plan each profile state gets, its
 * limits, and that every change it depends on moves prof_gen. Whether the
 * assembly that carries a plan out (boot/irq0.asm) counts each tick as
 * prof_tick() would is checked on the real code, in the guest:
 * tests/selftest/ticktest.c (selftest=tick, an integration test). */
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

static uint8_t pfmem[4096];

static struct prof_codeseg seg_of(struct prof_proc *owner, uint32_t origin, uint32_t length)
{
	struct prof_codeseg s = { owner, UCS, 1, origin, length, "TESTPROF", 0x600DC0DE, UCS >> 3 };
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
	struct prof_plan plan;
	assert_int_equal(kind_of(&pp), PROF_PLAN_NONE);
	assert_int_equal(prof_init(&pp, PT_USER, NULL, &s, 1), 0);
	assert_int_equal(kind_of(&pp), PROF_PLAN_NONE);	/* not on yet */
	assert_int_equal(prof_on(&pp, PT_USER), 0);
	assert_int_equal(kind_of(&pp), PROF_PLAN_DWORD);
	prof_plan(&pp, &plan);
	assert_int_equal(plan.seg[0].limit, 0x1FE);	/* the segment's length */
	assert_ptr_equal(plan.seg[0].counters, pp.ubuf[0]->counters);
	for (int i = 1; i < PROF_LDT_SLOTS; i++)
		assert_int_equal(plan.seg[i].limit, 0);	/* no other segment: prof_tick()'s */
	assert_int_equal(prof_off(&pp, PT_USER), 0);
	assert_int_equal(kind_of(&pp), PROF_PLAN_NONE);
	prof_exit(&pp);
}

/* A profile with stacks: the assembly's STACKS plan when it is the only
 * one and the process's windows are as the kernel makes them; else
 * prof_tick()'s. */
static void test_plan_stacks(void **state)
{
	(void)state;
	static uint8_t mem[0x2000];
	static uint32_t esp;
	struct prof_proc pp = { 0 };
	struct prof_codeseg s = seg_of(&pp, 0, 0x1FE);
	struct prof_plan plan;

	assert_int_equal(prof_init(&pp, PT_USER | PT_STACKS, NULL, &s, 1), 0);
	assert_int_equal(prof_on(&pp, PT_USER), 0);
	assert_int_equal(kind_of(&pp), PROF_PLAN_CALL);	/* no windows */
	pp.ustack.base = pp.ucode.base = mem;
	pp.ustack.size = sizeof mem;
	pp.ucode.size = 0x200;
	pp.uesp = &esp;
	prof_plan(&pp, &plan);
	assert_int_equal(plan.kind, PROF_PLAN_STACKS);
	assert_int_equal(plan.seg[0].limit, 0x1FE);
	assert_ptr_equal(plan.counters, pp.ubuf[0]->counters);
	assert_ptr_equal(plan.table, pp.user->stacks);
	assert_int_equal(plan.useg, 1);
	assert_ptr_equal(plan.ubase, mem);
	assert_int_equal(plan.spmax, sizeof mem - 4);
	assert_int_equal(plan.codemax, 0x200 - 5);
	assert_int_equal(plan.s1, sizeof mem - 7);
	assert_ptr_equal(plan.wbase, mem + sizeof mem - 7);
	pp.ucode.base = 0;		/* no code window */
	assert_int_equal(kind_of(&pp), PROF_PLAN_CALL);
	pp.ucode.base = mem + 0x1000;	/* code and stack at two bases, as the kernel's */
	prof_plan(&pp, &plan);
	assert_int_equal(plan.kind, PROF_PLAN_STACKS);
	assert_ptr_equal(plan.cbase, mem + 0x1000);
	pp.ucode.bias = 4;		/* not at offset 0 */
	assert_int_equal(kind_of(&pp), PROF_PLAN_CALL);
	pp.ucode.bias = 0;
	pp.ucode.size = 4;		/* no room for a call */
	assert_int_equal(kind_of(&pp), PROF_PLAN_CALL);
	pp.ucode.size = 0x200;
	pp.ustack.size = 7;		/* no room for a frame */
	assert_int_equal(kind_of(&pp), PROF_PLAN_CALL);
	pp.ustack.size = sizeof mem;
	prof_profil(&pp, pfmem, 100, 0, 0x10000);	/* two profiles */
	assert_int_equal(kind_of(&pp), PROF_PLAN_CALL);
	prof_profil(&pp, 0, 0, 0, 0);
	assert_int_equal(kind_of(&pp), PROF_PLAN_STACKS);
	assert_int_equal(prof_off(&pp, PT_USER), 0);
	assert_int_equal(kind_of(&pp), PROF_PLAN_NONE);
	prof_exit(&pp);
}

/* The system profile alone: an attached process's ticks are the plan's;
 * one it does not count (another module) goes to prof_tick() (out of range). */
static void test_plan_system(void **state)
{
	(void)state;
	struct prof_proc a = { 0 }, other = { 0 }, me = { 0 };
	struct prof_codeseg s = seg_of(&a, 0, 0x333);
	struct prof_plan plan;
	assert_int_equal(prof_init(&me, PT_SYSTEM, "TESTPROF WORKER", &s, 1), 0);
	assert_int_equal(prof_on(&me, PT_SYSTEM), 0);
	assert_int_equal(kind_of(&a), PROF_PLAN_DWORD);
	prof_plan(&a, &plan);
	assert_int_equal(plan.seg[0].limit, 0x333);
	assert_ptr_equal(plan.seg[0].counters, a.sbuf[0]->counters);
	assert_int_equal(kind_of(&other), PROF_PLAN_DWORD);
	prof_plan(&other, &plan);
	assert_int_equal(plan.seg[0].limit, 0);		/* limit 0: every tick called */
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
	assert_int_equal(plan.seg[0].limit, 0);		/* counters not from offset 0 */
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
				assert_ptr_equal(plan.pfbuf, pfmem);
				assert_int_equal(plan.pfoffset, offsets[j]);
				assert_int_equal(plan.pfscale, scales[k]);
				/* The last d = pc - offset counted has its counter inside
				 * the buffer; the next has not, unless the limit is every
				 * pc from offset on. */
				uint64_t last_at = ((uint64_t)(plan.pflimit - 1) * scales[k] >> 16) & ~1ull;
				uint64_t next_at = ((uint64_t)plan.pflimit * scales[k] >> 16) & ~1ull;
				assert_true(last_at + 2 <= sizes[i]);
				assert_true(next_at + 2 > sizes[i] ||
					    plan.pflimit == (uint32_t)(0x100000000ull - offsets[j]));
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
		cmocka_unit_test_teardown(test_plan_stacks, teardown),
		cmocka_unit_test_teardown(test_plan_calls, teardown),
		cmocka_unit_test_teardown(test_plan_profil, teardown),
		cmocka_unit_test_teardown(test_plan_generation, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
