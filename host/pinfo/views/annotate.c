/* annotate.c: pinfo -l and --annotate (annotate.h). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "annotate.h"
#include "attrib.h"
#include "hostio.h"
#include "hostsort.h"
#include "share.h"
#include "shown.h"

int module_lines_make(const struct pdump *d, const struct map *m, const struct line_table *t,
		      enum lines_split split, struct module_lines *ml)
{
	size_t i, nsorted, first, nleaves = 0;
	struct line_leaf *leaves = NULL;
	int rc;

	memset(ml, 0, sizeof *ml);
	if (!(ml->segs = malloc((d->nseg ? d->nseg : 1) * sizeof *ml->segs)))
		return -1;
	for (i = 0; i < d->nseg; i++)
		if (d->segs[i].segno == 1 && !strcasecmp(d->segs[i].module, m->module))
			ml->segs[ml->nsegs++] = &d->segs[i];
	if (!ml->nsegs) {
		module_lines_free(ml);
		return 1;
	}
	if ((nsorted = map_sorted_symbols(m, &ml->sorted)) == (size_t)-1) {
		module_lines_free(ml);
		return -1;
	}
	ml->nsyms = msym_segment(ml->sorted, nsorted, 1, &first);
	ml->syms = ml->sorted + first;
	if (split == LINES_SPLIT_INSNS) {	/* each tick's own address, from the stacks */
		if (lines_leaves(d, ml->segs, ml->nsegs, &leaves, &nleaves) < 0) {
			module_lines_free(ml);
			return -1;
		}
	}
	rc = lines_attribute(ml->segs, ml->nsegs, d->shift, t, ml->syms, ml->nsyms, split, leaves,
			     nleaves, &ml->la);
	free(leaves);
	if (rc) {
		module_lines_free(ml);
		return -1;
	}
	return 0;
}

void module_lines_free(struct module_lines *ml)
{
	free(ml->segs);
	free(ml->sorted);
	line_attribution_free(&ml->la);
	memset(ml, 0, sizeof *ml);
}

const char *module_lines_func(const struct module_lines *ml, const struct line_tics *l)
{
	return l->func == LINES_NOFUNC ? "(no symbol)" : ml->syms[l->func].name;
}

static const struct module_lines *rank_ml;
static const struct line_table *rank_t;

static int by_rank(const void *x, const void *y)
{
	const struct line_tics *a = &rank_ml->la.l[*(const size_t *)x];
	const struct line_tics *b = &rank_ml->la.l[*(const size_t *)y];
	int c;

	if (a->tics != b->tics)
		return a->tics > b->tics ? -1 : 1;
	if (a->file != b->file) {
		if (a->file == LINES_NOFILE || b->file == LINES_NOFILE)
			return a->file == LINES_NOFILE ? 1 : -1;
		if ((c = strcmp(rank_t->files[a->file], rank_t->files[b->file])))
			return c;
	}
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return a->first < b->first ? -1 : a->first > b->first;
}

size_t *module_lines_ranked(const struct module_lines *ml, const struct line_table *t, size_t *n)
{
	size_t *idx = malloc((ml->la.n ? ml->la.n : 1) * sizeof *idx), i;

	if (!idx)
		return NULL;
	for (*n = 0, i = 0; i < ml->la.n; i++)
		if (ml->la.l[i].tics)
			idx[(*n)++] = i;
	rank_ml = ml;
	rank_t = t;
	host_qsort(idx, *n, sizeof *idx, by_rank);
	return idx;
}

/* "file:line", or "(no line)". */
static void where(char *buf, size_t len, const struct line_table *t, const struct line_tics *l)
{
	struct shown sh;

	if (l->file == LINES_NOFILE)
		snprintf(buf, len, "(no line)");
	else
		snprintf(buf, len, "%s:%u", shown(lines_display_path(t->files[l->file]), &sh), l->line);
}

