#!/usr/bin/env bash
# build.sh BUILD_DIR [OUT_DIR] -- builds the training-loop example three ways
# with the plugin of BUILD_DIR (BUILD_DIR/lib/tensorscope.so) and the GSL API
# description (apis/gsl.yaml):
#   train-plain    no plugin (the runtime linked only for tscope_live_count)
#   train-tracked  plugin, instrumentation only: every tensor tracked
#   train-auto     plugin, and train() is TSCOPE_AUTO_LOOPS (-DAUTO_LOOPS)
# CC picks the compiler (default: the clang matching the plugin build).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
BUILD=$(cd "${1:?usage: build.sh BUILD_DIR [OUT_DIR]}" && pwd)
OUT=${2:-$BUILD/examples/training-loop}
PLUGIN=$BUILD/lib/tensorscope.so
RT=$BUILD/lib/libtensorscope.a
for f in "$PLUGIN" "$RT" "$BUILD/include/tensorscope.h"; do
  [ -e "$f" ] || { echo "build.sh: $f is missing (build the project first)" >&2; exit 1; }
done
[ -e /usr/include/gsl/gsl_matrix.h ] || { echo "build.sh: GSL headers missing (apt-get install libgsl-dev)" >&2; exit 1; }
if [ -z "${CC:-}" ]; then
  ver=$(sed -n 's/^TSCOPE_LLVM_VERSION:STRING=//p' "$BUILD/CMakeCache.txt" 2>/dev/null || true)
  CC=clang-${ver:-19}
fi
mkdir -p "$OUT"
CFLAGS="-O2 -g -I$BUILD/include"
LIBS="$RT -lgsl -lgslcblas -lm -lpthread"
TS="-fplugin=$PLUGIN -fplugin-arg-tensorscope-api=$ROOT/apis/gsl.yaml -fplugin-arg-tensorscope-lint=0"

$CC $CFLAGS -o "$OUT/train-plain" "$HERE/train.c" "$HERE/log.c" $LIBS
$CC $CFLAGS $TS -o "$OUT/train-tracked" "$HERE/train.c" "$HERE/log.c" $LIBS
$CC $CFLAGS $TS -DAUTO_LOOPS -o "$OUT/train-auto" "$HERE/train.c" "$HERE/log.c" $LIBS
echo "built $OUT/train-plain, train-tracked, train-auto"
