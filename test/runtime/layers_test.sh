#!/bin/sh
# layers_test.sh NM LIBTENSORSCOPE.a RUNTIME_SOURCE_DIR -- runtime/ is split
# by concern and dependencies run one way (issue 15): core/ calls nothing
# in report/ or cache/ (but ts_init, the start-up in ../lifecycle.c, which
# links the exit hook), and report/ and cache/ use the core and never each
# other; within cache/, the files call each other one way as well (bottom
# up, see cache/cache.c).  Checked on the library itself: every runtime
# symbol an object needs must be defined in its own folder or one below.
set -u
NM=$1; LIB=$2; SRC=$3
tmp=${TMPDIR:-/tmp}/tscope-layers.$$
mkdir -p "$tmp"; trap 'rm -rf "$tmp"' EXIT
# Which folder each source file is in: "x.c.o folder".
for d in core report cache; do
  for f in "$SRC/$d"/*.c; do [ -f "$f" ] && echo "$(basename "$f").o $d"; done
done >"$tmp/folders"
for f in "$SRC"/*.c; do [ -f "$f" ] && echo "$(basename "$f").o top"; done >>"$tmp/folders"
# "member TYPE symbol" from GNU nm -A ("lib.a:m.o:ADDR T sym") and llvm-nm -A
# ("lib.a:m.o: ADDR T sym"), undefined ones without an address.
"$NM" -A "$LIB" 2>/dev/null |
  sed -nE 's/^[^:]*:([^:]+):[[:space:]]*([0-9a-fA-F]+[[:space:]]+)?([A-Za-z])[[:space:]]+([^[:space:]]+)$/\1 \3 \4/p' \
  >"$tmp/syms"
awk '
  FNR == NR { folder[$1] = $2; next }
  $3 !~ /^(ts_|tscope_|cache_)/ { next }
  $2 == "U" { use[++n] = $1 " " $3; next }
  { def[$3] = $1 }
  function rank(m) {   # the cache files, bottom up
    if (m == "cache_key.c.o") return 1; if (m == "cache_table.c.o") return 2
    if (m == "cache_fast.c.o") return 3; if (m == "cache_memory.c.o") return 4
    if (m == "cache_entry.c.o" || m == "cache_holders.c.o") return 5
    if (m == "cache.c.o") return 6; return 9 }
  END {
    bad = 0; checked = 0
    for (i = 1; i <= n; i++) {
      split(use[i], u, " "); m = u[1]; s = u[2]
      if (!(s in def)) continue          # libc, or a symbol of the tests
      to = def[s]; f = folder[m]; t = folder[to]; checked++
      if (f == "" || t == "") { print "FAIL: " m " or " to ": not a file of " src; bad = 1; continue }
      if (f == "top" || f == t && f != "cache") continue
      if (f == "cache" && t == "cache") {
        if (m != to && rank(to) >= rank(m)) {
          print "FAIL: " m " uses " s " of " to ": the cache files must call downwards only"; bad = 1 }
        continue }
      if ((f == "report" || f == "cache") && t == "core") continue
      if (f == "core" && t == "top" && s == "ts_init") continue
      print "FAIL: " m " (" f "/) uses " s ", defined in " to " (" t "/)"; bad = 1
    }
    if (checked <= 20) { print "FAIL: only " checked " uses between the runtime objects found"; exit 1 }
    if (!bad) print "ok: " checked " uses between the runtime objects, all one way"
    exit bad
  }' src="$SRC" "$tmp/folders" "$tmp/syms"
