/* session.c: what user and system profiles share: their counter
 * buffers, found or made by module and segment, and module names. */
#include "profint.h"
#include "profkern/profile.h"

/* The entries of a table of stacks made at ProfInit from now on. */
static uint32_t stack_entries = PROF_STACK_ENTRIES_DEFAULT;

int prof_set_stack_entries(uint32_t n)
{
	if (!prof_stacks_valid(n))
		return -PROF_EINVAL;
	stack_entries = n;
	return 0;
}

uint32_t prof_stack_entries(void)
{
	return stack_entries;
}

/* Each CPU's table on lines of its own (percpu.c). */
static size_t table_stride(void)
{
	return (prof_stacks_size(stack_entries) + PROF_LINE - 1) & ~(size_t)(PROF_LINE - 1);
}

int prof_new_stacks(struct prof_session *s)
{
	size_t stride = table_stride();
	uint8_t *block = prof_zalloc_lines(stride * s->ncpu);

	if (!block)
		return -PROF_ENOMEM;
	s->stacks = (struct prof_stacks *)block;
	for (uint32_t c = 0; c < s->ncpu; c++) {
		s->cpu[c].stacks = (struct prof_stacks *)(block + c * stride);
		prof_stacks_init(s->cpu[c].stacks, stack_entries);
	}
	return 0;
}

struct prof_session *prof_new_session(uint32_t type)
{
	struct prof_session *s = prof_zalloc_lines(PROF_INTERNAL_SIZE);

	if (!s)
		return 0;
	s->type = type & 0xFFFFu;
	s->ncpu = prof_copies();
	if (type & (PT_SYSCALL | PT_SWITCH | PT_OFFCPU)) {
		s->every = type >> 16 ? type >> 16 : 1;
		if (!(s->evcount = prof_zalloc_lines((size_t)s->ncpu * PROF_EV_CLASSES * 8))) {
			prof_free_session(s);
			return 0;
		}
	}
	if ((type & PT_STACKS) && prof_new_stacks(s)) {
		prof_free_session(s);
		return 0;
	}
	return s;
}

static char upper(char c) { return c >= 'a' && c <= 'z' ? (char)(c - 32) : c; }

int prof_valid_user_seg(const struct prof_codeseg *cs)
{
	return prof_user_seg_ok(cs);
}

int prof_name_eq(const char *a, const char *b)
{
	while (*a && upper(*a) == upper(*b))
		a++, b++;
	return upper(*a) == upper(*b);
}

void prof_copyname(char *dst, const char *src)
{
	int i = 0;
	for (; src && src[i] && i < PDUMP_MODNAME_MAX - 1; i++)
		dst[i] = src[i];
	dst[i] = 0;
}

void prof_free_session(struct prof_session *s)
{
	for (uint32_t i = 0; i < s->nbufs; i++) {
		prof_release_lines(s->bufs[i].counters);
		prof_release_lines(s->bufs[i].sub);
	}
	prof_release_lines(s->stacks);
	prof_release_lines(s->evcount);
	prof_trace_free(s);
	prof_release_lines(s);
}

/* The buffer of a code segment: the one its module already has (two runs
 * of a program add up), or a new one. Other code under the module's name
 * (another fingerprint) gets a buffer of its own. NULL when memory runs out. */
struct pdump_seg *prof_buffer_for(struct prof_session *s, const struct prof_codeseg *cs)
{
	struct pdump_seg *b;

	for (uint32_t i = 0; i < s->nbufs; i++) {
		b = &s->bufs[i];
		if (b->segno == cs->segno && b->length == cs->length && b->origin == cs->origin &&
		    b->fingerprint == cs->fingerprint && prof_name_eq(b->module, cs->module))
			return b;
	}
	if (s->nbufs == PROF_MAX_BUFS)
		return 0;
	b = &s->bufs[s->nbufs];
	/* a copy for each CPU (prof.h) */
	b->counters = prof_zalloc_lines((size_t)prof_copy_stride(cs->length) * 4 * s->ncpu);
	if (!b->counters)
		return 0;
	b->sub = 0;
	if ((s->type & PT_SPREAD) &&
	    !(b->sub = prof_zalloc_lines((size_t)prof_copy_stride(cs->length) * 4 * PDUMP_NSUB * s->ncpu))) {
		prof_release_lines(b->counters);
		b->counters = 0;
		return 0;
	}
	b->stride = prof_copy_stride(cs->length);
	b->origin = cs->origin;
	b->length = cs->length;
	b->fingerprint = cs->fingerprint;
	b->selector = cs->selector;
	b->segno = cs->segno;
	prof_copyname(b->module, cs->module);
	s->nbufs++;		/* last: the entry is whole before it counts */
	return b;
}

