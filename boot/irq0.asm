; irq0.asm: the timer interrupt's fast path. Most ticks only count, sample
; and return; the full trap path (trap(), vector 32) runs only when the
; scheduler has work: a quantum is over, or the machine is idle.
;
; Interrupted in ring 3, DS and ES are the process's; the kernel's data is
; reached through SS, which the CPU loaded from the TSS (the kernel's flat
; data segment), so no segment register is reloaded unless prof_tick() has
; to run. What this file reads or writes is this CPU's structure irq0
; (kernel/time/tick.h, which names each field's owner; each CPU's own, at one
; address: kernel/smp/percpu.h), at offsets generated from it
; (kernel/asm-offsets.c); with several CPUs also the CPU's own counts
; beside it (PCPU_*) and its local APIC (smp_tick0 and smp_tick below). A ring-3 tick is sampled by the running
; process's plan (profiler/prof.h, made at a switch by tick_plan_load(),
; kernel/time/tick.h): irq0.sampler is one of irq0_none, irq0_dword,
; irq0_profil, irq0_stacks or irq0_call below.

%include "asm-offsets.inc"

PIC1_CMD    equ 0x20
PIC_EOI     equ 0x20
PIT_CH0     equ 0x40
STI_NOP     equ 0x90FB          ; "sti; nop" (FB 90) read as a word: kernel/x86.h's sti()

; the interrupted frame, below the two registers saved
F_EIP    equ 8
F_CS     equ 12
F_EFLAGS equ 16
F_ESP    equ 20                 ; a ring-3 frame's: the process's ESP
%if IRQ0_RING3_DEPTH != F_EFLAGS + 12
%error "kernel/trapframe.h's IRQ0_RING3_DEPTH: the CPU's five words and our two"
%endif
; irq0_dword indexes plan.seg[] by CS with its low 3 bits cleared: the LDT
; index times 8, which is the entry's size.
%if PLAN_SEG_SIZE != 8 || PLAN_SEG_LIMIT != 0 || PLAN_SEG_COUNTERS != 4
%error "struct prof_plan_seg: limit, then counters, 8 bytes"
%endif
; irq0_stacks compares an entry's useg, kdepth and depth as one word.
%if ST_USEG + 2 != ST_KDEPTH || ST_KDEPTH + 1 != ST_DEPTH
%error "struct pdump_stack: useg (16 bits), kdepth, depth in one word"
%endif
; The trace's next entry (over 4) is the first word of struct prof_trace.
%if TRACE_POS != 0
%error "struct prof_trace: pos4 first"
%endif

; Into C from the tick: ECX (C may clobber it; EAX and EDX are saved
; already), the kernel's data segments (ring 3's DS and ES may be
; anything) and DF clear (iret puts the interrupted EFLAGS back). The
; stack then holds 12 bytes more above the interrupted frame.
%macro C_ENTER 0
	push ecx
	push ds
	push es
	mov eax, KDATA_SEL
	mov ds, eax
	mov es, eax
	cld
%endmacro
%macro C_LEAVE 0
	pop es
	pop ds
	pop ecx
%endmacro

; A ring-3 tick's segment in the plan: EAX its entry's offset in plan.seg[]
; (CS with its low 3 bits cleared: the LDT index times 8), EDX the EIP; an
; EIP at or past the entry's limit goes to prof_tick() instead.
%macro SEG_LOOKUP 0
	mov eax, [esp + F_CS]
	and eax, 0xFFF8
	mov edx, [esp + F_EIP]
	cmp edx, [ss:irq0 + PLAN_SEG + PLAN_SEG_LIMIT + eax]
	jae irq0_call
%endmacro

