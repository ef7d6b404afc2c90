/* pprof.c: a dump's call stacks as a pprof profile (google/pprof's
 * profile.proto, kept in host/pinfo/views/profile.proto), packed by protobuf-c
 * and gzipped by zlib, as `go tool pprof` reads it. Two sample values,
 * samples/count and cpu/nanoseconds (a sample is 1/hz s); a location per
 * distinct (function, address), one line each; a mapping per module.
 * Written as it goes: a message is the concatenation of its fields, so the
 * profile is packed a part at a time (each sample, each location, each
 * string: a Profile holding that one element packs to its field's bytes)
 * into the gzip stream, in the fields' order, never whole in memory. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "callstacks.h"
#include "profile.pb-c.h"
#include "hostio.h"

typedef Perftools__Profiles__Profile Profile;
typedef Perftools__Profiles__ValueType ValueType;
typedef Perftools__Profiles__Sample Sample;
typedef Perftools__Profiles__Mapping Mapping;
typedef Perftools__Profiles__Location Location;
typedef Perftools__Profiles__Line Line;
typedef Perftools__Profiles__Function Function;

/* The string table: index 0 is "", as the format requires. Found by a
 * hash of each string (a scan of the table at each function was the
 * square of the functions times the names' length). */
struct strings {
	char **s;
	size_t n, cap;
	size_t *slots, nslots;	/* index + 1; 0: free */
};

static size_t hash_str(const char *s, size_t mask)
{
	uint64_t h = 14695981039346656037ull;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211ull;
	return (size_t)(h ^ h >> 29) & mask;
}

static int64_t str_index(struct strings *t, const char *s)
{
	size_t i, k;

	if (2 * (t->n + 1) > t->nslots) {
		size_t n = t->nslots ? 2 * t->nslots : 256, *slots = calloc(n, sizeof *slots);

		if (!slots)
			return -1;
		for (i = 0; i < t->n; i++) {
			for (k = hash_str(t->s[i], n - 1); slots[k]; k = (k + 1) & (n - 1))
				;
			slots[k] = i + 1;
		}
		free(t->slots);
		t->slots = slots;
		t->nslots = n;
	}
	for (k = hash_str(s, t->nslots - 1); (i = t->slots[k]) != 0; k = (k + 1) & (t->nslots - 1))
		if (!strcmp(t->s[i - 1], s))
			return (int64_t)(i - 1);
	if (t->n == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 64;
		char **grown = realloc(t->s, cap * sizeof *grown);

		if (!grown)
			return -1;
		t->s = grown;
		t->cap = cap;
	}
	t->s[t->n] = (char *)s;		/* borrowed: the callstacks' names outlive the profile */
	t->slots[k] = t->n + 1;
	return (int64_t)t->n++;
}

/* Locations by (function, address), ids in the order first met: an
 * open-addressing index that grows with the distinct locations. */
struct loc {
	uint32_t func, addr;
};

struct locs {
	struct loc *l;
	size_t n, cap;
	size_t *slots, nslots;	/* index + 1; 0: free */
};

static size_t hash_loc(uint32_t func, uint32_t addr, size_t mask)
{
	return (size_t)(((uint64_t)func * 0x9E3779B97F4A7C15ull ^ addr * 2654435761u) >> 7) & mask;
}

/* The id (from 1) of (func, addr), made if new; 0 out of memory. */
static uint64_t loc_id(struct locs *L, uint32_t func, uint32_t addr)
{
	size_t k, i;

	if (2 * (L->n + 1) > L->nslots) {
		size_t n = L->nslots ? 2 * L->nslots : 1024, *slots = calloc(n, sizeof *slots);

		if (!slots)
			return 0;
		for (i = 0; i < L->n; i++) {
			for (k = hash_loc(L->l[i].func, L->l[i].addr, n - 1); slots[k]; k = (k + 1) & (n - 1))
				;
			slots[k] = i + 1;
		}
		free(L->slots);
		L->slots = slots;
		L->nslots = n;
	}
	for (k = hash_loc(func, addr, L->nslots - 1); (i = L->slots[k]) != 0; k = (k + 1) & (L->nslots - 1))
		if (L->l[i - 1].func == func && L->l[i - 1].addr == addr)
			return i;
	if (L->n == L->cap) {
		size_t cap = L->cap ? 2 * L->cap : 256;
		struct loc *grown = realloc(L->l, cap * sizeof *grown);

		if (!grown)
			return 0;
		L->l = grown;
		L->cap = cap;
	}
	L->l[L->n] = (struct loc){ func, addr };
	L->slots[k] = ++L->n;
	return L->n;
}

/* The gzip stream the parts go into. */
struct gz {
	z_stream z;
	FILE *out;
	uint8_t *buf;		/* a part, packed */
	size_t cap;
	int failed;
};

