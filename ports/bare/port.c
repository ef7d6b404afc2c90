/* port.c: the bare kernel's side of the profiler module's contract: what
 * the module asks of a kernel (profenv.h: memory, the clock's mask, the
 * CPUs, the sampling period) and the calls that profile the kernel's own
 * text (prof.h), all in this one file, so that a kernel that copies the
 * bare kernel finds its whole port here. */
#include "bare.h"
#include "profenv.h"
#include "prof.h"
#include "profile.h"

/* ---- what the module asks of the kernel ------------------------------------ */

/* Memory: a bump allocator over a static arena, zeroed as .bss is. The
 * kernel profiles once, so nothing is ever given back. The profile takes
 * about 200 KiB: its session block (64 KiB), its trace (64 KiB), the
 * counters of the text (its size), and the dump's copy of them. */
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

/* No module but the kernel: a system profile's module list may name only "kernel". */
int prof_module_known(const char *name)
{
	(void)name;
	return 0;
}

void prof_clock_period(uint32_t *base, uint32_t *spread) { pit_period(base, spread); }

/* One CPU: nothing to tell the others when a profile changes. */
int prof_ncpu(void) { return 1; }
int prof_cpu(void) { return 0; }
void prof_replan(int wait) { (void)wait; }

/* ---- the kernel's calls into the module ------------------------------------ */

/* The one "process" there is: the kernel itself. A tick with a process is
 * a kernel tick (counted in the text's counters), one without would be idle. */
static struct prof_proc kernel_proc;

/* A system profile with PT_VERBOSE: the kernel's text, from _text_start
 * to _text_end (linker.ld), counted by 4-byte buckets. The fingerprint is
 * the CRC-32 of those bytes, as pinfo computes it from the ELF file to
 * check that the map is of the code profiled. */
int profile_start(void)
{
	extern char _text_start[], _text_end[];
	uint32_t len = (uint32_t)(_text_end - _text_start);
	struct prof_codeseg text = {
		.owner = 0, .selector = KCODE, .segno = 1, .origin = (uint32_t)_text_start,
		.length = len, .module = PROF_KERNEL_MODULE,
		.fingerprint = crc32_update(0, _text_start, len),
	};
	int err = prof_init(&kernel_proc, PT_SYSTEM | PT_VERBOSE, 0, &text, 1);

	return err ? err : prof_on(&kernel_proc, PT_SYSTEM);
}

/* From IRQ0, interrupts off: the interrupted CS, EIP and frame pointer. */
void profile_tick(uint32_t cs, uint32_t eip, uint32_t ebp)
{
	if (prof_active)
		prof_tick(&kernel_proc, cs, eip, ebp);
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
