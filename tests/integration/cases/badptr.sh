# cases/badptr.sh (sourced by run.sh): bad pointers given to system calls are refused, never followed (tests/guest/badptr.c).
boot badptr 0 $kernel $u/badptr.elf $u/hello.elf $u/cmd.elf &&
has "badptr: 0 failed" && hasnot "FAILED" && bochs_clean && pass
