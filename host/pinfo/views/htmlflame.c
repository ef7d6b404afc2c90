/* htmlflame.c: the flame graph section of pinfo --html (htmlflame.h): the
 * dump's stacks named (callstacks.c), folded, merged into flametree.c's
 * call tree, drawn as an inline SVG. */
#define _GNU_SOURCE	/* strndup */
#include <stdlib.h>
#include <string.h>

#include "flametree.h"
#include "hostsort.h"
#include "htmlflame.h"

/* The stacks of d named by maps into *cs: 0; 1 (err set but for a dump
 * alone without any) when d takes none (or, alone, took none) or they
 * could not be named; -1 out of memory. */
static int named(const struct pdump *d, int alone, const struct map *maps, size_t nmaps, struct callstacks *cs,
		 char *err, size_t errlen)
{
	if (alone && !d->nstacks)
		return 1;
	if (callstacks_build(d, maps, nmaps, cs, err, errlen))
		return strstr(err, "memory") ? -1 : 1;
	return 0;
}

int html_stacks_make(const struct pdump *d, const struct pdump *off, const struct map *maps, size_t nmaps,
		     struct html_stacks *hs, char *err, size_t errlen)
{
	struct callstacks on, oc;
	size_t i, k;
	int rc;

	memset(hs, 0, sizeof *hs);
	if ((rc = named(d, !off, maps, nmaps, off ? &on : &hs->cs, err, errlen)))
		return rc < 0 ? -1 : off ? 1 : 0;	/* alone, a dump without stacks has no section */
	if (off && (rc = named(off, 0, maps, nmaps, &oc, err, errlen))) {
		callstacks_free(&on);
		return rc < 0 ? -1 : 2;
	}
	if (off) {
		rc = callstacks_join(&on, &oc, &hs->cs, err, errlen);
		hs->offcpu = oc.total;
		callstacks_free(&on);
		callstacks_free(&oc);
		if (rc)
			return strstr(err, "memory") ? -1 : 2;
	}
	if (!(hs->s = calloc(hs->cs.nstacks ? hs->cs.nstacks : 1, sizeof *hs->s)))
		return -1;
	for (i = 0; i < hs->cs.nstacks; i++) {
		const struct cs_stack *st = &hs->cs.stacks[i];
		const char **names = malloc((st->depth ? st->depth : 1) * sizeof *names);

		if (!names)
			return -1;
		for (k = 0; k < st->depth; k++)
			names[k] = hs->cs.funcs[st->frames[k].func].name;
		hs->s[i] = (struct folded_stack){ names, st->depth, st->count };
		hs->n++;
	}
	return 0;
}

void html_stacks_free(struct html_stacks *hs)
{
	for (size_t i = 0; i < hs->n; i++)
		free((void *)hs->s[i].frames);
	free(hs->s);
	if (hs->cs.funcs || hs->cs.stacks)
		callstacks_free(&hs->cs);
	memset(hs, 0, sizeof *hs);
}

/* The frames' names ranked: the distinct pointers (names are pointers into
 * the callstacks' functions: a few, however many frames) gathered by a
 * hash, sorted, then ranked by their text. */
struct ptrset {
	const char **p;
	size_t n, nslots;
};

static int ptrset_add(struct ptrset *s, const char *name)
{
	size_t k, i;

	if (2 * (s->n + 1) > s->nslots) {
		size_t n = s->nslots ? 2 * s->nslots : 256;
		const char **p = calloc(n, sizeof *p);

		if (!p)
			return -1;
		for (i = 0; i < s->nslots; i++) {
			if (!s->p[i])
				continue;
			for (k = ((uintptr_t)s->p[i] >> 3) * 2654435761u & (n - 1); p[k]; k = (k + 1) & (n - 1))
				;
			p[k] = s->p[i];
		}
		free(s->p);
		s->p = p;
		s->nslots = n;
	}
	for (k = ((uintptr_t)name >> 3) * 2654435761u & (s->nslots - 1); s->p[k];
	     k = (k + 1) & (s->nslots - 1))
		if (s->p[k] == name)
			return 0;
	s->p[k] = name;
	s->n++;
	return 0;
}

static int by_ptr(const void *x, const void *y)
{
	uintptr_t a = (uintptr_t)*(const char *const *)x, b = (uintptr_t)*(const char *const *)y;

	return a < b ? -1 : a > b;
}

