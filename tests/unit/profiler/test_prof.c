/* test_prof.c: the profiler module on the host: the calls' state machine
 * and error codes, the sampler's bucket index, saturation and ranges,
 * system sessions with module lists, and dumps read back. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>
#include "prof.h"
#include "profkern/port.h"
#include "profile.h"
#include "sys/errno.h"
#include "capture.h"
#include "profstub.h"
#include "dumpback.h"



/* A program's code segment; its fingerprint made from its module name, so
 * that two programs of one name have the same code. */
static struct prof_codeseg userseg(struct prof_proc *owner, uint32_t length, const char *module)
{
	struct prof_codeseg s = { owner, UCS, 1, 0, length, module,
				  crc32_update(0, module, strlen(module)), UCS >> 3 };
	return s;
}

static int teardown(void **state)
{
	(void)state;
	assert_int_equal(live_allocs, 0);	/* every test gives back what it took */
	return 0;
}

/* Every call before ProfInit is out of order; bad types are refused. */
/* A sink for calls that must fail before they send a byte. */
static void discard(void *ctx, const void *data, size_t len)
{
	(void)ctx;
	(void)data;
	fail_msg("%zu bytes sent", len);
}

static void test_prof_order_and_types(void **state)
{
	(void)state;
	struct prof_proc pp = { 0 };
	struct prof_codeseg s = userseg(&pp, 100, "TESTPROF");
	assert_int_equal(prof_on(&pp, PT_USER), -ENOTINIT);
	assert_int_equal(prof_off(&pp, PT_USER), -ENOTINIT);
	assert_int_equal(prof_clear(&pp, PT_USER), -ENOTINIT);
	assert_int_equal(prof_free(&pp, PT_USER), -ENOTINIT);
	assert_int_equal(prof_dump(&pp, PT_USER, 1000, "x", discard, NULL), -ENOTINIT);
	assert_int_equal(prof_on(&pp, PT_SYSTEM), -ENOTINIT);
	assert_int_equal(prof_init(&pp, 64, NULL, &s, 1), -EINVAL);	/* 32 is PT_SPREAD */
	assert_int_equal(prof_init(&pp, -1, NULL, &s, 1), -EINVAL);
	assert_int_equal(prof_init(&pp, PT_USER | PT_USEDD, NULL, &s, 1), -ENOSYS);
	assert_int_equal(prof_init(&pp, PT_USER, "TESTPROF", &s, 1), -EINVAL);
	assert_int_equal(live_allocs, 0);
}

/* ProfOn/ProfOff nest; ProfFree needs counting off; all memory comes back. */
static void test_prof_nesting_and_free(void **state)
{
	(void)state;
	struct prof_proc pp = { 0 };
	struct prof_codeseg s = userseg(&pp, 100, "TESTPROF");
	assert_int_equal(prof_init(&pp, PT_USER, NULL, &s, 1), 0);
	assert_int_equal(live_allocs, 3);	/* the internal block, one counter buffer, the trace */
	assert_int_equal(prof_init(&pp, PT_USER, NULL, &s, 1), -EEXIST);
	assert_int_equal(prof_off(&pp, PT_USER), -ENOTON);
	assert_int_equal(prof_on(&pp, PT_USER), 0);
	assert_int_equal(prof_on(&pp, PT_USER | PT_USEKP), 0);
	prof_tick(&pp, UCS, 8, 0);
	assert_int_equal(prof_off(&pp, PT_USER), 0);
	prof_tick(&pp, UCS, 8, 0);			/* still on: depth 1 */
	assert_int_equal(prof_free(&pp, PT_USER), -EBUSY);
	assert_int_equal(prof_off(&pp, PT_USER), 0);
	prof_tick(&pp, UCS, 8, 0);			/* off: not counted */
	assert_int_equal(pp.ubuf[0]->counters[2], 2);
	assert_int_equal(prof_off(&pp, PT_USER), -ENOTON);
	assert_int_equal(prof_free(&pp, PT_USER), 0);
	assert_null(pp.user);
	assert_null(pp.ubuf[0]);
	assert_int_equal(prof_free(&pp, PT_USER), -ENOTINIT);
}

