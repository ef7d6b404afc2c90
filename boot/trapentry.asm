; trapentry.asm: the interrupt entry stubs, one per vector, made by macro.
; Each pushes a uniform frame (struct trapframe, kernel/trapframe.h) and calls
; trap(), which returns the frame to resume: the same one, or another
; process's after a switch.

%include "asm-offsets.inc"        ; KDATA_SEL, TF_CS: kernel/asm-offsets.c

%macro TRAP_NOERR 1
align 4
vector%1:
	push dword 0                ; no error code from the CPU: keep the frame uniform
	push dword %1
	jmp trap_common
%endmacro

%macro TRAP_ERR 1
align 4
vector%1:
	push dword %1               ; the CPU pushed the error code
	jmp trap_common
%endmacro

section .text
extern trap, klock_owner, klock_next
global trapret
extern smp_join_wait
global trap_common

; Vectors that push an error code: 8, 10-14, 17, 21, 29, 30.
%assign v 0
%rep 256
%if v == 8 || (v >= 10 && v <= 14) || v == 17 || v == 21 || v == 29 || v == 30
	TRAP_ERR v
%else
	TRAP_NOERR v
%endif
%assign v v+1
%endrep

align 16
trap_common:
	push ds
	push es
	push fs
	push gs
	pushad
	cld                         ; ring 3 may have set DF; C code assumes it clear
	mov ax, KDATA_SEL
	mov ds, ax
	mov es, ax
	mov fs, ax
	mov gs, ax
	push esp                    ; struct trapframe *
	call trap
	mov esp, eax                ; the frame to resume
trapret:
	; Back to ring 3: the kernel has run masked since sched_return(). A
	; tick raised meanwhile would be taken right after the iret and
	; charged to the process's next instruction; let it in here, where it
	; is the kernel's time. "sti; nop" is the kernel's mark of a tick held
	; back (kernel/x86.h, boot/irq0.asm). Not for a ring-0 frame: idle's,
	; or the kernel's own work, which was not masked.
	test byte [esp + TF_CS], 3
	jz .unlock
	sti
	nop
	cli
.unlock:
	; With several CPUs: the kernel's lock, let go on the way out of the
	; trap that took it (kernel/trap.c), or of a trap nested in the
	; sti; nop above, which finds it to let go; by then this CPU runs on
	; the stack it returns on, its own process's, no longer the one it
	; came in on, which another CPU may take next.
	cmp dword [ss:PCPU_KLOCK_RELEASE], 0
	je .pop
	mov dword [ss:PCPU_KLOCK_RELEASE], 0
	mov dword [ss:PCPU_KLOCKED], 0
	lock inc dword [ss:klock_owner]
	push eax
	mov eax, [ss:klock_next]
	cmp eax, [ss:klock_owner]
	pop eax
	je .joined
	pause                       ; another CPU waits for it: let it run now
.joined:
	; turns=1: a CPU that has just joined the round of turns waits for its
	; turn here, holding nothing, before ring 3 (boot/irq0.asm)
	cmp dword [ss:PCPU_TURN_FIRST], 0
	je .pop
	call smp_join_wait
.pop:
	popad
	pop gs
	pop fs
	pop es
	pop ds
	add esp, 8                  ; vector number and error code
	iret

section .rodata
global vectors
extern irq0_fast
align 4
vectors:
%assign v 0
%rep 256
%if v == 32
	dd irq0_fast                ; the timer: boot/irq0.asm
%else
	dd vector %+ v
%endif
%assign v v+1
%endrep
