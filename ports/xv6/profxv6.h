/* profxv6.h: the hooks xv6 calls (apply.sh puts each call in its place;
 * defs.h includes this file), and the system call's operations. */
#ifndef PORTS_XV6_PROFXV6_H
#define PORTS_XV6_PROFXV6_H

// sys_prof(op, ...): the calls of profile.h, and two of the port's own
#define PROFX_INIT	1	// type, module list
#define PROFX_ON	2	// type
#define PROFX_OFF	3	// type
#define PROFX_CLEAR	4	// type
#define PROFX_FREE	5	// type
#define PROFX_DUMP	6	// type, file name
#define PROFX_PROFIL	7	// buf, bufsiz, offset, scale
#define PROFX_WHOLE	8	// the caller's next exec is profiled whole, into NAME.pro
#define PROFX_HALT	9	// QEMU exits with status (code << 1) | 1

struct proc;
struct trapframe;
struct proghdr;
struct prof_proc;

uint prof_xv6_ticr(uint count);		// the LAPIC's count for HZ, from xv6's for 100 Hz
int prof_xv6_tick(struct trapframe *tf);	// a sample; 0 when it is also xv6's tick
void prof_xv6_load(struct proc *p, struct proghdr *ph);	// exec loads ph
void prof_xv6_exec(struct proc *p);	// exec committed p's new image
void prof_xv6_fork(struct proc *np, struct proc *parent);
void prof_xv6_exit(struct proc *p);
#endif
