#!/usr/bin/env bash
# test/gsl-examples/run.sh [BUILD_DIR] -- the soundness sweep over GSL's own
# doc/examples (code nobody here wrote; docs/gsl-examples.md).
#
# Every example program (doc/examples/*.c of Debian's GSL source, fetched by
# bench/compile-time/fetch-gsl.sh; how each is run: cases.txt) is built
#   plain      clang -O1 -g                                (the reference)
#   ts         tscope-cc --tscope-api=gsl -O1 -g
#   ts-O0      the same at -O0       ts-O2   the same at -O2
#   auto       ts + -fplugin-arg-tensorscope-auto-scope=.  (every function scoped)
#   auto-O0    the same at -O0
#   asan       plain + -fsanitize=address
#   asan-ts    ts + -fsanitize=address
#   asan-auto  auto + -fsanitize=address
# and run with its arguments/stdin under a timeout; the ts and auto binaries
# run a second time with TSCOPE_OPTIONS=verbose=1 (ts+v, auto+v: the runtime's
# slow paths, and its lines about lost tensors and scopes left open, which it
# prints only then).  One more check, lint: the compile-time lint of the ts
# build may warn only about leaks valgrind finds (by the creation line of its
# note), and nothing else.  Each run but plain is one check, which fails on: stdout (exact, addresses masked where cases.txt
# says so) or exit status different from plain's; a TensorScope line other
# than a leak report ("double release", "was lost", "still open", warnings,
# ...); an AddressSanitizer report; a leak report for a program valgrind calls
# clean, or naming a line valgrind does not name, or more tensors than
# valgrind's blocks there; a described-API leak valgrind finds that the ts
# builds do not report.  The oracle is valgrind --leak-check=full on plain:
# a "tensor leak" is a block allocated under a call, at a line of the example,
# of a function the plugin's role table (dump-roles) says creates.  auto
# builds may report only a subset of the ts report (what scopes cannot fix;
# listed, not failures).  Programs known not to leak run with
# TSCOPE_OPTIONS=exitcode=86.  asan is a check of the example itself.  The
# ASan builds run with LeakSanitizer on (LSAN_OPTIONS=exitcode=0, so the exit
# status stays the program's): asan-ts and asan-auto must not leak more than
# asan (a skipped free, or the runtime's own leak; tracked tensors leaked by
# the program are still referenced by the runtime's registry, so LSan does
# not count those).
#
# Knobs (environment): GSL_EX_WORK (/work/gsl-ex-work), JOBS (nproc),
# TIMEOUT (60 s a run), ONLY="name ..." (a subset), ASAN=all|none|"name ..."
# (which programs get the three ASan builds; default all), EXAMPLES=DIR
# (other programs instead of doc/examples, e.g. repro/), VALGRIND=0 (use
# the cached valgrind results only; they are keyed by the plain binary).
# RESULTS=DIR (where the raw data goes; $GSL_EX_WORK/results).
# LINT_ONLY=1: only the lint check (the ts compile with -fsyntax-only, and
# the plain build for valgrind): minutes instead of the whole sweep.
# APIS="gsl libc" (the API descriptions of the instrumented builds, each a
# --tscope-api=; default gsl): with libc, malloc'd buffers and streams are
# tensors too, for the instrumentation and for the oracle.
# Prints the CPU model, a table, the totals, the failures and the valgrind
# leak list, and ends with `N passed, N failed`; exit status 1 on a failure,
# 2 when it could not run.  Raw data: $GSL_EX_WORK/results/.
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
BUILDS_TS="ts ts-O0 ts-O2 auto auto-O0"
RUNS_V="ts+v auto+v"   # the ts and auto binaries again, with verbose=1
BUILDS_ASAN="asan asan-ts asan-auto"

die() { echo "gsl-examples: $*" >&2; exit 2; }

# ---------------------------------------------------------------- one case
# load_case NAME: sets args stdin setup src mask skip note from cases.txt.
load_case() {
  args='' stdin='' setup='' src='' mask='' skip='' note=''
  local line
  line=$(awk -v n="$1" '$1 == n { sub(/^[^ \t]+[ \t]+/, ""); print; exit }' "$here/cases.txt")
  [ -n "$line" ] && eval "$line"
  return 0
}

