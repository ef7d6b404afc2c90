/* callstacks.c: a dump's stacks named by the maps (callstacks.h), and two
 * of its views: folded stacks and the gprof-style call graph. The flame
 * graph is flamegraph.c's, the pprof profile pprof.c's. */
#define _GNU_SOURCE	/* qsort_r */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "attrib.h"
#include "callstacks.h"
#include "hostio.h"
#include "frames.h"
#include "shown.h"

/* ---- naming -------------------------------------------------------------------- */

struct modsyms {
	const struct map *m;
	struct msym *sorted;
	size_t n;
	struct code_frames **fr;	/* [i]: sorted[i]'s function's frames, once asked */
	size_t *fn;		/* [i]: sorted[i]'s function + 1, once named (0: not yet) */
};

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

/* The maps' symbols by module (case aside), a module's first map first:
 * a frame finds its module's by a binary search, not a scan of the maps. */
static int by_module(const void *x, const void *y)
{
	const struct modsyms *a = x, *b = y;
	int c = strcasecmp(a->m->module, b->m->module);

	return c ? c : a->m < b->m ? -1 : a->m > b->m;
}

/* The module's symbols (its first map's), or NULL. */
static struct modsyms *modsyms_of(const struct modsyms *ms, size_t nms, const char *module)
{
	size_t lo = 0, hi = nms;

