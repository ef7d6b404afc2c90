/* port.c: the bare kernel's whole port of the profiler module, through
 * its contract alone (profkern/port.h, docs/porting.md): what the module
 * asks of a kernel (memory, the clock's mask, the sampling period, the
 * CPUs) and the calls that profile the kernel's own text. A kernel that
 * copies the bare kernel finds all of it here. */
#include "bare.h"
#include "profkern/port.h"

/* ---- what the module asks of the kernel ------------------------------------ */

/* Memory: a bump allocator over a static arena, zeroed as .bss is. The
 * kernel profiles once, so nothing is ever given back. The profile takes
 * about 200 KiB (profkern/config.h has the formula): its block (64 KiB),
 * its trace (64 KiB), the counters of the text (its size), and the
 * dump's copy of them. */
static uint8_t arena[512 * 1024] __attribute__((aligned(16)));
static size_t arena_used;

void *prof_zalloc(size_t size)
{
	void *p;

	size = (size + 15) & ~(size_t)15;
	if (size > sizeof(arena) - arena_used)
		return 0;
	p = arena + arena_used;
	arena_used += size;
	return p;
}

void prof_release(void *p) { (void)p; }

uint32_t prof_clock_mask(void) { return irq_save(); }
void prof_clock_restore(uint32_t state) { irq_restore(state); }

/* The PIT's counts, each period drawn from base + [0, spread) (kernel.c). */
void prof_clock_period(struct prof_period *p)
{
	p->clock_hz = PROF_PIT_HZ;
	pit_period(&p->base, &p->spread);
}

/* One CPU: nothing to tell the others when a profile changes. */
int prof_ncpu(void) { return 1; }
int prof_cpu(void) { return 0; }
void prof_replan(int wait) { (void)wait; }

/* (prof_module_known() and prof_clock_ticks(), optional, are left to the
 * module's defaults: the bare kernel has no program modules to name, and
 * no process that blocks.) */

/* ---- the kernel's calls into the module ------------------------------------ */

/* The one "process" there is: the kernel itself. The tick is given it, so
 * that its ticks are the kernel's (a tick with none would be idle). */
static struct prof_proc kernel_proc;

/* A system profile with PT_VERBOSE: the kernel's text, _text_start to
 * _text_end (linker.ld), counted in 4-byte buckets, with its fingerprint,
 * which pinfo computes alike from the ELF file to check that it is the
 * map of the code profiled. */
int profile_start(void)
{
	extern char _text_start[], _text_end[];
	uint32_t len = (uint32_t)(_text_end - _text_start);
	struct prof_codeseg text = {
		.owner = 0, .selector = KCODE, .segno = 1, .origin = (uint32_t)_text_start,
		.length = len, .module = PROF_KERNEL_MODULE,
		.fingerprint = prof_fingerprint(_text_start, len),
	};
	int err = prof_init(&kernel_proc, PT_SYSTEM | PT_VERBOSE, 0, &text, 1);

	return err ? err : prof_on(&kernel_proc, PT_SYSTEM);
}

/* From IRQ0, interrupts off: the interrupted EIP and frame pointer, in
 * the kernel (there is nothing else). */
void profile_tick(uint32_t eip, uint32_t ebp)
{
	prof_clock_tick(&kernel_proc, PROF_AT_KERNEL, eip, ebp);
}

/* The dump's bytes go out on COM1 as they come, in the module's frame. */
static void serial_sink(void *ctx, const void *data, size_t len)
{
	(void)ctx;
	serial_write(data, len);
}

int profile_stop_and_dump(const char *name, uint32_t hz)
{
	int err = prof_off(&kernel_proc, PT_SYSTEM);

	return err ? err : prof_dump(&kernel_proc, PT_SYSTEM, hz, name, serial_sink, 0);
}
