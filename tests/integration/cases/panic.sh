# cases/panic.sh (sourced by run.sh): a fault in the kernel panics, naming the vector, and ends the boot (status 2).
boot panic 2 -append crash=fault $kernel $u/hello.elf $u/cmd.elf &&
has "panic: #UD (vector 6) error 0x0000 at 0008:" && hasnot "hello from ring 3" && pass
