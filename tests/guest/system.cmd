rem system.cmd: the seed's system profiling flow, with two programs at once.
rem worker 1 does one unit of work, worker 3 three; the sleeper lets the
rem machine idle for 100 ms.
pset init
pset on
start worker 1
start worker 3
wait
worker 0 100
pset off
pset dump sys.pro
pset free
