// kernel.h: what ports/xv6/profxv6.c uses of xv6-public's kernel headers
// (types.h, param.h, mmu.h, x86.h, elf.h, proc.h, spinlock.h,
// sleeplock.h, defs.h at eeb7b415), declared for tests/integration/xv6.sh, which
// compiles the glue against the module's headers without an xv6 tree.
// Only the fields the glue names; the build with a tree checks the rest.
#ifndef TESTS_XV6_STAND_IN_KERNEL_H
#define TESTS_XV6_STAND_IN_KERNEL_H

typedef unsigned int uint;
typedef unsigned short ushort;
typedef unsigned char uchar;

#define NPROC 64
#define NCPU 8
#define SEG_KCODE 1
#define SEG_UCODE 3
#define DPL_USER 0x3
#define ELF_PROG_FLAG_EXEC 1

struct spinlock { uint locked; char *name; struct cpu *cpu; uint pcs[10]; };
struct sleeplock { uint locked; struct spinlock lk; char *name; int pid; };
struct cpu { struct proc *proc; };
struct proc { uint sz; char name[16]; struct prof_proc *prof; };
struct trapframe { uint ebp; uint eip; ushort cs; };
struct proghdr { uint type, off, vaddr, paddr, filesz, memsz, flags, align; };

extern int ncpu;
extern volatile uint *lapic;
int argint(int, int *);
int argptr(int, char **, int);
int argstr(int, char **);
void cprintf(char *, ...);
int cpuid(void);
struct cpu *mycpu(void);
struct proc *myproc(void);
void pushcli(void);
void popcli(void);
void initlock(struct spinlock *, char *);
void acquire(struct spinlock *);
void release(struct spinlock *);
void initsleeplock(struct sleeplock *, char *);
void acquiresleep(struct sleeplock *);
void releasesleep(struct sleeplock *);
void *memset(void *, int, uint);
void *memmove(void *, const void *, uint);
char *safestrcpy(char *, const char *, int);
int strlen(const char *);
void uartputc(int);
static inline void outb(ushort port, uchar data) { __asm__ volatile("out %0,%1" : : "a"(data), "d"(port)); }

#include "profxv6.h"
#endif
