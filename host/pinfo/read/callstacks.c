/* callstacks.c: a dump's stacks named by the maps (callstacks.h). The
 * maps' symbols are found by modsyms.c, a false leaf caller by
 * leafcaller.c; the views are in views/: folded.c, callgraph.c,
 * flamegraph.c and pprof.c. */
#include <stdlib.h>
#include <string.h>

#include "callstacks.h"
#include "dumpfmt.h"
#include "hostio.h"
#include "leafcaller.h"
#include "modsyms.h"

/* ---- naming -------------------------------------------------------------------- */

/* The functions, interned by module and name. */
struct interner {
	struct callstacks *cs;
	size_t cap;
	size_t *slots;		/* func index + 1; 0: free */
	size_t nslots;
};

static uint64_t hash_str(uint64_t h, const char *s)
{
	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211ull;
	return (h ^ 0xff) * 1099511628211ull;
}

static int grow_slots(struct interner *in)
{
	size_t n = in->nslots ? in->nslots * 2 : 256, i;
	size_t *slots = calloc(n, sizeof *slots);

	if (!slots)
		return -1;
	for (i = 0; i < in->cs->nfuncs; i++) {
		const struct cs_func *f = &in->cs->funcs[i];
		size_t k = hash_str(hash_str(14695981039346656037ull, f->module), f->name) & (n - 1);

		while (slots[k])
			k = (k + 1) & (n - 1);
		slots[k] = i + 1;
	}
	free(in->slots);
	in->slots = slots;
	in->nslots = n;
	return 0;
}

/* The index of function name of module, made if new; (size_t)-1: no memory. */
static size_t intern(struct interner *in, const char *module, const char *name, uint32_t addr)
{
	struct callstacks *cs = in->cs;
	size_t k, i;
	struct cs_func *f;

	if (2 * (cs->nfuncs + 1) > in->nslots && grow_slots(in))
		return (size_t)-1;
	k = hash_str(hash_str(14695981039346656037ull, module), name) & (in->nslots - 1);
	for (; (i = in->slots[k]) != 0; k = (k + 1) & (in->nslots - 1))
		if (!strcmp(cs->funcs[i - 1].module, module) && !strcmp(cs->funcs[i - 1].name, name))
			return i - 1;
	if (cs->nfuncs == in->cap) {
		size_t cap = in->cap ? in->cap * 2 : 64;
		struct cs_func *grown = realloc(cs->funcs, cap * sizeof *grown);

		if (!grown)
			return (size_t)-1;
		cs->funcs = grown;
		in->cap = cap;
	}
	f = &cs->funcs[cs->nfuncs];
	memset(f, 0, sizeof *f);
	f->name = strdup(name);
	f->module = strdup(module);
	f->addr = addr;
	if (!f->name || !f->module) {
		free(f->name);
		free(f->module);
		return (size_t)-1;
	}
	in->slots[k] = ++cs->nfuncs;
	return cs->nfuncs - 1;
}

/* The function of the frame at addr: a symbol's name is hashed and
 * compared once, when first named, not at each of its frames (a long name
 * would make the naming as slow as writing the whole folded output). */
static size_t name_frame(struct interner *in, const struct modsyms *ms, size_t nms,
			 const char *module, uint16_t seg, uint32_t addr)
{
	const struct msym *s = modsyms_at(ms, nms, module, seg, addr);
	struct modsyms *own = s ? modsyms_of(ms, nms, module) : NULL;
	char unknown[PDUMP_MODNAME_MAX + 3];

	if (s) {
		size_t k = (size_t)(s - own->sorted), f;

		if (!own->fn && !(own->fn = calloc(own->n, sizeof *own->fn)))
			return (size_t)-1;
		if (own->fn[k])
			return own->fn[k] - 1;
		if ((f = intern(in, module, s->name, s->addr)) != (size_t)-1)
			own->fn[k] = f + 1;
		return f;
	}
	snprintf(unknown, sizeof unknown, "[%s]", module);
	return intern(in, module, unknown, 0);
}

static int add_stack(struct callstacks *cs, size_t *cap, uint64_t count, size_t depth,
		     struct cs_frame *frames)
{
	if (cs->nstacks == *cap) {
		size_t c = *cap ? *cap * 2 : 64;
		struct cs_stack *grown = realloc(cs->stacks, c * sizeof *grown);

		if (!grown)
			return -1;
		cs->stacks = grown;
		*cap = c;
	}
	cs->stacks[cs->nstacks].count = count;
	cs->stacks[cs->nstacks].depth = depth;
	cs->stacks[cs->nstacks].frames = frames;
	cs->nstacks++;
	return 0;
}

