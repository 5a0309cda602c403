#!/usr/bin/env bash
# same-run.sh CC PLUGIN RTLIB OUTDIR SRC [FLAGS...]
#
# The first rule of TensorScope, as a test: a correct program built with the
# plugin does exactly what it does without it.  Builds SRC six ways
#   plain      CC -O0                        (the reference)
#   plain-asan CC -O1 -fsanitize=address
#   ts-O0      CC PLUGIN -O0                 (lint on: inferred roles exist)
#   ts-O2      CC PLUGIN -O2
#   ts-nolint  CC PLUGIN -O1 lint=0          (no inferred roles at all)
#   ts-asan    CC PLUGIN -O1 -fsanitize=address
# (every build links RTLIB: TSCOPE_SCOPE needs it even without the plugin),
# runs each with TSCOPE_OPTIONS=exitcode=86 (a leak report would change the
# status), and fails when a build's stdout or exit status differs from the
# plain one's, when any run prints a TensorScope line or a sanitizer error,
# or when the verbose run of ts-O0 shows that nothing was tracked (the test
# would prove nothing) or shows a lost tensor or a double release.
# TS_ASAN_OPTIONS: ASAN_OPTIONS of the ASan runs (default detect_leaks=1;
# an embedded Python interpreter keeps memory until exit by design);
# TS_PLUGIN_ARGS: plugin-only flags; TS_PROGRAM_ARGS: the program's
# arguments; TS_EXPECT_TRACKED=0: the program tracks nothing (skip that check).
set -u
cc=$1 plugin=$2 rtlib=$3 out=$4 src=$5; shift 5
flags=("$@")
read -r -a plugin_args <<<"${TS_PLUGIN_ARGS:-}"
read -r -a program_args <<<"${TS_PROGRAM_ARGS:-}"
rm -rf "$out"; mkdir -p "$out"
status=0
fail() { echo "same-run: $(basename "$src"): $*"; status=1; }

build() { # name, flags...
  local name=$1; shift
  # shellcheck disable=SC2086
  if ! $cc -g "$@" -o "$out/$name" "$src" "${flags[@]}" $rtlib >"$out/$name.build" 2>&1; then
    fail "build $name failed:"; sed 's/^/    /' "$out/$name.build"; return 1
  fi
}
asan=(-fsanitize=address -fno-omit-frame-pointer)
build plain -O0 &&
build plain-asan -O1 "${asan[@]}" &&
build ts-O0 $plugin "${plugin_args[@]}" -O0 &&
build ts-O2 $plugin "${plugin_args[@]}" -O2 &&
build ts-nolint $plugin "${plugin_args[@]}" -fplugin-arg-tensorscope-lint=0 -O1 &&
build ts-asan $plugin "${plugin_args[@]}" -O1 "${asan[@]}" || exit 1

run() { # name, TSCOPE_OPTIONS
  TSCOPE_OPTIONS=$2 ASAN_OPTIONS=${TS_ASAN_OPTIONS:-detect_leaks=1}:exitcode=87 \
    "$out/$1" "${program_args[@]}" >"$out/$1.out" 2>"$out/$1.err"
  echo $? >"$out/$1.rc"
}
for b in plain plain-asan ts-O0 ts-O2 ts-nolint ts-asan; do
  run "$b" exitcode=86
  if [ "$b" != plain ]; then
    cmp -s "$out/plain.out" "$out/$b.out" || { fail "$b: stdout differs from the plain build's:"; diff "$out/plain.out" "$out/$b.out" | head -20; }
    cmp -s "$out/plain.rc" "$out/$b.rc" || fail "$b: exit status $(cat "$out/$b.rc"), plain $(cat "$out/plain.rc")"
  fi
  if grep -q -e TensorScope -e 'ERROR: AddressSanitizer' -e 'ERROR: LeakSanitizer' "$out/$b.err"; then
    fail "$b: reports on stderr:"; head -20 "$out/$b.err" | sed 's/^/    /'
  fi
  echo "same-run: $b: exit $(cat "$out/$b.rc"), $(wc -l <"$out/$b.out") lines of output"
done

# The verbose run: proof that the instrumentation was there, and that the
# runtime never believed a release missed (lost) or repeated.
run ts-O0 verbose=1:exitcode=86
tracked=$(grep -c '^TensorScope: track ' "$out/ts-O0.err")
echo "same-run: ts-O0 verbose: $tracked tensors tracked"
if [ "${TS_EXPECT_TRACKED:-1}" != 0 ] && [ "$tracked" = 0 ]; then
  fail "ts-O0: nothing was tracked: the test proves nothing"
fi
if grep -q -e 'was lost' -e 'double release' -e 'still open' -e 'not open' "$out/ts-O0.err"; then
  fail "ts-O0 verbose: the runtime's view went wrong:"
  grep -e 'was lost' -e 'double release' -e 'still open' -e 'not open' "$out/ts-O0.err" | head | sed 's/^/    /'
fi
[ $status = 0 ] && echo "same-run: $(basename "$src"): all builds behave the same"
exit $status
