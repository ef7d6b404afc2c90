/* ticktest.c: boot argument selftest=tick. The timer's fast path
 * (boot/irq0.asm) is the code that counts most ticks; this runs that very
 * code, from the IDT's own entry, on made-up ring-3 frames (an EIP at and
 * around every limit that matters, and random ones) for every kind of
 * plan, and checks that each tick changes exactly what prof_tick() changes
 * from the same state, that it counts one tick and one tick of the slice,
 * and that a slice's end is renewed when no other work waits. Ticks the
 * plan cannot count are prof_tick()'s, called from the assembly with the
 * frame's CS and EIP: the same comparison holds them to it. A tick in the
 * kernel goes through the entry's kernel path and prof_tick() the same way.
 * The kernel prints one line and shuts down. */
#include "ticktest.h"
#include "tick.h"
#include "trapframe.h"
#include "cpu.h"
#include "desc.h"
#include "console.h"
#include "mem.h"
#include "profile.h"
#include "qemuexit.h"
#include "pic8259.h"
#include <string.h>

void ticktest_ring3(uint32_t entry, uint32_t cs, uint32_t eip, uint32_t esp, uint32_t ebp);	/* tickframe.asm */
uint32_t ticktest_kernel(void);
extern const char ticktest_np[];
extern uint32_t ticktest_regs[7];	/* EAX EBX ECX EDX ESI EDI EBP after a ring-3 tick */

extern struct prof_session *prof_system;

#define UCS 0x07	/* LDT index 0, RPL 3: a process's code selector */

static uint64_t ldt[4];
static uint8_t pfmem[4096];
#define STATE_MAX (1 << 19)
static uint8_t *before, *by_asm, *by_c;	/* STATE_MAX each */
static uint32_t t_esp, t_ebp;	/* the process's ESP and EBP at the next tick */
static uint32_t entry;
static uint32_t seed = 12345;
static int ticks_run, bad, planned;

/* Makes pp's plan the running one, as at a switch to pp. */
static void load_plan(struct prof_proc *pp)
{
	irq0.prof = pp;
	tick_plan_load();
}

static uint32_t rnd(void)
{
	seed = seed * 1103515245u + 12345u;
	return seed >> 8 ^ seed << 13;
}

/* Everything a tick may change: both sessions' counts, their tables of
 * stacks (the used part), their counters, the profil buffer. */
static size_t snapshot(const struct prof_proc *pp, uint8_t *out, int back)
{
	struct prof_session *ss[2] = { pp ? pp->user : 0, prof_system };
	size_t n = 0;

	for (int k = 0; k < 2; k++) {
		struct prof_session *s = ss[k];
		if (!s)
			continue;
		/* the first CPU's kernel, idle, out_of_range (the self-test runs on it) */
		if (back)
			memcpy(&s->cpu[0].kernel, out + n, 3 * sizeof s->cpu[0].kernel);
		else
			memcpy(out + n, &s->cpu[0].kernel, 3 * sizeof s->cpu[0].kernel);
		n += 3 * sizeof s->cpu[0].kernel;
		if (s->stacks) {
			struct prof_stacks *t = s->stacks;
			/* counts, dropped, its sizes, slots */
			size_t head = offsetof(struct prof_stacks, slots) + (t->mask + 1) * 4;
			uint32_t ne, np;

			if (back) {
				memcpy(t, out + n, head);
			} else {
				memcpy(out + n, t, head);
			}
			ne = t->nents, np = t->pool_used;
			n += head;
			if (n + ne * sizeof t->ents[0] + np * 4 + sizeof(pfmem) > STATE_MAX)
				panic("ticktest: state too large");
			if (back) {
				memcpy(t->ents, out + n, ne * sizeof t->ents[0]);
				memcpy(t->pool, out + n + ne * sizeof t->ents[0], np * 4);
			} else {
				memcpy(out + n, t->ents, ne * sizeof t->ents[0]);
				memcpy(out + n + ne * sizeof t->ents[0], t->pool, np * 4);
			}
			n += ne * sizeof t->ents[0] + np * 4;
		}
		for (uint32_t i = 0; i < s->nbufs; i++) {
			size_t len = pdump_nbuckets(s->bufs[i].length, PROF_SHIFT) * 4;
			if (n + len + sizeof(pfmem) > STATE_MAX)
				panic("ticktest: state too large");
			if (back)
				memcpy(s->bufs[i].counters, out + n, len);
			else
				memcpy(out + n, s->bufs[i].counters, len);
			n += len;
		}
	}
	if (back)
		memcpy(pfmem, out + n, sizeof(pfmem));
	else
		memcpy(out + n, pfmem, sizeof(pfmem));
	return n + sizeof(pfmem);
}

