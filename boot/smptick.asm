; smptick.asm: the ticks of several CPUs (docs/smp.md). The PIT's IRQ0
; stays the clock of record, taken by the first CPU: with more than one
; CPU running, its vector is irq0_smp, which passes each tick on to every
; other CPU as an IPI (kernel/smp/smp.h's SMP_TICK_VECTOR, all but self),
; counts the tick in the first CPU's own counts and goes on to the timer's
; usual entry (irq0_fast or irq0_fixed, boot/irq0.asm). Each other CPU
; takes the IPI at smp_tick and counts it in its own struct cpu
; (kernel/smp/smp.h): a sample, and idle (its EIP in boot/trampoline.asm's
; ap_idle) or the kernel's. Each CPU writes only its own counts, on a
; cache line of their own; no lock. A local APIC holds one IPI of a vector
; pending: a second that comes before the CPU took the first merges with
; it. So each other CPU counts the ticks it is behind the first CPU's
; count, not 1: every tick is counted on every CPU, a merged one as what
; the CPU was doing when it took the next (cpu.merged counts those).

%include "asm-offsets.inc"

; the interrupted frame, below the registers saved
%macro COUNT 1                  ; %1: the field's offset from the struct cpu at edx
	add dword [ss:edx + %1], 1
	adc dword [ss:edx + %1 + 4], 0
%endmacro
%macro COUNT_EAX 1              ; the same, EAX ticks
	add dword [ss:edx + %1], eax
	adc dword [ss:edx + %1 + 4], 0
%endmacro

section .text
global irq0_smp, smp_tick
extern irq0, irq0_smp_next, lapic, cpus, apic_to_cpu, ap_idle, ap_idle_end

; The first CPU's IRQ0: EAX and EDX saved and put back before the usual
; entry, which finds the stack as the CPU left it (its ring-3 test is by
; ESP).
align 16
irq0_smp:
	push eax
	push edx
	mov edx, cpus               ; the first CPU's counts: the tick, before the IPI
	COUNT CPU_SAMPLES
	mov eax, [ss:lapic]
	mov dword [ss:eax + LAPIC_ICR_LO_REG], ICR_TICK
	test byte [esp + 8 + 10], FL_VM >> 16 ; EFLAGS's VM: a vm86 tick is neither
	jnz .done
	test byte [esp + 8 + 4], 3  ; CS: ring 3, a process's sample
	jnz .done
	cmp dword [ss:irq0 + IRQ0_PROF], 0
	jne .kernel
	COUNT CPU_IDLE              ; no process: idle (kernel/sched.c's idle loop)
	jmp .done
.kernel:
	COUNT CPU_KERNEL
.done:
	pop edx
	pop eax
	jmp [ss:irq0_smp_next]

; Another CPU's tick: its struct cpu by its APIC ID.
align 16
smp_tick:
	push eax
	push edx
	mov eax, [ss:lapic]
	mov edx, [ss:eax + LAPIC_ID_REG]
	shr edx, 24
	movzx edx, byte [ss:apic_to_cpu + edx]
	imul edx, edx, CPU_SIZE
	add edx, cpus
	mov eax, [ss:cpus + CPU_SAMPLES] ; the ticks this CPU is behind: 1, more if merged
	sub eax, [ss:edx + CPU_SAMPLES]
	jz .eoi                     ; (none: the first CPU's count not seen yet)
	COUNT_EAX CPU_SAMPLES
	dec eax
	COUNT_EAX CPU_MERGED
	inc eax
	test byte [esp + 8 + 10], FL_VM >> 16
	jnz .eoi
	test byte [esp + 8 + 4], 3
	jnz .eoi
	cmp dword [esp + 8], ap_idle ; EIP
	jb .kernel
	cmp dword [esp + 8], ap_idle_end
	jae .kernel
	COUNT_EAX CPU_IDLE
	jmp .eoi
.kernel:
	COUNT_EAX CPU_KERNEL
.eoi:
	mov eax, [ss:lapic]
	mov dword [ss:eax + LAPIC_EOI_REG], 0
	pop edx
	pop eax
	iret
