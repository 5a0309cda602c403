#!/usr/bin/env bash
# run-demo.sh BUILD_DIR -- what `make demo` shows: each example, before and
# after, with headings a newcomer can read.
#
# The demo is a list of sections.  To add one, write a function
# `section_NAME` (it gets the build dir as $1, prints its story with `say`
# and `run`, and returns non-zero if something it expected did not happen)
# and add NAME to SECTIONS.  A section whose programs are not built is
# skipped with a note, so the demo works on partial builds.
set -uo pipefail
BUILD=${1:-build}
cd "$(dirname "$0")/.."
BIN="$BUILD/bin"

SECTIONS=(leaky_loop)

bold=$(tput bold 2>/dev/null || true); plain=$(tput sgr0 2>/dev/null || true)
heading() { printf '\n%s=== %s ===%s\n' "$bold" "$*" "$plain"; }
say() { printf '%s\n' "$*" | fold -s -w 78; }
# run CMD...: shows the command, then its output (stdout and stderr) indented.
run() {
  printf '\n  $ %s\n' "$*"
  "$@" 2>&1 | sed 's/^/    /'
  return "${PIPESTATUS[0]}"
}
need() { # need PROGRAM...: true when all are built
  local p
  for p in "$@"; do
    if [ ! -x "$BIN/$p" ]; then
      say "(skipped: $BIN/$p is not built; run 'make' first)"
      return 1
    fi
  done
}

# --- 1. A loop that leaks intermediates, then the same loop in a scope -------
section_leaky_loop() {
  heading "1. leaky-loop: intermediates created in a loop and never freed"
  need leaky-loop || return 0
  say "examples/leaky-loop/leaky_loop.c runs 2000 steps of gradient descent on a" \
      "home-grown tensor type.  Each step creates grad and delta and forgets to" \
      "free them, like the DJL training loop.  TensorScope tracks every tensor" \
      "(here by hand: tensor.c calls tscope_track and tscope_release)."
  say ""
  say "BEFORE: live tensors grow with the steps; at exit the runtime's leak" \
      "report names the two lines that created the leaked tensors:"
  run env TSCOPE_OPTIONS= "$BIN/leaky-loop" leaky 2000
  say ""
  say "AFTER: each step runs inside TSCOPE_SCOPE { ... }; the result that must" \
      "outlive the step is detached.  Live tensors stay flat, the result is" \
      "the same to the last bit, and nothing is reported at exit:"
  run env TSCOPE_OPTIONS= "$BIN/leaky-loop" scoped 2000
}

# --- finalizer-registry (iree-turbine aot.export) ---------------------------
# A tracker whose finalizer contexts held their tensors: the runtime's report
# names what stayed alive and who created it; then the fix.
SECTIONS+=(finalizer_registry)
section_finalizer_registry() {
  heading "finalizer-registry: finalizers that pinned the tensors they watched"
  need finalizer-registry-pinning finalizer-registry-weak finalizer-registry-ctx-is-tensor || return 0
  local before after ok=0
  say "iree-turbine's aot.export left every exported model's weights in memory:" \
      "a tracker registered a finalizer per tensor, and each finalizer's context" \
      "held the tensor, so no tensor could die and no finalizer could run." \
      "examples/finalizer-registry/ is that exporter in C: 3 models x 50 layers" \
      "of 16 KiB weights, each handed to the tracker, used, then released."
  say ""
  say "BEFORE: the context retains the tensor.  Memory grows by 800 KiB per" \
      "model, no finalizer runs, and the runtime's report at exit names what" \
      "is alive and the line (and, with backtrace=3, the stack) that created it:"
  run env TSCOPE_OPTIONS=backtrace=3 "$BIN/finalizer-registry-pinning" 3 50
  before=$(env TSCOPE_OPTIONS=report=0 "$BIN/finalizer-registry-pinning" 3 50 2>/dev/null | sed -n 's/^summary: //p')
  say ""
  say "AFTER: the context holds only the tensor's name, size and generation" \
      "(tscope_on_release never holds the tensor itself).  Tensors die when the" \
      "exporter releases them and each finalizer runs then, exactly once:"
  run env TSCOPE_OPTIONS= "$BIN/finalizer-registry-weak" 3 50 || ok=1
  after=$(env TSCOPE_OPTIONS= "$BIN/finalizer-registry-weak" 3 50 2>/dev/null | sed -n 's/^summary: //p')
  say ""
  say "And a context that is the tensor itself is reported when it is registered:"
  run env TSCOPE_OPTIONS= "$BIN/finalizer-registry-ctx-is-tensor" 1 1
  say ""
  say "In short (alive after export; finalizers run):"
  printf '  before: %s\n  after:  %s\n' "${before%%, 0 of them*}" "${after%%, 0 of them*}"
  case "$after" in "0 tensors (0 KiB) still alive"*) ;; *) ok=1 ;; esac
  return "$ok"
}