; The counter's address %1 into the profile's trace (profiler/prof.h):
; stored at pos4 * 4, and pos4 moved on by the carry of pos4 < end4,
; without a branch (a full trace keeps storing into its spare entry past
; the end; a plan whose profile has no trace points at one always full).
; %2 and %3 are scratch for the trace's address and pos4; given one
; register for both, the address is loaded again (mov keeps the carry).
%macro TRACE_PUT 3
	mov %2, [ss:irq0 + PLAN_TRACE]
	mov %3, [ss:%2 + TRACE_POS]
	mov [ss:%3 * 4], %1
	cmp %3, [ss:irq0 + PLAN_TREND]
%ifidn %2, %3
	mov %2, [ss:irq0 + PLAN_TRACE]
%endif
	adc dword [ss:%2 + TRACE_POS], 0
%endmacro

section .text
; The tick's code, from irq0_text to irq0_text_end (bench/smptick.c
; counts the instructions each CPU runs between them).
global irq0_text, irq0_text_end
irq0_text:
global irq0_fast, irq0_fixed, irq0_none, irq0_dword, irq0_profil, irq0_call, irq0_stacks
global irq0_clock, smp_tick, smp_tick0
extern irq0, prof_active, prof_tick_fn, trap_common, clock_irq

; The next period: the nominal divisor plus a seeded pseudo-random offset,
; uniform and centred, so the mean rate holds and runs stay identical. (The
; top bits of a 32-bit LCG, scaled to the spread by one mul.)
%macro NEXT_PERIOD 0
	imul eax, [ss:irq0 + IRQ0_JITTER_SEED], 1664525
	add eax, 1013904223
	mov [ss:irq0 + IRQ0_JITTER_SEED], eax
	mul dword [ss:irq0 + IRQ0_JITTER]
	add edx, [ss:irq0 + IRQ0_JITTER_BASE]
	mov eax, edx
	out PIT_CH0, al
	mov al, ah
	out PIT_CH0, al
%endmacro

; A tick held back by a masked stretch of the kernel (the two bytes before
; its EIP are sti(), "sti; nop", kernel/x86.h) leaves the period as it is:
; QEMU's 8254 starts a written count at once, and a write there would
; sample the code after the stretch on a comb (docs/decisions.md, "The tick").

; Every tick: count it, acknowledge it, and tell ring 3 from the rest by
; ESP: equal to irq0.ring3_esp (kernel/cpu.c keeps it) only after a
; privilege change from protected-mode ring 3; a vm86 frame's CS could not
; tell (docs/decisions.md, "The tick").
%macro IRQ0_ENTRY 1             ; %1: where a tick not from ring 3 goes
	push eax
	push edx
	add dword [ss:irq0 + IRQ0_TICKS], 1
	adc dword [ss:irq0 + IRQ0_TICKS + 4], 0
	mov al, PIC_EOI
	out PIC1_CMD, al            ; IF stays clear until iret: no nesting
	cmp esp, [ss:irq0 + IRQ0_RING3_ESP]
	jne %1
%endmacro

; With several CPUs, a CPU's tick not from ring 3 is also counted in its
; own counts (kernel/smp/percpu.h), for its shutdown line: idle when no
; process runs there, else the kernel's.
%macro KTICK 0
	cmp dword [ss:irq0 + IRQ0_PROF], 0
	je %%idle
	add dword [ss:PCPU_KTICKS], 1
	adc dword [ss:PCPU_KTICKS + 4], 0
	jmp %%done
%%idle:
	add dword [ss:PCPU_ITICKS], 1
	adc dword [ss:PCPU_ITICKS + 4], 0
%%done:
%endmacro

; Not ring 3: the kernel, idle, or virtual-8086 mode, which a forged ring-3
; iret can enter under QEMU. A vm86 tick is never sampled: the full path
; ends the process (kernel/trap.c).
%macro NOT_VM86 0
	test byte [esp + F_EFLAGS + 2], FL_VM >> 16
	jnz irq0_slow
%endmacro

