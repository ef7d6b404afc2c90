/* system.c: the system profile: its module list, and the processes
 * attached to it as they start and detached as they end. */
#include "profint.h"
#include "profkern/profile.h"

static struct prof_proc *attached;	/* processes whose sbuf point into prof_system */

static int selected(const struct prof_session *s, const char *module)
{
	if (s->nmodules == 0)
		return 1;
	for (uint32_t i = 0; i < s->nmodules; i++)
		if (prof_name_eq(s->modules[i], module))
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
				return -PROF_ENAMETOOLONG;
			name[n++] = *p++;
		}
		name[n] = 0;
		if (s->nmodules == PROF_MAX_MODULES)
			return -PROF_E2BIG;
		if (!prof_name_eq(name, PROF_KERNEL_MODULE) && !prof_module_known(name))
			return -PROF_ENOENT;
		prof_copyname(s->modules[s->nmodules++], name);
		if (!*p && !spaced)
			p++;	/* past the NUL that ends this name */
	}
	return s->nmodules ? 0 : -PROF_EINVAL;
}

static void attach(struct prof_proc *pp, const struct prof_codeseg *cs, struct pdump_seg *b)
{
	pp->sbuf[cs->slot] = b;
	if (!pp->attached) {
		pp->attached = 1;
		pp->sysnext = attached;
		attached = pp;
	}
}

int prof_init_system(uint32_t t, const char *modulelist, const struct prof_codeseg *segs, int nsegs)
{
	struct pdump_seg *bufs[nsegs > 0 ? nsegs : 1];
	struct prof_session *s;
	uint32_t mask;
	int err;

	if (prof_system)
		return -PROF_EEXIST;
	if (!(s = prof_new_session(t)))
		return -PROF_ENOMEM;
	if (modulelist && (err = parse_modules(s, modulelist))) {
		prof_free_session(s);
		return err;
	}
	for (int i = 0; i < nsegs; i++) {
		bufs[i] = 0;
		if (!selected(s, segs[i].module) || (!segs[i].owner && !(t & PT_VERBOSE)))
			continue;
		if (!(bufs[i] = prof_buffer_for(s, &segs[i]))) {
			prof_free_session(s);
			return -PROF_ENOMEM;
		}
		if (!segs[i].owner)
			s->kbuf = bufs[i];
	}
	prof_trace_new(s);
	mask = prof_clock_mask();
	for (int i = 0; i < nsegs; i++)
		if (bufs[i] && segs[i].owner)
			attach(segs[i].owner, &segs[i], bufs[i]);
	prof_system = s;
	if (t & PT_SPREAD)
		prof_spread_adjust(1);
	prof_moved(0);
	prof_clock_restore(mask);
	return 0;
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
		if (!prof_valid_user_seg(&segs[i]) || !selected(s, segs[i].module))
			continue;
		if (!(b = prof_buffer_for(s, &segs[i]))) {
			err = -PROF_ENOMEM;
			continue;
		}
		mask = prof_clock_mask();
		attach(pp, &segs[i], b);
		prof_moved(0);
		prof_clock_restore(mask);
	}
	return err;
}

void prof_detach(struct prof_proc *pp)
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

/* Every process lets go of the system profile (with the clock masked;
 * the caller moves prof_gen, prof_moved()). */
void prof_detach_all(void)
{
	while (attached)
		prof_detach(attached);
}
