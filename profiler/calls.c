/* calls.c: the OS/2 profiler calls, for a process's user profile and for
 * the system's. Every call checks all it is given before it changes
 * anything. A change the sampler could see half made (a session or a
 * buffer coming or going, counters cleared, profil() armed, a process's
 * end) is committed with the clock interrupt masked, and then moves
 * prof_gen and tells the other CPUs (prof_moved(), percpu.c); memory a
 * plan may name is given back only after prof_moved(1). ProfOn and ProfOff
 * change only the nesting depth, prof_active and prof_gen, one aligned word
 * each, and any order of those states is one the sampler reads rightly: a
 * depth above 0 with prof_active still 0 only leaves one kernel tick
 * unsampled, and the plan is made again before ring 3 runs. */
#include "profint.h"
#include "profkern/dumpfmt.h"
#include "profkern/profile.h"

/* PT_USER is taken as PT_USER|PT_USEKP; PT_USEDD is not supported.
 * PT_STACKS and PT_SPREAD matter to ProfInit only; the other calls accept
 * them. An event profile (PT_SYSCALL or PT_SWITCH, with PT_EVERY(N), or
 * PT_OFFCPU) is the system's or, with PT_USER, the caller's own, without
 * sub-profiles. */
static int normalize(int type, uint32_t *out)
{
	uint32_t t = (uint32_t)type, ev = t & (PT_SYSCALL | PT_SWITCH | PT_OFFCPU);

	if ((t & 0xFFFFu) & ~(uint32_t)(PT_USER | PT_USEDD | PT_USEKP | PT_VERBOSE | PT_STACKS | PT_SPREAD |
					 PT_SYSCALL | PT_SWITCH | PT_OFFCPU))
		return -PROF_EINVAL;
	if ((t >> 16 && !(ev & (PT_SYSCALL | PT_SWITCH))) || (ev & (ev - 1)) || (ev && (t & PT_SPREAD)))
		return -PROF_EINVAL;	/* N for calls and switches only; one event */
	if (type & PT_USEDD)
		return -PROF_ENOSYS;
	*out = t | ((type & PT_USER) ? PT_USEKP : 0);
	return 0;
}

/* The session a call of this type acts on. */
static int session_of(struct prof_proc *pp, int type, struct prof_session **sp)
{
	uint32_t t;
	int err = normalize(type, &t);

	if (err)
		return err;
	*sp = (t & PT_USER) ? *prof_user_of(pp, prof_kind(t)) : *prof_sys_of(prof_kind(t));
	return *sp ? 0 : -PROF_ENOTINIT;
}

static int init_user(struct prof_proc *pp, uint32_t t, const char *modulelist,
		     const struct prof_codeseg *segs, int nsegs)
{
	struct prof_session *s;
	uint32_t mask;
	int k = prof_kind(t);

	if (modulelist)
		return -PROF_EINVAL;		/* user profiling covers the caller only */
	if (*prof_user_of(pp, k))
		return -PROF_EEXIST;		/* (each kind once: its time profile, each event's) */
	if (!(s = prof_new_session(t)))
		return -PROF_ENOMEM;
	for (int i = 0; i < nsegs; i++)
		if (!prof_buffer_for(s, &segs[i])) {
			prof_free_session(s);
			return -PROF_ENOMEM;
		}
	prof_trace_new(s);
	mask = prof_clock_mask();
	for (int i = 0; i < nsegs; i++)
		prof_ubufs_of(pp, k)[segs[i].slot] = &s->bufs[i];
	*prof_user_of(pp, k) = s;
	if (t & PT_SPREAD)
		prof_spread_adjust(1);
	prof_moved(0);
	prof_clock_restore(mask);
	return 0;
}

int prof_init(struct prof_proc *pp, int type, const char *modulelist,
	      const struct prof_codeseg *segs, int nsegs)
{
	uint32_t t;
	int err = normalize(type, &t);

	if (err)
		return err;
	if (nsegs < 0 || (uint32_t)nsegs > PROF_MAX_BUFS)
		return -PROF_EINVAL;
	for (int i = 0; i < nsegs; i++)
		if ((segs[i].owner || (t & PT_USER)) && !prof_user_seg_ok(&segs[i]))
			return -PROF_EINVAL;
	if (t & PT_USER)
		return init_user(pp, t, modulelist, segs, nsegs);
	return prof_init_system(t, modulelist, segs, nsegs);
}

int prof_on(struct prof_proc *pp, int type)
{
	struct prof_session *s;
	uint32_t mask;
	int err = session_of(pp, type, &s);

	if (err)
		return err;
	if (s->depth >= PROF_MAX_DEPTH)
		return -PROF_EOVERFLOW;
	if (s->depth++ == 0) {
		if (s->every)
			prof_events++;
		else
			prof_active++;
		mask = prof_clock_mask();
		prof_moved(0);
		prof_clock_restore(mask);
	}
	return 0;
}

