/* htmlfuncs.c: the HTML report's functions' table, truth lines and CPUs (htmlfuncs.h). */
#include <stdlib.h>

#include "cpus.h"
#include "csv.h"
#include "dump.h"
#include "htmlfuncs.h"
#include "maps.h"
#include "share.h"
#include "truth.h"

/* A number cell: sorted by v, shown as text. */
static void num(FILE *out, double v, const char *text)
{
	fprintf(out, "<td class=\"n\" data-v=\"%.4f\">%s</td>", v, text);
}

/* With the truth: the share of the module's samples, the exact share, the
 * difference in points (empty cells when the truth lacks the module). */
static void truth_cells(FILE *out, const struct html_func *f)
{
	double exact, sampled = pct(f->tics, f->modtics);
	char text[32];

	if (truth_share(present.truth, f->module, f->name, &exact)) {
		fputs("<td></td><td></td><td></td>", out);
		return;
	}
	snprintf(text, sizeof text, "%.2f", sampled);
	num(out, sampled, text);
	snprintf(text, sizeof text, "%.2f", exact);
	num(out, exact, text);
	snprintf(text, sizeof text, "%+.2f", sampled - exact);
	num(out, sampled - exact, text);
}

void html_share_cell(FILE *out, const struct share *s)
{
	/* the page is UTF-8 */
	fprintf(out, "<td class=\"n\" data-v=\"%.4f\" title=\"95%%: %.2f to %.2f\">\xc2\xb1%.2f</td>",
		s->half, s->low, s->high, s->half);
}

static void row(FILE *out, const struct html_func *f, uint64_t max)
{
	struct share s = f->s;
	char text[32];

	fputs("<tr><td>", out);
	html_escape(out, f->name);
	fputs("</td><td>", out);
	html_escape(out, f->module);
	fprintf(out, "</td><td data-v=\"%u\">%04x:%0*x</td><td class=\"n\" data-v=\"%llu\">%llu</td>",
		f->addr, f->segno, f->addr > 0xffff ? 8 : 4, f->addr, (unsigned long long)f->tics,
		(unsigned long long)f->tics);
	snprintf(text, sizeof text, "%.2f", s.pct);
	num(out, s.pct, text);
	html_share_cell(out, &s);
	if (present.truth)
		truth_cells(out, f);
	fprintf(out, "<td><span class=\"bar\" style=\"width:%.1fpx\"></span></td></tr>\n",
		max ? 300.0 * (double)f->tics / (double)max : 0.0);
}

void html_func_table(FILE *out, const struct pdump *d, const struct html_func *fs, size_t n)
{
	size_t i, shown = n < HTML_MAX_FUNCS ? n : HTML_MAX_FUNCS;
	uint64_t rest = 0;
	char pm[16];

	fputs("<section id=\"funcs\"><h2>Functions by tics</h2>\n", out);
	if (!n) {
		fputs("<p class=\"note\">No map given is of a module with samples.</p></section>\n", out);
		return;
	}
	fputs("<table class=\"sortable\" id=\"functions\"><thead><tr><th class=\"name\">Function</th>"
	      "<th>Module</th><th>Address</th><th data-num>Tics</th><th data-num>Percent</th>"
	      "<th data-num>95%</th>", out);
	if (present.truth)
		fputs("<th data-num>Sampled</th><th data-num>Exact</th><th data-num>Diff</th>", out);
	fputs("<th data-num></th></tr></thead><tbody>\n", out);
	for (i = 0; i < shown; i++)
		row(out, &fs[i], fs[0].tics);
	fputs("</tbody></table>\n", out);
	for (i = shown; i < n; i++)
		rest += fs[i].tics;
	if (shown < n)
		fprintf(out, "<p class=\"note\">%zu more functions: %llu tics, %.2f%% %s.</p>\n",
			n - shown, (unsigned long long)rest, pct(rest, d->total),
			share_pm(pm, share_of(rest, d->total).half));
	fputs("<p class=\"note\">95%: each share's interval (the larger of its sides), "
	      "docs/accuracy.md.", out);
	if (present.truth)
		fputs(" Sampled: the function's share of its module's samples; Exact: of its "
		      "module's instructions (--truth); Diff: Sampled less Exact, in points.", out);
	fputs("</p>\n</section>\n", out);
}

int html_truth_line(FILE *out, const struct pdump *d, const struct map *m)
{
	double worst;
	int rc = csv_module(NULL, d, m, &worst, NULL);

	if (rc < 0)
		return -1;
	if (rc || worst < 0)
		return 0;
	fputs("<p class=\"truth\">", out);
	csv_truth_line(out, m->module, worst);	/* (lower-case letters, digits: no markup) */
	fputs("</p>\n", out);
	return 0;
}

int html_cpus(FILE *out, const struct pdump *d)
{
	static const char *const heads[CPUS_FIXED] = { "Samples", "Kernel", "Idle", "Out of range" };
	struct cpus_table t;
	size_t k, w, missing;
	uint32_t c;

	if (!d->ncpu)
		return 0;
	if (cpus_make(d, NULL, 0, &t, &missing))
		return -1;
	w = CPUS_FIXED + t.ncol;
	fputs("<section id=\"cpus\"><h2>CPUs</h2>\n<table class=\"sortable\" id=\"cputable\">"
	      "<thead><tr><th data-num>CPU</th>", out);
	for (k = 0; k < w; k++) {
		if (!cpus_col_shown(&t, k))
			continue;
		fputs("<th data-num>", out);
		html_escape(out, k < CPUS_FIXED ? heads[k] : t.name[k - CPUS_FIXED]);
		fputs("</th>", out);
	}
	fputs("</tr></thead><tbody>\n", out);
	for (c = 0; c < t.ncpu; c++) {
		fprintf(out, "<tr><td class=\"n\" data-v=\"%u\">%u</td>", c, c);
		for (k = 0; k < w; k++)
			if (cpus_col_shown(&t, k))
				fprintf(out, "<td class=\"n\" data-v=\"%llu\">%llu</td>",
					(unsigned long long)t.cell[(size_t)c * w + k],
					(unsigned long long)t.cell[(size_t)c * w + k]);
		fputs("</tr>\n", out);
	}
	fprintf(out, "</tbody></table>\n<p>%u CPU%s; the kernel's segments are in its column, "
		"the modules' ticks in theirs.</p></section>\n", t.ncpu, t.ncpu == 1 ? "" : "s");
	cpus_free(&t);
	return 0;
}
