/* insncount.c: a QEMU TCG plugin (qemu-system-i386 -plugin insncount.so,...)
 * that counts the instructions the guest executes at each code address,
 * per process, while the profiler is on: the ground truth of the accuracy
 * benchmark, measured in the run that is profiled (docs/PERFORMANCE.md,
 * "The ground truth"). Built for the host (cc -shared -fPIC); it runs
 * wherever QEMU does.
 *
 * Counting. Every instruction QEMU translates gets a counter of its own,
 * keyed by where its bytes are in guest memory (the host address QEMU
 * gives, qemu_plugin_insn_haddr, and its linear address): a process's code
 * lives at the same linear window as every other's but at its own
 * physical pages, so the same EIP in two processes is two counters. QEMU
 * adds 1 to the counter, in generated code, each time the instruction
 * runs. Under -icount an instruction that runs is an instruction of guest
 * time, so the counts are the time the profiler samples.
 *
 * Processes and the window. The kernel tells the plugin nothing; it is
 * read. The plugin is given (all from the kernel's ELF, at build time):
 *   mark=A     an instruction the kernel runs on every way out of a trap
 *              before ring 3 or idle runs again (trapret): processes
 *              switch, and profiling turns on or off, only inside traps;
 *   cur=A      the kernel variable pointing to the running process
 *              (cpu0_curproc: the first CPU's), and pid=, name=, image= the offsets of its pid,
 *              name and code image (physical address) in struct proc;
 *   cpustride=N with several CPUs, the bytes from one CPU's variable to
 *              the next's (struct percpu: CPU c's is at cur + c * N, the
 *              kernel's CPU c being QEMU's vCPU c, both in the MADT's order);
 *   active=A   the kernel's count of profiles that are counting
 *              (prof_active): the window is open while it is not 0;
 *   ubase=A    the linear address of a process's code (segment 1);
 *   klo=A,khi=A the kernel's text, whose linear addresses are physical.
 * Each time the mark runs, the plugin reads cur (the vCPU's own) and active in guest memory
 * (through QEMU's host mapping of guest RAM, found from the kernel's text:
 * host address minus linear address is the same for all of it). When
 * either changed, the counters' growth since the last change is charged
 * to the process that was running, inside or outside the window. With
 * several vCPUs, QEMU's -icount runs them in turn on one thread: the
 * counters' growth is also charged whenever another vCPU starts to run
 * (a callback at each translation block, which notes the blocks run since
 * the last charge, so that a charge reads only theirs), to the process
 * the vCPU that ran them was running. Ring 3
 * runs only between two marks, so its instructions are charged exactly; a
 * kernel instruction goes to the process that was current when the trap
 * began. Every ring-3 instruction is checked against its process: its
 * physical address must be the process's image plus its offset (the
 * "image_mismatch" count, which must be 0).
 *
 * And:
 *   out=FILE   where the counts go when QEMU exits;
 *   ram=N      bytes of guest RAM the plugin may read (default 128 MiB).
 * All but ram= are required: without the kernel's help, ring-3 code of
 * every process would be one code at the same linear addresses.
 *
 * The output, text:
 *   insncount 1
 *   check anchored=0|1 kernel_mismatch=N image_mismatch=N bad_reads=N changes=N
 *   proc PID NAME IMAGE USER_IN KERNEL_IN USER_OUT KERNEL_OUT
 *   insn PID LINEAR COUNT            (in the window only; LINEAR in hex)
 * PID -1 is the time before the first process; USER counts instructions
 * at ubase .. ubase + 1 GiB, KERNEL the others. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "qplugin.h"
#include "plugutil.h"

QPLUGIN_EXPORT int qemu_plugin_version = QPLUGIN_API_VERSION;

#define UWINDOW 0x40000000u		/* bytes of a process's code window */
#define LOWEST_READ 0x100000u		/* below 1 MiB, host memory is not what the guest sees */
#define NAME_MAX_BYTES 32	/* a process name: up to 32 characters (kernel/ptable.h) */
#define MAX_VCPUS 8		/* the kernel's NCPU_MAX */

