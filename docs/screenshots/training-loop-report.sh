#!/usr/bin/env bash
# training-loop-report.sh [BUILD_DIR] -- remakes training-loop-report.png:
# the tscope-report page of examples/training-loop's tracked build (every
# step leaks three intermediates), run 20000 steps with the timeline and
# 8-frame creation stacks.  Needs a build with the plugin and chromium.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bash "$root/examples/training-loop/build.sh" "$build" "$work" >/dev/null
TSCOPE_OPTIONS=json=$work/leaks.json:timeline=$work/live.jsonl:timeline_interval_ms=5:backtrace=8:report=0 \
  "$work/train-tracked" run 20000 >/dev/null
"$build/bin/tscope-report" "$work/leaks.json" --timeline "$work/live.jsonl" \
  --title "TensorScope report: examples/training-loop (train-tracked run 20000)" -o "$work/report.html"
"$here/take-screenshot.sh" "$work/report.html" "$here/training-loop-report.png" 1024x1000
