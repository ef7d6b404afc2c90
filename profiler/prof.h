/* prof.h: the profiler module's own state: profiles, their counter
 * buffers, traces and per-CPU parts, and the plan of profkern's assembly
 * fast path. A kernel needs only its contract (profkern/port.h, which this
 * includes); the fast path and the module's tests read further. */
#ifndef PROFILER_PROF_H
#define PROFILER_PROF_H

#include <stdint.h>
#include "profkern/port.h"
#include "profkern/frame.h"

#define PROF_LDT_SLOTS	PROF_SLOTS	/* profkern: a process's slot is its LDT index */

_Static_assert(PROF_NCPU_MAX >= 1 && PROF_NCPU_MAX <= 8, "config.h: PROF_NCPU_MAX is 1 to 8");
_Static_assert(PROF_SLOTS >= 1 && PROF_SLOTS <= 8192, "config.h: PROF_SLOTS is 1 to 8192");

/* Memory one CPU writes and no other: each CPU's part of a block starts
 * on a cache line of its own, 64 bytes (docs/smp.md). */
#define PROF_LINE	64

/* A counter buffer paralleling one code segment is a struct pdump_seg:
 * counters[(EIP - origin) >> PROF_SHIFT], one DWORD per DWORD of code.
 * With several CPUs, counters is the first of ncpu copies of them in one
 * block (docs/smp.md, "Counter buffers per CPU"): CPU c counts into
 * counters + c * prof_copy_stride(length), each copy on cache lines of its
 * own (b->stride keeps the stride); sub (PT_SPREAD) likewise, CPU c's
 * sub-profile k at sub + (c * PDUMP_NSUB + k) * stride. A dump adds the
 * copies up. */
static inline uint32_t prof_copy_stride(uint32_t length)
{
	return (pdump_nbuckets(length, PROF_SHIFT) + PROF_LINE / 4 - 1) & ~(uint32_t)(PROF_LINE / 4 - 1);
}

/* The trace (docs/accuracy.md): where each tick the profile counted on
 * one CPU went, in order, from the last ProfClear until it is full: the
 * address of the counter (its low 32 bits), or 0 for a tick in no counter.
 * Each CPU has its own (struct prof_cpustate). pos4 and end4
 * are the next entry's address and the end's, over 4: boot/irq0.asm
 * stores at pos4 * 4 and adds the carry of pos4 < end4, with no branch,
 * so the buffer has a spare entry past the end for the stores once full.
 * pos4 comes first, where the assembly finds it at the plan's trace. A
 * dump turns the entries from conv on into bucket numbers (dump.h), and
 * sends the CPUs' traces one after another. */
struct prof_trace {
	uintptr_t pos4, end4;
	uint32_t *base;
	uint32_t conv;
};
/* Words from one CPU's trace to the next's in their block: the entries,
 * the spare, rounded up to a cache line. */
#define PROF_TRACE_STRIDE ((PROF_TRACE_ENTRIES + 1 + PROF_LINE / 4 - 1) & ~(PROF_LINE / 4 - 1))

/* The entries t holds. */
static inline uint32_t prof_trace_len(const struct prof_trace *t)
{
	return t->base ? (uint32_t)(t->pos4 - ((uintptr_t)t->base >> 2)) : 0;
}

/* What one CPU counts of a profile, written by that CPU's ticks only, on
 * cache lines of its own: its kernel, idle and out-of-range ticks, its
 * trace, its table of stacks (PT_STACKS), whether it sends a dump, and
 * with PT_SPREAD the ticks it counted (the next one's sub-profile is seq
 * mod PDUMP_NSUB) and, of each sub-profile's, those in no bucket:
 * nob[k][0] kernel, [1] idle, [2] out of range (the rest are its buckets'). */
