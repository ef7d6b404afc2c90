# callgrind.awk: each function's exclusive instruction count (Ir) from a
# callgrind.out file (callgrind's format, version 1), one "name count" a
# line. A cost line after "calls=" is the call's inclusive cost, charged to
# the callee, so it is skipped; every other cost line is the current
# function's own. Names may be compressed: "fn=(7) name" defines 7, and a
# later "fn=(7)" (or "cfn=(7)") means the same name. Recursion levels
# ("fib'2", with --separate-recs) are summed into their function.
function name_of(s,    id, rest) {
	if (s !~ /^\(/)
		return s
	id = s; sub(/\).*/, "", id); sub(/^\(/, "", id)
	rest = s; sub(/^\([0-9]+\) ?/, "", rest)
	if (rest != "")
		names[id] = rest
	return names[id]
}
BEGIN { npos = 1 }	# positions a cost line starts with ("positions: instr line": 2)
/^positions:/ { npos = NF - 1; next }
/^fn=/ { fn = name_of(substr($0, 4)); sub(/'[0-9]+$/, "", fn); next }
/^cfn=/ { name_of(substr($0, 5)); next }
/^calls=/ { skip = 1; next }
/^[0-9+*-]/ {
	if (skip) { skip = 0; next }
	if (NF > npos) own[fn] += $(npos + 1)
	next
}
END { for (f in own) printf "%s %.0f\n", f, own[f] }
