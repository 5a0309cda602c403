#!/usr/bin/env bash
# sccache-check.sh WORKDIR BINDIR CLANG -- every compile through sccache
# (TSCOPE_LAUNCHER=sccache) must equal the same compile without it (object
# bytes, warnings, exit status) while the API file, TSCOPE_API, the plugin
# arguments and the plugin library itself change between compiles.  A
# server of its own: its own SCCACHE_DIR and a free port, stopped at the end.
# Prints one line per compile: NAME: same|DIFFERENT hit|miss leak-warnings=N.
set -u
work=$1 bindir=$2 clang=$(command -v "$3")
here=$(cd "$(dirname "$0")" && pwd)
. "$here/compare-outputs.sh"
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
cp "$here/tensors.c" t.c
# A copy of the build, so the plugin can be changed under the wrapper.
mkdir -p inst/bin inst/lib inst/include inst/share
cp "$bindir/tscope-cc" inst/bin/ && cp "$bindir/../lib/tensorscope.so" inst/lib/ &&
  cp "$bindir/../include/tensorscope.h" inst/include/ &&
  cp -r "$bindir/../share/tensorscope" inst/share/ || exit 1
unset SCCACHE_EXTRAFILES SCCACHE_C_CUSTOM_CACHE_BUSTER SCCACHE_CONF TSCOPE_API TSCOPE_LAUNCHER
export SCCACHE_DIR=$work/cache SCCACHE_IDLE_TIMEOUT=300 SCCACHE_CONF=$work/none.conf
SCCACHE_SERVER_PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
export SCCACHE_SERVER_PORT
trap 'sccache --stop-server >/dev/null 2>&1' EXIT
sccache --start-server >/dev/null 2>&1 || { echo "sccache server did not start"; exit 1; }

hits() { sccache --show-stats | awk '/^Cache hits  / {print $3}'; }
n=0
# check NAME CMD... : runs CMD through sccache (TSCOPE_LAUNCHER=sccache) and
# the same compile without it; compares the two.
check() {
  local name=$1; shift
  n=$((n + 1))
  local before after
  before=$(hits)
  env TSCOPE_LAUNCHER=sccache "$@" -c t.c -o cached.o 2>cached.err; local rc1=$?
  after=$(hits)
  "$@" -c t.c -o plain.o 2>plain.err; local rc2=$?
  local verdict
  verdict=$(verdict "$rc1" "$rc2")
  echo "$name: ${verdict:-same} $([ "$after" -gt "$before" ] && echo hit || echo miss) leak-warnings=$(grep -c 'Wtscope-leak' plain.err)"
  rm -f cached.o plain.o cached.err plain.err
}

W=inst/bin/tscope-cc
cp "$here/tensors.yaml" my.yaml
# 1. the API file: compile, again (a hit), without its 'releases' entry,
#    restored (a hit again: the first result is the right one).
check api-file "$W" --tscope-api=my.yaml
check api-file-again "$W" --tscope-api=my.yaml
sed -i '/name: tl_free/,$d' my.yaml
check api-file-edited "$W" --tscope-api=my.yaml
cp "$here/tensors.yaml" my.yaml
check api-file-restored "$W" --tscope-api=my.yaml
# 2. TSCOPE_API set after a compile without it, then changed.
check no-api "$W"
check tscope-api-env env TSCOPE_API=my.yaml "$W"
sed -i '/name: tl_free/,$d' my.yaml; cp my.yaml other.yaml; cp "$here/tensors.yaml" my.yaml
check tscope-api-env-other env TSCOPE_API=other.yaml "$W"
# 3. plugin arguments.
check lint-off "$W" --tscope-api=other.yaml -fplugin-arg-tensorscope-lint=0
check instrument-off "$W" --tscope-api=other.yaml -fplugin-arg-tensorscope-instrument=0
# 4. a different plugin library at the same path (an upgrade): sccache does
#    not hash -fplugin= libraries itself; the wrapper names it in
#    SCCACHE_EXTRAFILES.  Trailing bytes change the file, not what it does.
check plugin-before "$W" --tscope-api=my.yaml
echo "tscope-sccache-check" >>inst/lib/tensorscope.so
check plugin-changed "$W" --tscope-api=my.yaml
# 5. sccache run around tscope-cc would hash only tscope-cc: refused.
sccache "$W" --tscope-api=my.yaml -c t.c -o outer.o >outer.out 2>&1
echo "outer: exit $? object=$([ -f outer.o ] && echo yes || echo no)"
grep -o 'tscope-cc: error: run by sccache.*' outer.out | head -1 | sed 's/^/outer-message: /'
echo "compiles: $n"
