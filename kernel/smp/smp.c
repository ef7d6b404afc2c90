/* smp.c: the other CPUs: found (the RSDP in the EBDA's first KiB or in
 * 0xE0000-0xFFFFF, the RSDT, the MADT), started one at a time (INIT, then
 * two start-up IPIs to the trampoline's page, Intel SDM vol. 3, 8.4.4), each
 * given its GDT entries, TSS and kernel stack, and left idle (smp.h). */
#include "smp.h"
#include "lapic.h"
#include "console.h"
#include "mem.h"
#include "vm.h"
#include "trap.h"
#include "tick.h"
#include "pic8259.h"
#include "percpu.h"
#include "sched.h"
#include "x86.h"
#include "clock.h"
#include "pit8253.h"
#include <string.h>

#define AP_KSTACK	8192
#define EBDA_SEG_PTR	0x40E	/* the BIOS data area's word: the EBDA's segment */

struct cpu cpus[NCPU_MAX];
int ncpu = 1;

/* What boot/trampoline.asm reads as it brings a CPU up. */
uint32_t ap_boot_cr0, ap_boot_cr3, ap_boot_cr4, ap_boot_stack;
int ap_boot_cpu;
/* Set once the other CPUs may go into the scheduler (smp_clock_start). */
static volatile int smp_go;
extern const char tramp_start[], tramp_end[];	/* boot/trampoline.asm */
void ap_main(void) __attribute__((noreturn));
static void smp_timer_start(void);

/* Physical memory the kernel maps, [a, a + n), or NULL. (Through an asm
 * operand: the compiler takes a pointer made of a small number for an
 * object of no size.) */
static const uint8_t *phys(uint32_t a, uint32_t n)
{
	if (a >= KMAP_BYTES || n > KMAP_BYTES - a)
		return 0;
	__asm__("" : "+r"(a));
	return (const uint8_t *)a;
}

static const uint8_t *find_rsdp(void)
{
	const uint8_t *bda = phys(EBDA_SEG_PTR, 2);
	uint32_t ebda = ((uint32_t)bda[0] | (uint32_t)bda[1] << 8) << 4;
	int off;

	if (ebda >= 0x80000 && ebda < 0xA0000 && (off = acpi_find_rsdp(phys(ebda, 1024), 1024)) >= 0)
		return phys(ebda, 1024) + off;
	if ((off = acpi_find_rsdp(phys(0xE0000, 0x20000), 0x20000)) >= 0)
		return phys(0xE0000, 0x20000) + off;
	return 0;
}

/* A table at physical a, its signature sig, checked whole, or NULL. */
static const uint8_t *table(uint32_t a, const char *sig, const char **why)
{
	const uint8_t *t = phys(a, ACPI_HDR_LEN);
	uint32_t len;

	if (!t) {
		*why = "a table beyond the memory the kernel maps";
		return 0;
	}
	len = acpi_table_len(t);
	if (!phys(a, len)) {
		*why = "a table's length runs beyond the memory the kernel maps";
		return 0;
	}
	*why = acpi_table_check(t, len, sig);
	return *why ? 0 : t;
}

/* The MADT's CPUs into *m: 0, or a sentence saying why there are none. */
static const char *find_cpus(struct madt_info *m)
{
	const uint8_t *rsdp = find_rsdp(), *rsdt, *madt;
	const char *why;

	if (!rsdp)
		return "no RSDP";
	if (!(rsdt = table(acpi_rsdp_rsdt(rsdp), "RSDT", &why)))
		return why;
	for (uint32_t i = 0; i < acpi_rsdt_count(rsdt); i++) {
		const uint8_t *t = phys(acpi_rsdt_entry(rsdt, i), ACPI_HDR_LEN);
		if (!t || memcmp(t, "APIC", 4) != 0)
			continue;
		if (!(madt = table(acpi_rsdt_entry(rsdt, i), "APIC", &why)))
			return why;
		return madt_parse(madt, acpi_table_len(madt), m);
	}
	return "no MADT";
}

