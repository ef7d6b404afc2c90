# circles.awk FILE...: prints each circle of calls among the C files given
# ("circle: a.c -> b.c (names) -> a.c"), the rule of docs/ARCHITECTURE.md
# that calls run one way. A room is a C file with the header of its name
# beside it (x.c with x.h), or a header with no such C file. Room A reaches
# room B when A includes a header of B, calls a function B alone defines
# (its name before "("), or uses a variable B alone defines and a header
# declares extern, or a macro or type of B's headers (a struct a file
# declares by name alone, "struct proc;", it does not take from anyone).
# check-house.sh runs it over the product's sources.

function room(f,    b)
{
	if (f ~ /\.h$/) {
		b = f; sub(/\.h$/, ".c", b)
		if (b in have)
			return b
	}
	return f
}

# The line without comments, string and character literals.
function clean(s,    out, i, c, n)
{
	out = ""; n = length(s)
	for (i = 1; i <= n; i++) {
		c = substr(s, i, 1)
		if (incomment) {
			if (c == "*" && substr(s, i + 1, 1) == "/") { incomment = 0; i++ }
			continue
		}
		if (c == "/" && substr(s, i + 1, 1) == "*") { incomment = 1; i++; continue }
		if (c == "/" && substr(s, i + 1, 1) == "/") break
		if (c == "\"" || c == "'") {
			for (i++; i <= n && substr(s, i, 1) != c; i++)
				if (substr(s, i, 1) == "\\") i++
			out = out " "
			continue
		}
		out = out c
	}
	return out
}

function define(name, r)
{
	if (name == "" || name == "main")
		return
	if (!(name in owner))
		owner[name] = r
	else if (index(" " owner[name] " ", " " r " ") == 0)
		owner[name] = owner[name] " " r
}

