# funcs.awk: one process's instructions per function, from the
# instruction-count plugin's output (bench/truth/insncount.c) and the
# symbols of the program (or of the kernel):
#   nm -n --defined-only PROG.elf | awk -v pid=P -v space=user -v ubase=B -f hex.awk -f funcs.awk - COUNTS
#   nm -n --defined-only kernel.elf | awk -v pid=P -v space=kernel -v ubase=B -f hex.awk -f funcs.awk - COUNTS
# prints "function count" for each function with instructions, in the order
# of the symbols. An instruction belongs to the last text symbol (T, t, W)
# at or below its offset, as callgrind and pinfo attribute them; one below
# every symbol or in the other space is left out. "ubase" is the linear
# address of a process's code (the plugin's ubase=), in decimal or 0x hex;
# hex() is scripts/lib/hex.awk's, loaded first with -f.
function num(s) { return s ~ /^0x/ ? hex(s) : s + 0 }
BEGIN {
	if (space != "user" && space != "kernel") {
		print "funcs.awk: space must be user or kernel" > "/dev/stderr"
		exit 2
	}
	base = num(ubase)
}
FILENAME == ARGV[1] || FILENAME == "-" {
	if ($2 ~ /^[TtW]$/) {
		addr[++ns] = hex($1); name[ns] = $3
	}
	next
}
$1 == "insn" && $2 == pid {
	a = hex($3)
	user = a >= base && a < base + 1073741824
	if ((space == "user") != user)
		next
	if (user)
		a -= base
	# the last symbol at or below a: binary search (symbols sorted by nm -n)
	lo = 1; hi = ns; k = 0
	while (lo <= hi) {
		mid = int((lo + hi) / 2)
		if (addr[mid] <= a) { k = mid; lo = mid + 1 } else hi = mid - 1
	}
	if (k)
		count[k] += $4
}
END {
	for (i = 1; i <= ns; i++)
		if (count[i])
			printf "%s %.0f\n", name[i], count[i]
}
