# compare-outputs.sh -- sourced by ccache-check.sh and sccache-check.sh.
# verdict RC_CACHED RC_PLAIN: compares a cached compile (cached.o,
# cached.err) with an uncached one (plain.o, plain.err) in the current
# folder and prints "same" or "DIFFERENT (what differs)".
verdict() {
  local v=""
  [ "$1" = "$2" ] || v="$v (exit $1 vs $2)"
  diff cached.err plain.err >/dev/null || v="$v (warnings: $(head -c 300 cached.err) vs $(head -c 300 plain.err))"
  if [ -f plain.o ] || [ -f cached.o ]; then
    cmp -s cached.o plain.o || v="$v (objects)"
  fi
  if [ -n "$v" ]; then echo "DIFFERENT$v"; else echo same; fi
}
