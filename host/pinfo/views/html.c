/* html.c: pinfo --html (html.h). The page is written as it is made, to a
 * temporary file renamed over FILE.html when whole; its sections are
 * htmlflame.c's, htmlfuncs.c's and timeline.c's, their base htmlbase.c. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "annotate.h"
#include "callstacks.h"
#include "dumpfmt.h"
#include "hostio.h"
#include "hostsort.h"
#include "html.h"
#include "htmlbase.h"
#include "htmlflame.h"
#include "htmlfuncs.h"
#include "lines.h"
#include "modattrib.h"
#include "load.h"
#include "report.h"
#include "share.h"
#include "view.h"
#include "shown.h"
#include "timeline.h"

#define HTML_ANNOTATED	5	/* the hottest functions shown with their source */

/* ---- the report's parts -------------------------------------------------------- */

struct src {
	const char *path;
	struct map m;
	struct line_table t;
	int has_lines, in_dump;
	struct module_lines ml;
	int has_ml;
};

static const char style[] =
	"body{font:14px/1.4 system-ui,sans-serif;margin:1.5em auto;max-width:1300px;color:#222;"
	"padding:0 1em}\n"
	"h1{font-size:1.4em}h2{font-size:1.2em;margin-top:1.6em;border-bottom:1px solid #ccc}\n"
	"table{border-collapse:collapse;margin:.5em 0}td,th{padding:2px 8px;text-align:left}\n"
	"th{background:#eee;cursor:pointer;user-select:none}th[data-dir=asc]::after{content:' \\25B2'}"
	"th[data-dir=desc]::after{content:' \\25BC'}\n"
	"td.n{text-align:right;font-variant-numeric:tabular-nums}tr:nth-child(even){background:#f7f7f7}\n"
	".bar{background:#e8743b;height:10px;display:inline-block;min-width:1px}\n"
	"table.src td{font:12px/1.3 monospace;white-space:pre;padding:0 8px}\n"
	"table.src tr.hot td{background:#ffd7c2;font-weight:bold}table.src td.m{color:#a33}\n"
	"svg.flame text{font:11px monospace;fill:#000;pointer-events:none}"
	"svg.flame g.frame:hover rect{stroke:#000}\n"
	".note{color:#666}dl.facts{display:grid;grid-template-columns:max-content auto;gap:2px 16px}"
	"dl.facts dt{font-weight:bold}dl.facts dd{margin:0}\n";

/* Sorts a table by a click on a column's head: numbers (data-v) from the
 * largest first, text from A; a second click reverses. #selftest clicks the
 * functions' Function head and lists the order it got in #selftest. */
static const char script[] =
	"(function(){\n"
	"var errs=[];window.addEventListener('error',function(e){errs.push(String(e.message));"
	"document.documentElement.setAttribute('data-errors',errs.join(' | '));});\n"
	"function key(td){var v=td.getAttribute('data-v');return v===null?td.textContent.toLowerCase():parseFloat(v);}\n"
	"function sortBy(th){var tr=th.parentNode,col=Array.prototype.indexOf.call(tr.children,th),"
	"table=tr.closest('table'),body=table.tBodies[0],rows=Array.prototype.slice.call(body.rows),"
	"num=th.hasAttribute('data-num'),dir=th.getAttribute('data-dir');"
	"dir=dir?(dir==='asc'?'desc':'asc'):(num?'desc':'asc');"
	"Array.prototype.forEach.call(tr.children,function(h){h.removeAttribute('data-dir');});"
	"th.setAttribute('data-dir',dir);var s=dir==='asc'?1:-1;"
	"rows.sort(function(a,b){var x=key(a.cells[col]),y=key(b.cells[col]);"
	"return x<y?-s:x>y?s:0;});rows.forEach(function(r){body.appendChild(r);});}\n"
	"Array.prototype.forEach.call(document.querySelectorAll('table.sortable th'),function(th){"
	"th.addEventListener('click',function(){sortBy(th);});});\n"
	"if(location.hash==='#selftest'){var th=document.querySelector('#functions th.name');"
	"if(th){th.click();var out=document.createElement('pre');out.id='selftest';"
	"out.textContent=Array.prototype.map.call(document.querySelectorAll('#functions tbody tr'),"
	"function(r){return r.cells[0].textContent;}).join('\\n');document.body.appendChild(out);}}\n"
	"document.documentElement.setAttribute('data-ready','1');\n"
	"})();\n";