# compose NAME OUT: writes the program cases.txt composes from pieces.
compose() {
  local item f range a b
  : >"$2"
  for item in $src; do
    case $item in
      inc:*) echo "#include <${item#inc:}>" >>"$2" ;;
      *:*-*) f=${item%%:*}; range=${item#*:}; a=${range%-*}; b=${range#*-}
             echo "#line $a \"$f\"" >>"$2"; sed -n "${a},${b}p" "$EX/$f" >>"$2" ;;
      *)     echo "#line 1 \"$item\"" >>"$2"; cat "$EX/$item" >>"$2" ;;
    esac
  done
}

flags_of() { # flags_of BUILD: the compiler and flags of a build
  case $1 in
    plain)     echo "$CLANG -O1 -g" ;;
    ts)        echo "$TSCC $API_FLAGS -O1 -g" ;;
    ts-O0)     echo "$TSCC $API_FLAGS -O0 -g" ;;
    ts-O2)     echo "$TSCC $API_FLAGS -O2 -g" ;;
    auto)      echo "$TSCC $API_FLAGS -O1 -g -fplugin-arg-tensorscope-auto-scope=." ;;
    auto-O0)   echo "$TSCC $API_FLAGS -O0 -g -fplugin-arg-tensorscope-auto-scope=." ;;
    asan)      echo "$CLANG -O1 -g -fsanitize=address" ;;
    asan-ts)   echo "$TSCC $API_FLAGS -O1 -g -fsanitize=address" ;;
    asan-auto) echo "$TSCC $API_FLAGS -O1 -g -fsanitize=address -fplugin-arg-tensorscope-auto-scope=." ;;
  esac
}

# run_build NAME RUN: runs $d/bin/BUILD in $d/run/RUN, where RUN is BUILD or
# BUILD+v (the same binary with verbose=1); writes out, err, rc, time.
run_build() {
  local b=${2%+v} r=$d/run/$2 opts=''
  rm -rf "$r"; mkdir -p "$r"
  if [ -n "$setup" ]; then
    (cd "$r" && eval "$setup") >"$r/setup.log" 2>&1 || { echo "setup failed" >"$r/setup.failed"; }
  fi
  case $b in ts*|auto*|asan-ts|asan-auto) [ -s "$d/vg-tensor-leaks.tsv" ] || opts=exitcode=86 ;; esac
  case $2 in *+v) opts=${opts:+$opts:}verbose=1 ;; esac
  local in=/dev/null
  [ -n "$stdin" ] && in=$r/$stdin
  local t0 t1
  t0=$(date +%s.%N)
  (cd "$r" && env -u GSL_RNG_SEED -u GSL_RNG_TYPE TSCOPE_OPTIONS=$opts \
     ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=exitcode=0 timeout "$TIMEOUT" "$d/bin/$b" $args <"$in" >out 2>err)
  echo $? >"$r/rc"
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f\n", b - a }' >"$r/time"
  if [ "$mask" = addr ]; then sed -i 's/0x[0-9a-fA-F]*/0xADDR/g' "$r/out"; fi
  echo "$opts" >"$r/options"
}

