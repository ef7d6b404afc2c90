/* pinfo_lines.c: pinfo -l and --annotate over files (pinfo_lines.h): the
 * dump and each ELF file read and checked, then its text written as it is
 * made (-l module by module; --annotate only when every file before the
 * function's was read). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "annotate.h"
#include "attrib.h"
#include "elf32.h"
#include "hostio.h"
#include "pinfo_lines.h"
#include "load.h"
#include "report.h"
#include "shown.h"

int pinfo_elf_load(const char *path, const char *dumpfile, const struct pdump *d, int strict,
		   struct map *m, struct line_table *t, FILE *errs)
{
	char err[300];
	uint8_t *buf;
	size_t len;

	if (read_regular(path, &buf, &len, err, sizeof err)) {
		fprintf(errs, "pinfo: %s: %s\n", SHOWN(path), SHOWN(err));
		return -1;
	}
	if (map_parse(path, buf, len, m, err, sizeof err)) {
		fprintf(errs, "pinfo: %s: %s\n", SHOWN(path), SHOWN(err));
		free(buf);
		return -1;
	}
	if (m->form != MAP_ELF) {
		fprintf(errs, "pinfo: %s: not an ELF file: source lines come from an ELF file's DWARF\n",
			SHOWN(path));
		map_free(m);
		free(buf);
		return -1;
	}
	if (lines_load(buf, len, t, err, sizeof err)) {
		fprintf(errs, "pinfo: %s: %s\n", SHOWN(path), SHOWN(err));
		map_free(m);
		free(buf);
		return -1;
	}
	free(buf);
	if (report_check_fingerprint(errs, dumpfile, d, path, m, strict) && strict) {
		lines_free(t);
		map_free(m);
		return -1;
	}
	return 0;
}

static int absent(const char *path, const struct map *m, const struct pdump *d, FILE *errs)
{
	fprintf(errs, "pinfo: %s: module %s has no code segment in the dump (its modules: ",
		SHOWN(path), SHOWN(m->module));
	pinfo_list_modules(errs, d);
	fputs(")\n", errs);
	return -1;
}

/* --annotate: the annotation of ml->syms[f], printed unless an earlier
 * file failed. 0, or -1 out of memory (said). */
static int annotate_one(FILE *out, FILE *errs, const struct pdump *d, const struct map *m,
			const struct module_lines *ml, const struct line_table *t, size_t f,
			int print, size_t *shown_n)
{
	struct annotation an;

	if (annotation_make_at(ml, t, f, &an) < 0) {
		fprintf(errs, "pinfo: out of memory\n");
		return -1;
	}
	if (an.unreadable)
		fprintf(errs, "pinfo: note: %s: cannot be read: the lines of %s "
			"are shown without their text\n", SHOWN(an.file), SHOWN(an.func));
	if (print) {
		if ((*shown_n)++)
			fputc('\n', out);
		annotate_print(out, d, m->module, ml, t, &an);
	}
	annotation_free(&an);
	return 0;
}

int pinfo_lines(const char *dumpfile, char *const *elfs, size_t n, const char *func, int strict,
		enum lines_split split, FILE *out, FILE *errs)
{
	struct pdump d;
	size_t i, f, printed = 0;
	int status = PINFO_OK, found = 0, listed = 0, rc, clones;

	if (pinfo_load_dump(dumpfile, &d, errs))
		return PINFO_FAIL;
	/* --annotate: the first file with a function of that very name; when
	 * none has one, GCC's copies of it (annotate_clone_of) in the first
	 * file that has any, each of them, by address. */
	for (clones = 0; clones < 2 && !found && (!clones || (func && status == PINFO_OK)); clones++)
	for (i = 0; i < n && !(func && found); i++) {
		struct map m;
		struct line_table t;
		struct module_lines ml;

		if (pinfo_elf_load(elfs[i], dumpfile, &d, strict, &m, &t, errs)) {
			status = PINFO_FAIL;
			continue;
		}
		rc = module_lines_make(&d, &m, &t, split, &ml);
		if (rc == 1) {
			status = PINFO_FAIL;
			absent(elfs[i], &m, &d, errs);
		} else if (rc < 0) {
			status = PINFO_FAIL;
			fprintf(errs, "pinfo: out of memory\n");
		} else if (!func) {
			if (listed++)
				fputc('\n', out);
			if (annotate_list(out, &d, &ml, &t)) {
				status = PINFO_FAIL;
				fprintf(errs, "pinfo: out of memory\n");
			}
		} else {
			for (f = 0; f < ml.nsyms; f++) {
				if (clones ? !annotate_clone_of(ml.syms[f].name, func)
					   : strcmp(ml.syms[f].name, func))
					continue;
				found = 1;
				/* (printed only when no earlier file failed) */
				if (annotate_one(out, errs, &d, &m, &ml, &t, f, status == PINFO_OK, &printed)) {
					status = PINFO_FAIL;
					break;
				}
				if (!clones)
					break;	/* the first of that name */
			}
		}
		if (rc != 1)
			module_lines_free(&ml);
		lines_free(&t);
		map_free(&m);
	}
	if (func && !found && status == PINFO_OK) {
		fprintf(errs, "pinfo: %s: no function %s (nor a copy GCC made of it, %s.constprop.N, "
			".isra.N, .part.N, .cold) in the code of ", SHOWN(func), SHOWN(func), SHOWN(func));
		for (i = 0; i < n; i++)
			fprintf(errs, "%s%s", i ? ", " : "", SHOWN(elfs[i]));
		fputc('\n', errs);
		status = PINFO_FAIL;
	}
	pinfo_release_dump(&d);
	return status;
}

