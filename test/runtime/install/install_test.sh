#!/bin/sh
# install_test.sh BUILD_DIR SOURCE_DIR C_COMPILER: installs the runtime
# component into a scratch prefix, then builds consumer.c with
# find_package(TensorScope) (shared and static) and with pkg-config.
set -eu
build=$1 src=$2 cc=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" --component tensorscope_runtime >/dev/null
for f in include/tensorscope.h lib/libtensorscope.a lib/libtensorscope.so \
         lib/pkgconfig/tensorscope.pc lib/cmake/TensorScope/TensorScopeConfig.cmake; do
  [ -e "$work/prefix/$f" ] || { echo "install_test: missing $f"; exit 1; }
done
cmake -S "$src" -B "$work/consumer" -DCMAKE_C_COMPILER="$cc" \
      -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
cmake --build "$work/consumer" >/dev/null
LD_LIBRARY_PATH="$work/prefix/lib" "$work/consumer/consumer_shared" | grep -q "live 1"
"$work/consumer/consumer_static" | grep -q "live 0"
# pkg-config, against the shared library.
PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig" \
  sh -c "$cc \"$src/consumer.c\" -o \"$work/pc\" \$(pkg-config --cflags --libs tensorscope)"
LD_LIBRARY_PATH="$work/prefix/lib" "$work/pc" | grep -q "live 1"
echo "install_test: ok"
