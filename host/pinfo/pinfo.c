/* pinfo.c: pinfo, which reports a profile dump, alone or against map
 * files, as the OS/2 SDK's PINFO.EXE (docs/pinfo.md), or exports it for
 * gprof and readprofile. main() reads the options, exactly the seed's
 * command line plus the exports' long options; pinfo_run.c, pinfo_lines.c,
 * pinfo_stacks.c and the views' runs (diff.c, html.c, timeline.c) do the
 * work. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "dumpfmt.h"
#include "hostio.h"
#include "diff.h"
#include "html.h"
#include "load.h"
#include "pinfo_lines.h"
#include "pinfo_run.h"
#include "pinfo_stacks.h"
#include "report.h"
#include "view.h"
#include "share.h"
#include "shown.h"
#include "timeline.h"
#include "truth.h"

#define PINFO_USAGE_LINE	"USAGE: pinfo [-etz] dump_file [ [-f] file]\n"

static void usage_text(FILE *to)
{
	fputs(PINFO_USAGE_LINE
	      "         -e : print every tic count (subject to -z)\n"
	      "         -t : print totals for each segment (subject to -z)\n"
	      "         -z : print 0 counts\n"
	      "   dump_file: output of ProfDump() API;\n"
	      "        file: map file to correlate with dump file\n"
	      "     -f file: file is list of map files to correlate with dump file,\n"
	      "               file names listed one per line.\n"
	      "  --skip-absent : skip the maps of modules not in the dump\n"
	      "  --summary : with maps, the module table first, then a line of a form feed\n"
	      "       pinfo --gmon FILE dump_file program.elf\n"
	      "       pinfo --proc-profile FILE [--module NAME] dump_file\n"
	      "  --gmon FILE : write FILE, a gprof gmon.out of program.elf's code segment\n"
	      "  --proc-profile FILE : write FILE, a Linux /proc/profile for readprofile\n"
	      "  --module NAME : the module --proc-profile exports (default: kernel)\n"
	      "  --strict : a map whose code fingerprint differs from the dump's is an error\n"
	      "  -- : the end of the options: what follows is dump_file and the maps\n",
	      to);
	/* views and tools beyond the seed's (docs/pinfo.md) */
	fputs("  --sort=tics|address|name : the per-symbol report sorted (with a header\n"
	      "               and a cumulative percent column); tics first by default\n"
	      "  --top N : only the N symbols of most tics in each segment\n"
	      "  --percent-limit P : only the symbols of at least P percent\n"
	      "       pinfo -l dump_file program.elf...\n"
	      "       pinfo --annotate FUNCTION dump_file program.elf...\n"
	      "       pinfo --html FILE.html dump_file [[-f] file...]\n"
	      "       pinfo --diff base_dump new_dump [-f] file...\n"
	      "       pinfo --merge OUT.pro dump_file dump_file...\n"
	      "  -l : ticks per source line (DWARF of the ELF files), most first\n"
	      "  --annotate FUNCTION : FUNCTION's source, each line's ticks in the margin\n"
	      "  --html FILE : write FILE, one self-contained HTML report\n"
	      "  --split=instructions|bytes : how -l, --annotate and --html split a bucket\n"
	      "               over lines: by its instructions' estimated rates (default),\n"
	      "               or by the bytes of each line\n"
	      "  --diff : each function's share in both dumps, by the size of the change\n"
	      "  --merge OUT : add dumps of the same code into OUT\n"
	      "       pinfo --where OFFSET program.elf\n"
	      "  --where OFFSET : the function and source line of the code at OFFSET (hex)\n"
	      "       pinfo --cpus dump_file [map... | -f file]\n"
	      "  --cpus : one line a CPU: its samples, kernel, idle and each module's ticks\n"
	      "       pinfo --timeline FILE.json dump_file [map... | -f file]\n"
	      "  --timeline : the run in time, a track a CPU (Chrome's trace-event format)\n"
	      "  --offcpu OFF.pro : the report of OFF.pro, a profile of time off the CPU,\n"
	      "                     after the dump's (with --folded, --flamegraph, --pprof,\n"
	      "                     -g or --html: its stacks beside the dump's, under [off-cpu])\n"
	      "  -h, --help : this text;  --version : pinfo's version\n"
	      "       pinfo [-g] [--folded FILE] [--flamegraph FILE.svg] [--pprof FILE] dump_file\n"
	      "             [map... | -f file]   (call stacks: docs/stacks.md)\n"
	      "  -g : print the call graph of the sampled stacks, in gprof's layout\n"
	      "  --folded FILE : write FILE, folded stacks (FlameGraph, speedscope)\n"
	      "  --flamegraph FILE : write FILE, an SVG flame graph\n"
	      "  --pprof FILE : write FILE, a gzipped pprof profile (go tool pprof)\n", to);
	/* how far to trust a share (docs/pinfo.md, "Error bars") */
	fputs("  --ci : the seed's layouts with each share's 95% interval (the sorted\n"
	      "               views, -l, --annotate and --html always show it)\n"
	      "  --csv FILE : write FILE, one row a function: tics, percent, interval\n"
	      "               (with --diff: both shares, the change, whether significant)\n"
	      "  --truth FILE : beside each share, the exact share of the instructions\n"
	      "               FILE counts (make run TRUTH=1's NAME.truth); sorted view\n", to);
}

