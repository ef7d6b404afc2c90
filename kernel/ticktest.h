/* ticktest.h: the timer entry's self-test (boot argument selftest=tick),
 * linked into the self-test kernel only (build/selftest.elf, kernel/kernel.mk). */
#ifndef KERNEL_TICKTEST_H
#define KERNEL_TICKTEST_H

void ticktest(void) __attribute__((noreturn));

#endif