static void facts(FILE *out, const char *dumpfile, const struct pdump *d)
{
	uint64_t kernel = d->kernel;
	uint32_t i, b;
	char type[120];

	for (i = 0; i < d->nseg; i++)
		if (map_is_kernel(d->segs[i].module))
			for (b = 0; b < pdump_nbuckets(d->segs[i].length, d->shift); b++)
				kernel += d->segs[i].counters[b];
	fputs("<section id=\"facts\"><h2>The run</h2><dl class=\"facts\">\n<dt>Dump</dt><dd>", out);
	html_escape(out, dumpfile);
	fprintf(out, "</dd>\n<dt>Type</dt><dd>%s</dd>\n", view_type_name(d->type & ~PDUMP_TYPE_TRACE, type, sizeof type));
	fprintf(out, "<dt>Rate</dt><dd id=\"rate\">%u Hz</dd>\n", d->hz);
	fprintf(out, "<dt>Samples</dt><dd id=\"samples\">%llu (%.3f s at the rate)</dd>\n",
		(unsigned long long)d->total, d->hz ? (double)d->total / d->hz : 0.0);
	fprintf(out, "<dt>Kernel</dt><dd>%llu samples, %.2f%%</dd>\n", (unsigned long long)kernel,
		pct(kernel, d->total));
	if (!(d->type & 1))
		fprintf(out, "<dt>Idle</dt><dd>%llu samples, %.2f%%</dd>\n",
			(unsigned long long)d->idle, pct(d->idle, d->total));
	if (d->out_of_range)
		fprintf(out, "<dt>Out of range</dt><dd>%llu samples, %.2f%%</dd>\n",
			(unsigned long long)d->out_of_range, pct(d->out_of_range, d->total));
	fprintf(out, "<dt>Buckets</dt><dd>%u bytes</dd>\n<dt>Format</dt><dd>version %u</dd>\n"
		"</dl></section>\n", 1u << d->shift, d->version);
}

static void bar(FILE *out, uint64_t tics, uint64_t max)
{
	fprintf(out, "<td><span class=\"bar\" style=\"width:%.1fpx\"></span></td>",
		max ? 300.0 * (double)tics / (double)max : 0.0);
}

/* A row of the module table: its tics, percent and interval (Wilson's
 * without sub-profiles: sub NULL) and a bar. */
static void module_cells(FILE *out, const struct pdump *d, uint64_t tics, struct noise nz, uint64_t max)
{
	struct share s = share_in(d, tics, nz);

	fprintf(out, "<td class=\"n\" data-v=\"%llu\">%llu</td><td class=\"n\" data-v=\"%.4f\">%.2f</td>",
		(unsigned long long)tics, (unsigned long long)tics, s.pct, s.pct);
	html_share_cell(out, &s);
	bar(out, tics, max);
	fputs("</tr>\n", out);
}

/* The runs' edge of the row of d's segment i: every segment of its module
 * and number. */
static double module_edge(const struct pdump *d, uint32_t i)
{
	const struct pdump_seg **segs;
	size_t n = 0;
	uint32_t j;
	double e;

	if (!d->trace || !(segs = malloc(d->nseg * sizeof *segs)))
		return RUNS_NONE;
	for (j = 0; j < d->nseg; j++)
		if (d->segs[j].segno == d->segs[i].segno && !strcasecmp(d->segs[j].module, d->segs[i].module))
			segs[n++] = &d->segs[j];
	e = runs_range(d, segs, n, 0, UINT64_MAX, NULL, NULL);
	free(segs);
	return e;
}

