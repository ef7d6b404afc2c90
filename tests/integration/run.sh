#!/bin/sh
# run.sh BUILD: the integration tests. Each boots the kernel in QEMU
# (deterministic, -kernel for speed, one through GRUB's ISO), with a time
# limit, and checks the serial console. Prints one line per test and
# "N passed, N failed" last; exits non-zero if any failed.
set -u
build=${1:-build}
out=$build/itest
qrun="sh host-tools/qrun"
kernel=$build/kernel.elf
u=$build/user
passed=0 failed=0 only=${ONLY:-}

pass() { passed=$((passed + 1)); echo "PASS $name"; }
fail() { failed=$((failed + 1)); echo "FAIL $name: $*"; [ -f "$dir/serial.log" ] && sed 's/^/    | /' "$dir/serial.log" | head -60; }

# boot NAME STATUS [qrun options] -- programs...: runs and checks the status.
boot() {
	name=$1 want=$2
	shift 2
	dir=$out/$name
	rm -rf "$dir"
	$qrun -quiet -o "$dir" -timeout "${LIMIT:-30}" "$@" >"$dir.out" 2>&1
	got=$?
	log=$dir/serial.log
	[ "$got" = "$want" ] || { fail "qrun status $got, wanted $want: $(cat "$dir.out")"; return 1; }
}
has() { grep -qF -- "$1" "$log" || { fail "no line with: $1"; return 1; }; }
hasnot() { ! grep -qF -- "$1" "$log" || { fail "unexpected: $1"; return 1; }; }
selected() { [ -z "$only" ] || [ "$only" = "$1" ]; }

mkdir -p "$out"

if selected hello; then
	boot hello 0 $kernel $u/hello.elf $u/cmd.elf &&
	has "hello from ring 3: pid 2, argc 1 [hello]" &&
	has "kernel: cmd exited with status 0; shutting down" && pass
fi

if selected iso; then
	name=iso
	printf 'hello from grub\n' > "$out/grub.cmd"
	boot iso 0 -iso -batch "$out/grub.cmd" $kernel $u/hello.elf $u/cmd.elf &&
	has "hello from ring 3: pid 2, argc 3 [hello] [from] [grub]" && pass
fi

if selected preempt16; then
	boot preempt16 0 $kernel $u/spin16.elf $u/cmd.elf &&
	has "spin16: 16 workers, 0 bad" && {
		# Every worker started before the first one finished.
		last_start=$(grep -n 'started at tick' "$log" | tail -1 | cut -d: -f1)
		first_done=$(grep -n ' done after ' "$log" | head -1 | cut -d: -f1)
		starts=$(grep -c 'started at tick' "$log")
		dones=$(grep -c ' done after ' "$log")
		if [ "$starts" = 16 ] && [ "$dones" = 16 ] && [ "$last_start" -lt "$first_done" ]; then
			pass
		else
			fail "$starts starts, $dones dones, last start on line $last_start, first done on $first_done"
		fi
	}
fi

# Each fault ends only its process, with its vector named; the next runs.
# Past-the-limit references give #PF: QEMU's TCG does not check segment
# limits, so the paging backstop catches them (docs/memory.md).
if selected faults; then
	name=faults
	cat > "$out/faults.cmd" <<-'CMD'
	faults de
	faults ud
	faults cli
	faults hlt
	faults out
	faults kernelsel
	faults int
	faults np
	faults br
	faults load
	faults store
	faults jump
	faults stack
	hello still alive
	CMD
	if boot faults 0 -batch "$out/faults.cmd" $kernel $u/faults.elf $u/hello.elf $u/cmd.elf; then
		ok=1 n=0
		for want in "#DE error 0x0000" "#UD error 0x0000" "#GP error 0x0000" "#GP error 0x0000" "#GP error 0x0000" \
			"#GP error 0x0010" "#GP error 0x0102" "#NP error 0x0014" "#BR error 0x0000" \
			"#PF error 0x0004" "#PF error 0x0006" "#PF error 0x0004" "#PF error 0x0006"; do
			n=$((n + 1))
			line=$(grep "^faults\[[0-9]*\]: " "$log" | sed -n "${n}p")
			case $line in
			*"$want at 0007:"*", ended"*) ;;
			*) ok=0; fail "fault $n: wanted '$want at 0007:...', got '$line'"; break ;;
			esac
		done
		[ $ok = 1 ] && hasnot "did not fault" && has "[hello] [still] [alive]" &&
		has "kernel: cmd exited with status 0" && pass
	fi
fi

if selected badptr; then
	boot badptr 0 $kernel $u/badptr.elf $u/hello.elf $u/cmd.elf &&
	has "badptr: 0 failed" && hasnot "FAILED" && pass
fi

if selected toolarge; then
	name=toolarge
	printf 'bigprog\nhello next\n' > "$out/big.cmd"
	boot toolarge 0 -batch "$out/big.cmd" $kernel $u/bigprog.elf $u/hello.elf $u/cmd.elf &&
	has "spawn: bigprog needs" && has "cmd: bigprog: not enough memory" &&
	hasnot "bigprog: loaded" && has "[hello] [next]" && pass
fi

if selected panic; then
	boot panic 2 -append crash=fault $kernel $u/hello.elf $u/cmd.elf &&
	has "panic: #UD (vector 6) error 0x0000 at 0008:" && hasnot "hello from ring 3" && pass
fi

if selected triplefault; then
	boot triplefault 3 -append crash=triple $kernel $u/hello.elf $u/cmd.elf && pass
fi

if selected badhz; then
	boot badhz 2 -hz 18 $kernel $u/hello.elf $u/cmd.elf &&
	has "hz= must be a rate from 19 to 20000" && pass
fi

if selected hang; then
	name=hang
	printf 'faults spin\n' > "$out/hang.cmd"
	LIMIT=3 boot hang 4 -batch "$out/hang.cmd" $kernel $u/faults.elf $u/cmd.elf && pass
fi

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
