/* prof.c: the OS/2 profiler calls, for a process's user profile and for
 * the system's. Every call checks all it is given first, then commits
 * with the clock interrupt masked, so the sampler never sees half a
 * change. */
#include "profint.h"
#include "profenv.h"
#include "profile.h"
#include "sys/errno.h"

struct prof_session *prof_system;
volatile uint32_t prof_active;
static struct prof_proc *attached;	/* processes whose sbuf point into prof_system */

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
	*sp = (t & PT_USER) ? pp->user : prof_system;
	return *sp ? 0 : -ENOTINIT;
}

static char upper(char c) { return c >= 'a' && c <= 'z' ? (char)(c - 32) : c; }

static int name_eq(const char *a, const char *b)
{
	while (*a && upper(*a) == upper(*b))
		a++, b++;
	return upper(*a) == upper(*b);
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

/* The buffer of a code segment: the one its module already has (two runs
 * of a program add up), or a new one. NULL when memory runs out. */
static struct pdump_seg *buffer_for(struct prof_session *s, const struct prof_codeseg *cs)
{
	struct pdump_seg *b;

	for (uint32_t i = 0; i < s->nbufs; i++) {
		b = &s->bufs[i];
		if (b->segno == cs->segno && b->length == cs->length && b->origin == cs->origin &&
		    name_eq(b->module, cs->module))
			return b;
	}
	if (s->nbufs == PROF_MAX_BUFS)
		return 0;
	b = &s->bufs[s->nbufs];
	b->counters = prof_zalloc((size_t)PDUMP_NBUCKETS(cs->length, PROF_SHIFT) * 4);
	if (!b->counters)
		return 0;
	b->origin = cs->origin;
	b->length = cs->length;
	b->selector = cs->selector;
	b->segno = cs->segno;
	copyname(b->module, cs->module);
	s->nbufs++;		/* last: the entry is whole before it counts */
	return b;
}

static int selected(const struct prof_session *s, const char *module)
{
	if (s->nmodules == 0)
		return 1;
	for (uint32_t i = 0; i < s->nmodules; i++)
		if (name_eq(s->modules[i], module))
			return 1;
	return 0;
}

/* 1 when a module list is one string of names split by spaces ("A B"),
 * which ends at its NUL; else it is names split by NULs ("A\0B\0\0"),
 * ending at an empty name. The kernel copies lists in by the same rule. */
int prof_modlist_spaced(const char *list)
{
	for (; *list; list++)
		if (*list == ' ')
			return 1;
	return 0;
}

static int parse_modules(struct prof_session *s, const char *list)
{
	int spaced = prof_modlist_spaced(list);
	const char *p = list;

	for (;;) {
		char name[PDUMP_MODNAME_MAX];
		int n = 0;
		while (*p == ' ')
			p++;
		if (!*p)
			break;		/* the end of a spaced list, or an empty name */
		while (*p && *p != ' ') {
			if (n == PDUMP_MODNAME_MAX - 1)
				return -ENAMETOOLONG;
			name[n++] = *p++;
		}
		name[n] = 0;
		if (s->nmodules == PROF_MAX_MODULES)
			return -E2BIG;
		if (!name_eq(name, PROF_KERNEL_MODULE) && !prof_module_known(name))
			return -ENOENT;
		copyname(s->modules[s->nmodules++], name);
		if (!*p && !spaced)
			p++;	/* past the NUL that ends this name */
	}
	return s->nmodules ? 0 : -EINVAL;
}

static void attach(struct prof_proc *pp, const struct prof_codeseg *cs, struct pdump_seg *b)
{
	pp->sbuf[cs->selector >> 3] = b;
	if (!pp->attached) {
		pp->attached = 1;
		pp->sysnext = attached;
		attached = pp;
	}
}

static int valid_user_seg(const struct prof_codeseg *cs)
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
	for (int i = 0; i < nsegs; i++)
		if (!buffer_for(s, &segs[i])) {
			free_session(s);
			return -ENOMEM;
		}
	mask = prof_clock_mask();
	for (int i = 0; i < nsegs; i++)
		pp->ubuf[segs[i].selector >> 3] = &s->bufs[i];
	pp->user = s;
	prof_clock_restore(mask);
	return 0;
}