; The timer's vector (boot/trapentry.asm): each period drawn.
align 16
irq0_fast:
	IRQ0_ENTRY irq0_kernel
	NEXT_PERIOD
	jmp [ss:irq0 + IRQ0_SAMPLER]

; With jitter=0, clockinit() (kernel/time/clock.c) puts this one in the vector
; instead: the period is the chip's own, and nothing is drawn.
align 16
irq0_fixed:
	IRQ0_ENTRY irq0_kfixed
	jmp [ss:irq0 + IRQ0_SAMPLER]
irq0_kfixed:
	NOT_VM86
	jmp irq0_ksample

; Several CPUs (docs/smp.md): the PIT's IRQ0 is the clock alone
; (irq0_clock, at the end); every CPU samples by its local APIC's timer,
; one-shot, at a deadline drawn in each next cell of its own, a period
; apart on its TSC. A deadline already past is counted at once, by a tick
; the CPU sends itself, which does not end the slice (docs/decisions.md,
; "Several CPUs", says why).

; The local APIC's tick: counted, acknowledged, the cell moved on by the
; period, and the counts to the deadline drawn in it: since = TSC - cell
; in EAX, the offset (the top bits of a multiplicative congruential step)
; in EDX, counts = offset - since; 0 or less (signed) is a deadline past.
; The period and the shift are immediates that kernel/time/timers.c writes at
; boot, before any CPU runs them; each ends at its label.
%macro SMP_TICK 5
%define TICK_VECTOR %1          ; the timer's vector, which a late tick sends itself
%define TICK_PAUSE %2           ; 1: pause once the timer is written (the first CPU's)
%define TICK_PERIOD_IMM %3      ; the label that ends the period's immediate
%define TICK_SHIFT_IMM %4       ; the label that ends the shift's
%define TICK_LATE %5            ; the late path's label
	push eax
	push edx
	add dword [ss:irq0 + IRQ0_TICKS], 1
	adc dword [ss:irq0 + IRQ0_TICKS + 4], 0
	mov dword [ss:LAPIC_EOI_VA], 0
	rdtsc
	sub eax, [ss:irq0 + IRQ0_CELL]
	add dword [ss:irq0 + IRQ0_CELL], strict dword SMP_PERIOD_MARK
TICK_PERIOD_IMM:
	imul edx, [ss:irq0 + IRQ0_JITTER_SEED], SMP_MCG_MUL
	mov [ss:irq0 + IRQ0_JITTER_SEED], edx
	shr edx, strict byte SMP_SHIFT_MARK
TICK_SHIFT_IMM:
	sub edx, eax
	jle TICK_LATE
	mov [ss:LAPIC_TMICT_VA], edx
%if TICK_PAUSE
	pause
%endif
	cmp esp, [ss:irq0 + IRQ0_RING3_ESP]
	jne smp_kernel
	jmp [ss:irq0 + IRQ0_SAMPLER]
TICK_LATE:                      ; late: the next period's tick, at once
	mov dword [ss:LAPIC_ICR_LO_VA], ICR_SELF_FIXED | TICK_VECTOR
	add dword [ss:PCPU_LATE], 1
	add dword [ss:irq0 + IRQ0_SLICE_LEFT], 1	; not the slice's end
	cmp esp, [ss:irq0 + IRQ0_RING3_ESP]
	jne smp_kernel
	jmp [ss:irq0 + IRQ0_SAMPLER]
%undef TICK_VECTOR
%undef TICK_PAUSE
%undef TICK_PERIOD_IMM
%undef TICK_SHIFT_IMM
%undef TICK_LATE
%endmacro

global smp_period_imm, smp_period_imm0, smp_shift_imm, smp_shift_imm0
; Every CPU but the first.
align 16
smp_tick:
	SMP_TICK SMP_TICK_VECTOR, 0, smp_period_imm, smp_shift_imm, smp_late

; The first CPU's pauses after a tick taken on time, which ends its turn
; under QEMU's -icount, so that the other CPUs get theirs (docs/decisions.md,
; "Several CPUs"); a tick taken late goes on: the CPU has waited already.
align 16
smp_tick0:
	SMP_TICK SMP_TICK0_VECTOR, 1, smp_period_imm0, smp_shift_imm0, smp_late0