static void gz_write(struct gz *g, const uint8_t *data, size_t len, int flush)
{
	uint8_t chunk[65536];
	int zr;

	g->z.next_in = (Bytef *)data;
	g->z.avail_in = (uInt)len;
	do {
		g->z.next_out = chunk;
		g->z.avail_out = sizeof chunk;
		zr = deflate(&g->z, flush);
		if (zr == Z_STREAM_ERROR ||
		    fwrite(chunk, 1, sizeof chunk - g->z.avail_out, g->out) != sizeof chunk - g->z.avail_out) {
			g->failed = 1;
			return;
		}
	} while (g->z.avail_out == 0 || (flush == Z_FINISH && zr != Z_STREAM_END));
}

/* Packs p (a Profile holding one part) and adds its bytes to the stream. */
static void gz_part(struct gz *g, const Profile *p)
{
	size_t n = perftools__profiles__profile__get_packed_size(p);

	if (g->failed)
		return;
	if (n > g->cap) {
		size_t cap = n > 2 * g->cap ? n : 2 * g->cap;
		uint8_t *grown = realloc(g->buf, cap);

		if (!grown) {
			g->failed = 2;
			return;
		}
		g->buf = grown;
		g->cap = cap;
	}
	gz_write(g, g->buf, perftools__profiles__profile__pack(p, g->buf), Z_NO_FLUSH);
}

/* The profile's functions, and a mapping for each module they are of. */
struct fmaps {
	Function *fn, **fnp;
	Mapping *mp, **mpp;
	uint64_t *mapping_of;	/* [function]: its mapping's id, 0 for none */
	size_t *map_of_str, nmapof;	/* [module's string]: its mapping's index + 1 */
	size_t nmap;
};

static int fmaps_alloc(struct fmaps *fm, size_t nf)
{
	fm->fn = calloc(nf, sizeof *fm->fn);
	fm->fnp = calloc(nf, sizeof *fm->fnp);
	fm->mp = calloc(nf, sizeof *fm->mp);
	fm->mpp = calloc(nf, sizeof *fm->mpp);
	fm->mapping_of = calloc(nf, sizeof *fm->mapping_of);
	return fm->fn && fm->fnp && fm->mp && fm->mpp && fm->mapping_of ? 0 : -1;
}

static void fmaps_free(struct fmaps *fm)
{
	free(fm->fn);
	free(fm->fnp);
	free(fm->mp);
	free(fm->mpp);
	free(fm->mapping_of);
	free(fm->map_of_str);
}

/* Function i and its module's mapping (made at its module's first
 * function, found by the module's string index, not by a scan); -1: out
 * of memory. */
static int fmaps_add(struct fmaps *fm, struct strings *st, const struct cs_func *f, size_t i)
{
	int64_t m;
	size_t k;

	perftools__profiles__function__init(&fm->fn[i]);
	fm->fn[i].id = i + 1;
	if ((fm->fn[i].name = fm->fn[i].system_name = str_index(st, f->name)) < 0)
		return -1;
	fm->fnp[i] = &fm->fn[i];
	if (!*f->module)
		return 0;	/* a pseudo-function: no mapping */
	if ((m = str_index(st, f->module)) < 0)
		return -1;
	if ((size_t)m >= fm->nmapof) {
		size_t n = 2 * (size_t)m + 16, *grown = realloc(fm->map_of_str, n * sizeof *grown);

		if (!grown)
			return -1;
		memset(grown + fm->nmapof, 0, (n - fm->nmapof) * sizeof *grown);
		fm->map_of_str = grown;
		fm->nmapof = n;
	}
	k = fm->map_of_str[m] ? fm->map_of_str[m] - 1 : fm->nmap;
	if (k == fm->nmap) {
		perftools__profiles__mapping__init(&fm->mp[k]);
		fm->mp[k].id = k + 1;
		fm->mp[k].filename = m;
		fm->map_of_str[m] = k + 1;
		fm->mp[k].has_functions = 1;
		fm->mpp[k] = &fm->mp[k];
		fm->nmap++;
	}
	fm->mapping_of[i] = k + 1;
	return 0;
}

/* The samples, one a part, leaf first; ids holds the deepest stack. */
static void gz_samples(struct gz *g, const struct callstacks *cs, struct locs *L, uint64_t *ids, int64_t ns)
{
	Profile part;
	int64_t values[2];
	size_t i, k;

	for (i = 0; i < cs->nstacks && !g->failed; i++) {
		const struct cs_stack *s = &cs->stacks[i];
		Sample sm = PERFTOOLS__PROFILES__SAMPLE__INIT, *smp = &sm;

		for (k = 0; k < s->depth; k++) {
			const struct cs_frame *f = &s->frames[s->depth - 1 - k];

			ids[k] = loc_id(L, f->func, f->addr);	/* found: made before */
		}
		sm.n_location_id = s->depth;
		sm.location_id = ids;
		values[0] = (int64_t)s->count;
		values[1] = (int64_t)s->count * ns;
		sm.n_value = 2;
		sm.value = values;
		perftools__profiles__profile__init(&part);
		part.n_sample = 1;
		part.sample = &smp;
		gz_part(g, &part);
	}
}

