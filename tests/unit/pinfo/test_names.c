/* test_names.c: hostile symbol names and file names through every view of
 * pinfo (docs/pinfo.md, "Names in the output"; docs/security.md, section
 * 4): a format 3 dump and an ELF map, in a folder whose own name holds a
 * terminal escape code, named by symbols that hold ESC, BEL, a newline,
 * ';', spaces, a tab, DEL and bytes above 0x7E, and two 5,000-byte names
 * that share their first 1,000 bytes (and a 2,000-byte name that is the
 * tail of one of them, as linkers share a string's tail); and, for -l and
 * --annotate, an ELF file with DWARF built here (cc -m32 -g) whose source
 * holds ESC and BEL and whose added symbol (objcopy) holds a newline.
 * Each view's bytes are checked: nothing a terminal acts on, no forged
 * line or frame, each long name shortened to its first 1,000 bytes and its
 * own hash. */
#define _GNU_SOURCE	/* memmem, open_memstream */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include <zlib.h>

#include "diff.h"
#include "dumpfmt.h"
#include "html.h"
#include "maps.h"
#include "pinfo_lines.h"
#include "pinfo_run.h"
#include "pinfo_stacks.h"
#include "report.h"
#include "share.h"
#include "shown.h"
#include "stacksfix.h"
#include "testbuf.h"
#include "view.h"

#define LONG_LEN	5000
#define TAIL_AT		3000	/* the tail name: LA's bytes from here */

/* The symbols of PROG's code, 0x20 bytes each; [LA], [LB], [TAIL]: below. */
static const char *const hostile[] = {
	"main",
	"esc\x1b[2J\x1b]0;owned\x07",	/* clear the screen, set the title */
	"two\nlines 99",		/* a newline: would forge a folded line */
	"semi;colon and space",		/* would split a folded frame */
	"del\x7f\xff\xc3\xa9",		/* DEL, a byte above 0x7E, UTF-8 */
	"tab\there",
};
enum { NHOSTILE = 6, LA = 6, LB = 7, TAIL = 8, NSYMS = 9 };

static char dir[64], dumpfile[128], elffile[128];
static char *la, *lb;			/* the two long names */
static char short_of[NSYMS][SHOWN_SHORT + 1];	/* LA, LB, TAIL as shown */

