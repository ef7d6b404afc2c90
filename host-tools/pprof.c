/* pprof.c: a dump's call stacks as a pprof profile (google/pprof's
 * profile.proto, kept in host-tools/profile.proto), packed by protobuf-c
 * and gzipped by zlib, as `go tool pprof` reads it. Two sample values,
 * samples/count and cpu/nanoseconds (a sample is 1/hz s); a location per
 * distinct (function, address), one line each; a mapping per module. */
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

/* Locations by (function, address): an open-addressing index. */
struct locs {
	Location *l;
	Location **lp;
	Line *lines;
	Line **linep;
	size_t n, cap;
	size_t *slots, nslots;
	size_t *func;		/* the function of each */
};

static size_t hash_loc(size_t func, uint32_t addr, size_t mask)
{
	return ((uint64_t)func * 0x9E3779B97F4A7C15ull ^ addr * 2654435761u) & mask;
}

static int64_t loc_id(struct locs *L, const struct callstacks *cs, size_t func, uint32_t addr,
		      const uint64_t *mapping_of)
{
	size_t k, i;

	k = hash_loc(func, addr, L->nslots - 1);
	for (; (i = L->slots[k]) != 0; k = (k + 1) & (L->nslots - 1))
		if (L->func[i - 1] == func && L->l[i - 1].address == addr)
			return (int64_t)i;
	if (L->n == L->cap)
		return -1;	/* cap is every frame: never */
	i = L->n++;
	perftools__profiles__location__init(&L->l[i]);
	perftools__profiles__line__init(&L->lines[i]);
	L->l[i].id = i + 1;
	L->l[i].mapping_id = mapping_of[func];
	L->l[i].address = addr;
	L->lines[i].function_id = func + 1;
	L->linep[i] = &L->lines[i];
	L->l[i].n_line = 1;
	L->l[i].line = &L->linep[i];
	L->lp[i] = &L->l[i];
	L->func[i] = func;
	L->slots[k] = i + 1;
	(void)cs;
	return (int64_t)(i + 1);
}