smp_kernel:
	NOT_VM86
	KTICK
	jmp irq0_ksample

; The turns (the default with several CPUs): boot/irq0turns.inc.
%include "irq0turns.inc"

; DWORD: counters[EIP >> 2] of the segment's entry, if EIP is below its
; limit; else prof_tick() decides. Counters saturate: a carry out of the
; add takes the 1 back. Then the counter's address goes to the trace.
irq0_dword:
	SEG_LOOKUP
	and edx, -4
	add edx, [ss:irq0 + PLAN_SEG + PLAN_SEG_COUNTERS + eax]
	add dword [ss:edx], 1
	sbb dword [ss:edx], 0
	TRACE_PUT edx, eax, eax
	jmp irq0_none

; STACKS: one profile with call stacks (profiler/prof.h, docs/stacks.md),
; the same tick as prof_tick() takes, in assembly: the flat count as
; irq0_dword's, and the stack (the EIP, the leaf's caller when the word at
; ESP is a return address, the frames from EBP) counted in its entry of
; the profile's table. The stack is gathered on the kernel's stack, pushed
; (the root lowest) while it is hashed; nothing is written anywhere else
; until its entry is found, so that a tick the assembly cannot finish (an
; EIP past the limit, a stack not in the table yet) goes to prof_tick()
; whole. Every read of the process's memory is checked first, through the
; kernel's flat segment (SS) at plan.ubase (the stack) and plan.cbase (the
; code): ring 3's DS may be anything.
irq0_stacks:
	SEG_LOOKUP
	pushad                      ; ring 3's registers; EBP still the interrupted one
	mov ecx, [esp + 32 + F_ESP] ; the process's ESP
	mov esi, esp                ; the stack's top: its depth is esi - esp
	push edx                    ; the EIP
	lea edi, [edx + STK_HASH_SEED]
	imul edi, edi, STK_HASH_MUL ; h = (h + pc) * mul, pc by pc
	; The leaf's caller: the word at ESP (at ESP + 4 when the EIP is at a
	; mov ebp, esp, 89 E5: its push ebp is done), if that is at most
	; size - 4, when it is an offset w in the code with an E8 (call
	; rel32) at w - 5. (The plan's limit keeps EIP + 2 within the code.)
	mov ebx, [ss:irq0 + PLAN_CBASE]
	cmp word [ss:ebx + edx], 0xE589
	jne .sp
	add ecx, 4
.sp:
	cmp ecx, [ss:irq0 + PLAN_SPMAX]
	ja .noleaf
	add ecx, [ss:irq0 + PLAN_UBASE]
	mov ecx, [ss:ecx]
	lea eax, [ecx - 5]
	cmp eax, [ss:irq0 + PLAN_CODEMAX]
	ja .noleaf
	cmp byte [ss:ebx + eax], 0xE8
	je .leaf
.noleaf:
	mov ecx, STK_DEPTH - 1      ; frames the walk may add
.chain:
	; The frames: fp is read when fp <= size - 8, that is when fp - s1
	; borrows (s1 = size - 7); then q = fp - s1 and the frame is at
	; wbase + q (wbase = ubase + s1). The next frame pointer is taken
	; when it is above fp and at most size - 8: both say, in one unsigned
	; compare, that its q is above this one's (a q past the window wraps
	; below every valid one). Two copies of the loop, q in EAX, then EDX.
	mov eax, ebp
	sub eax, [ss:irq0 + PLAN_S1]
	jnc .walked
	mov ebx, [ss:irq0 + PLAN_WBASE]
