/* profile.h: the profiler's calls, as the OS/2 SDK's profile.h, and the
 * Unix profil(). Each returns 0, or a negative error code (<sys/errno.h>);
 * docs/syscalls.md has the states and codes. */
#ifndef INCLUDE_PROFILE_H
#define INCLUDE_PROFILE_H

#define PT_SYSTEM	0	/* profile the whole system */
#define PT_USER		1	/* profile the calling process (taken as PT_USER|PT_USEKP) */
#define PT_USEDD	2	/* call a profile device driver at each tick (not supported) */
#define PT_USEKP	4	/* the kernel keeps the per-segment counters */
#define PT_VERBOSE	8	/* detail for kernel segments (the kernel's functions) */
#define PT_STACKS	16	/* ProfInit: also sample call stacks (docs/stacks.md) */
#define PT_SPREAD	32	/* ProfInit: also keep 8 sub-profiles, the profile's ticks dealt in turn (docs/accuracy.md) */
/* Event profiles (docs/events.md): a profile that counts, instead of
 * ticks, every Nth system call or every Nth context switch, where the user
 * code was, or (PT_OFFCPU, N 1) the ticks processes spend off the CPU; N is
 * PT_EVERY(N) (1 to 65535; 0 is taken as 1). With PT_SYSTEM, the system's;
 * with PT_USER, the caller's own, of its own events only. Each lives beside
 * the time profile: ProfOn(PT_SYSCALL), ProfOn(PT_USER | PT_SYSCALL) and
 * so on name it. */
#define PT_SYSCALL	128
#define PT_SWITCH	256
/* Time off the CPU: each tick a process of the profile spends blocked
 * (waiting, sleeping) after a switch it asked for, charged where it blocked */
#define PT_OFFCPU	512
#define PT_EVERY(n)	((int)((unsigned)(n) << 16))

#define PROF_SHIFT	2	/* DWORD granularity: counters[EIP >> PROF_SHIFT] */
#define MOD_NAME_SIZE	10

/* modulelist: NULL (user profiling, or every module), "A B" or "A\0B\0\0". */
int ProfInit(int type, char *modulelist);
int ProfOn(int type);
int ProfOff(int type);
int ProfDump(int type, char *filename);
int ProfFree(int type);
int ProfClear(int type);

int profil(char *buf, int bufsiz, int offset, int scale);

#endif