# valgrind_plain: the oracle.  $d/vg.txt (cached by the binary's hash),
# $d/vg-leaks.tsv: FILE:LINE KIND BLOCKS CALLEE for every loss record,
# by the first frame in an example file; $d/vg-tensor-leaks.tsv: those whose
# callee creates (per the role table), non-indirect blocks summed per line.
valgrind_plain() {
  local key cache
  key=$( (sha256sum "$d/bin/plain" | cut -d' ' -f1; echo "$args|$stdin|$setup") | sha256sum | cut -c1-16)
  cache=$WORK/valgrind-cache/$NAME.$key.txt
  mkdir -p "$WORK/valgrind-cache"
  if [ ! -f "$cache" ]; then
    if [ "${VALGRIND:-1}" = 0 ]; then echo "no cached valgrind result" >"$d/vg.missing"; : >"$d/vg.txt"; return; fi
    local r=$d/run/valgrind in=/dev/null
    rm -rf "$r"; mkdir -p "$r"
    [ -n "$setup" ] && (cd "$r" && eval "$setup") >"$r/setup.log" 2>&1
    [ -n "$stdin" ] && in=$r/$stdin
    (cd "$r" && env -u GSL_RNG_SEED -u GSL_RNG_TYPE timeout $((TIMEOUT * 20)) valgrind -q --leak-check=full \
       --show-leak-kinds=all --num-callers=40 --log-file=vg.txt "$d/bin/plain" $args <"$in" >out 2>err)
    echo $? >"$r/rc"
    cp "$r/vg.txt" "$cache.tmp" && mv "$cache.tmp" "$cache"
  fi
  cp "$cache" "$d/vg.txt"
  # example files: every basename in doc/examples
  python3 - "$d/vg.txt" "$EX" "$d/roles.txt" "$d/vg-leaks.tsv" "$d/vg-tensor-leaks.tsv" "$d/vg-errors.txt" <<'PY'
import os, re, sys
vg, ex, roles, out_all, out_t, out_err = sys.argv[1:]
files = set(os.listdir(ex))
creators = set()
for l in open(roles):
    m = re.match(r'tscope-role: (\S+) .*\bcreates\b', l)
    if m and ' creates_out' not in l:
        creators.add(m.group(1))
recs, cur, errors = [], None, []
for l in open(vg):
    l = re.sub(r'^==\d+== ?', '', l.rstrip('\n'))
    m = re.match(r'([\d,]+) (?:\([\d,]+ direct, [\d,]+ indirect\) )?bytes in ([\d,]+) blocks are (definitely lost|indirectly lost|possibly lost|still reachable) in loss record', l)
    if m:
        cur = {'kind': {'definitely lost': 'definite', 'indirectly lost': 'indirect', 'possibly lost': 'possible', 'still reachable': 'reachable'}[m.group(3)], 'blocks': int(m.group(2).replace(',', '')), 'frames': []}
        recs.append(cur); continue
    m = re.match(r'\s+(?:at|by) 0x[0-9A-F]+: (\S+) \((?:in )?([^)]*)\)', l)
    if m and cur is not None:
        cur['frames'].append((m.group(1), m.group(2))); continue
    if l.strip() == '':
        cur = None; continue
    if cur is None and re.match(r'(Invalid|Conditional jump|Use of uninitialised|Mismatched|Syscall param|Source and destination)', l):
        errors.append(l)
agg_all, agg_t = {}, {}
for r in recs:
    prev, site = '?', None
    for fn, loc in r['frames']:
        m = re.match(r'(\S+):(\d+)$', loc)
        if m and os.path.basename(m.group(1)) in files:
            site = '%s:%s' % (os.path.basename(m.group(1)), m.group(2)); break
        prev = fn
    if site is None:
        continue
    k = (site, r['kind'], prev)
    agg_all[k] = agg_all.get(k, 0) + r['blocks']
    if prev in creators and r['kind'] != 'indirect':
        agg_t[(site, prev)] = agg_t.get((site, prev), 0) + r['blocks']
with open(out_all, 'w') as f:
    for (site, kind, prev), n in sorted(agg_all.items()):
        f.write('%s\t%s\t%d\t%s\n' % (site, kind, n, prev))
with open(out_t, 'w') as f:
    for (site, prev), n in sorted(agg_t.items()):
        f.write('%s\t%d\t%s\n' % (site, n, prev))
with open(out_err, 'w') as f:
    for e in errors:
        f.write(e + '\n')
PY
}