int annotate_list(FILE *out, const struct pdump *d, const struct module_lines *ml,
		  const struct line_table *t)
{
	size_t n, i, *idx = module_lines_ranked(ml, t, &n);
	int width = 4;
	char loc[4200];

	if (!idx)
		return -1;
	for (i = 0; i < n; i++) {
		where(loc, sizeof loc, t, &ml->la.l[idx[i]]);
		width = (int)strlen(loc) > width ? (int)strlen(loc) : width;
	}
	fprintf(out, "Module %s\n\nSegment 1:\n", ml->segs[0]->module);
	fprintf(out, "%-*s %10s %s  %s\n", width, "Line", "Tics", " Percent 95% CI ", "Function");
	for (i = 0; i < n; i++) {
		const struct line_tics *l = &ml->la.l[idx[i]];
		struct share s = share_of(l->tics, d->total);
		struct shown sh;

		where(loc, sizeof loc, t, l);
		fprintf(out, "%-*s %10llu ", width, loc, (unsigned long long)l->tics);
		share_cell(out, &s, 1);
		fprintf(out, "  %s\n", shown(module_lines_func(ml, l), &sh));
	}
	free(idx);
	return 0;
}

/* ---- --annotate ------------------------------------------------------------- */

/* The file's lines: pointers into its text, NUL-terminated in place. */
static char **split_lines(char *text, size_t len, size_t *n)
{
	size_t i, k = 0, count = 1;
	char **lines;

	for (i = 0; i < len; i++)
		count += text[i] == '\n';
	if (!(lines = malloc(count * sizeof *lines)))
		return NULL;
	lines[k++] = text;
	for (i = 0; i < len; i++)
		if (text[i] == '\n') {
			text[i] = 0;
			if (i > 0 && text[i - 1] == '\r')
				text[i - 1] = 0;
			if (i + 1 < len)
				lines[k++] = text + i + 1;
		}
	*n = k;
	return lines;
}

int annotation_make(const struct module_lines *ml, const struct line_table *t, const char *func,
		    struct annotation *an)
{
	size_t f;

	for (f = 0; f < ml->nsyms && strcmp(ml->syms[f].name, func); f++)
		;
	if (f == ml->nsyms) {
		memset(an, 0, sizeof *an);
		return 1;
	}
	return annotation_make_at(ml, t, f, an);
}