# --- tensor-cache (PyTorch TensorAsKey / bsr_scatter_mm plans) -----------------
# A memo of sparse-kernel plans keyed by index tensors: two naive caches,
# then tscope_cache.
SECTIONS+=(tensor_cache)
section_tensor_cache() {
  heading "tensor-cache: a memo keyed by tensors that neither pins nor confuses them"
  need tensor-cache || return 0
  local ok=0
  say "PyTorch memoizes block-sparse kernel plans in an lru_cache keyed by" \
      "TensorAsKey(crow_indices), TensorAsKey(col_indices), shape and block size;" \
      "the cached plan held crow_indices, so released matrices stayed alive." \
      "examples/tensor-cache/ is that kernel in C: 4 weight matrices used every" \
      "step, plus one new matrix per step, used twice, then released."
  say ""
  say "BEFORE (1): keys are pointers and the cache holds the tensors. Plans are" \
      "right, but released matrices wait in the cache until LRU pressure:"
  run env TSCOPE_OPTIONS= "$BIN/tensor-cache" naive-strong 200
  say ""
  say "BEFORE (2): keys are pointers and nothing is held. Memory returns, but a" \
      "new matrix at a freed matrix's address gets the freed one's plan:"
  run env TSCOPE_OPTIONS= "$BIN/tensor-cache" naive-pointer 200
  say ""
  say "AFTER: tscope_cache keys by tensor identity (address + generation); the" \
      "plan declares its reference to crow_indices (tscope_cache_put_holding)," \
      "so each step's entry dies when its matrix is released, the weights still hit:"
  run env TSCOPE_OPTIONS=exitcode=3 "$BIN/tensor-cache" weak 200 || ok=1
  return $ok
}

# --- training-loop (DJL NDScope) -------------------------------------------
# GSL training loop whose steps leak intermediates; the plugin tracks them,
# TSCOPE_AUTO_LOOPS scopes each iteration.  Built by its own script with the
# plugin of the build tree (examples/training-loop/build.sh).
SECTIONS+=(training_loop)
section_training_loop() {
  heading "training-loop: intermediates of every training step (DJL NDScope)"
  local out=$1/examples/training-loop ok=0
  if [ ! -e "$1/lib/tensorscope.so" ] || [ ! -e /usr/include/gsl/gsl_matrix.h ]; then
    say "(skipped: needs the plugin ($1/lib/tensorscope.so) and libgsl-dev)"
    return 0
  fi
  bash examples/training-loop/build.sh "$1" "$out" >/dev/null || return 1
  say "examples/training-loop/train.c fits a linear model with GSL.  Each step" \
      "allocates the prediction, the gradient and grad * lr (gsl_matrix_alloc +" \
      "memcpy + scale) and frees none of them, like the NDArrays of the DJL loop."
  say ""
  say "At compile time the lint (tscope-cc -fsyntax-only) already names the" \
      "three intermediates step() never releases:"
  run "$1/bin/tscope-cc" --tscope-api=gsl -fsyntax-only examples/training-loop/train.c
  say ""
  say "BEFORE, without the plugin: the heap grows with the steps:"
  run env TSCOPE_OPTIONS=report=0 "$out/train-plain" run 100000
  say ""
  say "Compiled with the plugin and apis/gsl.yaml (no source change), every" \
      "tensor is tracked: 3 more live per step, and the report at exit names" \
      "the lines of step() that created them:"
  run env TSCOPE_OPTIONS= "$out/train-tracked" run 20000
  say ""
  say "AFTER: TSCOPE_AUTO_LOOPS on train(): each loop iteration is a scope." \
      "Live tensors stay at 6 (X, y, W and the current step's three), the heap" \
      "is flat, nothing leaks, and the weights are the same to the last bit:"
  run env TSCOPE_OPTIONS=exitcode=9 "$out/train-auto" run 100000 || ok=1
  local plain auto
  plain=$(env TSCOPE_OPTIONS=report=0 "$out/train-plain" run 100000 | grep '^weights:')
  auto=$(env TSCOPE_OPTIONS=report=0 "$out/train-auto" run 100000 | grep '^weights:')
  if [ "$plain" = "$auto" ]; then say "(weights identical: $auto)"; else say "WEIGHTS DIFFER"; ok=1; fi
  say ""
  say "A tensor released by a scope and used again: log.c keeps each step's" \
      "gradient without saying it takes ownership, then frees the last one." \
      "The runtime reports where it was created and which scope released it," \
      "and skips the second free:"
  run env TSCOPE_OPTIONS= "$out/train-auto" stash 3
  return $ok
}

failed=0
for s in "${SECTIONS[@]}"; do
  if ! "section_$s" "$BUILD"; then
    echo "run-demo: section $s did not go as expected" >&2
    failed=1
  fi
done
echo
[ "$failed" = 0 ] && echo "Demo finished." || echo "Demo finished with problems (see above)."
exit "$failed"

