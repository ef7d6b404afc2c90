/* proc.c: loading programs into their own segments, exit and wait, sleep,
 * faults. The table is ptable.c, the scheduler sched.c. */
#include "proc.h"
#include "sched.h"
#include "cpu.h"
#include "console.h"
#include "elf.h"
#include "mem.h"
#include "module.h"
#include "x86.h"
#include "clock.h"
#include "vm.h"
#include "sys/errno.h"
#include <string.h>

static struct proc *initproc;	/* the first program: the run ends with it */
static int nextpid = 1;

uint32_t kernel_text_fingerprint;

void proc_fingerprint_kernel(void)
{
	extern char _text_start[], _text_end[];	/* linker.ld */

	kernel_text_fingerprint = crc32_update(0, _text_start, (size_t)(_text_end - _text_start));
}

/* argv strings and pointers above the data, argc and argv on the stack. */
static int setup_args(struct proc *p, uint32_t argbase, uint32_t stacktop,
		      int argc, char *const argv[])
{
	uint32_t ptrs = argbase, strs = argbase + (uint32_t)(argc + 1) * 4;
	uint32_t *uargv = uaddr(p, ptrs);

	for (int i = 0; i < argc; i++) {
		uint32_t n = (uint32_t)strlen(argv[i]) + 1;
		if (strs + n > argbase + ARG_BYTES)
			return -E2BIG;
		memcpy(uaddr(p, strs), argv[i], n);
		uargv[i] = strs;
		strs += n;
	}
	uargv[argc] = 0;
	((uint32_t *)uaddr(p, stacktop - 8))[0] = (uint32_t)argc;
	((uint32_t *)uaddr(p, stacktop - 8))[1] = ptrs;
	return 0;
}

/* p's code segment as the profiler sees it; its module name, the program's
 * in capitals, goes to module. */
void proc_codeseg(struct proc *p, struct prof_codeseg *seg, char *module)
{
	int i = 0;

	for (; p->name[i] && i < PDUMP_MODNAME_MAX - 1; i++)
		module[i] = (p->name[i] >= 'a' && p->name[i] <= 'z') ? (char)(p->name[i] - 32) : p->name[i];
	module[i] = 0;
	seg->owner = &p->prof;
	seg->selector = SEL_UCODE;
	seg->slot = SEL_UCODE >> 3;	/* its LDT index */
	seg->segno = 1;
	seg->origin = 0;
	seg->length = p->codesize;
	seg->module = module;
	seg->fingerprint = p->codecrc;
}

/* p's first frame on its kernel stack, entering ring 3 at entry with esp,
 * and where a profile with stacks may read its frames (profiler/stacks.h):
 * its data segment, and its kernel stack below this frame, which holds its
 * EIP, CS and EBP whenever it is in the kernel. */
static void start_frame(struct proc *p, uint32_t entry, uint32_t esp)
{
	struct trapframe *tf = (struct trapframe *)(p->kstack + KSTACK_SIZE - sizeof(*tf));

	tf->cs = SEL_UCODE;
	tf->eip = entry;
	tf->eflags = FL_IF | 2;
	tf->ss = tf->ds = tf->es = tf->fs = tf->gs = SEL_UDATA;
	tf->esp = esp;
	p->tf = tf;
	p->prof.ustack.base = uaddr(p, 0);
	p->prof.ustack.bias = 0;
	p->prof.ustack.size = p->datasize;
	p->prof.kstack.base = p->kstack;
	p->prof.kstack.bias = (uint32_t)p->kstack;
	p->prof.kstack.size = (uint32_t)((uint8_t *)tf - p->kstack);
	p->prof.ucode.base = p->image;
	p->prof.ucode.bias = 0;
	p->prof.ucode.size = p->codesize;
	p->prof.uframe = &tf->eip;
	p->prof.uebp = &tf->ebp;
	p->prof.uesp = &tf->esp;
}

