/* systab.c: the system calls' kernel side: each call, and the table from
 * the numbers of include/sys/syscall.h to them. Arguments come in
 * registers; every pointer is an offset in the caller's data segment,
 * checked by argptr/argstr before anything is read or written. The segment's guard page (offsets
 * below UGUARD, vm.h) counts as outside it: a NULL pointer to anything of
 * one byte or more is -EFAULT, as it would fault in ring 3. */
#include "systab.h"
#include "proc.h"
#include "sched.h"
#include "console.h"
#include "clock.h"
#include "mem.h"
#include "module.h"
#include "uaccess.h"
#include "fs.h"
#include "vm.h"
#include "sys/syscall.h"
#include "sys/errno.h"
#include "profile.h"
#include "prof.h"
#include "profkern/events.h"
#include <string.h>

#define NAME_MAX_LEN	64	/* program and module names */

/* The n-th argument register. */
static uint32_t arg(struct trapframe *tf, int n)
{
	switch (n) {
	case 0: return tf->ebx;
	case 1: return tf->ecx;
	case 2: return tf->edx;
	case 3: return tf->esi;
	default: return tf->edi;
	}
}

/* Checks that [off, off + len) is in the caller's data segment, above its
 * guard page (kernel/uaccess.h). */
/* A range below the heap is reached in the image as loaded; one that
 * reaches into the heap (whose pages are not next to the image, kernel/
 * proc.c) through the caller's own data window, which is mapped while it
 * makes the call: that is the page directory loaded. */
static int argptr(uint32_t off, uint32_t len, void **out)
{
	if (!urange_ok(off, len, UGUARD, curproc->datasize))
		return -EFAULT;
	*out = off + len <= curproc->heapbase ? uaddr(curproc, off) : (void *)(UDATA_BASE + off);
	return 0;
}

/* The caller's data segment, byte by byte, through its window. */
#define UBASE ((const uint8_t *)UDATA_BASE)

static int argstr(uint32_t off, char *dst, size_t max)
{
	int n = ustrcpy(dst, max, UBASE, UGUARD, curproc->datasize, off);
	return n < 0 ? n : 0;
}

static int sys_exit(struct trapframe *tf)
{
	proc_exit(curproc, (int)arg(tf, 0));
	return 0;
}

/* write(fd, buf, len): the console's descriptors write it all; a file's,
 * through the file system. */
static int sys_write(struct trapframe *tf)
{
	void *buf;
	int fd = (int)arg(tf, 0), kind = fs_kind(&curproc->files, fd);
	uint32_t len = arg(tf, 2);
	int err;

	if (kind == FD_FREE)
		return -EBADF;
	if ((err = argptr(arg(tf, 1), len, &buf)))
		return err;
	if (kind != FD_CONSOLE)
		return fs_write(&curproc->files, fd, buf, len);
	if (len > 0x7FFFFFFF)
		return -EINVAL;
	consolewrite(buf, len);
	return (int)len;
}

static int sys_read(struct trapframe *tf)
{
	void *buf;
	int fd = (int)arg(tf, 0);
	int err;

	if (fs_kind(&curproc->files, fd) == FD_FREE)
		return -EBADF;
	if ((err = argptr(arg(tf, 1), arg(tf, 2), &buf)))
		return err;
	return fs_read(&curproc->files, fd, buf, arg(tf, 2));
}

static int sys_open(struct trapframe *tf)
{
	char path[FS_PATH_MAX];
	int err;

	if ((err = argstr(arg(tf, 0), path, sizeof(path))))
		return err;
	return fs_open(&curproc->files, path, arg(tf, 1));	/* the mode is not kept */
}

static int sys_close(struct trapframe *tf)
{
	return fs_close(&curproc->files, (int)arg(tf, 0));
}

static int sys_lseek(struct trapframe *tf)
{
	return fs_lseek(&curproc->files, (int)arg(tf, 0), (int32_t)arg(tf, 1), (int)arg(tf, 2));
}