struct rec {				/* one instruction, at one place in memory */
	uint64_t count;			/* QEMU adds 1 each time it runs */
	uint64_t seen;			/* count when last charged */
	uintptr_t haddr;
	uint32_t vaddr;
	uint32_t idx;
};

struct tbinfo {				/* a translation block's records */
	unsigned epoch;			/* g.epoch when last noted */
	size_t n;
	struct rec *recs[];
};

struct proc {
	int64_t pid;
	char name[NAME_MAX_BYTES + 1];
	uint32_t image;
	uint64_t user_in, kernel_in, user_out, kernel_out;
	uint64_t *per;			/* in-window counts by rec idx */
	size_t nper;
};

static struct {
	const char *out;
	uint32_t mark, cur, active, ubase, klo, khi, ram;
	uint32_t off_pid, off_name, off_image;
	/* the anchor: host address of guest-physical 0 */
	int anchored;
	uintptr_t ram_host;
	/* records: a block list (stable addresses), a flat index, a hash */
	struct rec **recs;
	size_t nrecs, caprecs;
	struct rec **hash;
	size_t hashcap;
	/* processes */
	struct proc *procs;
	size_t nprocs, capprocs;
	size_t current[MAX_VCPUS];	/* index in procs, by vCPU */
	uint32_t cur_ptr[MAX_VCPUS];
	int window;
	/* several vCPUs: the one running, the blocks it ran since the last
	 * charge (each noted once an epoch) */
	uint32_t cpustride;
	unsigned nvcpus, vcpu, epoch;
	struct tbinfo **dirty;
	size_t ndirty, capdirty;
	uint64_t kernel_mismatch, image_mismatch, bad_reads, changes;
} g;

static void fail_alloc(void)
{
	fputs("insncount: out of memory\n", stderr);
	exit(1);
}

static void *grow(void *p, size_t *cap, size_t need, size_t size)
{
	size_t c = *cap ? *cap : 64;

	if (need <= *cap)
		return p;
	while (c < need)
		c *= 2;
	if (!(p = realloc(p, c * size)))
		fail_alloc();
	*cap = c;
	return p;
}

/* ---- records ------------------------------------------------------------ */

static size_t hash_of(uintptr_t haddr, uint32_t vaddr, size_t cap)
{
	uint64_t h = (uint64_t)haddr * 0x9e3779b97f4a7c15ull ^ (uint64_t)vaddr * 0xc2b2ae3d27d4eb4full;
	return (size_t)(h ^ (h >> 29)) & (cap - 1);
}

static void hash_put(struct rec *r)
{
	size_t i = hash_of(r->haddr, r->vaddr, g.hashcap);

	while (g.hash[i])
		i = (i + 1) & (g.hashcap - 1);
	g.hash[i] = r;
}

static struct rec *rec_for(uintptr_t haddr, uint32_t vaddr)
{
	size_t i;
	struct rec *r;

	if (2 * (g.nrecs + 1) > g.hashcap) {
		size_t cap = g.hashcap ? 2 * g.hashcap : 4096;
		free(g.hash);
		if (!(g.hash = calloc(cap, sizeof *g.hash)))
			fail_alloc();
		g.hashcap = cap;
		for (size_t k = 0; k < g.nrecs; k++)
			hash_put(g.recs[k]);
	}
	for (i = hash_of(haddr, vaddr, g.hashcap); (r = g.hash[i]); i = (i + 1) & (g.hashcap - 1))
		if (r->haddr == haddr && r->vaddr == vaddr)
			return r;
	if (!(r = calloc(1, sizeof *r)))
		fail_alloc();
	r->haddr = haddr;
	r->vaddr = vaddr;
	r->idx = (uint32_t)g.nrecs;
	g.recs = grow(g.recs, &g.caprecs, g.nrecs + 1, sizeof *g.recs);
	g.recs[g.nrecs++] = r;
	g.hash[i] = r;
	return r;
}