int annotate_clone_of(const char *sym, const char *func)
{
	static const char *const kinds[] = { ".constprop.", ".isra.", ".part.", ".cold" };
	size_t n = strlen(func), k, len = 0;
	const char *p = sym + n;

	if (!n || strncmp(sym, func, n) || !*p)
		return 0;
	while (*p) {
		for (k = 0; k < sizeof kinds / sizeof *kinds; k++)
			if (!strncmp(p, kinds[k], len = strlen(kinds[k])))
				break;
		if (k == sizeof kinds / sizeof *kinds)
			return 0;
		p += len;
		if (k == 3) {	/* ".cold", or GCC's older ".cold.N" */
			if (*p == '.' && p[1] >= '0' && p[1] <= '9')
				p++;
			else
				continue;
		}
		if (*p < '0' || *p > '9')
			return 0;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	return 1;
}

int annotation_make_at(const struct module_lines *ml, const struct line_table *t, size_t f,
		       struct annotation *an)
{
	size_t i, k, nsrc = 0;
	uint32_t file = LINES_NOFILE, lo = UINT32_MAX, hi = 0;
	uint64_t first = UINT64_MAX;
	char **src = NULL, err[300];
	uint8_t *text;
	size_t textlen;

	memset(an, 0, sizeof *an);
	an->func = ml->syms[f].name;
	/* its file: the one of its lowest address with a line (its entry) */
	for (i = 0; i < ml->la.n; i++) {
		const struct line_tics *l = &ml->la.l[i];

		if (l->func != f)
			continue;
		an->tics += l->tics;
		if (l->file != LINES_NOFILE && l->first < first) {
			first = l->first;
			file = l->file;
		}
	}
	if (!(an->others = malloc((ml->la.n ? ml->la.n : 1) * sizeof *an->others)))
		return -1;
	for (i = 0; i < ml->la.n; i++) {
		const struct line_tics *l = &ml->la.l[i];

		if (l->func != f)
			continue;
		if (file != LINES_NOFILE && l->file == file) {
			lo = l->line < lo ? l->line : lo;
			hi = l->line > hi ? l->line : hi;
		} else if (l->tics) {
			an->others[an->nothers++] = i;
		}
	}
	if (file == LINES_NOFILE)
		return 0;	/* no line of it known: the others alone */
	{	/* from its declaration, when DWARF gives it in the same file */
		const struct line_func *lf = lines_func_at(t, ml->syms[f].addr);

		if (lf && lf->file == file && lf->line < lo)
			lo = lf->line;
	}
	an->file = t->files[file];
	if (read_regular(an->file, &text, &textlen, err, sizeof err)) {
		an->unreadable = 1;
	} else {
		an->source = (char *)text;
		if (!(src = split_lines(an->source, textlen, &nsrc))) {
			annotation_free(an);
			return -1;
		}
	}
	an->n = hi - lo + 1;
	if (!(an->lines = calloc(an->n, sizeof *an->lines))) {
		free(src);
		annotation_free(an);
		return -1;
	}
	for (k = 0; k < an->n; k++) {
		an->lines[k].line = lo + (uint32_t)k;
		an->lines[k].text = src && lo + k - 1 < nsrc ? src[lo + k - 1] : NULL;
	}
	for (i = 0; i < ml->la.n; i++) {
		const struct line_tics *l = &ml->la.l[i];

		if (l->func == f && l->file == file)
			an->lines[l->line - lo].tics += l->tics;
	}
	free(src);
	return 0;
}

void annotation_free(struct annotation *an)
{
	free(an->lines);
	free(an->others);
	free(an->source);
	memset(an, 0, sizeof *an);
}

void annotate_print(FILE *out, const struct pdump *d, const char *module,
		    const struct module_lines *ml, const struct line_table *t,
		    const struct annotation *an)
{
	size_t i;
	char loc[4200], pm[16];
	struct shown sf, sm;

	fprintf(out, "Function %s (module %s): %llu tics, %.2f%% %s of the dump's %llu\n",
		shown(an->func, &sf), shown(module, &sm), (unsigned long long)an->tics,
		pct(an->tics, d->total), share_pm(pm, share_of(an->tics, d->total).half),
		(unsigned long long)d->total);
	if (an->file)
		fprintf(out, "Source %s, lines %u to %u%s\n", shown(lines_display_path(an->file), &sf),
			an->lines[0].line, an->lines[an->n - 1].line,
			an->unreadable ? " (the file could not be read: line numbers only)" : "");
	fprintf(out, "\n%10s %8s %6s  %s\n", "Tics", "Percent", "Line", "Source");
	for (i = 0; i < an->n; i++) {
		const struct annotated_line *l = &an->lines[i];

		/* the source's text as a terminal may show it, tabs kept */
		if (l->tics)
			fprintf(out, "%10llu %7.2f%% %6u  ", (unsigned long long)l->tics,
				pct(l->tics, an->tics), l->line);
		else
			fprintf(out, "%10s %8s %6u  ", "", "", l->line);
		shown_put_text(out, l->text ? l->text : "");
		fputc('\n', out);
	}
	if (an->nothers) {
		fprintf(out, "\nIts code of other lines (inlined from elsewhere, or of no line):\n");
		for (i = 0; i < an->nothers; i++) {
			const struct line_tics *l = &ml->la.l[an->others[i]];

			where(loc, sizeof loc, t, l);
			fprintf(out, "%10llu %7.2f%%  %s\n", (unsigned long long)l->tics,
				pct(l->tics, an->tics), loc);
		}
	}
}