static int sys_fstat(struct trapframe *tf)
{
	struct k_stat st;
	void *out;
	int err;

	if ((err = fs_fstat(&curproc->files, (int)arg(tf, 0), &st)))
		return err;
	if ((err = argptr(arg(tf, 1), sizeof(st), &out)))
		return err;
	memcpy(out, &st, sizeof(st));
	return 0;
}

static int sys_isatty(struct trapframe *tf)
{
	return fs_isatty(&curproc->files, (int)arg(tf, 0));
}

static int sys_unlink(struct trapframe *tf)
{
	char path[FS_PATH_MAX];
	int err;

	if ((err = argstr(arg(tf, 0), path, sizeof(path))))
		return err;
	return fs_unlink(path);
}

/* link(old, new) and rename(old, new): two paths in. */
static int sys_twopaths(struct trapframe *tf, int (*fn)(const char *, const char *))
{
	char a[FS_PATH_MAX], b[FS_PATH_MAX];
	int err;

	if ((err = argstr(arg(tf, 0), a, sizeof(a))) || (err = argstr(arg(tf, 1), b, sizeof(b))))
		return err;
	return fn(a, b);
}

static int sys_link(struct trapframe *tf) { return sys_twopaths(tf, fs_link); }
static int sys_rename(struct trapframe *tf) { return sys_twopaths(tf, fs_rename); }

static int sys_sbrk(struct trapframe *tf)
{
	return proc_sbrk(curproc, (int32_t)arg(tf, 0));
}

/* Ticks to milliseconds. */
static uint64_t ticks_ms(uint64_t ticks)
{
	return ticks * 1000 / clock_hz();
}

/* times(&tms): the caller's time in ms (all of it user time: a tick in a
 * system call is the process's too), its children's 0; the result is the
 * milliseconds since boot, modulo 2^31 (24.8 days), so never negative. */
static int sys_times(struct trapframe *tf)
{
	struct k_tms t = { 0 };
	uint64_t now = clock_ticks();
	void *out;
	int err;

	if ((err = argptr(arg(tf, 0), sizeof(t), &out)))
		return err;
	/* (runstart and cputicks are in the ticks of the CPU that ran it) */
	t.tms_utime = (uint32_t)ticks_ms(curproc->cputicks + (irq0.ticks - curproc->runstart));
	memcpy(out, &t, sizeof(t));
	return (int)(ticks_ms(now) & 0x7FFFFFFF);
}

/* gettimeofday(&tv, &tz): the time since boot (the epoch is the boot:
 * runs stay identical); a zone of 0, no DST. Either pointer may be NULL. */
static int sys_gettimeofday(struct trapframe *tf)
{
	uint64_t us = clock_ticks() * 1000000 / clock_hz();
	struct k_timeval tv = { .tv_sec = (int64_t)(us / 1000000), .tv_usec = (int32_t)(us % 1000000) };
	struct k_timezone tz = { 0, 0 };
	void *tvp = 0, *tzp = 0;
	int err = 0;

	if ((arg(tf, 0) && (err = argptr(arg(tf, 0), sizeof(tv), &tvp))) ||
	    (arg(tf, 1) && (err = argptr(arg(tf, 1), sizeof(tz), &tzp))))
		return err;
	if (tvp)
		memcpy(tvp, &tv, sizeof(tv));
	if (tzp)
		memcpy(tzp, &tz, sizeof(tz));
	return 0;
}

/* kill(pid, sig): to itself, the process ends as a signal ends it, with
 * status 128 + sig (abort(): SIGABRT, 134); signal 0 only checks the pid.
 * No process may signal another: -EPERM if it exists, else -ESRCH. */