/* ---- guest memory -------------------------------------------------------- */

static uint32_t read_u32(uint32_t phys)
{
	uint32_t v;

	if (!g.anchored || phys < LOWEST_READ || phys > g.ram - 4) {
		g.bad_reads++;
		return 0;
	}
	memcpy(&v, (const void *)(g.ram_host + phys), 4);
	return v;
}

/* ---- processes ----------------------------------------------------------- */

static size_t proc_add(int64_t pid, const char *name, uint32_t image)
{
	struct proc *p;

	for (size_t i = 0; i < g.nprocs; i++)
		if (g.procs[i].pid == pid && !strcmp(g.procs[i].name, name) && g.procs[i].image == image)
			return i;
	g.procs = grow(g.procs, &g.capprocs, g.nprocs + 1, sizeof *g.procs);
	p = &g.procs[g.nprocs];
	memset(p, 0, sizeof *p);
	p->pid = pid;
	snprintf(p->name, sizeof p->name, "%s", name);
	p->image = image;
	return g.nprocs++;
}

/* The process struct at ptr, as the kernel has it now. */
static size_t proc_at(uint32_t ptr)
{
	char name[NAME_MAX_BYTES + 1];
	int64_t pid;
	uint32_t image;

	if (!ptr)
		return proc_add(-1, "-", 0);
	pid = (int32_t)read_u32(ptr + g.off_pid);
	image = read_u32(ptr + g.off_image);
	for (int i = 0; i < NAME_MAX_BYTES; i += 4) {
		uint32_t w = read_u32(ptr + g.off_name + (uint32_t)i);
		memcpy(name + i, &w, 4);
	}
	name[NAME_MAX_BYTES] = 0;
	for (char *c = name; *c; c++)
		if (*c <= ' ' || *c > '~')
			*c = '?';
	if (!name[0])
		strcpy(name, "-");
	return proc_add(pid, name, image);
}

static int is_user(uint32_t vaddr)
{
	return vaddr - g.ubase < UWINDOW;
}

/* Charges r's growth since it was last charged to p, inside or outside
 * the window. */
static void charge(struct proc *p, struct rec *r)
{
	uint64_t d = r->count - r->seen;
	int user;

	if (!d)
		return;
	r->seen = r->count;
	user = is_user(r->vaddr);
	if (user && (!p->image || !g.anchored ||
		     r->haddr - g.ram_host != (uintptr_t)p->image + (r->vaddr - g.ubase)))
		g.image_mismatch++;
	if (!g.window) {
		*(user ? &p->user_out : &p->kernel_out) += d;
		return;
	}
	*(user ? &p->user_in : &p->kernel_in) += d;
	if (r->idx >= p->nper) {
		size_t old = p->nper, cap = p->nper;
		p->per = grow(p->per, &cap, (size_t)r->idx + 1, sizeof *p->per);
		memset(p->per + old, 0, (cap - old) * sizeof *p->per);
		p->nper = cap;
	}
	p->per[r->idx] += d;
}

/* Charges the counters' growth since the last call to the process the
 * running vCPU runs: with one vCPU every record's, with several those of
 * the blocks noted since (only the running vCPU ran them). */
static void settle(void)
{
	struct proc *p = &g.procs[g.current[g.vcpu]];

	if (g.nvcpus < 2) {
		for (size_t i = 0; i < g.nrecs; i++)
			charge(p, g.recs[i]);
		return;
	}
	for (size_t i = 0; i < g.ndirty; i++)
		for (size_t k = 0; k < g.dirty[i]->n; k++)
			charge(p, g.dirty[i]->recs[k]);
	g.ndirty = 0;
	g.epoch++;
}

/* A block about to run on vcpu (several vCPUs): what ran before is
 * charged when another vCPU starts, and the block is noted. */
