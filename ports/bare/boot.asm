; boot.asm: the bare kernel's entry from a multiboot loader, its GDT's
; load, and its interrupt entries. Everything else is C (kernel.c).
bits 32

; ---- the multiboot header (version 1): the loader finds it in the first 8 KiB
MB_MAGIC equ 0x1BADB002
MB_FLAGS equ 0x00000003		; bit 0: modules page-aligned; bit 1: memory info (the usual pair)
section .multiboot
align 4
	dd MB_MAGIC, MB_FLAGS, -(MB_MAGIC + MB_FLAGS)

section .bss
align 16
stack_bottom:	resb 16384
stack_top:

section .text
; The loader leaves us in 32-bit protected mode, interrupts off, EAX the
; multiboot magic and EBX the address of its information.
global _start
extern kmain
_start:
	mov esp, stack_top
	xor ebp, ebp		; the end of the frame chain
	cld
	sub esp, 8		; ESP a multiple of 16 at the call, as GCC assumes
	push ebx
	push eax
	call kmain		; kmain(magic, info): never returns
.hang:	cli
	hlt
	jmp .hang

; gdt_load(const struct dtr *gdtr): our GDT in place of the loader's, and
; every segment register reloaded from it: 0x08 code, 0x10 data (kernel.c).
global gdt_load
gdt_load:
	mov eax, [esp + 4]
	lgdt [eax]
	mov ax, 0x10
	mov ds, ax
	mov es, ax
	mov fs, ax
	mov gs, ax
	mov ss, ax
	jmp 0x08:.reload	; a far jump is the only way to load CS
.reload:
	ret

; IRQ0, the PIT (vector 32): the registers as pushad leaves them, under
; the CPU's own frame (EIP, CS, EFLAGS); irq0() reads both through
; struct frame (kernel.c). An interrupt gate: IF is off until the iret.
global irq0_entry
extern irq0
irq0_entry:
	pushad
	push esp		; irq0(struct frame *)
	call irq0
	add esp, 4
	popad
	iret

; Every other vector of the first 48 (the CPU's exceptions, a stray IRQ):
; its number to trap(), which reports it and ends the run.
extern trap
%macro TRAP 1
trap_%1:
	push dword %1
	jmp trap_common
%endmacro
%assign v 0
%rep 48
TRAP v
%assign v v + 1
%endrep
trap_common:
	call trap		; trap(vector): never returns
	jmp .hang
.hang:	cli
	hlt
	jmp .hang

; The entries' addresses, by vector, for kernel.c's IDT.
section .rodata
global trap_entries
trap_entries:
%assign v 0
%rep 48
	dd trap_ %+ v
%assign v v + 1
%endrep
