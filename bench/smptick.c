/* smptick.c: a QEMU TCG plugin (qemu-system-i386 -plugin smptick.so,...)
 * that counts, for each CPU, the instructions it executes, those of them
 * in the timer tick's code, and the ticks it takes: the cost of a tick on
 * each CPU of a machine with several (docs/PERFORMANCE.md, section 13;
 * bench/smp.sh runs it). Built for the host as bench/truth/insncount.c is,
 * with the same header (bench/truth/qplugin.h).
 *
 * Arguments:
 *   lo=ADDR,hi=ADDR  the tick's code, [lo, hi): the kernel's irq0_text and
 *                    irq0_text_end (boot/irq0.asm);
 *   entry=ADDR       an entry of the tick (irq0_fast, smp_tick0, smp_tick...),
 *                    given once for each, up to 8: each time one runs on a
 *                    CPU, that CPU took a tick;
 *   mark=ADDR        optional, up to 4: an instruction of the tick's code
 *                    (the start of one path, such as irq0_dword, the
 *                    sampler of a ring-3 tick under one profile): the
 *                    ticks that run it are counted apart, with their
 *                    instructions;
 *   out=FILE         where the counts go when QEMU exits;
 *   exact=1          count every instruction one by one (slower), to check
 *                    the block counts below against (see "Blocks").
 * The output, text, one "cpu" line for each of the machine's CPUs:
 *   smptick 1
 *   check vcpus=N bad_vcpu=N threads=N blocks=N tick_blocks=N
 *   cpu N insns A tick_insns B entries E
 *   entry N ADDR HITS                (each entry's hits on CPU N)
 *   marked N ADDR ticks T tick_insns I  (each mark=: CPU N's ticks that ran it)
 * insns: every instruction CPU N executed; tick_insns: those in [lo, hi);
 * entries: the sum of its entries' hits, the ticks it took. Only the
 * instructions of the tick's assembly are in [lo, hi): the C it calls
 * (prof_tick(), trap()) and the CPU's own interrupt entry are not. A
 * tick's instructions are those in [lo, hi) from its entry to the next
 * entry on the same CPU (the tick's code runs with interrupts masked, and
 * nothing but a tick runs it); marked ticks add them up apart.
 *
 * Blocks. QEMU runs translated blocks (TBs) of guest instructions. A
 * callback on each block's execution adds the block's instruction count,
 * worked out once at translation, to the CPU that runs it: one call per
 * block, not per instruction, so a run stays fast. That is exact when a
 * block runs whole. Under -icount a block does run whole or not at all
 * (QEMU checks the instruction budget before it starts, and makes a
 * shorter block when the budget ends inside one; interrupts are taken
 * between blocks), with two exceptions: an exception raised inside the
 * block (a fault), and an access to a device's memory (MMIO) that is not
 * the block's last instruction: QEMU stops the block there and runs the
 * access again in a block of its own (uninstrumented), then the rest in a
 * new block. The block's callback has counted the instructions after the
 * access already, so they would be counted twice. The tick's own code
 * does exactly that: its stores to the local APIC (the EOI, the timer's
 * next count, with several CPUs) are MMIO in the middle of a block.
 * So every block that holds an instruction of the tick's code is counted
 * instruction by instruction instead: QEMU adds 1 in generated code before
 * each instruction runs (an instruction after the cut does not run there,
 * and is counted where it does), into counters that the next block's
 * callback hands to the CPU that ran them. Other blocks are counted whole;
 * a fault or an MMIO access in their middle (rare: the kernel's few
 * accesses to the local APIC outside the tick) counts the rest of that
 * block once too often, a few instructions in millions. exact=1 counts
 * every block instruction by instruction, which measures that error
 * (bench/smp.sh's table says it).
 *
 * One thread. The counters handed on at the next block are shared by all
 * CPUs: right only when the CPUs run in turn on one host thread, as QEMU
 * runs them under -icount (qrun's default). check's threads= says how many
 * host threads ran blocks: it must be 1. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "qplugin.h"
#include "plugutil.h"

QPLUGIN_EXPORT int qemu_plugin_version = QPLUGIN_API_VERSION;

#define MAX_VCPUS 64
#define MAX_ENTRIES 8
#define MAX_MARKS 4
#define NO_VCPU MAX_VCPUS		/* no CPU yet, or one out of range */

struct cpu {
	uint64_t insns, tick_insns;
	uint64_t hits[MAX_ENTRIES];
	uint64_t tick_start;		/* tick_insns when its last tick began */
	int in_tick;			/* a tick began */
	int marked[MAX_MARKS];		/* it ran mark k */
	uint64_t marked_ticks[MAX_MARKS], marked_insns[MAX_MARKS];
};

static struct {
	const char *out;
	uint32_t lo, hi;
	uint32_t entry[MAX_ENTRIES];
	unsigned nentries;
	uint32_t mark[MAX_MARKS];
	unsigned nmarks;
	int exact;
	unsigned nvcpus;
	struct cpu cpu[MAX_VCPUS];
	/* instruction by instruction: QEMU adds to these in generated code */
	uint64_t pend_all, pend_tick;
	unsigned owner;			/* the CPU whose block ran last */
	uint64_t bad_vcpu, threads, blocks, tick_blocks;
} g = { .owner = NO_VCPU };

