# cases/iso.sh (sourced by run.sh): the kernel, a program and a batch booted through GRUB's ISO image.
name=iso
printf 'hello from grub\n' > "$out/grub.cmd"
boot iso 0 -iso -batch "$out/grub.cmd" $kernel $u/hello.elf $u/cmd.elf &&
has "hello from ring 3: pid 2, argc 3 [hello] [from] [grub]" && pass