int pinfo_where_print(FILE *out, const struct map *m, const struct line_table *t, uint32_t off)
{
	struct msym *sorted;
	size_t n, first, nseg, lo, hi;
	const struct msym *s;

	if (m->code && (off < m->code_origin || off - m->code_origin >= m->code_len))
		return 1;	/* past the code the file holds */
	if ((n = map_sorted_symbols(m, &sorted)) == (size_t)-1)
		return -1;
	nseg = msym_segment(sorted, n, 1, &first);
	for (lo = 0, hi = nseg; lo < hi;) {	/* the first symbol above off */
		size_t mid = lo + (hi - lo) / 2;

		if (sorted[first + mid].addr <= off)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo) {
		free(sorted);
		return 1;	/* before the first function */
	}
	s = &sorted[first + lo - 1];
	shown_put(out, s->name);
	fprintf(out, "+0x%x", (unsigned)(off - s->addr));
	free(sorted);
	if (t) {	/* the line-table row that covers off */
		for (lo = 0, hi = t->n; lo < hi;) {
			size_t mid = lo + (hi - lo) / 2;

			if (t->r[mid].hi <= off)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo < t->n && t->r[lo].lo <= off && off < t->r[lo].hi) {
			const char *path = t->files[t->r[lo].file], *base = strrchr(path, '/');

			fputs(" (", out);
			shown_put(out, base && base[1] ? base + 1 : path);
			fprintf(out, ":%u)", t->r[lo].line);
		}
	}
	fputc('\n', out);
	return 0;
}

int pinfo_where(const char *offset, const char *path, FILE *out, FILE *errs)
{
	char err[300], *end;
	uint8_t *buf;
	size_t len;
	unsigned long off;
	struct map m;
	struct line_table t;
	int have_lines, rc;

	errno = 0;
	off = strtoul(offset, &end, 16);
	if (!*offset || *end || errno || off > UINT32_MAX || offset[0] == '-' || offset[0] == '+' ||
	    offset[0] == ' ') {
		fprintf(errs, "pinfo: --where %s: a code offset in hex (0x1f50 or 1f50)\n", SHOWN(offset));
		return PINFO_USAGE;
	}
	if (read_regular(path, &buf, &len, err, sizeof err)) {
		fprintf(errs, "pinfo: %s: %s\n", SHOWN(path), SHOWN(err));
		return PINFO_FAIL;
	}
	if (!elf32_is(buf, len)) {
		fprintf(errs, "pinfo: %s: not an ELF file: --where reads a program's ELF file\n", SHOWN(path));
		free(buf);
		return PINFO_FAIL;
	}
	if (map_parse(path, buf, len, &m, err, sizeof err)) {
		fprintf(errs, "pinfo: %s: %s\n", SHOWN(path), SHOWN(err));
		free(buf);
		return PINFO_FAIL;
	}
	have_lines = !lines_load(buf, len, &t, err, sizeof err);	/* without -g: no line */
	free(buf);
	rc = pinfo_where_print(out, &m, have_lines ? &t : NULL, (uint32_t)off);
	if (rc > 0)
		fprintf(errs, "pinfo: %s: no function at code offset 0x%lx\n", SHOWN(path), off);
	else if (rc < 0)
		fprintf(errs, "pinfo: out of memory\n");
	if (have_lines)
		lines_free(&t);
	map_free(&m);
	return rc ? PINFO_FAIL : PINFO_OK;
}
