/* flamegraph.c: an SVG flame graph of a dump's call stacks, laid out as
 * Brendan Gregg's flamegraph.pl lays out its own: the root ("all") at the
 * bottom, each function a box over its caller, as wide as its share of the
 * samples, siblings in alphabetical order, a warm colour drawn from the
 * name, and the name with its samples and percentage in the box's tooltip
 * (<title>). Self-contained: no script, nothing fetched. */
#include <stdlib.h>
#include <string.h>

#include "callstacks.h"

#define FG_WIDTH	1200
#define FG_FRAME	16	/* a box's height */
#define FG_FONT		12
#define FG_FONTW	0.59	/* a character's width, in font sizes (Verdana) */
#define FG_XPAD		10
#define FG_TOP		(FG_FONT * 3)	/* the title */
#define FG_BOTTOM	(FG_FONT * 2 + 10)
#define FG_MINWIDTH	0.1	/* boxes narrower than this (pixels) are left out */

struct node {
	size_t func;		/* (size_t)-1: the root, "all" */
	uint64_t count;
	struct node *child, *next;
};

static struct node *child_of(struct node *parent, size_t func, const struct callstacks *cs)
{
	struct node **link = &parent->child, *n;

	/* children kept in name order: flamegraph.pl's, from sorted input */
	for (; *link; link = &(*link)->next) {
		int c = strcmp(cs->funcs[(*link)->func].name, cs->funcs[func].name);

		if (c == 0)
			return *link;
		if (c > 0)
			break;
	}
	if (!(n = calloc(1, sizeof *n)))
		return NULL;
	n->func = func;
	n->next = *link;
	*link = n;
	return n;
}

static void free_tree(struct node *n)
{
	while (n) {
		struct node *next = n->next;

		free_tree(n->child);
		free(n);
		n = next;
	}
}

static size_t tree_depth(const struct node *n)
{
	size_t max = 0;

	for (const struct node *c = n->child; c; c = c->next) {
		size_t d = tree_depth(c);

		max = d > max ? d : max;
	}
	return max + 1;
}

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
	FILE *out;
	double scale;		/* pixels a sample */
	uint64_t total;
	size_t height;
};

static void draw(const struct layout *l, const struct node *n, double x, size_t depth)
{
	double w = (double)n->count * l->scale, y;
	const char *name = n->func == (size_t)-1 ? "all" : l->cs->funcs[n->func].name;
	unsigned r, g, b;
	size_t fit;

	if (w < FG_MINWIDTH)
		return;
	y = (double)l->height - FG_BOTTOM - (double)(depth + 1) * FG_FRAME;
	colour(name, &r, &g, &b);
	fputs("<g>\n<title>", l->out);
	put_xml(l->out, name, (size_t)-1);
	fprintf(l->out, " (%llu samples, %.2f%%)</title>", (unsigned long long)n->count,
		l->total ? 100.0 * (double)n->count / (double)l->total : 0.0);
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
	for (const struct node *c = n->child; c; c = c->next) {
		draw(l, c, x, depth + 1);
		x += (double)c->count * l->scale;
	}
}

int callstacks_flamegraph(const struct callstacks *cs, const char *title, FILE *out)
{
	struct node root = { (size_t)-1, 0, NULL, NULL };
	struct layout l;
	size_t i, k;
	int rc = -1;

	for (i = 0; i < cs->nstacks; i++) {
		const struct cs_stack *st = &cs->stacks[i];
		struct node *n = &root;

		root.count += st->count;
		for (k = 0; k < st->depth; k++) {
			if (!(n = child_of(n, st->frames[k].func, cs)))
				goto out;
			n->count += st->count;
		}
	}
	l.cs = cs;
	l.out = out;
	l.total = root.count;
	l.scale = root.count ? (double)(FG_WIDTH - 2 * FG_XPAD) / (double)root.count : 0;
	l.height = tree_depth(&root) * FG_FRAME + FG_TOP + FG_BOTTOM;
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
		l.height - 17, (unsigned long long)root.count, cs->hz);
	draw(&l, &root, FG_XPAD, 0);
	fputs("</svg>\n", out);
	rc = 0;
out:
	free_tree(root.child);
	return rc;
}
