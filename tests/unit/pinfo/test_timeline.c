/* test_timeline.c: pinfo --timeline (views/timeline.c, docs/events.md
 * "The timeline") on a dump of two CPUs made here: the JSON parsed by a
 * small checker of its own and held to the trace-event format's rules
 * (an object with a traceEvents array; every event a name, a phase of
 * X, i or M, integer pid and tid; X events with ts and dur, in order and
 * never overlapping on their thread; i events with a scope), and the
 * slices to the tick: each CPU's runs of one function, their durations
 * adding up to its ticks, the switches where the module changes. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "dumpfmt.h"
#include "timeline.h"
#include "testbuf.h"

/* ---- the checker: JSON (RFC 8259) without floats' exponents or \u pairs
 * checked further, enough to refuse what a viewer would */
struct ev {
	char name[64], ph[4], s[4];
	double ts, dur;
	long pid, tid;
	int has_ts, has_dur, has_pid, has_tid, has_name;
};
struct jp {
	const char *p;
	int depth, in_events;
	struct ev evs[64];
	int nev, ok;
};

static void ws(struct jp *j)
{
	while (*j->p == ' ' || *j->p == '\n' || *j->p == '\t' || *j->p == '\r')
		j->p++;
}

static int str(struct jp *j, char *out, size_t max)
{
	size_t n = 0;

	if (*j->p != '"')
		return -1;
	for (j->p++; *j->p != '"'; j->p++) {
		char c = *j->p;
		if ((unsigned char)c < 0x20)
			return -1;
		if (c == '\\') {
			j->p++;
			if (*j->p == 'u') {
				for (int k = 1; k <= 4; k++)
					if (!strchr("0123456789abcdefABCDEF", j->p[k]) || !j->p[k])
						return -1;
				j->p += 4;
				c = '?';
			} else if (*j->p && strchr("\"\\/bfnrt", *j->p)) {
				c = *j->p;
			} else {
				return -1;
			}
		}
		if (out && n + 1 < max)
			out[n++] = c;
	}
	j->p++;
	if (out)
		out[n] = 0;
	return 0;
}

static int num(struct jp *j, double *v)
{
	char *end;

	if (!(*j->p == '-' || (*j->p >= '0' && *j->p <= '9')))
		return -1;
	*v = strtod(j->p, &end);
	j->p = end;
	return 0;
}

static int value(struct jp *j, struct ev *e, const char *key);

static int object(struct jp *j, struct ev *e)
{
	char key[64];

	j->p++;
	ws(j);
	if (*j->p == '}')
		return j->p++, 0;
	for (;;) {
		ws(j);
		if (str(j, key, sizeof key))
			return -1;
		ws(j);
		if (*j->p++ != ':')
			return -1;
		ws(j);
		if (value(j, e, key))
			return -1;
		ws(j);
		if (*j->p == ',') {
			j->p++;
			continue;
		}
		return *j->p++ == '}' ? 0 : -1;
	}
}

static int value(struct jp *j, struct ev *e, const char *key)
{
	double v;

	if (++j->depth > 16)
		return -1;
	if (*j->p == '{') {
		struct ev *inner = NULL;
		if (j->in_events && j->depth == 3) {	/* an event */
			if (j->nev == 64)
				return -1;
			inner = &j->evs[j->nev++];
		}
		if (object(j, inner))
			return -1;
	} else if (*j->p == '[') {
		int events = j->depth == 2 && key && !strcmp(key, "traceEvents");
		j->in_events |= events;
		j->p++;
		ws(j);
		if (*j->p != ']')
			for (;;) {
				ws(j);
				if (value(j, NULL, NULL))
					return -1;
				ws(j);
				if (*j->p != ',')
					break;
				j->p++;
			}
		if (*j->p++ != ']')
			return -1;
		if (events)
			j->ok = 1, j->in_events = 0;
	} else if (*j->p == '"') {
		char s[64];
		if (str(j, s, sizeof s))
			return -1;
		if (e && !strcmp(key, "name"))
			strcpy(e->name, s), e->has_name = 1;
		else if (e && !strcmp(key, "ph"))
			memcpy(e->ph, s, strlen(s) < 3 ? strlen(s) + 1 : 4), e->ph[3] = 0;
		else if (e && !strcmp(key, "s"))
			memcpy(e->s, s, strlen(s) < 3 ? strlen(s) + 1 : 4), e->s[3] = 0;
	} else if (!strncmp(j->p, "true", 4) || !strncmp(j->p, "null", 4)) {
		j->p += 4;
	} else if (!strncmp(j->p, "false", 5)) {
		j->p += 5;
	} else {
		if (num(j, &v))
			return -1;
		if (e && !strcmp(key, "ts"))
			e->ts = v, e->has_ts = 1;
		else if (e && !strcmp(key, "dur"))
			e->dur = v, e->has_dur = 1;
		else if (e && !strcmp(key, "pid"))
			e->pid = (long)v, e->has_pid = v == (long)v;
		else if (e && !strcmp(key, "tid"))
			e->tid = (long)v, e->has_tid = v == (long)v;
	}
	j->depth--;
	return 0;
}

