/* iretfuzz.c: `iretfuzz SEED COUNT` forges COUNT ring-3 iret frames with
 * random EFLAGS (VM, NT, IOPL, TF, AC, IF, DF and the rest), each in a child
 * of its own (`iretfuzz -c FLAGS`), profiled, and checks how each child
 * ended against what the flags say must happen:
 *   VM set          the kernel ends it as for a #GP (128 + 13), whatever
 *                   CS:IP the frame gave (virtual-8086 mode is not ring 3's);
 *   TF set          the landing's first instruction traps: #DB (128 + 1);
 *   NT set before   the iret is a task return to no task: #TS or #GP;
 *   otherwise       it lands back in its own code, where IOPL must still be
 *                   0 and IF still 1 (ring 3 gains neither), and exits 0, or
 *                   with AC set may meet #AC (128 + 17).
 * The kernel must live through all of it; the seed is printed first. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <profile.h>
#include <profkern.h>

#define FL_TF	0x100
#define FL_IF	0x200
#define FL_IOPL	0x3000
#define FL_NT	0x4000
#define FL_VM	0x20000
#define FL_AC	0x40000

static uint32_t state;

static uint32_t next(void)
{
	state ^= state << 13;
	state ^= state >> 17;
	state ^= state << 5;
	return state;
}

/* Where a frame without VM returns to: ring 3 must have gained nothing. */
__attribute__((noreturn, used)) static void landing(void)
{
	uint32_t fl;
	__asm__ volatile("cld; pushf; pop %0" : "=r"(fl));
	if (fl & FL_IOPL)
		_exit(99);	/* IOPL granted to ring 3 */
	if (!(fl & FL_IF))
		_exit(98);	/* interrupts off in ring 3 */
	_exit(0);
}

/* The child: FLAGS into the frame's EFLAGS (and, with bit 31 of the seed
 * word, NT into the live flags first), a random real-mode CS:IP when VM. */
static void child(uint32_t flags, uint32_t nt_live, uint32_t cs, uint32_t ip)
{
	uint32_t ds, esp;

	ProfInit(PT_USER, 0);
	ProfOn(PT_USER);
	__asm__ volatile("mov %%ds, %0; mov %%esp, %1" : "=r"(ds), "=r"(esp));
	if (!(flags & FL_VM)) {
		cs = 0x07;	/* this program's own code segment */
		ip = (uint32_t)(uintptr_t)landing;
	}
	__asm__ volatile(
		"push $0; push $0; push %[ds]; push %[ds]\n"	/* GS FS DS ES: popped only with VM */
		"push %[ds]; push %[esp]\n"			/* SS ESP */
		"push %[fl]; push %[cs]; push %[ip]\n"
		"test %[nt], %[nt]\n jz 1f\n"
		"pushf; orl $0x4000, (%%esp); popf\n"		/* NT in the live flags */
		"1: iret"
		: : [ds] "r"(ds), [esp] "r"(esp - 64), [fl] "r"(flags | 2), [cs] "r"(cs), [ip] "r"(ip),
		    [nt] "r"(nt_live)
		: "memory");
	_exit(97);		/* not reached */
}

static int acceptable(uint32_t flags, uint32_t nt_live, int status)
{
	if (nt_live)
		return status == 128 + 10 || status == 128 + 13;
	if (flags & FL_VM)
		return status == 128 + 13;
	if (flags & FL_TF)
		return status == 128 + 1;
	return status == 0 || ((flags & FL_AC) && status == 128 + 17);
}

int main(int argc, char **argv)
{
	uint32_t seed, count, bad = 0, vm = 0;
	char a1[12], a2[12], a3[12], a4[12];

	if (argc == 6 && argv[1][0] == '-' && argv[1][1] == 'c') {
		child((uint32_t)strtoul(argv[2], 0, 0), (uint32_t)strtoul(argv[3], 0, 0),
		      (uint32_t)strtoul(argv[4], 0, 0), (uint32_t)strtoul(argv[5], 0, 0));
	}
	if (argc != 3) {
		printf("usage: iretfuzz SEED COUNT\n");
		return 2;
	}
	seed = (uint32_t)strtoul(argv[1], 0, 0);
	count = (uint32_t)strtoul(argv[2], 0, 0);
	state = seed ? seed : 1;
	printf("iretfuzz: seed %u, %u frames\n", seed, count);
	for (uint32_t i = 0; i < count; i++) {
		/* Each flag on about one time in four, VM one in two. */
		uint32_t flags = next() & 0x003F7FD5;
		uint32_t mask = next() | next();
		uint32_t nt_live = next() % 8 == 0;
		int status = -1, pid;
		flags &= ~(mask & (FL_TF | FL_NT | FL_AC | FL_IOPL | 0x380000));
		if (next() & 1)
			flags &= ~FL_VM;
		vm += (flags & FL_VM) != 0;
		snprintf(a1, sizeof(a1), "%u", flags);
		snprintf(a2, sizeof(a2), "%u", nt_live);
		snprintf(a3, sizeof(a3), "%u", next() & 0xFFFF);
		snprintf(a4, sizeof(a4), "%u", next() & 0xFFFF);
		char *cargv[] = { "iretfuzz", "-c", a1, a2, a3, a4, 0 };
		pid = spawn("iretfuzz", cargv);
		if (pid <= 0 || waitchild(pid, &status) != pid || !acceptable(flags, nt_live, status)) {
			printf("iretfuzz: frame %u: eflags %08x, nt %u: child status %d\n", i, flags, nt_live,
			       status);
			bad++;
		}
	}
	printf("iretfuzz: seed %u: %u frames, %u in vm86, %u bad; the kernel lives\n", seed, count, vm, bad);
	return bad != 0;
}