static int usage(void)
{
	usage_text(stderr);
	return PINFO_USAGE;
}

/* "-e", "-tz", "-etz": the letters of the seed; anything else is misuse. */
static int flags_of(const char *arg, int *flags)
{
	const char *p;

	for (p = arg + 1; *p; p++) {
		if (*p == 'e')
			*flags |= PINFO_E;
		else if (*p == 't')
			*flags |= PINFO_T;
		else if (*p == 'z')
			*flags |= PINFO_Z;
		else
			return -1;
	}
	return p == arg + 1 ? -1 : 0;
}

/* The long option last found without its value (or with an empty one),
 * named as the other host programs name theirs (cli.h). */
static const char *no_value;

/* "--name VALUE" or "--name=VALUE" at argv[*i]: 1 and *value set (*i past
 * it), 0 when argv[*i] is another option, -1 when the value is missing
 * (no_value set) or given twice. */
static int long_opt(int argc, char **argv, int *i, const char *name, const char **value)
{
	size_t n = strlen(name);

	if (strncmp(argv[*i], name, n) || (argv[*i][n] && argv[*i][n] != '='))
		return 0;
	if (*value)
		return -1;
	if (argv[*i][n] == '=')
		*value = argv[*i] + n + 1;
	else if (*i + 1 < argc)
		*value = argv[++*i];
	if (*value && **value)
		return 1;
	no_value = name;
	return -1;
}

/* What the options beyond the seed's ask for. */
struct more {
	struct view v;
	int lines;		/* -l */
	const char *annotate, *html, *merge, *sort, *top, *limit, *split, *where, *csv, *truth, *timeline, *offcpu;
	int diff, help, version, ci, cpus;
	const char *bad;	/* an unknown option */
};

/* The letters of -l (alone or with the seed's letters it is misuse). */
static int more_opt(int argc, char **argv, int *i, struct more *o)
{
	int r;

	if (!strcmp(argv[*i], "-l"))
		return o->lines = 1;
	if (!strcmp(argv[*i], "--diff"))
		return o->diff = 1;
	if (!strcmp(argv[*i], "--ci"))
		return o->ci = 1;
	if (!strcmp(argv[*i], "--cpus"))
		return o->cpus = 1;
	if (!strcmp(argv[*i], "--help") || !strcmp(argv[*i], "-h"))
		return o->help = 1;
	if (!strcmp(argv[*i], "--version"))
		return o->version = 1;
	if ((r = long_opt(argc, argv, i, "--annotate", &o->annotate)) ||
	    (r = long_opt(argc, argv, i, "--html", &o->html)) ||
	    (r = long_opt(argc, argv, i, "--merge", &o->merge)) ||
	    (r = long_opt(argc, argv, i, "--sort", &o->sort)) ||
	    (r = long_opt(argc, argv, i, "--top", &o->top)) ||
	    (r = long_opt(argc, argv, i, "--percent-limit", &o->limit)) ||
	    (r = long_opt(argc, argv, i, "--split", &o->split)) ||
	    (r = long_opt(argc, argv, i, "--where", &o->where)) ||
	    (r = long_opt(argc, argv, i, "--csv", &o->csv)) ||
	    (r = long_opt(argc, argv, i, "--truth", &o->truth)) ||
	    (r = long_opt(argc, argv, i, "--timeline", &o->timeline)) ||
	    (r = long_opt(argc, argv, i, "--offcpu", &o->offcpu)))
		return r;
	return 0;
}

