#!/usr/bin/env bash
# run.sh BUILD_DIR [--smoke] -- end-to-end overhead of TensorScope on real
# GSL workloads (workload.c: 4x4 and 256x256 matrices), beside the tools a
# user would otherwise use to find the same leaks.  Prints the Markdown
# section on stdout (progress on stderr).
#
# Builds (all clang-19 -O2 -g -gdwarf-4 (valgrind 3.19 reads no DWARF 5),
# commands recorded in the section):
#   plain      uninstrumented
#   tscope     tscope-cc --tscope-api=gsl
#   tscope-auto  the same with auto-scope=^step$ (step() gets a scope)
#   asan       -fsanitize=address (LeakSanitizer included)
#   memcheck   the plain binary under valgrind --leak-check=full, on fewer
#              iterations (too slow for the full count); per-iteration cost
# Timing: the program times its own loop in chunks of CPU time; the fastest
# chunk over REPS rounds, in which the builds take turns, is the cost per
# iteration (whole-run CPU and wall time are shown beside it).
# Checks (any failure stops the benchmark, exit 1): every build's checksum
# equals the plain build's for the same iteration count; every tool finds
# the leak seeded in workload.c (TensorScope's report names its line;
# LeakSanitizer and memcheck report it); the instrumented builds' probe saw
# the tensors tracked and, with auto-scope, step() inside a scope (whose end
# releases the seeded leak, so that build must report none).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
BUILD=$(cd "${1:?usage: run.sh BUILD_DIR [--smoke]}" && pwd)
SMOKE=${TSCOPE_BENCH_SMOKE:-0}
[ "${2:-}" = "--smoke" ] && SMOKE=1
OUT=$BUILD/bench/gsl-overhead
mkdir -p "$OUT"
SRC=$HERE/workload.c
ROOT=$(cd "$HERE/../.." && pwd)
unset TSCOPE_OPTIONS ASAN_OPTIONS LSAN_OPTIONS

if [ "$SMOKE" = 1 ]; then REPS=1; SMALL=2000; LARGE=2; VG_SMALL=200; VG_LARGE=1
else REPS=5; SMALL=400000; LARGE=40; VG_SMALL=20000; VG_LARGE=2; fi

CC=clang-19
command -v "$CC" >/dev/null || { echo "run.sh: $CC not found" >&2; exit 1; }
GSL_CFLAGS=$(pkg-config --cflags gsl) || { echo "run.sh: pkg-config gsl failed (libgsl-dev)" >&2; exit 1; }
GSL_LIBS=$(pkg-config --libs gsl)
TSCOPE_CC=$BUILD/bin/tscope-cc
LEAK_LINE=$(grep -nF '/* seeded leak */' "$SRC" | head -1 | cut -d: -f1)

fail() { echo "gsl-overhead: CHECK FAILED: $*" >&2; echo "**gsl-overhead: check failed: $***"; exit 1; }

# ---- builds ---------------------------------------------------------------
VARIANTS="plain asan"
declare -A CMD
CMD[plain]="$CC -O2 -g -gdwarf-4 $SRC $GSL_CFLAGS $GSL_LIBS -o $OUT/plain"
CMD[asan]="$CC -O2 -g -gdwarf-4 -fsanitize=address -fno-omit-frame-pointer $SRC $GSL_CFLAGS $GSL_LIBS -o $OUT/asan"
if [ -x "$TSCOPE_CC" ]; then
  VARIANTS="plain tscope tscope-auto asan"
  CMD[tscope]="$TSCOPE_CC --tscope-api=gsl -O2 -g -gdwarf-4 -DTSCOPE_BENCH_PROBE -I$BUILD/include $SRC $GSL_CFLAGS $GSL_LIBS -o $OUT/tscope"
  CMD[tscope-auto]="$TSCOPE_CC --tscope-api=gsl -fplugin-arg-tensorscope-auto-scope=^step\$ -O2 -g -gdwarf-4 -DTSCOPE_BENCH_PROBE -I$BUILD/include $SRC $GSL_CFLAGS $GSL_LIBS -o $OUT/tscope-auto"
else
  echo "gsl-overhead: $TSCOPE_CC not built: measuring the alternatives only" >&2
fi
: >"$OUT/commands.txt"
for v in $VARIANTS; do
  echo "gsl-overhead: building $v" >&2
  shown=${CMD[$v]//$ROOT\//}   # paths relative to the checkout, for the docs
  echo "$v	$shown" >>"$OUT/commands.txt"
  ${CMD[$v]} 2>"$OUT/$v.compile.log" || { cat "$OUT/$v.compile.log" >&2; fail "the $v build failed"; }
done

# ---- one run: VARIANT SIZE ITER -> $OUT/run.{out,err,rc} ------------------
run_one() {
  local v=$1 size=$2 iter=$3 rc=0
  case "$v" in
    memcheck) valgrind --leak-check=full "$OUT/plain" "$size" "$iter" >"$OUT/run.out" 2>"$OUT/run.err" || rc=$? ;;
    *) "$OUT/$v" "$size" "$iter" >"$OUT/run.out" 2>"$OUT/run.err" || rc=$? ;;
  esac
  echo "$rc" >"$OUT/run.rc"
}
field() { sed -n "s/^$1=//p" "$OUT/run.out"; }

