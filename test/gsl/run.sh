#!/usr/bin/env bash
# test/gsl/run.sh [BUILD_DIR] -- GSL's own test suite, built with TensorScope.
#
# GSL from Debian's source package (bench/compile-time/fetch-gsl.sh) is built
# twice with clang -O2 -g: plain (CC=clang-19) and instrumented
# (CC="BUILD_DIR/bin/tscope-cc --tscope-api=gsl"), each followed by its own
# `make check`.  Then the checks (docs/gsl-check.md):
#   - both make checks pass (every GSL test program PASS);
#   - the instrumented test programs really contain instrumented GSL code;
#   - no TensorScope report in any instrumented test log except the one real
#     leak, matrix/'s, whose leak report must name the lines of
#     test_complex_source.c that valgrind names on the plain matrix/test
#     (and matrix/test_static, which runs the same test sources);
#   - heap: test/gsl/heap-loop.c (10 and 1000 rounds) holds as much heap at
#     its end against the instrumented libgsl.a as against the plain one.
# Ends with `N passed, N failed`; exit status 1 when a check failed, 2 when
# it could not run.
#
# Cached in GSL_WORK (default /work/gsl-work): the plain tree and its check
# results, keyed by the GSL source package, the clang version and the build
# settings; the instrumented tree, keyed by the same plus sha256 of the
# TensorScope files it was built with (plugin, runtime, tscope-cc, gsl.yaml).
# A re-run after a plugin or runtime change costs one instrumented build and
# check.  Knobs (environment): GSL_WORK, JOBS (nproc), GSL_REBUILD=1 (ignore
# the caches), HEAP_ROUNDS ("10 1000"), GSL_TREES=plain (only prepare the
# plain tree's cache, then stop).
set -uo pipefail