/* The C side of a started CPU, on its own stack (boot/trampoline.asm). */
void ap_main(void)
{
	int cpu = ap_boot_cpu;

	cpu_ap_init(cpu, (uint32_t)cpus[cpu].kstack + AP_KSTACK);
	lapic_enable();
	cpus[cpu].started = 1;
	while (!smp_go)
		__asm__ volatile("pause" ::: "memory");
	/* cpuid serializes: the tick's code the first CPU wrote (patch())
	 * is fetched afresh, as cross-modifying code asks */
	__asm__ volatile("cpuid" : : "a"(0) : "ebx", "ecx", "edx", "memory");
	smp_timer_start();
	sched_ap_start();
}

/* Starts CPU cpu (APIC ID cpus[cpu].apic_id) at the trampoline's page:
 * 0, or -1 when it did not come up. */
static int start_ap(int cpu, uint32_t tramp)
{
	uint32_t id = cpus[cpu].apic_id;

	if (!(cpus[cpu].kstack = kalloc(AP_KSTACK)))
		return -1;
	ap_boot_cpu = cpu;
	ap_boot_stack = (uint32_t)cpus[cpu].kstack + AP_KSTACK;
	if (!(ap_boot_cr3 = vm_kernel_cr3(cpu)))
		return -1;
	__asm__ volatile("" ::: "memory");
	if (lapic_ipi(id, ICR_INIT | ICR_ASSERT | ICR_LEVEL))
		return -1;
	udelay(10000);
	for (int sipi = 0; sipi < 2 && !cpus[cpu].started; sipi++) {
		if (lapic_ipi(id, ICR_STARTUP | (tramp >> 12)))
			return -1;
		udelay(200);
	}
	/* Up to a second; the pause also lets an emulator that runs the CPUs
	 * in turn (QEMU's TCG) run the new one now. */
	for (int wait = 0; wait < 1000000 && !cpus[cpu].started; wait++) {
		__asm__ volatile("pause" ::: "memory");
		udelay(1);
	}
	return cpus[cpu].started ? 0 : -1;
}

int smp_init(uint32_t tramp)
{
	struct madt_info m;
	const char *why = find_cpus(&m);

	if (why) {
		kprintf("kernel: ACPI: %s: one CPU\n", why);
		return ncpu;
	}
	if (m.extra)
		kprintf("kernel: %d CPUs more than the %d the kernel runs: left halted\n", m.extra, NCPU_MAX);
	if (m.ncpu == 1)
		return ncpu;
	if (lapic_map(m.lapic_phys)) {
		kprintf("kernel: local APIC at %08x cannot be mapped: one CPU\n", m.lapic_phys);
		return ncpu;
	}
	lapic_enable();
	cpus[0].apic_id = lapic_id();
	cpus[0].started = 1;
	memcpy((void *)tramp, tramp_start, (size_t)(tramp_end - tramp_start));
	__asm__ volatile("mov %%cr0, %0" : "=r"(ap_boot_cr0));
	__asm__ volatile("mov %%cr4, %0" : "=r"(ap_boot_cr4));
	percpu_map_lapic(m.lapic_phys);
	for (int i = 0; i < m.ncpu && ncpu < NCPU_MAX; i++) {
		if (m.apic_id[i] == cpus[0].apic_id)
			continue;
		cpus[ncpu].apic_id = m.apic_id[i];
		if (start_ap(ncpu, tramp)) {
			kprintf("kernel: the CPU of APIC ID %u did not start\n", m.apic_id[i]);
			(void)lapic_ipi(m.apic_id[i], ICR_INIT | ICR_ASSERT | ICR_LEVEL);	/* halted again */
			kfree(cpus[ncpu].kstack);
			cpus[ncpu].kstack = 0;
			kfree_page(percpu_area[ncpu].kpgdir);
			percpu_area[ncpu].kpgdir = 0;
			cpus[ncpu].started = 0;	/* one that came up late leaves the slot to the next */
			continue;
		}
		ncpu++;
	}
	return ncpu;
}

