/* maps.c: pinfo's maps (maps.h). Text maps are read line by line; a line
 * that does not parse where symbols are expected is an error naming the
 * line, never skipped silently. */
#define _GNU_SOURCE	/* memmem */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>

#include "dump_base.h"
#include "elf32.h"
#include "hostio.h"
#include "maps.h"
#include "shown.h"

#define MAX_TOKENS	6

struct line {
	const char *tok[MAX_TOKENS];
	size_t len[MAX_TOKENS];
	int n;			/* tokens, at most MAX_TOKENS + 1 (too many) */
	const char *text;	/* the whole line, CR dropped */
	size_t textlen;
};

/* A token of the map as a message shows it (shown.h), cut at TOKEN_MAX
 * bytes of the map: a hostile map then puts no newline and no terminal
 * escape code into pinfo's stderr. */
#define TOKEN_MAX	40

static void split(const char *p, size_t n, struct line *l)
{
	size_t i = 0;

	while (n && p[n - 1] == '\r')
		n--;
	l->text = p;
	l->textlen = n;
	l->n = 0;
	while (i < n) {
		size_t start;

		while (i < n && (p[i] == ' ' || p[i] == '\t'))
			i++;
		if (i == n)
			break;
		start = i;
		while (i < n && p[i] != ' ' && p[i] != '\t')
			i++;
		if (l->n == MAX_TOKENS) {
			l->n++;
			break;
		}
		l->tok[l->n] = p + start;
		l->len[l->n++] = i - start;
	}
}

static int has(const struct line *l, const char *s)
{
	return memmem(l->text, l->textlen, s, strlen(s)) != NULL;
}

/* 1 to maxdigits hex digits, nothing else. */
static int parse_hex(const char *p, size_t n, size_t maxdigits, uint64_t *v)
{
	size_t i;

	if (!n || n > maxdigits)
		return -1;
	for (*v = 0, i = 0; i < n; i++) {
		if (!isxdigit((unsigned char)p[i]))
			return -1;
		*v = *v << 4 | (uint64_t)(isdigit((unsigned char)p[i]) ? p[i] - '0'
					  : (tolower((unsigned char)p[i]) - 'a' + 10));
	}
	return 0;
}

static int hexval(char c)
{
	return isdigit((unsigned char)c) ? c - '0' : tolower((unsigned char)c) - 'a' + 10;
}

/* A symbol name of a text map, decoded into the map's block of names
 * (m->text, as large as the map: a name is never longer decoded): "\\\\"
 * is a backslash and "\\xHH" the byte HH, as mkmap writes a name's spaces,
 * controls, non-ASCII bytes and backslashes (mapwrite.c); any other
 * backslash stands for itself, as in a map from elsewhere. A name longer
 * than SHOWN_LONG bytes is kept shortened (shown.h). Returns 0, or -1 with
 * the reason in err. */
static int decode_name(struct map *m, const char *p, size_t n, size_t lineno, char **out,
		       char *err, size_t errlen)
{
	char *name = (char *)m->text + m->text_len;
	size_t i, k = 0;

	if (!memchr(p, '\\', n)) {	/* the common case: nothing to decode */
		memcpy(name, p, n);
		k = n;
	} else {
		for (i = 0; i < n; i++) {
			if (p[i] == '\\' && i + 1 < n && p[i + 1] == '\\') {
				name[k++] = '\\';
				i++;
			} else if (p[i] == '\\' && i + 3 < n && p[i + 1] == 'x' &&
				   isxdigit((unsigned char)p[i + 2]) && isxdigit((unsigned char)p[i + 3])) {
				char c = (char)(hexval(p[i + 2]) << 4 | hexval(p[i + 3]));

				if (!c)
					return host_fail(err, errlen, "line %zu: \\x00 in a symbol name", lineno);
				name[k++] = c;
				i += 3;
			} else {
				name[k++] = p[i];
			}
		}
	}
	if (k > MAP_NAME_MAX)
		return host_fail(err, errlen, "line %zu: symbol name of %zu bytes", lineno, k);
	if (k > SHOWN_LONG) {	/* shortened in place: every view shows it so */
		shown_shorten(name, name, shown_hash(name, k));
		k = SHOWN_SHORT;
	}
	name[k] = 0;
	m->text_len += k + 1;
	*out = name;
	return 0;
}

