/* syscall.h: the system call dispatcher. */
#ifndef KERNEL_SYSCALL_H
#define KERNEL_SYSCALL_H

#include "trap.h"

void syscall(struct trapframe *tf);

#endif
