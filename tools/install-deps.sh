#!/usr/bin/env bash
# install-deps.sh SET... -- make sure the Debian packages a make target needs
# are installed.  As root, installs the missing ones (apt-get update first);
# otherwise prints the exact apt-get line and fails.
#
# Sets: build (runtime + plugin for LLVM 19), llvm22 (the second plugin
# build), check (everything the tests need), bench (also the check-gsl,
# check-gsl-examples and check-lua targets: dpkg-dev for apt-get source),
# report (headless browser).
set -euo pipefail

pkgs_build="cmake make gcc g++ python3 clang-19 llvm-19-dev libclang-19-dev llvm-19-tools libclang-rt-19-dev libgsl-dev libre2-dev"
pkgs_llvm22="clang-22 llvm-22-dev libclang-22-dev llvm-22-tools libclang-rt-22-dev"
pkgs_check="$pkgs_build $pkgs_llvm22 libglib2.0-dev binutils chromium distcc ccache sccache ninja-build libdlpack-dev python3-dev python3-numpy pkg-config"
pkgs_bench="$pkgs_check valgrind libglib2.0-dev dpkg-dev"
pkgs_report="chromium"

want=""
for set in "$@"; do
  case "$set" in
    build) want="$want $pkgs_build" ;;
    llvm22) want="$want $pkgs_llvm22" ;;
    check) want="$want $pkgs_check" ;;
    bench) want="$want $pkgs_bench" ;;
    report) want="$want $pkgs_report" ;;
    *) echo "install-deps.sh: unknown package set '$set' (build, llvm22, check, bench, report)" >&2; exit 2 ;;
  esac
done

missing=""
for p in $(printf '%s\n' $want | sort -u); do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing="$missing $p"
  fi
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "TensorScope needs these Debian packages; run as root:" >&2
  echo "  apt-get update && apt-get install -y$missing" >&2
  exit 1
fi
echo "install-deps: installing$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends$missing >/dev/null
