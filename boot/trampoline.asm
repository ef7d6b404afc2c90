; trampoline.asm: where another CPU starts (kernel/smp/start.c). A start-up
; IPI starts it in real mode at CS = page >> 4, IP = 0, in the page below
; 1 MiB that smp_init() copied tramp_start..tramp_end to; this code runs
; there, loads a GDT of its own (flat code and data at the kernel's
; selectors) and jumps to ap_entry, in the kernel, in protected mode. There
; the CPU takes the first CPU's CR4, page directory and CR0 (paging, the
; caches and the FPU's bits as that one set them), its own stack, and
; calls ap_main(), which gives it its GDT entries, TSS and the IDT.

%include "asm-offsets.inc"

KCODE_SEL equ 0x08              ; kernel/desc.h's SEL_KCODE

section .rodata                 ; copied below 1 MiB, never run in place
bits 16
global tramp_start, tramp_end
align 16
tramp_start:
	cli
	cld
	mov ax, cs
	mov ds, ax
	xor eax, eax
	mov ax, cs
	shl eax, 4                  ; the page's physical address
	add eax, tramp_gdt - tramp_start
	mov [tramp_gdtr - tramp_start + 2], eax
	lgdt [tramp_gdtr - tramp_start]
	mov eax, cr0
	or eax, 1                   ; PE
	mov cr0, eax
	jmp dword KCODE_SEL:ap_entry
align 8
tramp_gdt:
	dq 0
	dq 0x00CF9A000000FFFF       ; flat 4 GiB code, ring 0
	dq 0x00CF92000000FFFF       ; flat 4 GiB data, ring 0
tramp_gdtr:
	dw 3 * 8 - 1
	dd 0                        ; the GDT's address, set above
tramp_end:

section .text
bits 32
extern ap_boot_cr0, ap_boot_cr3, ap_boot_cr4, ap_boot_stack, ap_main
align 16
ap_entry:
	mov ax, KDATA_SEL
	mov ds, ax
	mov es, ax
	mov fs, ax
	mov gs, ax
	mov ss, ax
	mov eax, [ap_boot_cr4]      ; PSE for the kernel's 4 MiB pages, the FPU's bits
	mov cr4, eax
	mov eax, [ap_boot_cr3]
	mov cr3, eax
	mov eax, [ap_boot_cr0]      ; PG, WP, AM, the caches on, the FPU's bits
	mov cr0, eax
	jmp .paged
.paged:
	mov esp, [ap_boot_stack]
	xor ebp, ebp                ; ends the frame chain for backtraces
	call ap_main
.hang:                              ; ap_main never returns
	cli
	hlt
	jmp .hang

; The first CPU's wake from its wait with every CPU halted (kernel/smp/
; start.c, smp_settle): the local APIC's timer, acknowledged in C.
global smp_settle_iret
smp_settle_iret:
	iret