# classify NAME BUILD: prints "pass DETAIL" or "FAIL DETAIL" for one build.
classify() {
  local b=$1 r=$d/run/$1
  python3 - "$r" "$d" "$b" <<'PY'
import os, re, sys
r, d, b = sys.argv[1:]
base = b[:-2] if b.endswith('+v') else b
def rd(p, default=''):
    try: return open(p, errors='replace').read()
    except OSError: return default
fails, notes = [], []
if b == 'lint':
    # The compile-time lint of the ts build: every -Wtscope-* warning; a leak
    # warning's creation line (its note) must be a line valgrind finds a
    # tensor leak at; other categories are false by definition here (the
    # examples are correct programs).
    vgt = set(l.split('\t')[0] for l in rd(d + '/vg-tensor-leaks.tsv').splitlines())
    lines, warned, last = rd(d + '/compile-ts.log').splitlines(), set(), None
    for l in lines:
        m = re.match(r'(\S+?):(\d+):\d+: warning: .*\[-W(tscope-[a-z-]+)\]$', l)
        if m:
            last = m.group(3)
            if last != 'tscope-leak':
                fails.append('lint: %s:%s %s' % (os.path.basename(m.group(1)), m.group(2), last))
            continue
        m = re.match(r'(\S+?):(\d+):\d+: note: tensor created here by', l)
        if m and last == 'tscope-leak':
            site = '%s:%s' % (os.path.basename(m.group(1)), m.group(2)); last = None
            warned.add(site)
            if site not in vgt:
                fails.append('lint: leak warning for %s, valgrind finds no tensor leak there' % site)
    missed = sorted(vgt - warned)
    if missed:
        notes.append('lint does not warn about ' + ', '.join(missed))
    print('%s\t%s\t%s' % ('FAIL' if fails else 'pass', 'FAIL' if fails else ('warn:%d' % len(warned) if warned else 'ok'),
                           '; '.join(fails + notes)))
    sys.exit(0)
if os.path.exists(os.path.join(r, 'setup.failed')):
    fails.append('setup failed')
rc, prc = rd(r + '/rc').strip(), rd(d + '/run/plain/rc').strip()
if rc != prc:
    fails.append('exit status %s, plain %s' % (rc, prc))
if rd(r + '/out') != rd(d + '/run/plain/out'):
    fails.append('stdout differs from plain')
err = rd(r + '/err')
def lsan(text):
    m = re.search(r'SUMMARY: AddressSanitizer: (\d+) byte\(s\) leaked in (\d+) allocation', text)
    return (int(m.group(1)), int(m.group(2))) if m else (0, 0)
if base in ('asan-ts', 'asan-auto'):
    mine, ref = lsan(err), lsan(rd(d + '/run/asan/err'))
    if mine[1] > ref[1] or mine[0] > ref[0]:
        fails.append('LeakSanitizer: %d bytes in %d allocations leaked, plain asan %d in %d' % (mine + ref))
if 'ERROR: AddressSanitizer' in err:
    m = re.search(r'ERROR: AddressSanitizer: (\S+)', err)
    fails.append('ASan: ' + (m.group(1) if m else 'error'))
site_re = re.compile(r'TensorScope: (\d+) tensors? created at (\S+):(\d+) in (\S+)(?: \((\S+)\))?$')
report, other, in_report = {}, [], False
for l in err.splitlines():
    if not l.startswith('TensorScope:'):
        continue
    if l.startswith('TensorScope: leak report:'):
        in_report = True; continue
    m = site_re.match(l)
    if m and in_report:
        k = '%s:%s' % (os.path.basename(m.group(2)), m.group(3))
        report[k] = report.get(k, 0) + int(m.group(1)); continue
    if re.match(r'TensorScope: \d+ tensors leaked from \d+ sites$', l) and in_report:
        continue
    if b.endswith('+v') and not in_report and re.match(
            r'TensorScope: (track (shared )?0x[0-9a-f]+ \(generation \d+(, one more reference)?\) at '
            r'|release 0x[0-9a-f]+ \(generation \d+\) at |scope begin at |scope end \(begun at '
            r'|scope releases 0x[0-9a-f]+ \(generation \d+\)$)', l):
        continue
    other.append(l)
for l in other[:3]:
    fails.append('runtime said: ' + l[len('TensorScope: '):][:160])
if len(other) > 3:
    fails.append('... %d more TensorScope lines' % (len(other) - 3))
vg = {}
for l in rd(d + '/vg-tensor-leaks.tsv').splitlines():
    site, n, fn = l.split('\t')
    vg[site] = vg.get(site, 0) + int(n)
vg_all = {}
for l in rd(d + '/vg-leaks.tsv').splitlines():
    site, kind, n, fn = l.split('\t')
    if kind != 'indirect':
        vg_all[site] = vg_all.get(site, 0) + int(n)
aborted = not prc.isdigit() or int(prc) >= 124  # killed, timed out or signalled: no exit-time report
if base != 'asan':
    for site, n in sorted(report.items()):
        if site not in vg_all:
            fails.append('false leak report: %d at %s (valgrind: nothing lost there)' % (n, site))
        elif n > vg_all[site]:
            fails.append('leak report: %d at %s, valgrind only %d blocks there' % (n, site, vg_all[site]))
if base in ('ts', 'ts-O0', 'ts-O2', 'asan-ts') and not aborted and not os.path.exists(d + '/vg.missing'):
    for site, n in sorted(vg.items()):
        if site not in report:
            fails.append('missed leak: valgrind %d at %s, no report' % (n, site))
        elif report[site] != n:
            notes.append('%s: %d reported, valgrind %d blocks' % (site, report[site], n))
if base in ('auto', 'auto-O0', 'asan-auto'):
    ts = {}
    tsr = rd(d + '/report-ts.tsv')
    for l in tsr.splitlines():
        s, n = l.split('\t'); ts[s] = int(n)
    remain = ['%s (%d)' % (s, n) for s, n in sorted(report.items())]
    if remain:
        notes.append('remain: ' + ', '.join(remain))
    fixed = [s for s in ts if s not in report]
    if ts:
        notes.append('fixed %d of %d sites' % (len(fixed), len(ts)))
if b == 'ts':
    with open(d + '/report-ts.tsv', 'w') as f:
        for s, n in sorted(report.items()):
            f.write('%s\t%d\n' % (s, n))
status = 'FAIL' if fails else 'pass'
detail = '; '.join(fails + notes)
if not fails and report:
    status_word = 'leak:%d' % sum(report.values())
else:
    status_word = 'ok' if not fails else 'FAIL'
print('%s\t%s\t%s' % (status, status_word, detail))
PY
}

