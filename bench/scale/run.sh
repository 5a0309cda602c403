#!/usr/bin/env bash
# run.sh BUILD_DIR [--smoke] -- the scale benchmark; prints its Markdown
# section on stdout (progress on stderr).
#   memory:  bench_scale mem N in a fresh process per N (10^4, 10^5, 10^6)
#   threads: bench_scale threads, 1 and 2 threads interleaved, best of ROUNDS,
#            with the load average before and after (the machine is shared)
# --smoke (or TSCOPE_BENCH_SMOKE=1): tiny sizes, proves it builds and checks.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
BUILD=${1:?usage: run.sh BUILD_DIR [--smoke]}
SMOKE=${TSCOPE_BENCH_SMOKE:-0}
[ "${2:-}" = "--smoke" ] && SMOKE=1
BIN=$BUILD/bin/bench_scale
if [ ! -x "$BIN" ]; then
  echo "run.sh: $BIN not built (cmake --build $BUILD --target tscope_bench)" >&2
  exit 1
fi
OUT=$BUILD/bench/scale
mkdir -p "$OUT"

if [ "$SMOKE" = 1 ]; then SIZES="1000 10000"; LIFECYCLES=20000; ROUNDS=1
else SIZES="10000 100000 1000000"; LIFECYCLES=1000000; ROUNDS=9; fi

: >"$OUT/results.tsv"
for n in $SIZES; do
  echo "scale: memory at $n live tensors" >&2
  "$BIN" mem "$n" >>"$OUT/results.tsv"
done
load_before=$(cut -d' ' -f1 /proc/loadavg)
echo "scale: throughput, 1 and 2 threads x $LIFECYCLES lifecycles, $ROUNDS rounds" >&2
"$BIN" threads "$LIFECYCLES" "$ROUNDS" 8 >>"$OUT/results.tsv"
# The same with 64 live tensors per thread: not the goal's setting, shown
# beside it (every shard then holds tensors of both threads).
"$BIN" threads "$LIFECYCLES" "$ROUNDS" 64 >>"$OUT/results.tsv"
# And the machine's own ceiling: malloc(64)+free in each thread, no runtime.
"$BIN" threads "$LIFECYCLES" "$ROUNDS" 0 >>"$OUT/results.tsv"
load_after=$(cut -d' ' -f1 /proc/loadavg)
python3 "$HERE/report.py" "$OUT/results.tsv" --load "$load_before" "$load_after" \
  --cpus "$(nproc)" --lifecycles "$LIFECYCLES" --rounds "$ROUNDS"
