/* stacks.c: the frame-pointer walk and the table of distinct stacks
 * (stacks.h). Both run at the tick: no allocation, no loop but over the
 * frames of one stack and the probes of one lookup. */
#include "stacks.h"

/* A word at any alignment (a hostile frame pointer may be odd). */
static inline uint32_t word_at(const uint8_t *p)
{
	uint32_t v;

	__builtin_memcpy(&v, p, 4);
	return v;
}

/* A frame is read only after it is checked: its two words inside the
 * window. fp - bias <= size - 8 says both bounds at once (modular: a frame
 * pointer below bias wraps to a large offset); after the first frame, the
 * next one must lie above it, so that a loop ends. The timer's assembly
 * (boot/irq0.asm, irq0_stacks) walks by exactly these rules. */
uint32_t prof_walk(const struct prof_stackwin *w, uint32_t fp, uint32_t *out, uint32_t max)
{
	uint32_t n = 0, span;

	if (!w->base || w->size < 8)
		return 0;
	span = w->size - 8;
	while (n < max && fp - w->bias <= span) {
		const uint8_t *f = w->base + (fp - w->bias);
		uint32_t next = word_at(f);

		out[n++] = word_at(f + 4);
		if (next <= fp)		/* a caller's frame is above its callee's */
			break;
		fp = next;
	}
	return n;
}

uint32_t prof_leaf_caller(const struct prof_stackwin *stack, const struct prof_stackwin *code,
			  uint32_t sp, uint32_t eip)
{
	uint32_t off, w;

	if (!stack->base || !code->base || stack->size < 4 || code->size < 5)
		return 0;
	off = eip - code->bias;
	if (off <= code->size - 2 && code->base[off] == 0x89 && code->base[off + 1] == 0xE5)
		sp += 4;	/* at mov ebp, esp: above the EBP its push ebp saved */
	off = sp - stack->bias;
	if (off > stack->size - 4)
		return 0;
	w = word_at(stack->base + off);
	off = w - code->bias - 5;
	if (off > code->size - 5)
		return 0;	/* not in the code, or too near its start */
	return code->base[off] == 0xE8 ? w : 0;
}

uint32_t prof_stack_hash(const uint32_t *pcs, uint32_t depth)
{
	uint32_t h = PROF_HASH_SEED;

	for (uint32_t i = 0; i < depth; i++)
		h = (h + pcs[i]) * PROF_HASH_MUL;
	return h;
}

static int same(const struct pdump_stack *e, const uint32_t *pcs, uint32_t depth,
		uint32_t kdepth, uint32_t useg, uint32_t h)
{
	if (e->hash != h || e->depth != depth || e->kdepth != kdepth || e->useg != useg)
		return 0;
	for (uint32_t i = 0; i < depth; i++)
		if (e->pcs[i] != pcs[i])
			return 0;
	return 1;
}

/* The entries' offset in a table of n entries: after the header and its
 * 2n slots, aligned for them. */
static size_t ents_offset(uint32_t n)
{
	size_t a = _Alignof(struct pdump_stack);

	return (offsetof(struct prof_stacks, slots) + (size_t)2 * n * 4 + a - 1) / a * a;
}

size_t prof_stacks_size(uint32_t n)
{
	if (!prof_stacks_valid(n))
		return 0;
	return ents_offset(n) + (size_t)n * sizeof(struct pdump_stack) +
	       (size_t)n * PROF_STACK_POOL_PER * 4;
}

void prof_stacks_init(struct prof_stacks *t, uint32_t n)
{
	uint32_t bits = 0;

	while ((1u << bits) < 2 * n)
		bits++;
	t->entries = n;
	t->pool_size = n * PROF_STACK_POOL_PER;
	t->shift = 32 - bits;
	t->mask = 2 * n - 1;
	t->ents = (struct pdump_stack *)((uint8_t *)t + ents_offset(n));
	t->pool = (uint32_t *)(t->ents + n);
	prof_stacks_clear(t);
}

void prof_stacks_add(struct prof_stacks *t, const uint32_t *pcs, uint32_t depth,
		     uint32_t kdepth, uint32_t useg)
{
	const uint32_t mask = t->mask;
	uint32_t h, i, e;
	struct pdump_stack *st;

	if (depth == 0 || depth > PROF_STACK_DEPTH || kdepth > depth) {
		t->dropped++;	/* not a stack the table can hold: never from the sampler */
		return;
	}
	h = prof_stack_hash(pcs, depth);
	/* At most half the slots are used, so a free one ends every probe. */
	for (i = h >> t->shift; (e = t->slots[i]) != 0; i = (i + 1) & mask) {
		st = (struct pdump_stack *)((uint8_t *)t + e);
		if (same(st, pcs, depth, kdepth, useg, h)) {
			st->count += st->count != 0xFFFFFFFFu;
			return;
		}
	}
	if (t->nents == t->entries || t->pool_size - t->pool_used < depth) {
		t->dropped++;
		return;
	}
	st = &t->ents[t->nents];
	st->count = 1;
	st->hash = h;
	st->useg = (uint16_t)useg;
	st->depth = (uint8_t)depth;
	st->kdepth = (uint8_t)kdepth;
	st->pcs = &t->pool[t->pool_used];
	for (uint32_t k = 0; k < depth; k++)
		st->pcs[k] = pcs[k];
	t->pool_used += depth;
	/* published whole: the entry and its frames, then its slot, then the
	 * count of entries (release stores, plain ones on x86), for a dump
	 * that reads the table from another CPU (prof_stacks_find) */
	__atomic_store_n(&t->slots[i], (uint32_t)((uint8_t *)st - (uint8_t *)t), __ATOMIC_RELEASE);
	__atomic_store_n(&t->nents, t->nents + 1, __ATOMIC_RELEASE);
}

void prof_stacks_add_n(struct prof_stacks *t, const uint32_t *pcs, uint32_t depth,
		       uint32_t kdepth, uint32_t useg, uint32_t n)
{
	uint64_t dropped = t->dropped;
	struct pdump_stack e, *st;

	if (!n)
		return;
	prof_stacks_add(t, pcs, depth, kdepth, useg);
	if (t->dropped != dropped) {
		t->dropped += n - 1;
		return;
	}
	e.hash = prof_stack_hash(pcs, depth);
	e.depth = (uint8_t)depth;
	e.kdepth = (uint8_t)kdepth;
	e.useg = (uint16_t)useg;
	e.pcs = (uint32_t *)pcs;
	st = (struct pdump_stack *)prof_stacks_find(t, t->nents, &e);
	if (st)		/* (always: the add above found or made it) */
		st->count = n - 1 > 0xFFFFFFFFu - st->count ? 0xFFFFFFFFu : st->count + (n - 1);
}

const struct pdump_stack *prof_stacks_find(const struct prof_stacks *t, uint32_t n,
					   const struct pdump_stack *e)
{
	uint32_t i, off;

	for (i = e->hash >> t->shift; (off = __atomic_load_n(&t->slots[i], __ATOMIC_ACQUIRE)) != 0;
	     i = (i + 1) & t->mask) {
		const struct pdump_stack *st = (const struct pdump_stack *)((const uint8_t *)t + off);
		if ((uint32_t)(st - t->ents) < n && same(st, e->pcs, e->depth, e->kdepth, e->useg, e->hash))
			return st;
	}
	return 0;
}

void prof_stacks_clear(struct prof_stacks *t)
{
	for (uint32_t i = 0; i <= t->mask; i++)
		t->slots[i] = 0;
	t->nents = 0;
	t->pool_used = 0;
	t->dropped = 0;
}
