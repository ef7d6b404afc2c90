/* syscall.c: the system calls. Arguments come in registers; every pointer
 * is an offset in the caller's data segment, checked by argptr/argstr
 * before anything is read or written. The segment's guard page (offsets
 * below UGUARD, vm.h) counts as outside it: a NULL pointer to anything of
 * one byte or more is -EFAULT, as it would fault in ring 3. */
#include "syscall.h"
#include "proc.h"
#include "console.h"
#include "clock.h"
#include "mem.h"
#include "module.h"
#include "uaccess.h"
#include "sys/syscall.h"
#include "sys/errno.h"
#include "profile.h"
#include "../profiler/prof.h"
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
static int argptr(uint32_t off, uint32_t len, void **out)
{
	if (!urange_ok(off, len, UGUARD, curproc->datasize))
		return -EFAULT;
	*out = uaddr(curproc, off);
	return 0;
}

static int argstr(uint32_t off, char *dst, size_t max)
{
	int n = ustrcpy(dst, max, uaddr(curproc, 0), UGUARD, curproc->datasize, off);
	return n < 0 ? n : 0;
}

static int sys_exit(struct trapframe *tf)
{
	proc_exit(curproc, (int)arg(tf, 0));
	return 0;
}

static int sys_write(struct trapframe *tf)
{
	void *buf;
	uint32_t fd = arg(tf, 0), len = arg(tf, 2);
	int err;

	if (fd != 1 && fd != 2)
		return -EINVAL;
	if ((err = argptr(arg(tf, 1), len, &buf)))
		return err;
	consolewrite(buf, len);
	return (int)len;
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
			n = ustrcpy(strs + used, sizeof(strs) - used, uaddr(curproc, 0), UGUARD,
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
		n = ustrlist(modlist, sizeof(modlist), uaddr(curproc, 0), UGUARD, curproc->datasize,
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

/* A dump's frame is the kernel's: its lines are marked as the kernel's. */
static void serial_sink(void *ctx, const void *data, size_t len)
{
	(void)ctx;
	consolekwrite(data, len);
}

static int sys_profdump(struct trapframe *tf)
{
	char name[FRAME_NAME_MAX + 1];
	int err;

	if ((err = argstr(arg(tf, 1), name, sizeof(name))))
		return err;
	return prof_dump(&curproc->prof, (int)arg(tf, 0), clock_hz(), name, serial_sink, 0);
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
};

void syscall(struct trapframe *tf)
{
	uint32_t num = tf->eax;

	if (num < SYS_MAX && syscalls[num])
		tf->eax = (uint32_t)syscalls[num](tf);
	else
		tf->eax = (uint32_t)-ENOSYS;
}
