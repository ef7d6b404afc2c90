# tools/readprofile.sh (sourced by tools.sh): check_readprofile, readprofile
# on pinfo --proc-profile's file against pinfo -ez's buckets moved by
# readprofile's off-by-one, and shifted_map, the System.map it reads.

# Hex to number, in any awk (mawk has no strtonum).
HEX=$(cat scripts/lib/hex.awk)

# check_readprofile NAME DUMP MODULE MAP MAP0 BASE: readprofile -v on pinfo
# --proc-profile's file of MODULE with MAP, System.map text from _stext to
# _etext whose addresses are the dump's plus BASE (hex); MAP0 is the map
# at the dump's addresses, for pinfo. Expected from pinfo -ez's buckets:
# readprofile charges bucket b to the last function starting in a bucket at
# or before b + 1 (its off-by-one), loses the text's last bucket, and
# prints the ticks outside as *unknown*; with the lost ones, it charges as
# many ticks as pinfo's functions have.
check_readprofile() {
	name=readprofile-$1 dump=$2 module=$3 map=$4 map0=$5 base=$6
	dir=$out/$name
	rm -rf "$dir"
	mkdir -p "$dir"
	$pinfo --proc-profile "$dir/profile" --module "$module" "$dump" 2>"$dir/export.err" ||
		{ fail "pinfo --proc-profile: $(cat "$dir/export.err")"; return; }
	readprofile -v -p "$dir/profile" -m "$map" >"$dir/rp.txt" 2>"$dir/rp.err" ||
		{ fail "readprofile: $(cat "$dir/rp.err")"; return; }
	$pinfo "$dump" >"$dir/table.txt"
	$pinfo -e -z "$dump" "$map0" >"$dir/pinfo.txt"
	verdict=$(awk -v m="$module" -v base="$base" "$HEX"'
		FILENAME ~ /table.txt$/ {
			if ($0 ~ /^[^ ]/ && tolower($1) == tolower(m)) row = $1 == "kernel" ? $2 : $4
			if ($1 == "(out") oor = $4
			next }
		FILENAME ~ /pinfo.txt$/ {
			if ($0 ~ /^[0-9a-f]+:[0-9a-f]+ /) {
				split($1, part, ":"); pf[hex(part[2]) + hex(base)] += $2; pinfo += $2 }
			if ($0 ~ /^    [0-9a-f]+:[0-9a-f]+ +[0-9]+$/ && $2 > 0) {
				split($1, part, ":"); b[++nb] = hex(part[2]) + hex(base); c[nb] = $2; inseg += $2 }
			next }
		FILENAME ~ /rp.txt$/ {
			if ($2 == "*unknown*") unknown = $1
			else if ($2 == "total") total = $3
			else got[hex($1)] = $3
			next }
		!started { if ($3 == "_stext") { add0 = hex($1); started = 1 } next }
		!ended {
			if ($3 == "_etext") { etext = hex($1); ended = 1; next }
			s[++ns] = hex($1); k[ns] = int((s[ns] - add0) / 4) }
		END {
			for (i = 1; i <= nb; i++) {
				j = int((b[i] - add0) / 4) + 1
				if (j >= int((etext - add0) / 4)) { lost += c[i]; continue }
				for (f = ns; f > 1 && k[f] > j; f--) ;
				want[s[f]] += c[i]; sum += c[i]
			}
			for (a in want) if (got[a] + 0 != want[a]) bad = bad sprintf(" %x: readprofile %d, expected %d", a, got[a], want[a])
			for (a in got) if (!(a in want)) bad = bad sprintf(" %x: readprofile %d, expected 0", a, got[a])
			outside = m == "kernel" ? row - inseg : oor + 0
			if (total + 0 != sum) bad = bad " total " total ", expected " sum
			if (sum + lost != pinfo) bad = bad " total " sum " + " lost " lost, pinfo " pinfo
			if (unknown + 0 != outside) bad = bad " *unknown* " unknown ", expected " outside
			for (a in want) n++
			for (a in pf) if (pf[a] != got[a] + 0) moved++
			if (bad != "") print "FAIL" bad
			else if (!sum) print "FAIL no ticks"
			else print "OK " sum " ticks in " n " functions, " lost + 0 " lost in the last bucket, " \
				unknown " *unknown*; pinfo: " pinfo ", " moved + 0 " functions moved by the off-by-one"
		}' "$dir/table.txt" "$dir/pinfo.txt" "$dir/rp.txt" "$map")
	judge "$verdict"
}

# A program's System.map for readprofile: it takes _stext at 0 for "not
# found", so every address moves up by BASE (hex); _stext and _etext bound
# LENGTH (hex).
shifted_map() {	# shifted_map ELF MODULE BASE LENGTH
	printf '%08x T _stext\n' $((0x$3))
	"$build/mkmap" -s "$1" "$2" | while read -r addr type sym; do
		case $type in [TtWw]) ;; *) continue ;; esac
		[ $((0x$addr)) -lt $((0x$4)) ] && printf '%08x %s %s\n' $((0x$addr + 0x$3)) "$type" "$sym"
	done
	printf '%08x T _etext\n' $((0x$3 + 0x$4))
}
