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
