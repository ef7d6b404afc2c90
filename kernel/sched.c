/* sched.c: the round-robin scheduler. The kernel never switches in the
 * middle of its own work: a switch happens only on the way back to ring 3
 * or out of the idle loop (ptable.c). The timer's fast path
 * (boot/irq0.asm) calls on it only when there is work to do. */
#include "sched.h"
#include "cpu.h"
#include "console.h"
#include "x86.h"
#include "clock.h"
#include "vm.h"
#include "tick.h"
#include "turns.h"
#include "profkern/events.h"
#include <stddef.h>

/* boot/irq0.asm indexes the plan's seg[] by a ring-3 CS with its low 3
 * bits cleared: the LDT index times 8. Ring 3 runs only in LDT code
 * segments (the GDT has no DPL-3 code), all inside seg[]. */
_Static_assert(NLDT_ALL <= PROF_LDT_SLOTS, "every LDT index has a plan entry");
/* Whose registers this CPU's FPU holds (kernel/fpu.h): the last process
 * to run here, or 0 when that one's registers were saved (with several
 * CPUs, at every switch away: the process may run next on another CPU) or
 * it has ended (then nothing is saved). */
#define fpu_owner (this_cpu->fpu_owner)

/* p's slice: the quantum, or 1 for idle, which looks for work at every tick. */
static void new_slice(struct proc *p)
{
	irq0.slice_ticks = p == &idleproc ? 1 : clock_quantum();
	irq0.slice_left = irq0.slice_ticks;
	p->spawn_grace = 0;
}

/* From the clock, when the quantum is over or the machine idles (then it
 * looks again at every tick, for sleepers to wake). */
void sched_tick(void)
{
	need_resched = 1;
	irq0.slice_left = 1;		/* if the switch must wait (a system call is under way), retry */
}

/* Another process became runnable: every CPU's next slice end looks. */
void sched_runnable(void)
{
	for (int c = 0; c < ncpu; c++)
		percpu_area[c].irq0.sched_work = 1;
	turns_kick();
}

/* A sleeper's tick: the clock calls on the scheduler when it has come. */
void sched_wake_at(uint64_t tick)
{
	clock_set_wakeups(tick, 1);
}

static void wake_sleepers(void)
{
	uint64_t now = clock_ticks(), soonest = ~0ull;

	if (now < clock_soonest())
		return;
	for (int i = 0; i < NPROC; i++) {
		if (procs[i].state != P_SLEEPING)
			continue;
		if (procs[i].wakeup <= now)
			procs[i].state = P_RUNNABLE;
		else if (procs[i].wakeup < soonest)
			soonest = procs[i].wakeup;
	}
	clock_set_wakeups(soonest, 0);
}

/* Whether a process other than the one about to run is waiting to: then
 * every CPU's clock calls on the scheduler at its slice's end. */
static void note_work(const struct proc *running)
{
	uint32_t work = 0;

	for (int i = 0; i < NPROC; i++)
		if (procs[i].state == P_RUNNABLE && &procs[i] != running)
			work = 1;
	for (int c = 0; c < ncpu; c++)
		percpu_area[c].irq0.sched_work = work;
	if (work)
		turns_kick();
}

/* After a spawn: the caller goes on for at least one whole tick period
 * more, even if its slice ran out during the system call, so that it can
 * arrange the child's start (profrun turns its profile on) before the
 * child's first instruction. The slice is stretched to 2 ticks (the next
 * tick may come at once; the one after comes a period later) and a switch
 * a slice end asked for waits for them; once a slice, so that a process
 * spawning in a loop gets at most 2 ticks more than the others' quantum. */
void sched_fresh_slice(void)
{
	uint32_t fl = irq_save();

	if (!curproc->spawn_grace) {
		curproc->spawn_grace = 1;
		need_resched = 0;
		if (irq0.slice_left < 2)
			irq0.slice_left = 2;
	}
	irq_restore(fl);
}

void sched_yield(void)
{
	need_resched = 1;
}

static struct proc *pick_next(void)
{
	int start = curproc == &idleproc ? 0 : (int)(curproc - procs) + 1;

	for (int n = 0; n < NPROC; n++) {
		struct proc *p = &procs[(start + n) % NPROC];
		if (p->state == P_RUNNABLE)
			return p;
	}
	return &idleproc;
}

/* Frees the zombies nobody will wait for; never the one whose stack we are on. */
static void free_orphans(const struct proc *onstack)
{
	for (int i = 0; i < NPROC; i++)
		if (procs[i].state == P_ZOMBIE && !procs[i].parent && &procs[i] != onstack)
			free_proc(&procs[i]);
}

/* The same, now, from a system call: a child its parent has just reaped is
 * such a zombie until the next switch, with all its memory (a heap can be
 * nearly all of it). spawn calls this before it takes memory, so that the
 * memory of a child that has exited is there for the next one at once. */
void sched_free_orphans(void)
{
	uint32_t fl = irq_save();

	free_orphans(curproc);
	irq_restore(fl);
}