# The folders a file's calls may land in: the program it is linked into.
function world(f)
{
	if (f ~ /^host\//) return "host format lib include"
	if (f ~ /^user\//) return "user include"
	if (f ~ /^ports\//) { sub(/^ports\//, "", f); sub(/\/.*/, "", f); return "ports/" f " profiler format include" }
	return "kernel boot drivers profiler format lib include"
}

# The one room of the name's owners that file f can reach, or "".
function resolve(name, f,    w, n, k, got, top, o)
{
	w = " " world(f) " "; got = ""
	n = split(owner[name], o, " ")
	for (k = 1; k <= n; k++) {
		top = o[k]; sub(/\/.*/, "", top)
		if (top == "ports") { top = o[k]; sub(/^ports\//, "", top); sub(/\/.*/, "", top); top = "ports/" top }
		if (index(w, " " top " ") == 0)
			continue
		if (got != "")
			return ""
		got = o[k]
	}
	return got
}

function edge(a, b, name)
{
	if (a == b || b == "" || b == "?")
		return
	if (!((a, b) in why)) {
		why[a, b] = name; nout[a]++; out[a, nout[a]] = b
	} else if (index(" " why[a, b] " ", " " name " ") == 0 && split(why[a, b], tmp, " ") < 4)
		why[a, b] = why[a, b] " " name
}

# Tarjan's strongly connected components over the rooms.
function visit(v,    i, w, n, comp, k)
{
	idx[v] = low[v] = ++counter; stack[++sp] = v; onstack[v] = 1
	for (i = 1; i <= nout[v]; i++) {
		w = out[v, i]
		if (!(w in idx)) {
			visit(w)
			if (low[w] < low[v]) low[v] = low[w]
		} else if (onstack[w] && idx[w] < low[v])
			low[v] = idx[w]
	}
	if (low[v] != idx[v])
		return
	n = 0
	do { w = stack[sp--]; onstack[w] = 0; comp[++n] = w } while (w != v)
	if (n < 2)
		return
	line = "circle:"
	for (k = n; k >= 1; k--)
		for (i = 1; i <= nout[comp[k]]; i++)
			if (incomp(out[comp[k], i], comp, n))
				line = line sprintf(" %s -> %s (%s);", comp[k], out[comp[k], i], why[comp[k], out[comp[k], i]])
	print line
	found++
}

function incomp(x, comp, n,    k)
{
	for (k = 1; k <= n; k++)
		if (comp[k] == x) return 1
	return 0
}

BEGIN {
	for (i = 1; i < ARGC; i++) {
		have[ARGV[i]] = 1
		b = ARGV[i]; sub(/.*\//, "", b)
		base[b] = (b in base) ? "?" : ARGV[i]
	}
}

FNR == 1 { incomment = 0; depth = 0; sig = ""; f = FILENAME; r = room(f); nf++; file[nf] = f }

{
	raw = $0
	s = clean($0)
	# a header uses names in its macros and its bodies, not in prototypes
	text[f, FNR] = (f ~ /\.h$/ && depth == 0 && s !~ /^[ \t]*#/) ? "" : s; nlines[f] = FNR
	if (raw ~ /^[ \t]*#[ \t]*include[ \t]*"/) {
		inc = raw; sub(/^[^"]*"/, "", inc); sub(/".*/, "", inc)
		dir = f; sub(/[^\/]*$/, "", dir)
		b = inc; sub(/.*\//, "", b)
		if ((dir inc) in have) incl[f, ++ninc[f]] = dir inc
		else if ((b in base) && base[b] != "?") incl[f, ++ninc[f]] = base[b]
		next
	}
	if (s ~ /^[ \t]*#[ \t]*define[ \t]/ && f ~ /\.h$/) {	# a C file's macros are its own
		n = s; sub(/^[ \t]*#[ \t]*define[ \t]+/, "", n); sub(/[^A-Za-z0-9_].*/, "", n)
		define(n, r)
	}
	if (s ~ /^[ \t]*#/)
		next
	if (depth == 0) {
		if (f ~ /\.h$/ && match(s, /^[ \t]*(typedef[ \t]+)?(struct|union|enum)[ \t]+[A-Za-z_][A-Za-z0-9_]*[ \t]*\{/)) {
			n = substr(s, RSTART, RLENGTH); sub(/[ \t]*\{$/, "", n); sub(/.*[ \t]/, "", n)
			define(n, r); tag[n] = 1
		}
		if (match(s, /^[ \t]*(struct|union)[ \t]+[A-Za-z_][A-Za-z0-9_]*[ \t]*;/)) {	# known by name only
			n = substr(s, RSTART, RLENGTH); sub(/[ \t]*;$/, "", n); sub(/.*[ \t]/, "", n)
			fwd[r, n] = 1
		}
		if (s ~ /^typedef[^(]*;[ \t]*$/ && s !~ /\{/) {
			n = s; sub(/[ \t]*(\[[^]]*\])?[ \t]*;[ \t]*$/, "", n); sub(/.*[^A-Za-z0-9_]/, "", n)
			define(n, r)
		}
		if (s ~ /^extern[ \t]/ && s !~ /\(/) {
			n = s; sub(/[ \t]*(\[[^]]*\])?[ \t]*;.*$/, "", n); sub(/.*[^A-Za-z0-9_]/, "", n)
			shared[n] = 1
		}
		if (f ~ /\.c$/ && s ~ /^[A-Za-z_]/ && s !~ /^(static|extern|typedef|struct[ \t]+[A-Za-z_0-9]+[ \t]*\{|union|enum)/ \
		    && s !~ /\(/ && s ~ /[;=]/) {
			n = s; sub(/[ \t]*=.*$/, "", n); sub(/[ \t]*;.*$/, "", n); gsub(/\[[^]]*\]/, "", n)
			sub(/.*[^A-Za-z0-9_]/, "", n)
			vardef[n] = (n in vardef && vardef[n] != r) ? "?" : r
		}
		if (s ~ /^[A-Za-z_]/ && sig == "") sig = s
		else if (sig != "" && s !~ /^\{/) sig = sig " " s
		t = sig; gsub(/__attribute__[ \t]*\(\([^)]*\)\)/, "", t)
		if (s ~ /^\{/ && sig != "" && match(t, /[A-Za-z_][A-Za-z0-9_]*[ \t]*\(/)) {
			n = substr(t, RSTART, RLENGTH); sub(/[ \t]*\($/, "", n)
			if (sig !~ /^static[ \t]/ || f ~ /\.h$/) { define(n, r); fn[n] = 1 }
		}
		if (s ~ /;[ \t]*$/ || s ~ /^[ \t]*$/ || s ~ /^\}/) sig = ""
	}
	t = s
	depth += gsub(/\{/, "{", t) - gsub(/\}/, "}", t)
	if (depth < 0) depth = 0
	if (depth == 0 && f ~ /\.h$/ && s ~ /^[ \t]*\}[ \t]*[A-Za-z_][A-Za-z0-9_]*[ \t]*;/) {
		n = s; sub(/^[ \t]*\}[ \t]*/, "", n); sub(/[^A-Za-z0-9_].*/, "", n)
		define(n, r)
	}
	if (depth > 0) sig = ""
}

END {
	for (n in vardef)
		if ((n in shared) && vardef[n] != "?") define(n, vardef[n])
	for (n in tag)
		if (n in fn) delete tag[n]
	for (i = 1; i <= nf; i++) {
		f = file[i]; r = room(f)
		for (k = 1; k <= ninc[f]; k++)
			edge(r, room(incl[f, k]), "#include")
		split("", und)
		for (l = 1; l <= nlines[f]; l++) {
			s = text[f, l]
			if (s ~ /^[ \t]*#[ \t]*undef[ \t]/) {	# the name is no longer the macro
				n = s; sub(/^[ \t]*#[ \t]*undef[ \t]+/, "", n); sub(/[^A-Za-z0-9_].*/, "", n)
				und[n] = 1; continue
			}
			if (s ~ /^[ \t]*#[ \t]*define[ \t]/) {
				sub(/^[ \t]*#[ \t]*define[ \t]+[A-Za-z0-9_]+/, "", s)
			}
			prev = ""
			while (match(s, /[A-Za-z_][A-Za-z0-9_]*/)) {
				n = substr(s, RSTART, RLENGTH)
				before = substr(s, 1, RSTART - 1)
				rest = substr(s, RSTART + RLENGTH)
				s = rest
				p = prev; prev = n
				if (!(n in owner) || (n in und) || before ~ /(\.|->)[ \t]*$/)
					continue
				if ((n in tag) && (!(p ~ /^(struct|union|enum)$/ && before ~ /^[ \t]*$/) || ((r, n) in fwd)))
					continue
				if ((n in fn) && !(n in vardef) && rest !~ /^[ \t]*\(/ && before !~ /&[ \t]*$/)
					continue
				edge(r, resolve(n, f), n)
			}
		}
	}
	for (i = 1; i <= nf; i++)
		if (!(room(file[i]) in idx)) visit(room(file[i]))
	exit found > 0
}