/* Adds the symbol named by the token name[0..n), decoded. */
static int add(struct map *m, uint16_t seg, uint32_t addr, int global, const char *name,
	       size_t n, size_t lineno, char *err, size_t errlen)
{
	struct msym *s;

	if (m->n == m->cap) {
		size_t cap = m->cap ? m->cap * 2 : 256;
		struct msym *grown = realloc(m->syms, cap * sizeof *grown);
		uint8_t *local;

		if (!grown)
			return host_fail(err, errlen, "out of memory");
		m->syms = grown;
		if (m->form == MAP_NM) {
			if (!(local = realloc(m->local, cap)))
				return host_fail(err, errlen, "out of memory");
			m->local = local;
		}
		m->cap = cap;
	}
	s = &m->syms[m->n];
	if (decode_name(m, name, n, lineno, &s->name, err, errlen))
		return -1;
	s->seg = seg;
	s->addr = addr;
	if (m->local)
		m->local[m->n] = !global;
	m->n++;
	return 0;
}

static int set_fingerprint(struct map *m, uint32_t crc, size_t lineno, char *err, size_t errlen)
{
	if (m->has_fingerprint)
		return host_fail(err, errlen, "line %zu: a second code fingerprint", lineno);
	m->has_fingerprint = 1;
	m->fingerprint = crc;
	return 0;
}

/* Token i is s (l->n may say one more than MAX_TOKENS: too many). */
static int token_is(const struct line *l, int i, const char *s)
{
	return i < l->n && i < MAX_TOKENS && l->len[i] == strlen(s) &&
	       !memcmp(l->tok[i], s, l->len[i]);
}

/* ---- LINK-style map ---------------------------------------------------------- */

enum link_state { L_HEAD, L_OTHER, L_SEGS, L_PUBS };

/* "ssss:oooo": a segment of 1 to 4 hex digits, not 0; an offset of 1 to 8. */
static int parse_segoff(const char *p, size_t n, uint16_t *seg, uint32_t *off)
{
	const char *colon = memchr(p, ':', n);
	uint64_t s, o;

	if (!colon || parse_hex(p, (size_t)(colon - p), 4, &s) ||
	    parse_hex(colon + 1, n - (size_t)(colon - p) - 1, 8, &o))
		return -1;
	*seg = (uint16_t)s;
	*off = (uint32_t)o;
	return 0;
}

/* " 0001:003E  name", " 0000:0000  Abs  name", " 0000:0000  Imp  name (mod.n)". */
static int link_public(struct map *m, const struct line *l, size_t lineno, char *err,
		       size_t errlen)
{
	uint16_t seg;
	uint32_t off;
	struct shown sh;
	int special = l->n >= 3 && l->len[1] == 3 &&
		      (!strncmp(l->tok[1], "Abs", 3) || !strncmp(l->tok[1], "Imp", 3));

	if (parse_segoff(l->tok[0], l->len[0], &seg, &off))
		return host_fail(err, errlen, "line %zu: address \"%s\" is not ssss:oooo in hex",
			    lineno, shown_cut(l->tok[0], l->len[0], TOKEN_MAX, &sh));
	if (special)
		return 0;	/* absolute or imported: no code of this module */
	if (l->n != 2)
		return host_fail(err, errlen, "line %zu: expected \"ssss:oooo name\"", lineno);
	if (!seg)
		return 0;
	return add(m, seg, off, 1, l->tok[1], l->len[1], lineno, err, errlen);	/* a public */
}

