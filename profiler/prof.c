/* prof.c: the OS/2 profiler calls and the sampling hook.
 * Every call checks all it is given first, then commits with the clock
 * interrupt masked, so the sampler never sees half a change. */
#include "prof.h"
#include "profenv.h"
#include "profile.h"
#include "sys/errno.h"

#define SATURATED 0xFFFFFFFFu

/* PT_USER is taken as PT_USER|PT_USEKP; PT_USEDD is not supported. */
static int normalize(int type, uint32_t *out)
{
	if (type & ~(PT_USER | PT_USEDD | PT_USEKP | PT_VERBOSE))
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
	if (!(t & PT_USER))
		return -ENOSYS;		/* system profiling: not in this kernel yet */
	if (!pp->user)
		return -ENOTINIT;
	*sp = pp->user;
	return 0;
}

static void copyname(char *dst, const char *src)
{
	int i = 0;
	for (; src && src[i] && i < PDUMP_MODNAME_MAX - 1; i++)
		dst[i] = src[i];
	dst[i] = 0;
}

static void free_session(struct prof_session *s)
{
	for (uint32_t i = 0; i < s->nbufs; i++)
		prof_release(s->bufs[i].counters);
	prof_release(s);
}

int prof_init(struct prof_proc *pp, int type, const char *modulelist,
	      const struct prof_codeseg *segs, int nsegs)
{
	struct prof_session *s;
	uint32_t t, mask;
	int err = normalize(type, &t);

	if (err)
		return err;
	if (!(t & PT_USER))
		return -ENOSYS;
	if (modulelist)
		return -EINVAL;		/* user profiling covers the caller only */
	if (pp->user)
		return -EEXIST;
	if (nsegs < 0 || nsegs > PROF_LDT_SLOTS)
		return -EINVAL;
	for (int i = 0; i < nsegs; i++)
		if (!(segs[i].selector & 4) || (segs[i].selector >> 3) >= PROF_LDT_SLOTS ||
		    segs[i].length == 0)
			return -EINVAL;

	s = prof_zalloc(PROF_INTERNAL_SIZE);
	if (!s)
		return -ENOMEM;
	s->type = t;
	for (int i = 0; i < nsegs; i++) {
		struct pdump_seg *b = &s->bufs[i];
		b->counters = prof_zalloc((size_t)PDUMP_NBUCKETS(segs[i].length, PROF_SHIFT) * 4);
		if (!b->counters) {
			free_session(s);
			return -ENOMEM;
		}
		s->nbufs++;
		b->origin = segs[i].origin;
		b->length = segs[i].length;
		b->selector = segs[i].selector;
		b->segno = segs[i].segno;
		copyname(b->module, segs[i].module);
	}

	mask = prof_clock_mask();
	for (uint32_t i = 0; i < s->nbufs; i++)
		pp->ubuf[s->bufs[i].selector >> 3] = &s->bufs[i];
	pp->user = s;
	prof_clock_restore(mask);
	return 0;
}

int prof_on(struct prof_proc *pp, int type)
{
	struct prof_session *s;
	int err = session_of(pp, type, &s);

	if (err)
		return err;
	if (s->depth >= PROF_MAX_DEPTH)
		return -EOVERFLOW;
	s->depth++;
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
	s->depth--;
	return 0;
}

int prof_clear(struct prof_proc *pp, int type)
{
	struct prof_session *s;
	uint32_t mask;
	int err = session_of(pp, type, &s);

	if (err)
		return err;
	mask = prof_clock_mask();
	for (uint32_t i = 0; i < s->nbufs; i++) {
		uint32_t n = PDUMP_NBUCKETS(s->bufs[i].length, PROF_SHIFT);
		for (uint32_t j = 0; j < n; j++)
			s->bufs[i].counters[j] = 0;
	}
	s->kernel = s->idle = s->out_of_range = 0;
	prof_clock_restore(mask);
	return 0;
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
	pp->user = 0;
	for (int i = 0; i < PROF_LDT_SLOTS; i++)
		pp->ubuf[i] = 0;
	prof_clock_restore(mask);
	free_session(s);
	return 0;
}

int prof_dump(struct prof_proc *pp, int type, uint32_t hz, const char *name,
	      pdump_sink sink, void *ctx)
{
	struct prof_session *s;
	struct pdump d;
	uint32_t mask;
	int err = session_of(pp, type, &s);

	if (err)
		return err;
	d.type = s->type;
	d.shift = PROF_SHIFT;
	d.hz = hz;
	d.nseg = s->nbufs;
	d.segs = s->bufs;
	/* A consistent snapshot of the totals; the counters of a user profile
	 * stand still meanwhile, its process being here in the kernel. */
	mask = prof_clock_mask();
	d.kernel = s->kernel;
	d.idle = s->idle;
	d.out_of_range = s->out_of_range;
	prof_clock_restore(mask);
	d.total = d.kernel + d.idle + d.out_of_range;
	for (uint32_t i = 0; i < s->nbufs; i++) {
		uint32_t n = PDUMP_NBUCKETS(s->bufs[i].length, PROF_SHIFT);
		for (uint32_t j = 0; j < n; j++)
			d.total += s->bufs[i].counters[j];
	}
	frame_write(name, &d, sink, ctx);
	return 0;
}

void prof_exit(struct prof_proc *pp)
{
	if (pp->user) {
		pp->user->depth = 0;
		prof_free(pp, PT_USER);
	}
}

/* The hot path: index and increment, nothing that may fault or take long. */
static inline void count(struct prof_session *s, struct pdump_seg *const *bufs,
			 uint32_t cs, uint32_t eip)
{
	struct pdump_seg *b;
	uint32_t idx, off, *c;

	if ((cs & 3) == 0) {		/* RPL 0: the kernel, on the process's behalf */
		s->kernel++;
		return;
	}
	idx = cs >> 3;
	b = idx < PROF_LDT_SLOTS ? bufs[idx] : 0;
	if (!b || (off = eip - b->origin) >= b->length) {
		s->out_of_range++;
		return;
	}
	c = &b->counters[off >> PROF_SHIFT];
	if (*c != SATURATED)
		++*c;
}

void prof_tick(struct prof_proc *pp, uint32_t cs, uint32_t eip)
{
	struct prof_session *s;

	if (pp && (s = pp->user) && s->depth)
		count(s, pp->ubuf, cs, eip);
}
