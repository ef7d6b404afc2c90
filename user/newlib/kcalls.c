/* kcalls.c: the profiler's calls for programs built on newlib: the OS/2
 * SDK's (include/profile.h) and profil() (docs/profil.md). Each returns the
 * kernel's result as it is, 0 or a negative error code, as the seed's
 * calls return their codes (not -1 and errno). */
#include "profile.h"
#include "ksys.h"

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
