#!/usr/bin/env bash
# bench/lint-quality/run.sh BUILD_DIR [--markdown FILE] -- the lint corpus
# (test/lint) through TensorScope, clang --analyze and gcc -fanalyzer: found /
# false alarms / seconds side by side (see compare.py for how each is
# counted and checked), as a Markdown section for docs/performance.md
# (bench/run-all.sh).  Exits non-zero when a self-check fails.
set -euo pipefail
build=${1:?usage: bench/lint-quality/run.sh BUILD_DIR [--markdown FILE]}; shift
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "$build" && pwd)
ver=$(sed -n 's/^TSCOPE_LLVM_VERSION:[A-Z]*=//p' "$build/CMakeCache.txt" 2>/dev/null || true)
bindir=$(llvm-config-"${ver:-19}" --bindir)
exec python3 "$here/compare.py" --build "$build" --clang-bindir "$bindir" -v "$@"