static int sys_kill(struct trapframe *tf)
{
	static const char *const names[16] = { 0, "SIGHUP", "SIGINT", "SIGQUIT", "SIGILL", "SIGTRAP",
		"SIGABRT", "SIGEMT", "SIGFPE", "SIGKILL", "SIGBUS", "SIGSEGV", "SIGSYS", "SIGPIPE",
		"SIGALRM", "SIGTERM" };
	int pid = (int)arg(tf, 0), sig = (int)arg(tf, 1);

	if (sig < 0 || sig >= K_NSIG)
		return -EINVAL;
	if (pid != curproc->pid) {
		for (struct proc *p = proc_first(); p < proc_first() + NPROC; p++)
			if (pid > 0 && p->pid == pid && p->state != P_UNUSED && p->state != P_ZOMBIE)
				return -EPERM;
		return -ESRCH;
	}
	if (sig == 0)
		return 0;
	kprintf("%s[%d]: signal %d%s%s, ended\n", curproc->name, curproc->pid, sig,
		sig < 16 ? " " : "", sig < 16 ? names[sig] : "");
	proc_exit(curproc, 128 + sig);
	return 0;
}

static int sys_spawn(struct trapframe *tf)
{
	static char strs[ARG_BYTES];	/* the kernel is not preempted: one at a time */
	char name[NAME_MAX_LEN], *argv[ARG_MAX + 1];
	uint32_t argvoff = arg(tf, 1), used = 0;
	int argc = 0, err;

	if ((err = argstr(arg(tf, 0), name, sizeof(name))))
		return err;
	if (argvoff == 0) {		/* no argv: the name alone */
		argv[argc++] = name;
	} else {
		for (;; argc++) {
			uint32_t *slot, slotoff = argvoff + 4u * (uint32_t)argc;
			int n;
			if (slotoff < argvoff)
				return -EFAULT;	/* wrapped around 4 GiB */
			if ((err = argptr(slotoff, 4, (void **)&slot)))
				return err;
			if (*slot == 0)
				break;
			if (argc == ARG_MAX)
				return -E2BIG;
			n = ustrcpy(strs + used, sizeof(strs) - used, UBASE, UGUARD,
				    curproc->datasize, *slot);
			if (n < 0)
				return n == -ENAMETOOLONG ? -E2BIG : n;
			argv[argc] = strs + used;
			used += (uint32_t)n + 1;
		}
	}
	if ((err = proc_spawn(name, argc, argv, curproc)) > 0)
		sched_fresh_slice();	/* the caller runs on a tick first (docs/syscalls.md) */
	return err;
}

static int sys_wait(struct trapframe *tf)
{
	void *status;
	uint32_t off = arg(tf, 1);
	int err;

	if (off && (err = argptr(off, 4, &status)))
		return err;
	return proc_wait(curproc, (int)arg(tf, 0), off);
}

static int sys_getpid(struct trapframe *tf)
{
	(void)tf;
	return curproc->pid;
}

static int sys_clock(struct trapframe *tf)
{
	void *ticks, *hz;
	int err;

	if ((err = argptr(arg(tf, 0), 8, &ticks)) || (err = argptr(arg(tf, 1), 4, &hz)))
		return err;
	*(uint64_t *)ticks = clock_ticks();
	*(uint32_t *)hz = clock_hz();
	return 0;
}

static int sys_readfile(struct trapframe *tf)
{
	char name[NAME_MAX_LEN];
	const struct module *m;
	uint32_t off = arg(tf, 1), len = arg(tf, 3);
	void *buf;
	int err;

	if ((err = argstr(arg(tf, 0), name, sizeof(name))) ||
	    (err = argptr(arg(tf, 2), len, &buf)))
		return err;
	if (!(m = module_find(name)))
		return -ENOENT;
	if (off >= m->size)
		return 0;
	if (len > m->size - off)
		len = m->size - off;
	if (len > 0x7FFFFFFF)
		len = 0x7FFFFFFF;
	memcpy(buf, m->data + off, len);
	return (int)len;
}

static int sys_yield(struct trapframe *tf)
{
	(void)tf;
	sched_yield();
	return 0;
}

static int sys_sleep(struct trapframe *tf)
{
	proc_sleep(curproc, arg(tf, 0));
	return 0;
}

static int sys_meminfo(struct trapframe *tf)
{
	void *out;
	int err;

	if ((err = argptr(arg(tf, 0), 4, &out)))
		return err;
	*(uint32_t *)out = mem_free_bytes();
	return 0;
}

