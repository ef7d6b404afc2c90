/* profstub.h: the profiler's environment (profkern/port.h) for its host unit
 * tests: allocations counted and made to fail on demand, below 2 GiB (a
 * trace's addresses are 32 bits), each ending at a page that faults, a
 * clock mask
 * that only counts, and the modules TESTPROF and WORKER. */
#ifndef TESTS_UNIT_PROFILER_PROFSTUB_H
#define TESTS_UNIT_PROFILER_PROFSTUB_H

#include "profkern/port.h"

extern long live_allocs;
extern int fail_alloc_after;	/* the n-th allocation from now fails; -1: none */

/* The CPUs: how many (1 unless a test sets it), the one running, and
 * the calls of prof_replan() (with wait, and all). */
extern int stub_ncpu, stub_cpu, stub_replans, stub_replan_waits;
/* While stub_check_release is set, each release is counted, and counted
 * unsafe unless prof_replan(1) was called since prof_gen last moved (a
 * plan on another CPU may still name the memory). */
extern int stub_check_release, stub_releases, stub_unsafe_releases;

/* The period prof_clock_period() gives: 1193 + [0, 1024) PIT counts
 * unless a test sets it. */
extern struct prof_period stub_period;

/* What prof_clock_turns() says: 0 (the CPUs at once) unless a test sets it. */
extern int stub_turns;

/* The clock prof_clock_ticks() reads: 0 unless a test moves it. */
extern uint64_t stub_ticks;

#define UCS 0x07	/* LDT 0, RPL 3 */
#define KCS 0x08

#endif