/* The locations, one a part: each a function's address, in its mapping. */
static void gz_locations(struct gz *g, const struct locs *L, const uint64_t *mapping_of)
{
	Profile part;
	size_t i;

	for (i = 0; i < L->n && !g->failed; i++) {
		Location l = PERFTOOLS__PROFILES__LOCATION__INIT, *lp = &l;
		Line line = PERFTOOLS__PROFILES__LINE__INIT, *linep = &line;

		l.id = i + 1;
		l.mapping_id = mapping_of[L->l[i].func];
		l.address = L->l[i].addr;
		line.function_id = L->l[i].func + 1;
		l.n_line = 1;
		l.line = &linep;
		perftools__profiles__profile__init(&part);
		part.n_location = 1;
		part.location = &lp;
		gz_part(g, &part);
	}
}

int callstacks_pprof(const struct callstacks *cs, FILE *out, char *err, size_t errlen)
{
	Profile p = PERFTOOLS__PROFILES__PROFILE__INIT, part;
	ValueType vt[2] = { PERFTOOLS__PROFILES__VALUE_TYPE__INIT, PERFTOOLS__PROFILES__VALUE_TYPE__INIT };
	ValueType period = PERFTOOLS__PROFILES__VALUE_TYPE__INIT;
	ValueType *vtp[2] = { &vt[0], &vt[1] };
	struct strings st = { 0 };
	struct locs L = { 0 };
	struct fmaps fm = { 0 };
	struct gz g;
	size_t i, k, maxdepth = 1;
	uint64_t *ids = NULL;
	int64_t ns = cs->hz ? 1000000000 / cs->hz : 1;
	int rc = -1;

	memset(&g, 0, sizeof g);
	for (i = 0; i < cs->nstacks; i++)
		maxdepth = cs->stacks[i].depth > maxdepth ? cs->stacks[i].depth : maxdepth;
	ids = calloc(maxdepth, sizeof *ids);
	if (fmaps_alloc(&fm, cs->nfuncs ? cs->nfuncs : 1) || !ids || str_index(&st, "") < 0)
		goto oom;
	vt[0].type = str_index(&st, "samples");
	vt[0].unit = str_index(&st, "count");
	vt[1].type = period.type = str_index(&st, "cpu");
	vt[1].unit = period.unit = str_index(&st, "nanoseconds");
	for (i = 0; i < cs->nfuncs; i++)
		if (fmaps_add(&fm, &st, &cs->funcs[i], i))
			goto oom;
	/* The locations' ids, in the order the samples meet them, leaf first. */
	for (i = 0; i < cs->nstacks; i++)
		for (k = cs->stacks[i].depth; k > 0; k--)
			if (!loc_id(&L, cs->stacks[i].frames[k - 1].func, cs->stacks[i].frames[k - 1].addr))
				goto oom;
	if (deflateInit2(&g.z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
		host_fail(err, errlen, "zlib: deflateInit2 failed");
		goto out;
	}
	g.out = out;
	/* 1: the sample types */
	perftools__profiles__profile__init(&part);
	part.n_sample_type = 2;
	part.sample_type = vtp;
	gz_part(&g, &part);
	gz_samples(&g, cs, &L, ids, ns);	/* 2 */
	/* 3: the mappings */
	perftools__profiles__profile__init(&part);
	part.n_mapping = fm.nmap;
	part.mapping = fm.mpp;
	gz_part(&g, &part);
	gz_locations(&g, &L, fm.mapping_of);	/* 4 */
	/* 5: the functions */
	perftools__profiles__profile__init(&part);
	part.n_function = cs->nfuncs;
	part.function = fm.fnp;
	gz_part(&g, &part);
	/* 6: the strings, one at a time */
	for (i = 0; i < st.n && !g.failed; i++) {
		perftools__profiles__profile__init(&part);
		part.n_string_table = 1;
		part.string_table = &st.s[i];
		gz_part(&g, &part);
	}
	/* 10, 11, 12: the rest */
	p.period_type = &period;
	p.period = ns;
	p.duration_nanos = (int64_t)cs->total * ns;
	gz_part(&g, &p);
	if (!g.failed)
		gz_write(&g, NULL, 0, Z_FINISH);
	deflateEnd(&g.z);
	if (g.failed == 2)
		goto oom;
	rc = g.failed ? host_fail(err, errlen, "write error") : 0;
	goto out;
oom:
	host_fail(err, errlen, "out of memory");
out:
	free(g.buf);
	fmaps_free(&fm);
	free(ids);
	free(L.l);
	free(L.slots);
	free(st.s);
	free(st.slots);
	return rc;
}
