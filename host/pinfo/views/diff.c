/* diff.c: pinfo --diff (two dumps, function by function) and --merge
 * (dumps of the same code added into one), pinfo_more.h. */
#define _GNU_SOURCE	/* open_memstream */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ci.h"
#include "csv.h"
#include "dumpfmt.h"
#include "events.h"
#include "hostio.h"
#include "hostsort.h"
#include "modattrib.h"
#include "diff.h"
#include "load.h"
#include "report.h"
#include "share.h"
#include "shown.h"

/* ---- --diff --------------------------------------------------------------------- */

struct fn {
	const char *module, *name;	/* the maps' */
	uint64_t tics[2];		/* in the base dump, in the new one */
	uint64_t *sub[2];		/* its ticks in each dump's sub-profiles, or NULL */
	double edge[2];			/* its runs' edge in each dump's trace, or RUNS_NONE */
	int sig;			/* changed beyond noise at the 95% level (ci_differ) */
};

struct fns {
	struct fn *f;
	size_t n, cap;
};

static int add_fn(struct fns *fs, const char *module, const char *name, int which, uint64_t tics,
		  struct noise nz, uint32_t nsub)
{
	if (fs->n == fs->cap) {
		size_t cap = fs->cap ? 2 * fs->cap : 256;
		struct fn *grown = realloc(fs->f, cap * sizeof *grown);

		if (!grown)
			return -1;
		fs->f = grown;
		fs->cap = cap;
	}
	fs->f[fs->n] = (struct fn){ module, name, { 0, 0 }, { NULL, NULL }, { RUNS_NONE, RUNS_NONE }, 0 };
	fs->f[fs->n].tics[which] = tics;
	fs->f[fs->n].edge[which] = nz.edge;
	if (nz.sub && !(fs->f[fs->n].sub[which] = malloc(nsub * sizeof *nz.sub)))
		return -1;
	if (nz.sub)
		memcpy(fs->f[fs->n].sub[which], nz.sub, nsub * sizeof *nz.sub);
	fs->n++;
	return 0;
}

/* The ticks of each function of m's module in d (which: 0 base, 1 new).
 * Returns 0, 1 when the module is not in d, -1 out of memory. */
static int module_fns(const struct pdump *d, const struct map *m, int which, struct fns *fs)
{
	struct modattrib w;
	size_t k;
	int rc = modattrib_start(&w, d, m);

	if (rc)
		return rc;
	while (!rc && (rc = modattrib_next(&w)) > 0)	/* each segment number, its runs together */
		for (k = 0, rc = 0; k < w.a.n && !rc; k++) {
			const struct owner *o = &w.a.owners[k];

			if (o->tics)
				rc = add_fn(fs, m->module, o->name ? o->name : "(no symbol)", which,
					    o->tics, share_owner_noise(d, &w.a, o), d->nsub);
		}
	modattrib_end(&w);
	return rc;
}

/* b's ticks added into a's (one function of two segment numbers, or two
 * symbols of one name); b's sub-profiles freed. */
static void add_into(struct fn *a, struct fn *b, const struct pdump *d)
{
	for (int w = 0; w < 2; w++) {
		a->tics[w] += b->tics[w];
		if (b->edge[w] >= 0)	/* the runs of two symbols taken as apart */
			a->edge[w] = a->edge[w] >= 0 ? a->edge[w] + b->edge[w] : b->edge[w];
		if (!a->sub[w]) {
			a->sub[w] = b->sub[w];
			continue;
		}
		for (uint32_t k = 0; b->sub[w] && k < d[w].nsub; k++)
			a->sub[w][k] += b->sub[w][k];
		free(b->sub[w]);
	}
}

static int by_key(const void *x, const void *y)
{
	const struct fn *a = x, *b = y;
	int c = strcasecmp(a->module, b->module);

	return c ? c : strcmp(a->name, b->name);
}

static const struct pdump *diff_d[2];