static void put16(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static void put32(uint8_t *p, uint32_t v)
{
	put16(p, v);
	put16(p + 2, v >> 16);
}

/* An ELF32 i386 file of .text (0x200 bytes at 0) and one FUNC symbol each
 * 0x20 bytes, named as above; TAIL's name is LA's string at TAIL_AT. */
static struct tbuf prog_elf(void)
{
	struct tbuf b = { 0 };
	uint8_t zero[0x200] = { 0 }, sh[4 * 40] = { 0 }, sym[16];
	uint32_t name[NSYMS], strtab, symtab, shoff, i;

	tbuf_put(&b, zero, 52);
	tbuf_put(&b, zero, 0x200);		/* the code: zeros */
	strtab = (uint32_t)b.len;
	tbuf_put(&b, "", 1);
	for (i = 0; i < NSYMS; i++) {
		const char *s = i == LA ? la : i == LB ? lb : i == TAIL ? NULL : hostile[i];

		if (!s) {
			name[i] = name[LA] + TAIL_AT;
			continue;
		}
		name[i] = (uint32_t)b.len - strtab;
		tbuf_put(&b, s, strlen(s) + 1);
	}
	symtab = (uint32_t)b.len;
	memset(sym, 0, sizeof sym);
	tbuf_put(&b, sym, 16);			/* the null symbol */
	for (i = 0; i < NSYMS; i++) {
		memset(sym, 0, sizeof sym);
		put32(sym, name[i]);
		put32(sym + 4, i * 0x20);
		sym[12] = 0x12;			/* GLOBAL FUNC */
		put16(sym + 14, 1);		/* .text */
		tbuf_put(&b, sym, 16);
	}
	shoff = (uint32_t)b.len;
	put32(sh + 40 + 4, 1), put32(sh + 40 + 8, 6), put32(sh + 40 + 16, 52);
	put32(sh + 40 + 20, 0x200);					/* .text AX */
	put32(sh + 80 + 4, 2), put32(sh + 80 + 16, symtab), put32(sh + 80 + 20, (NSYMS + 1) * 16);
	put32(sh + 80 + 24, 3), put32(sh + 80 + 36, 16);		/* .symtab */
	put32(sh + 120 + 4, 3), put32(sh + 120 + 16, strtab);
	put32(sh + 120 + 20, symtab - strtab);				/* .strtab */
	tbuf_put(&b, sh, 4 * 40);
	memcpy(b.data, "\177ELF\1\1\1", 7);
	put16(b.data + 16, 2);			/* ET_EXEC */
	put16(b.data + 18, 3);			/* EM_386 */
	put32(b.data + 20, 1);
	put32(b.data + 32, shoff);
	put16(b.data + 40, 52);
	put16(b.data + 46, 40);
	put16(b.data + 48, 4);
	return b;
}

/* Stacks, leaf first: a hostile leaf under another under main, and each
 * long name and "semi..." as a leaf under main (every name but main's has
 * ticks of its own). */
static uint32_t s1[] = { 0x24, 0xc4, 0x04 }, s2[] = { 0x44, 0x64, 0x04 },
		s3[] = { 0x84, 0xe4, 0x04 }, s4[] = { 0xa4, 0x104, 0x04 },
		s5[] = { 0xc8, 0x04 }, s6[] = { 0xe8, 0x04 }, s7[] = { 0x108, 0x04 },
		s8[] = { 0x68, 0x04 };

static void write_file(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	assert_non_null(f);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	rewind(f);
	assert_non_null(buf = malloc((size_t)n + 1));
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	buf[n] = 0;
	*len = (size_t)n;
	return buf;
}

static int setup(void **state)
{
	static struct pdump_stack stacks[8];
	static uint32_t counters[0x80];
	struct pdump_seg seg;
	struct pdump d;
	struct tbuf b;
	char *tail;
	size_t i;

	(void)state;
	/* the folder's own name holds an escape code: every message naming a
	 * file names it */
	strcpy(dir, "/tmp/names\x1b[31m.XXXXXX");
	assert_non_null(mkdtemp(dir));
	snprintf(dumpfile, sizeof dumpfile, "%s/prog.pro", dir);
	snprintf(elffile, sizeof elffile, "%s/prog.elf", dir);

	assert_non_null(la = malloc(LONG_LEN + 1));
	assert_non_null(lb = malloc(LONG_LEN + 1));
	memset(la, 'L', 1000), memset(la + 1000, 'a', LONG_LEN - 1000), la[LONG_LEN] = 0;
	memset(lb, 'L', 1000), memset(lb + 1000, 'b', LONG_LEN - 1000), lb[LONG_LEN] = 0;
	tail = la + TAIL_AT;
	/* as shown: the first 1000 bytes, "...", the hash of the whole name
	 * (computed here front to back, as its definition says) */
	{
		const char *full[3] = { la, lb, tail };

		for (i = 0; i < 3; i++) {
			uint64_t h = SHOWN_HASH_INIT;
			size_t n = strlen(full[i]);

			while (n--)
				h = (h ^ (unsigned char)full[i][n]) * 1099511628211ull;
			memcpy(short_of[LA + i], full[i], 1000);
			snprintf(short_of[LA + i] + 1000, SHOWN_SHORT + 1 - 1000, "...%016llx",
				 (unsigned long long)h);
		}
	}

	b = prog_elf();
	write_file(elffile, b.data, b.len);
	tbuf_free(&b);

	stacksfix_dump(&d, &seg, counters);
	seg.length = 0x200;
	stacks[0] = (struct pdump_stack){ 10, 0, 1, 0, 3, s1 };
	stacks[1] = (struct pdump_stack){ 20, 0, 1, 0, 3, s2 };
	stacks[2] = (struct pdump_stack){ 30, 0, 1, 0, 3, s3 };
	stacks[3] = (struct pdump_stack){ 40, 0, 1, 0, 3, s4 };
	stacks[4] = (struct pdump_stack){ 5, 0, 1, 0, 2, s5 };
	stacks[5] = (struct pdump_stack){ 6, 0, 1, 0, 2, s6 };
	stacks[6] = (struct pdump_stack){ 7, 0, 1, 0, 2, s7 };
	stacks[7] = (struct pdump_stack){ 8, 0, 1, 0, 2, s8 };
	d.stacks = stacks;
	d.nstacks = 8;
	for (i = 0; i < 8; i++)
		counters[stacks[i].pcs[0] >> 2] += stacks[i].count;
	d.total = 10 + 20 + 30 + 40 + 5 + 6 + 7 + 8;
	b = tdump_bytes(&d);
	write_file(dumpfile, b.data, b.len);
	tbuf_free(&b);
	return 0;
}

static int teardown(void **state)
{
	char cmd[200];

	(void)state;
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
	free(la);
	free(lb);
	return 0;
}

/* ---- the checks ------------------------------------------------------------------ */

/* Text for a terminal: printable ASCII, tabs (the views' own) and newlines
 * only, lines of at most
 * max bytes (a long name is shown shortened, whole lines stay bounded). */
static void assert_terminal_safe(const char *what, const char *buf, size_t len, size_t max)
{
	size_t i, line = 0;

	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)buf[i];

		if (c == '\n') {
			line = 0;
			continue;
		}
		if ((c < 0x20 && c != '\t') || c > 0x7e)
			fail_msg("%s: byte 0x%02x at %zu: %.*s", what, c, i, (int)(len - i < 60 ? len - i : 60),
				 buf + (i > 30 ? i - 30 : 0));
		if (++line > max)
			fail_msg("%s: a line longer than %zu bytes at %zu", what, max, i);
	}
}

