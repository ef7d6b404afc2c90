/* usertests.c: ring 3 tries to break the kernel, in the manner of xv6's
 * usertests: a table of named tests, each printing OK or FAILED. Every
 * pointer is tried at and around the data segment's limit, across the 4 GiB
 * wrap, null and huge; every call out of order; the faults end only the
 * child that commits them. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <profkern.h>
#include <kerrno.h>
#include "kraw.h"
#include "sys/syscall.h"
#include <profile.h>

static uint32_t limit;		/* bytes in the data segment */
static int failures;

static int expect(const char *what, int got, int want)
{
	if (got != want) {
		printf("usertests:   %s: got %d (%s), want %d (%s)\n", what, got, errname(got), want,
		       errname(want));
		return 0;
	}
	return 1;
}

/* A system call by number, with raw register arguments. */
static int raw(uint32_t num, uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
	int r;
	__asm__ volatile("int $0x80" : "=a"(r) : "a"(num), "b"(a), "c"(b), "d"(c), "S"(d) : "memory", "edi");
	return r;
}

static char *at(uint32_t off) { return (char *)(uintptr_t)off; }

/* The data segment's size: its limit (its last byte) + 1. */
static uint32_t seg_limit(void)
{
	uint32_t l;

	__asm__ volatile("lsl %1, %0" : "=r"(l) : "r"(0x0F));	/* again each time: the heap moves it */
	return l + 1;
}

static int t_write_limits(void)
{
	int ok = 1;
	memset(at(limit - 4), '.', 4);
	ok &= expect("last 4 bytes", k_write(1, at(limit - 4), 4), 4);
	ok &= expect("one past", k_write(1, at(limit - 3), 4), -EFAULT);
	ok &= expect("empty at the limit", k_write(1, at(limit), 0), 0);
	ok &= expect("empty past the limit", k_write(1, at(limit + 1), 0), -EFAULT);
	ok &= expect("wrapping", k_write(1, at(0xFFFFFFFF), 2), -EFAULT);
	ok &= expect("wrapping length", k_write(1, at(16), 0xFFFFFFF8u), -EFAULT);
	ok &= expect("huge", k_write(1, at(0), 0x7FFFFFFF), -EFAULT);
	ok &= expect("null, empty", k_write(1, at(0), 0), 0);
	k_write(1, "\n", 1);
	return ok;
}

static int t_strings_at_limit(void)
{
	int ok = 1;
	at(limit - 1)[0] = 'x';		/* a name with no NUL before the limit */
	ok &= expect("spawn, unterminated", spawn(at(limit - 1), 0), -EFAULT);
	ok &= expect("readfile, unterminated", readfile(at(limit - 1), 0, at(0), 0), -EFAULT);
	ok &= expect("ProfDump, unterminated", ProfDump(PT_USER, at(limit - 1)), -EFAULT);
	ok &= expect("ProfInit list, unterminated", ProfInit(PT_SYSTEM, at(limit - 1)), -EFAULT);
	at(limit - 1)[0] = 0;		/* now the empty string */
	ok &= expect("spawn of the empty name", spawn(at(limit - 1), 0), -ENOENT);
	ok &= expect("spawn, wrapping", spawn(at(0xFFFFFFFF), 0), -EFAULT);
	return ok;
}

static int t_argv(void)
{
	static char *many[40];
	static char big[3000];
	char *argv[] = { "hello", at(limit + 8), 0 };
	int ok = 1;
	ok &= expect("argv past the limit", spawn("hello", (char **)at(limit - 2)), -EFAULT);
	ok &= expect("argv entry past the limit", spawn("hello", argv), -EFAULT);
	ok &= expect("argv wrapping", spawn("hello", (char **)at(0xFFFFFFFC)), -EFAULT);
	for (int i = 0; i < 39; i++)
		many[i] = "x";
	ok &= expect("too many arguments", spawn("hello", many), -E2BIG);
	memset(big, 'a', sizeof(big) - 1);
	argv[1] = big;
	ok &= expect("arguments too long", spawn("hello", argv), -E2BIG);
	memset(big, 'n', 100);
	big[100] = 0;
	ok &= expect("a name too long", spawn(big, 0), -ENAMETOOLONG);
	return ok;
}

static int t_out_pointers(void)
{
	uint32_t hz;
	uint64_t t;
	int ok = 1;
	ok &= expect("clock, ticks at the limit", clock_ticks((uint64_t *)at(limit - 4), &hz), -EFAULT);
	ok &= expect("clock, hz past", clock_ticks(&t, (uint32_t *)at(limit)), -EFAULT);
	ok &= expect("clock, last 8 bytes", clock_ticks((uint64_t *)at(limit - 8), &hz), 0);
	ok &= expect("meminfo, wrapping", meminfo((uint32_t *)at(0xFFFFFFFE)), -EFAULT);
	ok &= expect("wait, status past", waitchild(-1, (int *)at(limit - 2)), -EFAULT);
	ok &= expect("readfile, buffer past", readfile("hello", 0, at(limit - 4), 8), -EFAULT);
	ok &= expect("readfile, huge", readfile("hello", 0, at(0), 0xFFFFFFFF), -EFAULT);
	ok &= expect("readfile, far offset", readfile("hello", 0xFFFFFFF0u, at(4096), 16), 0);
	return ok;
}

