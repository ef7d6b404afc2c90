/* ticktest.h: the timer entry's self-test (boot argument selftest=tick),
 * linked into the self-test kernel only (build/selftest.elf,
 * tests/selftest/selftest.mk). */
#ifndef TESTS_SELFTEST_TICKTEST_H
#define TESTS_SELFTEST_TICKTEST_H

void ticktest(void) __attribute__((noreturn));

#endif