/* " Fingerprint 0001 CRC-32 XXXXXXXX": the code segment's, once. */
static int link_fingerprint(struct map *m, const struct line *l, size_t lineno, char *err,
			    size_t errlen)
{
	uint64_t seg, crc;

	if (l->n != 4 || parse_hex(l->tok[1], l->len[1], 4, &seg) || !token_is(l, 2, "CRC-32") ||
	    l->len[3] != 8 || parse_hex(l->tok[3], l->len[3], 8, &crc))
		return host_fail(err, errlen, "line %zu: expected \" Fingerprint 0001 CRC-32 XXXXXXXX\"",
			    lineno);
	if (seg != 1)
		return host_fail(err, errlen, "line %zu: a fingerprint of segment %u: only the code "
			    "segment, 0001, has one", lineno, (unsigned)seg);
	return set_fingerprint(m, (uint32_t)crc, lineno, err, errlen);
}

/* A segment table line starts "ssss:oooo" (OS/2) or "xxxxxH" (DOS). */
static int link_segment(const struct line *l, size_t lineno, char *err, size_t errlen)
{
	uint16_t seg;
	uint32_t off;
	uint64_t v;

	if (!parse_segoff(l->tok[0], l->len[0], &seg, &off))
		return 0;
	if (l->len[0] > 1 && (l->tok[0][l->len[0] - 1] | 0x20) == 'h' &&
	    !parse_hex(l->tok[0], l->len[0] - 1, 8, &v))
		return 0;
	return host_fail(err, errlen, "line %zu: bad segment table line", lineno);
}

/* A header line starts a section; the map's first line names the module. */
static int link_line(struct map *m, const struct line *l, size_t lineno,
		     enum link_state *st, int *by_value, char *err, size_t errlen)
{
	if (!l->n) {
		if (*st == L_SEGS || (*st == L_PUBS && m->n))
			*st = L_OTHER;	/* a blank line ends a section */
		return 0;
	}
	uint16_t seg;
	uint32_t off;

	if (*st == L_HEAD) {
		if (l->n != 1 || l->len[0] >= MAP_MODULE_MAX)
			return host_fail(err, errlen, "line %zu: expected the module name", lineno);
		memcpy(m->module, l->tok[0], l->len[0]);
		m->module[l->len[0]] = 0;
		*st = L_OTHER;
	} else if (*st == L_PUBS && !parse_segoff(l->tok[0], l->len[0], &seg, &off)) {
		/* a symbol, even one whose name holds a header's words ("setOrigin") */
		return link_public(m, l, lineno, err, errlen);
	} else if (token_is(l, 0, MAP_FP_WORD)) {
		*st = L_OTHER;
		return link_fingerprint(m, l, lineno, err, errlen);
	} else if (has(l, "Publics by Value")) {
		if (!*by_value)	/* by Value wins over by Name: one list, not two */
			m->n = 0;
		*by_value = 1;
		*st = L_PUBS;
	} else if (has(l, "Publics by Name")) {
		*st = *by_value ? L_OTHER : L_PUBS;
	} else if (has(l, "Start") && has(l, "Length") && has(l, "Class")) {
		*st = L_SEGS;
	} else if (has(l, "Program entry point") || has(l, "Origin")) {
		*st = L_OTHER;
	} else if (*st == L_SEGS) {
		return link_segment(l, lineno, err, errlen);
	} else if (*st == L_PUBS) {
		return link_public(m, l, lineno, err, errlen);
	}
	return 0;
}

/* ---- nm / System.map text -------------------------------------------------- */