static void module_table(FILE *out, const struct pdump *d)
{
	uint64_t kernel = d->kernel, max = 0, *tics, *sub = NULL, one[PDUMP_NSUB_MAX];
	uint32_t i, j, b, k, ns = d->nsub;

	if (!(tics = calloc(d->nseg ? d->nseg : 1, sizeof *tics)) ||
	    (ns && !(sub = calloc((size_t)d->nseg * ns, sizeof *sub)))) {
		free(tics);
		return;
	}
	for (i = 0; i < d->nseg; i++) {
		for (b = 0; b < pdump_nbuckets(d->segs[i].length, d->shift); b++)
			tics[i] += d->segs[i].counters[b];
		if (map_is_kernel(d->segs[i].module)) {
			kernel += tics[i];
			tics[i] = 0;
			continue;
		}
		for (j = 0; j < i; j++)	/* one row a module and number */
			if (d->segs[j].segno == d->segs[i].segno &&
			    !strcasecmp(d->segs[j].module, d->segs[i].module))
				break;
		if (sub && share_subs(d, &(const struct pdump_seg *){ &d->segs[i] }, 1, 0, UINT64_MAX,
				      one))
			for (k = 0; k < ns; k++)
				sub[(size_t)j * ns + k] += one[k];
		if (j < i) {
			tics[j] += tics[i];
			tics[i] = 0;
		}
	}
	max = kernel > d->idle ? kernel : d->idle;
	for (i = 0; i < d->nseg; i++)
		max = tics[i] > max ? tics[i] : max;
	fputs("<section id=\"modules\"><h2>Modules</h2>\n<table class=\"sortable\" id=\"moduletable\">"
	      "<thead><tr><th>Module</th><th>Segment</th><th data-num>Length</th>"
	      "<th data-num>Tics</th><th data-num>Percent</th><th data-num>95%</th><th data-num></th>"
	      "</tr></thead><tbody>\n", out);
	fputs("<tr><td>kernel</td><td></td><td class=\"n\" data-v=\"0\"></td>", out);
	module_cells(out, d, kernel, NOISE_NONE, max);
	if (!(d->type & 1)) {
		fputs("<tr><td>idle</td><td></td><td class=\"n\" data-v=\"0\"></td>", out);
		module_cells(out, d, d->idle, NOISE_NONE, max);
	}
	for (i = 0; i < d->nseg; i++) {
		if (!tics[i])
			continue;
		fputs("<tr><td>", out);
		html_escape(out, d->segs[i].module);
		fprintf(out, "</td><td>%04x</td><td class=\"n\" data-v=\"%u\">%04x</td>",
			d->segs[i].segno, d->segs[i].length, d->segs[i].length);
		module_cells(out, d, tics[i], (struct noise){ sub ? sub + (size_t)i * ns : NULL,
			     module_edge(d, i) }, max);
	}
	fprintf(out, "</tbody></table>\n<p>Total: %llu samples.</p></section>\n",
		(unsigned long long)d->total);
	free(sub);
	free(tics);
}

static int add_func(struct html_func **fs, size_t *n, size_t *cap, struct html_func f)
{
	if (*n == *cap) {
		size_t c = *cap ? *cap * 2 : 256;
		struct html_func *g = realloc(*fs, c * sizeof *g);

		if (!g)
			return -1;
		*fs = g;
		*cap = c;
	}
	(*fs)[(*n)++] = f;
	return 0;
}

/* The functions of src's module in d: appended to *fs. -1 out of memory. */
static int module_funcs(const struct pdump *d, struct src *src, struct html_func **fs, size_t *n,
			size_t *cap)
{
	struct modattrib w;
	size_t k;
	int rc = modattrib_start(&w, d, &src->m);

	if (rc)
		return rc < 0 ? -1 : 0;
	while (!rc && (rc = modattrib_next(&w)) > 0)	/* names are the map's, which outlive w */
		for (k = 0, rc = 0; k < w.a.n && !rc; k++) {
			const struct owner *o = &w.a.owners[k];

			if (o->tics)
				rc = add_func(fs, n, cap, (struct html_func){ o->name ? o->name :
					      "(no symbol)", src->m.module, w.run[0]->segno, o->addr,
					      o->tics, w.tics, share_in(d, o->tics, share_owner_noise(d, &w.a,
					      o)), src });
		}
	modattrib_end(&w);
	return rc;
}

