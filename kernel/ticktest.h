/* ticktest.h: the timer entry's self-test (boot argument selftest=tick). */
#ifndef KERNEL_TICKTEST_H
#define KERNEL_TICKTEST_H

void ticktest(void) __attribute__((noreturn));

#endif