/* EIP picks counters[EIP >> 2]; the low two bits do not matter; past the end is out of range. */
static void test_prof_bucket_index(void **state)
{
	(void)state;
	struct prof_proc pp = { 0 };
	struct prof_codeseg s = userseg(&pp, 0x1001, "TESTPROF");	/* 0x401 buckets */
	struct pdump d;
	assert_int_equal(prof_init(&pp, PT_USER, NULL, &s, 1), 0);
	assert_int_equal(prof_on(&pp, PT_USER), 0);
	for (uint32_t eip = 0x120; eip < 0x124; eip++)
		prof_tick(&pp, UCS, eip, 0);
	prof_tick(&pp, UCS, 0x1000, 0);		/* the last byte: the last bucket */
	prof_tick(&pp, UCS, 0x1001, 0);		/* past the segment */
	prof_tick(&pp, UCS, 0xFFFFFFFF, 0);
	prof_tick(&pp, UCS | 0x18, 0, 0);		/* an LDT index with no buffer */
	prof_tick(&pp, KCS, 0x100123, 0);		/* in the kernel, on the process's behalf */
	assert_int_equal(pp.ubuf[0]->counters[0x120 >> 2], 4);
	assert_int_equal(pp.ubuf[0]->counters[0x400], 1);
	dump_back(&pp, PT_USER, &d);
	assert_int_equal(d.total, 4 + 1 + 3 + 1);
	assert_int_equal(d.out_of_range, 3);
	assert_int_equal(d.kernel, 1);
	assert_int_equal(d.nseg, 1);
	assert_string_equal(d.segs[0].module, "TESTPROF");
	assert_int_equal(d.segs[0].length, 0x1001);
	assert_int_equal(d.segs[0].counters[0x48], 4);
	pdump_release(&d, &dumpback_heap);
	prof_off(&pp, PT_USER);
	prof_exit(&pp);			/* frees the profile as a process exit does */
}

/* A counter stops at 0xFFFFFFFF instead of wrapping. */
static void test_prof_saturation(void **state)
{
	(void)state;
	struct prof_proc pp = { 0 };
	struct prof_codeseg s = userseg(&pp, 16, "TESTPROF");
	assert_int_equal(prof_init(&pp, PT_USER, NULL, &s, 1), 0);
	assert_int_equal(prof_on(&pp, PT_USER), 0);
	pp.ubuf[0]->counters[1] = 0xFFFFFFFEu;
	prof_tick(&pp, UCS, 4, 0);
	prof_tick(&pp, UCS, 4, 0);
	prof_tick(&pp, UCS, 5, 0);
	assert_int_equal(pp.ubuf[0]->counters[1], 0xFFFFFFFFu);
	prof_off(&pp, PT_USER);
	assert_int_equal(prof_clear(&pp, PT_USER), 0);
	assert_int_equal(pp.ubuf[0]->counters[1], 0);
	prof_exit(&pp);
}

/* Out of memory at any allocation: ENOMEM and nothing kept. */
static void test_prof_nomem(void **state)
{
	(void)state;
	struct prof_proc pp = { 0 };
	struct prof_codeseg s = userseg(&pp, 64, "TESTPROF");
	for (int n = 0; n < 2; n++) {
		fail_alloc_after = n;
		assert_int_equal(prof_init(&pp, PT_USER, NULL, &s, 1), -ENOMEM);
		assert_null(pp.user);
		assert_int_equal(live_allocs, 0);
	}
	fail_alloc_after = -1;
}

/* System profile: kernel text with PT_VERBOSE, idle, two processes of one
 * module adding up, a process that starts later, one that exits. */
