/* flamegraph.c: an SVG flame graph of a dump's call stacks, laid out as
 * Brendan Gregg's flamegraph.pl lays out its own: the root ("all") at the
 * bottom, each function a box over its caller, as wide as its share of the
 * samples, siblings in alphabetical order, a warm colour drawn from the
 * name, and the name with its samples and percentage in the box's tooltip
 * (<title>). Self-contained: no script, nothing fetched. */
#include <stdlib.h>
#include <string.h>

#include "callstacks.h"
#include "share.h"
#include "flametree.h"

#define FG_WIDTH	1200
#define FG_FRAME	16	/* a box's height */
#define FG_FONT		12
#define FG_FONTW	0.59	/* a character's width, in font sizes (Verdana) */
#define FG_XPAD		10
#define FG_TOP		(FG_FONT * 3)	/* the title */
#define FG_BOTTOM	(FG_FONT * 2 + 10)
#define FG_MINWIDTH	0.1	/* boxes narrower than this (pixels) are left out */

/* Text for XML: & < > " ' escaped; bytes outside printable ASCII as '?'. */
static void put_xml(FILE *out, const char *s, size_t max)
{
	size_t n = 0;

	for (; *s && n < max; s++, n++) {
		unsigned char c = (unsigned char)*s;

		if (c == '&')
			fputs("&amp;", out);
		else if (c == '<')
			fputs("&lt;", out);
		else if (c == '>')
			fputs("&gt;", out);
		else if (c == '"')
			fputs("&quot;", out);
		else if (c == '\'')
			fputs("&apos;", out);
		else
			fputc(c >= 0x20 && c < 0x7f ? c : '?', out);
	}
}

/* flamegraph.pl's "hot" palette: red 205..254, green 0..229, blue 0..54,
 * drawn here from the name's hash, so a function keeps its colour. */
static void colour(const char *name, unsigned *r, unsigned *g, unsigned *b)
{
	uint32_t h = 2166136261u;

	for (; *name; name++)
		h = (h ^ (unsigned char)*name) * 16777619u;
	*r = 205 + h % 50;
	*g = (h >> 8) % 230;
	*b = (h >> 20) % 55;
}

struct layout {
	const struct callstacks *cs;
	const struct flametree *t;
	FILE *out;
	double scale;		/* pixels a sample */
	uint64_t total;
	size_t height;
};

static void draw(const struct layout *l, size_t node, double x, size_t depth)
{
	const struct ft_node *n = &l->t->n[node];
	double w = (double)n->count * l->scale, y;
	const char *name = node == 0 ? "all" : l->cs->funcs[n->item].name;
	unsigned r, g, b;
	size_t fit;

	if (w < FG_MINWIDTH)
		return;
	y = (double)l->height - FG_BOTTOM - (double)(depth + 1) * FG_FRAME;
	colour(name, &r, &g, &b);
	fputs("<g>\n<title>", l->out);
	put_xml(l->out, name, (size_t)-1);
	fprintf(l->out, " (%llu samples, %.2f%%)</title>", (unsigned long long)n->count,
		pct(n->count, l->total));
	fprintf(l->out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" "
		"fill=\"rgb(%u,%u,%u)\" rx=\"2\" ry=\"2\"/>\n", x, y, w, FG_FRAME - 1, r, g, b);
	fit = (size_t)(w / (FG_FONT * FG_FONTW));
	if (fit >= 3) {
		fprintf(l->out, "<text x=\"%.2f\" y=\"%.1f\">", x + 3, y + FG_FRAME - 5);
		if (strlen(name) <= fit) {
			put_xml(l->out, name, (size_t)-1);
		} else {
			put_xml(l->out, name, fit - 2);
			fputs("..", l->out);
		}
		fputs("</text>\n", l->out);
	}
	fputs("</g>\n", l->out);
	for (size_t k = 0; k < n->nkids; k++) {
		size_t c = l->t->order[n->kids + k];

		draw(l, c, x, depth + 1);
		x += (double)l->t->n[c].count * l->scale;
	}
}

int callstacks_flamegraph(const struct callstacks *cs, const char *title, FILE *out)
{
	/* children kept in name order: flamegraph.pl's, from sorted input */
	size_t *rank = malloc((cs->nfuncs ? cs->nfuncs : 1) * sizeof *rank);
	const char **names = malloc((cs->nfuncs ? cs->nfuncs : 1) * sizeof *names);
	struct flametree t;
	struct layout l;
	size_t i, k, deepest = 1, *items = NULL;
	int rc = -1;

	if (flametree_init(&t)) {
		free(rank);
		free(names);
		return -1;
	}
	for (i = 0; i < cs->nstacks; i++)
		deepest = cs->stacks[i].depth > deepest ? cs->stacks[i].depth : deepest;
	if (!rank || !names || !(items = malloc(deepest * sizeof *items)))
		goto out;
	for (i = 0; i < cs->nfuncs; i++)
		names[i] = cs->funcs[i].name;
	if (flametree_rank(names, cs->nfuncs, rank))
		goto out;
	for (i = 0; i < cs->nstacks; i++) {	/* a function's rank its name's */
		const struct cs_stack *st = &cs->stacks[i];

		for (k = 0; k < st->depth; k++)
			items[k] = st->frames[k].func;
		if (flametree_add(&t, items, st->depth, rank, st->count))
			goto out;
	}
	if (flametree_finish(&t))
		goto out;
	l.cs = cs;
	l.t = &t;
	l.out = out;
	l.total = t.n[0].count;
	l.scale = l.total ? (double)(FG_WIDTH - 2 * FG_XPAD) / (double)l.total : 0;
	l.height = (t.depth + 1) * FG_FRAME + FG_TOP + FG_BOTTOM;
	fprintf(out, "<?xml version=\"1.0\" standalone=\"no\"?>\n"
		"<svg version=\"1.1\" width=\"%d\" height=\"%zu\" viewBox=\"0 0 %d %zu\" "
		"xmlns=\"http://www.w3.org/2000/svg\">\n", FG_WIDTH, l.height, FG_WIDTH, l.height);
	fprintf(out, "<defs><linearGradient id=\"background\" y1=\"0\" y2=\"1\" x1=\"0\" x2=\"0\">"
		"<stop stop-color=\"#eeeeee\" offset=\"5%%\"/><stop stop-color=\"#eeeeb0\" "
		"offset=\"95%%\"/></linearGradient></defs>\n"
		"<style type=\"text/css\">text { font-family: Verdana, sans-serif; font-size: %dpx; "
		"fill: rgb(0,0,0); }</style>\n"
		"<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%zu\" fill=\"url(#background)\"/>\n"
		"<text x=\"%d\" y=\"24\" text-anchor=\"middle\" style=\"font-size: 17px\">",
		FG_FONT, FG_WIDTH, l.height, FG_WIDTH / 2);
	put_xml(out, title, (size_t)-1);
	fprintf(out, "</text>\n<text x=\"%d\" y=\"%zu\">%llu samples at %u Hz; "
		"a box's tooltip holds its name, samples and share</text>\n", FG_XPAD,
		l.height - 17, (unsigned long long)l.total, cs->hz);
	draw(&l, 0, FG_XPAD, 0);
	fputs("</svg>\n", out);
	rc = 0;
out:
	flametree_free(&t);
	free(items);
	free(rank);
	free(names);
	return rc;
}