static int add_pseudo(struct callstacks *cs, struct interner *in, size_t *cap, const char *name,
		      uint64_t count)
{
	struct cs_frame *f;
	size_t fn;

	if (!count)
		return 0;
	if (!(f = malloc(sizeof *f)))
		return -1;
	if ((fn = intern(in, "", name, 0)) == (size_t)-1 || (f->func = (uint32_t)fn,
							      add_stack(cs, cap, count, 1, f))) {
		free(f);
		return -1;
	}
	f->addr = 0;
	return 0;
}

/* Names with their modules, when the frames are of more than one. */
static int prefix_modules(struct callstacks *cs)
{
	const char *first = NULL;
	size_t i;

	for (i = 0; i < cs->nfuncs && !cs->several; i++) {
		const char *m = cs->funcs[i].module;

		if (!*m)
			continue;
		if (!first)
			first = m;
		else if (strcmp(first, m))
			cs->several = 1;
	}
	for (i = 0; cs->several && i < cs->nfuncs; i++) {
		struct cs_func *f = &cs->funcs[i];
		char *named;

		if (!*f->module || f->name[0] == '[')
			continue;
		if (!(named = malloc(strlen(f->module) + strlen(f->name) + 2)))
			return -1;
		sprintf(named, "%s`%s", f->module, f->name);
		free(f->name);
		f->name = named;
	}
	return 0;
}

/* Self and total of each function: total once per stack, however often
 * the function recurs in it. */
static int sum_funcs(struct callstacks *cs)
{
	uint64_t *seen = calloc(cs->nfuncs ? cs->nfuncs : 1, sizeof *seen);
	size_t i, k;

	if (!seen)
		return -1;
	for (i = 0; i < cs->nstacks; i++) {
		const struct cs_stack *st = &cs->stacks[i];

		cs->funcs[st->frames[st->depth - 1].func].self += st->count;
		for (k = 0; k < st->depth; k++) {
			size_t f = st->frames[k].func;

			if (seen[f] != i + 1) {
				seen[f] = i + 1;
				cs->funcs[f].total += st->count;
			}
		}
	}
	free(seen);
	return 0;
}

/* The frames of stack st named, root first, in *out (malloc'd, *n of
 * them): a word the kernel took for the leaf's caller that the code shows
 * none dropped, a tail call's function put back. 0, or -1 out of memory. */
static int name_stack(struct interner *in, struct modsyms *ms, size_t nms, const struct pdump *d,
		      const struct pdump_stack *st, struct cs_frame **out, size_t *nout)
{
	const struct pdump_seg *us = st->useg ? &d->segs[st->useg - 1] : NULL;
	/* at most one frame made up a frame walked: below */
	struct cs_frame *fr = malloc((st->depth ? 2 * st->depth : 1) * sizeof *fr), t;
	size_t n = 0, k, drop = (size_t)-1;

	if (!fr)
		return -1;
	if (us) {
		int made = leaf_caller_false(ms, nms, us->module, us->segno, st->pcs, st->depth,
					     st->kdepth);

		if (made < 0) {
			free(fr);
			return -1;
		}
		if (made)
			drop = (size_t)st->kdepth + 1;
	}
	for (k = 0; k < st->depth; k++) {	/* leaf first, as in the dump */
		if (k == drop)
			continue;
		/* A return address less 1 is in the call: in its caller,
		 * even at its end. */
		int kern = k < st->kdepth;
		const char *mod = kern ? "kernel" : us ? us->module : "?";
		uint16_t seg = kern ? 1 : us ? us->segno : 0;
		uint32_t a = st->pcs[k] - (k > 0), target;
		size_t fn;

		/* A tail call (jmp) leaves no frame: the function that
		 * made it is the one the call below the return address
		 * called, when the frame above is not of that one. Not at
		 * the process's EIP under the kernel's frames: that is no
		 * return address. */
		if (k > 0 && (kern || k != st->kdepth) && (kern || us) &&
		    modsyms_call_target(ms, nms, mod, seg, st->pcs[k], &target)) {
			if ((fn = name_frame(in, ms, nms, mod, seg, target)) == (size_t)-1) {
				free(fr);
				return -1;
			}
			if (fn != fr[n - 1].func) {
				fr[n].func = (uint32_t)fn;
				fr[n++].addr = target;
			}
		}
		fr[n].addr = a;
		if (kern || us)
			fn = name_frame(in, ms, nms, mod, seg, a);
		else
			fn = intern(in, "?", "[?]", 0);
		if (fn == (size_t)-1) {
			free(fr);
			return -1;
		}
		fr[n++].func = (uint32_t)fn;
	}
	for (k = 0; k < n / 2; k++) {	/* root first here */
		t = fr[k];
		fr[k] = fr[n - 1 - k];
		fr[n - 1 - k] = t;
	}
	if (n < 2 * (size_t)st->depth) {	/* the room left given back */
		struct cs_frame *fit = realloc(fr, (n ? n : 1) * sizeof *fr);

		fr = fit ? fit : fr;
	}
	*out = fr;
	*nout = n;
	return 0;
}