extern const char irq0_clock[], smp_tick[], smp_tick0[];	/* boot/irq0.asm */
/* The immediates in the ticks' code that smp_clock_start() writes: each
 * ends at its label. */
extern char smp_period_imm[], smp_period_imm0[], smp_shift_imm[], smp_shift_imm0[];

/* PIT counts n in the TSC's counts, at ratio (lapic_calibrate's). */
static uint32_t in_tsc(uint32_t n, uint32_t ratio)
{
	return (uint32_t)(((uint64_t)n * ratio + 0x8000) >> 16);
}

/* A CPU's next deadline, drawn in its next cell as boot/irq0.asm's
 * smp_tick draws it. */
static void irq0_draw(struct irq0_state *q, uint32_t period)
{
	q->jitter_seed *= SMP_MCG_MUL;
	q->deadline = q->cell + (uint32_t)(((uint64_t)q->jitter_seed * q->jitter) >> 32);
	q->cell += period;
}

/* This CPU's timer, to its first deadline (smp_clock_start's), which may
 * be further than a tick ever looks ahead (its cell is shifted by the
 * CPU's share of a period); one already passed is taken at once, as a
 * tick taken late. */
static void smp_timer_start(void)
{
	uint32_t left = irq0.deadline - (uint32_t)rdtsc();

	lapic_timer_start(this_cpu->index ? SMP_TICK_VECTOR : SMP_TICK0_VECTOR,
			  (int32_t)left > 0 ? left : 1);
}

/* The immediate that ends at label end in the ticks' code, of n bytes,
 * assembled as mark: written v, before any CPU runs it (the kernel's
 * mapping is writable). After proc_fingerprint_kernel() (kernel/main.c),
 * whose fingerprint of the kernel's code is the file's, as the host's
 * tools compute it. */
static void patch(char *end, uint32_t n, uint32_t mark, uint32_t v)
{
	uint8_t *p = (uint8_t *)((uintptr_t)end - n);
	uint32_t was = 0;

	__builtin_memcpy(&was, p, n);
	if (was != mark)
		panic("smp: the tick's immediate at %p is %x, not %x", (void *)p, was, mark);
	__builtin_memcpy(p, &v, n);
}

/* Every CPU's timer, the first's too. Time is cut into cells a nominal
 * period apart (in the TSC's counts), each CPU's shifted by its index's
 * share of a period, and each tick's deadline is drawn in its cell,
 * uniform over a spread chosen as the one CPU's is (the jitter,
 * docs/accuracy.md: the largest power of two not over the period), by a
 * generator of the CPU's own (the first CPU's seed and its index): the
 * ticks fall at instants random to any program, no two CPUs' the same,
 * and every CPU's count of ticks is the others' within one. The PIT
 * keeps the clock at its nominal period. The local APIC's timer is
 * written in TSC counts: the two must run at one rate (they do under
 * QEMU, both at 1 GHz), which the calibration checks; else the other
 * CPUs are left out. */
