# cases/ticktest.sh (sourced by run.sh): the timer's real entry against prof_tick(), tick by tick.
#
# The timer's real entry (boot/irq0.asm) against prof_tick(), tick by tick,
# with and without the jitter's entry (tests/selftest/ticktest.c), in the self-test
# kernel; the product kernel has none of the self-test's code, and refuses
# selftest=tick.
# "0 bad", over at least 20,000 ticks (each one checked by the test itself:
# compared with prof_tick(), counted once by the entry).
ticktest_ok() {
	n=$(sed -n 's/^.ticktest: \([0-9]*\) ticks through the IRQ0 entry, [0-9]* counted, 0 bad$/\1/p' "$log")
	[ -n "$n" ] && [ "$n" -ge 20000 ] || { fail "no clean ticktest line: $(grep ticktest "$log" | tail -3)"; return 1; }
}
# Each boot checks some 40,000 ticks, copying the tables of stacks around
# each one: about 20 s here, so its bound is 120 s, not the usual 30.
LIMIT=120 boot ticktest 0 -append selftest=tick $build/selftest.elf $u/hello.elf $u/cmd.elf &&
ticktest_ok &&
hasnot "hello from ring 3" && pass
LIMIT=120 boot ticktest-fixed 0 -append "selftest=tick jitter=0" $build/selftest.elf $u/hello.elf $u/cmd.elf &&
ticktest_ok && pass
boot ticktest-product 2 -append selftest=tick $kernel $u/hello.elf $u/cmd.elf &&
has "selftest=tick: this kernel has no self-test (boot build/selftest.elf)" && {
	t=$(nm "$kernel" | grep -i ticktest)
	[ -z "$t" ] || { fail "the product kernel has the self-test's code: $(echo $t)"; false; }
} && pass
# It tests the one CPU's entry: with several CPUs it is refused, by name.
boot ticktest-cpus 2 -cpus 2 -append selftest=tick $build/selftest.elf $u/hello.elf $u/cmd.elf &&
has "selftest=tick: one CPU's timer entry: boot it with one CPU" && pass
