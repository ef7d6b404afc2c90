/* sys/syscall.h: system call numbers, shared by the kernel and user stubs.
 * Calling convention (docs/syscalls.md): int $0x80, number in EAX,
 * arguments in EBX, ECX, EDX, ESI, EDI; result in EAX, negative = -errno. */
#ifndef SYS_SYSCALL_H
#define SYS_SYSCALL_H

#define SYS_exit	1	/* exit(status): never returns */
#define SYS_write	2	/* write(fd, buf, len) -> len; fd 1 and 2 are the console */
#define SYS_spawn	3	/* spawn(name, argv) -> pid */
#define SYS_wait	4	/* wait(pid, &status) -> pid; pid -1 waits for any child */
#define SYS_getpid	5	/* getpid() -> pid */
#define SYS_clock	6	/* clock(&ticks64) -> 0; timer ticks since boot, and the rate */
#define SYS_readfile	7	/* readfile(name, off, buf, len) -> bytes; a module's contents */
#define SYS_yield	8	/* yield() -> 0 */
#define SYS_meminfo	9	/* meminfo(&free_bytes) -> 0 */
#define SYS_sleep	10	/* sleep(ms) -> 0; the machine idles if no one else runs */
#define SYS_profinit	16	/* ProfInit(type, modulelist) */
#define SYS_profon	17	/* ProfOn(type) */
#define SYS_profoff	18	/* ProfOff(type) */
#define SYS_profdump	19	/* ProfDump(type, filename) */
#define SYS_proffree	20	/* ProfFree(type) */
#define SYS_profclear	21	/* ProfClear(type) */
#define SYS_profil	22	/* profil(buf, bufsiz, offset, scale) */
#define SYS_MAX		23

#endif
