#!/usr/bin/env bash
# ccache-check.sh WORKDIR BINDIR CLANG -- every compile through ccache must
# equal the same compile without it (object bytes, warnings, exit status),
# while the API file, TSCOPE_API and plugin arguments change between
# compiles; in each of ccache's modes (direct, preprocessor only, depend).
# Prints one line per compile: NAME MODE: same|DIFFERENT hit|miss|uncached.
set -u
work=$1 bindir=$2 clang=$(command -v "$3")
here=$(cd "$(dirname "$0")" && pwd)
. "$here/compare-outputs.sh"
plugin=$bindir/../lib/tensorscope.so
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
cp "$here/tensors.c" t.c
export CCACHE_DIR=$work/cache CCACHE_CONFIGPATH=$work/ccache.conf CCACHE_TEMPDIR=$work/tmp
# The edits below come within a second of the compiles; ccache would then
# turn its direct mode off for safety (and the direct mode go untested).
# Contents are still hashed, so this sloppiness hides nothing from the test.
echo "sloppiness = include_file_mtime,include_file_ctime" >"$CCACHE_CONFIGPATH"
unset CCACHE_EXTRAFILES CCACHE_DEPEND CCACHE_NODIRECT CCACHE_DISABLE CCACHE_PREFIX TSCOPE_API TSCOPE_LAUNCHER

n=0
# check NAME MODE CMD... : runs CMD (the cached form) and the same compile
# uncached (CCACHE_DISABLE=1), compares the two.
check() {
  local name=$1 mode=$2; shift 2
  n=$((n + 1))
  local before after
  before=$(ccache --print-stats | awk '/^(direct|preprocessed)_cache_hit/ {s += $2} END {print s}')
  "$@" -c t.c -o cached.o 2>cached.err; local rc1=$?
  after=$(ccache --print-stats | awk '/^(direct|preprocessed)_cache_hit/ {s += $2} END {print s}')
  CCACHE_DISABLE=1 "$@" -c t.c -o plain.o 2>plain.err; local rc2=$?
  local verdict
  verdict=$(verdict "$rc1" "$rc2")
  local hit=miss
  [ "$after" -gt "$before" ] && hit=hit
  local leaks
  leaks=$(grep -c 'Wtscope-leak' plain.err)
  echo "$name $mode: $verdict $hit leak-warnings=$leaks"
  cp cached.err last.err
  rm -f cached.o plain.o cached.err plain.err
}

for mode in direct preprocessor depend; do
  case $mode in
    direct) unset CCACHE_NODIRECT CCACHE_DEPEND; md=() ;;
    preprocessor) export CCACHE_NODIRECT=1; unset CCACHE_DEPEND; md=() ;;
    depend) unset CCACHE_NODIRECT; export CCACHE_DEPEND=1; md=(-MD -MF t.d) ;;
  esac
  ccache -C >/dev/null
  cp "$here/tensors.yaml" my.yaml
  L=(env TSCOPE_LAUNCHER=ccache "$bindir/tscope-cc")
  # 1. the API file: compile, again (a hit), without its 'releases' entry.
  check api-file "$mode" "${L[@]}" --tscope-api=my.yaml "${md[@]}"
  check api-file-again "$mode" "${L[@]}" --tscope-api=my.yaml "${md[@]}"
  sed -i '/name: tl_free/,$d' my.yaml
  check api-file-edited "$mode" "${L[@]}" --tscope-api=my.yaml "${md[@]}"
  cp "$here/tensors.yaml" my.yaml
  # 2. TSCOPE_API set after a compile without it, then changed.
  check no-api "$mode" "${L[@]}" "${md[@]}"
  check tscope-api-env "$mode" env TSCOPE_API=my.yaml "${L[@]}" "${md[@]}"
  sed -i '/name: tl_free/,$d' my.yaml; cp my.yaml other.yaml; cp "$here/tensors.yaml" my.yaml
  check tscope-api-env-other "$mode" env TSCOPE_API=other.yaml "${L[@]}" "${md[@]}"
  # 3. a plugin argument.
  check lint-off "$mode" "${L[@]}" --tscope-api=other.yaml -fplugin-arg-tensorscope-lint=0 "${md[@]}"
  check instrument-off "$mode" "${L[@]}" --tscope-api=other.yaml -fplugin-arg-tensorscope-instrument=0 "${md[@]}"
  # 4. clang -fplugin= directly: ccache sees the plugin and its arguments;
  #    the API file's contents through CCACHE_EXTRAFILES or the depend mode.
  cp "$here/tensors.yaml" my.yaml
  C=(env CCACHE_EXTRAFILES=my.yaml ccache "$clang" "-fplugin=$plugin" -fplugin-arg-tensorscope-api=my.yaml)
  check clang-plugin "$mode" "${C[@]}" "${md[@]}"
  sed -i '/name: tl_free/,$d' my.yaml
  check clang-plugin-edited "$mode" "${C[@]}" "${md[@]}"
  # 5. the outer form: ccache cannot see what tscope-cc adds; tscope-cc
  #    refuses to run under it.  ccache then compiles without the cache
  #    (it runs tscope-cc itself after its preprocessing step failed), or,
  #    in the depend mode, the compile fails saying why.  Never a stale hit.
  cp "$here/tensors.yaml" my.yaml; ccache -C >/dev/null
  for i in 1 2; do
    ccache "$bindir/tscope-cc" --tscope-api=my.yaml "${md[@]}" -c t.c -o outer.o 2>outer.err
    echo "outer-$i $mode: exit $? stored=$(ccache --print-stats | awk '$1 == "files_in_cache" {print ($2 > 0) ? "yes" : "no"}')"
    sed -n 's/^/outer-message: /p' outer.err | head -1
    rm -f outer.o outer.err
  done
  ccache -C >/dev/null
done
echo "compiles: $n"
