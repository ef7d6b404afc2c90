/* offcpu.c: time off the CPU (PT_OFFCPU, docs/events.md). A process's
 * voluntary switch away, while an off-CPU profile of it is on (the
 * system's, its own, or both), takes where it blocked and, with PT_STACKS,
 * its stack there (its memory is mapped then, and the stack stays as it
 * was until it runs again); the ticks it then spends off the CPU are
 * charged there, in each profile that counts the block: when it runs
 * again, and, for every process still blocked, at a dump, at ProfOff and
 * at its end. Each tick once in each: a profile's part of the block keeps
 * how many of its ticks are charged or left out already. Never from the
 * tick. */
#include "profint.h"

/* What one profile keeps of pp's block: the system's part or pp's own. */
struct part {
	struct prof_session *s;
	struct pdump_seg *const *bufs;
	uint32_t *where;
	uint64_t *done;
};

/* pp's part in s (the system's off-CPU profile, or pp's own); 0 if none. */
static int part_in(struct prof_proc *pp, struct prof_session *s, struct part *p)
{
	if (!s)
		return 0;
	if (s == prof_evsys[2] && pp->evattached[2])
		*p = (struct part){ s, pp->ebuf[2], &pp->offwhere, &pp->offdone };
	else if (s == pp->uev[2])
		*p = (struct part){ s, pp->uebuf[2], &pp->uoffwhere, &pp->uoffdone };
	else
		return 0;
	return 1;
}

/* n ticks of pp's block into p's profile on CPU cpu, which it counts on. */
static void charge(struct prof_proc *pp, const struct part *p, uint32_t cpu, uint64_t ticks)
{
	uint32_t n = ticks > SATURATED ? SATURATED : (uint32_t)ticks, idx = pp->offat >> 3, off, *w;
	struct prof_session *s = p->s;
	struct prof_cpustate *c = &s->cpu[cpu];
	struct pdump_seg *b = idx < PROF_LDT_SLOTS ? p->bufs[idx] : 0;

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

void prof_offcpu_block(struct prof_proc *pp, uint32_t at, uint32_t pc, uint32_t fp)
{
	struct prof_session *sys = pp->evattached[2] ? prof_evsys[2] : 0, *own = pp->uev[2];
	int son = sys && sys->depth, oon = own && own->depth;

	if (!son && !oon)
		return;		/* the ticks of a profile that is on, only */
	pp->offat = at;
	pp->offpc = pc;
	pp->offdepth = 0;
	if (((son && sys->stacks) || (oon && own->stacks)) && (at & 3)) {
		/* from user code: the PC, then the frames from EBP */
		pp->offpcs[0] = pc;
		pp->offdepth = 1 + prof_walk(&pp->ustack, fp, pp->offpcs + 1, PROF_STACK_DEPTH - 1);
	}
	pp->offsince = prof_clock_ticks();
	pp->offdone = pp->uoffdone = 0;
	pp->offwhere = (uint32_t)son;
	pp->uoffwhere = (uint32_t)oon;
}

/* The rest of pp's block in p's profile, on this CPU. */
static void rerun_in(struct prof_proc *pp, const struct part *p, uint64_t ticks)
{
	uint32_t mask, cpu;

	if (!*p->where)
		return;
	*p->where = 0;
	if (ticks <= *p->done)
		return;
	mask = prof_clock_mask();
	cpu = (uint32_t)prof_cpu();
	if (prof_counts(p->s, cpu))
		charge(pp, p, cpu, ticks - *p->done);
	prof_clock_restore(mask);
}

void prof_offcpu_rerun(struct prof_proc *pp, uint64_t ticks)
{
	struct part p;

	if (!pp)
		return;
	if (part_in(pp, prof_evsys[2], &p))
		rerun_in(pp, &p, ticks);
	else
		pp->offwhere = 0;
	if (part_in(pp, pp->uev[2], &p))
		rerun_in(pp, &p, ticks);
	else
		pp->uoffwhere = 0;
}

void prof_offcpu_upto(struct prof_proc *pp, struct prof_session *s, int how, uint64_t now)
{
	uint64_t e = now > pp->offsince ? now - pp->offsince : 0;
	uint32_t me = prof_me();
	struct part p;

	if (!part_in(pp, s, &p) || !*p.where)
		return;
	if (e > *p.done && how != PROF_OFF_SKIP && prof_counts(s, me)) {
		charge(pp, &p, me, e - *p.done);
		*p.done = e;
	} else if (e > *p.done && how == PROF_OFF_SKIP) {
		*p.done = e;
	}	/* (a CPU s has no part for: charged later, from another) */
	if (how == PROF_OFF_FORGET)
		*p.where = 0;
}

void prof_offcpu_drop_own(struct prof_proc *pp)
{
	pp->uoffwhere = 0;
	pp->uoffdone = 0;
}
