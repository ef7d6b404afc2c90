/* turns.h: with several CPUs, by default (turns=1), the round of turns
 * among the CPUs that run a process, which makes a sample a period of one
 * CPU's own work, on QEMU's one clock (-icount) as on hardware
 * (boot/irq0turns.inc's smp_rtick; docs/smp.md, "The turns"). */
#ifndef KERNEL_SMP_TURNS_H
#define KERNEL_SMP_TURNS_H

#include <stdint.h>

#define TURN_NONE 31		/* smp_turn when no CPU is busy: never a busy CPU's bit */
/* A busy CPU's tick (boot/irq0turns.inc's smp_rtick), the IPI that wakes an
 * idle one (smp_wake), the one that gives a CPU its turn (smp_turn_ipi). */
#define SMP_RTICK_VECTOR 0xF3
#define SMP_WAKE_VECTOR 0xF5
#define SMP_TURN_VECTOR 0xF6

extern int smp_turns;		/* turns=1 */
/* The CPU whose turn it is, the busy CPUs (a bit each), and the TSC counts
 * other CPUs ran in the turn's period (the next period gets them back). */
extern volatile uint32_t smp_turn, smp_busy, smp_stolen;

extern uint32_t turns_base, turns_shift;	/* a period: turns_base + (x >> turns_shift), timers.c's */

/* This CPU starts (join) or stops (leave) running processes, under the
 * kernel's lock, interrupts off (kernel/sched.c). A CPU that leaves passes
 * its turn on and stops its timer; one that joins waits for its turn on
 * its way out to ring 3, the lock let go (boot/irq0.asm's smp_join_wait).
 * turns_start: the first process's, at boot, the turn its own at once. */
void turns_join(uint32_t quantum);
void turns_leave(void);
void turns_start(uint32_t quantum);
/* Work for another CPU: an idle one is woken to look (an idle CPU takes
 * no ticks). */
void turns_kick(void);
/* TSC counts of work that was no process's (the clock's), given back to
 * the turn's next period. */
void turns_give_back(uint32_t counts);

#endif