static int t_numbers(void)
{
	int ok = 1;
	ok &= expect("number 0", raw(0, 0, 0, 0, 0), -ENOSYS);
	ok &= expect("number 999", raw(999, 0, 0, 0, 0), -ENOSYS);
	ok &= expect("number -1", raw(0xFFFFFFFF, 0, 0, 0, 0), -ENOSYS);
	ok &= expect("number SYS_MAX", raw(SYS_MAX, 0, 0, 0, 0), -ENOSYS);
	ok &= expect("wait for no child", waitchild(12345, 0), -ECHILD);
	ok &= expect("write to fd 0", k_write(0, "x", 1), -EBADF);
	ok &= expect("sleep 0", sleep_ms(0), 0);
	return ok;
}

/* System calls with the direction flag set: the kernel's copies must still
 * run upwards (it clears DF on entry; iret gives it back). */
static int t_direction_flag(void)
{
	static char buf[64];
	char *argv[] = { "hello", "df", 0 };
	int n, pid, status = -1, df;

	__asm__ volatile("std");
	n = readfile("hello", 0, buf, sizeof(buf));
	pid = spawn("hello", argv);
	__asm__ volatile("pushf; pop %0; cld" : "=r"(df));
	if (pid > 0)
		waitchild(pid, &status);
	return expect("readfile with DF set", n, sizeof(buf)) &
	       expect("the ELF magic read", buf[1] == 'E' && buf[2] == 'L', 1) &
	       expect("spawn with DF set", status, 0) &
	       expect("DF given back", (df >> 10) & 1, 1);
}

/* A system call with null data segment registers: the kernel uses its own. */
static int t_null_segments(void)
{
	int r;
	__asm__ volatile("push %%ds\n push %%es\n xor %%ecx, %%ecx\n mov %%cx, %%ds\n mov %%cx, %%es\n"
			 "int $0x80\n pop %%es\n pop %%ds"
			 : "=a"(r) : "a"(SYS_getpid) : "ecx", "memory");
	return expect("getpid with null DS and ES", r, k_getpid());
}

static int t_prof_order(void)
{
	int ok = 1;
	ok &= expect("ProfOn first", ProfOn(PT_USER), -ENOTINIT);
	ok &= expect("ProfDump first", ProfDump(PT_USER, "x.pro"), -ENOTINIT);
	ok &= expect("bad type", ProfInit(0x40, 0), -EINVAL);
	ok &= expect("init", ProfInit(PT_USER, 0), 0);
	ok &= expect("init again", ProfInit(PT_USER, 0), -EEXIST);
	ok &= expect("off unmatched", ProfOff(PT_USER), -ENOTON);
	ok &= expect("on", ProfOn(PT_USER), 0);
	ok &= expect("free while on", ProfFree(PT_USER), -EBUSY);
	ok &= expect("off", ProfOff(PT_USER), 0);
	ok &= expect("free", ProfFree(PT_USER), 0);
	ok &= expect("clear after free", ProfClear(PT_USER), -ENOTINIT);
	return ok;
}

static int t_dump_names(void)
{
	static char huge[400];
	int ok = 1;
	ok &= expect("init", ProfInit(PT_USER, 0), 0);
	ok &= expect("empty name", ProfDump(PT_USER, ""), 0);
	ok &= expect("climbing name", ProfDump(PT_USER, "../../outside.pro"), 0);
	ok &= expect("absolute name", ProfDump(PT_USER, "/etc/passwd"), 0);
	ok &= expect("odd bytes", ProfDump(PT_USER, "a\x01\x7f\xff%20 b.pro"), 0);
	memset(huge, 'h', 255);
	ok &= expect("255 bytes", ProfDump(PT_USER, huge), 0);
	memset(huge, 'h', 256);
	ok &= expect("256 bytes", ProfDump(PT_USER, huge), -ENAMETOOLONG);
	ok &= expect("free", ProfFree(PT_USER), 0);
	return ok;
}

static volatile unsigned sink;
static void spin(int n) { for (int i = 0; i < n; i++) sink += (unsigned)i; }

