# cginstr.awk: each instruction's exclusive instruction count (Ir) from a
# callgrind.out file made with --dump-instr=yes, one "address count" a line
# (address in decimal). Positions are "instr line" (the "positions:" line
# says which); an instruction position is absolute (0x...), relative to the
# last cost line's ("+N", "-N") or the same ("*"). A cost line after
# "calls=" is the call's inclusive cost, charged to the callee: it moves
# the position but counts nothing here.
function hex(s,  i, v) { s = tolower(s); sub(/^0x/, "", s); v = 0
	for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
	return v }
BEGIN { npos = 1 }
/^positions:/ { npos = NF - 1; next }
/^calls=/ { skip = 1; next }
/^(0x|\+|-|\*)/ {
	p = $1
	if (p ~ /^0x/) at = hex(p)
	else if (p ~ /^\+/) at += substr(p, 2) + 0
	else if (p ~ /^-/) at -= substr(p, 2) + 0
	if (skip) { skip = 0; next }
	if (NF > npos) own[at] += $(npos + 1)
	next
}
END { for (a in own) printf "%.0f %.0f\n", a, own[a] }
