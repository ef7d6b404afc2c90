; crt0.asm: a guest program's entry. The kernel leaves argc and argv on
; the stack, as if _start had been called with them.
;
; Code offset 0 is a ud2, not _start: a call through a NULL function
; pointer faults there (#UD at EIP 0, which the kernel's fault line names)
; instead of starting the program again. _start follows it, and the whole
; section still fits in the 16 bytes it took before, so that no function
; after it moves (the profiler's offsets and maps stay as they were).
section .text.start
global _start
extern main
extern exit
align 16
	ud2                         ; offset 0: a NULL function pointer lands here
_start:
	xor ebp, ebp                ; ends the frame chain
	call main                   ; main(argc, argv): they are at [esp+4], [esp+8]
	push eax
	call exit                   ; returning from main exits with its value; it never returns