static double share(const struct fn *f, int which)
{
	return pct(f->tics[which], diff_d[which]->total);
}

static int by_change(const void *x, const void *y)
{
	const struct fn *a = x, *b = y;
	double ca = share(a, 1) - share(a, 0), cb = share(b, 1) - share(b, 0);

	if (a->sig != b->sig)	/* the changes beyond noise first */
		return a->sig ? -1 : 1;
	ca = ca < 0 ? -ca : ca;
	cb = cb < 0 ? -cb : cb;
	if (ca != cb)
		return ca > cb ? -1 : 1;
	return by_key(a, b);
}

static int diff_csv(FILE *f, void *arg)
{
	const struct fns *fs = arg;

	csv_diff_header(f);
	for (size_t i = 0; i < fs->n; i++)
		csv_diff_row(f, fs->f[i].module, fs->f[i].name, share(&fs->f[i], 0), share(&fs->f[i], 1),
			     fs->f[i].sig);
	return ferror(f) ? -1 : 0;
}

/* The table on out ("*": a change beyond noise), the CSV with --csv. */
static int diff_out(const struct fns *fs, const char *basefile, const char *newfile,
		    const struct pdump *d, FILE *out, FILE *errs)
{
	size_t i, nsig = 0;
	char err[300];

	fprintf(out, "Base %s: %llu samples, %u Hz\nNew  %s: %llu samples, %u Hz\n\n",
		SHOWN(basefile), (unsigned long long)d[0].total, d[0].hz, SHOWN(newfile),
		(unsigned long long)d[1].total, d[1].hz);
	fprintf(out, "%8s %8s %8s %4s   %s\n", "Base", "New", "Change", "95%", "Function");
	for (i = 0; i < fs->n; i++) {
		struct shown sm, sn;

		nsig += fs->f[i].sig;
		fprintf(out, "%7.2f%% %7.2f%% %+8.2f %4s   %s %s\n", share(&fs->f[i], 0),
			share(&fs->f[i], 1), share(&fs->f[i], 1) - share(&fs->f[i], 0),
			fs->f[i].sig ? "*" : "", shown(fs->f[i].module, &sm), shown(fs->f[i].name, &sn));
	}
	fprintf(out, "\n%zu of %zu functions changed beyond noise (*: at the 95%% level)\n", nsig,
		fs->n);
	if (present.csv && write_whole_file(present.csv, diff_csv, (void *)fs, err, sizeof err)) {
		fprintf(errs, "pinfo: %s: %s; nothing written\n", SHOWN(present.csv), SHOWN(err));
		return PINFO_FAIL;
	}
	return PINFO_OK;
}