declare -A EXPECT   # "size iter" -> plain checksum
check_run() { # variant size iter: every result check of one run
  local v=$1 size=$2 iter=$3 rc sum
  rc=$(cat "$OUT/run.rc"); sum=$(field checksum)
  [ -n "$sum" ] || { cat "$OUT/run.err" >&2; fail "$v $size: no checksum printed (exit $rc)"; }
  [ "$sum" = "${EXPECT[$size $iter]}" ] || fail "$v $size: checksum $sum differs from the plain build's ${EXPECT[$size $iter]}"
  case "$v" in
    plain) [ "$rc" = 0 ] || fail "plain $size: exit status $rc" ;;
    tscope)
      grep -Eq "TensorScope: 1 tensors? leaked from 1 sites?" "$OUT/run.err" ||
        { cat "$OUT/run.err" >&2; fail "tscope $size: the leak report does not show the 1 seeded leak"; }
      grep -q "workload.c:$LEAK_LINE" "$OUT/run.err" || fail "tscope $size: the leak report does not name workload.c:$LEAK_LINE"
      [ "$(field probe_live)" -ge 3 ] || fail "tscope $size: only $(field probe_live) live tensors seen in step(): not instrumented"
      [ "$(field probe_depth)" = 0 ] || fail "tscope $size: step() ran in a scope without auto-scope" ;;
    tscope-auto)
      ! grep -Eq "TensorScope: .*leaked" "$OUT/run.err" ||
        { cat "$OUT/run.err" >&2; fail "tscope-auto $size: the scope of step() did not release the seeded leak"; }
      [ "$(field probe_live)" -ge 3 ] || fail "tscope-auto $size: only $(field probe_live) live tensors seen in step(): not instrumented"
      [ "$(field probe_depth)" -ge 1 ] || fail "tscope-auto $size: step() did not run in a scope" ;;
    asan) grep -q "LeakSanitizer: detected memory leaks" "$OUT/run.err" ||
            fail "asan $size: LeakSanitizer did not report the seeded leak" ;;
    memcheck) grep -Eq "definitely lost: [1-9][0-9,]* bytes" "$OUT/run.err" ||
                { tail -20 "$OUT/run.err" >&2; fail "memcheck $size: the seeded leak was not reported as definitely lost"; } ;;
  esac
}

: >"$OUT/results.tsv"
record() { # variant size iter
  echo "$1	$2	$3	$(field loop_cpu_ns)	$(field loop_ns)	$(field best_chunk_cpu_ns)	$(field chunk)" >>"$OUT/results.tsv"
}

# Reference checksums for both iteration counts.
for spec in "small $SMALL" "large $LARGE" "small $VG_SMALL" "large $VG_LARGE"; do
  set -- $spec
  run_one plain "$1" "$2"; EXPECT[$1 $2]=$(field checksum)
  [ -n "${EXPECT[$1 $2]}" ] || fail "plain $1: no checksum"
done

for ((r = 1; r <= REPS; r++)); do
  for v in $VARIANTS; do
    for spec in "small $SMALL" "large $LARGE"; do
      set -- $spec
      echo "gsl-overhead: round $r/$REPS: $v $1 x $2" >&2
      run_one "$v" "$1" "$2"; check_run "$v" "$1" "$2"; record "$v" "$1" "$2"
    done
  done
done
if command -v valgrind >/dev/null; then
  for spec in "small $VG_SMALL" "large $VG_LARGE"; do
    set -- $spec
    echo "gsl-overhead: memcheck $1 x $2" >&2
    run_one memcheck "$1" "$2"; check_run memcheck "$1" "$2"; record memcheck "$1" "$2"
  done
else
  echo "gsl-overhead: valgrind not installed: no memcheck row" >&2
fi

# Instructions per 4x4 iteration (callgrind, repeatable on a shared machine):
# a run of N and one of 2N iterations, so start-up and exit cancel out.
: >"$OUT/instructions.tsv"
if command -v valgrind >/dev/null; then
  cg_total() { # variant iterations -> instructions of the whole run
    valgrind --tool=callgrind --callgrind-out-file="$OUT/callgrind.out" "$OUT/$1" small "$2" \
      2>&1 >/dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
  }
  for v in plain tscope tscope-auto; do
    [ -x "$OUT/$v" ] || continue
    echo "gsl-overhead: callgrind $v small x $VG_SMALL and x $((2 * VG_SMALL))" >&2
    one=$(cg_total "$v" "$VG_SMALL"); two=$(cg_total "$v" $((2 * VG_SMALL)))
    [ -n "$one" ] && [ -n "$two" ] || fail "callgrind $v: no instruction count"
    echo "$v	$(( (two - one) / VG_SMALL ))" >>"$OUT/instructions.tsv"
  done
  rm -f "$OUT/callgrind.out"
fi

# Does the compile-time lint flag the seeded leak too? (information only)
LINT_FLAGS=no
if [ -f "$OUT/tscope.compile.log" ] && grep -q "\[-Wtscope-leak\]" "$OUT/tscope.compile.log" &&
   grep -q "workload.c:$LEAK_LINE:.*created here" "$OUT/tscope.compile.log"; then
  LINT_FLAGS=yes
fi
python3 "$HERE/report.py" "$OUT/results.tsv" --instructions "$OUT/instructions.tsv" --commands "$OUT/commands.txt" --reps "$REPS" \
  --lint-flags "$LINT_FLAGS" --leak-line "$LEAK_LINE" --have-tscope "$([ -x "$TSCOPE_CC" ] && echo 1 || echo 0)"
