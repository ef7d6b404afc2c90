; syscalls.asm: the system call stubs, one macro for all ($ lets a name
; such as wait, also an instruction, be a label). Arguments go in
; EBX, ECX, EDX, ESI, EDI; the number in EAX; int 0x80; result in EAX.
; Each makes a frame (push ebp; mov ebp, esp) as compiled code does: the
; profiler's call stacks of a tick in the kernel during a system call walk
; from the EBP saved at the entry, and the stub's frame gives its caller
; (docs/stacks.md).
%include "syscall.inc"

%macro SYSCALL 2                    ; name, number
global $%1
align 16
$%1:
	push ebp                        ; a frame, so that a tick in the kernel
	mov ebp, esp                    ; during the call names the caller
	push ebx
	push esi
	push edi
	mov eax, %2
	mov ebx, [ebp + 8]
	mov ecx, [ebp + 12]
	mov edx, [ebp + 16]
	mov esi, [ebp + 20]
	mov edi, [ebp + 24]
	int 0x80
	pop edi
	pop esi
	pop ebx
	pop ebp
	ret
%endmacro

section .text
SYSCALL _exit, SYS_exit
SYSCALL write, SYS_write
SYSCALL spawn, SYS_spawn
SYSCALL wait, SYS_wait
SYSCALL getpid, SYS_getpid
SYSCALL clock_ticks, SYS_clock
SYSCALL readfile, SYS_readfile
SYSCALL yield, SYS_yield
SYSCALL meminfo, SYS_meminfo
SYSCALL sleep_ms, SYS_sleep
SYSCALL ProfInit, SYS_profinit
SYSCALL ProfOn, SYS_profon
SYSCALL ProfOff, SYS_profoff
SYSCALL ProfDump, SYS_profdump
SYSCALL ProfFree, SYS_proffree
SYSCALL ProfClear, SYS_profclear
SYSCALL profil, SYS_profil
SYSCALL open, SYS_open
SYSCALL close, SYS_close
SYSCALL read, SYS_read
SYSCALL lseek, SYS_lseek
SYSCALL fstat, SYS_fstat
SYSCALL isatty, SYS_isatty
SYSCALL unlink, SYS_unlink
SYSCALL link, SYS_link
SYSCALL rename, SYS_rename
SYSCALL sbrk, SYS_sbrk
SYSCALL times, SYS_times
SYSCALL gettimeofday, SYS_gettimeofday
SYSCALL kill, SYS_kill
