/* turns.c: the round of turns among the busy CPUs (turns.h). */
#include "turns.h"
#include "percpu.h"
#include "lapic.h"
#include "x86.h"

int smp_turns;
volatile uint32_t smp_turn = TURN_NONE, smp_busy, smp_stolen;
uint32_t turns_base, turns_shift;

/* Every CPU's next busy one, round the CPUs' order (itself when it is
 * the only one). */
static void turns_relink(void)
{
	for (int c = 0; c < ncpu; c++) {
		int n = c;
		for (int k = 1; k < ncpu; k++)
			if (smp_busy & 1u << ((c + k) % ncpu)) {
				n = (c + k) % ncpu;
				break;
			}
		percpu_area[c].turn_next = (uint32_t)n;
		percpu_area[c].turn_next_id = percpu_area[n].apic_id << 24;
	}
}

void turns_join(uint32_t quantum)
{
	struct irq0_state *q = &irq0;

	if (!smp_turns)
		return;
	__atomic_or_fetch(&smp_busy, 1u << this_cpu->index, __ATOMIC_SEQ_CST);
	turns_relink();
	/* the first period, drawn as boot/irq0turns.inc's smp_rtick draws them */
	q->jitter_seed *= SMP_MCG_MUL;
	this_cpu->turn_first = turns_base + (turns_shift < 32 ? q->jitter_seed >> turns_shift : 0);
	this_cpu->turn_ticks = (int32_t)quantum;
	this_cpu->turn_left = this_cpu->turn_ticks;
	lapic_timer_start(SMP_RTICK_VECTOR, 0);	/* none until its turn (boot/trapentry.asm's trapret) */
}

void turns_leave(void)
{
	uint32_t me = (uint32_t)this_cpu->index;

	if (!smp_turns)
		return;
	lapic_timer_start(SMP_RTICK_VECTOR, 0);
	this_cpu->turn_first = 0;
	__atomic_and_fetch(&smp_busy, ~(1u << me), __ATOMIC_SEQ_CST);
	turns_relink();
	if (__atomic_compare_exchange_n(&smp_turn, &me, smp_busy ? this_cpu->turn_next : TURN_NONE, 0,
					__ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST) && smp_busy)
		(void)lapic_ipi(percpu_area[this_cpu->turn_next].apic_id, SMP_TURN_VECTOR | ICR_ASSERT);
}

void turns_kick(void)
{
	if (!smp_turns)
		return;
	for (int c = 0; c < ncpu; c++)
		if (c != this_cpu->index && !(smp_busy & 1u << c)) {
			(void)lapic_ipi(percpu_area[c].apic_id, SMP_WAKE_VECTOR | ICR_ASSERT);
			return;
		}
}

void turns_give_back(uint32_t counts)
{
	if (counts < turns_base / 8)
		__atomic_add_fetch(&smp_stolen, counts, __ATOMIC_SEQ_CST);
}

void turns_start(uint32_t quantum)
{
	if (!smp_turns)
		return;
	turns_join(quantum);
	smp_turn = (uint32_t)this_cpu->index;
	lapic_timer_start(SMP_RTICK_VECTOR, this_cpu->turn_first);
	this_cpu->turn_first = 0;
}
