rem autoexec.cmd: what the standalone image runs: the demo.
testprof
