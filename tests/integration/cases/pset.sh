# cases/pset.sh (sourced by run.sh): pset's misuse: each error by name, each status.
name=pset
cat > "$out/pset.cmd" <<-'CMD'
pset
pset bogus
pset on
pset init nosuch
pset init
pset init
pset off
pset on
pset free
pset dump
pset off
pset free
pset free
CMD
boot pset 0 -batch "$out/pset.cmd" $kernel $u/pset.elf $u/cmd.elf &&
has "USAGE: pset INIT | CLEAR | ON | OFF | DUMP file | FREE" &&
has "pset: ON: ENOTINIT" && has "pset: INIT: ENOENT" && has "pset: INIT: EEXIST" &&
has "pset: OFF: ENOTON" && has "pset: FREE: EBUSY" && has "pset: FREE: ENOTINIT" &&
count_is 'cmd: pset exited with status [12]$' 9 && pass