/* ---- the profiler's calls ---- */

/* The code segments ProfInit counts: the caller's for a user profile;
 * for the system's, every process's and the kernel's text. */
static int codesegs(int system, struct prof_codeseg *segs, char (*names)[PDUMP_MODNAME_MAX])
{
	extern char _text_start[], _text_end[];	/* linker.ld */
	int n = 0;

	for (struct proc *p = proc_first(); p < proc_first() + NPROC; p++) {
		if ((system ? p->state == P_UNUSED || p->state == P_ZOMBIE : p != curproc))
			continue;
		proc_codeseg(p, &segs[n], names[n]);
		n++;
	}
	if (system) {
		segs[n].owner = 0;
		segs[n].selector = SEL_KCODE;
		segs[n].slot = 0;
		segs[n].segno = 1;
		segs[n].origin = (uint32_t)_text_start;
		segs[n].length = (uint32_t)(_text_end - _text_start);
		segs[n].module = PROF_KERNEL_MODULE;
		segs[n].fingerprint = kernel_text_fingerprint;
		n++;
	}
	return n;
}

static int sys_profinit(struct trapframe *tf)
{
	static char modlist[PROF_MODLIST_MAX];
	static struct prof_codeseg segs[NPROC + 1];
	static char names[NPROC + 1][PDUMP_MODNAME_MAX];
	uint32_t listoff = arg(tf, 1);
	int type = (int)arg(tf, 0), n;

	if (listoff) {
		n = ustrlist(modlist, sizeof(modlist), UBASE, UGUARD, curproc->datasize,
			     listoff);
		if (n < 0)
			return n;
	}
	n = codesegs(!(type & PT_USER), segs, names);
	return prof_init(&curproc->prof, type, listoff ? modlist : 0, segs, n);
}

static int sys_profon(struct trapframe *tf) { return prof_on(&curproc->prof, (int)arg(tf, 0)); }
static int sys_profoff(struct trapframe *tf) { return prof_off(&curproc->prof, (int)arg(tf, 0)); }
static int sys_profclear(struct trapframe *tf) { return prof_clear(&curproc->prof, (int)arg(tf, 0)); }
static int sys_proffree(struct trapframe *tf) { return prof_free(&curproc->prof, (int)arg(tf, 0)); }

static int sys_profdump(struct trapframe *tf)
{
	char name[FRAME_NAME_MAX + 1];
	int err;

	if ((err = argstr(arg(tf, 1), name, sizeof(name))))
		return err;
	return prof_dump(&curproc->prof, (int)arg(tf, 0), clock_hz(), name, console_sink, 0);
}

/* profil(buf, bufsiz, offset, scale): returns 0, as its manual says. A
 * buffer outside the caller's data segment, like a scale of 0 or 1, turns
 * profiling off; the sampler never sees anything it could fault on. */
static int sys_profil(struct trapframe *tf)
{
	int32_t bufsiz = (int32_t)arg(tf, 1);
	void *buf = 0;

	if (bufsiz <= 0 || argptr(arg(tf, 0), (uint32_t)bufsiz, &buf))
		buf = 0;
	prof_profil(&curproc->prof, buf, bufsiz > 0 ? (uint32_t)bufsiz : 0, arg(tf, 2), arg(tf, 3));
	return 0;
}

/* ---- the POSIX calls of docs/libc.md: folders, truncation, fcntl ---- */

static int sys_ftruncate(struct trapframe *tf)
{
	return fs_ftruncate(&curproc->files, (int)arg(tf, 0), (int32_t)arg(tf, 1));
}

static int sys_fcntl(struct trapframe *tf)
{
	return fs_fcntl(&curproc->files, (int)arg(tf, 0), (int)arg(tf, 1), arg(tf, 2));
}

