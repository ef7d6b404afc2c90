/* flametree.h: the merged call tree that the flame graphs draw
 * (flamegraph.c's SVG, htmlflame.c's section of the HTML report): stacks
 * added root first (flametree_add), frames of one name under one parent
 * merged into a node, each node's children in their names' order. Names
 * are ranked once (flametree_rank), and the tree is built and ordered by
 * rank, with a hash of parent and rank: time linear in the frames (and a
 * sort), whatever the names' length, where a walk of the siblings
 * comparing names at each frame was the square of the functions times the
 * names' length. */
#ifndef HOST_PINFO_VIEWS_FLAMETREE_H
#define HOST_PINFO_VIEWS_FLAMETREE_H

#include <stddef.h>
#include <stdint.h>

struct ft_node {
	size_t parent;		/* node 0, the root, is its own */
	size_t rank;		/* its name's rank */
	size_t item;		/* the caller's: the first frame's function, name... */
	uint64_t count;
	size_t level;		/* 0 the root, 1 its children... */
	size_t kids, nkids;	/* its children: order[kids .. kids + nkids) */
};

struct flametree {
	struct ft_node *n;
	size_t nn, cap;
	size_t *slots, nslots;
	size_t *order;		/* flametree_finish: nodes by parent, then rank */
	size_t depth;		/* the deepest node's level */
};

/* A tree of the root alone (rank and item 0). 0, or -1 out of memory. */
int flametree_init(struct flametree *t);

/* The child of parent for a frame of name rank (made, with item, if new):
 * its index, or (size_t)-1 out of memory. */
size_t flametree_child(struct flametree *t, size_t parent, size_t rank, size_t item);

/* Adds count samples of a stack of depth frames, root first, frame k
 * item items[k] of name rank rank[items[k]]: the root and each node on
 * its way counted. 0, or -1 out of memory. */
int flametree_add(struct flametree *t, const size_t *items, size_t depth, const size_t *rank,
		  uint64_t count);

/* Orders each node's children by rank. 0, or -1 out of memory. */
int flametree_finish(struct flametree *t);

void flametree_free(struct flametree *t);

/* rank[i] = the rank of names[i] among names[0..n) in strcmp's order,
 * equal names equal ranks. 0, or -1 out of memory. */
int flametree_rank(const char *const *names, size_t n, size_t *rank);

#endif
