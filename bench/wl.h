/* wl.h: a workload of the accuracy benchmark (docs/PERFORMANCE.md).
 *
 * A workload is one C file that defines wl_run(). It is compiled once, with
 * the guests' flags, and that one object is linked twice: into a guest
 * program with wlmain.c, which profiles wl_run, and into a 32-bit host
 * program with wlhost.c, which runs wl_run under callgrind. The functions
 * are therefore the same instructions on both sides, and callgrind's
 * instruction count per function is the truth the profile is held to.
 *
 * Rules for a workload: no library calls in its hot parts; no rep-prefixed
 * string instructions; its control flow must not depend on what a system
 * call returns (the host's stand-ins return other values). */
#ifndef BENCH_WL_H
#define BENCH_WL_H

#include <stdint.h>

#define WL_FN __attribute__((noinline, noclone))

/* The work, between ProfOn and ProfOff; scale sets its length. */
void wl_run(int scale);

/* Percent more work for the one function of a workload that honours it
 * (graded's multiply): 0 unless wlmain's `plain SCALE MORE` sets it; a
 * variant of the same program whose one function changed, for the
 * calibration's diffs (bench/calibrate.sh). */
extern int wl_more;

/* Guest system calls a workload may make (<profkern.h> on the guest; on the
 * host, stand-ins in wlhost.c). */
int clock_ticks(uint64_t *ticks, uint32_t *hz);
int meminfo(uint32_t *free_bytes);
int yield(void);

/* The time stamp counter: under QEMU's -icount, virtual nanoseconds. */
static inline uint64_t wl_rdtsc(void)
{
	uint32_t lo, hi;
	__asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
	return ((uint64_t)hi << 32) | lo;
}

/* n iterations of two instructions, between two rdtsc: under -icount the
 * TSC counts 2^shift units an instruction, and a tick inside adds its own. */
static inline uint64_t wl_timed_loop(uint32_t n)
{
	uint64_t t0 = wl_rdtsc(), t1;
	__asm__ volatile("1: dec %0\n jnz 1b" : "+r"(n));
	t1 = wl_rdtsc();
	return t1 - t0;
}

/* The fastest of 64 such loops: one with no tick inside, if n is short. */
static inline uint64_t wl_fastest_loop(uint32_t n)
{
	uint64_t m = ~0ull;
	for (int i = 0; i < 64; i++) {
		uint64_t t = wl_timed_loop(n);
		if (t < m)
			m = t;
	}
	return m;
}

#endif
