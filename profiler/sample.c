/* sample.c: the sampling hook, IRQ0's only work in the profiler, and the
 * plan that lets the timer's assembly do it without a call. It indexes
 * and increments: no loop, no allocation, no user memory; with stacks on,
 * it also walks the frames through the windows the kernel gave
 * (stacks.c), a loop bounded by PROF_STACK_DEPTH, every read checked, by
 * the rules boot/irq0.asm's irq0_stacks follows for a ring-3 tick. A
 * profile with sub-profiles (PT_SPREAD) is the plan's CALL, and its
 * sub-profiles are counted by prof_tick_spread() (spread.c), which then
 * calls prof_tick(). */
#include "profint.h"
#include "profkern/profile.h"

/* The tick on CPU cpu (its part pc of s): in its copy of the counters. */
static inline __attribute__((always_inline))
void count(struct prof_session *s, struct prof_cpustate *pc, uint32_t cpu, struct pdump_seg *const *bufs,
	   uint32_t cs, uint32_t eip)
{
	struct pdump_seg *b;
	uint32_t off, *c;

	if ((cs & 3) == 0) {		/* RPL 0: the kernel's own code */
		b = s->kbuf;
		if (!b || pc->dumping || (off = eip - b->origin) >= b->length) {
			pc->kernel++;
			prof_trace_put(&pc->trace, 0);
			return;
		}
	} else {
		uint32_t idx = cs >> 3;	/* the LDT index: O(1) to the buffer */
		b = idx < PROF_LDT_SLOTS ? bufs[idx] : 0;
		if (!b || (off = eip - b->origin) >= b->length) {
			pc->out_of_range++;
			prof_trace_put(&pc->trace, 0);
			return;
		}
	}
	c = &prof_counters_of(b, cpu)[off >> PROF_SHIFT];
	*c += *c != SATURATED;
	prof_trace_put(&pc->trace, (uint32_t)(uintptr_t)c);
}

/* profil(): the user's PC only, into a 16-bit counter that saturates. */
static inline void count_profil(struct prof_proc *pp, uint32_t eip)
{
	uint64_t i = profil_index(eip, pp->pfoffset, pp->pfscale);
	uint16_t *c;

	if (i == PROFIL_NONE || i + 2 > pp->pfsize)
		return;
	c = (uint16_t *)(pp->pfbuf + i);
	if (*c != 0xFFFF)
		++*c;
}

/* The stack's segment in s: 1 + the index of the buffer of the process's
 * code segment (LDT index of cs), 0 when s does not count it. */
static inline uint32_t useg_of(struct prof_session *s, struct pdump_seg *const *bufs, uint32_t cs)
{
	uint32_t idx = cs >> 3;
	struct pdump_seg *b = idx < PROF_LDT_SLOTS ? bufs[idx] : 0;

	return b ? (uint32_t)(b - s->bufs) + 1 : 0;
}

/* One tick's stack, into u (pp's user profile) and sys (the system's),
 * either of which may be NULL. A ring-3 tick: EIP, then the process's
 * frames from EBP. A kernel tick: EIP, the kernel's frames from EBP, then
 * the process's EIP and frames at its entry into the kernel. */
