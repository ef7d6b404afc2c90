# wire.sh: the dumps' size on the wire (docs/PERFORMANCE.md, section 7):
# each dump's bytes against its nonzero buckets; sourced by bench/bench.sh.

# wire_table: each dump's bytes against its nonzero buckets. The fixed
# part of a dump of one segment: the 56-byte header, the 33-byte segment
# header, the varint count of nonzero buckets, the 4-byte CRC; then the
# trace (format 5) and the CPU records (format 6), their bytes as
# bench/dumpparts gives them; the rest is the buckets. On the wire, base64 makes 4 bytes of 3 and a newline ends
# every 76 characters (x 4/3 x 77/76), and the frame's begin and end lines
# (their length depends on the name) are fixed too.
wire_table() {
	{
		echo "| dump | nonzero buckets | dump bytes | of which the trace, the CPU records | of which buckets | a bucket, in the dump | a bucket, on the wire | target ≤ 12 on the wire | whole frame on the wire | ProfDump's time (guest) | the frame at 115200 baud |"
		echo "|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|"
		for w in hotloop graded recurse syscalls; do
			dir=$out/acc/$w.1
			wire_row "$w.pro" "$(nonzero "$dir/$w.pro" "$dir/$w.map")" "$(wc -c < "$dir/$w.pro")" \
				"$(wirebytes "$dir/serial.log" "$w.pro")" \
				"$(get dump_ns "$(benchline "$w" "$dir/serial.log")")" \
				"$("$build/bench/dumpparts" "$dir/$w.pro" | cut -d' ' -f2-)"
		done
		wire_row "bigprog.pro (made on the host)" "$(get nonzero "$gen")" "$(get dump_bytes "$gen")" \
			"$(get wire_bytes "$gen")" "" ""
	} > "$out/wire.md"
	worst=$(awk -F'|' 'NR > 2 { v = $8 + 0; if (v > m) m = v } END { printf "%.2f", m }' "$out/wire.md")
	target 7 "wire bytes a nonzero bucket (the worst dump)" "$worst" "≤ 12" "$(holds "$worst <= 12")"
}

# wire_row NAME NONZERO BYTES WIRE DUMP_NS "TRACE_BYTES CPU_BYTES"
wire_row() {
	awk -v name="$1" -v nz="$2" -v b="$3" -v w="$4" -v dns="$5" -v tr="$6" 'BEGIN {
		varint = nz < 128 ? 1 : nz < 16384 ? 2 : nz < 2097152 ? 3 : nz < 268435456 ? 4 : 5
		split(tr, t2, " "); tb = t2[1] + t2[2]
		buckets = b - (56 + 33 + varint + 4) - tb
		per = buckets / nz; wper = per * 4 / 3 * 77 / 76
		t = dns == "" ? "(not sent)" : sprintf("%.3f ms", dns / 1e6)
		printf "| %s | %d | %d | %s | %d | %.2f | %.2f | %s | %d | %s | %.2f s |\n", name, nz, b,
		       tr == "" ? "none" : sprintf("%d, %d", t2[1], t2[2]), buckets,
		       per, wper, (wper <= 12 ? "met" : "**not met**"), w, t, w * 10 / 115200
	}'
}
