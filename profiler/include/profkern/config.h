/* config.h: the profiler module's sizes (docs/porting.md, "Sizes and
 * memory"). A kernel may set any of them with -D on every file of the
 * module and of its own that includes a header of it; the module checks
 * them when it is built. The defaults are profkern's. */
#ifndef PROFILER_INCLUDE_PROFKERN_CONFIG_H
#define PROFILER_INCLUDE_PROFKERN_CONFIG_H

/* The CPUs a profile counts on: prof_ncpu() is taken as at most this
 * (1 to 8: the dump's limit). */
#ifndef PROF_NCPU_MAX
#define PROF_NCPU_MAX	8
#endif
/* The code segments a process may have counted: slots 0 to PROF_SLOTS - 1
 * (struct prof_codeseg's slot). A flat kernel needs 1. */
#ifndef PROF_SLOTS
#define PROF_SLOTS	4
#endif
/* The ticks each CPU's trace keeps after the last ProfClear (docs/accuracy.md). */
#ifndef PROF_TRACE_ENTRIES
#define PROF_TRACE_ENTRIES 16384
#endif
/* A profile's own block: its state and its table of counted segments
 * (the seed's "64K block for internal use"); it bounds the segments a
 * profile counts (PROF_MAX_BUFS, about 1,200 at 64 KiB). */
#ifndef PROF_INTERNAL_SIZE
#define PROF_INTERNAL_SIZE 65536
#endif
/* The entries of a table of call stacks (PT_STACKS) until
 * prof_set_stack_entries() says otherwise: a power of 2 from 256 to
 * 1048576. */
#ifndef PROF_STACK_ENTRIES_DEFAULT
#define PROF_STACK_ENTRIES_DEFAULT 32768u
#endif

/* The memory a profile takes, from prof_zalloc(), each block zeroed and
 * whole (N: CPUs, prof_ncpu(); L: the bytes of each counted code segment;
 * E: the stack table's entries):
 *   PROF_INTERNAL_SIZE + 72                        its block
 *   N * (PROF_TRACE_ENTRIES + 16) * 4 + 72         its traces (64 KiB a CPU)
 *   N * L + 72, each segment (L rounded up to 64 a CPU), 9 times
 *     that with PT_SPREAD                          its counters
 *   N * 72 * E + 72, with PT_STACKS                its tables of stacks
 * and a dump, while it is taken and sent, about one CPU's share of all
 * that again (prof_dump_take()). */

#endif
