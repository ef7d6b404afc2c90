/* percpu.c: each CPU's own page, the page table that maps it at
 * PERCPU_VA, the count of CPUs, and the kernel's lock (percpu.h). */
#include "percpu.h"
#include "x86.h"
#include <stddef.h>
#include <string.h>

#define PTE_P	0x001
#define PTE_W	0x002
#define PTE_PWT	0x008
#define PTE_PCD	0x010

_Static_assert(sizeof(struct percpu) == 4096, "a CPU's state is one page");
_Static_assert(offsetof(struct percpu, irq0) == PERCPU_IRQ0 - PERCPU_VA, "linker.ld's irq0");
_Static_assert(offsetof(struct percpu, cur) == 0, "linker.ld's cpu0_curproc");

struct percpu percpu_area[NCPU_MAX];
int ncpu = 1;
volatile int smp_go;
static uint32_t percpu_pt[NCPU_MAX][1024] __attribute__((aligned(4096)));

/* The lock: a ticket lock. A CPU takes the next ticket and waits until
 * klock_owner comes to it; trapret adds 1 to klock_owner to let it go. */
volatile uint32_t klock_next, klock_owner;

uint32_t percpu_init(int cpu)
{
	struct percpu *p = &percpu_area[cpu];

	memset(p, 0, sizeof(*p));
	p->index = cpu;
	p->irq0.jitter_seed = 1;		/* clockinit() sets seed=N's */
	p->irq0.next_wakeup = ~0ull;		/* no sleeper yet */
	percpu_pt[cpu][0] = (uint32_t)p | PTE_W | PTE_P;
	p->pde = (uint32_t)percpu_pt[cpu] | PTE_W | PTE_P;
	return p->pde;
}

int smp_cpu(void)
{
	return this_cpu->index;
}

void percpu_map_lapic(uint32_t lapic_phys)
{
	for (int c = 0; c < NCPU_MAX; c++)
		percpu_pt[c][(LAPIC_VA - PERCPU_VA) >> 12] =
			(lapic_phys & ~0xFFFu) | PTE_PCD | PTE_PWT | PTE_W | PTE_P;
	__asm__ volatile("invlpg (%0)" : : "r"(LAPIC_VA) : "memory");
}

/* The wait lets the CPU's interrupts in (its ticks are counted, as the
 * kernel's), and pause ends the CPU's turn where an emulator runs the
 * CPUs in turn, so the holder runs next. A trap that comes during the
 * wait sees klock_waiting and does nothing more (kernel/trap.c). */
void klock_take(void)
{
	uint32_t fl = irq_save();
	uint32_t t = __atomic_fetch_add(&klock_next, 1, __ATOMIC_ACQUIRE);

	if (klock_owner != t) {
		this_cpu->klock_waiting = 1;
		while (klock_owner != t)
			__asm__ volatile("sti; nop; pause; cli" ::: "memory");
		this_cpu->klock_waiting = 0;
	}
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	this_cpu->klocked = 1;
	irq_restore(fl);
}
