#!/usr/bin/env bash
# bench/compile-time/run.sh BUILD_DIR -- what TensorScope costs at compile
# time on real code, and what it finds there:
#   1. GSL's own source (Debian source package; fetch-gsl.sh enables deb-src
#      itself, as root, once) and a compile database for its library TUs;
#   2. self-checks: the lint configuration finds a seeded leak in a GSL
#      program, and the instrumented object calls tscope_track -- so the
#      timed configurations do the work they claim to;
#   3. measure.py: plain -fsyntax-only, lint, -O2 -c, -O2 -c + TensorScope,
#      clang --analyze and gcc -fanalyzer (the last two on a subset), CPU
#      seconds and ratios;
#   4. wrapper-cost.py: the tscope-cc wrapper's own cost per compile (plain
#      clang, clang -fplugin= direct, tscope-cc side by side on GSL's
#      doc/examples; WRAPPER_REPEAT rounds, default 3);
#   5. api-load-cost.py: -fsyntax-only with the plugin and no API file
#      against the same with every apis/*.yaml at once (issue 13: <= +2%),
#      on LOAD_TUS (80) of GSL's doc/examples, LOAD_REPEAT (3) rounds;
#   6. tscope-lint --api gsl over GSL's doc/examples and over GSL's own
#      sources, with a findings summary.
# Knobs (environment): TUS (250), O2_TUS (80), ANALYZER_TUS (20), REPEAT (2), JOBS (2);
# TSCOPE_BENCH_SMOKE=1 (bench/run-all.sh --smoke): 12 TUs, 4 at -O2, 3 for the
# analyzers, 1 repeat, and the examples only.
# Prints a Markdown section (for docs/performance.md via bench/run-all.sh),
# also kept in BUILD_DIR/bench-compile-time/results.md; progress on stderr.
set -euo pipefail
build=${1:?usage: bench/compile-time/run.sh BUILD_DIR}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(cd "$build" && pwd)
work=$build/bench-compile-time
mkdir -p "$work"
plugin=$build/lib/tensorscope.so
api=$root/apis/gsl.yaml
ver=$(sed -n 's/^TSCOPE_LLVM_VERSION:[A-Z]*=//p' "$build/CMakeCache.txt" 2>/dev/null || true)
bindir=$(llvm-config-"${ver:-19}" --bindir)
[ -f "$plugin" ] || { echo "compile-time: $plugin not found: build TensorScope first" >&2; exit 1; }
[ -f "$api" ] || { echo "compile-time: $api not found (the shipped GSL API description)" >&2; exit 1; }
if [ -x "$build/bin/tscope-lint" ]; then
  lint=("$build/bin/tscope-lint")
else # tools/CMakeLists.txt does not install it (yet): the source copy
  lint=(python3 "$root/tools/tscope-lint" --clang "$bindir/clang" --plugin "$plugin")
fi

echo "== GSL source" >&2
src=$("$here/fetch-gsl.sh" "$work")
python3 "$here/gsl-compile-db.py" "$src" "$work/db" >&2

echo "== self-checks" >&2
cat >"$work/seeded.c" <<'C'
#include <gsl/gsl_matrix.h>
double seeded_leak(size_t n) {
  gsl_matrix *m = gsl_matrix_alloc(n, n);
  gsl_matrix_set_zero(m);
  return gsl_matrix_get(m, 0, 0);
}
C
"$bindir/clang" -fsyntax-only -fplugin="$plugin" -fplugin-arg-tensorscope-api="$api" \
  -fplugin-arg-tensorscope-findings="$work/seeded.jsonl" "$work/seeded.c" 2>/dev/null || true
if ! grep -q '"tscope-leak"' "$work/seeded.jsonl" 2>/dev/null; then
  echo "compile-time: SELF-CHECK FAILED: the lint with api=gsl does not report the leak in $work/seeded.c" >&2
  selfcheck="FAILED (lint misses the seeded gsl_matrix_alloc leak)"
else
  selfcheck="ok"
fi
rm -f "$work/seeded.jsonl"
"$bindir/clang" -O2 -c -o "$work/seeded.o" -fplugin="$plugin" -fplugin-arg-tensorscope-api="$api" "$work/seeded.c" 2>/dev/null
if ! nm "$work/seeded.o" | grep -q tscope_track; then
  echo "compile-time: SELF-CHECK FAILED: the instrumented object does not call tscope_track" >&2
  selfcheck="$selfcheck; FAILED (no tscope_track in the instrumented object)"
fi

if [ "${TSCOPE_BENCH_SMOKE:-0}" = 1 ]; then
  : "${TUS:=12}" "${O2_TUS:=4}" "${ANALYZER_TUS:=3}" "${REPEAT:=1}"
