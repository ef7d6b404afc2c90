; irq0.asm: the timer interrupt's fast path. Most ticks only count, sample
; and return; the full trap path (trap(), vector 32) runs only when the
; scheduler has work: a quantum is over, or the machine is idle.
;
; Interrupted in ring 3, DS and ES are the process's; the kernel's data is
; reached through SS, which the CPU loaded from the TSS (the kernel's flat
; data segment), so no segment register is reloaded unless the profiler
; has to run.

KDATA_SEL   equ 0x10
IRQ0_VECTOR equ 32
PIC1_CMD    equ 0x20
PIC_EOI     equ 0x20
PIT_CH0     equ 0x40
PIT_CMD     equ 0x43
PIT_MIN_COUNT equ 16            ; the shortest period written

section .text
global irq0_fast
extern ticks, slice_left, quantum, sched_work, next_wakeup
extern prof_current, prof_active, prof_tick
extern pit_jitter_mask, pit_jitter_base, pit_jitter_seed, pit_restarts, pit_written
extern trap_common

align 16
irq0_fast:
	push eax
	push ecx
	push edx
	add dword [ss:ticks], 1
	adc dword [ss:ticks + 4], 0
	mov al, PIC_EOI
	out PIC1_CMD, al            ; IF stays clear until iret: no nesting
	cmp dword [ss:pit_jitter_mask], 0
	jne .jitter
.jittered:
	cmp dword [ss:prof_active], 0
	jne .sample
.sampled:
	cmp dword [ss:prof_current], 0
	je .quantum                 ; idle: look for work at every tick
	sub dword [ss:slice_left], 1
	jbe .quantum
.done:
	pop edx
	pop ecx
	pop eax
	iret

; The quantum is over (or the machine idles): the scheduler runs only if
; another process is runnable or a sleeper's tick has come; else the
; running process (or idle) simply goes on with a new quantum.
.quantum:
	cmp dword [ss:sched_work], 0
	jne .slow
	mov eax, [ss:ticks + 4]
	cmp eax, [ss:next_wakeup + 4]
	ja .slow
	jb .renew
	mov eax, [ss:ticks]
	cmp eax, [ss:next_wakeup]
	jae .slow
.renew:
	mov eax, [ss:quantum]
	mov [ss:slice_left], eax
	jmp .done

; The next period: the nominal divisor plus a seeded pseudo-random offset,
; uniform and centred, so the mean rate holds and runs stay identical.
.jitter:
	imul eax, [ss:pit_jitter_seed], 1664525
	add eax, 1013904223
	mov [ss:pit_jitter_seed], eax
	shr eax, 16
	and eax, [ss:pit_jitter_mask]
	add eax, [ss:pit_jitter_base]  ; D, the next period: base = nominal - span / 2
	cmp dword [ss:pit_restarts], 0
	jne .restarts
.write:
	out PIT_CH0, al
	mov al, ah
	out PIT_CH0, al
	jmp .jittered

; An 8254 that restarts a count when it is written (QEMU's; a real one in
; mode 2 loads it when the period ends): take off what the period has run
; past its end, so the next tick comes D after the last one, not D after
; this handler, however late a masked stretch made it.
.restarts:
	mov ecx, eax
	xor eax, eax
	out PIT_CMD, al             ; latch channel 0: 00 00 0000
	in al, PIT_CH0
	mov ah, al
	in al, PIT_CH0
	xchg al, ah                 ; the counts left
	mov edx, [ss:pit_written]
	sub edx, eax                ; run since the period's end
	sub ecx, edx
	cmp ecx, PIT_MIN_COUNT
	jge .late
	mov ecx, PIT_MIN_COUNT
.late:
	mov eax, ecx
	mov [ss:pit_written], eax
	jmp .write

; prof_tick(pp, cs, eip), regparm(3), as C expects to be called: the
; kernel's data segments and DF clear (ring 3 may have set it; iret puts
; the process's EFLAGS back).
.sample:
	push ds
	push es
	mov eax, KDATA_SEL
	mov ds, eax
	mov es, eax
	cld
	mov edx, [esp + 24]         ; CS  (eax ecx edx ds es, then EIP, CS)
	mov ecx, [esp + 20]         ; EIP
	mov eax, [prof_current]
	call prof_tick
	pop es
	pop ds
	jmp .sampled

; The full path: trap() sees vector 32 with the tick already counted,
; sampled and acknowledged.
.slow:
	pop edx
	pop ecx
	pop eax
	push dword 0
	push dword IRQ0_VECTOR
	jmp trap_common