worker() {
  NAME=$1
  load_case "$NAME"
  d=$OUT/p/$NAME
  rm -rf "$d"; mkdir -p "$d/bin" "$d/run"
  local res=$d/result.tsv
  : >"$res"
  if [ -n "$skip" ]; then
    printf '%s\tskip\t%s\n' "$NAME" "$skip" >"$res"; return
  fi
  local file=$NAME.c
  if [ -n "$src" ]; then compose "$NAME" "$d/$NAME.c"; file=$d/$NAME.c; fi
  local builds="plain $BUILDS_TS"
  case " $ASAN_SET " in *" $NAME "*|" all ") builds="$builds $BUILDS_ASAN" ;; esac
  # LINT_ONLY=1: the plain build (valgrind's) and the ts compile's lint and
  # role table (-fsyntax-only), nothing run but plain.
  [ "${LINT_ONLY:-0}" = 1 ] && builds="plain ts"
  local b
  for b in $builds; do
    local extra=''
    [ "$b" = ts ] && extra=-fplugin-arg-tensorscope-dump-roles=1
    [ "$b" = ts ] && [ "${LINT_ONLY:-0}" = 1 ] && extra="$extra -fsyntax-only"
    # shellcheck disable=SC2046
    (cd "$EX" && $(flags_of "$b") $extra -idirafter "$SRC" "$file" -o "$d/bin/$b" $GSL_LIBS \
       >"$d/compile-$b.out" 2>"$d/compile-$b.log")
    if [ $? -ne 0 ]; then
      printf '%s\t%s\tFAIL\tcompile failed: %s\n' "$NAME" "$b" "$(grep -m1 error: "$d/compile-$b.log" | cut -c1-200)" >>"$res"
      [ "$b" = plain ] && return
      continue
    fi
    [ "$b" = ts ] && grep '^tscope-role' "$d/compile-ts.out" >"$d/roles.txt"
  done
  [ -f "$d/roles.txt" ] || : >"$d/roles.txt"
  valgrind_plain
  local runs="$builds $RUNS_V"
  if [ "${LINT_ONLY:-0}" = 1 ]; then
    runs=plain
    [ -f "$d/compile-ts.out" ] && [ ! -e "$d/bin/ts" ] && : >"$d/bin/ts.lint-only"
  fi
  for b in $runs; do
    [ -x "$d/bin/${b%+v}" ] || continue
    run_build "$NAME" "$b"
  done
  printf '%s\tplain\tref\trc=%s %ss\n' "$NAME" "$(cat "$d/run/plain/rc")" "$(cat "$d/run/plain/time")" >>"$res"
  if [ -x "$d/bin/ts" ] || [ -e "$d/bin/ts.lint-only" ]; then
    printf '%s\tlint\t%s\n' "$NAME" "$(classify lint)" >>"$res"
  fi
  for b in $runs; do
    [ "$b" = plain ] && continue
    [ -x "$d/bin/${b%+v}" ] || continue
    local c
    c=$(classify "$b")
    printf '%s\t%s\t%s\n' "$NAME" "$b" "$c" >>"$res"
  done
}