static _Thread_local int thread_seen;

/* The counts of the instructions counted one by one since the last block
 * began go to the CPU that ran that block. */
static void settle(void)
{
	if (!(g.pend_all | g.pend_tick))
		return;
	if (g.owner < g.nvcpus) {
		g.cpu[g.owner].insns += g.pend_all;
		g.cpu[g.owner].tick_insns += g.pend_tick;
	} else {
		g.bad_vcpu++;
	}
	g.pend_all = g.pend_tick = 0;
}

/* A block begins on CPU vcpu; userdata: its instructions, when they are
 * counted here, else 0. */
static void on_block(unsigned int vcpu, void *userdata)
{
	if (!thread_seen) {
		thread_seen = 1;
		g.threads++;
	}
	settle();
	if (vcpu >= g.nvcpus) {
		g.bad_vcpu++;
		g.owner = NO_VCPU;
		return;
	}
	g.owner = vcpu;
	g.cpu[vcpu].insns += (uintptr_t)userdata;
}

/* CPU c's last tick is over: its instructions go to the marked ones if it
 * ran the mark. */
static void tick_end(struct cpu *c)
{
	for (unsigned k = 0; k < g.nmarks; k++) {
		if (c->in_tick && c->marked[k]) {
			c->marked_ticks[k]++;
			c->marked_insns[k] += c->tick_insns - c->tick_start;
		}
		c->marked[k] = 0;
	}
	c->in_tick = 0;
}

static void on_entry(unsigned int vcpu, void *userdata)
{
	uintptr_t k = (uintptr_t)userdata;
	struct cpu *c;

	if (vcpu >= g.nvcpus || k >= g.nentries) {
		g.bad_vcpu++;
		return;
	}
	c = &g.cpu[vcpu];
	c->hits[k]++;
	settle();
	tick_end(c);
	c->in_tick = 1;
	c->tick_start = c->tick_insns;
}

static void on_mark(unsigned int vcpu, void *userdata)
{
	uintptr_t k = (uintptr_t)userdata;

	if (vcpu >= g.nvcpus || k >= g.nmarks) {
		g.bad_vcpu++;
		return;
	}
	g.cpu[vcpu].marked[k] = 1;
}

static int in_tick(uint64_t vaddr)
{
	return vaddr >= g.lo && vaddr < g.hi;
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb);
	int one_by_one = g.exact;

	(void)id;
	for (size_t i = 0; i < n && !one_by_one; i++)
		one_by_one = in_tick(qemu_plugin_insn_vaddr(qemu_plugin_tb_get_insn(tb, i)));
	g.blocks++;
	g.tick_blocks += one_by_one && !g.exact;
	qemu_plugin_register_vcpu_tb_exec_cb(tb, on_block, QEMU_PLUGIN_CB_NO_REGS,
					     (void *)(uintptr_t)(one_by_one ? 0 : n));
	for (size_t i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		uint64_t vaddr = qemu_plugin_insn_vaddr(insn);

		for (unsigned k = 0; k < g.nentries; k++)
			if (vaddr == g.entry[k])
				qemu_plugin_register_vcpu_insn_exec_cb(insn, on_entry, QEMU_PLUGIN_CB_NO_REGS,
								       (void *)(uintptr_t)k);
		for (unsigned k = 0; k < g.nmarks; k++)
			if (vaddr == g.mark[k])
				qemu_plugin_register_vcpu_insn_exec_cb(insn, on_mark, QEMU_PLUGIN_CB_NO_REGS,
								       (void *)(uintptr_t)k);
		if (!one_by_one)
			continue;
		qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64, &g.pend_all, 1);
		if (in_tick(vaddr))
			qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64,
								   &g.pend_tick, 1);
	}
}

/* ---- the output ---------------------------------------------------------- */

static void write_out(FILE *f)
{
	fprintf(f, "smptick 1\n");
	fprintf(f, "check vcpus=%u bad_vcpu=%" PRIu64 " threads=%" PRIu64 " blocks=%" PRIu64
		" tick_blocks=%" PRIu64 "\n", g.nvcpus, g.bad_vcpu, g.threads, g.blocks, g.tick_blocks);
	for (unsigned c = 0; c < g.nvcpus; c++) {
		uint64_t e = 0;

		for (unsigned k = 0; k < g.nentries; k++)
			e += g.cpu[c].hits[k];
		fprintf(f, "cpu %u insns %" PRIu64 " tick_insns %" PRIu64 " entries %" PRIu64 "\n", c,
			g.cpu[c].insns, g.cpu[c].tick_insns, e);
	}
	for (unsigned c = 0; c < g.nvcpus; c++)
		for (unsigned k = 0; k < g.nentries; k++)
			fprintf(f, "entry %u 0x%08" PRIx32 " %" PRIu64 "\n", c, g.entry[k], g.cpu[c].hits[k]);
	for (unsigned c = 0; c < g.nvcpus; c++)
		for (unsigned k = 0; k < g.nmarks; k++)
			fprintf(f, "marked %u 0x%08" PRIx32 " ticks %" PRIu64 " tick_insns %" PRIu64 "\n", c,
				g.mark[k], g.cpu[c].marked_ticks[k], g.cpu[c].marked_insns[k]);
}

