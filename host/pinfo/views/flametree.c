/* flametree.c: the flame graphs' merged call tree (flametree.h). */
#define _GNU_SOURCE	/* qsort_r */
#include <stdlib.h>
#include <string.h>

#include "flametree.h"
#include "hostsort.h"

int flametree_init(struct flametree *t)
{
	memset(t, 0, sizeof *t);
	if (!(t->n = calloc(64, sizeof *t->n)) || !(t->slots = calloc(256, sizeof *t->slots))) {
		flametree_free(t);
		return -1;
	}
	t->cap = 64;
	t->nslots = 256;
	t->nn = 1;
	return 0;
}

static size_t slot_of(size_t parent, size_t rank, size_t mask)
{
	return (size_t)(((uint64_t)parent * 0x9E3779B97F4A7C15ull ^ (uint64_t)rank * 0xC2B2AE3D27D4EB4Full)
			>> 17) & mask;
}

size_t flametree_child(struct flametree *t, size_t parent, size_t rank, size_t item)
{
	size_t k, i;

	if (2 * (t->nn + 1) > t->nslots) {
		size_t n = t->nslots * 2, *slots = calloc(n, sizeof *slots);

		if (!slots)
			return (size_t)-1;
		for (i = 1; i < t->nn; i++) {
			for (k = slot_of(t->n[i].parent, t->n[i].rank, n - 1); slots[k]; k = (k + 1) & (n - 1))
				;
			slots[k] = i;
		}
		free(t->slots);
		t->slots = slots;
		t->nslots = n;
	}
	for (k = slot_of(parent, rank, t->nslots - 1); (i = t->slots[k]) != 0; k = (k + 1) & (t->nslots - 1))
		if (t->n[i].parent == parent && t->n[i].rank == rank)
			return i;
	if (t->nn == t->cap) {
		struct ft_node *grown = realloc(t->n, 2 * t->cap * sizeof *grown);

		if (!grown)
			return (size_t)-1;
		t->n = grown;
		t->cap *= 2;
	}
	i = t->nn++;
	t->n[i] = (struct ft_node){ parent, rank, item, 0, t->n[parent].level + 1, 0, 0 };
	t->depth = t->n[i].level > t->depth ? t->n[i].level : t->depth;
	t->slots[k] = i;
	return i;
}

int flametree_add(struct flametree *t, const size_t *items, size_t depth, const size_t *rank,
		  uint64_t count)
{
	size_t n = 0, k;

	t->n[0].count += count;
	for (k = 0; k < depth; k++) {
		if ((n = flametree_child(t, n, rank[items[k]], items[k])) == (size_t)-1)
			return -1;
		t->n[n].count += count;
	}
	return 0;
}

static int by_parent_rank(const void *x, const void *y, void *arg)
{
	const struct ft_node *n = arg, *a = &n[*(const size_t *)x], *b = &n[*(const size_t *)y];

	if (a->parent != b->parent)
		return a->parent < b->parent ? -1 : 1;
	return a->rank < b->rank ? -1 : a->rank > b->rank;
}

int flametree_finish(struct flametree *t)
{
	size_t i;

	free(t->slots);	/* no more children */
	t->slots = NULL;
	t->nslots = 0;
	if (!(t->order = malloc(t->nn * sizeof *t->order)))
		return -1;
	for (i = 1; i < t->nn; i++)
		t->order[i - 1] = i;
	host_qsort_r(t->order, t->nn - 1, sizeof *t->order, by_parent_rank, t->n);
	for (i = t->nn - 1; i > 0; i--) {	/* backwards: each parent's first child last */
		struct ft_node *p = &t->n[t->n[t->order[i - 1]].parent];

		p->kids = i - 1;
		p->nkids++;
	}
	return 0;
}

void flametree_free(struct flametree *t)
{
	free(t->n);
	free(t->slots);
	free(t->order);
	memset(t, 0, sizeof *t);
}

static int by_name(const void *x, const void *y, void *arg)
{
	const char *const *names = arg;

	return strcmp(names[*(const size_t *)x], names[*(const size_t *)y]);
}

int flametree_rank(const char *const *names, size_t n, size_t *rank)
{
	size_t *order = malloc((n ? n : 1) * sizeof *order), i, r = 0;

	if (!order)
		return -1;
	for (i = 0; i < n; i++)
		order[i] = i;
	host_qsort_r(order, n, sizeof *order, by_name, (void *)names);
	for (i = 0; i < n; i++) {
		if (i && strcmp(names[order[i - 1]], names[order[i]]))
			r++;
		rank[order[i]] = r;
	}
	free(order);
	return 0;
}