void smp_clock_start(void)
{
	uint32_t base, spread, lr, tr, seed = irq0.jitter_seed, t0, period, shift = 31;

	if (ncpu < 2)
		return;
	clock_period(&base, &spread);
	lapic_calibrate(PIT_DIVISOR(clock_hz()), &lr, &tr);
	if (tr < 1024 || (lr / 1024 != tr / 1024 && (lr > tr ? lr - tr : tr - lr) > tr / 1000)) {
		kprintf("kernel: the local APIC's timer runs at %u counts, the TSC at %u, a PIT count "
			"(/65536): the other CPUs stay in their wait, the kernel runs on one\n", lr, tr);
		ncpu = 1;
		return;
	}
	clock_start_pit(tr);
	period = in_tsc(PIT_DIVISOR(clock_hz()), tr);
	if (spread) {
		shift = (uint32_t)__builtin_clz(period) + 1;	/* the spread, 2^(32 - shift): */
		spread = 1u << (32 - shift);
	}
	patch(smp_period_imm, 4, SMP_PERIOD_MARK, period);
	patch(smp_period_imm0, 4, SMP_PERIOD_MARK, period);
	patch(smp_shift_imm, 1, SMP_SHIFT_MARK, shift);
	patch(smp_shift_imm0, 1, SMP_SHIFT_MARK, shift);
	__asm__ volatile("" ::: "memory");
	t0 = (uint32_t)rdtsc();
	cpu_setvector(SMP_TICK_VECTOR, (uint32_t)smp_tick);
	cpu_setvector(SMP_TICK0_VECTOR, (uint32_t)smp_tick0);
	cpu_setvector(IRQ_BASE + IRQ_TIMER, (uint32_t)irq0_clock);
	for (int c = 0; c < ncpu; c++) {
		struct irq0_state *q = &percpu_area[c].irq0;

		q->jitter = spread;
		/* odd, for SMP_MCG_MUL's period (seeds that differ in their top
		 * bit alone give the same); 0 with no spread */
		q->jitter_seed = spread ? (seed ^ (uint32_t)c * 0x9E3779B9u) << 1 | 1 : 0;
		q->cell = t0 + period / (uint32_t)ncpu * (uint32_t)c + period - q->jitter / 2;
		irq0_draw(q, period);
		if (c) {
			sched_idle_init(c);
			q->sched_work = 1;	/* the first process may be runnable */
		}
	}
	smp_timer_start();
	smp_go = 1;
}

int smp_cpu(void)
{
	return this_cpu->index;
}

/* Each other CPU's ring-3 ticks go to prof_tick() (irq0_call), which
 * reads the profiles as they are now, and its next slice end calls on the
 * scheduler, which makes its plan again. The samplers are written first,
 * then a fence, then each CPU's count read (seen): a tick that began
 * before may still run an old sampler, the next one (seen + 1) may too,
 * as it may have read its sampler before its count's store was seen here;
 * the one after (seen + 2) begins only once those have ended. So the wait
 * is for each count to move on by 2. Every other CPU ticks within a
 * period, by its own timer: in ring 3, idle, and while it waits for the
 * kernel's lock, which lets its ticks in (a tick there may be in
 * prof_tick() too). The wait lets this CPU's interrupts in too, and its
 * pause lets the others run where an emulator runs the CPUs in turn. */
void smp_replan(int wait)
{
	uint32_t seen[NCPU_MAX], fl;
	int me = this_cpu->index;

	if (ncpu < 2)
		return;
	for (int c = 0; c < ncpu; c++) {
		if (c == me)
			continue;
		percpu_area[c].irq0.sampler = irq0_call;
		percpu_area[c].irq0.sched_work = 1;
	}
	if (!wait)
		return;
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	for (int c = 0; c < ncpu; c++)
		seen[c] = (uint32_t)percpu_area[c].irq0.ticks;
	fl = irq_save();
	for (int c = 0; c < ncpu; c++)
		while (c != me && (uint32_t)percpu_area[c].irq0.ticks - seen[c] < 2)
			__asm__ volatile("sti; nop; pause; cli" ::: "memory");
	irq_restore(fl);
}

void smp_report(void)
{
	uint32_t n[NCPU_MAX][5], fl, clock;

	if (ncpu < 2)
		return;
	fl = irq_save();
	clock = (uint32_t)clock_ticks();
	for (int i = 0; i < ncpu; i++) {
		n[i][0] = (uint32_t)percpu_area[i].irq0.ticks;
		n[i][1] = (uint32_t)percpu_area[i].kticks;
		n[i][2] = (uint32_t)percpu_area[i].iticks;
		n[i][3] = percpu_area[i].late;
		n[i][4] = percpu_area[i].moved_in;
	}
	irq_restore(fl);
	kprintf("kernel: clock: %u ticks\n", clock);
	for (int i = 0; i < ncpu; i++)
		kprintf("kernel: cpu %d: %u samples, %u kernel, %u idle, %u late, %u moved in\n", i,
			n[i][0], n[i][1], n[i][2], n[i][3], n[i][4]);
}
