/* evcost.c: what the event profiles cost (docs/events.md), measured by the
 * guest itself under -icount as tickcost.c measures a tick: the TSC counts
 * 2^shift ns an instruction.
 *   evcost          prints the instructions of a system call (getpid,
 *                   through the gate, its loop's 3 included) and of a
 *                   tick, with no event profile and with each kind on,
 *                   and of a round of two yields that switch
 *   evcost yield N  (the other process of the round: N yields)
 *   evcost naps     sleeps of known lengths in four functions, for the
 *                   off-CPU shares against the exact sleeps */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <profile.h>
#include <profkern.h>
#include "wl.h"

#define CALLS 200000u
#define YIELDS 20000u
#define WINDOW 20000000u

static uint64_t per_insn;
static char list[] = "EVCOST\0";	/* with the array's NUL: "EVCOST\0\0" */

static void getpid_raw(void)
{
	int r = 5;
	__asm__ volatile("int $0x80" : "+a"(r) : : "memory");
}

static void yield_raw(void)
{
	int r = 8;
	__asm__ volatile("int $0x80" : "+a"(r) : : "memory");
}

static void sleep_raw(int ms)
{
	int r = 10;
	__asm__ volatile("int $0x80" : "+a"(r) : "b"(ms) : "memory");
}

static uint64_t ticks_now(void)
{
	uint64_t t;
	uint32_t hz;
	clock_ticks(&t, &hz);
	return t;
}

/* tenths of instructions a unit: total TSC t over n units */
static void show(const char *what, const char *unit, uint64_t t, uint64_t n, uint64_t ticks)
{
	uint64_t tenths = (t * 10 / per_insn + n / 2) / n;

	printf("evcost: %-40s %7u.%u instructions a %s (%u ticks)\n", what, (unsigned)(tenths / 10),
	       (unsigned)(tenths % 10), unit, (unsigned)ticks);
}

static void calls(const char *what)
{
	uint64_t k0 = ticks_now(), t0 = wl_rdtsc();

	for (uint32_t i = 0; i < CALLS; i++)
		getpid_raw();
	t0 = wl_rdtsc() - t0;
	show(what, "call", t0, CALLS, ticks_now() - k0);
}

static void tick(const char *what)
{
	uint64_t k0 = ticks_now(), t = wl_timed_loop(WINDOW), k1 = ticks_now();

	show(what, "tick", t - 2ull * WINDOW * per_insn, k1 - k0, k1 - k0);
}

/* Two processes yielding in turn: each yield a switch, each switch an
 * event of the switch profile; the round's instructions a switch. */
static void rounds(const char *what)
{
	char n[16], *args[] = { "evcost", "yield", n, 0 };
	uint64_t k0, t0;
	int pid, status;

	snprintf(n, sizeof n, "%u", YIELDS);
	pid = spawn("evcost", args);
	sleep_raw(5);	/* the other one yields from now on */
	k0 = ticks_now();
	t0 = wl_rdtsc();
	for (uint32_t i = 0; i < YIELDS; i++)
		yield_raw();
	t0 = wl_rdtsc() - t0;
	show(what, "switch", t0, 2ull * YIELDS, ticks_now() - k0);
	waitchild(pid, &status);
}

static void __attribute__((noinline)) nap7(void) { for (int i = 0; i < 10; i++) sleep_raw(7); }
static void __attribute__((noinline)) nap13(void) { for (int i = 0; i < 10; i++) sleep_raw(13); }
static void __attribute__((noinline)) nap29(void) { for (int i = 0; i < 10; i++) sleep_raw(29); }
static void __attribute__((noinline)) nap51(void) { for (int i = 0; i < 10; i++) sleep_raw(51); }

static void with(int type, const char *what)
{
	ProfInit(type, list);
	ProfOn(type);
	calls(what);
	tick(what);
	rounds(what);
	ProfOff(type);
	ProfFree(type);
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "yield")) {
		for (int i = atoi(argv[2]); i > 0; i--)
			yield_raw();
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], "naps")) {
		nap7(), nap13(), nap29(), nap51();
		return 0;
	}
	per_insn = (wl_fastest_loop(3000) - wl_fastest_loop(1000) + 2000) / 4000;
	printf("evcost: %u TSC units an instruction\n", (unsigned)per_insn);
	calls("no event profile");
	tick("no event profile");
	rounds("no event profile");
	with(PT_SYSTEM | PT_SYSCALL, "system calls, each");
	with(PT_SYSTEM | PT_SYSCALL | PT_EVERY(100), "system calls, every 100th");
	with(PT_SYSTEM | PT_SWITCH, "switches, each");
	with(PT_SYSTEM | PT_OFFCPU, "off the CPU");
	printf("evcost: done\n");
	return 0;
}
