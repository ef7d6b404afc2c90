/* bootargs.h: the kernel command line, "hz=N crash=..." (pure, tested on the host). */
#ifndef KERNEL_BOOTARGS_H
#define KERNEL_BOOTARGS_H

#include <stdint.h>

enum crash { CRASH_NONE, CRASH_FAULT, CRASH_TRIPLE };

struct bootargs {
	uint32_t hz;
	int jitter;		/* jitter=0 fixes the timer's period; on by default */
	enum crash crash;	/* crash=fault|triple: the tests' way to prove the failure paths */
	int selftest_tick;	/* selftest=tick: the timer entry's self-test (kernel/ticktest.c) */
	const char *error;	/* set when bootargs_parse fails */
};

int bootargs_parse(const char *cmdline, struct bootargs *a);

#endif
