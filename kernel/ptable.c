/* ptable.c: the process table's slots, each CPU's idle process (a ring-0
 * frame on a stack of its own, to a loop of hlt), a process's memory
 * given back, and the machine's clean end once the work is done. */
#include "ptable.h"
#include "console.h"
#include "mem.h"
#include "cpureport.h"
#include "qemuexit.h"
#include <string.h>

struct proc procs[NPROC];
/* Each CPU's idle process; this CPU's is idleproc (ptable.h). */
static struct proc idleprocs[NCPU_MAX];

struct proc *proc_first(void)
{
	return procs;
}

/* Gives the heap's pages back: the break goes back to where it started. */
static void heap_free(struct proc *p)
{
	for (uint32_t off = p->heapbase; off < p->datasize; off += PAGE)
		kfree_page((void *)vm_unmap_page(&p->vm, UDATA_BASE + off));
	p->datasize = p->brk = p->heapbase;
}

void free_proc(struct proc *p)
{
	fpu_release(p);
	fs_fdt_close_all(&p->files);
	if (p->vm.pgdir)
		heap_free(p);
	vm_free(&p->vm);
	kfree(p->image);
	kfree(p->kstack);
	memset(p, 0, sizeof(*p));
}

static void idle_loop(void)
{
	for (;;)
		__asm__ volatile("sti; hlt" ::: "memory");	/* a tick here is on time: no sti(), see x86.h */
}

void proc_idle_init(int cpu)
{
	struct proc *idle = &idleprocs[cpu];
	struct trapframe *tf;

	idle->kstack = kalloc(KSTACK_SIZE);
	if (!idle->kstack)
		panic("procinit: no memory for the idle stack");
	memcpy(idle->name, "idle", 5);
	idle->state = P_RUNNING;
	/* A ring-0 frame: iret pops no ESP/SS, so leave them out of the stack. */
	tf = (struct trapframe *)(idle->kstack + KSTACK_SIZE - (sizeof(*tf) - 8));
	tf->cs = SEL_KCODE;
	tf->eip = (uint32_t)idle_loop;
	tf->eflags = FL_IF | 2;
	tf->ds = tf->es = tf->fs = tf->gs = SEL_KDATA;
	idle->tf = tf;
	percpu_area[cpu].idle = idle;
	percpu_area[cpu].cur = idle;
}

void procinit(void)
{
	proc_idle_init(0);
}

/* The machine's clean end, when its work is done: the files programs
 * wrote go back to the host (fsback.c), then the exit code. */
void proc_shutdown(void)
{
	smp_report();	/* with several CPUs, each one's counts */
	fs_send_back();
	machine_exit(QEMUEXIT_OK);
}
