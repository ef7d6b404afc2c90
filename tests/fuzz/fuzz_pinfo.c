/* fuzz_pinfo.c: pinfo's reports (host/pinfo/views/report.c, attrib.c) of a dump
 * against a map, both hostile. The input is a dump and a map: two bytes
 * (little-endian) give the dump's length, the dump follows, the map is the
 * rest. The dump's CRC is made right, so that mutations reach the report;
 * both must parse for it to run, in every mix of -e -t -z. The report of
 * the dump scanned (counters walked in place, pdump_scan) is the report of
 * the dump decoded, before and after the map's symbols are put in order
 * (map_normalize, as pinfo does). A dump with call stacks (format 3) is
 * named by the map and shown as folded stacks, a flame graph and a call
 * graph, written as they go: the folded lines' counts add up to the
 * dump's every tick. The seeds include deep stacks through names of
 * thousands of bytes (bench/genstacks -c, module TESTPROF). The CSV of
 * the module (--csv) reads back as RFC 4180 has it, each name the map's
 * and no field one a spreadsheet would take for a formula. */
#define _GNU_SOURCE	/* fopencookie */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "attrib.h"
#include "callstacks.h"
#include "csv.h"
#include "dumpfmt.h"
#include "fuzz.h"
#include "hostio.h"
#include "modattrib.h"
#include "view.h"
#include "report.h"
#include "runs.h"

/* report_module's text, or NULL when it fails. */
static char *report_text(const struct pdump *d, const struct map *m, int flags, size_t *len)
{
	char *text = NULL;
	FILE *f = open_memstream(&text, len);

	FUZZ_CHECK(f != NULL);
	if (report_module(f, d, m, flags) < 0) {
		fclose(f);
		free(text);
		return NULL;
	}
	fclose(f);
	return text;
}

/* The folded text's counts, summed as the text goes by: the number after
 * the last blank of each line (lines may be megabytes long). */
struct counts {
	uint64_t sum, n;
	int digits;
};

static ssize_t count_write(void *cookie, const char *data, size_t len)
{
	struct counts *c = cookie;

	for (size_t i = 0; i < len; i++) {
		if (data[i] == ' ') {
			c->n = 0;
			c->digits = 1;
		} else if (data[i] == '\n') {
			FUZZ_CHECK(c->digits);
			c->sum += c->n;
			c->digits = 0;
		} else if (c->digits) {
			FUZZ_CHECK(data[i] >= '0' && data[i] <= '9');
			c->n = c->n * 10 + (uint64_t)(data[i] - '0');
		}
	}
	return (ssize_t)len;
}

static void stack_views(const struct pdump *d, const struct map *m)
{
	static const cookie_io_functions_t io = { .write = count_write };
	struct counts c = { 0, 0, 0 };
	struct callstacks cs;
	char err[300];
	FILE *f;

	if (!(d->type & PDUMP_TYPE_STACKS) || callstacks_build(d, m, 1, &cs, err, sizeof err))
		return;
	FUZZ_CHECK((f = fopencookie(&c, "w", io)) != NULL);
	FUZZ_CHECK(callstacks_folded(&cs, f) == 0);
	FUZZ_CHECK(fclose(f) == 0);
	FUZZ_CHECK(c.sum == d->total && !c.digits);
	FUZZ_CHECK(callstacks_flamegraph(&cs, "fuzz", fuzz_null()) == 0);
	FUZZ_CHECK(callstacks_callgraph(&cs, fuzz_null()) == 0);
	callstacks_free(&cs);
}

/* One field of the CSV at *p, read as RFC 4180 has it into out (a quoted
 * field's first ' taken off, csv.h): *p past it and its comma; returns
 * its last byte's follower (',' or '\n'). A field that starts with a
 * formula's character or a ' was quoted, with a ' first. */
static char csv_read(const char **p, const char *end, char *out, size_t *n)
{
	const char *s = *p;
	size_t k = 0;

	if (s < end && *s == '"') {
		for (s++; s < end && (*s != '"' || (s + 1 < end && s[1] == '"')); s++)
			out[k++] = *s == '"' ? *s++ : *s;
		FUZZ_CHECK(s < end);	/* the closing quote */
		s++;
		if (k && out[0] == '\'')	/* the ' put before a formula's character */
			memmove(out, out + 1, --k);
		else
			FUZZ_CHECK(!k || (!strchr(CSV_FORMULA, out[0]) && out[0] != '\''));
	} else {
		for (; s < end && *s != ',' && *s != '\n'; s++) {
			FUZZ_CHECK(*s != '"' && *s != '\r');
			out[k++] = *s;
		}
		FUZZ_CHECK(!k || (!strchr(CSV_FORMULA, out[0]) && out[0] != '\''));
	}
	FUZZ_CHECK(s < end && (*s == ',' || *s == '\n'));
	*n = k;
	*p = s + 1;
	return *s;
}

/* The module's rows (csv_module): 6 fields each, the module's name, one of
 * the map's names (when it has few) or "(no symbol)", tics adding up to at
 * most the module's. */