static int by_tics(const void *x, const void *y)
{
	const struct html_func *a = x, *b = y;
	int c;

	if (a->tics != b->tics)
		return a->tics > b->tics ? -1 : 1;
	if ((c = strcasecmp(a->module, b->module)))
		return c;
	if (a->segno != b->segno)
		return a->segno < b->segno ? -1 : 1;
	return a->addr < b->addr ? -1 : a->addr > b->addr;
}

static int annotated(FILE *out, const struct pdump *d, const struct html_func *fs, size_t n,
		     enum lines_split split)
{
	size_t i, k, shown = 0;

	fputs("<section id=\"source\"><h2>The hottest functions' source</h2>\n", out);
	for (i = 0; i < n && shown < HTML_ANNOTATED; i++) {
		struct src *s = fs[i].src;
		struct annotation an;
		size_t hot = 0;
		int rc;

		if (fs[i].segno != 1 || !s->has_lines)
			continue;
		if (!s->has_ml) {
			if ((rc = module_lines_make(d, &s->m, &s->t, split, &s->ml)) < 0)
				return -1;
			if (rc)
				continue;
			s->has_ml = 1;
		}
		if ((rc = annotation_make(&s->ml, &s->t, fs[i].name, &an)) < 0)
			return -1;
		if (rc || !an.n) {
			if (!rc)
				annotation_free(&an);
			continue;
		}
		shown++;
		for (k = 0; k < an.n; k++)
			hot = an.lines[k].tics > an.lines[hot].tics ? k : hot;
		fputs("<div class=\"annot\" data-func=\"", out);
		html_escape(out, an.func);
		fprintf(out, "\" data-hot-line=\"%u\"><h3>", an.lines[hot].line);
		html_escape(out, an.func);
		fputs(" <small>(", out);
		html_escape(out, s->m.module);
		fprintf(out, ", %llu tics, %.2f%% \xc2\xb1%.2f of all; ", (unsigned long long)an.tics,
			pct(an.tics, d->total), share_of(an.tics, d->total).half);
		html_escape(out, lines_display_path(an.file));
		fputs(")</small></h3>\n", out);
		if (an.unreadable)
			fputs("<p class=\"note\">The source file could not be read: line numbers "
			      "only.</p>\n", out);
		fputs("<table class=\"src\"><thead><tr><th>Tics</th><th>Percent</th><th>Line</th>"
		      "<th>Source</th></tr></thead><tbody>\n", out);
		for (k = 0; k < an.n; k++) {
			const struct annotated_line *l = &an.lines[k];

			fprintf(out, "<tr%s data-line=\"%u\" data-tics=\"%llu\">", k == hot && l->tics ?
				" class=\"hot\"" : "", l->line, (unsigned long long)l->tics);
			if (l->tics)
				fprintf(out, "<td class=\"n m\">%llu</td><td class=\"n m\">%.2f%%</td>",
					(unsigned long long)l->tics, pct(l->tics, an.tics));
			else
				fputs("<td></td><td></td>", out);
			fprintf(out, "<td class=\"n\">%u</td><td>", l->line);
			html_escape(out, l->text ? l->text : "");
			fputs("</td></tr>\n", out);
		}
		fputs("</tbody></table>\n", out);
		if (an.nothers) {
			fputs("<p class=\"note\">Its code of other lines: ", out);
			for (k = 0; k < an.nothers; k++) {
				const struct line_tics *l = &s->ml.la.l[an.others[k]];
				char loc[4200];

				if (l->file == LINES_NOFILE)
					snprintf(loc, sizeof loc, "(no line)");
				else
					snprintf(loc, sizeof loc, "%s:%u", lines_display_path(s->t.files[l->file]),
						 l->line);
				fprintf(out, "%s", k ? ", " : "");
				html_escape(out, loc);
				fprintf(out, " %llu tics", (unsigned long long)l->tics);
			}
			fputs(".</p>\n", out);
		}
		fputs("</div>\n", out);
		annotation_free(&an);
	}
	if (!shown)
		fputs("<p class=\"note\">No function with samples has a DWARF line table among the "
		      "files given (give the ELF files, built with -g).</p>\n", out);
	fputs("</section>\n", out);
	return 0;
}

/* ---- the page -------------------------------------------------------------------- */