int proc_spawn(const char *name, int argc, char *const argv[], struct proc *parent)
{
	const struct module *m = module_find(name);
	struct elfimage img;
	struct proc *p = 0;
	const char *why;
	uint32_t argbase, need;
	int err;

	if (!m)
		return -ENOENT;
	if (argc > ARG_MAX)
		return -E2BIG;
	if ((err = elf_parse(m->data, m->size, &img, &why))) {
		kprintf("spawn: %s: %s\n", name, why);
		return err;
	}
	if (img.data_start < UGUARD + MIN_STACK) {
		kprintf("spawn: %s: no room for a stack below the data (at 0x%x; the stack "
			"starts at 0x%x, above the guard page, and needs %u bytes)\n",
			name, img.data_start, UGUARD, MIN_STACK);
		return -ENOEXEC;
	}
	sched_free_orphans();	/* a child just reaped: its slot and memory */
	for (int i = 0; i < NPROC && !p; i++)
		if (procs[i].state == P_UNUSED)
			p = &procs[i];
	if (!p)
		return -EAGAIN;

	/* Whole pages for each segment, so the paging backstop (vm.h) and the
	 * segment limits agree but for the code segment's last page. */
	p->codesize = img.codesize;	/* the code segment ends with the text */
	p->dataoff = PAGEROUND(p->codesize);
	argbase = (img.data_end + 3) & ~3u;
	if (argbase > UWINDOW_MAX - ARG_BYTES - PAGE)
		return -ENOMEM;
	p->datasize = PAGEROUND(argbase + ARG_BYTES);
	p->heapbase = p->brk = p->datasize;	/* no heap yet: sbrk grows it */
	need = p->dataoff + p->datasize;
	p->image = kalloc_aligned(need, PAGE);
	p->kstack = kalloc(KSTACK_SIZE);
	if (!p->image || !p->kstack || vm_create(&p->vm, (uint32_t)p->image, p->dataoff, p->datasize)) {
		kprintf("spawn: %s needs %u bytes, the largest free block has %u\n",
			name, need + KSTACK_SIZE, mem_largest_free());
		free_proc(p);
		return -ENOMEM;
	}
	memcpy(p->image, m->data + img.text.offset, img.text.filesz);
	for (int i = 0; i < img.ndata; i++)
		memcpy(uaddr(p, img.data[i].vaddr), m->data + img.data[i].offset, img.data[i].filesz);
	/* The code as loaded (its file bytes, then the zeros of kalloc), once:
	 * mkmap and pinfo compute the same from the ELF file (elf32.c). */
	p->codecrc = crc32_update(0, p->image, p->codesize);
	if ((err = setup_args(p, argbase, img.data_start, argc, argv))) {
		free_proc(p);
		return err;
	}
	p->ldt[0] = seg_desc(UCODE_BASE, p->codesize, STA_X | STA_R, 3);
	p->ldt[1] = seg_desc(UDATA_BASE, p->datasize, STA_W, 3);
	/* Entry 2: a data segment marked not present, so loading it faults #NP. */
	p->ldt[2] = seg_desc(UDATA_BASE, PAGE, STA_W, 3) & ~((uint64_t)1 << 47);

	start_frame(p, img.entry, img.data_start - 8);
	fpu_initstate(&p->fpu);
	fs_fdt_init(&p->files);
	p->pid = nextpid++;
	p->parent = parent;
	memcpy(p->name, m->name, PROC_NAME_MAX - 1);
	{
		struct prof_codeseg seg;
		char module[PDUMP_MODNAME_MAX];
		proc_codeseg(p, &seg, module);
		if (prof_proc_start(&p->prof, &seg, 1))
			kprintf("spawn: %s: no memory to profile it; its ticks count as out of range\n", name);
	}
	p->state = P_RUNNABLE;
	sched_runnable();
	if (!initproc)
		initproc = p;
	return p->pid;
}

/* Completes a parent's wait with child c's status; c is freed later. */
static int reap(struct proc *parent, struct proc *c, uint32_t statusoff)
{
	int pid = c->pid;

	if (statusoff)
		proc_copyout(parent, statusoff, &c->exitstatus, sizeof(c->exitstatus));
	c->parent = 0;		/* a parentless zombie is freed at the next switch, or spawn */
	return pid;
}

