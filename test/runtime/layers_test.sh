#!/bin/sh
# layers_test.sh NM LIBTENSORSCOPE.a RUNTIME_SOURCE_DIR -- runtime/ is split
# by concern and dependencies run one way (issue 15): core/ calls nothing
# in report/ or cache/ (but ts_init, the start-up in ../lifecycle.c, which
# links the exit hook), and report/ and cache/ use the core and never each
# other; within cache/, the files call each other one way as well.  Checked
# on the library itself: every runtime symbol an object
# of a folder needs must be defined in that folder or one it may use.
set -u
NM=$1; LIB=$2; SRC=$3
tmp=${TMPDIR:-/tmp}/tscope-layers.$$
mkdir -p "$tmp"; trap 'rm -rf "$tmp"' EXIT
folder_of() { # object member name (x.c.o) -> folder of x.c in the source tree
  base=${1%.o}
  for d in core report cache; do
    [ -f "$SRC/$d/$base" ] && { echo "$d"; return; }
  done
  [ -f "$SRC/$base" ] && { echo top; return; }
  echo unknown
}
cache_rank() { # the cache's files, from the bottom (see cache/cache.c)
  case ${1%.c.o} in
    cache_key) echo 1 ;; cache_table) echo 2 ;; cache_fast) echo 3 ;;
    cache_memory) echo 4 ;; cache_entry|cache_holders) echo 5 ;; cache) echo 6 ;;
    *) echo 9 ;;
  esac
}
"$NM" -A "$LIB" 2>/dev/null | sed 's/^[^:]*://' >"$tmp/nm" || { echo "FAIL: $NM $LIB"; exit 1; }
# member: defined (T D B R ...) and undefined (U) symbols, runtime names only
# (lines: "member.o:ADDRESS T sym" or "member.o:  U sym")
awk '{ split($1, a, ":"); m = a[1];
       if ($(NF-1) == "U") print m, "use", $NF;
       else if (NF == 3) print m, "def", $3 }' "$tmp/nm" |
  grep -E ' (ts_|tscope_|cache_)' >"$tmp/syms"
[ -s "$tmp/syms" ] || { echo "FAIL: no runtime symbols in $LIB"; exit 1; }
: >"$tmp/defs"
while read -r m kind sym; do
  [ "$kind" = def ] && echo "$sym $(folder_of "$m") $m" >>"$tmp/defs"
done <"$tmp/syms"
status=0; checked=0
while read -r m kind sym; do
  [ "$kind" = use ] || continue
  from=$(folder_of "$m")
  to=$(awk -v s="$sym" '$1 == s { print $2; exit }' "$tmp/defs")
  [ -n "$to" ] || continue          # a libc or test symbol
  checked=$((checked + 1))
  case "$from:$to" in
    cache:cache)
      # Within the cache, the files call each other one way too (bottom up).
      fm=$(cache_rank "$m"); tm=$(awk -v s="$sym" '$1 == s { print $3; exit }' "$tmp/defs")
      tr=$(cache_rank "$tm")
      [ "$fm" = "$tr" ] || [ "$tr" -lt "$fm" ] ||
        { echo "FAIL: $m uses $sym of $tm: the cache's files must call downwards only"; status=1; } ;;
    core:core|report:core|report:report|cache:core|top:*) ;;
    core:top) [ "$sym" = ts_init ] || { echo "FAIL: $m (core) calls $sym (top level)"; status=1; } ;;
    *) echo "FAIL: $m ($from) uses $sym, defined in $to/"; status=1 ;;
  esac
done <"$tmp/syms"
[ "$checked" -gt 20 ] || { echo "FAIL: only $checked cross-object uses found"; exit 1; }
[ $status = 0 ] && echo "ok: $checked uses between the runtime's objects, all one way"
exit $status
