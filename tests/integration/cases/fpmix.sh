# cases/fpmix.sh (sourced by run.sh): x87 and SSE state kept per process.
#
# Two processes at once with different x87 and SSE rounding modes and
# precisions: each keeps its own registers across switches, and starts clean.
name=fpmix
printf 'fpmix\nhello alive\n' > "$out/fpmix.cmd"
boot fpmix 0 -batch "$out/fpmix.cmd" $kernel $u/fpmix.elf $u/hello.elf $u/cmd.elf &&
has "fpmix down: 4000 rounds, 0 bad" && has "fpmix up: 4000 rounds, 0 bad" &&
has "fpmix: 0 of 2 children failed" && has "[hello] [alive]" && bochs_clean && pass
