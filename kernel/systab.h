/* systab.h: the kernel's side of the system calls (systab.c): the table
 * from each number of include/sys/syscall.h to its call, and the
 * dispatcher trap() hands vector 0x80 to. */
#ifndef KERNEL_SYSTAB_H
#define KERNEL_SYSTAB_H

#include "trapframe.h"

void syscall(struct trapframe *tf);

#endif