static void assert_has(const char *what, const char *buf, size_t len, const char *s)
{
	if (!memmem(buf, len, s, strlen(s)))
		fail_msg("%s lacks \"%.80s\"", what, s);
}

static void assert_lacks(const char *what, const char *buf, size_t len, const char *s)
{
	if (memmem(buf, len, s, strlen(s)))
		fail_msg("%s holds \"%.80s\"", what, s);
}

/* The hostile names as every text view shows them. */
static const char *const escaped[] = {
	"main",
	"esc^[[2J^[]0;owned^G",
	"two^Jlines 99",
	"semi;colon and space",
	"del^?\\xff\\xc3\\xa9",
	"tab^Ihere",
};

/* Every name with ticks of its own (all but main), escaped, and each long
 * one shortened; two long names that share 1000 bytes are two names; no
 * whole long name anywhere. */
static void assert_names(const char *what, const char *buf, size_t len, int folded)
{
	char la1001[1002];
	int i;

	for (i = 1; i < NHOSTILE; i++) {
		char want[64];
		size_t k;

		snprintf(want, sizeof want, "%s", escaped[i]);
		for (k = 0; folded && want[k]; k++)
			if (want[k] == ';' || want[k] == ' ')
				want[k] = '_';
		assert_has(what, buf, len, want);
	}
	for (i = LA; i <= TAIL; i++)
		assert_has(what, buf, len, short_of[i]);
	assert_string_not_equal(short_of[LA], short_of[LB]);
	memcpy(la1001, la, 1001);
	la1001[1001] = 0;
	assert_lacks(what, buf, len, la1001);
}

/* No line of its own from a name: no line begins with the text after a
 * name's newline. */
static void assert_no_forged_line(const char *what, const char *buf, size_t len)
{
	assert_false(len >= 9 && !memcmp(buf, "lines 99", 8));
	assert_lacks(what, buf, len, "\nlines 99");
	assert_lacks(what, buf, len, "\nlines_99");
}

/* Runs fn's view into out and errs; checks both. */
struct run {
	char *out, *err;
	size_t outlen, errlen;
	FILE *o, *e;
};

static void run_open(struct run *r)
{
	memset(r, 0, sizeof *r);
	assert_non_null(r->o = open_memstream(&r->out, &r->outlen));
	assert_non_null(r->e = open_memstream(&r->err, &r->errlen));
}

static void run_close(struct run *r, const char *what)
{
	char name[80];

	fclose(r->o);
	fclose(r->e);
	snprintf(name, sizeof name, "%s (stdout)", what);
	assert_terminal_safe(name, r->out, r->outlen, 1200);
	snprintf(name, sizeof name, "%s (stderr)", what);
	assert_terminal_safe(name, r->err, r->errlen, 1200);
}

static void run_free(struct run *r)
{
	free(r->out);
	free(r->err);
}

/* ---- the views ------------------------------------------------------------------- */

/* The reading: each long name kept shortened, the tail's of its own bytes. */
static void test_names_read(void **state)
{
	struct map m;
	size_t i;

	(void)state;
	assert_int_equal(pinfo_load_map(elffile, &m, stderr), 0);
	assert_int_equal(m.n, NSYMS);
	for (i = 0; i < NSYMS; i++)
		assert_string_equal(m.syms[i].name, i < NHOSTILE ? hostile[i] : short_of[i]);
	map_free(&m);
}

