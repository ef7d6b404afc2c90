/* prof.c: the OS/2 profiler calls, for a process's user profile and for
 * the system's. Every call checks all it is given before it changes
 * anything. A change the sampler could see half made (a session or a
 * buffer coming or going, counters cleared, profil() armed, a process's
 * end) is committed with the clock interrupt masked. ProfOn and ProfOff
 * change only the nesting depth, prof_active and prof_gen, one aligned word
 * each, and any order of those states is one the sampler reads rightly: a
 * depth above 0 with prof_active still 0 only leaves one kernel tick
 * unsampled, and the plan is made again before ring 3 runs. */
#include "profint.h"
#include "dumpfmt.h"
#include "profenv.h"
#include "profile.h"
#include "sys/errno.h"

struct prof_session *prof_system;
volatile uint32_t prof_active;
volatile uint32_t prof_gen;

/* PT_USER is taken as PT_USER|PT_USEKP; PT_USEDD is not supported.
 * PT_STACKS and PT_SPREAD matter to ProfInit only; the other calls accept them. */
static int normalize(int type, uint32_t *out)
{
	if (type & ~(PT_USER | PT_USEDD | PT_USEKP | PT_VERBOSE | PT_STACKS | PT_SPREAD))
		return -EINVAL;
	if (type & PT_USEDD)
		return -ENOSYS;
	*out = (uint32_t)type | ((type & PT_USER) ? PT_USEKP : 0);
	return 0;
}

/* The session a call of this type acts on. */
static int session_of(struct prof_proc *pp, int type, struct prof_session **sp)
{
	uint32_t t;
	int err = normalize(type, &t);

	if (err)
		return err;
	*sp = (t & PT_USER) ? pp->user : prof_system;
	return *sp ? 0 : -ENOTINIT;
}

int prof_valid_user_seg(const struct prof_codeseg *cs)
{
	return (cs->selector & 4) && (cs->selector >> 3) < PROF_LDT_SLOTS && cs->length;
}

static int init_user(struct prof_proc *pp, uint32_t t, const char *modulelist,
		     const struct prof_codeseg *segs, int nsegs)
{
	struct prof_session *s;
	uint32_t mask;

	if (modulelist)
		return -EINVAL;		/* user profiling covers the caller only */
	if (pp->user)
		return -EEXIST;
	if (!(s = prof_zalloc(PROF_INTERNAL_SIZE)))
		return -ENOMEM;
	s->type = t;
	if ((t & PT_STACKS) && !(s->stacks = prof_new_stacks())) {
		prof_free_session(s);
		return -ENOMEM;
	}
	for (int i = 0; i < nsegs; i++)
		if (!prof_buffer_for(s, &segs[i])) {
			prof_free_session(s);
			return -ENOMEM;
		}
	prof_trace_new(s);
	mask = prof_clock_mask();
	for (int i = 0; i < nsegs; i++)
		pp->ubuf[segs[i].selector >> 3] = &s->bufs[i];
	pp->user = s;
	if (t & PT_SPREAD)
		prof_spread_adjust(1);
	prof_gen++;
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
		return -EINVAL;
	for (int i = 0; i < nsegs; i++)
		if ((segs[i].owner || (t & PT_USER)) && !prof_valid_user_seg(&segs[i]))
			return -EINVAL;
	if (t & PT_USER)
		return init_user(pp, t, modulelist, segs, nsegs);
	return prof_init_system(t, modulelist, segs, nsegs);
}

int prof_on(struct prof_proc *pp, int type)
{
	struct prof_session *s;
	int err = session_of(pp, type, &s);

	if (err)
		return err;
	if (s->depth >= PROF_MAX_DEPTH)
		return -EOVERFLOW;
	if (s->depth++ == 0) {
		prof_active++;
		prof_gen++;
	}
	return 0;
}

int prof_off(struct prof_proc *pp, int type)
{
	struct prof_session *s;
	int err = session_of(pp, type, &s);

	if (err)
		return err;
	if (s->depth == 0)
		return -ENOTON;
	if (--s->depth == 0) {
		prof_active--;
		prof_gen++;
	}
	return 0;
}

int prof_clear(struct prof_proc *pp, int type)
{
	struct prof_session *s;
	uint32_t mask;
	int err = session_of(pp, type, &s);

	if (err)
		return err;
	/* The counters are zeroed with the clock running, so that a large
	 * segment loses no timer tick; a tick meanwhile lands in a counter
	 * already zeroed (and stays, as a tick after the clear) or in one not
	 * yet zeroed (and goes, as a tick before it). */
	for (uint32_t i = 0; i < s->nbufs; i++) {
		uint32_t n = pdump_nbuckets(s->bufs[i].length, PROF_SHIFT);
		for (uint32_t j = 0; j < n; j++)
			s->bufs[i].counters[j] = 0;
		for (uint32_t j = 0; s->bufs[i].sub && j < n * PDUMP_NSUB; j++)
			s->bufs[i].sub[j] = 0;
	}
	mask = prof_clock_mask();
	s->kernel = s->idle = s->out_of_range = 0;
	s->seq = 0;
	for (int k = 0; k < PDUMP_NSUB; k++)
		s->subtotal[k] = 0;
	prof_trace_clear(s);
	if (s->stacks)
		prof_stacks_clear(s->stacks);
	prof_clock_restore(mask);
	return 0;
}

