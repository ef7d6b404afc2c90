# cases/hang.sh (sourced by run.sh): a program that spins for ever is stopped at the time limit (status 4).
name=hang
printf 'faults spin\n' > "$out/hang.cmd"
LIMIT=3 boot hang 4 -batch "$out/hang.cmd" $kernel $u/faults.elf $u/cmd.elf && pass
