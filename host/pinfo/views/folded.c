/* folded.c: a dump's call stacks as folded stacks, "main;parse;lookup
 * 1234", flamegraph.pl's input (callstacks.h). */
#define _GNU_SOURCE	/* qsort_r */
#include <stdlib.h>
#include <string.h>

#include "callstacks.h"
#include "hostsort.h"
#include "shown.h"

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
	host_qsort_r(keys, 2 * cs->nfuncs, sizeof *keys, by_key, &nm);
	for (i = 0, k = 0; i < 2 * cs->nfuncs; i++) {
		if (i && by_key(&keys[i - 1], &keys[i], &nm))
			k++;
		(keys[i].last ? r.end : r.mid)[keys[i].func] = k;
	}
	free(keys);
	keys = NULL;
	for (i = 0; i < cs->nstacks; i++)
		order[i] = i;
	host_qsort_r(order, cs->nstacks, sizeof *order, by_line, &r);
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
