#!/bin/sh
# no_atomics_test.sh OBJDUMP LIBRARY SYMBOL... -- the owner-thread fast paths
# take no atomic read-modify-write (issue 15): the disassembly of each SYMBOL
# in LIBRARY (a .so or .a) must hold no lock-prefixed instruction and no
# xchg (x86-64; xchg with memory is locked implicitly), nor an exclusive or
# atomic memory instruction (AArch64: ldxr/stxr/ldaxr/stlxr/cas/ldadd/swp...).
# Plain loads and stores (release stores, acquire loads are plain movs on
# x86-64) pass.  A symbol that is not found fails the test: it must never
# pass because there was nothing to look at.
set -u
OBJDUMP=$1; LIB=$2; shift 2
status=0
for sym in "$@"; do
  asm=$("$OBJDUMP" -d --no-show-raw-insn --disassemble="$sym" "$LIB" 2>&1) || {
    echo "FAIL: $OBJDUMP could not disassemble $LIB"; exit 1; }
  body=$(printf '%s\n' "$asm" | grep -E '^[[:space:]]+[0-9a-f]+:')
  if [ -z "$body" ]; then
    echo "FAIL: $sym: no instructions found in $LIB (renamed? then update the test)"
    status=1; continue
  fi
  # xchg %ax,%ax is a 2-byte nop (padding), not an exchange with memory.
  bad=$(printf '%s\n' "$body" | grep -vE 'xchg +%ax,%ax' |
    grep -E '[[:space:]](lock|xchg[bwlq]?)([[:space:]]|$)|[[:space:]](ld[a]?xr[bh]?|st[l]?xr[bh]?|ld[a]?xp|st[l]?xp|cas[a]?[l]?[bh]?|casp[a]?[l]?|ldadd[a-z]*|ldclr[a-z]*|ldeor[a-z]*|ldset[a-z]*|swp[a-z]*)[[:space:]]')
  n=$(printf '%s\n' "$body" | wc -l)
  if [ -n "$bad" ]; then
    echo "FAIL: $sym: atomic read-modify-write on the owner's fast path:"
    printf '%s\n' "$bad"
    status=1
  else
    echo "ok: $sym ($n instructions, none atomic)"
  fi
done
exit $status