/* text parsed and held to the format's rules; its events into j. */
static void check_json(const char *text, struct jp *j)
{
	memset(j, 0, sizeof *j);
	j->p = text;
	ws(j);
	if (*j->p != '{' || value(j, NULL, NULL))
		fail_msg("not JSON at byte %ld: %.40s", (long)(j->p - text), j->p);
	ws(j);
	assert_int_equal(*j->p, 0);
	assert_true(j->ok);	/* a traceEvents array */
	for (int i = 0; i < j->nev; i++) {
		struct ev *e = &j->evs[i];
		assert_true(e->has_name && e->has_pid && e->has_tid);
		assert_true(!strcmp(e->ph, "X") || !strcmp(e->ph, "i") || !strcmp(e->ph, "M"));
		if (!strcmp(e->ph, "X"))
			assert_true(e->has_ts && e->has_dur && e->ts >= 0 && e->dur > 0);
		if (!strcmp(e->ph, "i"))
			assert_true(e->has_ts && (!strcmp(e->s, "t") || !strcmp(e->s, "p") || !strcmp(e->s, "g")));
	}
	/* on each thread the slices follow one another, never overlapping */
	for (int i = 0; i < j->nev; i++)
		for (int k = i + 1; k < j->nev; k++)
			if (!strcmp(j->evs[i].ph, "X") && !strcmp(j->evs[k].ph, "X") && j->evs[i].tid == j->evs[k].tid)
				assert_true(j->evs[i].ts + j->evs[i].dur <= j->evs[k].ts + 1e-6);
}

/* ---- the dump: TESTPROF, 64 bytes (16 buckets): main at 0, hot at 0x20,
 * a name to escape at 0x30; 500 Hz (2 ms a tick); CPU 0 ticks
 * main main hot hot hot 0 0, CPU 1 0 hot hot */
static struct msym syms[3] = { { 0x0, 1, "main" }, { 0x20, 1, "hot" }, { 0x30, 1, "we\"ird" } };

static struct pdump *dump2(uint32_t *trace, size_t n)
{
	static struct pdump d;
	static struct pdump_seg seg;
	static struct pdump_cpu cpus[2];

	memset(&d, 0, sizeof d);
	memset(&seg, 0, sizeof seg);
	strcpy(seg.module, "TESTPROF");
	seg.segno = 1;
	seg.length = 64;
	d.shift = 2;
	d.hz = 500;
	d.nseg = 1;
	d.segs = &seg;
	d.ncpu = 2;
	d.cpus = cpus;
	cpus[0].samples = 7;
	cpus[1].samples = 3;
	d.ntrace = (uint32_t)n;
	d.trace = trace;
	d.total = 10;
	return &d;
}