static void on_tb(unsigned int vcpu, void *userdata)
{
	struct tbinfo *t = userdata;

	if (vcpu != g.vcpu && vcpu < g.nvcpus) {
		settle();
		g.vcpu = vcpu;
	}
	if (t->epoch != g.epoch) {
		t->epoch = g.epoch;
		g.dirty = grow(g.dirty, &g.capdirty, g.ndirty + 1, sizeof *g.dirty);
		g.dirty[g.ndirty++] = t;
	}
}

/* The mark: a trap is over. */
static void on_mark(unsigned int vcpu, void *userdata)
{
	uint32_t cur, window = read_u32(g.active) != 0;

	(void)userdata;
	if (vcpu >= g.nvcpus) {
		g.bad_reads++;
		return;
	}
	cur = read_u32(g.cur + vcpu * g.cpustride);
	if (cur == g.cur_ptr[vcpu] && (int)window == g.window)
		return;
	settle();
	g.changes++;
	if (cur != g.cur_ptr[vcpu])
		g.current[vcpu] = proc_at(cur);
	g.cur_ptr[vcpu] = cur;
	g.window = (int)window;
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb);
	struct tbinfo *t = NULL;

	(void)id;
	if (g.nvcpus > 1) {
		if (!(t = calloc(1, sizeof *t + n * sizeof t->recs[0])))
			fail_alloc();
		t->epoch = g.epoch - 1;
		t->n = n;
		qemu_plugin_register_vcpu_tb_exec_cb(tb, on_tb, QEMU_PLUGIN_CB_NO_REGS, t);
	}
	for (size_t i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		uint32_t vaddr = (uint32_t)qemu_plugin_insn_vaddr(insn);
		uintptr_t haddr = (uintptr_t)qemu_plugin_insn_haddr(insn);
		struct rec *r = rec_for(haddr, vaddr);

		if (t)
			t->recs[i] = r;

		if (vaddr >= g.klo && vaddr < g.khi && haddr) {
			if (!g.anchored) {
				g.ram_host = haddr - vaddr;
				g.anchored = 1;
			} else if (haddr - vaddr != g.ram_host) {
				g.kernel_mismatch++;
			}
		}
		qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64, &r->count, 1);
		if (vaddr == g.mark)
			qemu_plugin_register_vcpu_insn_exec_cb(insn, on_mark, QEMU_PLUGIN_CB_NO_REGS, NULL);
	}
}

/* ---- the output ---------------------------------------------------------- */

struct line {
	uint32_t vaddr;
	uint64_t count;
};

static int by_vaddr(const void *a, const void *b)
{
	const struct line *x = a, *y = b;
	return (x->vaddr > y->vaddr) - (x->vaddr < y->vaddr);
}

static void write_out(FILE *f)
{
	struct line *lines = NULL;
	size_t cap = 0;

	fprintf(f, "insncount 1\n");
	fprintf(f, "check anchored=%d kernel_mismatch=%" PRIu64 " image_mismatch=%" PRIu64
		" bad_reads=%" PRIu64 " changes=%" PRIu64 "\n", g.anchored,
		g.kernel_mismatch, g.image_mismatch, g.bad_reads, g.changes);
	for (size_t i = 0; i < g.nprocs; i++) {
		struct proc *p = &g.procs[i];
		fprintf(f, "proc %" PRId64 " %s %08" PRIx32 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 "\n",
			p->pid, p->name, p->image, p->user_in, p->kernel_in, p->user_out, p->kernel_out);
	}
	for (size_t i = 0; i < g.nprocs; i++) {
		struct proc *p = &g.procs[i];
		size_t n = 0;

		for (size_t k = 0; k < p->nper; k++) {
			if (!p->per[k])
				continue;
			lines = grow(lines, &cap, n + 1, sizeof *lines);
			lines[n].vaddr = g.recs[k]->vaddr;
			lines[n++].count = p->per[k];
		}
		if (n)
			qsort(lines, n, sizeof *lines, by_vaddr);
		for (size_t k = 0; k < n; k++) {
			uint64_t c = lines[k].count;
			while (k + 1 < n && lines[k + 1].vaddr == lines[k].vaddr)
				c += lines[++k].count;
			fprintf(f, "insn %" PRId64 " %08" PRIx32 " %" PRIu64 "\n", p->pid, lines[k].vaddr, c);
		}
	}
	free(lines);
}

