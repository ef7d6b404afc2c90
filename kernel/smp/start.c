/* start.c: the other CPUs started, one at a time (INIT, then two start-up
 * IPIs to the trampoline's page, Intel SDM vol. 3, 8.4.4), each given its
 * GDT entries, TSS and kernel stack, and left waiting until their timers
 * start (kernel/time/timers.c), then idle (start.h). */
#include "start.h"
#include "findcpus.h"
#include "lapic.h"
#include "console.h"
#include "mem.h"
#include "vm.h"
#include "cpu.h"
#include "percpu.h"
#include "timers.h"
#include "sched.h"
#include "pit8253.h"
#include "x86.h"
#include <string.h>

#define AP_KSTACK	8192

struct cpu cpus[NCPU_MAX];

/* What boot/trampoline.asm reads as it brings a CPU up. */
uint32_t ap_boot_cr0, ap_boot_cr3, ap_boot_cr4, ap_boot_stack;
int ap_boot_cpu;
extern const char tramp_start[], tramp_end[];	/* boot/trampoline.asm */
void ap_main(void) __attribute__((noreturn));

/* The C side of a started CPU, on its own stack (boot/trampoline.asm). */
void ap_main(void)
{
	int cpu = ap_boot_cpu;

	cpu_ap_init(cpu, (uint32_t)cpus[cpu].kstack + AP_KSTACK);
	lapic_enable();
	cpus[cpu].started = 1;
	while (!smp_go)
		__asm__ volatile("pause" ::: "memory");
	/* cpuid serializes: the tick's code the first CPU wrote (timers.c)
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

/* Under QEMU's -icount the CPUs take turns whose ends follow QEMU's own
 * timers as well as the guest's: one that moves every CPU on at a fixed
 * interval from when they last were all halted, and the PIT as the
 * firmware left it. Both ran from instants set by the boot's disk reads,
 * so the turns, and every sample after them, followed when the kernel
 * started. Here the PIT is written, and then, the other CPUs still waiting
 * for their start-up IPI, the first halts until its local APIC's timer
 * wakes it: every CPU halted, QEMU stops that interval's timer and starts
 * it again at the wake, an instant of the kernel's own (docs/smp.md). */
#define SETTLE_COUNTS	100000	/* 100 us at QEMU's 1 GHz */
#define SETTLE_VECTOR	0xF2

extern const char smp_settle_iret[];	/* boot/trampoline.asm */

static void smp_settle(void)
{
	uint32_t was = cpu_vector(SETTLE_VECTOR);

	pitinit(1000);		/* clockinit() writes it again */
	cpu_setvector(SETTLE_VECTOR, (uint32_t)smp_settle_iret);
	lapic_timer_start(SETTLE_VECTOR, SETTLE_COUNTS);
	/* the nop after sti as everywhere (scripts/check-sti.sh); the count
	 * is too long to end before the hlt */
	while (lapic_timer_left())
		__asm__ volatile("sti; nop; hlt; cli" ::: "memory");
	lapic_timer_stop();
	cpu_setvector(SETTLE_VECTOR, was);
}

int smp_init(uint32_t tramp)
{
	struct madt_info m;
	const char *why = smp_find_cpus(&m);

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
	percpu_area[0].apic_id = cpus[0].apic_id;
	cpus[0].started = 1;
	memcpy((void *)tramp, tramp_start, (size_t)(tramp_end - tramp_start));
	__asm__ volatile("mov %%cr0, %0" : "=r"(ap_boot_cr0));
	__asm__ volatile("mov %%cr4, %0" : "=r"(ap_boot_cr4));
	percpu_map_lapic(m.lapic_phys);
	smp_settle();
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
		percpu_area[ncpu].apic_id = m.apic_id[i];	/* (its page made by start_ap) */
		ncpu++;
	}
	return ncpu;
}