main() {
  local here root build
  here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
  root=$(cd "$here/../.." && pwd)
  build=${1:-build}
  [ -d "$build" ] || build=$root/$build
  [ -f "$build/CMakeCache.txt" ] || die "$build: not a configured TensorScope build directory (run make first)"
  build=$(cd "$build" && pwd)

  WORK=${GSL_WORK:-/work/gsl-work}
  JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
  ROUNDS=${HEAP_ROUNDS:-10 1000}
  mkdir -p "$WORK" || die "cannot create $WORK"
  WORK=$(cd "$WORK" && pwd)
  OUT=$WORK/results
  rm -rf "$OUT"; mkdir -p "$OUT/logs"
  CHECKS=$OUT/checks.tsv; : >"$CHECKS"
  unset TSCOPE_OPTIONS TSCOPE_API

  local ver clang tscc
  ver=$(sed -n 's/^TSCOPE_LLVM_VERSION:[A-Z]*=//p' "$build/CMakeCache.txt")
  ver=${ver:-19}
  clang=clang-$ver
  tscc=$build/bin/tscope-cc
  BUILD_LIB=$build/lib
  for f in "$tscc" "$build/lib/tensorscope.so" "$build/lib/libtensorscope.a" \
           "$build/share/tensorscope/apis/gsl.yaml"; do
    [ -e "$f" ] || die "$f not found: build TensorScope first (make, or cmake --build $build)"
  done
  for t in "$clang" valgrind nm dpkg-source make python3 sha256sum; do
    command -v "$t" >/dev/null || die "'$t' not found (as root: make check-gsl installs what it needs)"
  done

  echo "== TensorScope GSL check"
  echo "TensorScope:        $(tscope_version "$build")"
  echo "work dir:           $WORK"
  echo "CPU: $(lscpu 2>/dev/null | grep 'Model name' | sed 's/^Model name:[[:space:]]*//') ($(nproc) cores), make -j$JOBS"

  # ---- 1. source ----------------------------------------------------------
  local src dsc
  src=$("$root/bench/compile-time/fetch-gsl.sh" "$WORK" 2>"$OUT/logs/fetch.log") ||
    { cat "$OUT/logs/fetch.log" >&2; die "could not get GSL's source (log above)"; }
  dsc=$(ls "$WORK"/download/gsl_*.dsc | head -1)
  echo "GSL source:         $(basename "$dsc" .dsc) ($src)"

  # -gdwarf-4: Debian 12's valgrind (3.19) cannot read clang 19's DWARF 5.
  # --disable-shared: see docs/gsl-check.md (one runtime, no libtool wrappers).
  local cflags="-O2 -g -gdwarf-4" confargs="--disable-shared"
  local common_key plain_key instr_key
  common_key="layout=1 dsc=$(sha256sum <"$dsc" | cut -c1-16) clang=[$("$clang" --version | head -1)] cflags=[$cflags] conf=[$confargs]"
  plain_key=$(printf '%s cc=%s' "$common_key" "$clang" | sha256sum | cut -c1-16)
  instr_key=$( { printf '%s cc=tscope-cc api=gsl\n' "$common_key"
                 sha256sum "$build/lib/tensorscope.so" "$build/lib/libtensorscope.a" \
                           "$build/lib/libtensorscope.so" "$tscc" \
                           "$build/share/tensorscope/apis/gsl.yaml" | cut -c1-64; } |
               sha256sum | cut -c1-16)
  echo "cache keys:         plain $plain_key, instrumented $instr_key"

  # ---- 2. builds and make checks -----------------------------------------
  PLAIN=$WORK/plain INSTR=$WORK/instrumented
  build_tree plain "$PLAIN" "$plain_key" "$src" "$clang" "$cflags" "$confargs"
  [ "${GSL_TREES:-}" = plain ] ||
    build_tree instrumented "$INSTR" "$instr_key" "$src" "$tscc --tscope-api=gsl" "$cflags" "$confargs"
  check_tree plain "$PLAIN" "$plain_key"
  [ "${GSL_TREES:-}" = plain ] ||
    check_tree instrumented "$INSTR" "$instr_key"

  # ---- valgrind on the plain matrix/ tests: the real leak -------------------
  # (test_static.c runs the same test sources as test.c)
  mkdir -p "$OUT/valgrind"
  local prog
  for prog in test test_static; do
    local vg=$PLAIN/.tscope-valgrind-matrix-$prog.log
    [ -f "$PLAIN/.tscope-built" ] && [ -x "$PLAIN/matrix/$prog" ] || continue
    local cached=cached
    if [ "$(cat "$vg.key" 2>/dev/null)" != "$plain_key" ]; then
      cached=""
      echo "-- valgrind --leak-check=full plain matrix/$prog"
      local t0=$SECONDS
      (cd "$PLAIN/matrix" && valgrind --leak-check=full --num-callers=12 "./$prog" >/dev/null 2>"$vg")
      echo "$plain_key" >"$vg.key"
      time_set "$PLAIN" "valgrind-matrix/$prog" $((SECONDS - t0))
    fi
    cp "$vg" "$OUT/valgrind/matrix-$prog.log"
    record_time plain "valgrind-matrix/$prog" "$PLAIN" "$cached"
  done

  [ "${GSL_TREES:-}" = plain ] && { echo "GSL_TREES=plain: the plain tree is ready"; return 0; }

  # ---- 4. heap ----------------------------------------------------------
  heap_loop "$tscc" "$clang" "$cflags"

  # ---- 3. + 5. reports, tables, summary ----------------------------------
  printf 'this run\tall phases above, cached or not\t%s\t\n' "$SECONDS" >>"$OUT/times.tsv"
  python3 "$here/analyze.py" --plain "$PLAIN" --instr "$INSTR" \
    --valgrind "$OUT/valgrind" --heap "$OUT/heap.tsv" \
    --checks "$CHECKS" --out "$OUT" --times "$OUT/times.tsv"
}

die() { echo "gsl-check: $*" >&2; exit 2; }

# Which TensorScope: the git HEAD of the build directory's source tree now
# (with a note when plugin/, runtime/, tools/ or apis/ differ from it; the
# build itself may be older), or the .git-commit file of an exported
# snapshot (git archive COMMIT | tar -x; echo COMMIT >.git-commit).
tscope_version() {
  local s c dirty
  s=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$1/CMakeCache.txt")
  if [ -n "$s" ] && [ "$(git -C "$s" rev-parse --show-toplevel 2>/dev/null)" = "$s" ]; then
    c=$(git -C "$s" rev-parse --short HEAD)
    dirty=$(git -C "$s" status --porcelain -- plugin runtime tools apis 2>/dev/null | wc -l)
    [ "$dirty" -gt 0 ] && c="$c + $dirty uncommitted changes in plugin/ runtime/ tools/ apis/"
  elif [ -f "$s/.git-commit" ]; then
    c="$(cat "$s/.git-commit") (snapshot in $s)"
  else
    c=unknown
  fi
  echo "${c}, built in $1"
}

