#!/usr/bin/env bash
# fetch-gsl.sh WORKDIR -- puts GSL's own source (the Debian source package of
# the installed libgsl-dev) into WORKDIR/gsl-src, configured, and prints its
# path.  Idempotent: a second run reuses what the first one left.
#
# `apt-get source` needs deb-src entries.  Debian 12 ships only "Types: deb"
# in /etc/apt/sources.list.d/debian.sources, so (as root) we add a sibling
# file with the same archives as "Types: deb-src" -- the original file stays
# untouched so we never change what the machine installs from.
set -euo pipefail
work=${1:?usage: fetch-gsl.sh WORKDIR}
mkdir -p "$work"; work=$(cd "$work" && pwd)
src=$work/gsl-src

if [ -f "$src/config.h" ] && [ -f "$src/.tscope-configured" ]; then
  echo "$src"; exit 0
fi

have_deb_src() { apt-get source --print-uris gsl >/dev/null 2>&1; }

if ! have_deb_src; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "fetch-gsl: 'apt-get source gsl' needs deb-src entries; run once as root to add them" >&2
    exit 1
  fi
  main=/etc/apt/sources.list.d/debian.sources
  added=/etc/apt/sources.list.d/tscope-debian-src.sources
  if [ ! -f "$added" ]; then
    [ -f "$main" ] || { echo "fetch-gsl: $main not found; add a deb-src line for Debian by hand" >&2; exit 1; }
    sed 's/^Types:.*/Types: deb-src/' "$main" >"$added"
    echo "fetch-gsl: added $added" >&2
  fi
  apt-get update -qq >&2
fi

dl=$work/download
mkdir -p "$dl"
if ! ls "$dl"/gsl_*.dsc >/dev/null 2>&1; then
  (cd "$dl" && apt-get source --download-only gsl >&2)
fi
rm -rf "$src"
dsc=$(ls "$dl"/gsl_*.dsc | head -1)
# dpkg-source also applies Debian's patches: the code that libgsl-dev was built from.
dpkg-source --no-check -x "$dsc" "$src" >&2
# ./configure gives config.h and gsl/*.h links; nothing needs to be built.
(cd "$src" && ./configure --quiet >"$work/configure.log" 2>&1) ||
  { echo "fetch-gsl: ./configure failed; see $work/configure.log" >&2; exit 1; }
# The public headers live in their module folders; make links gsl/ (which
# GSL's own makefiles do at `make` time).
(cd "$src/gsl" && make -s >/dev/null 2>&1) ||
  { echo "fetch-gsl: could not create the gsl/ header links" >&2; exit 1; }
touch "$src/.tscope-configured"
echo "$src"