/* An EIP near the edges that matter: 0, the plan's limits, the wrap. */
static uint32_t some_eip(void)
{
	const struct prof_plan *p = &irq0.plan;
	uint32_t near[] = { 0, p->seg[0].limit, p->pfoffset, p->pfoffset + p->pflimit, 0xFFFFFFFFu,
			    p->pfoffset + p->pflimit / 2 };
	switch (rnd() % 4) {
	case 0: return rnd();
	case 1: return rnd() % 0x400;
	default: return near[rnd() % 6] + rnd() % 9 - 4;
	}
}

/* Whether the ring-3 tick just run gave ring 3 its registers back. */
static void regs_kept(uint32_t ebp, const char *what)
{
	static const uint32_t want[6] = { 0xA1A1A1A1, 0xB2B2B2B2, 0xC3C3C3C3, 0xD4D4D4D4,
					  0x5E5E5E5E, 0xD1D1D1D1 };

	if ((memcmp(ticktest_regs, want, sizeof want) || ticktest_regs[6] != ebp) && bad++ < 8)
		kprintf("ticktest: %s: registers not kept (ECX %08x, EBP %08x)\n", what, ticktest_regs[2],
			ticktest_regs[6]);
}

/* One tick at cs:eip through the real entry, then through prof_tick()
 * from the same state; kernel: a tick in the kernel instead. */
static void one(struct prof_proc *pp, uint32_t eip, int kernel, const char *what)
{
	uint64_t t0 = irq0.ticks;
	size_t n = snapshot(pp, before, 0);

	irq0.slice_left = 1000;
	if (kernel) {
		eip = ticktest_kernel();
	} else {
		ticktest_ring3(entry, UCS, eip, t_esp, t_ebp);
		regs_kept(t_ebp, what);
	}
	snapshot(pp, by_asm, 0);
	ticks_run++;
	if (irq0.ticks != t0 + 1 || irq0.slice_left != 999) {
		if (bad++ < 8)
			kprintf("ticktest: %s, EIP %08x: ticks +%u, slice left %u\n", what, eip,
				(uint32_t)(irq0.ticks - t0), irq0.slice_left);
	}
	snapshot(pp, before, 1);
	prof_tick(pp, kernel ? SEL_KCODE : UCS, eip, kernel ? 0 : t_ebp);
	snapshot(pp, by_c, 0);
	if (memcmp(by_asm, by_c, n)) {
		if (bad++ < 8)
			kprintf("ticktest: %s, plan %u, EIP %08x: irq0.asm and prof_tick() differ\n", what,
				irq0.plan.kind, eip);
	} else if (memcmp(by_asm, before, n)) {
		planned++;	/* counted somewhere */
	}
}

static void run(struct prof_proc *pp, int n, const char *what)
{
	load_plan(pp);
	for (int i = 0; i < n; i++)
		one(pp, some_eip(), 0, what);
}

static struct prof_codeseg seg_of(struct prof_proc *owner, uint32_t origin, uint32_t length)
{
	struct prof_codeseg s = { owner, UCS, 1, origin, length, "TICKTEST", 0, UCS >> 3 };
	return s;
}

static void must(int err, const char *call)
{
	if (err && bad++ < 8)
		kprintf("ticktest: %s: error %d\n", call, err);
}

static void expect_kind(struct prof_proc *pp, uint32_t kind, const char *what)
{
	load_plan(pp);
	if (irq0.plan.kind != kind && bad++ < 8)
		kprintf("ticktest: %s: plan %u, wanted %u\n", what, irq0.plan.kind, kind);
}


/* ---- call stacks: irq0_stacks against prof_tick() ---------------------------- */

/* A process's memory: its code (CODE bytes) and its stack (USZ), each
 * from offset 0 of its own block, as kernel/proc.c makes them. Return
 * addresses are RET(k), each after an E8; frames are chains of several
 * depths, and hostile ones. */
#define USZ	0x2000u
#define CODE	0x400u
#define RET(k)	(0x105u + 0x10u * (k))
#define NRET	40
static uint8_t umem[USZ] __attribute__((aligned(16)));	/* the stack */
static uint8_t ucode[CODE] __attribute__((aligned(16)));
static uint32_t uesp_of;	/* what the C path reads as the ESP at entry */

