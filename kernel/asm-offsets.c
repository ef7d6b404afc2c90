/* asm-offsets.c: the numbers the assembly needs from the C structures,
 * made when the kernel is built (kernel/kernel.mk turns the "->NAME value"
 * lines of this file's assembly output into build/k/asm-offsets.inc), so
 * that the assembly of boot/ never writes a layout twice. Never linked. */
#include <stddef.h>
#include "tick.h"
#include "trapframe.h"
#include "desc.h"
#include "pic8259.h"
#include "timers.h"
#include "lapic.h"
#include "percpu.h"
#include "turns.h"

#define DEFINE(name, value) __asm__ volatile("\n.ascii \"->" #name " %c0\\n\"" : : "i"(value))

void asm_offsets(void);
void asm_offsets(void)
{
	/* struct irq0_state (tick.h) */
	DEFINE(IRQ0_TICKS, offsetof(struct irq0_state, ticks));
	DEFINE(IRQ0_JITTER, offsetof(struct irq0_state, jitter));
	DEFINE(IRQ0_JITTER_BASE, offsetof(struct irq0_state, jitter_base));
	DEFINE(IRQ0_JITTER_SEED, offsetof(struct irq0_state, jitter_seed));
	DEFINE(IRQ0_CELL, offsetof(struct irq0_state, cell));
	DEFINE(IRQ0_SLICE_LEFT, offsetof(struct irq0_state, slice_left));
	DEFINE(IRQ0_SLICE_TICKS, offsetof(struct irq0_state, slice_ticks));
	DEFINE(IRQ0_SCHED_WORK, offsetof(struct irq0_state, sched_work));
	DEFINE(IRQ0_NEXT_WAKEUP, offsetof(struct irq0_state, next_wakeup));
	DEFINE(IRQ0_RING3_ESP, offsetof(struct irq0_state, ring3_esp));
	DEFINE(IRQ0_PROF, offsetof(struct irq0_state, prof));
	DEFINE(IRQ0_SAMPLER, offsetof(struct irq0_state, sampler));
	DEFINE(IRQ0_PLAN, offsetof(struct irq0_state, plan));
	/* struct prof_plan (profiler/prof.h), from the start of irq0 */
	DEFINE(PLAN_SEG, offsetof(struct irq0_state, plan.seg));
	DEFINE(PLAN_SEG_LIMIT, offsetof(struct prof_plan_seg, limit));
	DEFINE(PLAN_SEG_COUNTERS, offsetof(struct prof_plan_seg, counters));
	DEFINE(PLAN_SEG_SIZE, sizeof(struct prof_plan_seg));
	DEFINE(PLAN_PFOFFSET, offsetof(struct irq0_state, plan.pfoffset));
	DEFINE(PLAN_PFLIMIT, offsetof(struct irq0_state, plan.pflimit));
	DEFINE(PLAN_PFSCALE, offsetof(struct irq0_state, plan.pfscale));
	DEFINE(PLAN_PFBUF, offsetof(struct irq0_state, plan.pfbuf));
	DEFINE(PLAN_UBASE, offsetof(struct irq0_state, plan.ubase));
	DEFINE(PLAN_CBASE, offsetof(struct irq0_state, plan.cbase));
	DEFINE(PLAN_WBASE, offsetof(struct irq0_state, plan.wbase));
	DEFINE(PLAN_SPMAX, offsetof(struct irq0_state, plan.spmax));
	DEFINE(PLAN_CODEMAX, offsetof(struct irq0_state, plan.codemax));
	DEFINE(PLAN_S1, offsetof(struct irq0_state, plan.s1));
	DEFINE(PLAN_USEG, offsetof(struct irq0_state, plan.useg));
	DEFINE(PLAN_TABLE, offsetof(struct irq0_state, plan.table));
	DEFINE(PLAN_COUNTERS, offsetof(struct irq0_state, plan.counters));
	DEFINE(PLAN_TRACE, offsetof(struct irq0_state, plan.trace));
	DEFINE(PLAN_TREND, offsetof(struct irq0_state, plan.trend));
	DEFINE(TRACE_POS, offsetof(struct prof_trace, pos4));
	/* the table of stacks (profiler/stacks.h) and its entries (format/dump.h) */
	DEFINE(STK_SLOTS, offsetof(struct prof_stacks, slots));
	DEFINE(STK_SHIFT, offsetof(struct prof_stacks, shift));
	DEFINE(STK_MASK, offsetof(struct prof_stacks, mask));
	DEFINE(STK_DEPTH, PROF_STACK_DEPTH);
	DEFINE(STK_HASH_SEED, PROF_HASH_SEED);
	DEFINE(STK_HASH_MUL, PROF_HASH_MUL);
	DEFINE(ST_COUNT, offsetof(struct pdump_stack, count));
	DEFINE(ST_USEG, offsetof(struct pdump_stack, useg));
	DEFINE(ST_KDEPTH, offsetof(struct pdump_stack, kdepth));
	DEFINE(ST_DEPTH, offsetof(struct pdump_stack, depth));
	DEFINE(ST_PCS, offsetof(struct pdump_stack, pcs));
	/* struct trapframe (trapframe.h) */
	DEFINE(TF_CS, offsetof(struct trapframe, cs));
	DEFINE(TF_EFLAGS, offsetof(struct trapframe, eflags));
	/* this CPU's own (kernel/smp/percpu.h), at its window's addresses;
	 * the first CPU's irq0 in its page; the local APIC (lapic.h) */
	DEFINE(PCPU_KLOCKED, PERCPU_VA + offsetof(struct percpu, klocked));
	DEFINE(PCPU_KLOCK_RELEASE, PERCPU_VA + offsetof(struct percpu, klock_release));
	DEFINE(PCPU_KTICKS, PERCPU_VA + offsetof(struct percpu, kticks));
	DEFINE(PCPU_ITICKS, PERCPU_VA + offsetof(struct percpu, iticks));
	DEFINE(PCPU_LATE, PERCPU_VA + offsetof(struct percpu, late));
	DEFINE(PCPU_IRQ0, offsetof(struct percpu, irq0));
	DEFINE(PCPU_INDEX, PERCPU_VA + offsetof(struct percpu, index));
	DEFINE(PCPU_TURN_NEXT, PERCPU_VA + offsetof(struct percpu, turn_next));
	DEFINE(PCPU_TURN_FIRST, PERCPU_VA + offsetof(struct percpu, turn_first));
	DEFINE(PCPU_TURN_LEFT, PERCPU_VA + offsetof(struct percpu, turn_left));
	DEFINE(PCPU_TURN_TICKS, PERCPU_VA + offsetof(struct percpu, turn_ticks));
	DEFINE(PCPU_TURN_NEXT_ID, PERCPU_VA + offsetof(struct percpu, turn_next_id));
	DEFINE(LAPIC_ICR_HI_VA, LAPIC_VA + LAPIC_ICR_HI);
	DEFINE(ICR_FIXED, ICR_ASSERT);
	DEFINE(SMP_TURN_VECTOR, SMP_TURN_VECTOR);
	DEFINE(LAPIC_LVT_VA, LAPIC_VA + LAPIC_LVT_TIMER);
	DEFINE(LAPIC_EOI_VA, LAPIC_VA + LAPIC_EOI);
	DEFINE(LAPIC_TMICT_VA, LAPIC_VA + LAPIC_TMICT);
	DEFINE(LAPIC_ICR_LO_VA, LAPIC_VA + LAPIC_ICR_LO);
	DEFINE(ICR_SELF_FIXED, ICR_SELF | ICR_ASSERT);
	DEFINE(SMP_TICK_VECTOR, SMP_TICK_VECTOR);
	DEFINE(SMP_TICK0_VECTOR, SMP_TICK0_VECTOR);
	DEFINE(SMP_RTICK_VECTOR, SMP_RTICK_VECTOR);
	/* selectors, vectors, flags */
	DEFINE(KDATA_SEL, SEL_KDATA);
	DEFINE(IRQ0_VECTOR, IRQ_BASE + IRQ_TIMER);
	DEFINE(SMP_MCG_MUL, SMP_MCG_MUL);
	DEFINE(SMP_PERIOD_MARK, SMP_PERIOD_MARK);
	DEFINE(SMP_SHIFT_MARK, SMP_SHIFT_MARK);
	DEFINE(FL_VM, FL_VM);
	DEFINE(IRQ0_RING3_DEPTH, IRQ0_RING3_DEPTH);
}
