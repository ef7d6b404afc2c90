/* offsets.c: the layout the instruction-count plugin (insncount.c) reads
 * in the kernel's memory, made from the kernel's own headers when the
 * benchmark is built (bench/bench.mk turns the "->NAME value" lines of
 * this file's assembly output into the plugin's arguments), so that it
 * follows any change to struct proc (and struct percpu's size, by which
 * the plugin finds each CPU's running process). Never linked. */
#include <stddef.h>
#include "ptable.h"
#include "vm.h"
#include "percpu.h"

#define DEFINE(name, value) __asm__ volatile("\n.ascii \"->" #name " %c0\\n\"" : : "i"(value))

void truth_offsets(void);
void truth_offsets(void)
{
	DEFINE(pid, offsetof(struct proc, pid));
	DEFINE(name, offsetof(struct proc, name));
	DEFINE(image, offsetof(struct proc, image));
	DEFINE(ubase, UCODE_BASE);
	DEFINE(cpustride, sizeof(struct percpu));	/* CPU c's cur at cpu0_curproc + c * it */
	_Static_assert(offsetof(struct percpu, cur) == 0, "cpu0_curproc is percpu_area[0].cur");
	_Static_assert(sizeof(((struct proc *)0)->pid) == 4, "the plugin reads a 32-bit pid");
	_Static_assert(sizeof(((struct proc *)0)->image) == 4, "the plugin reads a 32-bit pointer");
	_Static_assert(sizeof(((struct proc *)0)->name) == 33, "the plugin reads 32 bytes of name: 32 characters, then the NUL");
}