static void put(uint32_t at, uint32_t v)
{
	memcpy(umem + at, &v, 4);	/* at any alignment */
}

static void chain(uint32_t at, uint32_t depth, uint32_t step)
{
	for (uint32_t i = 0; i < depth; i++, at += step) {
		put(at, i + 1 < depth ? at + step : 0);
		put(at + 4, RET(rnd() % NRET));
	}
}

static void stacks_memory(void)
{
	memset(ucode, 0x90, CODE);
	for (uint32_t k = 0; k < NRET; k++)
		ucode[RET(k) - 5] = 0xE8;
	memset(umem, 0, USZ);
	for (uint32_t k = 0; k < CODE; k++)
		umem[k] = 0xE8;		/* what the stack holds at the code's offsets is not code */
	chain(0x800, 3, 8);
	chain(0x840, 10, 16);
	chain(0xA00, 70, 16);		/* past the depth cap */
	chain(0xF00, 12, 12);		/* frames 4-aligned but not 8-aligned */
	chain(0x1003, 5, 9);		/* misaligned frames */
	put(0x1100, 0x10F0); put(0x1104, RET(1));	/* descending */
	put(0x1110, 0x1110); put(0x1114, RET(2));	/* a loop onto itself */
	put(0x1120, USZ - 7); put(0x1124, RET(3));	/* next one byte past the last frame */
	put(0x1130, USZ - 8); put(0x1134, RET(4));	/* next the window's last frame */
	put(USZ - 8, USZ - 4); put(USZ - 4, RET(5));	/* which points past the end */
	put(0x1140, 0xFFFFFFF8u); put(0x1144, RET(6));	/* wraps */
	put(0x1150, 0x1151); put(0x1154, RET(7));	/* up by one byte */
	put(0x1800, RET(8));		/* ESP words: a return address */
	put(0x1804, RET(8) + 1);	/* not after a call */
	put(0x1808, 3);			/* too near the code's start */
	put(0x180C, CODE);		/* past the code: E8 at CODE - 5 is code */
	ucode[CODE - 5] = 0xE8;
	put(0x1810, CODE + 1);		/* whose 5 bytes before are not all code */
	ucode[CODE - 4] = 0xE8;
	put(0x1814, 0x1234);
	put(0x1818, 0x1234);		/* a saved EBP, then */
	put(0x181C, RET(9));		/* the return address above it */
	for (uint32_t k = 0; k < NRET; k += 2) {
		ucode[RET(k) + 1] = 0x89;	/* mov ebp, esp */
		ucode[RET(k) + 2] = 0xE5;
	}
	ucode[CODE - 2] = 0x89;		/* at the code's last two bytes */
	ucode[CODE - 1] = 0xE5;
}

static uint32_t some_ebp(void)
{
	static const uint32_t at[] = { 0x800, 0x808, 0x840, 0x8A0, 0xA00, 0xA10, 0xB00, 0xF00, 0xF0C,
				       0x1003, 0x100C, 0x1100, 0x1110, 0x1120, 0x1130, 0x1140, 0x1150,
				       USZ - 8, USZ - 7, USZ - 4, USZ, 0, 0xFFFFFFFFu, 0x80000000u };
	return rnd() % 8 ? at[rnd() % (sizeof at / 4)] : rnd();
}

static uint32_t some_esp(void)
{
	static const uint32_t at[] = { 0x1800, 0x1800, 0x1804, 0x1808, 0x180C, 0x1810, 0x1814, 0x1801,
				       0x1818, 0x1818, USZ - 8, USZ - 4, USZ - 3, USZ, 0x804, 0xFFFFFFFEu,
				       0xFFFFFFFCu };
	return rnd() % 8 ? at[rnd() % (sizeof at / 4)] : rnd();
}

static uint32_t stack_eip(void)
{
	switch (rnd() % 8) {
	case 0: return some_eip();
	case 1: return CODE - 4 + rnd() % 8;
	default: return RET(rnd() % NRET) + rnd() % 4;
	}
}

