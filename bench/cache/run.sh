#!/usr/bin/env bash
# run.sh BUILD_DIR -- the cache benchmark: tscope_cache beside GHashTable +
# GWeakRef (bench_cache) and Python's functools.lru_cache over
# TensorAsKey-style keys (tensoraskey_bench.py), in one run.  Builds
# bench_cache in BUILD_DIR, prints the Markdown section (table with ns/op and
# ratios, callgrind instruction counts) on stdout, progress on stderr.
# TSCOPE_BENCH_SMOKE=1 (or --smoke) runs tiny sizes.  Not a test: timings
# never go into ctest.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
BUILD=${1:?usage: run.sh BUILD_DIR [--smoke]}
SMOKE=${TSCOPE_BENCH_SMOKE:-0}
[ "${2:-}" = "--smoke" ] && SMOKE=1
[ -f "$BUILD/CMakeCache.txt" ] || { echo "run.sh: $BUILD is not a configured build directory" >&2; exit 2; }
BUILD=$(cd "$BUILD" && pwd)
OUT=$BUILD/bench/cache
mkdir -p "$OUT"

echo "cache: building bench_cache in $BUILD" >&2
cmake --build "$BUILD" -j2 --target bench_cache >"$OUT/build.log" 2>&1 ||
  { tail -20 "$OUT/build.log" >&2; echo "run.sh: building bench_cache failed" >&2; exit 1; }
BIN=$BUILD/bin/bench_cache

if [ "$SMOKE" = 1 ]; then ROUNDS=2; N=5000; PY_N=2000; CG_N=500
else ROUNDS=9; N=300000; PY_N=100000; CG_N=4000; fi

echo "cache: wall time, $ROUNDS rounds x $N ops" >&2
"$BIN" wall "$ROUNDS" "$N" >"$OUT/wall.tsv"
echo "cache: python3 lru_cache + TensorAsKey, $ROUNDS rounds x $PY_N ops" >&2
python3 "$HERE/tensoraskey_bench.py" "$ROUNDS" "$PY_N" >>"$OUT/wall.tsv"

INSTR_ARGS=()
if command -v valgrind >/dev/null; then
  # Symbols only: valgrind 3.19 cannot read clang 19's DWARF 5.
  objcopy --strip-debug "$BIN" "$OUT/bench_cache.nodebug"
  : >"$OUT/instr.tsv"
  count() { # impl fn op n -> instructions in fn
    valgrind --tool=callgrind --toggle-collect="$2" --callgrind-out-file="$OUT/cg.out" \
      "$OUT/bench_cache.nodebug" run "$1" "$3" "$4" >/dev/null 2>"$OUT/valgrind.log" ||
      { cat "$OUT/valgrind.log" >&2; exit 1; }
    sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$OUT/cg.out" | head -1
  }
  echo "cache: callgrind, N=$CG_N and $((2 * CG_N))" >&2
  for impl in tscope_cache:run_tscope glib_ghashtable_gweakref:run_glib; do
    name=${impl%%:*} prefix=${impl#*:}
    for op in hit hit_build miss put; do
      a=$(count "$name" "${prefix}_$op" "$op" "$CG_N")
      b=$(count "$name" "${prefix}_$op" "$op" $((2 * CG_N)))
      printf '%s\t%s\t%s\n' "$name" "$op" "$(( (b - a) / CG_N ))" >>"$OUT/instr.tsv"
    done
  done
  INSTR_ARGS=(--instr "$OUT/instr.tsv")
else
  echo "cache: valgrind not installed: no instruction counts" >&2
fi
python3 "$HERE/report.py" --wall "$OUT/wall.tsv" --rounds "$ROUNDS" --n "$N" "${INSTR_ARGS[@]}"