# check NAME PASS|FAIL DETAIL: one line of the final summary.
check() { printf '%s\t%s\t%s\n' "$2" "$1" "$3" >>"$CHECKS"; }

# Phase times (seconds) are kept in each tree, so cached phases still show
# what they cost when they ran.
time_set() { echo "$2 $3" >>"$1/.tscope-times"; }
# (A resumed build adds its time to the interrupted one's.)
time_get() { awk -v k="$2" '$1 == k { t += $2; n++ } END { if (n) print t }' "$1/.tscope-times" 2>/dev/null; }
record_time() { # TREE-NAME PHASE TREE CACHED?
  local t; t=$(time_get "$3" "$2")
  printf '%s\t%s\t%s\t%s\n' "$1" "$2" "${t:-?}" "$4" >>"$OUT/times.tsv"
}

# build_tree NAME DIR KEY SRC CC CFLAGS CONFARGS: a copy of SRC configured
# with CC and built, once per KEY (an interrupted or failed make is resumed).
build_tree() {
  local name=$1 dir=$2 key=$3 src=$4 cc=$5 cflags=$6 confargs=$7
  local log=$OUT/logs/$name-build.log
  if [ -z "${GSL_REBUILD:-}" ] && [ "$(cat "$dir/.tscope-key" 2>/dev/null)" = "$key" ] &&
     [ -f "$dir/.tscope-built" ]; then
    echo "-- $name build: cached ($dir)"
    cp "$dir/.tscope-build.log" "$log" 2>/dev/null
    record_time "$name" configure "$dir" cached
    record_time "$name" build "$dir" cached
    return
  fi
  echo "-- $name build: CC='$cc' CFLAGS='$cflags' ./configure $confargs && make -j$JOBS ($dir)"
  local t0 ok=1
  if [ -n "${GSL_REBUILD:-}" ] || [ "$(cat "$dir/.tscope-key" 2>/dev/null)" != "$key" ] ||
     [ ! -f "$dir/.tscope-conf-ok" ]; then
    rm -rf "$dir"
    cp -a "$src" "$dir" || die "cannot copy $src to $dir"
    rm -f "$dir/.tscope-configured"
    echo "$key" >"$dir/.tscope-key"
    t0=$SECONDS
    # shellcheck disable=SC2086 # confargs is a word list
    (cd "$dir" && ./configure CC="$cc" CFLAGS="$cflags" $confargs) >"$log" 2>&1 || ok=0
    time_set "$dir" configure $((SECONDS - t0))
    # Debian's +dfsg source has no manual sources (doc/*.rst): doc/ cannot
    # be built, and holds no code or tests, so its Makefile becomes a no-op.
    printf '.DEFAULT:\n\t@:\nall:\n\t@:\n' >"$dir/doc/Makefile"
    [ "$ok" = 1 ] && touch "$dir/.tscope-conf-ok"
  else
    echo "   (configured tree of an unfinished build: resuming make)"
    : >"$log"
  fi
  if [ "$ok" = 1 ]; then
    t0=$SECONDS
    (cd "$dir" && make -j"$JOBS") >>"$log" 2>&1 || ok=0
    time_set "$dir" build $((SECONDS - t0))
  fi
  cp "$log" "$dir/.tscope-build.log"
  record_time "$name" configure "$dir" ""
  record_time "$name" build "$dir" ""
  if [ "$ok" = 1 ]; then
    touch "$dir/.tscope-built"
  else
    echo "   FAILED; end of $log:"; tail -15 "$log" | sed 's/^/   | /'
  fi
}

# check_tree NAME DIR KEY: make -k check, once per key.
check_tree() {
  local name=$1 dir=$2 key=$3 log=$OUT/logs/$1-check.log
  if [ ! -f "$dir/.tscope-built" ]; then
    check "$name build" FAIL "configure or make failed: $OUT/logs/$name-build.log"
    return
  fi
  check "$name build" PASS "log: $OUT/logs/$name-build.log$(lint_count "$OUT/logs/$name-build.log")"
  if [ -z "${GSL_REBUILD:-}" ] && [ "$(cat "$dir/.tscope-checked" 2>/dev/null)" = "$key" ]; then
    echo "-- $name make check: cached"
    cp "$dir/.tscope-check.log" "$log" 2>/dev/null
    record_time "$name" check "$dir" cached
  else
    echo "-- $name make check -j$JOBS"
    find "$dir" -name '*.trs' -delete
    local t0=$SECONDS
    (cd "$dir" && make -k -j"$JOBS" check) >"$log" 2>&1
    echo $? >"$dir/.tscope-check-status"
    time_set "$dir" check $((SECONDS - t0))
    cp "$log" "$dir/.tscope-check.log"
    echo "$key" >"$dir/.tscope-checked"
    record_time "$name" check "$dir" ""
  fi
  # analyze.py turns the .trs files into the per-module table and the check.
  echo "$name make check exit status: $(cat "$dir/.tscope-check-status")" >>"$OUT/make-check-status.txt"
}

