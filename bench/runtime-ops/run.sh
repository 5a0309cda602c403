#!/usr/bin/env bash
# run.sh BUILD_DIR [--smoke] -- the runtime-ops benchmark; prints its
# Markdown section on stdout (progress on stderr).
#   wall time:   bench_ops wall (best and median of REPS interleaved rounds)
#   instructions: one callgrind run of every op at N and one at 2N, counting
#                 only inside run_op_* (--toggle-collect), one profile dump
#                 per op (client request); per op = (I(2N)-I(N))/N, which
#                 cancels one-time costs (lazy binding, table growth).
# --smoke (or TSCOPE_BENCH_SMOKE=1): tiny N, proves it builds and checks.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
BUILD=${1:?usage: run.sh BUILD_DIR [--smoke]}
SMOKE=${TSCOPE_BENCH_SMOKE:-0}
[ "${2:-}" = "--smoke" ] && SMOKE=1
BIN=$BUILD/bin/bench_ops
if [ ! -x "$BIN" ]; then
  echo "run.sh: $BIN not built (cmake --build $BUILD --target tscope_bench)" >&2
  exit 1
fi
OUT=$BUILD/bench/runtime-ops
mkdir -p "$OUT"

if [ "$SMOKE" = 1 ]; then REPS=2; N=2000; CG_N=1000
else REPS=9; N=300000; CG_N=4000; fi

echo "runtime-ops: wall time, $REPS rounds x $N ops per op" >&2
"$BIN" wall -r "$REPS" -n "$N" >"$OUT/wall.tsv"

OPS=$("$BIN" list | cut -f1)
cg_run() { # N: one callgrind process, one profile dump per op
  local n=$1 dir=$OUT/callgrind.$1
  rm -rf "$dir"; mkdir -p "$dir"
  valgrind --tool=callgrind --toggle-collect='*run_op_*' --callgrind-out-file="$dir/cg.out" \
    "$BIN" run all "$n" >"$dir/done.tsv" 2>"$dir/valgrind.log" ||
    { cat "$dir/valgrind.log" >&2; exit 1; }
}
if command -v valgrind >/dev/null; then
  echo "runtime-ops: callgrind, N=$CG_N and $((2 * CG_N))" >&2
  cg_run "$CG_N"
  cg_run $((2 * CG_N))
  CG_ARGS=(--callgrind "$OUT/callgrind.$CG_N" "$OUT/callgrind.$((2 * CG_N))")
else
  echo "runtime-ops: valgrind not installed: no instruction counts" >&2
  CG_ARGS=()
fi
python3 "$HERE/report.py" --wall "$OUT/wall.tsv" --reps "$REPS" --n "$N" "${CG_ARGS[@]}" \
  --ops "$(echo $OPS)"
