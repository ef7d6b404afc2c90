/* csv.c: pinfo's rows for other programs (csv.h). */
#include <ctype.h>
#include <string.h>

#include "csv.h"
#include "dumpfmt.h"
#include "modattrib.h"
#include "share.h"
#include "truth.h"

void csv_field(FILE *out, const char *s)
{
	/* (a first ' gets one more: a reader takes one off a quoted field) */
	int formula = *s && (strchr(CSV_FORMULA, *s) || *s == '\'');

	if (!formula && !strpbrk(s, ",\"\r\n")) {
		fputs(s, out);
		return;
	}
	fputc('"', out);
	if (formula)
		fputc('\'', out);	/* text to a spreadsheet, never a formula */
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputc('"', out);
}

void csv_header(FILE *out)
{
	fputs(present.truth ? "module,function,tics,percent,ci_low,ci_high,exact,diff\n"
			    : "module,function,tics,percent,ci_low,ci_high\n", out);
}

/* One function: its row (s: its share of its module's samples), and the
 * worst difference so far. */
static void one_fn(FILE *out, const struct share *s, const char *module, const char *name,
		   uint64_t tics, double *worst)
{
	double exact = 0, diff = 0;
	int known = present.truth && !truth_share(present.truth, module, name, &exact);

	if (known) {
		diff = s->pct - exact;
		*worst = diff > *worst ? diff : -diff > *worst ? -diff : *worst;
	}
	if (!out)
		return;
	csv_field(out, module);
	fputc(',', out);
	csv_field(out, name);
	fprintf(out, ",%llu,%.4f,%.4f,%.4f", (unsigned long long)tics, s->pct, s->low, s->high);
	if (known)
		fprintf(out, ",%.4f,%.4f", exact, diff);
	else if (present.truth)
		fputs(",,", out);
	fputc('\n', out);
}

int csv_module(FILE *out, const struct pdump *d, const struct map *m, double *worst,
	       struct share_hot *hot)
{
	struct modattrib w;
	size_t k;
	uint64_t modsub[PDUMP_NSUB_MAX];
	const uint64_t *msub;
	int rc = modattrib_start(&w, d, m);

	*worst = present.truth && truth_module(present.truth, m->module) ? 0 : -1;
	if (rc)
		return rc;
	/* the module's ticks in each sub-profile: the whole of its shares' */
	msub = share_subs(d, w.segs, w.n, 0, UINT64_MAX, modsub);
	while ((rc = modattrib_next(&w)) > 0)
		for (k = 0; k < w.a.n; k++) {
			const struct owner *o = &w.a.owners[k];
			const char *name = o->name ? o->name : "(no symbol)";
			struct noise nz;
			struct share s;

			if (!o->tics && (*worst < 0 || !truth_insns(present.truth, m->module, name)))
				continue;
			nz = share_owner_noise(d, &w.a, o);
			if (hot && o->tics) {	/* the report's share: of all the dump's samples */
				s = share_in(d, o->tics, nz);
				share_hot_see(hot, name, o->tics, &s);
			}
			s = share_within(d, o->tics, w.tics, msub, nz);
			one_fn(out, &s, w.segs[0]->module, name, o->tics, worst);
		}
	modattrib_end(&w);
	return rc;
}

void csv_truth_line(FILE *out, const char *module, double worst)
{
	fputs("truth: ", out);
	for (; *module; module++)
		fputc(isalnum((unsigned char)*module) || strchr("_.-", *module) ?
		      tolower((unsigned char)*module) : '?', out);	/* safe in HTML too */
	fprintf(out, " worst difference %.2f points\n", worst);
}

void csv_diff_header(FILE *out)
{
	fputs("module,function,percent_a,percent_b,change,significant\n", out);
}

void csv_diff_row(FILE *out, const char *module, const char *name, double a, double b, int sig)
{
	csv_field(out, module);
	fputc(',', out);
	csv_field(out, name);
	fprintf(out, ",%.4f,%.4f,%.4f,%d\n", a, b, b - a, sig ? 1 : 0);
}
