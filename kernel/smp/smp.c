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

extern const char irq0_smp[], irq0_smpfixed[], smp_tick[];	/* boot/irq0.asm */

void smp_clock_start(void)
{
	if (ncpu < 2)
		return;
	cpu_setvector(SMP_TICK_VECTOR, (uint32_t)smp_tick);
	cpu_setvector(IRQ_BASE + IRQ_TIMER, cpu_vector(IRQ_BASE + IRQ_TIMER) == (uint32_t)irq0_fixed ?
			    (uint32_t)irq0_smpfixed : (uint32_t)irq0_smp);
	for (int c = 1; c < ncpu; c++) {
		sched_idle_init(c);
		percpu_area[c].irq0.sched_work = 1;	/* the first process is runnable */
	}
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
 * period: in ring 3, idle, and while it waits for the kernel's lock,
 * which lets its ticks in (a tick there may be in prof_tick() too). The
 * ticks come from the first CPU's IRQ0, so the wait lets this CPU's
 * interrupts in. */
void smp_replan(int wait)
{
	uint32_t seen[NCPU_MAX], fl;
	int me = this_cpu->index;

	if (ncpu < 2)
		return;
	for (int c = smp_first_runner(); c < ncpu; c++) {
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
	uint32_t n[NCPU_MAX][5], fl;

	if (ncpu < 2)
		return;
	fl = irq_save();
	for (int i = 0; i < ncpu; i++) {
		n[i][0] = (uint32_t)percpu_area[i].irq0.ticks;
		n[i][1] = (uint32_t)percpu_area[i].kticks;
		n[i][2] = (uint32_t)percpu_area[i].iticks;
		n[i][3] = (uint32_t)percpu_area[i].merged;
		n[i][4] = percpu_area[i].moved_in;
	}
	irq_restore(fl);
	kprintf("kernel: cpu 0: %u samples, the clock's: no process\n", n[0][0]);
	for (int i = 1; i < ncpu; i++)
		kprintf("kernel: cpu %d: %u samples, %u kernel, %u idle, %u merged, %u moved in\n", i, n[i][0],
			n[i][1], n[i][2], n[i][3], n[i][4]);
}