.frame_a:
	push dword [ss:ebx + eax + 4]
	add edi, [esp]
	imul edi, edi, STK_HASH_MUL
	mov edx, [ss:ebx + eax]
	sub edx, [ss:irq0 + PLAN_S1]
	cmp edx, eax
	jbe .walked
	loop .frame_b
	jmp .walked
.frame_b:
	push dword [ss:ebx + edx + 4]
	add edi, [esp]
	imul edi, edi, STK_HASH_MUL
	mov eax, [ss:ebx + edx]
	sub eax, [ss:irq0 + PLAN_S1]
	cmp eax, edx
	jbe .walked
	loop .frame_a
.walked:
	; The lookup, as prof_stacks_add's: the slot from the hash's top
	; bits (h >> the table's shift), then the next ones (masked by the
	; table's mask) until a free one; an entry (a slot holds its byte
	; offset in the table) with this useg, kdepth 0 and depth, and these
	; frames, is the stack's.
	sub esi, esp                ; 4 * depth
	mov ebp, [ss:irq0 + PLAN_TABLE]
	mov ecx, [ss:ebp + STK_SHIFT]
	shr edi, cl
.probe:
	mov ecx, [ss:ebp + edi * 4 + STK_SLOTS]
	jecxz .miss
	mov edx, esi
	shl edx, 24 - 2             ; depth << 24
	add edx, [ss:irq0 + PLAN_USEG]
	cmp [ss:ebp + ecx + ST_USEG], edx
	jne .next
	mov edx, [ss:ebp + ecx + ST_PCS]
	lea edx, [edx + esi - 4]    ; the entry's last frame, the root
	jmp [cs:.compare + esi - 4]
.next:
	inc edi
	and edi, [ss:ebp + STK_MASK]
	jmp .probe
.leaf:
	push ecx
	add edi, ecx
	imul edi, edi, STK_HASH_MUL
	mov ecx, STK_DEPTH - 2
	jmp .chain
.miss:
	add esp, esi
	popad
	jmp irq0_call
	; The frames against the entry's, the root first: ours at [esp + 4j],
	; its at [edx - 4j]; entered at the copy for the stack's depth.
%assign j STK_DEPTH - 1
%rep STK_DEPTH
.cmp %+ j:
	mov eax, [esp + 4 * j]
	cmp eax, [ss:edx - 4 * j]
	jne .next
%assign j j - 1
%endrep
	; Found: the flat count, as irq0_dword's, then its count, both
	; saturating: a tick counts its place before its stack, as
	; prof_tick() does, the order a dump on another CPU reads them back
	; in (profiler/snap.c).
	add esp, esi
	mov eax, [esp + 32 + F_EIP]
	and eax, -4
	add eax, [ss:irq0 + PLAN_COUNTERS]
	add dword [ss:eax], 1
	sbb dword [ss:eax], 0
	add dword [ss:ebp + ecx + ST_COUNT], 1
	sbb dword [ss:ebp + ecx + ST_COUNT], 0
	TRACE_PUT eax, ebx, ecx     ; the trace, as irq0_dword's
	popad
	sub dword [ss:irq0 + IRQ0_SLICE_LEFT], 1
	jbe irq0_quantum
	pop edx
	pop eax
	iret

section .rodata
align 4
.compare:                       ; by depth: depth 1 compares copy 0 only
%assign j 0
%rep STK_DEPTH
	dd .cmp %+ j
%assign j j + 1
%endrep
section .text

; PROFIL: the 16-bit counter at ((d * scale) >> 16) & ~1, d = EIP - offset,
; if d is below the plan's limit (which also excludes EIPs below offset).
irq0_profil:
	mov eax, [esp + F_EIP]
	sub eax, [ss:irq0 + PLAN_PFOFFSET]
	cmp eax, [ss:irq0 + PLAN_PFLIMIT]
	jae irq0_none
	mul dword [ss:irq0 + PLAN_PFSCALE]
	shrd eax, edx, 16
	and eax, -2
	add eax, [ss:irq0 + PLAN_PFBUF]
	add word [ss:eax], 1
	sbb word [ss:eax], 0
	; fall through