/* "addr type name" (kallsyms may add "[module]"); "U name" lines are skipped. */
static int nm_line(struct map *m, const struct line *l, size_t lineno, char *err, size_t errlen)
{
	uint64_t v;
	char t;
	struct shown sh;

	if (!l->n || (l->n == 2 && l->len[0] == 1 && strchr("Uuvw", l->tok[0][0])))
		return 0;
	if (l->n < 3 || l->n > 4 || l->len[1] != 1 || (l->n == 4 && l->tok[3][0] != '['))
		return host_fail(err, errlen, "line %zu: expected \"address type name\"", lineno);
	if (parse_hex(l->tok[0], l->len[0], 16, &v))
		return host_fail(err, errlen, "line %zu: address \"%s\" is not hex", lineno,
			    shown_cut(l->tok[0], l->len[0], TOKEN_MAX, &sh));
	if (v > 0xFFFFFFFFull)
		return host_fail(err, errlen, "line %zu: address %s does not fit 32 bits", lineno,
			    shown_cut(l->tok[0], l->len[0], TOKEN_MAX, &sh));
	t = l->tok[1][0];
	if (strchr("TtWwi", t))
		return add(m, 1, (uint32_t)v, isupper((unsigned char)t), l->tok[2], l->len[2], lineno,
			   err, errlen);
	if (strchr("DdBbRrGgSsVv", t))
		return add(m, 2, (uint32_t)v, isupper((unsigned char)t), l->tok[2], l->len[2], lineno,
			   err, errlen);
	if (t == 'A' && l->n == 3 && token_is(l, 2, MAP_FP_SYMBOL))
		return set_fingerprint(m, (uint32_t)v, lineno, err, errlen);
	if (strchr("AaNnUuCc?-", t))
		return 0;	/* absolute, debugging, undefined, common: no place in a segment */
	return host_fail(err, errlen, "line %zu: unknown symbol type '%s'", lineno,
		    shown_cut(&t, 1, TOKEN_MAX, &sh));
}

/* ---- the three forms ----------------------------------------------------------- */

/* A LINK map has a line of the words "Publics by", or of "Start", "Length"
 * and "Class": as words of one line, not as parts of symbol names, which
 * an nm map may well hold ("StartTimer", "ClassOf"). */
static int is_link(const uint8_t *buf, size_t len)
{
	size_t pos = 0;

	/* Neither word anywhere (an nm map, as a rule): no line to look at. */
	if (!memmem(buf, len, "Publics", 7) && !memmem(buf, len, "Start", 5))
		return 0;

	while (pos < len) {
		const uint8_t *nl = memchr(buf + pos, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - buf) - pos : len - pos;
		int i, start = 0, length = 0, class = 0;
		struct line l;

		split((const char *)buf + pos, n, &l);
		for (i = 0; i < l.n && i < MAX_TOKENS; i++) {
			if (token_is(&l, i, "Publics") && token_is(&l, i + 1, "by"))
				return 1;
			start |= token_is(&l, i, "Start");
			length |= token_is(&l, i, "Length");
			class |= token_is(&l, i, "Class");
		}
		if (start && length && class)
			return 1;
		pos += n + 1;
	}
	return 0;
}

/* The nm line as mkmap -s and nm write it, "xxxxxxxx T name", of a name of
 * printable bytes without a backslash: taken at once, as nm_line would take
 * it. Returns 1 when taken (or -1: out of memory), 0 for nm_line to read. */
static int nm_quick(struct map *m, const uint8_t *p, size_t n, size_t lineno, char *err,
		    size_t errlen)
{
	uint32_t v = 0;
	size_t i;
	char t;
	int seg;

	if (n < 12 || n - 11 > MAP_NAME_MAX || p[8] != ' ' || p[10] != ' ')
		return 0;
	for (i = 0; i < 8; i++) {
		uint8_t c = p[i];

		if (c >= '0' && c <= '9')
			v = v << 4 | (uint32_t)(c - '0');
		else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
			v = v << 4 | (uint32_t)((c | 0x20) - 'a' + 10);
		else
			return 0;
	}
	t = (char)p[9];
	if (t && strchr("TtWwi", t))
		seg = 1;
	else if (t && strchr("DdBbRrGgSsVv", t))
		seg = 2;
	else
		return 0;
	for (i = 11; i < n; i++)
		if (p[i] <= ' ' || p[i] >= 0x7f || p[i] == '\\')
			return 0;
	return add(m, (uint16_t)seg, v, isupper((unsigned char)t), (const char *)p + 11, n - 11,
		   lineno, err, errlen) ? -1 : 1;
}