static void on_exit_cb(qemu_plugin_id_t id, void *userdata)
{
	(void)id;
	(void)userdata;
	settle();
	plug_write_file("insncount", g.out, write_out);
}

/* ---- arguments ------------------------------------------------------------ */

QPLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv)
{
	static const struct {
		const char *key;
		uint32_t *v;
		unsigned bit;
	} keys[] = {
		{ "mark", &g.mark, 1 }, { "cur", &g.cur, 2 }, { "active", &g.active, 4 },
		{ "pid", &g.off_pid, 8 }, { "name", &g.off_name, 16 }, { "image", &g.off_image, 32 },
		{ "ubase", &g.ubase, 64 }, { "klo", &g.klo, 128 }, { "khi", &g.khi, 256 },
		{ "ram", &g.ram, 512 }, { "cpustride", &g.cpustride, 1024 },
	};
	const unsigned required = 511;
	unsigned have = 0;

	g.ram = 128u << 20;
	if (!info->system_emulation || strcmp(info->target_name, "i386")) {
		fprintf(stderr, "insncount: for qemu-system-i386 only (this is %s%s)\n",
			info->target_name, info->system_emulation ? "" : ", user mode");
		return -1;
	}
	for (int i = 0; i < argc; i++) {
		const char *eq = strchr(argv[i], '=');
		size_t k, n = eq ? (size_t)(eq - argv[i]) : 0;

		if (eq && n == 3 && !strncmp(argv[i], "out", 3)) {
			g.out = eq + 1;
			continue;
		}
		for (k = 0; eq && k < sizeof keys / sizeof keys[0]; k++)
			if (strlen(keys[k].key) == n && !strncmp(argv[i], keys[k].key, n))
				break;
		if (!eq || k == sizeof keys / sizeof keys[0]) {
			fprintf(stderr, "insncount: unknown argument '%s' (bench/truth/insncount.c lists them)\n",
				argv[i]);
			return -1;
		}
		if (plug_number("insncount", keys[k].key, eq + 1, keys[k].v))
			return -1;
		have |= keys[k].bit;
	}
	if (!g.out || !*g.out) {
		fputs("insncount: out=FILE is required\n", stderr);
		return -1;
	}
	if ((have & required) != required) {
		fputs("insncount: mark=, cur=, active=, pid=, name=, image=, ubase=, klo= and khi= are required"
		      " (bench/truth/args.sh makes them)\n", stderr);
		return -1;
	}
	if ((g.mark < g.klo || g.mark >= g.khi || g.klo >= g.khi)) {
		fputs("insncount: mark= must lie in the kernel's text, klo= .. khi=\n", stderr);
		return -1;
	}
	if (g.ram <= LOWEST_READ) {
		fputs("insncount: ram= is too small\n", stderr);
		return -1;
	}
	if (info->system.smp_vcpus < 1 || info->system.smp_vcpus > MAX_VCPUS) {
		fprintf(stderr, "insncount: %d CPUs: from 1 to %d\n", info->system.smp_vcpus, MAX_VCPUS);
		return -1;
	}
	g.nvcpus = (unsigned)info->system.smp_vcpus;
	if (g.nvcpus > 1 && g.cpustride < 4) {
		fputs("insncount: cpustride= is required with several CPUs (bench/truth/args.sh makes it)\n", stderr);
		return -1;
	}
	for (unsigned v = 0; v < MAX_VCPUS; v++)
		g.current[v] = proc_add(-1, "-", 0);
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
	qemu_plugin_register_atexit_cb(id, on_exit_cb, NULL);
	return 0;
}