	while (lo < hi) {	/* the first not below module */
		size_t mid = lo + (hi - lo) / 2;

		if (strcasecmp(ms[mid].m->module, module) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < nms && !strcasecmp(ms[lo].m->module, module) ? (struct modsyms *)&ms[lo] : NULL;
}

/* The index in sorted[first .. first + n) (one segment's symbols, by
 * address) of the symbol that holds addr, or first + n when none does. */
static size_t symbol_index(const struct msym *sorted, size_t first, size_t n, uint32_t addr)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {	/* the first symbol above addr */
		size_t mid = lo + (hi - lo) / 2;

		if (sorted[first + mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo ? first + lo - 1 : first + n;
}

/* The symbol of module's segment seg that holds addr, or NULL. */
static const struct msym *symbol_at(const struct modsyms *ms, size_t nms, const char *module,
				    uint16_t seg, uint32_t addr)
{
	const struct modsyms *s = modsyms_of(ms, nms, module);
	size_t first, n, k;

	if (!s)
		return NULL;
	n = msym_segment(s->sorted, s->n, seg, &first);
	k = symbol_index(s->sorted, first, n, addr);
	return k < first + n ? &s->sorted[k] : NULL;
}

/* The function of the frame at addr: a symbol's name is hashed and
 * compared once, when first named, not at each of its frames (a long name
 * would make the naming as slow as writing the whole folded output). */
static size_t name_frame(struct interner *in, const struct modsyms *ms, size_t nms,
			 const char *module, uint16_t seg, uint32_t addr)
{
	const struct msym *s = symbol_at(ms, nms, module, seg, addr);
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

/* The function a direct call just before return address ret calls: its
 * start, when the map has the code (an ELF file), the five bytes before
 * ret are a `call rel32` (E8) and its target is where a function of the
 * map starts; else 0 and nothing said. */
static int call_target(const struct modsyms *ms, size_t nms, const char *module, uint16_t seg,
		       uint32_t ret, uint32_t *target)
{
	const struct modsyms *own = modsyms_of(ms, nms, module);
	const struct map *m = own ? own->m : NULL;
	const struct msym *s;
	const uint8_t *c;
	uint32_t off, t;

	if (!m || !m->code || seg != 1 || ret - m->code_origin < 5 ||
	    ret - m->code_origin > m->code_len)
		return 0;
	off = ret - m->code_origin - 5;
	c = m->code + off;
	if (c[0] != 0xE8)
		return 0;
	t = ret + ((uint32_t)c[1] | (uint32_t)c[2] << 8 | (uint32_t)c[3] << 16 | (uint32_t)c[4] << 24);
	if (!(s = symbol_at(ms, nms, module, seg, t)) || s->addr != t)
		return 0;
	*target = t;
	return 1;
}

/* Whether pcs[b + 1] is a word the kernel took for the leaf's caller
 * (the word on top of the stack, docs/stacks.md) that is no return
 * address of this call: the leaf's function was called by the call
 * before pcs[b + 2], the first return address of the frame chain, so its
 * frame is made and the chain is right; the word, whose call is to
 * another function, is a saved register or a local that looks like a
 * return address. Known only with the code (an ELF file). */
static int false_leaf_caller(const struct modsyms *ms, size_t nms, const char *module,
			     uint16_t seg, const uint32_t *pcs, size_t depth, size_t b)
{
	const struct msym *f;
	uint32_t t1, t2;

	if (b + 2 >= depth || !(f = symbol_at(ms, nms, module, seg, pcs[b])))
		return 0;
	/* (A word into the leaf's function itself is its own recursion, which
	 * went through another function by a tail call: kept.) */
	return call_target(ms, nms, module, seg, pcs[b + 1], &t1) && t1 != f->addr &&
	       call_target(ms, nms, module, seg, pcs[b + 2], &t2) && t2 == f->addr &&
	       symbol_at(ms, nms, module, seg, pcs[b + 1] - 1) != f;
}

/* The frames of the function of symbol k of s (segment 1, the code's),
 * from its address to the next symbol's; NULL with *rc 0 when not known
 * (no code, no capstone), -1 out of memory. */
static const struct code_frames *frames_of(struct modsyms *s, size_t k, int *rc)
{
	const struct map *m = s->m;
	uint32_t end = m->code_origin + m->code_len;
	struct code_frames *fr;

	*rc = 0;
	if (!m->code || s->sorted[k].seg != 1)
		return NULL;
	if (!s->fr && !(s->fr = calloc(s->n, sizeof *s->fr)))
		return *rc = -1, NULL;
	if (s->fr[k])
		return s->fr[k]->state ? s->fr[k] : NULL;
	if (k + 1 < s->n && s->sorted[k + 1].seg == 1 && s->sorted[k + 1].addr < end)
		end = s->sorted[k + 1].addr;
	if (!(fr = calloc(1, sizeof *fr)))
		return *rc = -1, NULL;
	if ((*rc = frames_code(m->code, m->code_origin, m->code_len, s->sorted[k].addr, end, fr)) < 0) {
		free(fr);
		return NULL;
	}
	*rc = 0;
	s->fr[k] = fr;	/* (without capstone: no state, asked once) */
	return fr->state ? fr : NULL;
}

/* Whether the function at t can reach function f's code by jumps alone (a
 * chain of tail calls): 0 when its code shows it cannot, 1 when it can or
 * that is not known (an indirect jump, a jump to no symbol, code not
 * known), -1 out of memory. Falling through past a function's end goes
 * into the next one. */
static int tail_reaches(struct modsyms *s, uint32_t t, const struct code_frames *f)
{
	size_t *todo = malloc(s->n * sizeof *todo), ntodo = 0, k, first, nseg, i;
	uint8_t *seen = calloc(s->n, 1);
	int rc = 1;

	nseg = msym_segment(s->sorted, s->n, 1, &first);
	if (!todo || !seen) {
		rc = -1;
		goto out;
	}
	if ((k = symbol_index(s->sorted, first, nseg, t)) == first + nseg || s->sorted[k].addr != t)
		goto out;
	seen[k] = 1;
	todo[ntodo++] = k;
	while (ntodo) {
		const struct code_frames *g;
		int err;

		k = todo[--ntodo];
		if (!(g = frames_of(s, k, &err))) {
			rc = err ? -1 : 1;
			goto out;
		}
		if (g->indirect || (g->falls_out && k + 1 == first + nseg))
			goto out;
		for (i = 0; i <= g->njumps; i++) {
			uint32_t to;
			size_t h;

			if (i == g->njumps && !g->falls_out)
				break;
			to = i < g->njumps ? g->jumps[i] : g->end;
			if (to >= f->start && to < f->end)
				goto out;
			if ((h = symbol_index(s->sorted, first, nseg, to)) == first + nseg)
				goto out;	/* to no symbol */
			if (!seen[h]) {
				seen[h] = 1;
				todo[ntodo++] = h;
			}
		}
	}
	rc = 0;
out:
	free(todo);
	free(seen);
	return rc;
}

/* Whether pcs[b + 1] is a word the kernel took for the leaf's caller that
 * the code shows false: at the leaf's EIP, pcs[b], its function's frame
 * is made (EBP its own, docs/stacks.md), so the word at ESP is a saved
 * register, a local or an argument, not its return address. The dump does
 * not say whether the kernel took a word (it would be pcs[b + 1]) or not
 * (pcs[b + 1] is then the frame chain's first return address, the leaf's
 * own), so pcs[b + 1] is dropped only when it cannot be the leaf's return
 * address either: the call before it is a `call rel32` (the kernel's
 * test), to a function other than the leaf's that cannot reach the leaf's
 * by jumps (tail calls), no other call ends there, and it is no return
 * into the leaf's function itself (its recursion through a tail call).
 * 1: false, 0: kept or not known, -1: out of memory. */
static int made_false_caller(struct modsyms *ms, size_t nms, const char *module, uint16_t seg,
			     const uint32_t *pcs, size_t depth, size_t b)
{
	struct modsyms *s = modsyms_of(ms, nms, module);
	const struct code_frames *fr;
	const struct msym *f;
	const struct map *m;
	uint32_t eip, t;
	int rc;

	if (!s || seg != 1 || b + 1 >= depth || !(f = symbol_at(ms, nms, module, seg, eip = pcs[b])))
		return 0;
	m = s->m;
	if (!(fr = frames_of(s, (size_t)(f - s->sorted), &rc)))
		return rc;
	if (eip < fr->start || eip >= fr->end || fr->state[eip - fr->start] != FRAMES_MADE)
		return 0;
	/* at a mov ebp, esp (89 E5) the kernel looked at ESP + 4 */
	if (eip - m->code_origin + 2 <= m->code_len && m->code[eip - m->code_origin] == 0x89 &&
	    m->code[eip - m->code_origin + 1] == 0xE5)
		return 0;
	if (!call_target(ms, nms, module, seg, pcs[b + 1], &t) || t == f->addr ||
	    symbol_at(ms, nms, module, seg, pcs[b + 1] - 1) == f)
		return 0;
	if ((rc = frames_call_before(m->code, m->code_origin, m->code_len, pcs[b + 1])) != 0)
		return rc < 0 ? -1 : 0;
	rc = tail_reaches(s, t, fr);
	return rc < 0 ? -1 : !rc;
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

int callstacks_build(const struct pdump *d, const struct map *maps, size_t nmaps,
		     struct callstacks *cs, char *err, size_t errlen)
{
	struct modsyms *ms = calloc(nmaps ? nmaps : 1, sizeof *ms);
	struct interner in = { cs, 0, NULL, 0 };
	size_t i, k, cap = 0;
	uint64_t sampled = 0;
	int rc = -1;

	memset(cs, 0, sizeof *cs);
	cs->total = d->total;
	cs->hz = d->hz;
	if (!ms)
		return host_fail(err, errlen, "out of memory");
	if (d->version < 3) {
		free(ms);
		return host_fail(err, errlen, "the dump has no call stacks (format %u; ProfInit with "
			    "PT_STACKS, pset init /stacks or make run STACKS=1 makes them)", d->version);
	}
	for (i = 0; i < nmaps; i++) {
		ms[i].m = &maps[i];
		if ((ms[i].n = map_sorted_symbols(&maps[i], &ms[i].sorted)) == (size_t)-1)
			goto out;
	}
	qsort(ms, nmaps, sizeof *ms, by_module);
	for (i = 0; i < d->nstacks; i++) {
		const struct pdump_stack *st = &d->stacks[i];
		const struct pdump_seg *us = st->useg ? &d->segs[st->useg - 1] : NULL;
		/* at most one frame made up a frame walked: below */
		struct cs_frame *fr = malloc((st->depth ? 2 * st->depth : 1) * sizeof *fr), t;
		size_t n = 0, drop = (size_t)-1;

		if (!fr)
			goto out;
		if (us && false_leaf_caller(ms, nmaps, us->module, us->segno, st->pcs, st->depth,
					    st->kdepth))
			drop = (size_t)st->kdepth + 1;
		else if (us) {
			int made = made_false_caller(ms, nmaps, us->module, us->segno, st->pcs,
						     st->depth, st->kdepth);

			if (made < 0) {
				free(fr);
				goto out;
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
			    call_target(ms, nmaps, mod, seg, st->pcs[k], &target)) {
				if ((fn = name_frame(&in, ms, nmaps, mod, seg, target)) == (size_t)-1) {
					free(fr);
					goto out;
				}
				if (fn != fr[n - 1].func) {
					fr[n].func = (uint32_t)fn;
					fr[n++].addr = target;
				}
			}
			fr[n].addr = a;
			if (kern || us)
				fn = name_frame(&in, ms, nmaps, mod, seg, a);
			else
				fn = intern(&in, "?", "[?]", 0);
			if (fn == (size_t)-1) {
				free(fr);
				goto out;
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
		if (add_stack(cs, &cap, st->count, n, fr)) {
			free(fr);
			goto out;
		}
		sampled += st->count;
	}
	if (add_pseudo(cs, &in, &cap, "(idle)", d->idle) ||
	    add_pseudo(cs, &in, &cap, "(dropped)", d->dropped) ||
	    add_pseudo(cs, &in, &cap, "(other)", d->total - d->idle - d->dropped - sampled) ||
	    prefix_modules(cs) || sum_funcs(cs))
		goto out;
	rc = 0;
out:
	for (i = 0; i < nmaps; i++) {
		for (k = 0; ms[i].fr && k < ms[i].n; k++) {
			if (ms[i].fr[k])
				frames_free(ms[i].fr[k]);
			free(ms[i].fr[k]);
		}
		free(ms[i].fr);
		free(ms[i].fn);
		free(ms[i].sorted);
	}
	free(ms);
	free(in.slots);
	if (rc) {
		callstacks_free(cs);
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

/* ---- folded stacks ------------------------------------------------------------- */

/* Written as they go: no line is made in memory. A stack's line is its
 * functions' folded names (escaped, a name's own ';' and blanks as '_':
 * FlameGraph's rule; shown_folded(), shown.h), each followed by ';', the last by nothing; lines are
 * in byte order and stacks of one line merged. The order is found without
 * the lines: each function's name is ranked once among the others as a
 * key, its folded name then ';' (a frame with more after it) or then the
 * end (the last frame, which sorts below any byte), so that two stacks
 * compare as their sequences of keys' ranks, a frame at a time, as their
 * lines would compare byte by byte (a folded name holds no ';', so no key
 * is a prefix of another and the first key that differs decides). */

struct key {
	size_t func;
	int last;
};

struct names {
	char **folded;		/* [f]: f's name folded */
	size_t *len;
};

/* Two keys in byte order: the folded names by memcmp, then the byte after
 * the shorter (its ';' or its end, 0) against the longer's next byte. */
static int by_key(const void *x, const void *y, void *arg)
{
	const struct key *a = x, *b = y;
	const struct names *n = arg;
	size_t la = n->len[a->func], lb = n->len[b->func];
	int c = memcmp(n->folded[a->func], n->folded[b->func], la < lb ? la : lb);

	if (c)
		return c;
	c = la <= lb ? (a->last ? 0 : ';') : (unsigned char)n->folded[a->func][lb];
	return c - (lb <= la ? (b->last ? 0 : ';') : (unsigned char)n->folded[b->func][la]);
}

struct ranks {
	const struct callstacks *cs;
	size_t *mid, *end;	/* [f]: the rank of f's key inside a stack, at its end */
};

static uint64_t frame_key(const struct ranks *r, const struct cs_stack *st, size_t k)
{
	return k + 1 < st->depth ? r->mid[st->frames[k].func] : r->end[st->frames[k].func];
}

static int by_line(const void *x, const void *y, void *arg)
{
	const struct ranks *r = arg;
	const struct cs_stack *a = &r->cs->stacks[*(const size_t *)x];
	const struct cs_stack *b = &r->cs->stacks[*(const size_t *)y];
	size_t k;

	for (k = 0; k < a->depth && k < b->depth; k++) {
		uint64_t p = frame_key(r, a, k), q = frame_key(r, b, k);

		if (p != q)
			return p < q ? -1 : 1;
	}
	return a->depth < b->depth ? -1 : a->depth > b->depth;
}

int callstacks_folded(const struct callstacks *cs, FILE *out)
{
	size_t nf = cs->nfuncs ? cs->nfuncs : 1, i, k, j;
	struct key *keys = malloc(2 * nf * sizeof *keys);
	size_t *order = malloc((cs->nstacks ? cs->nstacks : 1) * sizeof *order);
	char **folded = calloc(nf, sizeof *folded);
	size_t *len = malloc(nf * sizeof *len);
	struct ranks r = { cs, malloc(nf * sizeof *r.mid), malloc(nf * sizeof *r.end) };
	struct names nm = { folded, len };
	int rc = -1;

	if (!keys || !order || !folded || !len || !r.mid || !r.end)
		goto out;
	for (i = 0; i < cs->nfuncs; i++) {
		const char *name = cs->funcs[i].name;

		len[i] = shown_folded(NULL, name);
		if (!(folded[i] = malloc(len[i] + 1)))
			goto out;
		shown_folded(folded[i], name);	/* escaped, ';' and blanks as '_' (shown.h) */
		folded[i][len[i]] = 0;
		keys[2 * i] = (struct key){ i, 0 };
		keys[2 * i + 1] = (struct key){ i, 1 };
	}
	qsort_r(keys, 2 * cs->nfuncs, sizeof *keys, by_key, &nm);
	for (i = 0, k = 0; i < 2 * cs->nfuncs; i++) {
		if (i && by_key(&keys[i - 1], &keys[i], &nm))
			k++;
		(keys[i].last ? r.end : r.mid)[keys[i].func] = k;
	}
	free(keys);
	keys = NULL;
	for (i = 0; i < cs->nstacks; i++)
		order[i] = i;
	qsort_r(order, cs->nstacks, sizeof *order, by_line, &r);
	for (i = 0; i < cs->nstacks; i = j) {
		const struct cs_stack *st = &cs->stacks[order[i]];
		uint64_t sum = 0;

		for (j = i; j < cs->nstacks && !by_line(&order[i], &order[j], &r); j++)
			sum += cs->stacks[order[j]].count;
		for (k = 0; k < st->depth; k++) {
			size_t f = st->frames[k].func;

			fwrite(folded[f], 1, len[f], out);
			if (k + 1 < st->depth)
				putc(';', out);
		}
		fprintf(out, " %llu\n", (unsigned long long)sum);
		if (ferror(out))
			break;	/* a write error: no use going on; the caller sees it */
	}
	rc = 0;
out:
	if (folded)
		for (i = 0; i < cs->nfuncs; i++)
			free(folded[i]);
	free(folded);
	free(len);
	free(keys);
	free(order);
	free(r.mid);
	free(r.end);
	return rc;
}

/* ---- the call graph ------------------------------------------------------------ */

/* An arc caller -> callee: the samples whose stack has it (once each), and
 * those of them in which the callee is the leaf. */
struct arc {
	size_t caller, callee;
	uint64_t total, self;
	size_t seen;
};

struct arcs {
	struct arc *a;
	size_t n, cap;
	size_t *slots, nslots;
};

static struct arc *arc_of(struct arcs *g, size_t caller, size_t callee)
{
	size_t k, i;

	if (2 * (g->n + 1) > g->nslots) {
		size_t n = g->nslots ? g->nslots * 2 : 256, *slots = calloc(n, sizeof *slots);

		if (!slots)
			return NULL;
		for (i = 0; i < g->n; i++) {
			k = (g->a[i].caller * 31 + g->a[i].callee) * 2654435761u & (n - 1);
			while (slots[k])
				k = (k + 1) & (n - 1);
			slots[k] = i + 1;
		}
		free(g->slots);
		g->slots = slots;
		g->nslots = n;
	}
	k = (caller * 31 + callee) * 2654435761u & (g->nslots - 1);
	for (; (i = g->slots[k]) != 0; k = (k + 1) & (g->nslots - 1))
		if (g->a[i - 1].caller == caller && g->a[i - 1].callee == callee)
			return &g->a[i - 1];
	if (g->n == g->cap) {
		size_t cap = g->cap ? g->cap * 2 : 64;
		struct arc *grown = realloc(g->a, cap * sizeof *grown);

		if (!grown)
			return NULL;
		g->a = grown;
		g->cap = cap;
	}
	memset(&g->a[g->n], 0, sizeof g->a[g->n]);
	g->a[g->n].caller = caller;
	g->a[g->n].callee = callee;
	g->slots[k] = ++g->n;
	return &g->a[g->n - 1];
}

/* Functions by total, then self, then name: gprof's order. */
static int by_time(const void *x, const void *y, void *base)
{
	const struct cs_func *f = base;
	const struct cs_func *a = &f[*(const size_t *)x], *b = &f[*(const size_t *)y];

	if (a->total != b->total)
		return a->total > b->total ? -1 : 1;
	if (a->self != b->self)
		return a->self > b->self ? -1 : 1;
	return strcmp(a->name, b->name);
}

static int arc_by_total(const void *x, const void *y)
{
	const struct arc *a = *(const struct arc *const *)x, *b = *(const struct arc *const *)y;

	if (a->total != b->total)
		return a->total > b->total ? -1 : 1;
	return a->caller != b->caller ? (a->caller < b->caller ? -1 : 1) :
	       (a->callee < b->callee ? -1 : a->callee > b->callee);
}

static void arc_line(FILE *out, const struct callstacks *cs, const size_t *index,
		     const struct arc *a, size_t other)
{
	struct shown sh;

	fprintf(out, "            %10llu %10llu             %s [%zu]\n",
		(unsigned long long)a->self, (unsigned long long)(a->total - a->self),
		shown(cs->funcs[other].name, &sh), index[other]);
}

int callstacks_callgraph(const struct callstacks *cs, FILE *out)
{
	struct arcs g = { 0 };
	size_t *order = malloc((cs->nfuncs ? cs->nfuncs : 1) * sizeof *order);
	size_t *index = malloc((cs->nfuncs ? cs->nfuncs : 1) * sizeof *index);
	const struct arc **list = NULL;
	size_t nf = cs->nfuncs, *first = NULL, *at = NULL, i, k, j, n;
	char idx[24];
	int rc = -1;

	if (!order || !index)
		goto out;
	for (i = 0; i < cs->nstacks; i++) {
		const struct cs_stack *st = &cs->stacks[i];

		for (k = 0; k + 1 < st->depth; k++) {
			struct arc *a = arc_of(&g, st->frames[k].func, st->frames[k + 1].func);

			if (!a)
				goto out;
			if (a->seen != i + 1) {
				a->seen = i + 1;
				a->total += st->count;
				if (k + 2 == st->depth)
					a->self += st->count;
			}
		}
	}
	/* every arc twice, grouped by callee (its callers), then by caller
	 * (its callees), each group by total: one sort, not a scan of the
	 * arcs at each function */
	if (!(list = malloc((g.n ? 2 * g.n : 1) * sizeof *list)) ||
	    !(first = calloc(2 * nf + 1, sizeof *first)))
		goto out;
	for (j = 0; j < g.n; j++) {
		first[g.a[j].callee + 1]++;
		first[nf + g.a[j].caller + 1]++;
	}
	for (j = 0; j < 2 * nf; j++)
		first[j + 1] += first[j];
	if (!(at = malloc((nf ? 2 * nf : 1) * sizeof *at)))
		goto out;
	memcpy(at, first, 2 * nf * sizeof *at);
	for (j = 0; j < g.n; j++) {
		list[at[g.a[j].callee]++] = &g.a[j];
		list[at[nf + g.a[j].caller]++] = &g.a[j];
	}
	for (j = 0; j < 2 * nf; j++)
		qsort(list + first[j], first[j + 1] - first[j], sizeof *list, arc_by_total);
	for (i = 0; i < cs->nfuncs; i++)
		order[i] = i;
	qsort_r(order, cs->nfuncs, sizeof *order, by_time, cs->funcs);
	for (i = 0; i < cs->nfuncs; i++)
		index[order[i]] = i + 1;
	fprintf(out, "\t\t     Call graph (from sampled call stacks)\n\n"
		"granularity: a sample is one tick at %u Hz; %llu samples; self and children in ticks\n\n",
		cs->hz, (unsigned long long)cs->total);
	fprintf(out, "index  %% time       self   children    name\n");
	for (i = 0; i < cs->nfuncs; i++) {
		size_t f = order[i];
		const struct cs_func *fn = &cs->funcs[f];
		struct shown sh;

		const struct arc **callers = list + first[f], **callees = list + first[nf + f];

		n = first[f + 1] - first[f];	/* callers, least first as gprof */
		for (j = n; j > 0; j--)
			arc_line(out, cs, index, callers[j - 1], callers[j - 1]->caller);
		if (!n)
			fprintf(out, "                                             <spontaneous>\n");
		snprintf(idx, sizeof idx, "[%zu]", i + 1);
		fprintf(out, "%-6s %6.1f %10llu %10llu    %s %s\n", idx,
			cs->total ? 100.0 * (double)fn->total / (double)cs->total : 0.0,
			(unsigned long long)fn->self, (unsigned long long)(fn->total - fn->self),
			shown(fn->name, &sh), idx);
		n = first[nf + f + 1] - first[nf + f];	/* callees, most first */
		for (j = 0; j < n; j++)
			arc_line(out, cs, index, callees[j], callees[j]->callee);
		fputs("-----------------------------------------------\n", out);
	}
	rc = 0;
out:
	free(order);
	free(index);
	free(list);
	free(first);
	free(at);
	free(g.a);
	free(g.slots);
	return rc;
}