static void test_prof_system(void **state)
{
	(void)state;
	struct prof_proc a = { 0 }, b = { 0 }, c = { 0 }, me = { 0 };
	struct prof_codeseg segs[3] = {
		userseg(&a, 64, "WORKER"), userseg(&b, 64, "WORKER"),
		{ NULL, KCS, 1, 0x100000, 0x400, "kernel", 0x7E57C0DE, 0 },
	};
	struct prof_codeseg late = userseg(&c, 32, "TESTPROF");
	struct pdump d;
	assert_int_equal(prof_init(&me, PT_SYSTEM | PT_VERBOSE, NULL, segs, 3), 0);
	assert_int_equal(prof_init(&me, PT_SYSTEM, NULL, segs, 3), -EEXIST);
	assert_int_equal(prof_on(&me, PT_SYSTEM), 0);
	prof_tick(&a, UCS, 0, 0);
	prof_tick(&b, UCS, 0, 0);			/* same module: same counter */
	prof_tick(NULL, KCS, 0x100010, 0);		/* idle */
	prof_tick(&a, KCS, 0x100010, 0);		/* kernel work, in its text */
	prof_tick(&a, KCS, 0x200000, 0);		/* kernel, past its text */
	assert_int_equal(prof_proc_start(&c, &late, 1), 0);
	prof_tick(&c, UCS, 31, 0);
	prof_exit(&a);				/* its counts stay; it is detached */
	assert_null(a.sbuf[0]);
	assert_int_equal(prof_off(&me, PT_SYSTEM), 0);
	dump_back(&me, PT_SYSTEM, &d);
	assert_int_equal(d.nseg, 3);
	assert_int_equal(d.idle, 1);
	assert_int_equal(d.kernel, 1);
	assert_int_equal(d.total, 2 + 1 + 1 + 1 + 1);
	/* version 6: its trace, and one CPU, whose totals are the dump's */
	assert_int_equal(d.version, 6);
	assert_int_equal(d.ncpu, 1);
	assert_int_equal(d.cpus[0].samples, d.total);
	assert_int_equal(d.cpus[0].kernel, 1);
	assert_int_equal(d.cpus[0].idle, 1);
	for (uint32_t i = 0; i < d.nseg; i++)
		assert_int_equal(d.cpus[0].segtics[i], d.segs[i].tics);
	for (uint32_t i = 0; i < d.nseg; i++) {
		if (!strcmp(d.segs[i].module, "WORKER"))
			assert_int_equal(d.segs[i].counters[0], 2);
		else if (!strcmp(d.segs[i].module, "kernel"))
			assert_int_equal(d.segs[i].counters[4], 1);
		else
			assert_int_equal(d.segs[i].counters[7], 1);
		/* each segment carries the fingerprint of the code it counted */
		assert_int_equal(d.segs[i].fingerprint, !strcmp(d.segs[i].module, "kernel") ? 0x7E57C0DE :
				 crc32_update(0, d.segs[i].module, strlen(d.segs[i].module)));
	}
	pdump_release(&d, &dumpback_heap);
	assert_int_equal(prof_free(&me, PT_SYSTEM), 0);
	assert_null(b.sbuf[0]);
	assert_null(c.sbuf[0]);
	prof_tick(&b, UCS, 0, 0);			/* no session: nothing happens */
}

/* Two programs of one name and size but other code (other fingerprints)
 * count apart, each segment under its own fingerprint; a third with the
 * first one's code adds up with it. */
static void test_prof_other_code_same_name(void **state)
{
	(void)state;
	struct prof_proc a = { 0 }, b = { 0 }, c = { 0 }, me = { 0 };
	struct prof_codeseg segs[3] = { userseg(&a, 64, "WORKER"), userseg(&b, 64, "WORKER"),
					userseg(&c, 64, "WORKER") };
	struct pdump d;
	segs[1].fingerprint ^= 1;
	assert_int_equal(prof_init(&me, PT_SYSTEM, NULL, segs, 3), 0);
	assert_int_equal(prof_on(&me, PT_SYSTEM), 0);
	prof_tick(&a, UCS, 0, 0);
	prof_tick(&b, UCS, 0, 0);
	prof_tick(&c, UCS, 0, 0);
	prof_off(&me, PT_SYSTEM);
	dump_back(&me, PT_SYSTEM, &d);
	assert_int_equal(d.nseg, 2);
	assert_int_equal(d.segs[0].fingerprint, segs[0].fingerprint);
	assert_int_equal(d.segs[0].counters[0], 2);
	assert_int_equal(d.segs[1].fingerprint, segs[1].fingerprint);
	assert_int_equal(d.segs[1].counters[0], 1);
	pdump_release(&d, &dumpback_heap);
	assert_int_equal(prof_free(&me, PT_SYSTEM), 0);
}