static int waits_for(const struct proc *parent, const struct proc *c)
{
	return parent->state == P_WAITING && (parent->waitpid == -1 || parent->waitpid == c->pid);
}

void proc_exit(struct proc *p, int status)
{
	uint32_t mask = irq_save();

	prof_exit(&p->prof);
	fpu_release(p);
	fs_fdt_close_all(&p->files);
	p->exitstatus = status;
	p->state = P_ZOMBIE;
	for (int i = 0; i < NPROC; i++)
		if (procs[i].parent == p)
			procs[i].parent = 0;
	if (p->parent && waits_for(p->parent, p)) {
		struct proc *parent = p->parent;
		parent->tf->eax = (uint32_t)reap(parent, p, parent->waitstatus);
		parent->state = P_RUNNABLE;
		sched_runnable();
	}
	if (p == initproc) {
		kprintf("kernel: %s exited with status %d; shutting down\n", p->name, status);
		proc_shutdown();
	}
	need_resched = 1;
	irq_restore(mask);
}

/* Whether a page fault is in the data segment's guard page (vm.h): its
 * offsets 0 .. UGUARD, unmapped. */
static int in_guard(const struct trapframe *tf, uint32_t cr2)
{
	return tf->trapno == T_PF && cr2 >= UDATA_BASE && cr2 - UDATA_BASE < UGUARD;
}

/* Whether a fault is the stack running out: the stack is offsets UGUARD ..
 * UGUARD + __stack_size of the data segment, growing down into the guard
 * page. Either ESP is in the guard page or has wrapped below offset 0,
 * past the limit; or it is within a page above the guard and the fault is
 * a stack fault, or a page fault in the guard just below ESP (a push or a
 * call, which leave ESP as it was when they fault). */
static int stack_overflow(const struct proc *p, const struct trapframe *tf, uint32_t cr2)
{
	if (tf->esp >= p->datasize || tf->esp < UGUARD)
		return 1;
	if (tf->esp >= UGUARD + PAGE)
		return 0;
	return tf->trapno == T_SS ||
	       (in_guard(tf, cr2) && cr2 - UDATA_BASE + 64 >= tf->esp);
}

/* What the fault line says of a fault's cause, if it can tell: a stack
 * that ran out; a reference through a NULL pointer (an offset below
 * UGUARD of the data segment that is not the stack's); a call through a
 * NULL function pointer (#UD at code offset 0, where user/newlib/crt0.asm puts a
 * ud2 before _start). */
static const char *fault_cause(const struct proc *p, const struct trapframe *tf, uint32_t cr2)
{
	if (stack_overflow(p, tf, cr2))
		return ", stack overflow";
	if (in_guard(tf, cr2))
		return ", null pointer";
	if (tf->trapno == T_UD && tf->eip == 0)
		return ", null function pointer";
	return "";
}

void proc_fault(struct trapframe *tf)
{
	struct proc *p = curproc;
	uint32_t cr2;

	if (TF_VM86(tf)) {
		/* Ring 3 may not enter virtual-8086 mode: a real CPU ignores
		 * EFLAGS.VM in a ring-3 iret, QEMU's TCG honours it. Whatever
		 * brought the kernel back (a fault, an interrupt), the process
		 * ends as for a #GP, and nothing of the vm86 CS:IP is sampled. */
		kprintf("%s[%d]: #GP error 0x0000 at %04x:%08x, virtual-8086 mode (vector %u), ended\n",
			p->name, p->pid, tf->cs & 0xFFFF, tf->eip, tf->trapno);
		proc_exit(p, 128 + T_GP);
		return;
	}
	if (tf->trapno == T_PF) {	/* past a segment, caught by the paging backstop */
		__asm__ volatile("mov %%cr2, %0" : "=r"(cr2));
		kprintf("%s[%d]: %s error 0x%04x at %04x:%08x, linear %08x%s, ended\n", p->name,
			p->pid, trapname(tf->trapno), tf->err, tf->cs, tf->eip, cr2,
			fault_cause(p, tf, cr2));
	} else {
		kprintf("%s[%d]: %s error 0x%04x at %04x:%08x%s, ended\n", p->name, p->pid,
			trapname(tf->trapno), tf->err, tf->cs, tf->eip,
			fault_cause(p, tf, 0));
	}
	proc_exit(p, 128 + (int)tf->trapno);
}

