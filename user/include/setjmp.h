/* setjmp.h: non-local jumps. A jmp_buf holds the registers that a call
 * must preserve (EBX, ESI, EDI, EBP), the stack pointer and the return
 * address; longjmp(env, 0) makes setjmp return 1, as C says. */
#ifndef SETJMP_H
#define SETJMP_H

typedef int jmp_buf[6];

int setjmp(jmp_buf env) __attribute__((returns_twice));
void longjmp(jmp_buf env, int val) __attribute__((noreturn));

#endif