static void stacks_run(struct prof_proc *pp, int n, const char *what)
{
	load_plan(pp);
	if (irq0.plan.kind != PROF_PLAN_STACKS && bad++ < 8)
		kprintf("ticktest: %s: plan %u, wanted STACKS\n", what, irq0.plan.kind);
	for (int i = 0; i < n; i++) {
		t_ebp = some_ebp();
		uesp_of = t_esp = some_esp();
		one(pp, stack_eip(), 0, what);
	}
	t_esp = t_ebp = 0;
}

/* The same ticks with prof_tick() out of the assembly's reach: the entry
 * calls it for irq0.prof, here a process with no profile, so a tick the
 * assembly does not finish itself changes nothing. Each tick must then be
 * either the assembly's alone, exactly as prof_tick()'s, or, only when
 * prof_tick() had to add a stack, drop one or count the EIP out of the
 * plan's limit, nothing. Returns how many the assembly counted alone. */
static int stacks_fast(struct prof_proc *pp, int n, const char *what)
{
	static struct prof_proc nobody;
	struct prof_stacks *t = pp->user->stacks;
	int alone = 0;

	load_plan(pp);
	for (int i = 0; i < n; i++) {
		uint32_t eip = stack_eip(), ne, np;
		uint64_t dr, t0 = irq0.ticks;
		size_t len;

		t_ebp = some_ebp();
		uesp_of = t_esp = some_esp();
		len = snapshot(pp, before, 0);
		ne = t->nents, np = t->pool_used, dr = t->dropped;
		irq0.slice_left = 1000;
		irq0.prof = &nobody;
		ticktest_ring3(entry, UCS, eip, t_esp, t_ebp);
		irq0.prof = pp;
		regs_kept(t_ebp, what);
		ticks_run++;
		if (irq0.ticks != t0 + 1 && bad++ < 8)
			kprintf("ticktest: %s: the tick not counted\n", what);
		snapshot(pp, by_asm, 0);
		snapshot(pp, before, 1);
		prof_tick(pp, UCS, eip, t_ebp);
		snapshot(pp, by_c, 0);
		if (!memcmp(by_asm, by_c, len)) {
			alone++;
		} else if (memcmp(by_asm, before, len) ||
			   (t->nents == ne && t->pool_used == np && t->dropped == dr &&
			    eip < irq0.plan.seg[0].limit)) {
			if (bad++ < 8)
				kprintf("ticktest: %s, EIP %08x ESP %08x EBP %08x: irq0_stacks left a tick "
					"it should count\n", what, eip, t_esp, t_ebp);
		}
	}
	t_esp = t_ebp = 0;
	return alone;
}

static uint64_t stack_count(const struct prof_stacks *t)
{
	uint64_t c = 0;

	for (uint32_t i = 0; i < t->nents; i++)
		c += t->ents[i].count;
	return c;
}

/* The assembly's stacks against prof_tick()'s with a table of n entries:
 * the slot's shift and the probe's mask are the table's. */