int pinfo_diff(const char *basefile, const char *newfile, char *const *maps, size_t nmaps,
	       int strict, FILE *out, FILE *errs)
{
	struct pdump d[2];
	struct map *m = calloc(nmaps ? nmaps : 1, sizeof *m);
	struct fns fs = { 0 };
	size_t i, k, loaded = 0;
	int status = PINFO_OK, rc, w;
	const char *files[2] = { basefile, newfile };

	if (!m) {
		fprintf(errs, "pinfo: out of memory\n");
		return PINFO_FAIL;
	}
	if (pinfo_load_dump(basefile, &d[0], errs)) {
		free(m);
		return PINFO_FAIL;
	}
	if (pinfo_load_dump(newfile, &d[1], errs)) {
		pinfo_release_dump(&d[0]);
		free(m);
		return PINFO_FAIL;
	}
	for (i = 0; i < nmaps; i++) {
		int in = 0, differs = 0;

		if (pinfo_load_map(maps[i], &m[loaded], errs)) {
			status = PINFO_FAIL;
			continue;
		}
		for (w = 0; w < 2; w++)
			differs |= report_check_fingerprint(errs, files[w], &d[w], maps[i], &m[loaded],
							    strict);
		if (differs && strict) {
			status = PINFO_FAIL;
			map_free(&m[loaded]);
			continue;
		}
		for (w = 0; w < 2; w++) {
			rc = module_fns(&d[w], &m[loaded], w, &fs);
			if (rc < 0) {
				fprintf(errs, "pinfo: out of memory\n");
				status = PINFO_FAIL;
			}
			in += rc == 0;
		}
		if (!in) {
			fprintf(errs, "pinfo: %s: module %s is in neither dump\n", SHOWN(maps[i]),
				SHOWN(m[loaded].module));
			status = PINFO_FAIL;
		}
		loaded++;
	}
	/* one row a function: its base and new ticks together */
	host_qsort(fs.f, fs.n, sizeof *fs.f, by_key);
	for (i = 0, k = 0; i < fs.n; i++) {
		if (k && !by_key(&fs.f[k - 1], &fs.f[i]))
			add_into(&fs.f[k - 1], &fs.f[i], d);
		else
			fs.f[k++] = fs.f[i];
	}
	fs.n = k;
	for (i = 0; i < fs.n; i++) {	/* a dump without sub-profiles: its counts alone */
		static const uint64_t none[PDUMP_NSUB_MAX];	/* a function of no tick there */
		const uint64_t *a = fs.f[i].sub[0] ? fs.f[i].sub[0] : none;
		const uint64_t *b = fs.f[i].sub[1] ? fs.f[i].sub[1] : none;

		struct ci_in x = { fs.f[i].tics[0], d[0].total, a, d[0].subtotal, (int)d[0].nsub,
				   runs_c2(&d[0]), fs.f[i].edge[0] };
		struct ci_in y = { fs.f[i].tics[1], d[1].total, b, d[1].subtotal, (int)d[1].nsub,
				   runs_c2(&d[1]), fs.f[i].edge[1] };

		fs.f[i].sig = ci_differ(&x, &y);
	}
	diff_d[0] = &d[0];
	diff_d[1] = &d[1];
	host_qsort(fs.f, fs.n, sizeof *fs.f, by_change);
	if (status == PINFO_OK)
		status = diff_out(&fs, basefile, newfile, d, out, errs);
	for (i = 0; i < fs.n; i++)
		free(fs.f[i].sub[0]), free(fs.f[i].sub[1]);
	free(fs.f);
	for (i = 0; i < loaded; i++)
		map_free(&m[i]);
	free(m);
	pinfo_release_dump(&d[0]);
	pinfo_release_dump(&d[1]);
	return status;
}

/* ---- --merge -------------------------------------------------------------------- */

static void file_sink(void *ctx, const void *data, size_t len)
{
	fwrite(data, 1, len, ctx);
}

static int write_dump(FILE *f, void *arg)
{
	pdump_write(arg, file_sink, f);
	return ferror(f) ? -1 : 0;
}

/* The k-th segment (from 0) of d with module and segno, or NULL. */
static struct pdump_seg *nth_seg(struct pdump *d, const char *module, uint16_t segno, size_t k)
{
	uint32_t i;

	for (i = 0; i < d->nseg; i++)
		if (d->segs[i].segno == segno && !strcasecmp(d->segs[i].module, module) && !k--)
			return &d->segs[i];
	return NULL;
}

static int stack_order(const void *x, const void *y)
{
	const struct pdump_stack *a = x, *b = y;
	uint32_t k;

	if (a->useg != b->useg)
		return a->useg < b->useg ? -1 : 1;
	if (a->kdepth != b->kdepth)
		return a->kdepth < b->kdepth ? -1 : 1;
	if (a->depth != b->depth)
		return a->depth < b->depth ? -1 : 1;
	for (k = 0; k < a->depth; k++)
		if (a->pcs[k] != b->pcs[k])
			return a->pcs[k] < b->pcs[k] ? -1 : 1;
	return 0;
}

/* out's stack table and b's in one, identical stacks counted once with
 * their counts added: b's segment i is out's segmap[i]. The new table
 * replaces out's (its own arrays); -1 having said why, out unchanged. */