/* The page, written part by part into write_whole_file's temporary. */
struct page {
	const char *dumpfile;
	const struct src *srcs;
	size_t nsrcs;
	const struct pdump *d;
	struct html_func *fs;
	size_t nfs;
	const struct html_stacks *hs;
	const char *offcpu;	/* --offcpu's dump, or NULL */
	enum lines_split split;
	char *err;
	size_t errlen;
};

static int write_page(FILE *out, void *arg)
{
	const struct page *p = arg;
	int rc = 0;

	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width\">\n<title>Profile: ", out);
	html_escape(out, p->dumpfile);
	fprintf(out, "</title>\n<style>\n%s</style></head>\n<body>\n<h1>Profile ", style);
	html_escape(out, p->dumpfile);
	fputs("</h1>\n", out);
	facts(out, p->dumpfile, p->d);
	if (p->offcpu) {	/* (facts() ends its list: a list of its own) */
		fputs("<dl class=\"facts\" id=\"offcpu\"><dt>Off the CPU</dt><dd>", out);
		html_escape(out, p->offcpu);
		fprintf(out, ": %llu ticks, under " CALLSTACKS_OFFCPU " in the flame graph</dd></dl>\n",
			(unsigned long long)p->hs->offcpu);
	}
	module_table(out, p->d);
	if (html_cpus(out, p->d))
		rc = -1;
	{	/* the timeline names functions by the maps loaded */
		struct map *ms = calloc(p->nsrcs + 1, sizeof *ms);
		for (size_t i = 0; ms && i < p->nsrcs; i++)
			ms[i] = p->srcs[i].m;
		rc |= !ms || html_timeline(out, p->d, ms, p->nsrcs) ? -1 : 0;
		free(ms);
	}
	html_func_table(out, p->d, p->fs, p->nfs);
	if (p->hs->n && html_flamegraph(out, p->hs->s, p->hs->n, p->hs->cs.total, p->hs->offcpu))
		rc = -1;
	if (!rc && annotated(out, p->d, p->fs, p->nfs, p->split))
		rc = -1;
	for (size_t i = 0; !rc && present.truth && i < p->nsrcs; i++)
		rc = html_truth_line(out, p->d, &p->srcs[i].m);
	if (rc) {
		snprintf(p->err, p->errlen, "out of memory");
		return -1;
	}
	fprintf(out, "<p class=\"note\">Made by pinfo --html. Percent is of all %llu samples."
		" Click a column's head to sort by it.</p>\n<script>\n%s</script>\n</body></html>\n",
		(unsigned long long)p->d->total, script);
	return 0;
}

/* Map path read into s, when its module has a segment in d; a kernel map
 * that has none, the first, kept in *kmap to name the stacks' kernel
 * frames (*have_kmap set). Returns 0 loaded; 1 skipped (its module not in
 * d: every map of a run may be given); -1 failed, having said why. */
static int load_src(struct src *s, const char *path, const char *dumpfile, const struct pdump *d,
		    int strict, struct map *kmap, int *have_kmap, FILE *errs)
{
	uint8_t *buf;
	size_t len;
	uint32_t k;
	char err[300];

	memset(s, 0, sizeof *s);
	if (read_regular(path, &buf, &len, err, sizeof err)) {
		fprintf(errs, "pinfo: %s: %s\n", SHOWN(path), SHOWN(err));
		return -1;
	}
	if (map_parse(path, buf, len, &s->m, err, sizeof err)) {
		fprintf(errs, "pinfo: %s: %s\n", SHOWN(path), SHOWN(err));
		free(buf);
		return -1;
	}
	s->path = path;
	for (k = 0; k < d->nseg; k++)
		s->in_dump |= !strcasecmp(d->segs[k].module, s->m.module);
	if (!s->in_dump && (d->type & PDUMP_TYPE_STACKS) && !*have_kmap &&
	    map_is_kernel(s->m.module)) {
		*kmap = s->m;	/* no kernel segment, but it names the stacks' kernel frames */
		*have_kmap = 1;
		free(buf);
		return 1;
	}
	if (!s->in_dump) {	/* every map of a run may be given: skipped */
		map_free(&s->m);
		free(buf);
		return 1;
	}
	if (report_check_fingerprint(errs, dumpfile, d, path, &s->m, strict) && strict) {
		map_free(&s->m);
		free(buf);
		return -1;
	}
	s->has_lines = s->m.form == MAP_ELF && !lines_load(buf, len, &s->t, err, sizeof err);
	free(buf);
	return 0;
}