static void stacks_test(uint32_t n)
{
	static struct prof_proc st, sme;
	struct prof_codeseg s = { &st, UCS, 1, 0, CODE, "TICKTEST", 0, UCS >> 3 };
	struct prof_stacks *t;
	uint32_t one_pc[1];
	int planned0;

	must(prof_set_stack_entries(n), "prof_set_stack_entries");
	stacks_memory();
	st.ustack.base = umem;
	st.ucode.base = ucode;
	st.ustack.size = USZ;
	st.ucode.size = CODE;
	st.uesp = &uesp_of;
	must(prof_init(&st, PT_USER | PT_STACKS, 0, &s, 1), "prof_init(&st, PT_USER | PT_STACKS)");
	must(prof_on(&st, PT_USER), "prof_on(&st, PT_USER) with stacks");
	planned0 = planned;
	stacks_run(&st, 3000, "stacks");
	t = st.user->stacks;
	if (t->entries != n && bad++ < 8)
		kprintf("ticktest: stacks: a table of %u entries, wanted %u\n", t->entries, n);
	/* Not a check that cannot fail: the stacks were many, and most ticks
	 * found theirs already in the table (the assembly's own work); a
	 * table too small for them all (the random stacks are a few thousand)
	 * is full, and the assembly still counts the known ones. */
	if (n >= 4096 && (t->nents < 50 || stack_count(t) < 2000 || planned - planned0 < 2500) && bad++ < 8)
		kprintf("ticktest: stacks: %u stacks, %u counted\n", t->nents, (uint32_t)stack_count(t));
	if (n < 4096 && (t->nents != n || t->dropped == 0) && bad++ < 8)
		kprintf("ticktest: stacks: %u stacks of %u, %u dropped\n", t->nents, n, (uint32_t)t->dropped);
	planned0 = stacks_fast(&st, 2000, "stacks, the assembly alone");
	if (planned0 < (n >= 4096 ? 600 : 100) && bad++ < 8)
		kprintf("ticktest: stacks: the assembly counted %d ticks of 2000 alone\n", planned0);
	/* A full table: new stacks dropped, known ones still counted. */
	for (uint32_t i = 0; t->nents < t->entries; i++) {
		one_pc[0] = 0x80000000u + i;
		prof_stacks_add(t, one_pc, 1, 0, 1);
	}
	stacks_run(&st, 1000, "stacks, a full table");
	if (t->dropped == 0 && bad++ < 8)
		kprintf("ticktest: stacks, a full table: nothing dropped\n");
	kprintf("ticktest: a table of %u stacks: %u counted alone, %u dropped when full\n", n,
		planned0, (uint32_t)t->dropped);
	must(prof_off(&st, PT_USER), "prof_off(&st, PT_USER) with stacks");
	prof_exit(&st);
	/* The system profile's stacks, the process attached. */
	must(prof_init(&sme, PT_SYSTEM | PT_STACKS, 0, &s, 1), "prof_init(&sme, PT_SYSTEM | PT_STACKS)");
	must(prof_on(&sme, PT_SYSTEM), "prof_on(&sme, PT_SYSTEM) with stacks");
	stacks_run(&st, 1500, "system stacks");
	must(prof_off(&sme, PT_SYSTEM), "prof_off(&sme, PT_SYSTEM) with stacks");
	must(prof_free(&sme, PT_SYSTEM), "prof_free(&sme, PT_SYSTEM) with stacks");
}

/* profil() alone, over sizes, offsets and scales. */
static void profil_test(void)
{
	static struct prof_proc pf;
	static const uint32_t sizes[] = { 2, 3, 9, 100, 4096 };
	static const uint32_t offsets[] = { 0, 0x100, 0x7FFFFFFF, 0xFFFFFF00 };
	static const uint32_t scales[] = { 2, 3, 0x100, 0x8000, 0x10000, 0x18000, 0xFFFFFFFF };

	for (size_t i = 0; i < sizeof(sizes) / 4; i++)
		for (size_t j = 0; j < sizeof(offsets) / 4; j++)
			for (size_t k = 0; k < sizeof(scales) / 4; k++) {
				uint32_t last = (sizes[i] & ~1u) - 2;
				memset(pfmem, 0, sizeof(pfmem));
				pfmem[last] = pfmem[last + 1] = 0xFF;	/* saturated */
				prof_profil(&pf, pfmem, sizes[i], offsets[j], scales[k]);
				run(&pf, 100, "profil");
			}
	prof_profil(&pf, 0, 0, 0, 0);
}

/* The slice's end with no other work: renewed in the entry itself. */
static void slice_test(void)
{
	load_plan(0);
	irq0.slice_ticks = 7;
	irq0.sched_work = 0;
	irq0.next_wakeup = ~0ull;
	irq0.slice_left = 1;
	ticktest_ring3(entry, UCS, 0x100, 0, 0);
	ticks_run++;
	if (irq0.slice_left != 7 && bad++ < 8)
		kprintf("ticktest: slice end: %u left, wanted 7 (renewed)\n", irq0.slice_left);
}