static void csv_rows(const struct pdump *d, const struct map *m)
{
	char *text = NULL, *field, *name;
	const char *p, *end;
	size_t len = 0, n, i, k;
	uint64_t tics = 0, all = 0;
	double worst;
	FILE *f = open_memstream(&text, &len);

	FUZZ_CHECK(f != NULL);
	k = csv_module(f, d, m, &worst, NULL) == 0;
	fclose(f);
	FUZZ_CHECK((field = malloc(len + 1)) != NULL && (name = malloc(len + 1)) != NULL);
	for (p = text, end = text + len; k && p < end;) {
		FUZZ_CHECK(csv_read(&p, end, field, &n) == ',');
		FUZZ_CHECK(n == strlen(m->module) && !strncasecmp(field, m->module, n));
		FUZZ_CHECK(csv_read(&p, end, name, &n) == ',');
		name[n] = 0;
		FUZZ_CHECK(strlen(name) == n);	/* no NUL in a name */
		for (i = 0; m->n <= 256 && strcmp(name, "(no symbol)") && i < m->n; i++)
			if (!strcmp(m->syms[i].name, name))
				break;
		FUZZ_CHECK(m->n > 256 || !strcmp(name, "(no symbol)") || i < m->n);
		FUZZ_CHECK(csv_read(&p, end, field, &n) == ',');
		field[n] = 0;
		tics += strtoull(field, NULL, 10);
		for (i = 0; i < 3; i++)
			FUZZ_CHECK(csv_read(&p, end, field, &n) == (i < 2 ? ',' : '\n'));
	}
	for (i = 0; k && i < d->nseg; i++)
		if (!strcasecmp(d->segs[i].module, m->module))
			all += modattrib_seg_tics(&d->segs[i], d->shift);
	FUZZ_CHECK(!k || tics == all);
	free(name);
	free(field);
	free(text);
}

/* The scanned dump reports as the decoded one, -e aside (it decodes). */
/* The sorted views, every share with its interval (the trace's runs, the
 * sub-profiles' or Wilson's), with and without a --top that leaves rows out. */
static void sorted_views(const struct pdump *d, const struct map *m)
{
	struct view v = { 1, VIEW_TICS, 0, 0 };

	FUZZ_CHECK(view_module(fuzz_null(), d, m, PINFO_T, &v) >= 0);
	v.top = 1;
	FUZZ_CHECK(view_module(fuzz_null(), d, m, PINFO_T, &v) >= 0);
}

static void same_reports(const struct pdump *d, const struct pdump *lazy, const struct map *m)
{
	int flags;

	for (flags = 0; flags < 8; flags++) {
		size_t n1 = 0, n2 = 0;
		char *a, *b;

		if (flags & PINFO_E)
			continue;
		a = report_text(d, m, flags, &n1);
		b = report_text(lazy, m, flags, &n2);
		FUZZ_CHECK((a == NULL) == (b == NULL));
		FUZZ_CHECK(!a || (n1 == n2 && !memcmp(a, b, n1)));
		free(a);
		free(b);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pdump d, lazy;
	struct map m;
	size_t dumplen;
	uint8_t *dump;
	char err[300];
	int flags, rc;

	if (size < 2 || (dumplen = (size_t)data[0] | (size_t)data[1] << 8) > size - 2)
		return -1;
	dump = fuzz_fix_crc(data + 2, dumplen);
	rc = pdump_read(dump, dumplen, &d, &host_alloc, err, sizeof err);
	if (rc) {
		FUZZ_CHECK(pdump_scan(dump, dumplen, &lazy, &host_alloc, err, sizeof err) != 0);
		free(dump);
		return 0;
	}
	FUZZ_CHECK(pdump_scan(dump, dumplen, &lazy, &host_alloc, err, sizeof err) == 0);
	/* the trace indexed once, as pinfo's loading does (load.c) */
	if (fuzz_dump_buckets(&d) > FUZZ_BUCKETS_CAP ||
	    (d.trace && (runs_index(&d) || runs_index(&lazy)))) {
		runs_index_free(&lazy);
		runs_index_free(&d);
		pdump_release(&lazy, &host_alloc);
		pdump_release(&d, &host_alloc);
		free(dump);
		return 0;
	}
	if (!map_parse("testprof.map", data + 2 + dumplen, size - 2 - dumplen, &m, err,
		       sizeof err)) {
		for (flags = 0; flags < 8; flags++)
			FUZZ_CHECK(report_module(fuzz_null(), &d, &m, flags) >= 0);
		rc = report_check_fingerprint(fuzz_null(), "t.pro", &d, "testprof.map", &m, 1);
		FUZZ_CHECK(rc == 0 || (rc == 1 && m.has_fingerprint && d.version >= PDUMP_VERSION));
		sorted_views(&d, &m);
		csv_rows(&d, &m);
		same_reports(&d, &lazy, &m);
		if (!map_normalize(&m))
			same_reports(&d, &lazy, &m);
		stack_views(&d, &m);
		map_free(&m);
	}
	runs_index_free(&lazy);
	runs_index_free(&d);
	pdump_release(&lazy, &host_alloc);
	pdump_release(&d, &host_alloc);
	free(dump);
	return 0;
}
