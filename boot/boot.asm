; boot.asm: the multiboot v1 header and the entry point GRUB jumps to.
; GRUB leaves us in 32-bit protected mode, flat segments, interrupts off,
; EAX = multiboot magic, EBX = physical address of the multiboot info.

MB_MAGIC    equ 0x1BADB002
MB_FLAGS    equ 0x00000003          ; bit 0: modules page-aligned, bit 1: memory map
MB_CHECKSUM equ -(MB_MAGIC + MB_FLAGS)
KSTACK_SIZE equ 16384

section .multiboot progbits alloc noexec nowrite align=4
	dd MB_MAGIC
	dd MB_FLAGS
	dd MB_CHECKSUM

section .bss nobits alloc noexec write align=16
boot_stack:
	resb KSTACK_SIZE
boot_stack_top:

section .text
global _start
extern kmain
align 16
_start:
	mov esp, boot_stack_top
	xor ebp, ebp                ; ends the frame chain for backtraces
	push ebx                    ; multiboot info
	push eax                    ; magic
	cld
	call kmain
.hang:                              ; kmain never returns; if it does, stop here
	cli
	hlt
	jmp .hang