static void take_stack(struct prof_proc *pp, struct prof_session *u, struct prof_session *sys,
		       uint32_t cpu, uint32_t cs, uint32_t eip, uint32_t ebp)
{
	uint32_t pcs[PROF_STACK_DEPTH], n = 1, k = 0, w;

	pcs[0] = eip;
	if ((cs & 3) == 0) {
		n += prof_walk(&pp->kstack, ebp, pcs + 1, PROF_STACK_DEPTH - 1);
		k = n;
		if (!pp->uframe || n == PROF_STACK_DEPTH)
			goto add;
		eip = pcs[n++] = pp->uframe[0];
		cs = pp->uframe[1];
		/* The EBP the entry saved; but a tick in the entry itself before
		 * it saved the registers (the system call's gate leaves
		 * interrupts on), or after it put them back, finds no kernel
		 * frame from EBP, which is then still the process's own, and
		 * the saved one not yet written. */
		ebp = k == 1 ? ebp : *pp->uebp;
		if (n == PROF_STACK_DEPTH)
			goto add;
	}
	/* The process's frames, after its caller when the function running
	 * has no frame (yet, or any more): then the chain from EBP starts at
	 * its caller's caller (docs/stacks.md). irq0_stacks (boot/irq0.asm)
	 * does the same for a tick in ring 3. */
	w = pp->uesp ? prof_leaf_caller(&pp->ustack, &pp->ucode, *pp->uesp, eip) : 0;
	if (w)
		pcs[n++] = w;
	n += prof_walk(&pp->ustack, ebp, pcs + n, PROF_STACK_DEPTH - n);
add:
	if (u)
		prof_stacks_add(u->cpu[cpu].stacks, pcs, n, k, k == n ? 0 : useg_of(u, pp->ubuf, cs));
	if (sys)
		prof_stacks_add(sys->cpu[cpu].stacks, pcs, n, k, k == n ? 0 : useg_of(sys, pp->sbuf, cs));
}

/* The tick on CPU cpu. */
static inline __attribute__((always_inline))
void tick(struct prof_proc *pp, uint32_t cs, uint32_t eip, uint32_t ebp, uint32_t cpu)
{
	struct prof_session *s, *u = 0, *sys = 0;
	struct prof_cpustate *pc;

	if (pp && (s = pp->user) && prof_counts(s, cpu)) {
		pc = &s->cpu[cpu];
		count(s, pc, cpu, pp->ubuf, cs, eip);
		if (s->stacks && !pc->dumping)
			u = s;
	}
	if (pp && pp->pfbuf && (cs & 3))
		count_profil(pp, eip);
	if ((s = prof_system) && prof_counts(s, cpu)) {
		pc = &s->cpu[cpu];
		if (!pp) {
			pc->idle++;
			prof_trace_put(&pc->trace, 0);
		} else {
			count(s, pc, cpu, pp->sbuf, cs, eip);
			if (s->stacks && !pc->dumping && pp->attached)
				sys = s;	/* a process the profile selected */
		}
	}
	if (u || sys)
		take_stack(pp, u, sys, cpu, cs, eip, ebp);
}

/* What the clock reads and only the calls write: the system profiles (the
 * time profile and the event profiles, system.c), whether any profile
 * counts, whether any counts events; and the entry it calls, prof_tick()
 * unless a profile keeps sub-profiles (spread.c). */
struct prof_session *prof_system;
struct prof_session *prof_evsys[PROF_KINDS - 1];
volatile uint32_t prof_active;
volatile uint32_t prof_events;
prof_tick_t *volatile prof_tick_fn = prof_tick;

/* An event's stack in s (bufs: pp's buffers of s): from user
 * code, the PC then the frames from EBP, as take_stack() takes a ring-3
 * tick's (which the tick keeps to itself, its instructions its own) but
 * for the caller of a function without a frame: an event is a system
 * call, made from a function that has its frame (a C library's wrapper,
 * built with frame pointers), and the word at ESP there is no return
 * address but what the function left. An event in the kernel has none. */
static void event_stack(struct prof_proc *pp, struct prof_session *s, struct pdump_seg *const *bufs,
			uint32_t cpu, uint32_t cs, uint32_t eip, uint32_t ebp)
{
	uint32_t pcs[PROF_STACK_DEPTH], depth = 1;

	if ((cs & 3) == 0)
		return;
	pcs[0] = eip;
	depth += prof_walk(&pp->ustack, ebp, pcs + depth, PROF_STACK_DEPTH - depth);
	prof_stacks_add(s->cpu[cpu].stacks, pcs, depth, 0, useg_of(s, bufs, cs));
}