static void timeline_two_cpus(void **state)
{
	/* bucket numbers are 1 + the index: main 1, hot 9 (0x20 / 4 + 1), weird 13 */
	static uint32_t trace[] = { 1, 2, 9, 10, 9, 0, 0, 0, 9, 13 };
	struct pdump *d = dump2(trace, 10);
	struct map m;
	struct timeline t;
	struct jp *j = calloc(1, sizeof *j);
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	double per[2] = { 0, 0 };
	int switches = 0;

	(void)state;
	memset(&m, 0, sizeof m);
	strcpy(m.module, "TESTPROF");
	m.syms = syms;
	m.n = 3;
	assert_int_equal(timeline_make(d, &m, 1, &t), 0);
	assert_int_equal(t.ncpu, 2);
	assert_int_equal(t.len[0], 7);
	assert_int_equal(t.len[1], 3);
	assert_int_equal(t.n, 6);	/* main 2, hot 3, none 2 | none 1, hot 1, weird 1 */
	assert_string_equal(t.s[0].name, "main");
	assert_int_equal(t.s[0].n, 2);
	assert_string_equal(t.s[1].name, "hot");
	assert_int_equal(t.s[1].n, 3);
	assert_null(t.s[2].module);
	assert_int_equal(t.s[2].n, 2);
	assert_int_equal(t.s[3].cpu, 1);
	assert_int_equal(t.s[5].first, 2);
	assert_int_equal(timeline_json(f, &t), 0);
	fclose(f);
	check_json(text, j);
	for (int i = 0; i < j->nev; i++) {
		if (!strcmp(j->evs[i].ph, "X"))
			per[j->evs[i].tid] += j->evs[i].dur;
		switches += !strcmp(j->evs[i].ph, "i");
	}
	/* each CPU's slices last its ticks, 2 ms each; a switch where the
	 * module changes: CPU 0's to none, CPU 1's from none */
	assert_true(per[0] == 7 * 2000.0 && per[1] == 3 * 2000.0);
	assert_int_equal(switches, 2);
	assert_non_null(strstr(text, "\"name\":\"we\\\"ird\""));
	assert_non_null(strstr(text, "\"name\":\"hot\",\"cat\":\"TESTPROF\",\"ph\":\"X\",\"ts\":4000.000,\"dur\":6000.000"));
	timeline_free(&t);
	free(text);
	free(j);
}

/* The CPUs' parts: the one cap that makes them add up to the trace, or
 * format 8's own; parts that add up to no cap: one track of it all. */
static void timeline_one_track(void **state)
{
	static uint32_t trace[] = { 1, 1, 9, 9 };
	struct pdump *d = dump2(trace, 4);	/* 7 + 3 samples, 4 entries: caps give 2+2, taken */
	struct timeline t;

	(void)state;
	assert_int_equal(timeline_make(d, NULL, 0, &t), 0);
	assert_int_equal(t.ncpu, 2);
	assert_int_equal(t.len[0], 2);
	assert_int_equal(t.len[1], 2);
	timeline_free(&t);
	d = dump2(trace, 4);
	d->cpus[0].samples = 1;	/* min(1, cap) + min(3, cap): 1 + 3 = 4 at cap 3 */
	assert_int_equal(timeline_make(d, NULL, 0, &t), 0);
	assert_int_equal(t.len[0], 1);
	assert_int_equal(t.len[1], 3);
	timeline_free(&t);
	d = dump2(trace, 3);
	d->cpus[0].samples = 2;	/* 2 + 2 = 4 at cap 2, 1 + 1 at cap 1: never 3 */
	d->cpus[1].samples = 2;
	assert_int_equal(timeline_make(d, NULL, 0, &t), 0);
	assert_int_equal(t.ncpu, 1);
	assert_int_equal(t.len[0], 3);
	timeline_free(&t);
	/* format 8 says where each CPU's part ends: 3 and 1, not the cap's 2 and 2 */
	d = dump2(trace, 4);
	d->cputrace = (uint32_t[]){ 3, 1 };
	assert_int_equal(timeline_make(d, NULL, 0, &t), 0);
	assert_int_equal(t.ncpu, 2);
	assert_int_equal(t.len[0], 3);
	assert_int_equal(t.len[1], 1);
	timeline_free(&t);
}

/* The checker refuses what is not the format: it can fail. */
static void checker_refuses(void **state)
{
	struct jp *j = calloc(1, sizeof *j);

	(void)state;
	memset(j, 0, sizeof *j);
	j->p = "{\"traceEvents\":[{\"name\":\"a\",\"ph\":\"X\",\"ts\":0,\"dur\":1,\"pid\":1,\"tid\":0}]}";
	assert_int_equal(value(j, NULL, NULL), 0);
	assert_true(j->ok);
	memset(j, 0, sizeof *j);
	j->p = "{\"traceEvents\":[{\"name\":\"a\",}]}";
	assert_int_not_equal(value(j, NULL, NULL), 0);
	memset(j, 0, sizeof *j);
	j->p = "{\"traceEvents\":[{\"name\":\"a\x01\"}]}";
	assert_int_not_equal(value(j, NULL, NULL), 0);
	free(j);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(timeline_two_cpus),
		cmocka_unit_test(timeline_one_track),
		cmocka_unit_test(checker_refuses),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
