#!/usr/bin/env bash
# run.sh [BUILD_DIR] -- lua (Debian's upstream source of lua5.4) built with
# every function auto-scoped (tscope-cc -fplugin-arg-tensorscope-auto-scope=.)
# behaves exactly as built with plain clang, on a script that unwinds
# errors with longjmp tens of thousands of times (pcall, xpcall, error),
# runs coroutines, builds strings and sorts.  Checks: same stdout and exit
# status, no TensorScope line on stderr, and (verbose=1) that the automatic
# scopes really ran and that those left open by longjmp were closed quietly.
# Needs deb-src entries for `apt-get source` (bench/compile-time/fetch-gsl.sh
# adds them as root).  Work tree: $TSCOPE_LUA_WORK (default /work/lua-work
# or /tmp/tscope-lua-work).  Ends with "N passed, N failed".
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
here=$root/test/lua
work=${TSCOPE_LUA_WORK:-$([ -d /work ] && echo /work/lua-work || echo /tmp/tscope-lua-work)}
mkdir -p "$work"; cd "$work" || exit 1
echo "CPU: $(lscpu | sed -n 's/^Model name: *//p')"
passed=0 failed=0
check() { if eval "$2"; then echo "PASS: $1"; passed=$((passed+1)); else echo "FAIL: $1"; failed=$((failed+1)); fi; }

if ! ls lua5.4_*.orig.tar.gz >/dev/null 2>&1; then
  apt-get source --download-only lua5.4 >get.log 2>&1 ||
    { echo "run.sh: 'apt-get source lua5.4' failed (see $work/get.log; deb-src entries needed: run bench/compile-time/fetch-gsl.sh once as root)"; echo "0 passed, 1 failed"; exit 1; }
fi
rm -rf orig plain ts && mkdir orig && tar xzf lua5.4_*.orig.tar.gz -C orig
src=$(ls -d orig/lua-*/src)
cp -a "$src" plain && cp -a "$src" ts
(cd plain && make -s linux CC=clang-19 >build.log 2>&1); check "plain build" "[ -x plain/lua ]"
(cd ts && make -s linux CC="$build/bin/tscope-cc -fplugin-arg-tensorscope-auto-scope=. -fplugin-arg-tensorscope-lint=0" >build.log 2>&1)
check "instrumented build" "[ -x ts/lua ]"
check "instrumented lua calls the runtime" "nm ts/lua | grep -q ' T tscope_scope_begin_auto'"

./plain/lua "$here/errors.lua" >plain.out 2>plain.err; echo $? >plain.rc
TSCOPE_OPTIONS=exitcode=86 ./ts/lua "$here/errors.lua" >ts.out 2>ts.err; echo $? >ts.rc
check "same stdout" "cmp -s plain.out ts.out"
check "same exit status ($(cat plain.rc))" "cmp -s plain.rc ts.rc"
check "no TensorScope report" "! grep -q TensorScope ts.err"
TSCOPE_OPTIONS=verbose=1 ./ts/lua "$here/errors.lua" 2>&1 >/dev/null |
  awk '/scope begin at/ {b++} /left by longjmp/ {l++} /still open|more scope/ {w++} END {print b+0, l+0, w+0}' >verbose.counts
read -r begun left warned <verbose.counts
echo "verbose: $begun automatic scopes begun, $left left by longjmp and closed quietly, $warned warnings"
check "scopes ran and longjmp left some open" "[ $begun -gt 0 ] && [ $left -gt 0 ]"
check "no warning about scopes left open" "[ $warned = 0 ]"
echo "$passed passed, $failed failed"
[ $failed = 0 ]
