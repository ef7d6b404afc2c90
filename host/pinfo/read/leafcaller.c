/* leafcaller.c: whether the word the kernel took for the leaf's caller is
 * none, by what the module's code says (leafcaller.h, docs/stacks.md). */
#include <stdlib.h>

#include "attrib.h"
#include "frames.h"
#include "leafcaller.h"

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

	if (b + 2 >= depth || !(f = modsyms_at(ms, nms, module, seg, pcs[b])))
		return 0;
	/* (A word into the leaf's function itself is its own recursion, which
	 * went through another function by a tail call: kept.) */
	return modsyms_call_target(ms, nms, module, seg, pcs[b + 1], &t1) && t1 != f->addr &&
	       modsyms_call_target(ms, nms, module, seg, pcs[b + 2], &t2) && t2 == f->addr &&
	       modsyms_at(ms, nms, module, seg, pcs[b + 1] - 1) != f;
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
	if ((k = modsyms_index(s->sorted, first, nseg, t)) == first + nseg || s->sorted[k].addr != t)
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
			if ((h = modsyms_index(s->sorted, first, nseg, to)) == first + nseg)
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

	if (!s || seg != 1 || b + 1 >= depth || !(f = modsyms_at(ms, nms, module, seg, eip = pcs[b])))
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
	if (!modsyms_call_target(ms, nms, module, seg, pcs[b + 1], &t) || t == f->addr ||
	    modsyms_at(ms, nms, module, seg, pcs[b + 1] - 1) == f)
		return 0;
	if ((rc = frames_call_before(m->code, m->code_origin, m->code_len, pcs[b + 1])) != 0)
		return rc < 0 ? -1 : 0;
	rc = tail_reaches(s, t, fr);
	return rc < 0 ? -1 : !rc;
}

int leaf_caller_false(struct modsyms *ms, size_t nms, const char *module, uint16_t seg,
		      const uint32_t *pcs, size_t depth, size_t b)
{
	if (false_leaf_caller(ms, nms, module, seg, pcs, depth, b))
		return 1;
	return made_false_caller(ms, nms, module, seg, pcs, depth, b);
}