static int merge_stacks(struct pdump *out, const struct pdump *b, const uint32_t *segmap,
			const char *bfile, FILE *errs)
{
	size_t n = (size_t)out->nstacks + b->nstacks, i, m = 0, nframes = 0;
	struct pdump_stack *all, *st = NULL;
	uint32_t *fr = NULL, *at;

	if (!(all = malloc((n ? n : 1) * sizeof *all)))
		goto oom;
	for (i = 0; i < out->nstacks; i++)
		all[i] = out->stacks[i];
	for (i = 0; i < b->nstacks; i++) {
		all[out->nstacks + i] = b->stacks[i];
		if (b->stacks[i].useg)
			all[out->nstacks + i].useg = (uint16_t)(segmap[b->stacks[i].useg - 1] + 1);
	}
	host_qsort(all, n, sizeof *all, stack_order);
	for (i = 0; i < n; i++) {	/* identical neighbours folded into the first */
		if (m && !stack_order(&all[m - 1], &all[i])) {
			if (all[m - 1].count > UINT32_MAX - all[i].count) {
				fprintf(errs, "pinfo: %s: a stack would pass 2^32 - 1 samples, which a "
					"dump cannot hold; nothing written\n", SHOWN(bfile));
				free(all);
				return -1;
			}
			all[m - 1].count += all[i].count;
			continue;
		}
		all[m++] = all[i];
		nframes += all[i].depth;
	}
	if (m > PDUMP_MAXSTACKS || nframes > PDUMP_READ_MAXFRAMES ||
	    out->dropped > UINT64_MAX - b->dropped) {
		fprintf(errs, "pinfo: %s: %zu distinct stacks of %zu frames together, more than a "
			"dump may hold (%u, %u); nothing written\n", SHOWN(bfile), m, nframes,
			PDUMP_MAXSTACKS, PDUMP_READ_MAXFRAMES);
		free(all);
		return -1;
	}
	if (!(st = malloc((m ? m : 1) * sizeof *st)) || !(fr = malloc((nframes ? nframes : 1) * 4)))
		goto oom;
	for (i = 0, at = fr; i < m; i++) {
		st[i] = all[i];
		st[i].hash = 0;
		memcpy(at, all[i].pcs, (size_t)all[i].depth * 4);
		st[i].pcs = at;
		at += all[i].depth;
	}
	free(all);
	free(out->stacks);
	free(out->frames);
	out->stacks = st;
	out->frames = fr;
	out->nstacks = (uint32_t)m;
	out->dropped += b->dropped;
	return 0;
oom:
	free(all);
	free(st);
	fprintf(errs, "pinfo: out of memory\n");
	return -1;
}

/* Adds b (read from bfile) into out; -1 having said why when they are not
 * of the same code, or out of memory. */