/* The seed's layout (-e -t -z) and the sorted view. */
static void test_names_reports(void **state)
{
	char *maps[] = { elffile };
	struct view v = { 1, VIEW_NAME, 20, 0 };
	struct run r;

	(void)state;
	run_open(&r);
	assert_int_equal(pinfo_run(dumpfile, maps, 1, PINFO_E | PINFO_T | PINFO_Z, r.o, r.e), PINFO_OK);
	run_close(&r, "report");
	assert_names("report", r.out, r.outlen, 0);
	assert_no_forged_line("report", r.out, r.outlen);
	run_free(&r);

	run_open(&r);
	assert_int_equal(pinfo_run_view(dumpfile, maps, 1, 0, &v, r.o, r.e), PINFO_OK);
	run_close(&r, "--sort=name");
	assert_names("--sort=name", r.out, r.outlen, 0);
	assert_no_forged_line("--sort=name", r.out, r.outlen);
	assert_has("--sort=name", r.out, r.outlen, "Dump /tmp/names^[[31m.");
	run_free(&r);
}

/* -g on stdout; --folded, --flamegraph and --pprof to files. */
static void test_names_stacks(void **state)
{
	char *maps[] = { elffile }, folded[160], svg[160], pb[160], *text, *p, la1001[1002];
	struct pinfo_stack_views x = { folded, svg, pb, 1, 0, NULL };
	size_t len, lines = 0, i;
	struct run r;

	(void)state;
	snprintf(folded, sizeof folded, "%s/out.folded", dir);
	snprintf(svg, sizeof svg, "%s/out.svg", dir);
	snprintf(pb, sizeof pb, "%s/out.pb.gz", dir);
	run_open(&r);
	assert_int_equal(pinfo_stacks(dumpfile, maps, 1, &x, r.o, r.e), PINFO_OK);
	run_close(&r, "-g");
	assert_names("-g", r.out, r.outlen, 0);
	assert_no_forged_line("-g", r.out, r.outlen);
	run_free(&r);

	/* folded: one line a stack, its frames split by ';' only, then the count */
	text = slurp(folded, &len);
	assert_terminal_safe("--folded", text, len, 3200);
	assert_names("--folded", text, len, 1);
	assert_no_forged_line("--folded", text, len);
	for (p = text; p < text + len; p = strchr(p, '\n') + 1) {
		size_t semis = 0, spaces = 0;
		char *nl = strchr(p, '\n');

		assert_non_null(nl);
		for (char *c = p; c < nl; c++) {
			semis += *c == ';';
			spaces += *c == ' ';
		}
		assert_int_equal(spaces, 1);		/* before the count alone */
		assert_true(semis == 1 || semis == 2);	/* as deep as the stack */
		lines++;
	}
	assert_int_equal(lines, 8);
	assert_has("--folded", text, len, "main;semi_colon_and_space;two^Jlines_99 20\n");
	free(text);

	/* SVG: XML of no control byte; the names' tooltips, shortened */
	text = slurp(svg, &len);
	for (i = 0; i < len; i++)
		assert_true((unsigned char)text[i] >= 0x20 ? text[i] != 0x7f : text[i] == '\n');
	for (i = LA; i <= TAIL; i++)
		assert_has("--flamegraph", text, len, short_of[i]);
	free(text);

	/* pprof: the names' bytes as they are (protobuf strings), shortened */
	{
		gzFile gz = gzopen(pb, "rb");
		char *raw = malloc(1 << 20);
		int n;

		assert_non_null(gz);
		assert_non_null(raw);
		n = gzread(gz, raw, 1 << 20);
		gzclose(gz);
		assert_true(n > 0 && n < (1 << 20));
		for (i = 0; i < NHOSTILE; i++)
			assert_has("--pprof", raw, (size_t)n, hostile[i]);
		for (i = LA; i <= TAIL; i++)
			assert_has("--pprof", raw, (size_t)n, short_of[i]);
		memcpy(la1001, la, 1001);
		la1001[1001] = 0;
		assert_lacks("--pprof", raw, (size_t)n, la1001);
		free(raw);
	}
}

