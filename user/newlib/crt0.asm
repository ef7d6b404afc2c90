; crt0.asm: the entry of a program built on newlib. The kernel leaves argc
; and argv on the stack, as if _start had been called with them.
;
; Code offset 0 is a ud2, not _start: a call through a NULL function
; pointer faults there (#UD at EIP 0, which the kernel's fault line names)
; instead of starting the program again. _start sets up the environment
; and the working folder (__profkern_start, user/newlib/env.c), runs the constructors
; (__libc_init_array: .preinit_array and .init_array, user/user.ld),
; then main(argc, argv, environ), then exit() with main's value: exit runs
; the atexit functions and destructors and flushes stdio.
section .text.start
global _start
extern main
extern exit
extern environ
extern __libc_init_array
extern __profkern_start
align 16
	ud2                         ; offset 0: a NULL function pointer lands here
_start:
	xor ebp, ebp                ; ends the frame chain
	call __profkern_start       ; environ: the default's and ENV='s
	call __libc_init_array
	mov edx, [esp]              ; argc: the kernel left [esp] = argc, [esp + 4] = argv
	mov ecx, [esp + 4]
	mov eax, [environ]
	and esp, -16                ; main's frame 16-aligned, as the i386 ABI has it
	sub esp, 4
	push eax
	push ecx
	push edx
	call main
	push eax
	call exit                   ; it never returns