/* mkdir(path) and rmdir(path): one path in. */
static int sys_onepath(struct trapframe *tf, int (*fn)(const char *))
{
	char path[FS_PATH_MAX];
	int err;

	if ((err = argstr(arg(tf, 0), path, sizeof(path))))
		return err;
	return fn(path);
}

static int sys_mkdir(struct trapframe *tf) { return sys_onepath(tf, fs_mkdir); }
static int sys_rmdir(struct trapframe *tf) { return sys_onepath(tf, fs_rmdir); }

static int sys_stat(struct trapframe *tf)
{
	char path[FS_PATH_MAX];
	struct k_stat st;
	void *out;
	int err;

	if ((err = argstr(arg(tf, 0), path, sizeof(path))) || (err = fs_stat(path, &st)) ||
	    (err = argptr(arg(tf, 1), sizeof(st), &out)))
		return err;
	memcpy(out, &st, sizeof(st));
	return 0;
}

/* readdir(path, index, name): the index-th name in the folder, into a
 * buffer of FS_NAME_MAX bytes; its length, 0 past the last. */
static int sys_readdir(struct trapframe *tf)
{
	char path[FS_PATH_MAX], name[FS_NAME_MAX];
	void *out;
	int n, err;

	if ((err = argstr(arg(tf, 0), path, sizeof(path))) || (err = argptr(arg(tf, 2), FS_NAME_MAX, &out)))
		return err;
	if ((n = fs_readdir(path, arg(tf, 1), name)) > 0)
		memcpy(out, name, (size_t)n + 1);
	return n;
}

/* The parent's pid while it lives; 1 (as for an orphan on Unix) else. */
static int sys_getppid(struct trapframe *tf)
{
	const struct proc *p = curproc->parent;

	(void)tf;
	return p && p->state != P_UNUSED && p->state != P_ZOMBIE ? p->pid : 1;
}

static int (*const syscalls[SYS_MAX])(struct trapframe *) = {
	[SYS_exit] = sys_exit,
	[SYS_write] = sys_write,
	[SYS_spawn] = sys_spawn,
	[SYS_wait] = sys_wait,
	[SYS_getpid] = sys_getpid,
	[SYS_clock] = sys_clock,
	[SYS_readfile] = sys_readfile,
	[SYS_yield] = sys_yield,
	[SYS_meminfo] = sys_meminfo,
	[SYS_sleep] = sys_sleep,
	[SYS_profinit] = sys_profinit,
	[SYS_profon] = sys_profon,
	[SYS_profoff] = sys_profoff,
	[SYS_profdump] = sys_profdump,
	[SYS_proffree] = sys_proffree,
	[SYS_profclear] = sys_profclear,
	[SYS_profil] = sys_profil,
	[SYS_open] = sys_open,
	[SYS_close] = sys_close,
	[SYS_read] = sys_read,
	[SYS_lseek] = sys_lseek,
	[SYS_fstat] = sys_fstat,
	[SYS_isatty] = sys_isatty,
	[SYS_unlink] = sys_unlink,
	[SYS_link] = sys_link,
	[SYS_rename] = sys_rename,
	[SYS_sbrk] = sys_sbrk,
	[SYS_times] = sys_times,
	[SYS_gettimeofday] = sys_gettimeofday,
	[SYS_kill] = sys_kill,
	[SYS_ftruncate] = sys_ftruncate,
	[SYS_fcntl] = sys_fcntl,
	[SYS_stat] = sys_stat,
	[SYS_mkdir] = sys_mkdir,
	[SYS_rmdir] = sys_rmdir,
	[SYS_readdir] = sys_readdir,
	[SYS_getppid] = sys_getppid,
};

void syscall(struct trapframe *tf)
{
	uint32_t num = tf->eax;

	/* an event profile's system call, where the caller's code made it (docs/events.md) */
	prof_note_event(&curproc->prof, PROF_EV_SYSCALL(num), tf->cs, tf->eip, tf->ebp);
	if (num < SYS_MAX && syscalls[num])
		tf->eax = (uint32_t)syscalls[num](tf);
	else
		tf->eax = (uint32_t)-ENOSYS;
}