/* The place of name among the n distinct pointers, sorted. */
static size_t place_of(const char *const *names, size_t n, const char *name)
{
	size_t lo = 0, hi = n;

	while (lo + 1 < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if ((uintptr_t)names[mid] <= (uintptr_t)name)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

struct flame {
	FILE *out;
	const struct flametree *t;
	const char *const *names;	/* [item]: a node's name */
	double scale;	/* pixels a sample */
	uint64_t total, min;	/* boxes below min samples are left out */
	size_t boxes, hidden;
	int depth;
};

static unsigned hash(const char *s)
{
	unsigned h = 2166136261u;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static int draw(struct flame *f, size_t node, double x, int level, int maxdepth)
{
	const struct ft_node *n = &f->t->n[node];
	const char *name = node ? f->names[n->item] : "all";
	double w = (double)n->count * f->scale, y = (maxdepth - level) * 17.0;
	size_t i;
	int rc = 0;

	if (level > 0) {
		unsigned h = hash(name);

		f->boxes++;
		fprintf(f->out, "<g class=\"frame\"><title>");
		html_escape(f->out, name);
		fprintf(f->out, " (%llu samples, %.2f%%)</title><rect x=\"%.1f\" y=\"%.0f\" "
			"width=\"%.1f\" height=\"16\" fill=\"rgb(%u,%u,%u)\"/>",
			(unsigned long long)n->count, pct(n->count, f->total), x, y, w,
			205 + h % 50, 80 + (h >> 8) % 130, 40 + (h >> 16) % 40);
		if (w > 40) {
			size_t room = (size_t)((w - 6) / 7), len = strlen(name);
			char *shown = strndup(name, len > room ? (room > 2 ? room - 2 : 0) : len);

			if (!shown)
				return -1;
			fprintf(f->out, "<text x=\"%.1f\" y=\"%.0f\">", x + 3, y + 12);
			html_escape(f->out, shown);
			fprintf(f->out, "%s</text>", len > room ? ".." : "");
			free(shown);
		}
		fputs("</g>\n", f->out);
	}
	for (i = 0; i < n->nkids && !rc; i++) {	/* in name order */
		const struct ft_node *c = &f->t->n[f->t->order[n->kids + i]];

		if (c->count >= f->min)
			rc = draw(f, f->t->order[n->kids + i], x, level + 1, maxdepth);
		else
			f->hidden++;
		x += (double)c->count * f->scale;
	}
	return rc;
}

int html_flamegraph(FILE *out, const struct folded_stack *stacks, size_t n, uint64_t total, uint64_t offcpu)
{
	struct flame f = { out, NULL, NULL, 0, 0, 0, 0, 0, 0 };
	struct flametree t;
	struct ptrset set = { NULL, 0, 0 };
	const char **names = NULL;
	size_t *rank = NULL, *items = NULL, i, k, nn = 0;
	int maxdepth = 0, rc = -1;

	if (flametree_init(&t))
		return -1;
	for (i = 0; i < n; i++) {
		for (k = 0; k < stacks[i].depth; k++)
			if (ptrset_add(&set, stacks[i].frames[k]))
				goto out;
		maxdepth = (int)stacks[i].depth > maxdepth ? (int)stacks[i].depth : maxdepth;
	}
	if (!(names = malloc((set.n ? set.n : 1) * sizeof *names)) ||
	    !(items = malloc((maxdepth ? (size_t)maxdepth : 1) * sizeof *items)))
		goto out;
	for (i = 0; i < set.nslots; i++)
		if (set.p[i])
			names[nn++] = set.p[i];
	host_qsort(names, nn, sizeof *names, by_ptr);
	if (!(rank = malloc((nn ? nn : 1) * sizeof *rank)) || flametree_rank(names, nn, rank))
		goto out;
	for (i = 0; i < n; i++) {	/* a frame's item its name's place */
		for (k = 0; k < stacks[i].depth; k++)
			items[k] = place_of(names, nn, stacks[i].frames[k]);
		if (flametree_add(&t, items, stacks[i].depth, rank, stacks[i].count))
			goto out;
	}
	if (flametree_finish(&t))
		goto out;
	rc = 0;
	if (t.n[0].count) {
		f.t = &t;
		f.names = names;
		f.total = total > t.n[0].count ? total : t.n[0].count;
		f.scale = 1200.0 / (double)t.n[0].count;
		f.min = t.n[0].count / 2000;
		fprintf(out, "<section id=\"flame\"><h2>Flame graph</h2>\n<p>%llu samples with call "
			"stacks; a box is a function in its callers' chain, as wide as its samples "
			"(callers below, callees above)", (unsigned long long)t.n[0].count);
		if (offcpu)	/* the wall clock: fgprof's view */
			fprintf(out, ": %llu on the CPU, and %llu ticks off it under " CALLSTACKS_OFFCPU
				" (where the processes blocked)", (unsigned long long)(t.n[0].count - offcpu),
				(unsigned long long)offcpu);
		fprintf(out, ".</p>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
			"class=\"flame\" viewBox=\"0 0 1200 %d\" width=\"100%%\">\n", (maxdepth + 1) * 17);
		rc = draw(&f, 0, 0, 0, maxdepth);
		fputs("</svg>\n", out);
		if (f.hidden)
			fprintf(out, "<p class=\"note\">%zu boxes narrower than 1/2000 of the graph left "
				"out.</p>\n", f.hidden);
		fputs("</section>\n", out);
	}
out:
	flametree_free(&t);
	free(set.p);
	free(items);
	free(rank);
	free(names);
	return rc;
}
