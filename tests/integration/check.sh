# check.sh: what every integration script reports with, sourced by each:
# pass [NOTE] and fail WHY count and print one line a case ($name); has,
# hasnot and line_is look in $log and fail the case when they do not hold.
passed=0 failed=0
pass() { passed=$((passed + 1)); echo "PASS $name${1:+ ($1)}"; }
fail() { failed=$((failed + 1)); echo "FAIL $name: $*"; }
has() { grep -qF -- "$1" "$log" || { fail "no line with: $1"; return 1; }; }
hasnot() { ! grep -qF -- "$1" "$log" || { fail "unexpected: $1"; return 1; }; }
line_is() { grep -qxF -- "$1" "$log" || { fail "no line that is: $1"; return 1; }; }
