/* main.c: from GRUB to the first process. */
#include "console.h"
#include "cpu.h"
#include "mem.h"
#include "module.h"
#include "fs.h"
#include "multiboot.h"
#include "proc.h"
#include "ptable.h"
#include "sched.h"
#include "clock.h"
#include "vm.h"
#include "x86.h"
#include "fpu.h"
#include "bootargs.h"
#include "turns.h"
#include "prof.h"
#include "uart16550.h"
#include "pic8259.h"
#include "pit8253.h"
#include "start.h"
#include "timers.h"
#include "percpu.h"
#include "tick.h"
#include <string.h>
#ifdef KERNEL_SELFTEST
#include "ticktest.h"
#endif

extern char _kernel_start[], _kernel_end[];	/* linker.ld */

struct range {
	uint32_t start, end;
};

/* Adds [start, end) less the reserved ranges, which need not be sorted. */
static void add_free(uint32_t start, uint32_t end, const struct range *res, int n)
{
	for (int i = 0; i < n; i++) {
		if (res[i].end <= start || res[i].start >= end)
			continue;
		if (res[i].start > start)
			add_free(start, res[i].start, res + i + 1, n - i - 1);
		if (res[i].end < end)
			add_free(res[i].end, end, res + i + 1, n - i - 1);
		return;
	}
	meminit_region(start, end);
}

/* What the boot loader left that is still read: the kernel, the modules,
 * the multiboot structures. */
static struct range res[2 * NMODULE + 8];
static int nres;

/* Free memory: the multiboot map's RAM above 1 MiB, less res. */
static void memory_init(const struct multiboot_info *mbi)
{
	int n = 0;
	uint32_t p;

	if (!(mbi->flags & MBI_MMAP))
		panic("no memory map from the boot loader");
	res[n++] = (struct range){ (uint32_t)_kernel_start, (uint32_t)_kernel_end };
	res[n++] = (struct range){ (uint32_t)mbi, (uint32_t)mbi + sizeof(*mbi) };
	res[n++] = (struct range){ mbi->mmap_addr, mbi->mmap_addr + mbi->mmap_length };
	if (mbi->flags & MBI_CMDLINE)
		res[n++] = (struct range){ mbi->cmdline, mbi->cmdline + strlen((const char *)mbi->cmdline) + 1 };
	if (mbi->flags & MBI_MODS) {
		const struct multiboot_mod *mods = (const void *)mbi->mods_addr;
		res[n++] = (struct range){ mbi->mods_addr, mbi->mods_addr + mbi->mods_count * sizeof(*mods) };
		for (uint32_t i = 0; i < mbi->mods_count && i < NMODULE; i++) {
			res[n++] = (struct range){ mods[i].start, mods[i].end };
			if (mods[i].string)
				res[n++] = (struct range){ mods[i].string,
					mods[i].string + strlen((const char *)mods[i].string) + 1 };
		}
	}
	for (p = mbi->mmap_addr; p < mbi->mmap_addr + mbi->mmap_length;) {
		const struct multiboot_mmap *e = (const void *)p;
		if (e->type == 1 && e->addr < 0xFFFFF000ull) {
			uint64_t end = e->addr + e->len;
			uint32_t start = e->addr < 0x100000 ? 0x100000 : (uint32_t)e->addr;
			if (end > KMAP_BYTES)
				end = KMAP_BYTES;	/* the kernel maps (and so uses) the first GiB only */
			if (end > start)
				add_free(start, (uint32_t)end, res, n);
		}
		p += e->size + 4;
	}
	nres = n;
}

/* A page below 1 MiB for the other CPUs' trampoline: RAM in the multiboot
 * map, none of res, not the first (the real-mode vectors and the BIOS's
 * data). The allocator never hands it out: it takes RAM above 1 MiB only.
 * 0 when there is none. */
static uint32_t low_page(const struct multiboot_info *mbi)
{
	for (uint32_t pg = 0x1000; pg < 0x9F000; pg += 0x1000) {
		int ram = 0, taken = 0;
		for (uint32_t p = mbi->mmap_addr; p < mbi->mmap_addr + mbi->mmap_length;) {
			const struct multiboot_mmap *e = (const void *)p;
			if (e->type == 1 && e->addr <= pg && e->addr + e->len >= pg + 0x1000ull)
				ram = 1;
			p += e->size + 4;
		}
		for (int i = 0; i < nres; i++)
			taken |= res[i].start < pg + 0x1000 && res[i].end > pg;
		if (ram && !taken)
			return pg;
	}
	return 0;
}

/* The modules, and the file system's first files: the modules again,
 * programs and batch files read-only, data files ("file") writable. */
