/* mapwrite.c: mkmap's output (mapwrite.h). */
#include <stdlib.h>
#include <string.h>

#include "maps.h"
#include "mapwrite.h"

static int global(const struct esym *s)
{
	return s->type >= 'A' && s->type <= 'Z';
}

/* Segment, then address; at one address by pinfo's alias rule (attrib.c):
 * globals first, then names without a leading underscore, then by name,
 * so the first of an address is the one that names it. */
static int by_seg_value(const void *a, const void *b)
{
	const struct esym *x = a, *y = b;

	if (x->seg != y->seg)
		return x->seg < y->seg ? -1 : 1;
	if (x->value != y->value)
		return x->value < y->value ? -1 : 1;
	if (global(x) != global(y))
		return global(x) ? -1 : 1;
	if ((x->name[0] == '_') != (y->name[0] == '_'))
		return x->name[0] == '_' ? 1 : -1;
	return strcmp(x->name, y->name);
}

/* Address alone, as nm -n and System.map sort. */
static int by_value(const void *a, const void *b)
{
	const struct esym *x = a, *y = b;

	if (x->value != y->value)
		return x->value < y->value ? -1 : 1;
	return by_seg_value(a, b);
}

static void seg_line(FILE *out, int seg, const struct elfsyms *e, const char *name,
		     const char *class)
{
	fprintf(out, " %04X:%08X %08XH  %-22s %s\n", seg, e->start[seg],
		e->end[seg] - e->start[seg], name, class);
}

void map_put_name(FILE *out, const char *name)
{
	const unsigned char *p;

	for (p = (const unsigned char *)name; *p; p++) {
		if (*p == '\\')
			fputs("\\\\", out);
		else if (*p > ' ' && *p < 0x7f)
			putc(*p, out);
		else
			fprintf(out, "\\x%02x", *p);
	}
}

void map_write_link(FILE *out, const char *module, struct elfsyms *e, int kernel,
		    const uint32_t *fingerprint)
{
	size_t i;
	int has_data = !kernel && e->end[2] > e->start[2];

	qsort(e->syms, e->n, sizeof *e->syms, by_seg_value);
	fprintf(out, " %s\n\n", module);
	fprintf(out, " Start         Length     Name                   Class\n");
	seg_line(out, 1, e, "_TEXT", "CODE");
	if (has_data)
		seg_line(out, 2, e, "_DATA", "DATA");
	fprintf(out, "\n  Address         Publics by Value\n\n");
	for (i = 0; i < e->n; i++)
		if ((e->syms[i].seg == 1 || has_data) &&
		    /* a LINK map says nothing of bindings: an address's other names stay out */
		    (!i || e->syms[i].seg != e->syms[i - 1].seg || e->syms[i].value != e->syms[i - 1].value)) {
			fprintf(out, " %04X:%08X       ", e->syms[i].seg, e->syms[i].value);
			map_put_name(out, e->syms[i].name);
			putc('\n', out);
		}
	fprintf(out, "\nProgram entry point at 0001:%08X\n", e->entry);
	/* last, where LINK maps hold nothing a reader needs */
	if (fingerprint)
		fprintf(out, "\n %s 0001 CRC-32 %08X\n", MAP_FP_WORD, *fingerprint);
}

void map_write_system(FILE *out, struct elfsyms *e, int kernel, const uint32_t *fingerprint)
{
	size_t i;

	/* First, as nm prints an absolute symbol: readprofile skips any line
	 * before _stext, and pinfo reads no other absolute symbol. */
	if (fingerprint)
		fprintf(out, "%08x A %s\n", *fingerprint, MAP_FP_SYMBOL);
	qsort(e->syms, e->n, sizeof *e->syms, by_value);
	for (i = 0; i < e->n; i++)
		if (e->syms[i].seg == 1 || !kernel) {
			fprintf(out, "%08x %c ", e->syms[i].value, e->syms[i].type);
			map_put_name(out, e->syms[i].name);
			putc('\n', out);
		}
}
