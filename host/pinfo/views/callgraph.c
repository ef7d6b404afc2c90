/* callgraph.c: a dump's call stacks as gprof's call graph: each function,
 * its callers above and its callees below, with self and children ticks
 * (callstacks.h). */
#define _GNU_SOURCE	/* qsort_r */
#include <stdlib.h>
#include <string.h>

#include "callstacks.h"
#include "share.h"
#include "hostsort.h"
#include "shown.h"

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
		host_qsort(list + first[j], first[j + 1] - first[j], sizeof *list, arc_by_total);
	for (i = 0; i < cs->nfuncs; i++)
		order[i] = i;
	host_qsort_r(order, cs->nfuncs, sizeof *order, by_time, cs->funcs);
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
			pct(fn->total, cs->total),
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