/* --html: no control byte (XML forbids them; HTML calls them errors). */
static void test_names_html(void **state)
{
	char *maps[] = { elffile }, html[160], *text;
	size_t len, i;
	struct run r;

	(void)state;
	snprintf(html, sizeof html, "%s/out.html", dir);
	run_open(&r);
	assert_int_equal(pinfo_html(html, dumpfile, NULL, maps, 1, 0, LINES_SPLIT_INSNS, r.e), PINFO_OK);
	text = slurp(html, &len);
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)text[i];

		if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f)
			fail_msg("--html: byte 0x%02x at %zu", c, i);
	}
	for (i = LA; i <= TAIL; i++)
		assert_has("--html", text, len, short_of[i]);
	free(text);
	run_close(&r, "--html");	/* its messages */
	run_free(&r);
}

/* --diff of the dump against itself: every function a row. */
static void test_names_diff(void **state)
{
	char *maps[] = { elffile };
	struct run r;

	(void)state;
	run_open(&r);
	assert_int_equal(pinfo_diff(dumpfile, dumpfile, maps, 1, 0, r.o, r.e), PINFO_OK);
	run_close(&r, "--diff");
	assert_names("--diff", r.out, r.outlen, 0);
	assert_no_forged_line("--diff", r.out, r.outlen);
	assert_has("--diff", r.out, r.outlen, "Base /tmp/names^[[31m.");
	run_free(&r);
}

/* Messages: every file name escaped (the folder's ESC), a map's module
 * from its file name too. */
static void test_names_messages(void **state)
{
	char *maps[] = { elffile }, none[160], odd[160];
	struct run r;

	(void)state;
	snprintf(none, sizeof none, "%s/no\x07such.pro", dir);
	run_open(&r);
	assert_int_equal(pinfo_run(none, maps, 1, 0, r.o, r.e), PINFO_FAIL);
	run_close(&r, "missing dump");
	assert_has("missing dump", r.err, r.errlen, "/no^Gsuch.pro: No such file");
	run_free(&r);

	/* -l of an ELF file without DWARF: its name in the message */
	run_open(&r);
	assert_int_equal(pinfo_lines(dumpfile, maps, 1, NULL, 0, LINES_SPLIT_INSNS, r.o, r.e),
			 PINFO_FAIL);
	run_close(&r, "-l");
	assert_has("-l", r.err, r.errlen, "/tmp/names^[[31m.");
	run_free(&r);

	/* a map of a module the dump lacks: the module is the file's name */
	snprintf(odd, sizeof odd, "%s/ev\x1bil.elf", dir);
	assert_int_equal(rename(elffile, odd), 0);
	maps[0] = odd;
	run_open(&r);
	assert_int_equal(pinfo_run(dumpfile, maps, 1, 0, r.o, r.e), PINFO_FAIL);
	run_close(&r, "absent module");
	assert_has("absent module", r.err, r.errlen, "module EV^[IL is not in the dump");
	run_free(&r);
	assert_int_equal(rename(odd, elffile), 0);
}

/* -l and --annotate: an ELF file with DWARF, built here from a source
 * whose line holds ESC and BEL in a comment, and a symbol added (objcopy)
 * whose name holds ESC and a newline: the lines' function column, the
 * annotation's header and its source text, all escaped. */
