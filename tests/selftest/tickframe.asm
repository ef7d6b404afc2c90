; tickframe.asm: runs the timer's real entry (boot/irq0.asm) on a made-up
; interrupt frame, for ticktest.c (boot argument selftest=tick).
;
; ticktest_ring3(entry, cs, eip, esp, ebp): a tick from ring 3 at cs:eip,
; with the process's ESP and EBP as given. The frame is
; a ring-3 one (EIP, CS, EFLAGS, ESP, SS) and irq0.ring3_esp is set to its
; place, so the entry takes it for ring 3's and samples it as it would any.
; The LDT that ticktest.c installs has CS's descriptor not present, so the
; iret that ends the tick faults (#NP) before it could leave ring 0, and
; the #NP handler below brings the call back here, leaving the registers
; the tick gave back to ring 3 in ticktest_regs (EAX..EDI set to known
; values before the tick, EBP to the one given).
;
; ticktest_kernel(): a tick in the kernel, by int 32 from here; returns
; the EIP it interrupted.

%include "asm-offsets.inc"

section .text
global ticktest_ring3, ticktest_np, ticktest_kernel, ticktest_regs
extern irq0

align 16
ticktest_ring3:
	push ebp
	mov ebp, esp
	pushad
	mov [resume_esp], esp
	mov eax, [ebp + 8]          ; entry
	push dword KDATA_SEL        ; SS: never loaded, the iret faults first
	push dword [ebp + 20]       ; ESP
	push dword 0x202            ; EFLAGS: IF, as ring 3 always has it
	push dword [ebp + 12]       ; CS
	push dword [ebp + 16]       ; EIP
	lea edx, [esp - 8]          ; where irq0.asm's two pushes leave ESP
	mov [irq0 + IRQ0_RING3_ESP], edx
	mov [target], eax
	mov ebp, [ebp + 24]         ; the interrupted EBP: the frames' chain
	mov eax, 0xA1A1A1A1         ; and the others, which the tick must keep
	mov ebx, 0xB2B2B2B2
	mov ecx, 0xC3C3C3C3
	mov edx, 0xD4D4D4D4
	mov esi, 0x5E5E5E5E
	mov edi, 0xD1D1D1D1
	jmp [target]

; #NP from that iret: error code, EIP, CS, EFLAGS on the stack; they go.
align 16
ticktest_np:
	mov [ticktest_regs], eax    ; the registers the tick left to ring 3
	mov [ticktest_regs + 4], ebx
	mov [ticktest_regs + 8], ecx
	mov [ticktest_regs + 12], edx
	mov [ticktest_regs + 16], esi
	mov [ticktest_regs + 20], edi
	mov [ticktest_regs + 24], ebp
	mov esp, [resume_esp]
	popad
	pop ebp
	ret

align 16
ticktest_kernel:
	int IRQ0_VECTOR
.back:
	mov eax, .back
	ret

section .bss
resume_esp: resd 1
target: resd 1
ticktest_regs: resd 7          ; EAX EBX ECX EDX ESI EDI EBP after the tick