# ---------------------------------------------------------------- main
if [ "${1:-}" = --worker ]; then
  worker "$2"
  exit 0
fi

build=${1:-build}
[ -d "$build" ] || build=$root/$build
[ -f "$build/CMakeCache.txt" ] || die "${1:-build}: not a configured TensorScope build directory (run make first)"
build=$(cd "$build" && pwd)
ver=$(sed -n 's/^TSCOPE_LLVM_VERSION:[A-Z]*=//p' "$build/CMakeCache.txt"); ver=${ver:-19}
export CLANG=clang-$ver TSCC=$build/bin/tscope-cc
for f in "$TSCC" "$build/lib/tensorscope.so" "$build/lib/libtensorscope.a"; do
  [ -e "$f" ] || die "$f not found: build TensorScope first (cmake --build $build)"
done
for t in "$CLANG" valgrind python3 timeout awk; do
  command -v "$t" >/dev/null || die "'$t' not found"
done
export WORK=${GSL_EX_WORK:-/work/gsl-ex-work}
mkdir -p "$WORK" || die "cannot create $WORK"
WORK=$(cd "$WORK" && pwd)
export SRC
SRC=$("$root/bench/compile-time/fetch-gsl.sh" "$WORK") || die "could not fetch GSL's source (bench/compile-time/fetch-gsl.sh)"
export EX=${EXAMPLES:-$SRC/doc/examples}
[ -d "$EX" ] || die "$EX not found"
export OUT=${RESULTS:-$WORK/results} TIMEOUT=${TIMEOUT:-60} GSL_LIBS="-lgsl -lgslcblas -lm" CC="clang-$ver"
export ASAN_SET=${ASAN:-all}
API_FLAGS=
for a in ${APIS:-gsl}; do API_FLAGS="$API_FLAGS --tscope-api=$a"; done
export API_FLAGS
[ "$ASAN_SET" = none ] && ASAN_SET=' '
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
unset TSCOPE_OPTIONS TSCOPE_API
rm -rf "$OUT"; mkdir -p "$OUT/p"

# The programs: every doc/examples/*.c with a main (the others are fragments).
names=()
for c in "$EX"/*.c; do
  n=$(basename "$c" .c)
  if [ -n "${ONLY:-}" ]; then case " $ONLY " in *" $n "*) ;; *) continue ;; esac; fi
  load_case "$n"
  if [ -z "$src" ] && ! grep -qE '^(int )?[[:space:]]*main[[:space:]]*\(' "$c"; then continue; fi
  names+=("$n")
done
[ ${#names[@]} -gt 0 ] || die "no example programs found in $EX"

echo "gsl-examples: ${#names[@]} programs from $EX, $JOBS at a time" >&2
start=$(date +%s)
printf '%s\n' "${names[@]}" | xargs -P "$JOBS" -I{} sh -c 'bash "$0" --worker "$1" 2>>"$OUT/p/$1.worker.log"' "$here/run.sh" {}
elapsed=$(( $(date +%s) - start ))

# ---------------------------------------------------------------- report
cat "$OUT"/p/*/result.tsv >"$OUT/results.tsv"
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
dirty=$(git -C "$root" status --porcelain -- plugin runtime tools apis 2>/dev/null | head -1)
echo "API descriptions:$API_FLAGS"
python3 - "$OUT" "$elapsed" "$commit${dirty:+ (plugin/runtime/tools/apis modified)}" \
  "$(lscpu 2>/dev/null | grep 'Model name' | sed 's/.*: *//' | head -1)" "$(nproc)" <<'PY'