static int init_system(uint32_t t, const char *modulelist, const struct prof_codeseg *segs, int nsegs)
{
	struct pdump_seg *bufs[nsegs > 0 ? nsegs : 1];
	struct prof_session *s;
	uint32_t mask;
	int err;

	if (prof_system)
		return -EEXIST;
	if (!(s = prof_zalloc(PROF_INTERNAL_SIZE)))
		return -ENOMEM;
	s->type = t;
	if (modulelist && (err = parse_modules(s, modulelist))) {
		free_session(s);
		return err;
	}
	for (int i = 0; i < nsegs; i++) {
		bufs[i] = 0;
		if (!selected(s, segs[i].module) || (!segs[i].owner && !(t & PT_VERBOSE)))
			continue;
		if (!(bufs[i] = buffer_for(s, &segs[i]))) {
			free_session(s);
			return -ENOMEM;
		}
		if (!segs[i].owner)
			s->kbuf = bufs[i];
	}
	mask = prof_clock_mask();
	for (int i = 0; i < nsegs; i++)
		if (bufs[i] && segs[i].owner)
			attach(segs[i].owner, &segs[i], bufs[i]);
	prof_system = s;
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
		if ((segs[i].owner || (t & PT_USER)) && !valid_user_seg(&segs[i]))
			return -EINVAL;
	if (t & PT_USER)
		return init_user(pp, t, modulelist, segs, nsegs);
	return init_system(t, modulelist, segs, nsegs);
}

int prof_proc_start(struct prof_proc *pp, const struct prof_codeseg *segs, int nsegs)
{
	struct prof_session *s = prof_system;
	int err = 0;

	if (!s)
		return 0;
	for (int i = 0; i < nsegs; i++) {
		struct pdump_seg *b;
		uint32_t mask;
		if (!valid_user_seg(&segs[i]) || !selected(s, segs[i].module))
			continue;
		if (!(b = buffer_for(s, &segs[i]))) {
			err = -ENOMEM;
			continue;
		}
		mask = prof_clock_mask();
		attach(pp, &segs[i], b);
		prof_clock_restore(mask);
	}
	return err;
}

int prof_on(struct prof_proc *pp, int type)
{
	struct prof_session *s;
	int err = session_of(pp, type, &s);

	if (err)
		return err;
	if (s->depth >= PROF_MAX_DEPTH)
		return -EOVERFLOW;
	if (s->depth++ == 0)
		prof_active++;
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
	if (--s->depth == 0)
		prof_active--;
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

static void detach_user(struct prof_proc *pp)
{
	pp->user = 0;
	for (int i = 0; i < PROF_LDT_SLOTS; i++)
		pp->ubuf[i] = 0;
}

static void detach_system(struct prof_proc *pp)
{
	struct prof_proc **l;

	for (l = &attached; *l && *l != pp; l = &(*l)->sysnext)
		;
	if (*l)
		*l = pp->sysnext;
	for (int i = 0; i < PROF_LDT_SLOTS; i++)
		pp->sbuf[i] = 0;
	pp->attached = 0;
	pp->sysnext = 0;
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
		while (attached)
			detach_system(attached);
		prof_system = 0;
	}
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
	/* While it is sent, the counters stand still: no process runs (the
	 * kernel is not preempted), and the kernel's own ticks, the dump's
	 * cost, go to the kernel line of the next dump. */
	mask = prof_clock_mask();
	s->dumping = 1;
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
			prof_active--;
		}
		prof_free(pp, PT_USER);
	}
	if (pp->attached) {
		mask = prof_clock_mask();
		detach_system(pp);
		prof_clock_restore(mask);
	}
}

void prof_profil(struct prof_proc *pp, uint8_t *buf, uint32_t bufsiz, uint32_t offset,
		 uint32_t scale)
{
	uint32_t mask = prof_clock_mask();

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