/* --sort, --top, --percent-limit into o->v; -1 (said why) when a value is bad. */
static int view_values(struct more *o)
{
	char *end;

	if (o->sort && view_sort_of(o->sort, &o->v.sort)) {
		fprintf(stderr, "pinfo: --sort=%s: sort by tics, address or name\n", SHOWN(o->sort));
		return -1;
	}
	if (o->top) {
		errno = 0;
		o->v.top = strtoul(o->top, &end, 10);
		if (*end || errno || !o->v.top || o->top[0] == '-' || o->top[0] == '+') {
			fprintf(stderr, "pinfo: --top %s: a count of symbols, 1 or more\n", SHOWN(o->top));
			return -1;
		}
	}
	if (o->limit) {
		o->v.limit = strtod(o->limit, &end);
		if (*end || !(o->v.limit >= 0 && o->v.limit <= 100)) {
			fprintf(stderr, "pinfo: --percent-limit %s: a percent, 0 to 100\n", SHOWN(o->limit));
			return -1;
		}
	}
	o->v.on = o->sort || o->top || o->limit || (o->truth && !o->html);
	return 0;
}

/* What every view is to show (share.h): the interval's sign by the locale,
 * --ci, --csv, the truth read (whole and checked before anything is
 * written). 0, or -1 having said why. */
static int present_of(const struct more *o, struct truth *t)
{
	char err[600];

	present.ascii = !share_utf8(getenv("LC_ALL"), getenv("LC_CTYPE"), getenv("LANG"));
	present.ci = o->ci;
	present.csv = o->csv;
	if (!o->truth)
		return 0;
	if (truth_load(o->truth, t, err, sizeof err)) {
		fprintf(stderr, "pinfo: %s\n", err);
		return -1;
	}
	present.truth = t;
	return 0;
}

/* The options before dump_file; returns dump_file's index, or -1: misuse. */
static int options(int argc, char **argv, int *flags, struct pinfo_exports *x, struct more *o,
		   struct pinfo_stack_views *sv)
{
	int i, r, extra;

	for (i = 1; i < argc && argv[i][0] == '-' && strcmp(argv[i], "-f"); i++) {
		if (!strcmp(argv[i], "--")) {	/* the end of the options */
			i++;
			break;
		}
		if ((r = long_opt(argc, argv, &i, "--gmon", &x->gmon)) ||
		    (r = long_opt(argc, argv, &i, "--proc-profile", &x->proc)) ||
		    (r = long_opt(argc, argv, &i, "--module", &x->proc_module)) ||
		    (r = more_opt(argc, argv, &i, o)) ||
		    (r = long_opt(argc, argv, &i, "--folded", &sv->folded)) ||
		    (r = long_opt(argc, argv, &i, "--flamegraph", &sv->flamegraph)) ||
		    (r = long_opt(argc, argv, &i, "--pprof", &sv->pprof))) {
			if (r < 0)
				return -1;
		} else if (!strcmp(argv[i], "--summary")) {
			*flags |= PINFO_SUMMARY;
		} else if (!strcmp(argv[i], "--skip-absent")) {
			*flags |= PINFO_SKIP_ABSENT;
		} else if (!strcmp(argv[i], "--strict")) {
			*flags |= PINFO_STRICT;
		} else if (!strcmp(argv[i], "-g")) {
			sv->callgraph = 1;
		} else if (argv[i][1] == '-' || flags_of(argv[i], flags)) {
			o->bad = argv[i];
			return -1;
		}
	}
	if (o->help || o->version)
		return i;
	if (i >= argc)
		return -1;
	extra = o->csv || o->truth || o->ci;	/* the report's: docs/pinfo.md, "Error bars" */
	if (o->where)	/* alone, with one ELF file */
		return *flags || extra || o->cpus || o->timeline || x->gmon || x->proc || x->proc_module || o->lines || o->annotate ||
		       o->html || o->merge || o->diff || o->sort || o->top || o->limit || o->split ||
		       sv->folded || sv->flamegraph || sv->pprof || sv->callgraph || i + 1 != argc ? -1 : i;
	if (o->cpus || o->timeline)	/* the per-CPU table or the timeline: no report, no other tool */
		return (o->cpus && o->timeline) || (*flags & ~(PINFO_STRICT | PINFO_SKIP_ABSENT)) || extra ||
		       x->gmon || x->proc || x->proc_module || o->lines || o->annotate || o->html || o->merge || o->diff ||
		       o->sort || o->top || o->limit || o->split || sv->folded || sv->flamegraph ||
		       sv->pprof || sv->callgraph ? -1 : i;
	if (sv->folded || sv->flamegraph || sv->pprof || sv->callgraph) {	/* no report: no -etz */
		if ((*flags & ~(PINFO_STRICT | PINFO_SKIP_ABSENT)) || x->gmon || x->proc || x->proc_module ||
		    extra || o->lines || o->annotate || o->html || o->merge || o->diff || o->sort || o->top || o->limit)
			return -1;
		sv->strict = !!(*flags & PINFO_STRICT);
	} else if (x->gmon || x->proc) {	/* an export prints no report: no -etz */
		if ((*flags & ~PINFO_STRICT) || (x->proc_module && !x->proc) || extra ||
		    i + 1 + !!x->gmon != argc || o->lines || o->annotate || o->html || o->merge ||
		    o->diff || o->sort || o->top || o->limit)
			return -1;
		x->strict = !!(*flags & PINFO_STRICT);
		x->gmon_map = x->gmon ? argv[i + 1] : NULL;
	} else if (x->proc_module) {
		return -1;
	}
	/* one tool at a time; the view options belong to the report */
	if (!!o->lines + !!o->annotate + !!o->html + !!o->merge + !!o->diff > 1)
		return -1;
	if ((o->lines || o->annotate || o->html || o->merge || o->diff) &&
	    ((*flags & ~(PINFO_STRICT | PINFO_SKIP_ABSENT)) || o->sort || o->top || o->limit))
		return -1;
	if (o->split && !o->lines && !o->annotate && !o->html)	/* the lines' option only */
		return -1;
	if (o->offcpu && (o->lines || o->annotate || o->merge || o->diff || o->csv || (o->truth && !o->html)))
		return -1;	/* the report's, the stacks' (checked above) and the HTML report's */
	if ((o->ci && (o->merge || o->diff)) || (o->csv && (o->lines || o->annotate || o->html ||
	    o->merge)) || (o->truth && (o->lines || o->annotate || o->diff || o->merge)))
		return -1;
	return i;
}