static int t_profil_buffers(void)
{
	uint32_t esp;
	int ok = 1;
	ok &= expect("outside", profil(at(limit + 64), 64, 0, 0x10000), 0);
	spin(300000);
	ok &= expect("straddling the limit", profil(at(limit - 8), 64, 0, 0x10000), 0);
	spin(300000);
	ok &= expect("wrapping", profil(at(0xFFFFFFF0u), 64, 0, 0x10000), 0);
	spin(300000);
	ok &= expect("negative size", profil(at(0), -4, 0, 0x10000), 0);
	spin(300000);
	/* Deep in the stack's unused part, below ESP: every tick onto its first counter. */
	__asm__ volatile("mov %%esp, %0" : "=r"(esp));
	ok &= expect("overlapping the stack", profil(at(esp - 8192), 64, 0, 2), 0);
	spin(300000);
	ok &= expect("off", profil(0, 0, 0, 0), 0);
	return ok && expect("still counting", ((unsigned short *)at(esp - 8192))[0] > 0, 1);
}

/* Each fault in a child ends only the child, with 128 + its vector; or
 * with 1, "did not fault". A machine that checks segment limits and types
 * at each reference (a CPU, Bochs: `usertests cpu`) raises #GP or #SS
 * where QEMU's TCG (`usertests`, `usertests tcg`) has only the paging
 * backstop's #PF, or no fault at all; and #AC, which TCG never raises. */
static int cpu;
#define NOFAULT (1 - 128)	/* exit status 1: "faults: KIND did not fault" */

static int t_faults(void)
{
	static const struct { const char *kind; int tcg, cpu; } f[] = {
		{ "de", 0, 0 }, { "ud", 6, 6 }, { "cli", 13, 13 }, { "hlt", 13, 13 }, { "out", 13, 13 },
		{ "kernelsel", 13, 13 }, { "int", 13, 13 }, { "np", 11, 11 }, { "br", 5, 5 },
		{ "load", 14, 13 }, { "store", 14, 13 }, { "jump", 14, 13 }, { "stack", 14, 14 },
		{ "stackpush", 14, 14 }, { "nullwrite", 14, 14 }, { "nullread", 14, 14 }, { "nullcall", 6, 6 },
		{ "vm86", 13, 13 }, { "vm86cs3", 13, 13 },
		{ "datalimit", 14, 13 }, { "datastraddle", 14, 13 }, { "stacklimit", 14, 12 },
		{ "stackwrap", 14, 12 }, { "codelimit", 14, 13 }, { "coderead", NOFAULT, 13 },
		{ "dswrap", NOFAULT, 13 }, { "dswrapwrite", 14, 13 }, { "cswrap", NOFAULT, 13 },
		{ "codewrite", 14, 13 }, { "dscodewrite", 14, 13 }, { "sscode", 13, 13 },
		{ "farlimit", 13, 13 }, { "farkernel", 13, 13 }, { "fartss", 13, 13 },
		{ "fardata", 13, 13 }, { "retkernel", 13, 13 }, { "ac", NOFAULT, 17 },
	};
	int ok = 1;
	for (unsigned i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
		char *argv[] = { "faults", (char *)f[i].kind, 0 };
		int status = -1, pid = spawn("faults", argv);
		ok &= expect(f[i].kind, pid > 0 && waitchild(pid, &status) == pid ? status : -1,
			     128 + (cpu ? f[i].cpu : f[i].tcg));
	}
	return ok;
}

static const struct {
	int (*fn)(void);
	const char *name;
} tests[] = {
	{ t_write_limits, "write at the limit" },
	{ t_strings_at_limit, "strings at the limit" },
	{ t_argv, "spawn's argv" },
	{ t_out_pointers, "results into bad pointers" },
	{ t_numbers, "bad numbers and arguments" },
	{ t_null_segments, "null segment registers" },
	{ t_direction_flag, "the direction flag set" },
	{ t_prof_order, "Prof* out of order" },
	{ t_dump_names, "ProfDump names" },
	{ t_profil_buffers, "profil buffers" },
	{ t_faults, "faults in children" },
};

int main(int argc, char **argv)
{
	if (argc > 2 || (argc == 2 && strcmp(argv[1], "cpu") && strcmp(argv[1], "tcg"))) {
		printf("usage: usertests [tcg|cpu]\n");
		return 2;
	}
	cpu = argc == 2 && !strcmp(argv[1], "cpu");
	/* The first printf has stdio take its buffer from the heap, which
	 * grows the data segment: the limit is read after, and again before
	 * each test, in case one made the heap grow. */
	printf("usertests: faults as %s\n", cpu ? "a CPU raises them" : "under TCG");
	printf("usertests: data segment of %u bytes\n", seg_limit());
	for (unsigned i = 0; i < sizeof(tests) / sizeof(tests[0]); i++) {
		int ok;

		limit = seg_limit();
		ok = tests[i].fn();
		printf("usertests: %s: %s\n", tests[i].name, ok ? "OK" : "FAILED");
		failures += !ok;
	}
	printf("usertests: %d failed\n", failures);
	return failures != 0;
}
