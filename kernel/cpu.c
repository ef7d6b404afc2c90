/* cpu.c: the GDT, each CPU's TSS and LDT slot, and the IDT. */
#include "cpu.h"
#include "trapframe.h"
#include "desc.h"
#include "x86.h"
#include "tick.h"
#include "percpu.h"
#include <string.h>

struct tss {
	uint32_t link, esp0, ss0, esp1, ss1, esp2, ss2;
	uint32_t cr3, eip, eflags, eax, ecx, edx, ebx, esp, ebp, esi, edi;
	uint32_t es, cs, ss, ds, fs, gs, ldt;
	uint16_t trap, iomap;
} __attribute__((packed));

static uint64_t gdt[NGDT];
static uint64_t idt[256];
static struct tss tss[NCPU_GDT];	/* each CPU's; the first CPU's is tss[0] */
extern uint32_t vectors[256];	/* boot/trapentry.asm */

/* CPU cpu's TSS and its descriptor, then the shared GDT loaded, the
 * segments reloaded, the TSS and the shared IDT. */
static void cpu_load(int cpu)
{
	tss[cpu].ss0 = SEL_KDATA;
	tss[cpu].iomap = sizeof(tss[cpu]);	/* no I/O bitmap: ring 3 may touch no port */
	gdt[SEL_TSS_OF(cpu) >> 3] = seg_desc((uint32_t)&tss[cpu], sizeof(tss[cpu]), STS_TSS32, 0);
	lgdt(gdt, sizeof(gdt));
	__asm__ volatile(
		"ljmp %0, $1f\n1:\n"
		"mov %1, %%ax\n mov %%ax, %%ds\n mov %%ax, %%es\n"
		"mov %%ax, %%fs\n mov %%ax, %%gs\n mov %%ax, %%ss\n"
		: : "i"(SEL_KCODE), "i"(SEL_KDATA) : "eax", "memory");
	ltr((uint16_t)SEL_TSS_OF(cpu));
}

/* Another CPU, started by kernel/smp/start.c: its own TSS, whose ESP0 is its
 * kernel stack's top until a process runs there, and the IDT. */
void cpu_ap_init(int cpu, uint32_t kstacktop)
{
	tss[cpu].esp0 = kstacktop;
	cpu_load(cpu);
	lidt(idt, sizeof(idt));
}

void cpuinit(void)
{
	gdt[SEL_KCODE >> 3] = seg_desc_flat(STA_X | STA_R, 0);
	gdt[SEL_KDATA >> 3] = seg_desc_flat(STA_W, 0);
	cpu_load(0);

	/* Every vector an interrupt gate (IF cleared), ring 0 only, except the
	 * system call: a ring-3 gate that leaves interrupts on, so the clock
	 * samples the kernel's own work. */
	for (int v = 0; v < 256; v++)
		idt[v] = gate_desc(vectors[v], STS_IG32, 0);
	idt[T_SYSCALL] = gate_desc(vectors[T_SYSCALL], 0x0F /* trap gate */, 3);
	lidt(idt, sizeof(idt));
}

void cpu_setvector(int v, uint32_t handler)
{
	idt[v] = gate_desc(handler, STS_IG32, 0);
}

uint32_t cpu_vector(int v)
{
	return (uint32_t)(idt[v] & 0xFFFF) | (uint32_t)(idt[v] >> 32 & 0xFFFF0000u);
}

/* Installs a process's LDT and its kernel stack for traps from ring 3, in
 * this CPU's GDT entry and TSS. */
void cpu_setldt(const uint64_t *ldt, int n, uint32_t kstacktop)
{
	int cpu = this_cpu->index;

	gdt[SEL_LDT_OF(cpu) >> 3] = seg_desc((uint32_t)ldt, (uint32_t)(n * sizeof(uint64_t)), STS_LDT, 0);
	lldt((uint16_t)SEL_LDT_OF(cpu));
	tss[cpu].esp0 = kstacktop;
	/* ESP in boot/irq0.asm after its two pushes when a tick comes from
	 * this process's ring 3: the only way to that depth (irq0.asm says why). */
	irq0.ring3_esp = kstacktop - IRQ0_RING3_DEPTH;
}

static const char *const names[] = {
	[T_DE] = "#DE", [T_DB] = "#DB", [T_NMI] = "NMI", [T_BP] = "#BP",
	[T_OF] = "#OF", [T_BR] = "#BR", [T_UD] = "#UD", [T_NM] = "#NM",
	[T_DF] = "#DF", [9] = "#MF9", [T_TS] = "#TS", [T_NP] = "#NP",
	[T_SS] = "#SS", [T_GP] = "#GP", [T_PF] = "#PF", [T_MF] = "#MF",
	[T_AC] = "#AC", [T_MC] = "#MC", [T_XM] = "#XM", [20] = "#VE",
	[21] = "#CP",
};

const char *trapname(uint32_t trapno)
{
	if (trapno < sizeof(names) / sizeof(names[0]) && names[trapno])
		return names[trapno];
	return "#??";
}
