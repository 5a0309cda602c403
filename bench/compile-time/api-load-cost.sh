#!/usr/bin/env bash
# bench/compile-time/api-load-cost.sh BUILD_DIR [examples|library] -- what
# loading every shipped API description (apis/*.yaml) costs in
# -fsyntax-only on GSL's own code: its doc/examples (default) or its
# library sources (GSL's Debian source, fetched by fetch-gsl.sh).  Prints a
# Markdown table with the CPU model (api-load-cost.py).
# Knobs: TUS (200), REPEAT (3).
set -euo pipefail
build=$(cd "${1:?usage: api-load-cost.sh BUILD_DIR [examples|library]}" && pwd)
which=${2:-examples}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
ver=$(sed -n 's/^TSCOPE_LLVM_VERSION:[A-Z]*=//p' "$build/CMakeCache.txt" 2>/dev/null || true)
work=$build/bench-compile-time
mkdir -p "$work"
src=$("$here/fetch-gsl.sh" "$work")
python3 "$here/gsl-compile-db.py" "$src" "$work/db" >&2
case $which in
  examples) db=$work/db/examples ;;
  library)  db=$work/db ;;
  *) echo "api-load-cost: examples or library, not '$which'" >&2; exit 2 ;;
esac
python3 "$here/api-load-cost.py" --db "$db" --clang-bindir "$(llvm-config-"${ver:-19}" --bindir)" \
  --plugin "$build/lib/tensorscope.so" --apis "$root/apis" \
  --tus "${TUS:-200}" --repeat "${REPEAT:-3}" --json "$work/api-load-cost-$which.json"
