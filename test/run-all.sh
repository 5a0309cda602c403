#!/usr/bin/env bash
# run-all.sh -- every test of the project, as `make check` runs it:
#   build/        runtime + plugin (LLVM 19) + tools: ctest, then lit suites
#   build-llvm22/ the same for LLVM 22
#   build-asan/   runtime tests under AddressSanitizer + UBSan
#   build-tsan/   runtime tests under ThreadSanitizer
# Ends with one line CI reads: "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
JOBS=$(nproc 2>/dev/null || echo 2)
passed=0; failed=0; broken=""

configure_and_build() { # dir, cmake args...
  local dir=$1; shift
  echo "=== building $dir"
  if ! cmake -S . -B "$dir" "$@" >"$dir.configure.log" 2>&1; then
    cat "$dir.configure.log"; broken="$broken $dir(configure)"; return 1
  fi
  if ! cmake --build "$dir" -j"$JOBS" >"$dir.build.log" 2>&1; then
    tail -50 "$dir.build.log"; broken="$broken $dir(build)"; return 1
  fi
}

run_ctest() { # dir
  local dir=$1 out
  echo "=== ctest in $dir"
  out=$(cd "$dir" && ctest --output-on-failure -j"$JOBS" 2>&1); echo "$out"
  local total fails
  total=$(echo "$out" | sed -n 's/.*tests failed out of \([0-9]*\).*/\1/p' | tail -1)
  fails=$(echo "$out" | sed -n 's/.* \([0-9]*\) tests failed out of.*/\1/p' | tail -1)
  if [ -z "$total" ]; then
    if echo "$out" | grep -q "No tests were found"; then return 0; fi
    broken="$broken $dir(ctest)"; return 1
  fi
  passed=$((passed + total - fails)); failed=$((failed + fails))
}

run_lit() { # dir, llvm version
  local dir=$1 ver=$2 prefix out
  [ -f "$dir/test/lit.site.cfg.py" ] || return 0
  prefix=$(llvm-config-19 --prefix)
  echo "=== lit in $dir (LLVM $ver)"
  out=$(PATH="$(llvm-config-$ver --bindir):$PATH" python3 "$prefix/build/utils/lit/lit.py" -sv "$dir/test" 2>&1); echo "$out" | tail -40
  local p f u
  p=$(echo "$out" | sed -n 's/^ *Passed *: *\([0-9]*\).*/\1/p' | tail -1)
  f=$(echo "$out" | sed -n 's/^ *Failed *: *\([0-9]*\).*/\1/p' | tail -1)
  # A test lit cannot run (no RUN line, a missing input) fails too.
  u=$(echo "$out" | sed -n 's/^ *Unresolved *: *\([0-9]*\).*/\1/p' | tail -1)
  p=${p:-0}; f=$(( ${f:-0} + ${u:-0} ))
  if [ "$p" = 0 ] && [ "$f" = 0 ]; then broken="$broken $dir(lit)"; return 1; fi
  passed=$((passed + p)); failed=$((failed + f))
}

if configure_and_build build -DTSCOPE_LLVM_VERSION=19; then run_ctest build; run_lit build 19; fi
if configure_and_build build-llvm22 -DTSCOPE_LLVM_VERSION=22; then run_ctest build-llvm22; run_lit build-llvm22 22; fi
if configure_and_build build-asan -DTSCOPE_SANITIZE=address -DTSCOPE_BUILD_PLUGIN=OFF -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19; then run_ctest build-asan; fi
if configure_and_build build-tsan -DTSCOPE_SANITIZE=thread -DTSCOPE_BUILD_PLUGIN=OFF -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19; then run_ctest build-tsan; fi

if [ -n "$broken" ]; then
  echo "run-all: could not build or run:$broken"
  failed=$((failed + 1))
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
