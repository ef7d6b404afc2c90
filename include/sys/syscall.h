/* sys/syscall.h: system call numbers, shared by the kernel and user stubs.
 * Calling convention (docs/syscalls.md): int $0x80, number in EAX,
 * arguments in EBX, ECX, EDX, ESI, EDI; result in EAX, negative = -errno. */
#ifndef INCLUDE_SYS_SYSCALL_H
#define INCLUDE_SYS_SYSCALL_H

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
/* Files, memory, time, signals: the calls newlib's system-call layer needs,
 * with its structures and flags (sys/abi.h). */
#define SYS_open	23	/* open(path, flags, mode) -> fd */
#define SYS_close	24	/* close(fd) -> 0 */
#define SYS_read	25	/* read(fd, buf, len) -> bytes, 0 at the end */
#define SYS_lseek	26	/* lseek(fd, offset, whence) -> the new offset */
#define SYS_fstat	27	/* fstat(fd, &stat) -> 0 */
#define SYS_isatty	28	/* isatty(fd) -> 1, or -ENOTTY */
#define SYS_unlink	29	/* unlink(path) -> 0 */
#define SYS_link	30	/* link(old, new) -> 0 */
#define SYS_rename	31	/* rename(old, new) -> 0 */
#define SYS_sbrk	32	/* sbrk(increment) -> the old break */
#define SYS_times	33	/* times(&tms) -> milliseconds since boot */
#define SYS_gettimeofday 34	/* gettimeofday(&tv, &tz) -> 0 */
#define SYS_kill	35	/* kill(pid, sig) -> 0; to itself, does not return */
/* The POSIX calls of docs/libc.md: paths are whole, from the root (the
 * working folder is the C library's). */
#define SYS_ftruncate	36	/* ftruncate(fd, length) -> 0 */
#define SYS_fcntl	37	/* fcntl(fd, cmd, arg) -> by cmd */
#define SYS_stat	38	/* stat(path, &stat) -> 0 */
#define SYS_mkdir	39	/* mkdir(path) -> 0 */
#define SYS_rmdir	40	/* rmdir(path) -> 0 */
#define SYS_readdir	41	/* readdir(path, index, name[64]) -> its length, 0 past the last */
#define SYS_getppid	42	/* getppid() -> the parent's pid, or 1 */
#define SYS_MAX		43

#endif
