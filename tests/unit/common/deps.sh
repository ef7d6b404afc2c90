#!/bin/sh
# deps.sh: scripts/deps.sh installs what each command needs and no more,
# each package tested by its installed state: make run on a machine with
# nothing installed asks apt-get for make run's packages only (no Chromium,
# Go, Bochs, clang or valgrind, which only make test and make bench use),
# make run EMU=bochs for Bochs's too, make test then for the rest of its
# own, make bench for valgrind. dpkg-query, apt-get and id are stand-ins
# (a list of installed packages in a file); make run itself goes through
# the Makefile's first phase, which stops when apt-get fails.
set -u
passed=0 failed=0
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL deps $name: $*"; }

mkdir "$t/bin"
cat > "$t/bin/dpkg-query" <<'EOF_STUB'
#!/bin/sh
# dpkg-query -W -f='${Status}' PACKAGE: installed when the file lists it
for p; do :; done
grep -qxF -- "$p" "$STUB/installed" && printf 'install ok installed'
exit 0
EOF_STUB
cat > "$t/bin/apt-get" <<'EOF_STUB'
#!/bin/sh
# apt-get install ... PACKAGE...: each listed as installed and asked; with
# STUB_FAIL, nothing installed and status 100
[ "$1" = update ] && exit 0
for a; do case $a in -*|install) ;; *) echo "$a" >> "$STUB/asked" ;; esac; done
[ -n "${STUB_FAIL:-}" ] && exit 100
for a; do case $a in -*|install) ;; *) echo "$a" >> "$STUB/installed" ;; esac; done
EOF_STUB
printf '#!/bin/sh\necho 0\n' > "$t/bin/id"
chmod +x "$t/bin/dpkg-query" "$t/bin/apt-get" "$t/bin/id"
export STUB="$t"

deps() { PATH="$t/bin:$PATH" sh scripts/deps.sh "$@"; }	# (never the machine's apt-get)
# asked GOAL...: deps.sh GOAL... from what is installed; the packages asked, sorted
asked() {
	: > "$t/asked"
	deps "$@" > "$t/out" 2>&1 || echo "status $?" >> "$t/out"
	sort -u "$t/asked"
}
none_of() {	# none_of LIST WORD...: none of the words is in LIST
	l=$1
	shift
	for w; do case " $(echo $l) " in *" $w "*) fail "asked $w"; return 1 ;; esac; done
}
all_of() {	# all_of LIST WORD...: every word is in LIST
	l=$1
	shift
	for w; do case " $(echo $l) " in *" $w "*) ;; *) fail "not asked: $w"; return 1 ;; esac; done
}

name=run
: > "$t/installed"
run=$(asked run)
if [ -z "$run" ] || [ "$run" != "$(deps -l run | sort -u)" ]; then
	fail "asked: $(echo $run); deps.sh -l run: $(deps -l run | tr '\n' ' ') $(cat "$t/out")"
elif none_of "$run" chromium golang-go bochs clang valgrind libcmocka-dev &&
     all_of "$run" gcc nasm qemu-system-x86 grub-pc-bin newlib-source libdw-dev; then
	pass
fi
name=run-again
[ -z "$(asked run)" ] && pass || fail "installed packages asked again: $(asked run)"
name=test-after-run
tst=$(asked test)
none_of "$tst" gcc qemu-system-x86 valgrind && all_of "$tst" chromium golang-go bochs clang libcmocka-dev time && pass
name=run-bochs
: > "$t/installed"
case " $(echo $(asked run EMU=bochs)) " in *" bochs bochs-term bochsbios "*" qemu-system-x86 "*) pass ;;
*) fail "$(asked run EMU=bochs)" ;; esac
name=bench
: > "$t/installed"
b=$(asked bench)
none_of "$b" chromium golang-go bochs && all_of "$b" valgrind libc6-dbg qemu-system-x86 && pass
name=clean
: > "$t/installed"
[ -z "$(asked clean)" ] && pass || fail "clean asked: $(asked clean)"

# The Makefile's first phase passes its goals: make run asks make run's
# packages (apt-get failing, nothing is built).
name=make-run
: > "$t/installed" && : > "$t/asked"
# (a make of its own, not the phase of the make that runs this test)
if PATH="$t/bin:$PATH" STUB_FAIL=1 PROFKERN_PHASE= MAKEFLAGS= MAKELEVEL= ${MAKE:-make} --no-print-directory run \
	> "$t/out" 2>&1; then
	fail "make run went on without its packages"
elif [ "$(sort -u "$t/asked")" != "$(deps -l run | sort -u)" ] ||
     ! grep -q "deps: apt-get could not install" "$t/out"; then
	fail "asked $(sort -u "$t/asked" | tr '\n' ' '): $(cat "$t/out")"
else
	pass
fi

echo "deps: $passed passed, $failed failed"
[ "$failed" = 0 ]
