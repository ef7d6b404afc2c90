# cases/badhz.sh (sourced by run.sh): a hz= boot argument out of range stops the boot, saying why.
boot badhz 2 -hz 18 $kernel $u/hello.elf $u/cmd.elf &&
has "hz= must be a rate from 19 to 20000" && pass
