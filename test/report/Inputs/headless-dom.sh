#!/usr/bin/env bash
# headless-dom.sh PAGE.html -- prints the page's DOM after its scripts ran,
# as headless Chromium sees it (the report page marks <html> with
# data-tscope-rendered="ok", or "error" plus a #tscope-errors element).
# Chromium's own chatter (dbus, GPU) goes to a log, not to the checks.
set -euo pipefail
page=$(realpath "$1")
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
  --disable-component-update --disable-sync --no-first-run --user-data-dir="$profile" \
  --enable-logging=stderr --v=0 --dump-dom "file://$page" 2>"$profile/chromium.log" || {
  echo "headless-dom.sh: chromium failed on $page:" >&2
  tail -20 "$profile/chromium.log" >&2
  exit 1
}