/* -f list: the map files it names, malloc'd. */
static int read_list(const char *path, char ***maps, size_t *nmaps)
{
	char err[200];
	uint8_t *text;
	size_t len;

	if (read_regular(path, &text, &len, err, sizeof err)) {
		fprintf(stderr, "pinfo: %s: %s\n", SHOWN(path), SHOWN(err));
		return -1;
	}
	*nmaps = pinfo_map_list(path, (char *)text, len, maps);
	free(text);
	if (*nmaps == (size_t)-1 || !*nmaps) {
		fprintf(stderr, "pinfo: %s: %s\n", SHOWN(path),
			*nmaps ? "out of memory" : "lists no map file");
		return -1;
	}
	return 0;
}

/* The files after dump_file: a -f list or the names given (none allowed
 * when min is 0). 0, 1 misuse, -1 a list that could not be read. */
static int file_args(int argc, char **argv, int i, size_t min, char ***maps, size_t *nmaps,
		     int *listed)
{
	if (i < argc && !strcmp(argv[i], "-f")) {
		if (i + 2 != argc)
			return 1;
		*listed = 1;	/* the names are malloc'd */
		return read_list(argv[i + 1], maps, nmaps) ? -1 : 0;
	}
	if ((size_t)(argc - i) < min)
		return 1;
	for (int k = i; k < argc; k++)
		if (argv[k][0] == '-')
			return 1;
	*maps = argv + i;
	*nmaps = (size_t)(argc - i);
	return 0;
}

/* The tools beyond the seed's report: -l, --annotate, --html, --diff, --merge. */
static int more_main(int argc, char **argv, int i, int flags, struct more *o)
{
	char **files = NULL;
	size_t n = 0, k;
	int rc, status, listed = 0;
	int strict = !!(flags & PINFO_STRICT);
	enum lines_split split = LINES_SPLIT_INSNS;

	if (o->split && !strcmp(o->split, "bytes"))
		split = LINES_SPLIT_BYTES;
	else if (o->split && strcmp(o->split, "instructions")) {
		fprintf(stderr, "pinfo: --split=%s: split by instructions or bytes\n", SHOWN(o->split));
		return PINFO_USAGE;
	}
	if (o->merge) {
		if (argc - i < 2)
			return usage();
		return pinfo_merge(o->merge, argv + i, (size_t)(argc - i), stderr);
	}
	if (o->diff) {
		if (argc - i < 3 || argv[i + 1][0] == '-')
			return usage();
		if ((rc = file_args(argc, argv, i + 2, 1, &files, &n, &listed)))
			return rc < 0 ? PINFO_FAIL : usage();
		status = pinfo_diff(argv[i], argv[i + 1], files, n, strict, stdout, stderr);
	} else if (o->html) {
		if ((rc = file_args(argc, argv, i + 1, 0, &files, &n, &listed)))
			return rc < 0 ? PINFO_FAIL : usage();
		status = o->offcpu && pinfo_offcpu_check(o->offcpu, stderr) ? PINFO_FAIL :
			 pinfo_html(o->html, argv[i], o->offcpu, files, n, strict, (int)split, stderr);
	} else {
		if ((rc = file_args(argc, argv, i + 1, 1, &files, &n, &listed)))
			return rc < 0 ? PINFO_FAIL : usage();
		status = pinfo_lines(argv[i], files, n, o->annotate, strict, split, stdout, stderr);
	}
	if (listed) {
		for (k = 0; k < n; k++)
			free(files[k]);
		free(files);
	}
	return status;
}

