/* dumpback.h: a profile dumped through the real frame writer into memory,
 * found again by the real capture parser and read back (dumpback.c). */
#ifndef TESTS_UNIT_PROFILER_DUMPBACK_H
#define TESTS_UNIT_PROFILER_DUMPBACK_H

#include "prof.h"

/* pp's profile of type, dumped and read back into *d (its buffers from the
 * heap: pdump_release(d, &dumpback_heap)); a cmocka failure if any step fails. */
void dump_back(struct prof_proc *pp, int type, struct pdump *d);
extern const struct pdump_alloc dumpback_heap;

#endif