static void test_names_lines(void **state)
{
	static const char src[] =
		"int sink;\n"
		"void hot(void)\n"
		"{\n"
		"\tsink++; /* \x1b[2J\x07 clears the screen */\n"
		"\tsink++;\n"
		"}\n"
		"void _start(void)\n"
		"{\n"
		"\thot();\n"
		"\tfor (;;)\n"
		"\t\t;\n"
		"}\n";
	static const char evil[] = "ev\x1b[2Jil\nname";
	static uint32_t counters[0x40];
	char cfile[160], base[160], elf[160], cmd[1200], *elfs[] = { elf }, prodir[96];
	char pro[160];
	struct pdump_seg seg;
	struct pdump d;
	struct map m;
	struct tbuf b;
	struct run r;
	uint32_t hot = 0;
	size_t i;

	(void)state;
	snprintf(prodir, sizeof prodir, "%s/lines", dir);
	snprintf(cfile, sizeof cfile, "%s/prog.c", prodir);
	snprintf(base, sizeof base, "%s/base.elf", prodir);
	snprintf(elf, sizeof elf, "%s/prog.elf", prodir);
	snprintf(pro, sizeof pro, "%s/prog.pro", prodir);
	snprintf(cmd, sizeof cmd, "mkdir -p '%s'", prodir);
	assert_int_equal(system(cmd), 0);
	write_file(cfile, src, sizeof src - 1);
	snprintf(cmd, sizeof cmd, "cc -m32 -g -O0 -ffreestanding -fno-pic -fno-pie -nostdlib -static "
		 "-no-pie -Wl,-Ttext=0 -Wl,-e,_start -Wl,--build-id=none '%s' -o '%s'", cfile, base);
	assert_int_equal(system(cmd), 0);
	assert_int_equal(pinfo_load_map(base, &m, stderr), 0);
	for (i = 0; i < m.n; i++)
		if (!strcmp(m.syms[i].name, "hot"))
			hot = m.syms[i].addr;
	map_free(&m);
	/* the evil symbol from hot + 4: the first sink++ (line 4) on */
	snprintf(cmd, sizeof cmd, "objcopy --add-symbol '%s=.text:%#x,function,global' '%s' '%s'",
		 evil, hot + 4, base, elf);
	assert_int_equal(system(cmd), 0);

	stacksfix_dump(&d, &seg, counters);
	d.type = 5;			/* no stacks: format 2 */
	d.version = PDUMP_VERSION;
	d.total = counters[(hot + 4) >> 2] = 50;
	b = tdump_bytes(&d);
	write_file(pro, b.data, b.len);
	tbuf_free(&b);

	run_open(&r);
	assert_int_equal(pinfo_lines(pro, elfs, 1, NULL, 0, LINES_SPLIT_BYTES, r.o, r.e), PINFO_OK);
	run_close(&r, "-l");
	assert_has("-l", r.out, r.outlen, "prog.c:4 ");
	assert_has("-l", r.out, r.outlen, "ev^[[2Jil^Jname\n");
	assert_lacks("-l", r.out, r.outlen, "\nname");
	run_free(&r);

	run_open(&r);
	assert_int_equal(pinfo_lines(pro, elfs, 1, evil, 0, LINES_SPLIT_BYTES, r.o, r.e), PINFO_OK);
	run_close(&r, "--annotate");
	assert_has("--annotate", r.out, r.outlen, "Function ev^[[2Jil^Jname (module PROG)");
	assert_has("--annotate", r.out, r.outlen, "/tmp/names^[[31m.");	/* the source's path */
	assert_has("--annotate", r.out, r.outlen, "\tsink++; /* ^[[2J^G clears the screen */\n");
	run_free(&r);
}

/* The rule itself, byte by byte: qrun's console view's. */
static void test_names_rule(void **state)
{
	char all[256], want[1024], *w = want, *got;
	struct shown sh;
	size_t len;
	FILE *f;
	int c;

	(void)state;
	for (c = 1; c < 256; c++)
		all[c - 1] = (char)c;
	all[255] = 0;
	for (c = 1; c < 256; c++)
		w += c < 32 ? sprintf(w, "^%c", c + 64) : c == 127 ? sprintf(w, "^?") :
		     c > 127 ? sprintf(w, "\\x%02x", c) : sprintf(w, "%c", c);
	assert_string_equal(shown(all, &sh), want);
	assert_non_null(f = open_memstream(&got, &len));
	shown_put(f, all);
	fclose(f);
	assert_string_equal(got, want);
	free(got);
	assert_non_null(f = open_memstream(&got, &len));
	shown_put_text(f, "\tif (x)\x1b\n");
	fclose(f);
	assert_string_equal(got, "\tif (x)^[^J");
	free(got);
	assert_ptr_equal(shown("plain name", &sh), "plain name");	/* nothing copied */
	assert_string_equal(shown_cut("abc\ndef", 7, 4, &sh), "abc^J...");
	{
		char buf[64];

		buf[shown_folded(buf, "a;b c\td\n")] = 0;
		assert_string_equal(buf, "a_b_c^Id^J");
		assert_int_equal(shown_folded(NULL, "a;b c\td\n"), strlen("a_b_c^Id^J"));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names_rule),
		cmocka_unit_test(test_names_read),
		cmocka_unit_test(test_names_reports),
		cmocka_unit_test(test_names_stacks),
		cmocka_unit_test(test_names_html),
		cmocka_unit_test(test_names_diff),
		cmocka_unit_test(test_names_messages),
		cmocka_unit_test(test_names_lines),
	};

	present.ascii = 1;	/* a terminal that is not UTF-8: "+-" (the checks allow ASCII only) */
	return cmocka_run_group_tests(tests, setup, teardown);
}