int callstacks_build(const struct pdump *d, const struct map *maps, size_t nmaps,
		     struct callstacks *cs, char *err, size_t errlen)
{
	struct modsyms *ms;
	struct interner in = { cs, 0, NULL, 0 };
	size_t i, n, cap = 0;
	uint64_t sampled = 0;
	int rc = -1;

	memset(cs, 0, sizeof *cs);
	cs->total = d->total;
	cs->hz = d->hz;
	if (!(d->type & PDUMP_TYPE_STACKS))
		return host_fail(err, errlen, "the dump has no call stacks (format %u; ProfInit with "
			    "PT_STACKS, pset init /stacks or make run STACKS=1 makes them)", d->version);
	if (!(ms = modsyms_make(maps, nmaps)))
		return host_fail(err, errlen, "out of memory");
	for (i = 0; i < d->nstacks; i++) {
		struct cs_frame *fr;

		if (name_stack(&in, ms, nmaps, d, &d->stacks[i], &fr, &n))
			goto out;
		if (add_stack(cs, &cap, d->stacks[i].count, n, fr)) {
			free(fr);
			goto out;
		}
		sampled += d->stacks[i].count;
	}
	if (add_pseudo(cs, &in, &cap, "(idle)", d->idle) ||
	    add_pseudo(cs, &in, &cap, "(dropped)", d->dropped) ||
	    add_pseudo(cs, &in, &cap, "(other)", d->total - d->idle - d->dropped - sampled) ||
	    prefix_modules(cs) || sum_funcs(cs))
		goto out;
	rc = 0;
out:
	modsyms_free(ms, nmaps);
	free(in.slots);
	if (rc) {
		callstacks_free(cs);
		host_fail(err, errlen, "out of memory");
	}
	return rc;
}

/* f's name without the module that prefix_modules() put before it. */
static const char *own_name(const struct callstacks *cs, const struct cs_func *f)
{
	size_t n = strlen(f->module);

	if (cs->several && n && !strncmp(f->name, f->module, n) && f->name[n] == '`')
		return f->name + n + 1;
	return f->name;
}

/* The stacks of from into both, each frame's function interned anew, with
 * root (if not (size_t)-1) put below each one. 0, or -1 out of memory. */
static int join_stacks(struct interner *in, size_t *cap, const struct callstacks *from, size_t root)
{
	size_t *func = malloc((from->nfuncs ? from->nfuncs : 1) * sizeof *func), i, k, up = root != (size_t)-1;
	int rc = -1;

	if (!func)
		return -1;
	for (i = 0; i < from->nfuncs; i++) {
		const struct cs_func *f = &from->funcs[i];

		if ((func[i] = intern(in, f->module, own_name(from, f), f->addr)) == (size_t)-1)
			goto out;
	}
	for (i = 0; i < from->nstacks; i++) {
		const struct cs_stack *st = &from->stacks[i];
		struct cs_frame *fr = malloc((st->depth + up) * sizeof *fr);

		if (!fr)
			goto out;
		if (up)
			fr[0] = (struct cs_frame){ (uint32_t)root, 0 };
		for (k = 0; k < st->depth; k++)
			fr[k + up] = (struct cs_frame){ (uint32_t)func[st->frames[k].func], st->frames[k].addr };
		if (add_stack(in->cs, cap, st->count, st->depth + up, fr)) {
			free(fr);
			goto out;
		}
	}
	rc = 0;
out:
	free(func);
	return rc;
}

int callstacks_join(const struct callstacks *on, const struct callstacks *off, struct callstacks *both,
		    char *err, size_t errlen)
{
	struct interner in = { both, 0, NULL, 0 };
	size_t cap = 0, root;
	int rc = -1;

	memset(both, 0, sizeof *both);
	if (on->hz != off->hz)
		return host_fail(err, errlen, "the off-CPU profile's rate (%u Hz) is not the dump's (%u Hz)",
				 off->hz, on->hz);
	both->total = on->total + off->total;
	both->hz = on->hz;
	if (join_stacks(&in, &cap, on, (size_t)-1) == 0 &&
	    (root = intern(&in, "", CALLSTACKS_OFFCPU, 0)) != (size_t)-1 &&
	    join_stacks(&in, &cap, off, root) == 0 && prefix_modules(both) == 0 && sum_funcs(both) == 0)
		rc = 0;
	free(in.slots);
	if (rc) {
		callstacks_free(both);
		host_fail(err, errlen, "out of memory");
	}
	return rc;
}

void callstacks_free(struct callstacks *cs)
{
	size_t i;

	for (i = 0; i < cs->nfuncs; i++) {
		free(cs->funcs[i].name);
		free(cs->funcs[i].module);
	}
	for (i = 0; i < cs->nstacks; i++)
		free(cs->stacks[i].frames);
	free(cs->funcs);
	free(cs->stacks);
	memset(cs, 0, sizeof *cs);
}
