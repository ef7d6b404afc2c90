# cases/triplefault.sh (sourced by run.sh): a triple fault resets the machine (status 3).
boot triplefault 3 -append crash=triple $kernel $u/hello.elf $u/cmd.elf && pass