# How many lint warnings the compile printed (information, not a check).
lint_count() {
  local n; n=$(grep -c 'warning: .*\[-Wtscope' "$1" 2>/dev/null); n=${n:-0}
  [ "$n" = 0 ] && echo "" || echo "; $n TensorScope lint warnings while compiling"
}

# heap_loop TSCOPE_CC CLANG CFLAGS: heap-loop.c against each tree's libgsl.a.
heap_loop() {
  local tscc=$1 clang=$2 cflags=$3 here
  here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
  local h=$OUT/heap; mkdir -p "$h"
  : >"$OUT/heap.tsv"
  local variant loopcc tree extra norandom=()
  setarch "$(uname -m)" -R true 2>/dev/null && norandom=(setarch "$(uname -m)" -R)
  for variant in plain/plain plain/instrumented tscope-cc/instrumented; do
    loopcc=${variant%/*}; tree=${variant#*/}
    local dir=$WORK/$tree exe=$h/heap-loop-${loopcc}-${tree}
    [ -f "$dir/.tscope-built" ] || continue
    extra=()
    # The shared runtime: valgrind's suppressions (tensorscope-own.supp) know
    # the runtime's own heap blocks by the object that allocated them.
    [ "$tree" = instrumented ] && [ "$loopcc" = plain ] &&
      extra=("-L$BUILD_LIB" -ltensorscope "-Wl,-rpath,$BUILD_LIB" -lpthread -ldl)
    local cc=("$clang")
    [ "$loopcc" = tscope-cc ] && cc=("$tscc" --tscope-api=gsl --tscope-runtime=shared)
    # shellcheck disable=SC2086
    if ! "${cc[@]}" $cflags -I"$dir" "$here/heap-loop.c" -o "$exe" \
         "$dir/.libs/libgsl.a" "$dir/cblas/.libs/libgslcblas.a" ${extra[@]+"${extra[@]}"} -lm \
         >"$h/build-${loopcc}-${tree}.log" 2>&1; then
      echo "   heap-loop ($variant) did not build:"; tail -5 "$h/build-${loopcc}-${tree}.log" | sed 's/^/   | /'
      continue
    fi
    local n
    for n in $ROUNDS; do
      # Its stdout is one line of figures; stderr must stay empty (analyze.py).
      # Run with address randomisation off: the runtime's tables hash
      # absolute addresses, so in some layouts (7 of 60 runs measured) one
      # shard's table doubles on the way to 1000 rounds (its bound, not a
      # leak), and two runs of different rounds would differ by that alone.
      # With one layout, any growth between 10 and 1000 rounds is real.
      local line
      line=$("${norandom[@]}" "$exe" "$n" 2>"$h/run-${loopcc}-${tree}-$n.err")
      # The same under valgrind, whose suppressions mark the blocks the
      # runtime allocated for itself: what is in use at exit less those is
      # the program's and the library's heap.
      local vg=$h/valgrind-${loopcc}-${tree}-$n.log
      valgrind --leak-check=full --show-leak-kinds=all --errors-for-leak-kinds=none \
        --suppressions="$here/tensorscope-own.supp" --log-file="$vg" "$exe" "$n" >/dev/null 2>&1
      local in_use own
      in_use=$(sed -n 's/.*in use at exit: \([0-9,]*\) bytes.*/\1/p' "$vg" | tr -d , | head -1)
      own=$(sed -n 's/.*suppressed: \([0-9,]*\) bytes.*/\1/p' "$vg" | tr -d , | head -1)
      line="$line vg_in_use=${in_use:-?} vg_own=${own:-0}"
      printf '%s\t%s\t%s\t%s\n' "$loopcc" "$tree" "$n" "$line" >>"$OUT/heap.tsv"
    done
  done
}

main "$@"; exit $?
