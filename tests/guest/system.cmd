rem system.cmd: the seed's system profiling flow, with two programs at once.
rem worker does 2 units of work in crunch(), sorter 60 rounds of an
rem insertion sort; then worker sleeps 100 ms and the machine idles.
pset init
pset on
start worker 2
start sorter 60
wait
worker 0 100
pset off
pset dump sys.pro
pset free