struct prof_cpustate {
	uint64_t kernel, idle, out_of_range;
	struct prof_trace trace;	/* all 0 when there was no memory for it */
	struct prof_stacks *stacks;
	uint32_t dumping;	/* a dump is being sent from this CPU: its kernel ticks go to .kernel */
	uint32_t seq;
	uint64_t nob[PDUMP_NSUB][3];
} __attribute__((aligned(PROF_LINE)));

/* One profile: a process's user profile, or the system's. It lives at the
 * start of the internal block (on a cache line); its segment table fills
 * the rest. */
struct prof_session {
	uint32_t type;		/* as given to ProfInit, PT_USER taken as PT_USER|PT_USEKP */
	uint32_t depth;		/* ProfOn nesting; counting while above 0 */
	uint32_t ncpu;		/* the copies of its counters: prof_ncpu() when it was made */
	uint32_t clearing;	/* ProfClear at work on CPU clearing - 1: the others count nothing */
	struct pdump_seg *kbuf;	/* the kernel's text, with PT_VERBOSE (system only) */
	/* with PT_STACKS: CPU 0's table, the start of the block of all the
	 * CPUs' (prof_stacks_at), else NULL */
	struct prof_stacks *stacks;
	uint32_t nmodules;	/* system: the module list, or 0 for every module */
	char modules[PROF_MAX_MODULES][PDUMP_MODNAME_MAX];
	struct prof_cpustate cpu[PROF_NCPU_MAX];
	/* An event profile's (docs/events.md): it samples every every-th event
	 * of a CPU (cpu[].seq counts them), and counts every one by class,
	 * CPU c's at evcount[c * PROF_EV_CLASSES] (cache lines of its own) */
	uint32_t every;
	uint64_t *evcount;
	uint32_t nbufs;
	struct pdump_seg bufs[];
};
#define PROF_MAX_BUFS ((PROF_INTERNAL_SIZE - sizeof(struct prof_session)) / sizeof(struct pdump_seg))

/* The byte index of pc's 16-bit counter: ((pc - offset) * scale >> 16) & ~1,
 * in 64 bits; PROFIL_NONE when pc is below offset. Scale 2 is the manuals'
 * "all instructions onto the beginning of buff" whatever the PC: with
 * 32-bit PCs the formula alone would spread them over 64 KiB-wide units. */
#define PROFIL_NONE 0xFFFFFFFFFFFFFFFFull
static inline uint64_t profil_index(uint32_t pc, uint32_t offset, uint32_t scale)
{
	if (pc < offset)
		return PROFIL_NONE;
	if (scale == 2)
		return 0;
	return (((uint64_t)(pc - offset) * scale) >> 16) & ~1ull;
}

/* The hot path (port.h's prof_clock_tick()); profkern's boot/irq0.asm
 * calls it with its arguments in EAX, EDX, ECX (PROF_HOT), only while
 * prof_active is not 0, and at is the interrupted CS: the RPL 0 of the
 * kernel's, or an LDT selector, whose index is the slot; ebp the frame
 * pointer, for a profile with stacks. */
void PROF_HOT prof_tick(struct prof_proc *pp, uint32_t cs, uint32_t eip, uint32_t ebp);
/* prof_tick() and, for each profile with PT_SPREAD, its sub-profiles
 * (spread.c). The clock calls prof_tick_fn: prof_tick() until a profile
 * with PT_SPREAD is made, prof_tick_spread() while one lives, so that a
 * tick without sub-profiles runs the code, and costs the instructions, it
 * did before they were. */
prof_tick_t prof_tick_spread;

