/* bootargs.h: the kernel command line, "hz=N seed=N stacktable=N stdin=NAME crash=..." (pure, tested on the host). */
#ifndef KERNEL_BOOTARGS_H
#define KERNEL_BOOTARGS_H

#include <stdint.h>

#define BOOTARGS_NAME_MAX 64	/* a file's name: 63 bytes and the NUL (kernel/fs/fslimits.h) */

enum crash { CRASH_NONE, CRASH_FAULT, CRASH_TRIPLE };

struct bootargs {
	uint32_t hz;
	int jitter;		/* jitter=0 fixes the timer's period; on by default */
	uint32_t seed;		/* seed=N: the jitter's generator's first state; 1 by default */
	enum crash crash;	/* crash=fault|triple: the tests' way to prove the failure paths */
	int selftest_tick;	/* selftest=tick: the timer entry's self-test (tests/selftest/ticktest.c, in build/selftest.elf only) */
	int c_tick;		/* ctick=1: every sampled tick through the profiler's C entry; ctick=plan (2): its plan in C (make bench) */
	int turns;		/* several CPUs take turns (kernel/smp/turns.h): 1 by default; turns=0 where they run at once */
	uint32_t stacktable;	/* stacktable=N: entries of a profile's table of stacks */
	char stdin_name[BOOTARGS_NAME_MAX];	/* stdin=NAME: every program's fd 0; "" for an empty input */
	const char *error;	/* set when bootargs_parse fails */
	const char *warning;	/* a value refused, its default kept: the console says so */
};

int bootargs_parse(const char *cmdline, struct bootargs *a);

#endif