static void modules_init(const struct multiboot_info *mbi, const char *stdin_name)
{
	const struct multiboot_mod *mods = (const void *)mbi->mods_addr;
	const struct module *m;

	if (mbi->flags & MBI_MODS)
		for (uint32_t i = 0; i < mbi->mods_count; i++)
			module_add((const char *)mods[i].string, mods[i].start, mods[i].end);
	fs_init(FS_SPACE_DEFAULT);
	for (int i = 0; (m = module_at(i)); i++) {
		char path[MODULE_DIR_MAX + MODULE_NAME_MAX + 1];	/* in its folder (FILES=) */
		size_t k = strlen(m->dir);
		memcpy(path, m->dir, k);
		path[k] = '/';
		strcpy(path + (k ? k + 1 : 0), m->name);
		if (fs_add_module(path, m->data, m->size, m->file))
			kprintf("kernel: module %s: not a file (a name twice, or too many files)\n", path);
	}
	if (stdin_name[0] && fs_set_stdin(stdin_name))
		panic("kernel command line: stdin=%s: no such file among the modules", stdin_name);
}

/* The first program: the batch interpreter with the first batch file, or
 * else the first program module. */
static void start_init(void)
{
	const struct module *m, *batch = 0, *first = 0;
	char *argv[2];
	int pid;

	for (int i = 0; (m = module_at(i)); i++) {
		size_t n = strlen(m->name);
		if (m->file) {
			continue;	/* data, not a program nor a batch file */
		} else if (n > 4 && strcmp(m->name + n - 4, ".cmd") == 0) {
			if (!batch)
				batch = m;
		} else if (!first && strcmp(m->name, "cmd") != 0) {
			first = m;
		}
	}
	if (batch && module_find("cmd")) {
		argv[0] = "cmd";
		argv[1] = (char *)batch->name;
		pid = proc_spawn("cmd", 2, argv, 0);
	} else if (first) {
		argv[0] = (char *)first->name;
		pid = proc_spawn(first->name, 1, argv, 0);
	} else {
		panic("nothing to run: no program among the modules");
	}
	if (pid < 0)
		panic("cannot start the first program: error %d", pid);
}

void kmain(uint32_t magic, const struct multiboot_info *mbi)
{
	struct bootargs args;

	uartinit();
	if (magic != MULTIBOOT_BOOTLOADER_MAGIC)
		panic("not booted by a multiboot loader (magic %08x)", magic);
	cpuinit();
	fpuinit();
	picinit();
	memory_init(mbi);
	vminit();
	if (bootargs_parse((mbi->flags & MBI_CMDLINE) ? (const char *)mbi->cmdline : "", &args))
		panic("kernel command line: %s", args.error);
	{
		uint32_t tramp = low_page(mbi);
		int n = tramp ? smp_init(tramp) : 1;
		if (!tramp)
			kprintf("kernel: no page below 1 MiB for the other CPUs' start: one CPU\n");
		kprintf("kernel: %u KiB free, %d CPU%s, %u Hz%s\n", mem_free_bytes() / 1024, n,
			n == 1 ? "" : "s", args.hz, args.jitter ? "" : ", fixed period");
	}
	if (args.seed != 1)
		kprintf("kernel: jitter seed %u\n", args.seed);
	if ((tick_c_entry = args.c_tick))
		kprintf("kernel: every sampled tick through the profiler's C entry%s\n",
			args.c_tick == 2 ? ", its plan carried out in C (ctick=plan)" : " (ctick=1)");
	if (args.warning)
		kprintf("kernel: %s\n", args.warning);
	if (prof_set_stack_entries(args.stacktable))
		panic("kernel command line: stacktable=%u", args.stacktable);	/* bootargs checked it */
	if (args.stacktable != PROF_STACK_ENTRIES_DEFAULT)
		kprintf("kernel: tables of call stacks of %u entries (%u KiB each)\n", args.stacktable,
			(uint32_t)(prof_stacks_size(args.stacktable) / 1024));
	if (args.crash == CRASH_FAULT)
		__asm__ volatile("ud2");		/* the panic path, on purpose */
	if (args.crash == CRASH_TRIPLE) {		/* no IDT: a fault becomes a triple fault */
		lidt(0, 1);
		__asm__ volatile("int3");
	}
	modules_init(mbi, args.stdin_name);
	proc_fingerprint_kernel();	/* before smp_clock_start() writes into the code */
	procinit();
	start_init();
	clockinit(args.hz, args.jitter, args.seed);
	smp_turns = args.turns && ncpu > 1;
	smp_clock_start();
	if (ncpu > 1 && !smp_turns)
		kprintf("kernel: every CPU ticks by its own timer, the CPUs at once (turns=0)\n");
	smp_turns = smp_turns && ncpu > 1;
	/* selftest=tick: the self-test kernel's (build/selftest.elf, built with
	 * KERNEL_SELFTEST: tests/selftest/selftest.mk); the product kernel has none. */
	if (args.selftest_tick && ncpu > 1)
		panic("selftest=tick: one CPU's timer entry: boot it with one CPU");
	if (args.selftest_tick)
#ifdef KERNEL_SELFTEST
		ticktest();
#else
		panic("selftest=tick: this kernel has no self-test (boot build/selftest.elf)");
#endif
	sched_start();
}
