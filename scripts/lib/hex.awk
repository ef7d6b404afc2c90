# hex.awk: hex(S), the number that S, hex digits with or without 0x, in
# either case, writes; -1 for any other character. For any awk (mawk has
# no strtonum): scripts/truth.awk, bench/truth/funcs.awk and the tests
# load it with -f.
function hex(s,    i, n, c) {
	n = 0
	s = tolower(s)
	sub(/^0x/, "", s)
	for (i = 1; i <= length(s); i++) {
		c = index("0123456789abcdef", substr(s, i, 1))
		if (!c)
			return -1
		n = n * 16 + c - 1
	}
	return n
}
