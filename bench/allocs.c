/* allocs.c: an allocation-heavy program, for the C library's share of a
 * profile (bench/libc.sh, docs/PERFORMANCE.md section 11). Plain hosted C:
 * the same source runs in the guest on newlib and on the host on glibc,
 * and prints the same lines on both (nothing printed depends on the size
 * of a pointer or on where a block lands).
 *
 *   allocs [SCALE]     SCALE rounds of the four phases below (default 4)
 *
 * The phases are what programs that allocate a lot do: trees of small
 * nodes built and freed whole (an interpreter's or a compiler's objects),
 * a pool of blocks of random sizes and lifetimes (a server's requests),
 * arrays grown by realloc (a growing buffer), and strings copied into a
 * hash table that is then emptied (a symbol table). The program's own work
 * between its calls (filling, walking, checking) is small, as in such
 * programs. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t seed = 12345;	/* 32 bits on every target */

/* the program's own pseudo-random numbers: the same on every C library */
static unsigned rnd(void)
{
	seed = seed * 1103515245u + 12345u;
	return (unsigned)(seed >> 16) & 0x7fffu;
}

static void *xmalloc(size_t n)
{
	void *p = malloc(n);

	if (!p) {
		printf("allocs: out of memory (%lu bytes)\n", (unsigned long)n);
		exit(1);
	}
	return p;
}

/* ---- trees of small nodes ------------------------------------------------ */
struct node {
	struct node *left, *right;
	int value;
};

static struct node *tree_make(int depth, int value)
{
	struct node *n = xmalloc(sizeof *n);

	n->value = value;
	if (depth > 0) {
		n->left = tree_make(depth - 1, 2 * value);
		n->right = tree_make(depth - 1, 2 * value + 1);
	} else {
		n->left = n->right = NULL;
	}
	return n;
}

/* the program's work on a tree: a walk that computes over its values */
static long tree_check(const struct node *n, int k)
{
	long v = (n->value * (k + 3)) % 7;

	if (!n->left)
		return v;
	return v + tree_check(n->left, k) - tree_check(n->right, k + 1);
}

static void tree_free(struct node *n)
{
	if (n->left) {
		tree_free(n->left);
		tree_free(n->right);
	}
	free(n);
}

static long trees(void)
{
	struct node *keep = tree_make(12, 1);	/* lives through the phase */
	long sum = 0;

	for (int depth = 4; depth <= 12; depth += 2) {
		int iterations = 1 << (12 - depth + 1);

		for (int i = 0; i < iterations; i++) {
			struct node *t = tree_make(depth, i);

			for (int k = 0; k < 16; k++)
				sum += tree_check(t, k);
			tree_free(t);
		}
	}
	sum += tree_check(keep, 0);
	tree_free(keep);
	return sum;
}

/* ---- a pool of blocks of random sizes and lifetimes ---------------------- */
#define SLOTS 2048

static size_t block_size(void)
{
	unsigned r = rnd() % 100;

	if (r < 60)
		return 8 + rnd() % 56;		/* small */
	if (r < 98)
		return 64 + rnd() % 960;	/* medium */
	return 1024 + rnd() % 7168;		/* large */
}

/* the program's work on a block: fill it and sum it, a word at a time */
static void fill(unsigned char *p, size_t n, unsigned v)
{
	for (size_t k = 0; k + 4 <= n; k += 4) {
		unsigned w = v ^ (unsigned)(k * 2654435761u);
		memcpy(p + k, &w, 4);
	}
}

static long sum_block(const unsigned char *p, size_t n)
{
	unsigned s = 0;

	for (size_t k = 0; k + 4 <= n; k += 4) {
		unsigned w;
		memcpy(&w, p + k, 4);
		s = (s << 1 | s >> 31) ^ w;
	}
	return s & 0xff;
}

static long pool(void)
{
	static unsigned char *slot[SLOTS];
	static size_t len[SLOTS];
	long sum = 0;

	for (int step = 0; step < 40000; step++) {
		int i = (int)(rnd() % SLOTS);

		if (slot[i]) {
			sum += slot[i][0] + slot[i][len[i] - 1] + sum_block(slot[i], len[i]);
			free(slot[i]);
			slot[i] = NULL;
		}
		if (rnd() % 4) {
			len[i] = block_size();
			slot[i] = xmalloc(len[i]);
			fill(slot[i], len[i], (unsigned)step);
			slot[i][0] = (unsigned char)i;
			slot[i][len[i] - 1] = (unsigned char)step;
		}
	}
	for (int i = 0; i < SLOTS; i++) {
		free(slot[i]);
		slot[i] = NULL;
	}
	return sum;
}

/* ---- arrays grown by realloc --------------------------------------------- */
#define ARRAYS 64

static long arrays(void)
{
	static int *a[ARRAYS];
	static size_t n[ARRAYS], cap[ARRAYS];
	long sum = 0;

	for (int step = 0; step < 120000; step++) {
		int i = (int)(rnd() % ARRAYS);

		if (n[i] == cap[i]) {
			cap[i] = cap[i] ? cap[i] + cap[i] / 2 + 1 : 4;
			int *p = realloc(a[i], cap[i] * sizeof *p);
			if (!p) {
				printf("allocs: realloc failed\n");
				exit(1);
			}
			a[i] = p;
		}
		a[i][n[i]++] = step;
		if (rnd() % 512 == 0) {		/* now and then one is done with */
			for (size_t k = 0; k < n[i]; k += 16)
				sum += a[i][k] & 15;
			free(a[i]);
			a[i] = NULL;
			n[i] = cap[i] = 0;
		}
	}
	for (int i = 0; i < ARRAYS; i++) {
		sum += (long)n[i];
		free(a[i]);
		a[i] = NULL;
		n[i] = cap[i] = 0;
	}
	return sum;
}

/* ---- strings in a hash table ---------------------------------------------- */
#define BUCKETS 8192

struct entry {
	struct entry *next;
	char *key;
	int count;
};

static unsigned hash(const char *s)
{
	unsigned h = 2166136261u;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static long symbols(void)
{
	static struct entry *table[BUCKETS];
	char word[40];
	long sum = 0;
	int distinct = 0;

	for (int step = 0; step < 40000; step++) {
		int len = 3 + (int)(rnd() % 12);

		for (int k = 0; k < len; k++)
			word[k] = (char)('a' + rnd() % 4);
		word[len] = 0;
		unsigned b = hash(word) % BUCKETS;
		struct entry *e;
		for (e = table[b]; e; e = e->next)
			if (!strcmp(e->key, word))
				break;
		if (e) {
			e->count++;
			continue;
		}
		e = xmalloc(sizeof *e);
		e->key = xmalloc((size_t)len + 1);
		memcpy(e->key, word, (size_t)len + 1);
		e->count = 1;
		e->next = table[b];
		table[b] = e;
		distinct++;
	}
	for (int b = 0; b < BUCKETS; b++) {
		while (table[b]) {
			struct entry *e = table[b];
			table[b] = e->next;
			sum += e->count * (long)(e->key[0] - 'a');
			free(e->key);
			free(e);
		}
	}
	return sum + distinct;
}

int main(int argc, char **argv)
{
	int scale = argc > 1 ? atoi(argv[1]) : 4;

	for (int round = 0; round < scale; round++) {
		long t = trees(), p = pool(), a = arrays(), s = symbols();
		printf("round %d: trees %ld pool %ld arrays %ld symbols %ld\n", round, t, p, a, s);
	}
	return 0;
}