static int parse_text(struct map *m, const uint8_t *buf, size_t len, char *err, size_t errlen)
{
	enum link_state st = L_HEAD;
	int by_value = 0;
	size_t pos = 0, lineno = 0;

	while (pos < len) {
		const uint8_t *nl = memchr(buf + pos, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - buf) - pos : len - pos;
		struct line l;

		lineno++;
		if (m->form == MAP_NM) {
			int rc = nm_quick(m, buf + pos, n, lineno, err, errlen);

			if (rc < 0)
				return -1;
			if (rc) {
				pos += n + 1;
				continue;
			}
		}
		split((const char *)buf + pos, n, &l);
		if (memchr(buf + pos, 0, n))
			return host_fail(err, errlen, "line %zu: a NUL byte: not a text map", lineno);
		if (l.n > MAX_TOKENS && m->form == MAP_NM)
			return host_fail(err, errlen, "line %zu: too many fields", lineno);
		if (m->form == MAP_LINK ? link_line(m, &l, lineno, &st, &by_value, err, errlen)
					: nm_line(m, &l, lineno, err, errlen))
			return -1;
		pos += n + 1;
	}
	if (m->form == MAP_LINK && st == L_HEAD)
		return host_fail(err, errlen, "empty map");
	if (m->form == MAP_NM && !m->n)
		return host_fail(err, errlen, "no symbols");
	return 0;
}

/* The fingerprint of c as elf32_fingerprint takes it, a MiB at a time;
 * a mapped file's pages read are given back (read again if wanted), so the
 * code costs no memory. */
static uint32_t code_crc(const struct elf32_code *c, int mapped)
{
	uintptr_t page = 4096, done, end;
	uint32_t crc = 0, pos, n;

	for (pos = 0; pos < c->file; pos += n) {
		n = c->file - pos < (1u << 20) ? c->file - pos : 1u << 20;
		done = (uintptr_t)(c->bytes + pos) & ~(page - 1);
		end = (uintptr_t)(c->bytes + pos + n) & ~(page - 1);
		crc = crc32_fast(crc, c->bytes + pos, n);
		if (mapped && end > done)
			madvise((void *)done, end - done, MADV_DONTNEED);
	}
	return crc32_zeros(crc, c->size - c->file);
}

/* mapped: buf is a file's mapping that m keeps (map_parse_owned): the code
 * is read there, not copied. */
static int parse_elf(struct map *m, const uint8_t *buf, size_t len, int mapped, char *err,
		     size_t errlen)
{
	struct elf32_code code;
	struct elfsyms e;
	struct elf32_long *ln;
	char *slot = NULL;
	size_t i, nlong, distinct;

	if (elf32_symbols(buf, len, &e, err, errlen))
		return -1;
	/* The fingerprint of the code in this file, as the kernel computes it
	 * when it loads it: an ELF map needs no line to carry one. Its code,
	 * for what the call instructions say (modsyms.c, leafcaller.c). */
	if (!elf32_code(buf, len, &e, !strcmp(m->module, "kernel"), &code, m->why_none,
			sizeof m->why_none)) {
		m->has_fingerprint = 1;
		m->fingerprint = code_crc(&code, mapped);
		m->code_origin = code.origin;
		m->code_len = code.file;
		if (mapped)
			m->code = (uint8_t *)(uintptr_t)(code.file ? code.bytes : buf);
		else if ((m->code = malloc(code.file ? code.file : 1)) && code.file)
			memcpy(m->code, code.bytes, code.file);
	}
	/* One copy of the string table (m->text) for all the names, not a copy
	 * each: symbols may share a name's bytes (a copy each could take the
	 * square of the file's size); the file is then let go. After it, the
	 * long names shortened (shown.h), one for each place in the table. */
	if (elf32_long_names(&e, &ln, &nlong, &distinct) ||
	    !(m->syms = malloc((e.n ? e.n : 1) * sizeof *m->syms)) ||
	    !(m->local = malloc(e.n ? e.n : 1)) ||
	    !(m->text = malloc(e.strings_len + distinct * (SHOWN_SHORT + 1)))) {
		free(ln);
		elf32_free(&e);
		return host_fail(err, errlen, "out of memory");
	}
	memcpy(m->text, e.strings, e.strings_len);
	m->text_len = e.strings_len + distinct * (SHOWN_SHORT + 1);
	for (i = 0; i < e.n; i++) {
		m->syms[i].name = (char *)m->text + (e.syms[i].name - e.strings);
		m->syms[i].seg = e.syms[i].seg;
		m->syms[i].addr = e.syms[i].value;
		m->local[i] = !(e.syms[i].type >= 'A' && e.syms[i].type <= 'Z');	/* weak is global */
	}
	for (i = 0; i < nlong; i++) {
		if (!i || ln[i - 1].off != ln[i].off) {
			slot = slot ? slot + SHOWN_SHORT + 1 : (char *)m->text + e.strings_len;
			shown_shorten(slot, e.strings + ln[i].off, ln[i].hash);
		}
		m->syms[ln[i].sym].name = slot;
	}
	free(ln);
	m->n = m->cap = e.n;
	elf32_free(&e);
	return 0;
}