/* An event of pp's in event profile s (bufs: pp's buffers of it) on CPU
 * cpu: counted by class, and every every-th of this CPU's sampled where
 * pp's code was, as a tick there would be. Clock masked. */
static inline __attribute__((always_inline))
void event_in(struct prof_proc *pp, struct prof_session *s, struct pdump_seg *const *bufs,
	      uint32_t cpu, uint32_t ev, uint32_t at, uint32_t pc, uint32_t fp)
{
	struct prof_cpustate *c;

	if (!s || !prof_counts(s, cpu))
		return;
	c = &s->cpu[cpu];
	s->evcount[cpu * PROF_EV_CLASSES + (ev & 0xFFFFu) % PROF_EV_CLASSES]++;
	if (++c->seq >= s->every) {
		c->seq = 0;
		count(s, c, cpu, bufs, at, pc);
		if (s->stacks && !c->dumping)
			event_stack(pp, s, bufs, cpu, at, pc, fp);
	}
}

/* pp's own event profile of kind k (docs/events.md, "A program's own"),
 * out of line: the system's profile's path is the one it was but for the
 * test that calls this. pp's own changes only in pp's calls and its end. */
static __attribute__((noinline))
void own_event(struct prof_proc *pp, uint32_t k, uint32_t ev, uint32_t at, uint32_t pc, uint32_t fp)
{
	uint32_t mask = prof_clock_mask();

	event_in(pp, pp->uev[k], pp->uebuf[k], (uint32_t)prof_cpu(), ev, at, pc, fp);
	prof_clock_restore(mask);
}

/* An event (port.h): into pp's own event profile of its kind, if it has
 * one, and into the system's, if that counts pp, each in its own buffers.
 * The system's is read with the clock masked (ProfFree waits for that). */
void prof_event(struct prof_proc *pp, uint32_t ev, uint32_t at, uint32_t pc, uint32_t fp)
{
	uint32_t k = (ev >> 16) - 1, mask;

	if (!pp || k > 1)
		return;
	if (ev == PROF_EV_SWITCH_VOLUNTARY)
		prof_offcpu_block(pp, at, pc, fp);	/* where its time off the CPU goes */
	if (pp->uev[k])
		own_event(pp, k, ev, at, pc, fp);
	if (!pp->evattached[k])
		return;		/* the events of processes the profile counts, only */
	mask = prof_clock_mask();
	event_in(pp, prof_evsys[k], pp->ebuf[k], (uint32_t)prof_cpu(), ev, at, pc, fp);
	prof_clock_restore(mask);
}

/* No frame pointer here: the few instructions it costs are paid each tick. */
__attribute__((optimize("omit-frame-pointer")))
void PROF_HOT prof_tick(struct prof_proc *pp, uint32_t cs, uint32_t eip, uint32_t ebp)
{
	tick(pp, cs, eip, ebp, (uint32_t)prof_cpu());
}

__attribute__((optimize("omit-frame-pointer")))
void prof_tick_on(struct prof_proc *pp, uint32_t cs, uint32_t eip, uint32_t ebp, uint32_t cpu)
{
	tick(pp, cs, eip, ebp, cpu);
}

/* The ring-3 byte offsets profil's plan can count at: d = pc - offset,
 * counted when d < limit. Returns 0 when no such limit says it exactly
 * (scale 2, or every PC from offset on, when offset is 0), so the plan
 * calls prof_tick() instead. */
static uint32_t profil_limit(const struct prof_proc *pp)
{
	/* i(d) = (d * scale >> 16) & ~1 grows with d; a counter fits while
	 * i(d) + 2 <= size, that is d * scale < (size & ~1) * 65536. */
	uint64_t even = pp->pfsize & ~1u, scale = pp->pfscale;
	uint64_t lim = prof_udiv64(even * 65536 + scale - 1, pp->pfscale, 0);	/* no libgcc */
	uint64_t above = (uint64_t)1 << 32;	/* d for every pc >= offset is below 2^32 - offset */

	above -= pp->pfoffset;
	if (lim > above)
		lim = above;			/* d of a pc below offset wraps to at least that */
	if (pp->pfscale == 2 || lim > 0xFFFFFFFFu)
		return 0;
	return (uint32_t)lim;
}