static int gzip_out(const uint8_t *buf, size_t len, FILE *out, char *err, size_t errlen)
{
	z_stream z;
	uint8_t chunk[65536];
	int zr;

	memset(&z, 0, sizeof z);
	if (deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
		return host_fail(err, errlen, "zlib: deflateInit2 failed");
	z.next_in = (Bytef *)buf;
	z.avail_in = (uInt)len;
	do {
		z.next_out = chunk;
		z.avail_out = sizeof chunk;
		zr = deflate(&z, Z_FINISH);
		if (zr == Z_STREAM_ERROR ||
		    fwrite(chunk, 1, sizeof chunk - z.avail_out, out) != sizeof chunk - z.avail_out) {
			deflateEnd(&z);
			return host_fail(err, errlen, zr == Z_STREAM_ERROR ? "zlib: deflate failed" :
				    "write error");
		}
	} while (zr != Z_STREAM_END);
	deflateEnd(&z);
	return 0;
}

int callstacks_pprof(const struct callstacks *cs, FILE *out, char *err, size_t errlen)
{
	Profile p = PERFTOOLS__PROFILES__PROFILE__INIT;
	ValueType vt[2] = { PERFTOOLS__PROFILES__VALUE_TYPE__INIT, PERFTOOLS__PROFILES__VALUE_TYPE__INIT };
	ValueType period = PERFTOOLS__PROFILES__VALUE_TYPE__INIT;
	ValueType *vtp[2] = { &vt[0], &vt[1] };
	struct strings st = { 0 };
	struct locs L = { 0 };
	size_t nf = cs->nfuncs ? cs->nfuncs : 1, nframes = 0, i, k, nmap = 0;
	Function *fn = calloc(nf, sizeof *fn);
	Function **fnp = calloc(nf, sizeof *fnp);
	Mapping *mp = calloc(nf, sizeof *mp);
	Mapping **mpp = calloc(nf, sizeof *mpp);
	uint64_t *mapping_of = calloc(nf, sizeof *mapping_of);
	Sample *sm = calloc(cs->nstacks ? cs->nstacks : 1, sizeof *sm);
	Sample **smp = calloc(cs->nstacks ? cs->nstacks : 1, sizeof *smp);
	int64_t *values = calloc(2 * (cs->nstacks ? cs->nstacks : 1), sizeof *values);
	uint64_t *ids = NULL;
	uint8_t *packed = NULL;
	int64_t ns = cs->hz ? 1000000000 / cs->hz : 1, m;
	size_t *map_of_str = NULL, nmapof = 0;
	int rc = -1;

	for (i = 0; i < cs->nstacks; i++)
		nframes += cs->stacks[i].depth;
	L.cap = nframes ? nframes : 1;
	for (L.nslots = 64; L.nslots < 2 * L.cap; L.nslots *= 2)
		;
	L.l = calloc(L.cap, sizeof *L.l);
	L.lp = calloc(L.cap, sizeof *L.lp);
	L.lines = calloc(L.cap, sizeof *L.lines);
	L.linep = calloc(L.cap, sizeof *L.linep);
	L.func = calloc(L.cap, sizeof *L.func);
	L.slots = calloc(L.nslots, sizeof *L.slots);
	ids = calloc(L.cap, sizeof *ids);
	if (!fn || !fnp || !mp || !mpp || !mapping_of || !sm || !smp || !values || !L.l || !L.lp ||
	    !L.lines || !L.linep || !L.func || !L.slots || !ids || str_index(&st, "") < 0)
		goto oom;
	vt[0].type = str_index(&st, "samples");
	vt[0].unit = str_index(&st, "count");
	vt[1].type = period.type = str_index(&st, "cpu");
	vt[1].unit = period.unit = str_index(&st, "nanoseconds");
	/* The functions, and a mapping for each module they are of. */
	for (i = 0; i < cs->nfuncs; i++) {
		const struct cs_func *f = &cs->funcs[i];

		perftools__profiles__function__init(&fn[i]);
		fn[i].id = i + 1;
		if ((fn[i].name = fn[i].system_name = str_index(&st, f->name)) < 0)
			goto oom;
		fnp[i] = &fn[i];
		if (!*f->module)
			continue;	/* a pseudo-function: no mapping */
		/* the module's mapping: by its string's index, not by a scan */
		if ((m = str_index(&st, f->module)) < 0)
			goto oom;
		if ((size_t)m >= nmapof) {
			size_t n = 2 * (size_t)m + 16, *grown = realloc(map_of_str, n * sizeof *grown);

			if (!grown)
				goto oom;
			memset(grown + nmapof, 0, (n - nmapof) * sizeof *grown);
			map_of_str = grown;
			nmapof = n;
		}
		k = map_of_str[m] ? map_of_str[m] - 1 : nmap;
		if (k == nmap) {
			perftools__profiles__mapping__init(&mp[k]);
			mp[k].id = k + 1;
			mp[k].filename = m;
			map_of_str[m] = k + 1;
			mp[k].has_functions = 1;
			mpp[k] = &mp[k];
			nmap++;
		}
		mapping_of[i] = k + 1;
	}
	/* The samples: locations leaf first. */
	for (i = 0, k = 0; i < cs->nstacks; i++) {
		const struct cs_stack *s = &cs->stacks[i];
		uint64_t *sid = ids + k;

		perftools__profiles__sample__init(&sm[i]);
		for (size_t j = 0; j < s->depth; j++) {
			const struct cs_frame *f = &s->frames[s->depth - 1 - j];
			int64_t id = loc_id(&L, cs, f->func, f->addr, mapping_of);

			if (id < 0)
				goto oom;
			sid[j] = (uint64_t)id;
		}
		k += s->depth;
		sm[i].n_location_id = s->depth;
		sm[i].location_id = sid;
		values[2 * i] = (int64_t)s->count;
		values[2 * i + 1] = (int64_t)s->count * ns;
		sm[i].n_value = 2;
		sm[i].value = &values[2 * i];
		smp[i] = &sm[i];
	}
	p.n_sample_type = 2;
	p.sample_type = vtp;
	p.n_sample = cs->nstacks;
	p.sample = smp;
	p.n_mapping = nmap;
	p.mapping = mpp;
	p.n_location = L.n;
	p.location = L.lp;
	p.n_function = cs->nfuncs;
	p.function = fnp;
	p.n_string_table = st.n;
	p.string_table = st.s;
	p.period_type = &period;
	p.period = ns;
	p.duration_nanos = (int64_t)cs->total * ns;
	if (!(packed = malloc(perftools__profiles__profile__get_packed_size(&p) + 1)))
		goto oom;
	rc = gzip_out(packed, perftools__profiles__profile__pack(&p, packed), out, err, errlen);
	goto out;
oom:
	host_fail(err, errlen, "out of memory");
out:
	free(packed);
	free(fn);
	free(fnp);
	free(mp);
	free(mpp);
	free(mapping_of);
	free(sm);
	free(smp);
	free(values);
	free(ids);
	free(L.l);
	free(L.lp);
	free(L.lines);
	free(L.linep);
	free(L.func);
	free(L.slots);
	free(st.s);
	free(st.slots);
	free(map_of_str);
	return rc;
}