; NONE, and the end of every tick: the quantum. Idle's slice is 1, so
; that it looks for work at every tick.
irq0_none:
	sub dword [ss:irq0 + IRQ0_SLICE_LEFT], 1
	jbe irq0_quantum
	pop edx
	pop eax
	iret

; A tick in the kernel (or idle): the next period unless the tick was held
; back; then its profile, if any, is prof_tick()'s.
irq0_kernel:
	NOT_VM86
	mov eax, [esp + F_EIP]
	cmp word [ss:eax - 2], STI_NOP
	je irq0_ksample
	NEXT_PERIOD
irq0_ksample:
	cmp dword [ss:prof_active], 0
	je irq0_none
	; fall through

; prof_tick(pp, cs, eip, ebp), regparm(3), as C expects to be called: the
; kernel's data segments and DF clear (ring 3 may have set it; iret puts
; the process's EFLAGS back). EBP is still the interrupted code's: the
; frame chain a profile with stacks walks.
irq0_call:
	C_ENTER
	mov edx, [esp + 12 + F_CS]  ; CS  (ecx ds es pushed)
	mov ecx, [esp + 12 + F_EIP] ; EIP
	mov eax, [irq0 + IRQ0_PROF]
	push ebp
	call [prof_tick_fn]         ; prof_tick(), or prof_tick_spread() with sub-profiles
	add esp, 4
	C_LEAVE
	jmp irq0_none

; ctick=plan (kernel/time/tick.h): the plan carried out in C, as a kernel without
; this file does it: prof_tick_planned(plan, cs, eip, ebp), regparm(3).
global irq0_cplan
extern prof_tick_planned
irq0_cplan:
	C_ENTER
	push ebp                    ; fp
	mov ecx, [esp + 16 + F_EIP] ; pc
	mov edx, [esp + 16 + F_CS]  ; at
	mov eax, irq0 + IRQ0_PLAN
	call prof_tick_planned
	add esp, 4
	C_LEAVE
	jmp irq0_none

; The quantum is over (or the machine idles): the scheduler runs only if
; another process is runnable or a sleeper's tick has come; else the
; running process (or idle) simply goes on with a new slice.
irq0_quantum:
	cmp dword [ss:irq0 + IRQ0_SCHED_WORK], 0
	jne irq0_slow
	mov eax, [ss:irq0 + IRQ0_TICKS + 4]
	cmp eax, [ss:irq0 + IRQ0_NEXT_WAKEUP + 4]
	ja irq0_slow
	jb irq0_renew
	mov eax, [ss:irq0 + IRQ0_TICKS]
	cmp eax, [ss:irq0 + IRQ0_NEXT_WAKEUP]
	jae irq0_slow
irq0_renew:
	mov eax, [ss:irq0 + IRQ0_SLICE_TICKS]
	mov [ss:irq0 + IRQ0_SLICE_LEFT], eax
	pop edx
	pop eax
	iret

; The full path: trap() sees vector 32 with the tick already counted,
; sampled and acknowledged.
irq0_slow:
	pop edx
	pop eax
	push dword 0
	push dword IRQ0_VECTOR
	jmp trap_common
irq0_text_end:

; The clock of record with several CPUs (above), outside the tick's code.
align 16
irq0_clock:
	push eax
	push edx
	C_ENTER
	call clock_irq
	C_LEAVE
	cmp dword [ss:irq0 + IRQ0_PROF], 0
	je .idle
.ret:
	pop edx
	pop eax
	iret
.idle:                          ; turns=1: an idle CPU has no tick of its own to look for work
	cmp dword [ss:smp_turns], 0
	je .ret
	cmp dword [ss:irq0 + IRQ0_SCHED_WORK], 0
	je .ret
	jmp irq0_slow