/* The segment a STACKS plan counts in assembly: the first of bufs that
 * starts at offset 0 (a process has one code segment); -1 when none. */
static int stacks_slot(struct pdump_seg *const *bufs)
{
	for (int i = 0; i < PROF_LDT_SLOTS; i++)
		if (bufs[i] && bufs[i]->origin == 0)
			return i;
	return -1;
}

/* Whether the assembly can take pp's ring-3 stacks: its windows as
 * kernel/proc.c makes them (offsets from 0 in the stack's segment and the
 * code's), wide enough for a frame and a call. */
static int stacks_windows(const struct prof_proc *pp)
{
	const struct prof_stackwin *st = &pp->ustack, *c = &pp->ucode;

	return pp->uesp && st->base && c->base && st->bias == 0 && c->bias == 0 &&
	       st->size >= 8 && c->size >= 5;
}

/* The trace of a plan whose profile has none: always full (pos4 == end4),
 * the assembly's store going to its one spare entry; one a CPU, on a
 * cache line of its own, and one for the CPUs out of range (prof_me()). */
static struct {
	struct prof_trace t;
	uint32_t spare;
} __attribute__((aligned(PROF_LINE))) no_trace[PROF_NCPU_MAX + 1];

void prof_plan(const struct prof_proc *pp, struct prof_plan *plan)
{
	struct prof_session *u = pp ? pp->user : 0, *s = prof_system;
	int user = u && u->depth, sys = s && s->depth, pf = pp && pp->pfbuf;
	struct pdump_seg *const *bufs;
	struct prof_session *one;
	uint32_t cpu = prof_me();
	struct prof_trace *nt = &no_trace[cpu].t;
	struct prof_cpustate *pc;
	int slot;

	plan->gen = prof_gen;
	plan->pp = pp;
	for (int i = 0; i < PROF_LDT_SLOTS; i++)
		plan->seg[i].limit = 0, plan->seg[i].counters = 0, plan->origin[i] = plan->length[i] = 0;
	plan->pfoffset = plan->pflimit = plan->pfscale = 0;
	plan->pfbuf = 0;
	plan->ubase = plan->cbase = plan->wbase = 0;
	plan->spmax = plan->codemax = plan->s1 = plan->useg = 0;
	plan->table = 0;
	plan->counters = 0;
	nt->pos4 = nt->end4 = (uintptr_t)&no_trace[cpu].spare >> 2;
	plan->trace = nt;
	plan->trend = nt->end4;
	if (!pp || user + sys + pf == 0) {	/* (idle has no ring-3 tick) */
		plan->kind = PROF_PLAN_NONE;
		return;
	}
	one = user ? u : s;
	if (user + sys && cpu >= one->ncpu) {	/* a CPU the profile has no part for */
		plan->kind = PROF_PLAN_CALL;
		return;
	}
	pc = user + sys ? &one->cpu[cpu] : 0;
	bufs = user ? pp->ubuf : pp->sbuf;
	if (user + sys == 1 && !pf && one->stacks && !(one->type & PT_SPREAD) && !pc->dumping &&
	    !one->clearing &&
	    (user || pp->attached) &&
	    stacks_windows(pp) && (slot = stacks_slot(bufs)) >= 0) {
		/* One profile with stacks: irq0_stacks, for the one segment. */
		plan->kind = PROF_PLAN_STACKS;
		/* EIP + 2 within the code, for the look at mov ebp, esp */
		plan->seg[slot].limit = bufs[slot]->length < pp->ucode.size - 1 ?
					bufs[slot]->length : pp->ucode.size - 1;
		plan->seg[slot].counters = prof_counters_of(bufs[slot], cpu);
		plan->counters = plan->seg[slot].counters;
		plan->useg = (uint32_t)(bufs[slot] - one->bufs) + 1;
		plan->ubase = pp->ustack.base;
		plan->cbase = pp->ucode.base;
		plan->spmax = pp->ustack.size - 4;
		plan->codemax = pp->ucode.size - 5;
		plan->s1 = pp->ustack.size - 7;
		plan->wbase = pp->ustack.base + plan->s1;
		plan->table = pc->stacks;
		if (pc->trace.base)
			plan->trace = &pc->trace, plan->trend = pc->trace.end4;
	} else if (user + sys + pf > 1 || (user && (u->stacks || (u->type & PT_SPREAD) || u->clearing)) ||
		   (sys && (s->stacks || (s->type & PT_SPREAD) || s->clearing))) {
		plan->kind = PROF_PLAN_CALL;
	} else if (pf) {
		plan->pflimit = profil_limit(pp);
		plan->kind = plan->pflimit ? PROF_PLAN_PROFIL : PROF_PLAN_CALL;
		plan->pfoffset = pp->pfoffset;
		plan->pfscale = pp->pfscale;
		plan->pfbuf = pp->pfbuf;
	} else {
		plan->kind = PROF_PLAN_DWORD;
		if (pc->trace.base)
			plan->trace = &pc->trace, plan->trend = pc->trace.end4;
		for (int i = 0; i < PROF_LDT_SLOTS; i++) {
			const struct pdump_seg *b = bufs[i];
			if (!b)
				continue;
			plan->seg[i].limit = b->origin == 0 ? b->length : 0;	/* the assembly's: offsets from 0 */
			plan->seg[i].counters = prof_counters_of(b, cpu);
			plan->origin[i] = b->origin;
			plan->length[i] = b->length;
		}
	}
}

