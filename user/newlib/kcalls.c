/* kcalls.c: the kernel's own calls for programs built on newlib, those
 * that are not the C library's: the profiler's, the OS/2 SDK's
 * (include/profile.h) and profil() (docs/profil.md); spawn, waitchild,
 * readfile, clock_ticks, yield, meminfo, sleep_ms (include/profkern.h).
 * Each returns the kernel's result as it is, 0 or more, or a negative error
 * code of the kernel's (not -1 and errno). Each is compiled with a frame, so
 * that a tick in the kernel during the call names its caller on the
 * profiler's call stacks (docs/stacks.md). */
#include "profile.h"
#include "profkern.h"
#include "ksys.h"

int spawn(const char *name, char *const argv[])
{
	return (int)sys(SYS_spawn, (long)name, (long)argv, 0);
}

int waitchild(int pid, int *status)
{
	return (int)sys(SYS_wait, pid, (long)status, 0);
}

int clock_ticks(uint64_t *ticks, uint32_t *hz)
{
	return (int)sys(SYS_clock, (long)ticks, (long)hz, 0);
}

int readfile(const char *name, uint32_t offset, void *buf, size_t len)
{
	return (int)sys5(SYS_readfile, (long)name, (long)offset, (long)buf, (long)len, 0);
}

int yield(void)
{
	return (int)sys(SYS_yield, 0, 0, 0);
}

int meminfo(uint32_t *free_bytes)
{
	return (int)sys(SYS_meminfo, (long)free_bytes, 0, 0);
}

int sleep_ms(uint32_t ms)
{
	return (int)sys(SYS_sleep, (long)ms, 0, 0);
}

int ProfInit(int type, char *modules)
{
	return (int)sys(SYS_profinit, type, (long)modules, 0);
}

int ProfOn(int type)
{
	return (int)sys(SYS_profon, type, 0, 0);
}

int ProfOff(int type)
{
	return (int)sys(SYS_profoff, type, 0, 0);
}

int ProfDump(int type, char *file)
{
	return (int)sys(SYS_profdump, type, (long)file, 0);
}

int ProfFree(int type)
{
	return (int)sys(SYS_proffree, type, 0, 0);
}

int ProfClear(int type)
{
	return (int)sys(SYS_profclear, type, 0, 0);
}

int profil(char *buf, int bufsiz, int offset, int scale)
{
	return (int)sys5(SYS_profil, (long)buf, (long)bufsiz, (long)offset, (long)scale, 0);
}