static int merge_one(struct pdump *out, const char *first, const struct pdump *b, const char *bfile,
		     uint32_t *segmap, FILE *errs)
{
	uint32_t i, j, nb;
	struct pdump_seg *segs;

	if (b->version < PDUMP_VERSION) {
		fprintf(errs, "pinfo: %s: a version %u dump has no code fingerprints: it cannot be "
			"checked to be of the same code; nothing written\n", SHOWN(bfile), b->version);
		return -1;
	}
	if (b->shift != out->shift || b->hz != out->hz || (b->type & 1) != (out->type & 1)) {
		fprintf(errs, "pinfo: %s: %s profile, %u Hz, %u-byte buckets; %s: %s profile, %u Hz, "
			"%u-byte buckets: only dumps of one kind, rate and bucket size add up; "
			"nothing written\n", SHOWN(first), out->type & 1 ? "a user" : "a system", out->hz,
			1u << out->shift, SHOWN(bfile), b->type & 1 ? "a user" : "a system", b->hz,
			1u << b->shift);
		return -1;
	}
	if ((b->type ^ out->type) & PDUMP_TYPE_STACKS) {
		fprintf(errs, "pinfo: %s: %s call stacks, %s: %s: a merged dump's stacks would "
			"not hold all its samples; nothing written\n", SHOWN(first),
			out->type & PDUMP_TYPE_STACKS ? "with" : "without", SHOWN(bfile),
			b->type & PDUMP_TYPE_STACKS ? "with them" : "without them");
		return -1;
	}
	for (i = 0; i < b->nseg; i++) {	/* every segment of b first checked */
		const struct pdump_seg *s = &b->segs[i];
		size_t k = 0;
		struct pdump_seg *o;

		for (j = 0; j < i; j++)
			k += b->segs[j].segno == s->segno && !strcasecmp(b->segs[j].module, s->module);
		o = nth_seg(out, s->module, s->segno, k);
		if (o && (o->fingerprint != s->fingerprint || o->origin != s->origin ||
			  o->length != s->length)) {
			fprintf(errs, "pinfo: %s: module %s segment %u: code fingerprint %08x "
				"(%u bytes at %#x) differs from %08x (%u bytes at %#x) in %s: not the "
				"same code; nothing written\n", SHOWN(bfile), s->module, s->segno,
				s->fingerprint, s->length, s->origin, o->fingerprint, o->length,
				o->origin, SHOWN(first));
			return -1;
		}
		for (j = 0; o && j < pdump_nbuckets(s->length, b->shift); j++)
			if (o->counters[j] > UINT32_MAX - s->counters[j]) {
				fprintf(errs, "pinfo: %s: module %s segment %u: the bucket at %#x "
					"would pass 2^32 - 1 ticks, which a dump cannot hold; nothing "
					"written\n", SHOWN(bfile), s->module, s->segno,
					s->origin + (j << b->shift));
				return -1;
			}
	}
	for (i = 0; i < b->nseg; i++) {
		const struct pdump_seg *s = &b->segs[i];
		size_t k = 0;
		struct pdump_seg *o;

		for (j = 0; j < i; j++)
			k += b->segs[j].segno == s->segno && !strcasecmp(b->segs[j].module, s->module);
		nb = pdump_nbuckets(s->length, b->shift);
		if ((o = nth_seg(out, s->module, s->segno, k))) {
			for (j = 0; j < nb; j++)	/* none passes 2^32 - 1: checked above */
				o->counters[j] += s->counters[j];
			segmap[i] = (uint32_t)(o - out->segs);
			continue;
		}
		segmap[i] = out->nseg;
		/* a module (or a run of one) only b has: added as it is */
		if (out->nseg >= PDUMP_MAXSEGS) {
			fprintf(errs, "pinfo: %s: more than %u segments together; nothing written\n",
				SHOWN(bfile), PDUMP_MAXSEGS);
			return -1;
		}
		if (!(segs = realloc(out->segs, (out->nseg + 1) * sizeof *segs)))
			goto oom;
		out->segs = segs;
		segs[out->nseg] = *s;
		if (!(segs[out->nseg].counters = malloc((nb ? nb : 1) * sizeof(uint32_t))))
			goto oom;
		memcpy(segs[out->nseg].counters, s->counters, nb * sizeof(uint32_t));
		out->nseg++;
	}
	if ((b->type & PDUMP_TYPE_STACKS) && merge_stacks(out, b, segmap, bfile, errs))
		return -1;
	out->type |= b->type & ~(PDUMP_TYPE_SPREAD | PDUMP_TYPE_TRACE);	/* PT_VERBOSE in either; no sub-profiles, no trace */
	out->total += b->total;
	out->kernel += b->kernel;
	out->idle += b->idle;
	out->out_of_range += b->out_of_range;
	return 0;
oom:
	fprintf(errs, "pinfo: out of memory\n");
	return -1;
}

static void merged_free(struct pdump *m)
{
	uint32_t i;

	for (i = 0; i < m->nseg; i++)
		free(m->segs[i].counters);
	free(m->segs);
	free(m->stacks);
	free(m->frames);
}