int prof_off(struct prof_proc *pp, int type)
{
	struct prof_session *s;
	uint32_t mask;
	int err = session_of(pp, type, &s);

	if (err)
		return err;
	if (s->depth == 0)
		return -PROF_ENOTON;
	if (s->depth == 1)	/* the blocked processes' ticks up to now (offcpu.c) */
		prof_offcpu_settle(pp, s, PROF_OFF_FORGET);
	if (--s->depth == 0) {
		if (s->every)
			prof_events--;
		else
			prof_active--;
		mask = prof_clock_mask();
		prof_moved(0);
		prof_clock_restore(mask);
	}
	return 0;
}

/* Every CPU's counts of s back to 0. The counters are zeroed with the
 * clock running, so that a large segment loses no timer tick; a tick on
 * this CPU meanwhile lands in a counter already zeroed (and stays, as a
 * tick after the clear) or in one not yet zeroed (and goes, as a tick
 * before it). With several CPUs the others count nothing of s until the
 * clear is done (s->clearing): their ticks meanwhile are ticks before it,
 * and no CPU writes what this one zeroes. */
static void clear_session(struct prof_session *s)
{
	uint32_t mask, nb;

	for (uint32_t i = 0; i < s->nbufs; i++) {
		nb = prof_copy_stride(s->bufs[i].length) * s->ncpu;
		for (uint32_t j = 0; j < nb; j++)
			s->bufs[i].counters[j] = 0;
		nb *= PDUMP_NSUB;
		for (uint32_t j = 0; s->bufs[i].sub && j < nb; j++)
			s->bufs[i].sub[j] = 0;
	}
	mask = prof_clock_mask();
	for (uint32_t c = 0; c < s->ncpu; c++) {
		struct prof_cpustate *pc = &s->cpu[c];
		pc->kernel = pc->idle = pc->out_of_range = 0;
		pc->seq = 0;
		for (uint32_t k = 0; s->evcount && k < PROF_EV_CLASSES; k++)
			s->evcount[c * PROF_EV_CLASSES + k] = 0;
		for (int k = 0; k < PDUMP_NSUB; k++)
			pc->nob[k][0] = pc->nob[k][1] = pc->nob[k][2] = 0;
		if (pc->stacks)
			prof_stacks_clear(pc->stacks);
	}
	prof_trace_clear(s);
	prof_clock_restore(mask);
}

int prof_clear(struct prof_proc *pp, int type)
{
	struct prof_session *s;
	uint32_t mask;
	int err = session_of(pp, type, &s);

	if (err)
		return err;
	prof_offcpu_settle(pp, s, PROF_OFF_SKIP);	/* blocked before the clear: gone with the counts */
	if (s->ncpu == 1) {
		clear_session(s);
		return 0;
	}
	/* The other CPUs' plans go (a plan made meanwhile calls prof_tick(),
	 * which skips s), and none is still in a tick begun before. */
	mask = prof_clock_mask();
	s->clearing = prof_me() + 1;
	prof_moved(1);
	prof_clock_restore(mask);
	clear_session(s);
	mask = prof_clock_mask();
	s->clearing = 0;
	prof_moved(0);
	prof_clock_restore(mask);
	return 0;
}

/* pp lets go of its own profile of kind k (prof_kind). */
static void detach_user(struct prof_proc *pp, int k)
{
	*prof_user_of(pp, k) = 0;
	for (int i = 0; i < PROF_LDT_SLOTS; i++)
		prof_ubufs_of(pp, k)[i] = 0;
	if (k == prof_kind(PT_OFFCPU))
		prof_offcpu_drop_own(pp);
}

int prof_free(struct prof_proc *pp, int type)
{
	struct prof_session *s;
	uint32_t mask;
	int err = session_of(pp, type, &s);

	if (err)
		return err;
	if (s->depth)
		return -PROF_EBUSY;
	mask = prof_clock_mask();
	if (s->type & PT_USER) {
		detach_user(pp, prof_kind(s->type));
	} else {
		prof_detach_all(prof_kind(s->type));
		*prof_sys_of(prof_kind(s->type)) = 0;
	}
	if (s->type & PT_SPREAD)
		prof_spread_adjust(-1);
	prof_moved(1);		/* no tick reaches s any more: it may go */
	prof_clock_restore(mask);
	prof_free_session(s);
	return 0;
}

/* The snapshot of s taken from CPU me (prof_me()): while it is taken, and
 * until the caller clears it, me's counts of s stand still (dumping): no
 * process runs on it meanwhile, and the kernel's own ticks, the dump's
 * cost, go to the kernel line of the next dump. Its totals are taken now;
 * the other CPUs', which go on counting, as the dump reads them into
 * memory of its own (snap.c). */