struct trapframe *sched_return(struct trapframe *tf)
{
	struct proc *old = curproc, *next;
	int blocked;

	cli();
	if (!TF_USER(tf) && old != &idleproc)
		return tf;	/* back into the kernel's own work: never switch there */
	old->tf = tf;
	if (old->state == P_RUNNING && !need_resched) {
		if (tick_plan_gen != prof_gen)
			tick_plan_load();	/* a profile changed: before ring 3 runs again */
		return tf;
	}
	blocked = old->state != P_RUNNING;	/* it waits, sleeps or has exited */
	if (old->state == P_RUNNING && old != &idleproc)
		old->state = P_RUNNABLE;
	wake_sleepers();
	next = pick_next();
	/* an event profile's switch, where old's code was (docs/events.md) */
	if (next != old && old != &idleproc) {
		prof_note_event(&old->prof, blocked ? PROF_EV_SWITCH_VOLUNTARY : PROF_EV_SWITCH_INVOLUNTARY,
				tf->cs, tf->eip, tf->ebp);
		old->offtick = blocked ? clock_ticks() : 0;	/* its time off the CPU starts */
	}
	note_work(next);
	/* times(): the ticks each ran, counted before free_orphans() may free
	 * old (interrupts are off: the count stands still) */
	old->cputicks += irq0.ticks - old->runstart;
	vm_switch(next == &idleproc ? 0 : &next->vm);
	free_orphans(old);
	need_resched = 0;
	new_slice(next);
	if (next == &idleproc && old == &idleproc)
		return tf;
	if (next == &idleproc)
		turns_leave();	/* turns=1: out of the round (kernel/smp/turns.h) */
	else if (old == &idleproc)
		turns_join(clock_quantum());
	if (next == &idleproc) {
		int alive = 0;	/* (running on another CPU, or waiting to) */
		for (int i = 0; i < NPROC; i++)
			alive += procs[i].state == P_WAITING || procs[i].state == P_SLEEPING ||
				 procs[i].state == P_RUNNING || procs[i].state == P_RUNNABLE;
		if (!alive) {
			kprintf("kernel: no process left; shutting down\n");
			proc_shutdown();
		}
	}
	if (next != &idleproc) {
		next->state = P_RUNNING;
		cpu_setldt(next->ldt, NLDT_ALL, (uint32_t)next->kstack + KSTACK_SIZE);
	}
	/* The FPU holds the registers of the last process that ran here (idle
	 * never touches them): they go to it, and next's come back. With
	 * several CPUs they go at once, as old may run next elsewhere. */
	if (next != old && ncpu > 1 && fpu_owner && fpu_owner == old) {
		fpu_switch(&old->fpu, 0);
		fpu_owner = 0;
	}
	if (next != old && next != &idleproc) {
		if (fpu_owner != next)
			fpu_switch(fpu_owner ? &fpu_owner->fpu : 0, &next->fpu);
		fpu_owner = next;
	}
	if (next != &idleproc) {
		this_cpu->moved_in += next->ranon && next->ranon != this_cpu->index + 1;
		next->ranon = this_cpu->index + 1;
	}
	/* an event profile's time off the CPU: next's since it blocked, with its memory mapped */
	if (prof_events && next != old && next != &idleproc && next->offtick)
		prof_offcpu(&next->prof, clock_ticks() - next->offtick);
	next->runstart = irq0.ticks;
	curproc = next;
	irq0.prof = next == &idleproc ? 0 : &next->prof;
	tick_plan_load();
	return next->tf;	/* trapret lets in a tick held back meanwhile */
}

/* Leaves kmain for the first process; kmain's stack is never used again.
 * With several CPUs, the others are idle until their clocks find work
 * (kernel/time/timers.c lets them in). */
void sched_start(void)
{
	struct proc *next = pick_next();

	if (next != &idleproc) {
		turns_start(clock_quantum());
		next->state = P_RUNNING;
		cpu_setldt(next->ldt, NLDT_ALL, (uint32_t)next->kstack + KSTACK_SIZE);
		vm_switch(&next->vm);
		fpu_switch(0, &next->fpu);
		fpu_owner = next;
	}
	next->runstart = irq0.ticks;
	curproc = next;
	irq0.prof = next == &idleproc ? 0 : &next->prof;
	tick_plan_load();
	new_slice(next);
	/* The other CPUs into the scheduler only now: until the first
	 * process is this CPU's, they could take it too (this CPU holds no
	 * lock here) */
	smp_go = 1;
	__asm__ volatile("mov %0, %%esp\n jmp trapret" : : "r"(next->tf) : "memory");
	__builtin_unreachable();
}

/* Another CPU: idle, until its clock finds work (sched_work, which
 * kernel/time/timers.c sets before it lets the CPU in). */
void sched_ap_start(void)
{
	irq0.prof = 0;
	tick_plan_load();
	new_slice(&idleproc);
	__asm__ volatile("mov %0, %%esp\n jmp trapret" : : "r"(idleproc.tf) : "memory");
	__builtin_unreachable();
}
