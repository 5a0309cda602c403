#!/usr/bin/env bash
# take-screenshot.sh PAGE.html OUT.png [WIDTHxHEIGHT] -- a picture of a
# tscope-report page as headless Chromium draws it (Debian `chromium`), for
# the docs.  training-loop-report.png is remade by training-loop-report.sh.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 PAGE.html OUT.png [WIDTHxHEIGHT]" >&2; exit 2; }
[ -f "$1" ] || { echo "$0: $1: no such file" >&2; exit 1; }
size=${3:-1024x1000}
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
  --disable-component-update --disable-sync --no-first-run --user-data-dir="$profile" \
  --hide-scrollbars --window-size="${size/x/,}" --screenshot="$(realpath -m "$2")" \
  "file://$(realpath "$1")" 2>"$profile/chromium.log" || { tail -20 "$profile/chromium.log" >&2; exit 1; }
echo "wrote $2"