import os, sys
out, elapsed, commit, cpu, ncpu = sys.argv[1:]
builds = ['lint', 'ts', 'ts-O0', 'ts-O2', 'ts+v', 'auto', 'auto-O0', 'auto+v', 'asan', 'asan-ts', 'asan-auto']
rows, fails, notes, skips = {}, [], [], []
for l in open(os.path.join(out, 'results.tsv')):
    f = l.rstrip('\n').split('\t')
    if f[1] == 'skip':
        skips.append((f[0], f[2])); continue
    name, b = f[0], f[1]
    rows.setdefault(name, {})
    if b == 'plain':
        rows[name]['plain'] = f[3]; continue
    status, word, detail = f[2], f[3] if len(f) > 3 else '', f[4] if len(f) > 4 else ''
    if status == 'FAIL' and word.startswith('compile failed'):
        word, detail = 'FAIL', word
    rows[name][b] = (status, word)
    if status == 'FAIL':
        fails.append('%s [%s]: %s' % (name, b, detail))
    elif detail:
        notes.append('%s [%s]: %s' % (name, b, detail))
print('CPU: %s (%s CPUs); commit %s; %s s' % (cpu, ncpu, commit, elapsed))
print()
hdr = ['program', 'plain'] + builds + ['valgrind']
table = [hdr]
vgl = []
for name in sorted(rows):
    r = rows[name]
    vt = os.path.join(out, 'p', name, 'vg-tensor-leaks.tsv')
    va = os.path.join(out, 'p', name, 'vg-leaks.tsv')
    tl = [l.split('\t') for l in open(vt).read().splitlines()] if os.path.exists(vt) else []
    al = [l.split('\t') for l in open(va).read().splitlines()] if os.path.exists(va) else []
    if os.path.exists(os.path.join(out, 'p', name, 'vg.missing')):
        vgs = 'n/a'
    elif tl:
        vgs = 'leak:%d' % sum(int(x[1]) for x in tl)
    elif al:
        vgs = 'other'
    else:
        vgs = 'clean'
    for x in al:
        vgl.append('%s: %s %s blocks %s (in %s)%s' % (name, x[0], x[2], x[1], x[3],
                   ' [tensor]' if any(t[0] == x[0] and t[2] == x[3] for t in tl) and x[1] != 'indirect' else ''))
    table.append([name, r.get('plain', '?')] + [r[b][1] if b in r else '-' for b in builds] + [vgs])
w = [max(len(row[i]) for row in table) for i in range(len(hdr))]
for row in table:
    print('  '.join(c.ljust(w[i]) for i, c in enumerate(row)).rstrip())
print()
tot = {b: [0, 0] for b in builds}
for r in rows.values():
    for b in builds:
        if b in r:
            tot[b][0 if r[b][0] == 'pass' else 1] += 1
print('totals (passed/failed):  ' + '  '.join('%s %d/%d' % (b, p, f) for b, (p, f) in tot.items()))
if skips:
    print('\nskipped:')
    for n, why in skips:
        print('  %s: %s' % (n, why))
if notes:
    print('\nnotes:')
    for n in notes:
        print('  ' + n)
print('\nvalgrind (plain -O1 build), every loss record by the first frame in an example file:')
for l in vgl:
    print('  ' + l)
if fails:
    print('\nFAILURES:')
    for f in fails:
        print('  ' + f)
passed = sum(p for p, f in tot.values()); failed = sum(f for p, f in tot.values())
print()
print('%d passed, %d failed' % (passed, failed))
open(os.path.join(out, 'failed'), 'w').write(str(failed))
PY
[ "$(cat "$OUT/failed" 2>/dev/null)" = 0 ]