/* Whether plan holds for a user-mode tick now. */
static inline int plan_holds(const struct prof_plan *plan, uint32_t at)
{
	return (at & 3) && plan->gen == prof_gen;
}

/* A tick of plan's, in C (prof.h). The DWORD and PROFIL kinds count as
 * boot/irq0.asm does, and what they cannot count goes to prof_tick(), as
 * there. DWORD first: what it costs is what the assembly's path is
 * measured against (make bench). */
__attribute__((optimize("omit-frame-pointer")))
void PROF_HOT prof_tick_planned(const struct prof_plan *plan, uint32_t at, uint32_t pc, uint32_t fp)
{
	uint32_t slot = at >> 3, off, *c, v;
	uint16_t *h;

	if (plan->kind == PROF_PLAN_DWORD && plan_holds(plan, at)) {
		if (slot < PROF_SLOTS && (off = pc - plan->origin[slot]) < plan->length[slot]) {
			c = &plan->seg[slot].counters[off >> PROF_SHIFT];
			*c = __builtin_add_overflow(*c, 1u, &v) ? SATURATED : v;
			prof_trace_put(plan->trace, (uint32_t)(uintptr_t)c);
			return;
		}
	} else if (plan->kind == PROF_PLAN_PROFIL && plan_holds(plan, at)) {
		if ((off = pc - plan->pfoffset) < plan->pflimit) {
			h = (uint16_t *)(plan->pfbuf + ((((uint64_t)off * plan->pfscale) >> 16) & ~1ull));
			*h += *h != 0xFFFF;
		}
		return;
	} else if (plan->kind == PROF_PLAN_NONE && plan_holds(plan, at)) {
		return;
	}
	if (prof_active)
		prof_tick_fn((struct prof_proc *)plan->pp, at, pc, fp);
}

/* Time off the CPU (port.h): the rest of pp's block (offcpu.c). */
void prof_offcpu(struct prof_proc *pp, uint64_t ticks)
{
	prof_offcpu_rerun(pp, ticks);
}