/* A module list profiles only the modules named; an unknown name is an error. */
static void test_prof_module_list(void **state)
{
	(void)state;
	struct prof_proc a = { 0 }, b = { 0 }, me = { 0 };
	struct prof_codeseg segs[2] = { userseg(&a, 64, "WORKER"), userseg(&b, 64, "TESTPROF") };
	struct pdump d;
	assert_int_equal(prof_init(&me, PT_SYSTEM, "NOSUCH\0", segs, 2), -ENOENT);
	assert_int_equal(prof_init(&me, PT_SYSTEM, "", segs, 2), -EINVAL);
	assert_int_equal(live_allocs, 0);
	assert_int_equal(prof_init(&me, PT_SYSTEM, "worker\0kernel\0", segs, 2), 0);
	assert_int_equal(prof_on(&me, PT_SYSTEM), 0);
	prof_tick(&a, UCS, 0, 0);
	prof_tick(&b, UCS, 0, 0);			/* not profiled: out of range */
	prof_off(&me, PT_SYSTEM);
	dump_back(&me, PT_SYSTEM, &d);
	assert_int_equal(d.nseg, 1);
	assert_string_equal(d.segs[0].module, "WORKER");
	assert_int_equal(d.out_of_range, 1);
	pdump_release(&d, &dumpback_heap);
	assert_int_equal(prof_free(&me, PT_SYSTEM), 0);
	assert_int_equal(prof_init(&me, PT_SYSTEM, "WORKER TESTPROF", segs, 2), 0);
	assert_int_equal(prof_free(&me, PT_SYSTEM), 0);
}

/* User and system profiles count the same tick, each its own way. */
static void test_prof_user_and_system(void **state)
{
	(void)state;
	struct prof_proc a = { 0 };
	struct prof_codeseg s = userseg(&a, 64, "WORKER");
	assert_int_equal(prof_init(&a, PT_USER, NULL, &s, 1), 0);
	assert_int_equal(prof_init(&a, PT_SYSTEM, NULL, &s, 1), 0);
	assert_int_equal(prof_on(&a, PT_USER), 0);
	assert_int_equal(prof_on(&a, PT_SYSTEM), 0);
	prof_tick(&a, UCS, 12, 0);
	assert_int_equal(a.ubuf[0]->counters[3], 1);
	assert_int_equal(a.sbuf[0]->counters[3], 1);
	assert_ptr_not_equal(a.ubuf[0], a.sbuf[0]);
	assert_int_equal(prof_off(&a, PT_USER), 0);
	prof_tick(&a, UCS, 12, 0);
	assert_int_equal(a.ubuf[0]->counters[3], 1);
	assert_int_equal(a.sbuf[0]->counters[3], 2);
	assert_int_equal(prof_off(&a, PT_SYSTEM), 0);
	assert_int_equal(prof_free(&a, PT_SYSTEM), 0);
	assert_int_equal(prof_free(&a, PT_USER), 0);
}

/* profil's index against the formula worked out another way: the PC's
 * 2-byte unit, times scale / 65536, floored, as a byte offset. */
