/* ownevents.c: a program's own event profiles (docs/events.md, "A
 * program's own"), beside its own time profile: it counts its system
 * calls (3,000 from one line, 1,000 from another), its switches (30 sleeps
 * in one place, 10 in another) and its time off the CPU (300 ms asleep in
 * one place, 100 ms in another), and dumps each. cases/ownevents.sh reads
 * the dumps back. */
#include <stdio.h>
#include <profile.h>
#include <profkern.h>
#include <kerrno.h>

/* A system call made right here (getpid 5, sleep 10), not in a wrapper. */
#define CALL(n, b) do { int r = (n); __asm__ volatile("int $0x80" : "+a"(r) : "b"(b) : "memory"); } while (0)

static __attribute__((noinline)) void many(void) { for (int i = 0; i < 3000; i++) CALL(5, 0); }
static __attribute__((noinline)) void few(void) { for (int i = 0; i < 1000; i++) CALL(5, 0); }
static __attribute__((noinline)) void nap3(void) { for (int i = 0; i < 30; i++) CALL(10, 1); }
static __attribute__((noinline)) void nap1(void) { for (int i = 0; i < 10; i++) CALL(10, 1); }
static __attribute__((noinline)) void long_nap(void) { CALL(10, 300); }
static __attribute__((noinline)) void short_nap(void) { CALL(10, 100); }

static int failures;

static void expect(const char *what, int got, int want)
{
	if (got != want) {
		printf("ownevents: %s: FAILED (got %s, want %s)\n", what, got ? errname(got) : "0",
		       want ? errname(want) : "0");
		failures++;
	}
}

/* The event profile of type, made already: on around a's and b's work, dumped as name, freed. */
static void profile(int type, void (*a)(void), void (*b)(void), const char *name)
{
	expect("ProfOn", ProfOn(type), 0);
	a();
	b();
	expect("ProfOff", ProfOff(type), 0);
	expect("ProfDump", ProfDump(type, (char *)name), 0);
	expect("ProfFree", ProfFree(type), 0);
}

int main(void)
{
	const int sc = PT_USER | PT_SYSCALL, sw = PT_USER | PT_SWITCH, off = PT_USER | PT_OFFCPU;

	/* its time profile, on throughout, and the three event profiles beside it */
	expect("ProfInit time", ProfInit(PT_USER, NULL), 0);
	expect("ProfOn time", ProfOn(PT_USER), 0);
	expect("ProfInit calls", ProfInit(sc | PT_EVERY(1), NULL), 0);
	expect("ProfInit calls twice", ProfInit(sc | PT_EVERY(2), NULL), -EEXIST);
	expect("ProfInit switches", ProfInit(sw, NULL), 0);
	expect("ProfInit off-CPU", ProfInit(off | PT_STACKS, NULL), 0);
	expect("ProfInit with sub-profiles", ProfInit(sc | PT_SPREAD, NULL), -EINVAL);
	expect("ProfInit with a module list", ProfInit(sw, "OWNEVENTS"), -EINVAL);
	expect("ProfOn of the system's", ProfOn(PT_SYSTEM | PT_SYSCALL), -ENOTINIT);
	profile(sc, many, few, "ownevents.syscall.pro");
	profile(sw, nap3, nap1, "ownevents.switch.pro");
	profile(off, long_nap, short_nap, "ownevents.offcpu.pro");
	expect("ProfOff time", ProfOff(PT_USER), 0);
	expect("ProfDump time", ProfDump(PT_USER, "ownevents.pro"), 0);
	expect("ProfFree time", ProfFree(PT_USER), 0);
	printf("ownevents: %d failed\n", failures);
	return failures != 0;
}