static void srcs_free(struct src *srcs, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (srcs[i].has_ml)
			module_lines_free(&srcs[i].ml);
		if (srcs[i].has_lines)
			lines_free(&srcs[i].t);
		map_free(&srcs[i].m);
	}
	free(srcs);
}

/* The flame graph's stacks (htmlflame.h), named by the maps of the
 * modules the dump has; kmap, if any, names the kernel's frames of a dump
 * without a kernel segment. As html_stacks_make(); *hs to be freed. */
static int flame_stacks(const struct pdump *d, const struct pdump *off, const struct src *srcs, size_t nsrcs,
			const struct map *kmap, struct html_stacks *hs, char *err, size_t errlen)
{
	struct map *maps = malloc((nsrcs + 1) * sizeof *maps);
	size_t i;
	int rc;

	memset(hs, 0, sizeof *hs);
	if (!maps)
		return -1;
	for (i = 0; i < nsrcs; i++)
		maps[i] = srcs[i].m;
	if (kmap)
		maps[i++] = *kmap;
	rc = html_stacks_make(d, off, maps, i, hs, err, errlen);
	free(maps);
	return rc;
}

int pinfo_html(const char *htmlfile, const char *dumpfile, const char *offcpu, char *const *maps, size_t nmaps,
	       int strict, int split, FILE *errs)
{
	struct pdump d, od;
	struct src *srcs = calloc(nmaps ? nmaps : 1, sizeof *srcs);
	struct html_func *fs = NULL;
	struct html_stacks hs;
	struct map kmap;
	int have_kmap = 0, rc;
	size_t nfs = 0, capfs = 0, i, loaded = 0;
	int status = PINFO_OK;
	char err[300];

	memset(&hs, 0, sizeof hs);
	if (!srcs || pinfo_load_dump(dumpfile, &d, errs)) {
		if (!srcs)
			fprintf(errs, "pinfo: out of memory\n");
		free(srcs);
		return PINFO_FAIL;
	}
	if (offcpu && pinfo_load_dump(offcpu, &od, errs)) {
		pinfo_release_dump(&d);
		free(srcs);
		return PINFO_FAIL;
	}
	for (i = 0; i < nmaps; i++) {
		if ((rc = load_src(&srcs[loaded], maps[i], dumpfile, &d, strict, &kmap, &have_kmap,
				   errs)) < 0)
			status = PINFO_FAIL;
		if (rc)
			continue;
		if (module_funcs(&d, &srcs[loaded], &fs, &nfs, &capfs)) {
			fprintf(errs, "pinfo: out of memory\n");
			status = PINFO_FAIL;
		}
		loaded++;
	}
	host_qsort(fs, nfs, sizeof *fs, by_tics);
	if (status == PINFO_OK && (rc = flame_stacks(&d, offcpu ? &od : NULL, srcs, loaded,
						     have_kmap ? &kmap : NULL, &hs, err, sizeof err))) {
		if (rc < 0)
			fprintf(errs, "pinfo: out of memory\n");
		else	/* what lacks stacks, or of another rate */
			fprintf(errs, "pinfo: %s: %s\n", SHOWN(rc == 1 ? dumpfile : offcpu), SHOWN(err));
		status = PINFO_FAIL;
	}
	if (status == PINFO_OK) {
		struct page page = { dumpfile, srcs, loaded, &d, fs, nfs, &hs, offcpu, (enum lines_split)split,
				     err, sizeof err };

		if (write_whole_file(htmlfile, write_page, &page, err, sizeof err)) {
			fprintf(errs, "pinfo: %s: %s; nothing written\n", SHOWN(htmlfile), SHOWN(err));
			status = PINFO_FAIL;
		}
	}
	html_stacks_free(&hs);
	if (offcpu)
		pinfo_release_dump(&od);
	if (have_kmap)
		map_free(&kmap);
	free(fs);
	srcs_free(srcs, loaded);
	pinfo_release_dump(&d);
	return status;
}