static void test_profil_index(void **state)
{
	(void)state;
	static const uint32_t scales[] = { 2, 3, 0x100, 0x4000, 0x8000, 0xFFFF, 0x10000, 0x18000, 0x7FFFFFFF, 0xFFFFFFFF };
	uint32_t seed = 1;
	/* the manual's cases */
	assert_int_equal(profil_index(0x1064, 0x1000, 0x10000), 0x64);	/* 1:1 */
	assert_int_equal(profil_index(0x1064, 0x1000, 0x8000), 0x32);	/* pairs of units */
	assert_int_equal(profil_index(0x1066, 0x1000, 0x8000), 0x32);
	assert_int_equal(profil_index(0x1068, 0x1000, 0x8000), 0x34);
	assert_int_equal(profil_index(0xFFFFFFFF, 0, 2), 0);		/* all onto the first */
	assert_int_equal(profil_index(0xFFF, 0x1000, 0x10000), PROFIL_NONE);
	for (int n = 0; n < 100000; n++) {
		seed = seed * 1103515245u + 12345u;
		uint32_t offset = (n & 1) ? seed & 0xFFFF : 0;
		seed = seed * 1103515245u + 12345u;
		uint32_t pc = offset + (seed >> (n % 24));
		uint32_t scale = scales[n % 10];
		if (pc < offset)
			continue;
		unsigned __int128 bytes = (unsigned __int128)(pc - offset) * scale / 65536;
		uint64_t want = scale == 2 ? 0 : (uint64_t)(bytes / 2 * 2);
		assert_int_equal(profil_index(pc, offset, scale), want);
	}
}

/* The sampler: user PCs only, inside bufsiz, saturating at 0xFFFF; off when disarmed. */
static void test_profil_sampler(void **state)
{
	(void)state;
	struct prof_proc pp = { 0 };
	uint8_t buf[10] = { 0 };
	uint16_t c;
	prof_profil(&pp, buf, 9, 0x100, 0x10000);	/* room for 4 counters: bytes 0..7 */
	prof_tick(&pp, UCS, 0x102, 0);			/* counter 1 */
	prof_tick(&pp, UCS, 0x103, 0);			/* same unit */
	prof_tick(&pp, KCS, 0x102, 0);			/* the kernel's PC: not the user's */
	prof_tick(&pp, UCS, 0x107, 0);			/* counter 3, bytes 6..7 */
	prof_tick(&pp, UCS, 0x108, 0);			/* bytes 8..9: past bufsiz 9 */
	prof_tick(&pp, UCS, 0xFF, 0);			/* below offset */
	memcpy(&c, buf + 2, 2);
	assert_int_equal(c, 2);
	memcpy(&c, buf + 6, 2);
	assert_int_equal(c, 1);
	assert_int_equal(buf[8], 0);
	c = 0xFFFF;
	memcpy(buf, &c, 2);
	prof_tick(&pp, UCS, 0x100, 0);
	memcpy(&c, buf, 2);
	assert_int_equal(c, 0xFFFF);			/* saturated, not wrapped */
	prof_profil(&pp, buf, 9, 0x100, 1);		/* scale 1: off */
	assert_null(pp.pfbuf);
	prof_tick(&pp, UCS, 0x106, 0);
	assert_int_equal(buf[4], 0);
	prof_profil(&pp, NULL, 9, 0x100, 0x10000);	/* a refused buffer: off */
	assert_null(pp.pfbuf);
	prof_profil(&pp, buf, 1, 0x100, 0x10000);	/* no room for one counter: off */
	assert_null(pp.pfbuf);
	prof_profil(&pp, buf, 9, 0, 0x10000);
	prof_exit(&pp);					/* exit disarms it */
	assert_null(pp.pfbuf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_prof_order_and_types, teardown),
		cmocka_unit_test_teardown(test_prof_nesting_and_free, teardown),
		cmocka_unit_test_teardown(test_prof_bucket_index, teardown),
		cmocka_unit_test_teardown(test_prof_saturation, teardown),
		cmocka_unit_test_teardown(test_prof_nomem, teardown),
		cmocka_unit_test_teardown(test_prof_system, teardown),
		cmocka_unit_test_teardown(test_prof_other_code_same_name, teardown),
		cmocka_unit_test_teardown(test_prof_module_list, teardown),
		cmocka_unit_test_teardown(test_prof_user_and_system, teardown),
		cmocka_unit_test_teardown(test_profil_index, teardown),
		cmocka_unit_test_teardown(test_profil_sampler, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