void map_module_from_path(const char *path, char *out, size_t outlen)
{
	const char *base = strrchr(path, '/'), *dot;
	size_t n, i;

	base = base ? base + 1 : path;
	dot = strrchr(base, '.');
	n = dot && dot != base ? (size_t)(dot - base) : strlen(base);
	if (n >= outlen)
		n = outlen - 1;
	for (i = 0; i < n; i++)
		out[i] = (char)toupper((unsigned char)base[i]);
	out[n] = 0;
	if (map_is_kernel(out) || !strcasecmp(out, "system"))
		snprintf(out, outlen, "kernel");
}

static int parse(const char *path, const uint8_t *buf, size_t len, int mapped, struct map *m,
		 char *err, size_t errlen)
{
	int rc;

	memset(m, 0, sizeof *m);
	if (elf32_is(buf, len)) {
		m->form = MAP_ELF;
		map_module_from_path(path, m->module, sizeof m->module);
		rc = parse_elf(m, buf, len, mapped, err, errlen);
	} else if (!(m->text = malloc(len + 1))) {	/* the names, decoded */
		rc = host_fail(err, errlen, "out of memory");
	} else {
		m->form = is_link(buf, len) ? MAP_LINK : MAP_NM;
		rc = parse_text(m, buf, len, err, errlen);
		if (m->form == MAP_NM)
			map_module_from_path(path, m->module, sizeof m->module);
	}
	if (rc && mapped)
		m->code = NULL;	/* (into buf, which the caller lets go) */
	if (rc)
		map_free(m);
	return rc;
}

int map_parse_owned(const char *path, uint8_t *buf, size_t len, int mapped, struct map *m,
		    char *err, size_t errlen)
{
	int rc = parse(path, buf, len, mapped, m, err, errlen);

	if (!rc && mapped && m->code) {	/* the code is read there: kept, its pages given back */
		m->file = buf;
		m->file_len = len;
		madvise(buf, len, MADV_DONTNEED);
	} else {
		file_release(buf, len, mapped);	/* the names are in m->text */
	}
	return rc;
}

int map_parse(const char *path, const uint8_t *buf, size_t len, struct map *m,
	      char *err, size_t errlen)
{
	return parse(path, buf, len, 0, m, err, errlen);
}

void map_free(struct map *m)
{
	if (m->file)
		file_release(m->file, m->file_len, 1);
	else
		free(m->code);
	m->code = m->file = NULL;
	free(m->syms);
	free(m->local);
	m->local = NULL;
	free(m->text);
	m->syms = NULL;
	m->text = NULL;
	m->n = m->cap = 0;
}
