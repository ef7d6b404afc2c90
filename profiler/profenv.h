/* profenv.h: all the profiler asks of its environment. The kernel
 * implements it in kernel/profenv.c, unit tests in their own files. */
#ifndef PROFILER_PROFENV_H
#define PROFILER_PROFENV_H

#include <stddef.h>
#include <stdint.h>

void *prof_zalloc(size_t size);		/* zeroed memory, or NULL */
void prof_release(void *p);
uint32_t prof_clock_mask(void);		/* masks the clock interrupt, returns the old state */
void prof_clock_restore(uint32_t state);
int prof_module_known(const char *name);	/* 1 if a program module has this name */
/* The sampling period in PIT counts, uniform over base + [0, spread). */
void prof_clock_period(uint32_t *base, uint32_t *spread);

#endif