static void on_exit_cb(qemu_plugin_id_t id, void *userdata)
{
	(void)id;
	(void)userdata;
	settle();
	for (unsigned c = 0; c < g.nvcpus; c++)
		tick_end(&g.cpu[c]);
	plug_write_file("smptick", g.out, write_out);
}

/* ---- arguments ------------------------------------------------------------ */

/* One KEY=VALUE; have: which of lo= and hi= were given (bits 1, 2). */
static int argument(const char *arg, unsigned *have)
{
	const char *eq = strchr(arg, '=');
	size_t n = eq ? (size_t)(eq - arg) : 0;
	uint32_t v;

#define KEY(k) (n == sizeof(k) - 1 && !strncmp(arg, k, n))
	if (eq && KEY("out")) {
		g.out = eq + 1;
		return 0;
	}
	if (!eq || !(KEY("lo") || KEY("hi") || KEY("entry") || KEY("mark") || KEY("exact"))) {
		fprintf(stderr, "smptick: unknown argument '%s' (bench/smptick.c lists them)\n", arg);
		return -1;
	}
	if (KEY("exact")) {
		if (strcmp(eq + 1, "0") && strcmp(eq + 1, "1")) {
			fprintf(stderr, "smptick: exact=%s: 0 or 1\n", eq + 1);
			return -1;
		}
		g.exact = eq[1] == '1';
		return 0;
	}
	if (plug_number("smptick", KEY("lo") ? "lo" : KEY("hi") ? "hi" : KEY("mark") ? "mark" : "entry", eq + 1, &v))
		return -1;
	if (KEY("mark")) {
		if (g.nmarks == MAX_MARKS) {
			fprintf(stderr, "smptick: more than %d mark= arguments\n", MAX_MARKS);
			return -1;
		}
		g.mark[g.nmarks++] = v;
	} else if (KEY("lo")) {
		g.lo = v;
		*have |= 1;
	} else if (KEY("hi")) {
		g.hi = v;
		*have |= 2;
	} else if (g.nentries == MAX_ENTRIES) {
		fprintf(stderr, "smptick: more than %d entry= arguments\n", MAX_ENTRIES);
		return -1;
	} else {
		g.entry[g.nentries++] = v;
	}
#undef KEY
	return 0;
}

QPLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv)
{
	unsigned have = 0;

	if (!info->system_emulation || strcmp(info->target_name, "i386")) {
		fprintf(stderr, "smptick: for qemu-system-i386 only (this is %s%s)\n",
			info->target_name, info->system_emulation ? "" : ", user mode");
		return -1;
	}
	if (info->system.smp_vcpus < 1 || info->system.smp_vcpus > MAX_VCPUS) {
		fprintf(stderr, "smptick: %d CPUs: from 1 to %d\n", info->system.smp_vcpus, MAX_VCPUS);
		return -1;
	}
	g.nvcpus = (unsigned)info->system.smp_vcpus;
	for (int i = 0; i < argc; i++)
		if (argument(argv[i], &have))
			return -1;
	if (!g.out || !*g.out) {
		fputs("smptick: out=FILE is required\n", stderr);
		return -1;
	}
	if (have != 3 || g.lo >= g.hi) {
		fputs("smptick: lo= and hi= are required, lo below hi (the kernel's irq0_text and irq0_text_end)\n",
		      stderr);
		return -1;
	}
	if (!g.nentries) {
		fputs("smptick: at least one entry= is required (irq0_fast, smp_tick0, smp_tick...)\n", stderr);
		return -1;
	}
	for (unsigned k = 0; k < g.nmarks; k++)
		if (g.mark[k] < g.lo || g.mark[k] >= g.hi) {
			fprintf(stderr, "smptick: mark=0x%" PRIx32 " is not in the tick's code, lo= .. hi=\n",
				g.mark[k]);
			return -1;
		}
	for (unsigned k = 0; k < g.nentries; k++) {
		if (g.entry[k] < g.lo || g.entry[k] >= g.hi) {
			fprintf(stderr, "smptick: entry=0x%" PRIx32 " is not in the tick's code, lo= .. hi=\n",
				g.entry[k]);
			return -1;
		}
		for (unsigned j = 0; j < k; j++)
			if (g.entry[j] == g.entry[k]) {
				fprintf(stderr, "smptick: entry=0x%" PRIx32 " given twice\n", g.entry[k]);
				return -1;
			}
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
	qemu_plugin_register_atexit_cb(id, on_exit_cb, NULL);
	return 0;
}
