/* offcpu.c: time off the CPU (PT_OFFCPU, docs/events.md). A process's
 * voluntary switch away, while the profile is on, takes where it blocked
 * and, with PT_STACKS, its stack there (its memory is mapped then, and
 * the stack stays as it was until it runs again); the ticks it then
 * spends off the CPU are charged there: when it runs again, and, for
 * every process still blocked, at a dump, at ProfOff and at its end. Each
 * tick once: a process keeps how many of its block's ticks are charged or
 * left out already (offdone). Never from the tick. */
#include "profint.h"

/* n ticks of pp's block into s on CPU cpu, which s counts on. */
static void charge(struct prof_proc *pp, struct prof_session *s, uint32_t cpu, uint64_t ticks)
{
	uint32_t n = ticks > SATURATED ? SATURATED : (uint32_t)ticks, idx = pp->offat >> 3, off, *w;
	struct prof_cpustate *c = &s->cpu[cpu];
	struct pdump_seg *b = idx < PROF_LDT_SLOTS ? pp->ebuf[2][idx] : 0;

	s->evcount[cpu * PROF_EV_CLASSES] += n;
	if ((pp->offat & 3) == 0) {
		c->kernel += n;
	} else if (!b || (off = pp->offpc - b->origin) >= b->length) {
		c->out_of_range += n;
	} else {
		w = &prof_counters_of(b, cpu)[off >> PROF_SHIFT];
		*w = n > SATURATED - *w ? SATURATED : *w + n;
	}
	if (s->stacks && !c->dumping && pp->offdepth)
		prof_stacks_add_n(c->stacks, pp->offpcs, pp->offdepth, 0,
				  b ? (uint32_t)(b - s->bufs) + 1 : 0, n);
}

void prof_offcpu_block(struct prof_proc *pp, struct prof_session *s, uint32_t at, uint32_t pc, uint32_t fp)
{
	if (!pp->evattached[2] || !s || !s->depth)
		return;		/* the ticks of a profile that is on, only */
	pp->offat = at;
	pp->offpc = pc;
	pp->offdepth = 0;
	if (s->stacks && (at & 3)) {	/* from user code: the PC, then the frames from EBP */
		pp->offpcs[0] = pc;
		pp->offdepth = 1 + prof_walk(&pp->ustack, fp, pp->offpcs + 1, PROF_STACK_DEPTH - 1);
	}
	pp->offsince = prof_clock_ticks();
	pp->offdone = 0;
	pp->offwhere = 1;
}

void prof_offcpu_rerun(struct prof_proc *pp, struct prof_session *s, uint64_t ticks)
{
	uint32_t mask, cpu;

	if (!pp || !pp->offwhere)
		return;
	pp->offwhere = 0;
	if (ticks <= pp->offdone || !pp->evattached[2])
		return;
	mask = prof_clock_mask();
	cpu = (uint32_t)prof_cpu();
	if (s && prof_counts(s, cpu))
		charge(pp, s, cpu, ticks - pp->offdone);
	prof_clock_restore(mask);
}

void prof_offcpu_upto(struct prof_proc *pp, struct prof_session *s, int how, uint64_t now)
{
	uint64_t e = now > pp->offsince ? now - pp->offsince : 0;
	uint32_t me = prof_me();

	if (!pp->offwhere)
		return;
	if (e > pp->offdone && how != PROF_OFF_SKIP && s && prof_counts(s, me)) {
		charge(pp, s, me, e - pp->offdone);
		pp->offdone = e;
	} else if (e > pp->offdone && how == PROF_OFF_SKIP) {
		pp->offdone = e;
	}	/* (a CPU s has no part for: charged later, from another) */
	if (how == PROF_OFF_FORGET)
		pp->offwhere = 0;
}
