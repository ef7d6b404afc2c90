; crt0.asm: a guest program's entry. The kernel leaves argc and argv on
; the stack, as if _start had been called with them.
section .text.start
global _start
extern main
extern exit
align 16
_start:
	xor ebp, ebp                ; ends the frame chain
	call main                   ; main(argc, argv): they are at [esp+4], [esp+8]
	push eax
	call exit                   ; returning from main exits with its value
	ud2                         ; not reached (no label: a map would show it as a function)