static int take(struct prof_proc *pp, struct prof_session *s, uint32_t me, uint32_t hz,
		struct prof_snapshot *sn)
{
	struct prof_cpustate own;
	const struct prof_cpustate *ownp = 0;
	struct prof_period per;
	uint32_t mask;
	int err;

	sn->scratch = 0;
	prof_offcpu_settle(pp, s, PROF_OFF_CHARGE);	/* the processes still blocked, up to now */
	mask = prof_clock_mask();
	if (me < s->ncpu) {
		s->cpu[me].dumping = 1;
		own = s->cpu[me];
		ownp = &own;
	}
	prof_clock_restore(mask);
	err = prof_snap(s, me, ownp, &sn->d, &sn->scratch);
	if (!err) {
		sn->d.version = s->every ? PDUMP_VERSION_V7 : s->ncpu > 1 ? PDUMP_VERSION_V8 : PDUMP_VERSION_V6;
		sn->d.type = s->type;
		sn->d.shift = PROF_SHIFT;
		sn->d.hz = hz;
		if (s->cpu[0].trace.base) {
			sn->d.type |= PDUMP_TYPE_TRACE;
			prof_clock_period(&per);
			prof_period_pit(&per, &sn->d.period_base, &sn->d.period_spread);
		}
		/* version 8: a time profile of several CPUs says how they ticked */
		if (!s->every && s->ncpu > 1)
			sn->d.clock = prof_clock_turns() ? PDUMP_CLOCK_TURNS : PDUMP_CLOCK_CELLS;
	}
	return err;
}

int prof_dump(struct prof_proc *pp, int type, uint32_t hz, const char *name,
	      pdump_sink sink, void *ctx)
{
	struct prof_session *s;
	struct prof_snapshot sn;
	uint32_t me;
	int err = session_of(pp, type, &s);

	if (err)
		return err;
	me = prof_me();
	err = take(pp, s, me, hz, &sn);
	if (!err)
		frame_write(name, &sn.d, sink, ctx);
	prof_release(sn.scratch);
	if (me < s->ncpu)
		s->cpu[me].dumping = 0;
	return err;
}

int prof_dump_take(struct prof_proc *pp, int type, uint32_t hz, struct prof_snapshot *snap)
{
	struct prof_session *s;
	uint32_t me;
	int err = session_of(pp, type, &s);

	snap->scratch = 0;
	if (err)
		return err;
	me = prof_me();
	err = take(pp, s, me, hz, snap);
	if (me < s->ncpu)
		s->cpu[me].dumping = 0;
	if (err)
		prof_dump_release(snap);
	return err;
}

size_t prof_dump_send(const struct prof_snapshot *snap, const char *name, pdump_sink sink, void *ctx)
{
	return frame_write(name, &snap->d, sink, ctx);
}

void prof_dump_release(struct prof_snapshot *snap)
{
	prof_release(snap->scratch);
	snap->scratch = 0;
}

void prof_exit(struct prof_proc *pp)
{
	uint32_t mask;

	prof_profil(pp, 0, 0, 0, 0);
	if (pp->offwhere) {	/* ended while blocked: its ticks up to now */
		mask = prof_clock_mask();
		prof_offcpu_upto(pp, prof_evsys[2], PROF_OFF_FORGET, prof_clock_ticks());
		prof_clock_restore(mask);
	}
	for (int k = 0; k < PROF_KINDS; k++) {	/* its own profiles go with it */
		struct prof_session *s = *prof_user_of(pp, k);
		if (!s)
			continue;
		if (s->depth) {
			s->depth = 0;
			if (k)
				prof_events--;
			else
				prof_active--;		/* prof_free() moves prof_gen */
		}
		prof_free(pp, (int)s->type);
	}
	for (int k = 0; k < PROF_KINDS; k++) {
		if (!(k ? pp->evattached[k - 1] : pp->attached))
			continue;
		mask = prof_clock_mask();
		prof_detach(pp, k);
		prof_moved(0);
		prof_clock_restore(mask);
	}
}

void prof_profil(struct prof_proc *pp, uint8_t *buf, uint32_t bufsiz, uint32_t offset,
		 uint32_t scale)
{
	uint32_t mask = prof_clock_mask();

	int moved = pp->pfbuf || buf;	/* armed, disarmed or changed: the plans go */

	if (pp->pfbuf)
		prof_active--;
	if (!buf || scale < 2 || bufsiz < 2) {
		pp->pfbuf = 0;		/* off: scale 0 or 1, no buffer, or no room for a counter */
	} else {
		prof_active++;
		pp->pfbuf = buf;
		pp->pfsize = bufsiz;
		pp->pfoffset = offset;
		pp->pfscale = scale;
	}
	if (moved)
		prof_moved(0);	/* (only the CPU that runs pp follows a plan of pp's) */
	prof_clock_restore(mask);
}
