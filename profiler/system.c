/* system.c: the system profile: its module list, and the processes
 * attached to it as they start and detached as they end. */
#include "profint.h"
#include "profkern/profile.h"

/* The processes whose buffers point into each system profile: the time
 * profile's (sbuf), and each event profile's (ebuf). */
static struct prof_proc *attached[PROF_KINDS];

struct prof_session **prof_sys_of(int k)
{
	return k ? &prof_evsys[k - 1] : &prof_system;
}

/* pp's buffers, list link and mark for system profile k. */
static struct pdump_seg **bufs_of(struct prof_proc *pp, int k)
{
	return k ? pp->ebuf[k - 1] : pp->sbuf;
}
static struct prof_proc **next_of(struct prof_proc *pp, int k)
{
	return k ? &pp->evnext[k - 1] : &pp->sysnext;
}
static int *mark_of(struct prof_proc *pp, int k)
{
	return k ? &pp->evattached[k - 1] : &pp->attached;
}

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

static void attach(struct prof_proc *pp, int k, const struct prof_codeseg *cs, struct pdump_seg *b)
{
	bufs_of(pp, k)[cs->slot] = b;
	if (!*mark_of(pp, k)) {
		*mark_of(pp, k) = 1;
		*next_of(pp, k) = attached[k];
		attached[k] = pp;
	}
}

int prof_init_system(uint32_t t, const char *modulelist, const struct prof_codeseg *segs, int nsegs)
{
	struct pdump_seg *bufs[nsegs > 0 ? nsegs : 1];
	struct prof_session *s;
	uint32_t mask;
	int err, k = prof_kind(t);

	if (*prof_sys_of(k))
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
			attach(segs[i].owner, k, &segs[i], bufs[i]);
	*prof_sys_of(k) = s;
	if (t & PT_SPREAD)
		prof_spread_adjust(1);
	prof_moved(0);
	prof_clock_restore(mask);
	return 0;
}

/* pp's segments into system profile k, if it lives. */
static int start_in(struct prof_proc *pp, int k, const struct prof_codeseg *segs, int nsegs)
{
	struct prof_session *s = *prof_sys_of(k);
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
		attach(pp, k, &segs[i], b);
		prof_moved(0);
		prof_clock_restore(mask);
	}
	return err;
}

int prof_proc_start(struct prof_proc *pp, const struct prof_codeseg *segs, int nsegs)
{
	int err = 0;

	for (int k = 0; k < PROF_KINDS; k++) {
		int e = start_in(pp, k, segs, nsegs);
		err = err ? err : e;
	}
	return err;
}

void prof_detach(struct prof_proc *pp, int k)
{
	struct prof_proc **l;

	for (l = &attached[k]; *l && *l != pp; l = next_of(*l, k))
		;
	if (*l)
		*l = *next_of(pp, k);
	for (int i = 0; i < PROF_LDT_SLOTS; i++)
		bufs_of(pp, k)[i] = 0;
	*mark_of(pp, k) = 0;
	*next_of(pp, k) = 0;
	if (k == 3)
		pp->offwhere = 0;	/* where it blocked is no longer the profile's */
}

/* Every process lets go of the system profile (with the clock masked;
 * the caller moves prof_gen, prof_moved()). */
void prof_detach_all(int k)
{
	while (attached[k])
		prof_detach(attached[k], k);
}

/* The off-CPU profile's processes still blocked (offcpu.c): the system
 * profile's, or the caller's own. */
void prof_offcpu_settle(struct prof_proc *pp, struct prof_session *s, int how)
{
	uint64_t now;
	uint32_t mask;

	if (!s || (s != prof_evsys[2] && s != pp->uev[2]))
		return;
	now = prof_clock_ticks();
	mask = prof_clock_mask();
	if (s == pp->uev[2])
		prof_offcpu_upto(pp, s, how, now);
	else
		for (struct prof_proc *q = attached[3]; q; q = q->evnext[2])
			prof_offcpu_upto(q, s, how, now);
	prof_clock_restore(mask);
}