static void detach_user(struct prof_proc *pp)
{
	pp->user = 0;
	for (int i = 0; i < PROF_LDT_SLOTS; i++)
		pp->ubuf[i] = 0;
}

int prof_free(struct prof_proc *pp, int type)
{
	struct prof_session *s;
	uint32_t mask;
	int err = session_of(pp, type, &s);

	if (err)
		return err;
	if (s->depth)
		return -EBUSY;
	mask = prof_clock_mask();
	if (s == pp->user) {
		detach_user(pp);
	} else {
		prof_detach_all();
		prof_system = 0;
	}
	if (s->type & PT_SPREAD)
		prof_spread_adjust(-1);
	prof_gen++;
	prof_clock_restore(mask);
	prof_free_session(s);
	return 0;
}

int prof_dump(struct prof_proc *pp, int type, uint32_t hz, const char *name,
	      pdump_sink sink, void *ctx)
{
	struct prof_session *s;
	struct pdump d;
	struct pdump_cpu cpu;
	uint64_t subtotal[PDUMP_NSUB];
	uint32_t mask;
	int err = session_of(pp, type, &s);

	if (err)
		return err;
	d.version = PDUMP_VERSION_V5;
	d.type = s->type;
	d.shift = PROF_SHIFT;
	d.hz = hz;
	d.nseg = s->nbufs;
	d.segs = s->bufs;
	/* While it is sent, the counters stand still: no process runs (the
	 * kernel is not preempted), and the kernel's own ticks, the dump's
	 * cost, go to the kernel line of the next dump. */
	mask = prof_clock_mask();
	s->dumping = 1;
	d.kernel = s->kernel;
	d.idle = s->idle;
	d.out_of_range = s->out_of_range;
	d.dropped = s->stacks ? s->stacks->dropped : 0;
	d.nstacks = s->stacks ? s->stacks->nents : 0;
	d.stacks = s->stacks ? s->stacks->ents : 0;
	d.frames = 0;
	for (int k = 0; k < PDUMP_NSUB; k++)	/* the sub-profiles' totals at the same tick */
		subtotal[k] = s->subtotal[k];
	d.nsub = (s->type & PT_SPREAD) ? PDUMP_NSUB : 0;
	d.subtotal = subtotal;
	d.ntrace = prof_trace_len(&s->trace);
	prof_clock_restore(mask);
	/* the entries before ntrace stand still: the ticks meanwhile go after */
	d.trace = s->trace.base;
	if (d.trace) {
		d.type |= PDUMP_TYPE_TRACE;
		prof_trace_number(s, d.ntrace);
		prof_clock_period(&d.period_base, &d.period_spread);
	}
	d.total = d.kernel + d.idle + d.out_of_range;
	for (uint32_t i = 0; i < s->nbufs; i++) {
		uint32_t n = pdump_nbuckets(s->bufs[i].length, PROF_SHIFT);
		for (uint32_t j = 0; j < n; j++)
			d.total += s->bufs[i].counters[j];
	}
	/* One CPU, whose totals are the session's; its ticks of each segment
	 * are the segment's counters' sum (segtics NULL: the writer adds them). */
	cpu.samples = d.total;
	cpu.kernel = d.kernel;
	cpu.idle = d.idle;
	cpu.out_of_range = d.out_of_range;
	cpu.segtics = 0;
	d.ncpu = 1;
	d.cpus = &cpu;
	d.cputics = 0;
	frame_write(name, &d, sink, ctx);
	s->dumping = 0;
	return 0;
}

void prof_exit(struct prof_proc *pp)
{
	uint32_t mask;

	prof_profil(pp, 0, 0, 0, 0);
	if (pp->user) {
		if (pp->user->depth) {
			pp->user->depth = 0;
			prof_active--;		/* prof_free() moves prof_gen */
		}
		prof_free(pp, PT_USER);
	}
	if (pp->attached) {
		mask = prof_clock_mask();
		prof_detach(pp);
		prof_clock_restore(mask);
	}
}

void prof_profil(struct prof_proc *pp, uint8_t *buf, uint32_t bufsiz, uint32_t offset,
		 uint32_t scale)
{
	uint32_t mask = prof_clock_mask();

	if (pp->pfbuf || buf)
		prof_gen++;	/* armed, disarmed or changed: the plan goes */
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
	prof_clock_restore(mask);
}