/* The plan: what a ring-3 tick of one process does, worked out ahead so
 * that the clock can count it in a few instructions (boot/irq0.asm)
 * without calling prof_tick(). It holds only when a single profile counts
 * that process's ring-3 ticks:
 *   NONE    none does: the tick counts nowhere;
 *   DWORD   the user profile or the system profile: seg[LDT index] gives
 *           the segment's limit and counters (the calling CPU's copy);
 *           EIP < limit counts at counters[EIP >> 2], saturating; a limit
 *           of 0 (a segment not counted, or an origin that is not 0)
 *           calls prof_tick();
 *   PROFIL  profil() alone: d = EIP - pfoffset (modulo 2^32) counts when
 *           d < pflimit, in the 16-bit counter at byte
 *           ((d * pfscale) >> 16) & ~1 of pfbuf, saturating; else nowhere;
 *   STACKS  one profile, with call stacks (user, or system with the
 *           process attached), and the process's stack windows as the
 *           kernel makes them: seg[] as for DWORD, for one segment only
 *           (useg, counters: the calling CPU's copy), its limit also at
 *           most the code's size - 1 (the assembly reads 2 bytes at EIP);
 *           the tick is counted there and its stack (docs/stacks.md)
 *           taken from the process's memory: the word at ubase + ESP
 *           (+ 4 when the 2 bytes at cbase + EIP are 89 E5) when it is a
 *           return address (ESP <= spmax, w - 5 <= codemax, an E8 at
 *           cbase + w - 5), then the frames from EBP (a frame pointer fp
 *           is read when fp - s1 borrows, i.e. fp <= size - 8, at
 *           wbase + (fp - s1)), hashed and found in table (the calling
 *           CPU's), whose entry's count goes up; a stack not in the
 *           table, or an EIP past the limit, calls prof_tick(), which
 *           does the same in C;
 *   CALL    anything else (two profiles, profil with a profile, stacks
 *           the assembly cannot take): prof_tick() decides.
 * A plan goes stale with every change to a profile: prof_gen counts them,
 * and each change calls prof_replan() (port.h) for the other CPUs. The
 * kernel makes the running process's plan again before it returns to
 * ring 3 after a change or a switch (kernel/sched.c). */
enum { PROF_PLAN_NONE, PROF_PLAN_DWORD, PROF_PLAN_PROFIL, PROF_PLAN_CALL, PROF_PLAN_STACKS,
       PROF_PLAN_KINDS };
struct prof_plan_seg {
	uint32_t limit;
	uint32_t *counters;
};
struct prof_plan {
	uint32_t kind;
	struct prof_plan_seg seg[PROF_LDT_SLOTS];
	uint32_t pfoffset, pflimit, pfscale;
	uint8_t *pfbuf;
	/* STACKS */
	const uint8_t *ubase, *cbase, *wbase;
	uint32_t spmax, codemax, s1, useg;
	struct prof_stacks *table;
	uint32_t *counters;
	/* DWORD and STACKS: the trace of the one profile counted, the
	 * calling CPU's (a trace always full when it has none), and its end */
	struct prof_trace *trace;
	uintptr_t trend;
	/* The C fast path's (prof_tick_planned()): the process (NULL: idle)
	 * and prof_gen the plan was made for, and DWORD's segments by slot wherever they
	 * start (counters in seg[]): a tick at pc counts when pc - origin <
	 * length. */
	const struct prof_proc *pp;
	uint32_t gen;
	uint32_t origin[PROF_SLOTS], length[PROF_SLOTS];
};
/* Made on the CPU that will follow it (prof_cpu()): it names that CPU's
 * copies only. */
void prof_plan(const struct prof_proc *pp, struct prof_plan *plan);
extern volatile uint32_t prof_gen;

/* The fast path in C, for a kernel without profkern's assembly
 * (docs/porting.md, "The fast path"): the tick of the process the plan was
 * made for, as prof_clock_tick() takes it, counted as plan says in a few
 * instructions when the plan is current (made since prof_gen last moved)
 * and the tick is in user mode, else through prof_tick(). The kernel keeps
 * a plan for each CPU, made on that CPU (it names that CPU's counters) at
 * each switch, to idle (NULL) too. DWORD and PROFIL plans are counted
 * here; the other kinds call prof_tick(). Tick context. */
void PROF_HOT prof_tick_planned(const struct prof_plan *plan, uint32_t at, uint32_t pc, uint32_t fp);

#endif
