# cases/toolarge.sh (sourced by run.sh): a program larger than the memory is refused at its spawn, and the next runs.
name=toolarge
printf 'bigprog\nhello next\n' > "$out/big.cmd"
boot toolarge 0 -batch "$out/big.cmd" $kernel $u/bigprog.elf $u/hello.elf $u/cmd.elf &&
has "spawn: bigprog needs" && has "cmd: bigprog: not enough memory" &&
hasnot "bigprog: loaded" && has "[hello] [next]" && pass