int proc_wait(struct proc *p, int pid, uint32_t statusoff)
{
	int children = 0;

	for (int i = 0; i < NPROC; i++) {
		struct proc *c = &procs[i];
		if (c->state == P_UNUSED || c->parent != p || (pid != -1 && c->pid != pid))
			continue;
		children++;
		if (c->state == P_ZOMBIE) {
			int cpid = reap(p, c, statusoff);
			free_proc(c);	/* not on its stack: free it now */
			return cpid;
		}
	}
	if (!children)
		return -ECHILD;
	p->waitpid = pid;
	p->waitstatus = statusoff;
	p->state = P_WAITING;
	need_resched = 1;
	return 0;		/* the value comes when the child exits */
}

void proc_sleep(struct proc *p, uint32_t ms)
{
	uint64_t ticks = ((uint64_t)ms * clock_hz() + 999) / 1000;

	p->wakeup = clock_ticks() + (ticks ? ticks : 1);
	p->state = P_SLEEPING;
	sched_wake_at(p->wakeup);
	need_resched = 1;
}


void proc_copyout(struct proc *p, uint32_t off, const void *src, uint32_t len)
{
	const uint8_t *s = src;

	for (uint32_t i = 0; i < len; i++) {
		uint32_t o = off + i;
		if (o < p->heapbase)
			*(uint8_t *)uaddr(p, o) = s[i];
		else
			*(uint8_t *)vm_lookup(&p->vm, UDATA_BASE + o) = s[i];
	}
}

/* The heap: whole pages mapped above the data segment as loaded, one at a
 * time, each taken from free memory as the break passes into it, and the
 * segment's limit moved with it. A break that would take memory the kernel
 * keeps (SBRK_RESERVE), or pass the data window (1 GiB), is refused with
 * -ENOMEM and nothing changes; one below the heap's start, -EINVAL. A
 * negative increment gives back the pages the break leaves. */
int proc_sbrk(struct proc *p, int32_t incr)
{
	uint32_t old = p->brk, nbrk, oldend = PAGEROUND(p->brk), newend, off;

	if (incr >= 0) {
		if ((uint32_t)incr > UWINDOW_MAX - old)
			return -ENOMEM;
		nbrk = old + (uint32_t)incr;
	} else {
		uint32_t dec = (uint32_t)(-(int64_t)incr);
		if (dec > old - p->heapbase)
			return -EINVAL;
		nbrk = old - dec;
	}
	newend = PAGEROUND(nbrk);
	for (off = oldend; off < newend; off += PAGE) {
		void *pg = mem_free_bytes() >= SBRK_RESERVE + PAGE ? kalloc_page() : 0;
		if (!pg || vm_map_page(&p->vm, UDATA_BASE + off, (uint32_t)pg)) {
			kfree_page(pg);
			while (off > oldend) {
				off -= PAGE;
				kfree_page((void *)vm_unmap_page(&p->vm, UDATA_BASE + off));
			}
			return -ENOMEM;
		}
	}
	/* A profil() buffer in the pages given back (kept as a window
	 * address, kernel/systab.c) would have the sampler write there:
	 * profiling is turned off, as for any buffer outside the segment. */
	if (newend < oldend && (uint32_t)p->prof.pfbuf >= UDATA_BASE &&
	    (uint32_t)p->prof.pfbuf + p->prof.pfsize > UDATA_BASE + newend)
		prof_profil(&p->prof, 0, 0, 0, 0);
	for (off = newend; off < oldend; off += PAGE)
		kfree_page((void *)vm_unmap_page(&p->vm, UDATA_BASE + off));
	if (newend < oldend)
		vm_trim(&p->vm, newend);
	p->brk = nbrk;
	p->datasize = newend;
	/* The LDT is the process's own array: the new limit holds from the
	 * next load of DS, ES, SS (the way back to ring 3 reloads them). */
	p->ldt[1] = seg_desc(UDATA_BASE, p->datasize, STA_W, 3);
	return (int)old;
}
