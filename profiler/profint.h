/* profint.h: what the profiler's own files share. */
#ifndef PROFILER_PROFINT_H
#define PROFILER_PROFINT_H

#include "prof.h"

#define SATURATED 0xFFFFFFFFu

extern struct prof_session *prof_system;	/* the system profile, or NULL */
extern struct prof_session *prof_evsys[3];	/* the event profiles: system calls, switches, off-CPU */
#define PROF_KINDS 4
/* The system profile a type names: 0 time, 1 system calls, 2 switches, 3 off the CPU. */
static inline int prof_kind(uint32_t t)
{
	return (t & PT_SYSCALL) ? 1 : (t & PT_SWITCH) ? 2 : (t & PT_OFFCPU) ? 3 : 0;
}
/* pp's own profile of kind k (PT_USER): its time profile, or an event
 * profile (docs/events.md, "A program's own"); and its buffers by slot. */
static inline struct prof_session **prof_user_of(struct prof_proc *pp, int k)
{
	return k ? &pp->uev[k - 1] : &pp->user;
}
static inline struct pdump_seg **prof_ubufs_of(struct prof_proc *pp, int k)
{
	return k ? pp->uebuf[k - 1] : pp->ubuf;
}

/* percpu.c: memory by CPU (docs/smp.md, "Counter buffers per CPU").
 * size zeroed bytes that start on a cache line (PROF_LINE), or NULL;
 * given back by prof_release_lines(). */
void *prof_zalloc_lines(size_t size);
void prof_release_lines(void *p);
/* The CPUs a profile made now counts on: prof_ncpu(), 1 to PROF_NCPU_MAX. */
uint32_t prof_copies(void);
/* A change to the profiles is committed (with the clock masked): prof_gen
 * moves, and the other CPUs drop their plans (prof_replan(wait)). */
void prof_moved(int wait);
/* Whether s counts a tick on CPU cpu: one of its CPUs (prof_cpu() out of
 * range counts nothing), on, and not being cleared from another CPU. */
static inline int prof_counts(const struct prof_session *s, uint32_t cpu)
{
	return cpu < s->ncpu && s->depth && (!s->clearing || s->clearing == cpu + 1);
}
/* The calling CPU for the calls: prof_cpu(), or PROF_NCPU_MAX when it is
 * out of range (a CPU no profile has a part for). */
uint32_t prof_me(void);
/* CPU cpu's counters of b (b->stride is prof_copy_stride(b->length)). */
static inline uint32_t *prof_counters_of(const struct pdump_seg *b, uint32_t cpu)
{
	return b->counters + cpu * b->stride;
}

/* session.c */
void prof_copyname(char *dst, const char *src);
/* A profile of type, empty, for the CPUs there are, with its tables of
 * stacks if it keeps them; NULL when memory runs out. */
struct prof_session *prof_new_session(uint32_t type);
/* Gives back s and all it holds; with the clock running, and only once
 * no tick can reach it (prof_moved(1) after it was let go). */
void prof_free_session(struct prof_session *s);
struct pdump_seg *prof_buffer_for(struct prof_session *s, const struct prof_codeseg *cs);
/* A process's segment the profiles can count: its slot in range, and
 * some length. ProfInit checks its segments inline; a process's start,
 * with every system profile, through one call (prof_valid_user_seg). */
static inline int prof_user_seg_ok(const struct prof_codeseg *cs)
{
	return cs->slot < PROF_SLOTS && cs->length;
}
int prof_valid_user_seg(const struct prof_codeseg *cs);
/* s's tables of stacks, one a CPU, of prof_stack_entries() entries each,
 * empty, in one block (s->stacks, CPU c's at s->cpu[c].stacks). 0, or
 * -PROF_ENOMEM. */
int prof_new_stacks(struct prof_session *s);

/* sample.c: prof_tick() on CPU cpu, known already (prof_tick_spread()). */
void prof_tick_on(struct prof_proc *pp, uint32_t cs, uint32_t eip, uint32_t ebp, uint32_t cpu);
/* A profile with PT_SPREAD made (1) or freed (-1): prof_tick_fn
 * follows. Called with the clock masked. */
void prof_spread_adjust(int d);

/* trace.c: the CPUs' traces for s (none when memory runs out), freed,
 * emptied; and CPU cpu's first n entries turned into bucket numbers (the
 * dump's). */
void prof_trace_new(struct prof_session *s);
void prof_trace_free(struct prof_session *s);
void prof_trace_clear(struct prof_session *s);
void prof_trace_number(struct prof_session *s, uint32_t cpu, uint32_t n);

/* The tick's entry: where it was counted (v), unless the trace is full.
 * The entry is stored, and the tick's counts before it, before pos4 moves
 * on (a release store, a plain one on x86): a dump from another CPU that
 * reads pos4 finds them. */
static inline void prof_trace_put(struct prof_trace *t, uint32_t v)
{
	uintptr_t pos = t->pos4;

	if (pos < t->end4) {
		*(uint32_t *)(pos << 2) = v;
		__atomic_store_n(&t->pos4, pos + 1, __ATOMIC_RELEASE);
	}
}

/* snap.c: what prof_dump() sends of s, read from every CPU's copies into
 * memory of its own (*scratch, for prof_release()), so that the CPUs
 * still counting change nothing it sends; the caller's CPU me (when one of
 * s's) has its totals in own, read with the clock masked. 0, or
 * -PROF_ENOMEM. */
int prof_snap(struct prof_session *s, uint32_t me, const struct prof_cpustate *own,
	      struct pdump *d, void **scratch);

/* system.c */
int prof_init_system(uint32_t type, const char *modulelist, const struct prof_codeseg *segs, int nsegs);
/* pp lets go of system profile kind k (prof_kind), or every process does
 * (with the clock masked; the caller moves prof_gen). */
void prof_detach(struct prof_proc *pp, int k);
void prof_detach_all(int k);
/* The system profile of kind k: where it is kept. */
struct prof_session **prof_sys_of(int k);

/* offcpu.c: time off the CPU, in the off-CPU profiles of pp: the
 * system's (prof_evsys[2], pp attached) and pp's own (pp->uev[2]). A
 * voluntary switch away (prof_event()): where pp blocked, for each of them
 * that is on. pp switched back in after ticks (prof_offcpu()): the rest of
 * them charged on this CPU. With the clock masked, from the calls: pp's
 * ticks up to the clock's now in profile s, if it is blocked, charged on
 * CPU prof_me() when s counts there (a dump: PROF_OFF_CHARGE), and it no
 * longer blocked in s's eyes (ProfOff, before the depth goes to 0, and its
 * end: PROF_OFF_FORGET), or left out (ProfClear: PROF_OFF_SKIP). */
enum { PROF_OFF_CHARGE, PROF_OFF_FORGET, PROF_OFF_SKIP };
void prof_offcpu_block(struct prof_proc *pp, uint32_t at, uint32_t pc, uint32_t fp);
void prof_offcpu_rerun(struct prof_proc *pp, uint64_t ticks);
void prof_offcpu_upto(struct prof_proc *pp, struct prof_session *s, int how, uint64_t now);
/* pp's own off-CPU profile is let go of (ProfFree, its end): its part of
 * a block goes. */
void prof_offcpu_drop_own(struct prof_proc *pp);
/* Every process s counts, when s is an off-CPU profile (the system's: its
 * processes; pp's own: pp), up to now as above (from the calls, with the
 * clock running; pp the caller). */
void prof_offcpu_settle(struct prof_proc *pp, struct prof_session *s, int how);

#endif