fi
echo "== timing (this takes a while; progress below)" >&2
table=$(python3 "$here/measure.py" --db "$work/db" --clang-bindir "$bindir" --plugin "$plugin" \
  --api "$api" --tus "${TUS:-250}" --o2-tus "${O2_TUS:-80}" --analyzer-tus "${ANALYZER_TUS:-20}" --repeat "${REPEAT:-2}" \
  --json "$work/timing.json")

echo "== the tscope-cc wrapper's own cost (GSL doc/examples)" >&2
if [ "${TSCOPE_BENCH_SMOKE:-0}" = 1 ]; then wrapper_knobs=(--tus 8 --repeat 1); else wrapper_knobs=(--repeat "${WRAPPER_REPEAT:-3}"); fi
wrapper_table=$(python3 "$here/wrapper-cost.py" --db "$work/db/examples" --clang-bindir "$bindir" --build "$build" \
  --api "$api" "${wrapper_knobs[@]}" --json "$work/wrapper-cost.json") || {
  wrapper_table="wrapper-cost.py FAILED (see the log)"; selfcheck="$selfcheck; FAILED (wrapper cost)"; }

echo "== loading every shipped API description (GSL doc/examples)" >&2
if [ "${TSCOPE_BENCH_SMOKE:-0}" = 1 ]; then load_knobs=(--tus 6 --repeat 1); else load_knobs=(--tus "${LOAD_TUS:-80}" --repeat "${LOAD_REPEAT:-3}"); fi
load_table=$(python3 "$here/api-load-cost.py" --db "$work/db/examples" --clang-bindir "$bindir" \
  --plugin "$plugin" --apis "$root/apis" "${load_knobs[@]}" --json "$work/api-load-cost.json") || {
  load_table="api-load-cost.py FAILED (see the log)"; selfcheck="$selfcheck; FAILED (API load cost)"; }

# summary TITLE NAME: the findings summary of $work/NAME.sarif, or why there is none.
summary() {
  if [ -f "$work/$2.sarif" ]; then
    python3 "$here/summarize-findings.py" "$1" "$work/$2.sarif" "$3"
  else
    echo "$1: tscope-lint did not run: $(tail -3 "$work/$2.txt")"
  fi
}
echo "== tscope-lint --api gsl over GSL's examples and sources" >&2
rm -f "$work/examples.sarif" "$work/sources.sarif"
(cd "$src" && "${lint[@]}" -p "$work/db/examples" --api gsl -j "${JOBS:-2}" \
   --sarif "$work/examples.sarif" >"$work/examples.txt" 2>&1) || true
n_examples=$(python3 -c "import json,sys;print(len(json.load(open(sys.argv[1]))))" "$work/db/examples/compile_commands.json")
examples=$(summary "GSL doc/examples ($n_examples programs)" examples 25)
[ -f "$work/examples.sarif" ] || selfcheck="$selfcheck; FAILED (tscope-lint on the examples)"
if [ "${TSCOPE_BENCH_SMOKE:-0}" = 1 ]; then
  sources="GSL library sources: not linted in a smoke run"
else
  (cd "$src" && "${lint[@]}" -p "$work/db" --api gsl -j "${JOBS:-2}" \
     --sarif "$work/sources.sarif" >"$work/sources.txt" 2>&1) || true
  n_sources=$(python3 -c "import json,sys;print(len(json.load(open(sys.argv[1]))))" "$work/db/compile_commands.json")
  sources=$(summary "GSL library sources ($n_sources TUs)" sources 15)
  [ -f "$work/sources.sarif" ] || selfcheck="$selfcheck; FAILED (tscope-lint on the sources)"
fi

{
  echo "### Compile time and lint findings on GSL $(sed -n 's/^#define GSL_VERSION "\(.*\)"/\1/p' "$src/gsl_version.h")"
  echo
  echo "Rerun: \`bash bench/compile-time/run.sh BUILD_DIR\` (GSL source and raw data in \`BUILD_DIR/bench-compile-time/\`)."
  echo "Machine: $(nproc) CPUs, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1); clang $("$bindir/clang" --version | sed -n 's/.*version \([0-9.]*\).*/\1/p' | head -1), $(gcc --version | head -1). Self-checks: $selfcheck."
  echo
  echo "$table"
  echo
  echo "#### What the tscope-cc wrapper costs (bench/compile-time/wrapper-cost.py)"
  echo
  echo "Each compile one process, CPU and wall seconds from wait4, min over the rounds; the direct command is what tscope-cc execs."
  echo
  echo "$wrapper_table"
  echo
  echo "#### What loading every shipped API description costs (bench/compile-time/api-load-cost.py)"
  echo
  echo "$load_table"
  echo
  echo "#### What the lint finds in GSL (tscope-lint --api gsl)"
  echo
  echo '```'
  echo "$examples"
  echo
  echo "$sources"
  echo '```'
} >"$work/results.md"
cat "$work/results.md"
case "$selfcheck" in ok) ;; *) exit 1 ;; esac