void ticktest(void)
{
	static struct prof_proc a, other, me;
	struct prof_codeseg s = seg_of(&a, 0, 0x1FE), moved = seg_of(&other, 0x40, 0x100);
	uint64_t ticks0 = irq0.ticks;

	/* A made-up process's LDT: every code selector's descriptor not
	 * present, so the iret back to "ring 3" faults, caught below. */
	for (int i = 0; i < 4; i++)
		ldt[i] = seg_desc(0, 0x1000, STA_X | STA_R, 3) & ~((uint64_t)1 << 47);
	before = kalloc(STATE_MAX);
	by_asm = kalloc(STATE_MAX);
	by_c = kalloc(STATE_MAX);
	if (!before || !by_asm || !by_c)
		panic("ticktest: no memory");
	cpu_setldt(ldt, 4, 0);
	cpu_setvector(T_NP, (uint32_t)ticktest_np);
	entry = cpu_vector(IRQ_BASE + IRQ_TIMER);

	/* No profile: nothing counts. */
	expect_kind(&a, PROF_PLAN_NONE, "no profile");
	run(&a, 500, "no profile");
	/* A user profile alone: the plan's, saturation and the limit included. */
	must(prof_init(&a, PT_USER, 0, &s, 1), "prof_init(&a, PT_USER, 0, &s, 1)");
	must(prof_on(&a, PT_USER), "prof_on(&a, PT_USER)");
	expect_kind(&a, PROF_PLAN_DWORD, "user profile");
	a.ubuf[0]->counters[5] = 0xFFFFFFFFu;
	a.ubuf[0]->counters[6] = 0xFFFFFFFEu;
	run(&a, 4000, "user profile");
	/* A user profile with profil: prof_tick()'s, called from the entry. */
	prof_profil(&a, pfmem, 100, 0, 0x10000);
	expect_kind(&a, PROF_PLAN_CALL, "user profile and profil");
	run(&a, 1000, "user profile and profil");
	prof_profil(&a, 0, 0, 0, 0);
	must(prof_off(&a, PT_USER), "prof_off(&a, PT_USER)");
	prof_exit(&a);
	/* Every table of stacks below is small: a snapshot copies its slots. */
	must(prof_set_stack_entries(PROF_STACK_ENTRIES_MIN), "prof_set_stack_entries");
	/* A user profile with call stacks: prof_tick()'s, called from the entry
	 * with the interrupted EBP; the flat counts as the C path's (a has no
	 * stack windows: the walk reads nothing). */
	must(prof_init(&a, PT_USER | PT_STACKS, 0, &s, 1), "prof_init(&a, PT_USER | PT_STACKS, 0, &s, 1)");
	must(prof_on(&a, PT_USER), "prof_on(&a, PT_USER) with stacks");
	expect_kind(&a, PROF_PLAN_CALL, "user profile with stacks");
	run(&a, 2000, "user profile with stacks");
	if (a.user->stacks->nents == 0 && bad++ < 8)
		kprintf("ticktest: user profile with stacks: no stack counted\n");
	must(prof_off(&a, PT_USER), "prof_off(&a, PT_USER) with stacks");
	prof_exit(&a);
	/* The assembly's own stacks (STACKS), against prof_tick()'s, with
	 * small tables (a snapshot copies every slot, several times a tick),
	 * of two sizes (each table's own shift and mask): one with room for
	 * the stacks, one full. */
	stacks_test(4096);
	stacks_test(PROF_STACK_ENTRIES_MIN);
	must(prof_set_stack_entries(PROF_STACK_ENTRIES_DEFAULT), "prof_set_stack_entries");
	/* Counters that do not start at offset 0: limit 0, every tick called. */
	must(prof_init(&other, PT_USER, 0, &moved, 1), "prof_init(&other, PT_USER, 0, &moved, 1)");
	must(prof_on(&other, PT_USER), "prof_on(&other, PT_USER)");
	run(&other, 1000, "moved segment");
	must(prof_off(&other, PT_USER), "prof_off(&other, PT_USER)");
	prof_exit(&other);
	/* The system profile: an attached process, and ticks in the kernel. */
	s = seg_of(&a, 0, 0x333);
	must(prof_init(&me, PT_SYSTEM, 0, &s, 1), "prof_init(&me, PT_SYSTEM, 0, &s, 1)");
	must(prof_on(&me, PT_SYSTEM), "prof_on(&me, PT_SYSTEM)");
	expect_kind(&a, PROF_PLAN_DWORD, "system profile");
	run(&a, 4000, "system profile");
	for (int i = 0; i < 200; i++)
		one(&a, 0, 1, "kernel tick");
	must(prof_off(&me, PT_SYSTEM), "prof_off(&me, PT_SYSTEM)");
	must(prof_free(&me, PT_SYSTEM), "prof_free(&me, PT_SYSTEM)");
	profil_test();
	slice_test();

	/* The entry counted every tick the test made, and nothing else. */
	if (irq0.ticks - ticks0 != (uint64_t)ticks_run && bad++ < 8)
		kprintf("ticktest: the entry counted %u ticks of %d\n", (uint32_t)(irq0.ticks - ticks0),
			ticks_run);
	kprintf("ticktest: %d ticks through the IRQ0 entry, %d counted, %d bad\n", ticks_run, planned, bad);
	machine_exit(bad ? QEMUEXIT_PANIC : QEMUEXIT_OK);
}