int main(int argc, char **argv)
{
	int i, flags = 0, status, stacks;
	struct pinfo_exports x = { 0 };
	struct more o = { 0 };
	struct pinfo_stack_views sv = { 0 };
	static struct truth truth;	/* the views' till the end (share.h) */
	char **maps = NULL, *single[1];
	size_t nmaps = 0, k;

	if ((i = options(argc, argv, &flags, &x, &o, &sv)) < 0)
		return o.bad ? cli_unknown("pinfo", o.bad, PINFO_USAGE_LINE) :
		       no_value ? cli_no_value("pinfo", no_value, PINFO_USAGE_LINE) : usage();
	if (o.help) {	/* (cli.h: every host program's -h, --help, --version) */
		usage_text(stdout);
		return cli_done("pinfo") ? PINFO_FAIL : PINFO_OK;
	}
	if (o.version) {
		printf(CLI_VERSION("pinfo") ", dump formats 1 to %u\n", PDUMP_VERSION_MAX);
		return cli_done("pinfo") ? PINFO_FAIL : PINFO_OK;
	}
	if (o.where) {
		status = pinfo_where(o.where, argv[i], stdout, stderr);
		if (fflush(stdout) || ferror(stdout)) {
			perror("pinfo: stdout");
			return PINFO_FAIL;
		}
		return status;
	}
	if (view_values(&o))
		return PINFO_USAGE;
	if (present_of(&o, &truth))
		return PINFO_FAIL;
	if (x.gmon || x.proc)
		return pinfo_export(argv[i], &x, stderr);
	if (o.lines || o.annotate || o.html || o.diff || o.merge) {
		status = more_main(argc, argv, i, flags, &o);
		if (fflush(stdout) || ferror(stdout)) {
			perror("pinfo: stdout");
			return PINFO_FAIL;
		}
		return status;
	}
	stacks = sv.folded || sv.flamegraph || sv.pprof || sv.callgraph;
	if (stacks && o.offcpu) {	/* every stacks' view takes it, beside the dump's */
		if (pinfo_offcpu_check(o.offcpu, stderr))
			return PINFO_FAIL;
		sv.offcpu = o.offcpu;
	}
	if (i + 1 < argc && !strcmp(argv[i + 1], "-f")) {
		if (i + 3 != argc)
			return usage();
		if (read_list(argv[i + 2], &maps, &nmaps))
			return PINFO_FAIL;
	} else if (i + 2 == argc && argv[i + 1][0] != '-') {
		single[0] = argv[i + 1];
		maps = single;
		nmaps = 1;
	} else if (stacks || o.cpus || o.timeline) {	/* these take any number of maps */
		maps = argv + i + 1;
		nmaps = (size_t)(argc - i - 1);
		single[0] = NULL;
	} else if (i + 1 != argc) {
		return usage();
	}
	if (o.timeline)
		status = pinfo_timeline(argv[i], o.timeline, maps, nmaps, stderr);
	else if (o.cpus)
		status = pinfo_cpus(argv[i], maps, nmaps, flags, stdout, stderr);
	else if (stacks)
		status = pinfo_stacks(argv[i], maps, nmaps, &sv, stdout, stderr);
	else if (!o.offcpu || !(status = pinfo_offcpu_check(o.offcpu, stderr)))
		status = pinfo_run_view(argv[i], maps, nmaps, flags, &o.v, stdout, stderr);
	/* --offcpu: the time off the CPU after the time on it, in the same layout */
	if (o.offcpu && !stacks && !o.timeline && !o.cpus && status == PINFO_OK) {
		printf("\nOff the CPU: %s\n\n", o.offcpu);
		status = pinfo_run_view(o.offcpu, maps, nmaps, flags, &o.v, stdout, stderr);
	}
	if (maps != single && maps != argv + i + 1) {
		for (k = 0; k < nmaps; k++)
			free(maps[k]);
		free(maps);
	}
	if (fflush(stdout) || ferror(stdout)) {
		perror("pinfo: stdout");
		return PINFO_FAIL;
	}
	return status;
}
