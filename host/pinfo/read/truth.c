/* truth.c: the reader of a run's exact instruction counts (truth.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hostio.h"
#include "hostsort.h"
#include "shown.h"
#include "truth.h"

static int by_pair(const void *x, const void *y)
{
	const struct truth_fn *a = x, *b = y;
	int c = strcasecmp(a->module, b->module);

	return c ? c : strcmp(a->name, b->name);
}

/* The next field of the line at *p (up to end): NUL-terminated in place;
 * NULL when none is left. */
static char *field(char **p, char *end)
{
	char *s = *p, *e;

	while (s < end && (*s == ' ' || *s == '\t'))
		s++;
	if (s == end)
		return NULL;
	for (e = s; e < end && *e != ' ' && *e != '\t'; e++)
		;
	*e = 0;
	*p = e < end ? e + 1 : end;
	return s;
}

/* INSTRUCTIONS: decimal digits only, at most 2^64 - 1. */
static int count_of(const char *s, uint64_t *v)
{
	*v = 0;
	if (!*s)
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || *v > (UINT64_MAX - (uint64_t)(*s - '0')) / 10)
			return -1;
		*v = *v * 10 + (uint64_t)(*s - '0');
	}
	return 0;
}

/* A name longer than the maps keep, shortened as they shorten it (shown.h). */
static void shorten(char *name)
{
	size_t n = strlen(name);

	if (n > SHOWN_LONG)
		shown_shorten(name, name, shown_hash(name, n));
}

/* One line, text[0..n) (its '\n' made a NUL), into t->f; 0, or -1 with
 * what is wrong in err. */
static int one_line(char *line, size_t n, struct truth *t, size_t *cap, char *err, size_t errlen)
{
	char *p = line, *end = line + n, *mod, *name, *num, *more;
	struct truth_fn *g;
	uint64_t v;

	if (n && line[n - 1] == '\r')
		end--;
	if (memchr(line, 0, (size_t)(end - line))) {
		snprintf(err, errlen, "a NUL byte: not a text line");
		return -1;
	}
	mod = field(&p, end);
	if (!mod || *mod == '#')
		return 0;
	name = field(&p, end);
	num = name ? field(&p, end) : NULL;
	more = num ? field(&p, end) : NULL;
	if (!num || more) {
		snprintf(err, errlen, "%s fields: a line is MODULE FUNCTION INSTRUCTIONS",
			 !num ? "too few" : "too many");
		return -1;
	}
	if (count_of(num, &v)) {
		struct shown sh;

		snprintf(err, errlen, "instructions '%s': a count in decimal digits, below 2^64",
			 shown_cut(num, strlen(num), 40, &sh));
		return -1;
	}
	shorten(mod);
	shorten(name);
	if (t->n == *cap) {
		*cap = *cap ? 2 * *cap : 64;
		if (!(g = realloc(t->f, *cap * sizeof *g))) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		t->f = g;
	}
	t->f[t->n++] = (struct truth_fn){ mod, name, v };
	return 0;
}

/* Pairs given twice added up, and the modules' totals; -1 when a sum
 * passes 2^64 - 1 (err says so) or out of memory. */
static int totals(struct truth *t, char *err, size_t errlen)
{
	size_t i, k = 0;

	if (t->n)
		host_qsort(t->f, t->n, sizeof *t->f, by_pair);
	for (i = 0; i < t->n; i++) {
		if (k && !by_pair(&t->f[k - 1], &t->f[i])) {
			if (t->f[k - 1].insns > UINT64_MAX - t->f[i].insns)
				goto overflow;
			t->f[k - 1].insns += t->f[i].insns;
		} else {
			t->f[k++] = t->f[i];
		}
	}
	t->n = k;
	if (!(t->m = malloc((k ? k : 1) * sizeof *t->m))) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (i = 0; i < t->n; i++) {
		if (t->nm && !strcasecmp(t->m[t->nm - 1].module, t->f[i].module)) {
			if (t->m[t->nm - 1].insns > UINT64_MAX - t->f[i].insns)
				goto overflow;
			t->m[t->nm - 1].insns += t->f[i].insns;
		} else {
			t->m[t->nm++] = (struct truth_mod){ t->f[i].module, t->f[i].insns };
		}
	}
	return 0;
overflow:
	snprintf(err, errlen, "instructions of module %s add up past 2^64 - 1",
		 SHOWN(t->f[i].module));
	return -1;
}

int truth_parse(const char *text, size_t len, struct truth *t, char *err, size_t errlen)
{
	size_t pos = 0, lineno = 0, cap = 0;
	char why[300];

	memset(t, 0, sizeof *t);
	if (!(t->text = malloc(len + 1))) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	memcpy(t->text, text, len);
	t->text[len] = 0;
	while (pos < len) {
		char *line = t->text + pos, *nl = memchr(line, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - line) : len - pos;

		lineno++;
		line[n] = 0;
		pos += n + 1;
		if (one_line(line, n, t, &cap, why, sizeof why)) {
			snprintf(err, errlen, "%zu: %s", lineno, why);
			truth_free(t);
			return -1;
		}
	}
	if (totals(t, why, sizeof why)) {
		snprintf(err, errlen, "%s", why);
		truth_free(t);
		return -1;
	}
	return 0;
}

int truth_load(const char *path, struct truth *t, char *err, size_t errlen)
{
	uint8_t *buf;
	size_t len;
	char why[400];
	int rc;

	memset(t, 0, sizeof *t);
	if (read_regular(path, &buf, &len, why, sizeof why)) {
		snprintf(err, errlen, "%s: %s", SHOWN(path), why);
		return -1;
	}
	rc = truth_parse((const char *)buf, len, t, why, sizeof why);
	free(buf);
	if (rc)
		snprintf(err, errlen, "%s:%s%s", SHOWN(path), strchr("0123456789", why[0]) ? "" : " ",
			 why);
	return rc;
}

void truth_free(struct truth *t)
{
	free(t->f);
	free(t->m);
	free(t->text);
	memset(t, 0, sizeof *t);
}

uint64_t truth_module(const struct truth *t, const char *module)
{
	size_t lo = 0, hi = t->nm;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcasecmp(t->m[mid].module, module);

		if (!c)
			return t->m[mid].insns;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

uint64_t truth_insns(const struct truth *t, const char *module, const char *name)
{
	struct truth_fn key = { module, name, 0 };
	const struct truth_fn *f = t->n ? bsearch(&key, t->f, t->n, sizeof *t->f, by_pair) : NULL;

	return f ? f->insns : 0;
}

int truth_share(const struct truth *t, const char *module, const char *name, double *pct)
{
	uint64_t total = truth_module(t, module);

	*pct = 0;
	if (!total)
		return -1;
	*pct = 100.0 * (double)truth_insns(t, module, name) / (double)total;
	return 0;
}