int pinfo_merge(const char *outfile, char *const *dumps, size_t n, FILE *errs)
{
	struct pdump out = { 0 }, b;
	char err[300];
	size_t i;
	uint32_t k, *segmap = NULL;
	int status = PINFO_OK;

	for (i = 0; i < n && status == PINFO_OK; i++) {
		if (pinfo_load_dump(dumps[i], &b, errs)) {
			status = PINFO_FAIL;
			break;
		}
		if (b.type & PDUMP_TYPE_EVENTS) {	/* (its event record is not carried) */
			fprintf(errs, "pinfo: %s: an event profile's dump: its counts are %s, not "
				"ticks, which a merged dump cannot say; nothing written\n", SHOWN(dumps[i]),
				report_unit(&b, 1));
			pinfo_release_dump(&b);
			status = PINFO_FAIL;
			break;
		}
		if (i == 0) {
			if (b.version < PDUMP_VERSION) {
				fprintf(errs, "pinfo: %s: a version %u dump has no code fingerprints: "
					"it cannot be checked to be of the same code; nothing written\n",
					SHOWN(dumps[i]), b.version);
				status = PINFO_FAIL;
			} else {	/* the first, copied: counters of its own */
				out = b;
				out.segs = calloc(b.nseg ? b.nseg : 1, sizeof *out.segs);
				out.nseg = 0;
				for (k = 0; out.segs && k < b.nseg; k++) {
					uint32_t nb = pdump_nbuckets(b.segs[k].length, b.shift);

					out.segs[k] = b.segs[k];
					out.segs[k].sub = NULL;	/* a merged dump has no sub-profiles */
					if (!(out.segs[k].counters = malloc((nb ? nb : 1) * 4)))
						break;
					memcpy(out.segs[k].counters, b.segs[k].counters, (size_t)nb * 4);
					out.nseg++;
				}
				out.type &= ~(PDUMP_TYPE_SPREAD | PDUMP_TYPE_TRACE);
				out.nsub = 0;
				out.ncpu = 0;	/* nor CPU records: version 2 or 3 */
				out.cpus = NULL;
				out.cputics = NULL;
				out.clock = 0;
				out.cputrace = NULL;
				out.subtotal = NULL;
				out.ntrace = 0;	/* nor a trace: its ticks are of one run */
				out.trace = NULL;
				out.trace_index = NULL;
				out.stacks = NULL;	/* b's: copied below, as its own */
				out.frames = NULL;
				out.nstacks = 0;
				out.dropped = 0;
				if (!out.segs || out.nseg != b.nseg) {
					fprintf(errs, "pinfo: out of memory\n");
					status = PINFO_FAIL;
				} else if (!(segmap = malloc((b.nseg ? b.nseg : 1) * sizeof *segmap))) {
					fprintf(errs, "pinfo: out of memory\n");
					status = PINFO_FAIL;
				} else {
					for (k = 0; k < b.nseg; k++)
						segmap[k] = k;
					if ((b.type & PDUMP_TYPE_STACKS) &&
					    merge_stacks(&out, &b, segmap, dumps[i], errs))
						status = PINFO_FAIL;
				}
			}
		} else if (!(segmap = malloc((b.nseg ? b.nseg : 1) * sizeof *segmap))) {
			fprintf(errs, "pinfo: out of memory\n");
			status = PINFO_FAIL;
		} else if (merge_one(&out, dumps[0], &b, dumps[i], segmap, errs)) {
			status = PINFO_FAIL;
		}
		free(segmap);
		segmap = NULL;
		pinfo_release_dump(&b);
	}
	out.version = PDUMP_VERSION;
	if (status == PINFO_OK && write_whole_file(outfile, write_dump, &out, err, sizeof err)) {
		fprintf(errs, "pinfo: %s: %s; nothing written\n", SHOWN(outfile), SHOWN(err));
		status = PINFO_FAIL;
	}
	merged_free(&out);
	return status;
}
