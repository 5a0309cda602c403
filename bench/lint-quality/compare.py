#!/usr/bin/env python3
"""compare.py -- the lint corpus (test/lint/*.c) through TensorScope's lint,
clang --analyze and gcc -fanalyzer: seeded bugs found, false alarms, seconds.

Ground truth comes from the corpus itself: every `expected-warning` (or
`expected-error`) comment of clang's -verify marks a seeded bug on its line;
a function without one is correct code.  The three tools report bugs on
different lines (TensorScope at the creation or release, the analyzers
where the last pointer is lost), so a bug counts as found when the tool
reports a warning of the same kind (leak, double release, use after release,
release of a non-owned tensor) inside the same function.  A false alarm is an
ownership warning of a tool in a function that has no seeded bug.  Other
warnings of the analyzers (e.g. uninitialised values) are listed, not
counted.

Self-checks, so a broken setup cannot print a good table: TensorScope must
report every seeded bug at exactly its marked line and nothing else (what
-verify checks in CI); each analyzer must report both bugs of control.c, or
its annotations did not take; a tool that crashes is named."""

import argparse
import glob
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
KINDS = ["leak", "double-release", "use-after-release", "borrowed-release", "scope-escape"]

# -verify markers: expected-warning, expected-warning@+1, @-2, @12, "2 {{".
MARKER = re.compile(r"expected-(warning|error)(?:-re)?(?:@([+-]?)(\d+))?(?:\s+(\d+))?\s*\{\{(.*?)\}\}")
# A function definition starts at column 0 (a line ending in ";" without
# "{" is a declaration); it ends where its braces balance.
FUNC_START = re.compile(r"^(?!static_assert|typedef|struct\s+\w+\s*\{|#)[A-Za-z_][\w \t\*]*?\b(\w+)\s*\(")
RUN_PLUGIN_ARG = re.compile(r"-fplugin-arg-tensorscope-([\w-]+=\S+)")
RUN_FLAGS = re.compile(r"\s(-D\S+|-I\s*\S+|-isystem\s+\S+)")
# A bug-finding test: `%lint_verify [include flags] %s` and nothing else.
# Other files test TensorScope's controls (suppression comments,
# TSCOPE_NO_LINT, -w/-Werror, lint-error=, fix-its, the JSON findings) and
# say nothing about finding bugs: they are left out and listed.
VERIFY_RUN = re.compile(r"^\s*%lint_verify(\s+(-I\s*\S+|-isystem\s+\S+))*\s+%s\s*$")
# The run-time check of the same program (%lint_asan: its `main` under
# ASan) adds nothing to lint and is allowed beside it.
ASAN_RUN = re.compile(r"^\s*%lint_asan\s+%s\s*$")
CONTROL_MARKS = ("tscope-ignore", "TSCOPE_NO_LINT")


def is_bug_finding_test(path):
    text = open(path, encoding="utf-8").read()
    runs = [l.split("RUN:", 1)[1] for l in text.splitlines() if "RUN:" in l]
    runs = [r for r in runs if not ASAN_RUN.match(r)]
    return bool(runs) and all(VERIFY_RUN.match(r) for r in runs) and \
        not any(m in text for m in CONTROL_MARKS)


def kind_of_marker(text):
    """The kind a -verify message names, or None (then any kind matches)."""
    t = text.lower()
    for words, kind in ((("double", "twice", "again", "already released"), "double-release"),
                        (("after", "released earlier", "use of"), "use-after-release"),
                        (("borrow", "view", "not own", "owned by"), "borrowed-release"),
                        (("escape", "scope"), "scope-escape"),
                        (("leak", "dropped", "never released", "not released", "overwrit", "lost"), "leak")):
        if any(w in t for w in words):
            return kind
    return None


def parse_corpus_file(path):
    """(functions [(name, first, last)], bugs [(line, kind|None, text)],
    plugin args, defines, is_cxx)"""
    lines = open(path, encoding="utf-8").read().splitlines()
    funcs, current, depth = [], None, 0
    for n, text in enumerate(lines, 1):
        code = re.sub(r'"(\\.|[^"\\])*"|//.*$', "", text)  # braces in strings/comments do not count
        if current is None:
            m = FUNC_START.match(text)
            if not m or m.group(1) in ("if", "for", "while", "switch", "return", "sizeof"):
                continue
            if "{" not in code and code.rstrip().endswith(";"):
                continue  # a declaration
            current, depth = (m.group(1), n), 0
        opened = depth > 0 or "{" in code
        depth += code.count("{") - code.count("}")
        if opened and depth <= 0 and "{" in "".join(lines[current[1] - 1:n]):
            funcs.append((current[0], current[1], n))
            current = None
    bugs = []
    for n, text in enumerate(lines, 1):
        for m in MARKER.finditer(text):
            sign, num, count, msg = m.group(2), m.group(3), m.group(4), m.group(5)
            line = n
            if num is not None:
                line = n + int(num) if sign == "+" else n - int(num) if sign == "-" else int(num)
            for _ in range(int(count) if count else 1):
                bugs.append((line, kind_of_marker(msg), msg))
    run = " ".join(l for l in lines if "RUN:" in l).replace("%S", os.path.dirname(os.path.abspath(path)))
    flags = [a for f in RUN_FLAGS.findall(" " + run) for a in f.split()]
    return (funcs, bugs, RUN_PLUGIN_ARG.findall(run), flags, "%clangxx" in run)


def function_at(funcs, line):
    for name, first, last in funcs:
        if first <= line <= last:
            return name
    return None


# --- the three tools: each returns (warnings [(line, kind|None, text)], crashed|None)

def run_tscope(path, opt, plugin_args, defines, cxx):
    with tempfile.TemporaryDirectory() as tmp:
        findings = os.path.join(tmp, "f.jsonl")
        cc = os.path.join(opt.clang_bindir, "clang++" if cxx else "clang")
        # The same roles the lit corpus runs with (test/lint/lit.local.cfg's
        # %lint): tensor.h's annotations plus Inputs/tensor.yaml for what an
        # annotation cannot say (e.g. t_make's "success: returns_zero").
        argv = [cc, "-fsyntax-only", "-fplugin=" + opt.plugin,
                "-fplugin-arg-tensorscope-api=" + os.path.join(opt.inputs, "tensor.yaml"),
                "-fplugin-arg-tensorscope-findings=" + findings] + \
               ["-fplugin-arg-tensorscope-" + a for a in plugin_args] + defines + \
               ["-I" + opt.inputs, "-I" + opt.runtime_include, path]
        p = subprocess.run(argv, capture_output=True, text=True)
        warnings = []
        if os.path.exists(findings):
            for l in open(findings):
                if l.strip():
                    f = json.loads(l)
                    if os.path.realpath(f["file"]) == os.path.realpath(path):
                        warnings.append((f["line"], f["rule"][len("tscope-"):], f["message"]))
                    else:
                        warnings.append((0, f["rule"][len("tscope-"):], f["message"]))
    return warnings, crash_reason(p)


CLANG_LINE = re.compile(r"^(.*?):(\d+):(\d+): warning: (.*) \[([\w.\-]+)\]$")


def clang_kind(message, checker):
    if not checker.startswith(("unix.Malloc", "unix.MismatchedDeallocator", "cplusplus.NewDelete",
                               "unix.DynamicMemoryModeling")):
        return None
    m = message.lower()
    if "leak" in m:
        return "leak"
    if "released memory" in m and "free" in m:
        return "double-release"
    if "after it is freed" in m or "after it is released" in m or "use of memory after" in m:
        return "use-after-release"
    if "free" in m or "dealloc" in m:
        return "borrowed-release"
    return None


def run_clang_analyze(path, opt, plugin_args, defines, cxx):
    cc = os.path.join(opt.clang_bindir, "clang++" if cxx else "clang")
    argv = [cc, "--analyze", "-o", os.devnull] + defines + \
           ["-I" + os.path.join(HERE, "shim"), "-I" + opt.inputs, "-I" + opt.runtime_include, path]
    p = subprocess.run(argv, capture_output=True, text=True)
    warnings = []
    for l in p.stderr.splitlines():
        m = CLANG_LINE.match(l)
        if m:
            line = int(m.group(2)) if os.path.realpath(m.group(1)) == os.path.realpath(path) else 0
            warnings.append((line, clang_kind(m.group(4), m.group(5)), m.group(4) + " [" + m.group(5) + "]"))
    return warnings, crash_reason(p)


GCC_KINDS = {"-Wanalyzer-malloc-leak": "leak", "-Wanalyzer-file-leak": "leak",
             "-Wanalyzer-double-free": "double-release",
             "-Wanalyzer-use-after-free": "use-after-release",
             "-Wanalyzer-free-of-non-heap": "borrowed-release",
             "-Wanalyzer-mismatching-deallocation": "borrowed-release"}


def run_gcc_fanalyzer(path, opt, plugin_args, defines, cxx):
    argv = [opt.gxx if cxx else opt.gcc, "-fanalyzer", "-fdiagnostics-format=json", "-Wno-attributes",
            "-c", "-o", os.devnull] + defines + \
           ["-I" + os.path.join(HERE, "shim"), "-I" + opt.inputs, "-I" + opt.runtime_include, path]
    p = subprocess.run(argv, capture_output=True, text=True)
    warnings = []
    try:
        diags = json.loads(p.stderr.strip().splitlines()[-1]) if p.stderr.strip() else []
    except (json.JSONDecodeError, IndexError):
        diags = []
    for d in diags:
        if d.get("kind") != "warning":
            continue
        caret = d["locations"][0]["caret"] if d.get("locations") else {}
        same = os.path.realpath(caret.get("file", "")) == os.path.realpath(path)
        warnings.append((caret.get("line", 0) if same else 0, GCC_KINDS.get(d.get("option")),
                         "%s [%s]" % (d.get("message"), d.get("option"))))
    return warnings, crash_reason(p)


def crash_reason(p):
    if p.returncode < 0:
        return "killed by signal %d" % -p.returncode
    if "internal compiler error" in p.stderr or "PLEASE submit a bug report" in p.stderr:
        return "crashed: " + next((l for l in p.stderr.splitlines()
                                    if "internal compiler error" in l or "Stack dump" in l), "")[:200]
    if p.returncode != 0 and " error: " in p.stderr and "expected-" not in p.stderr:
        errs = [l for l in p.stderr.splitlines() if "error:" in l and "Wtscope" not in l]
        if errs:
            return "compile error: " + errs[0][:200]
    return None


TOOLS = [("TensorScope lint", run_tscope), ("clang --analyze", run_clang_analyze),
         ("gcc -fanalyzer", run_gcc_fanalyzer)]


def score(corpus, results):
    """corpus: {path: parsed}; results: {path: (warnings, crashed)} for one
    tool -> dict of counts and lists."""
    s = {"bugs": 0, "found": 0, "false_alarms": 0, "other": 0, "missed": [], "alarms": [],
         "crashes": [], "exact": 0}
    for path, (funcs, bugs, *_rest) in corpus.items():
        warnings, crashed = results[path]
        if crashed:
            s["crashes"].append("%s: %s" % (os.path.basename(path), crashed))
        bug_funcs = defaultdict(list)
        for line, kind, text in bugs:
            bug_funcs[function_at(funcs, line)].append((line, kind, text))
        used = set()
        for func, fbugs in bug_funcs.items():
            for line, kind, text in fbugs:
                s["bugs"] += 1
                if any(w[1] is not None and (kind is None or w[1] == kind)
                       and function_at(funcs, w[0]) == func for w in warnings):
                    s["found"] += 1
                else:
                    s["missed"].append("%s:%d (%s) %s" % (os.path.basename(path), line, func, text))
                if any(w[0] == line for w in warnings):
                    s["exact"] += 1
        for w in warnings:
            func = function_at(funcs, w[0])
            if w[1] is None:
                s["other"] += 1
            elif func not in bug_funcs:
                s["false_alarms"] += 1
                s["alarms"].append("%s:%d (%s) %s" % (os.path.basename(path), w[0], func, w[2]))
    return s


def main():
    root = os.path.dirname(os.path.dirname(HERE))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", required=True, help="TensorScope build dir (lib/tensorscope.so)")
    ap.add_argument("--clang-bindir", default="/usr/lib/llvm-19/bin")
    ap.add_argument("--gcc", default="gcc")
    ap.add_argument("--gxx", default="g++")
    ap.add_argument("--corpus", default=os.path.join(root, "test", "lint"))
    ap.add_argument("--markdown", help="also write the table (and details) here")
    ap.add_argument("-v", "--verbose", action="store_true", help="list every miss and false alarm")
    opt = ap.parse_args()
    opt.plugin = os.path.join(opt.build, "lib", "tensorscope.so")
    opt.inputs = os.path.join(opt.corpus, "Inputs")
    opt.runtime_include = os.path.join(root, "runtime")
    for need in (opt.plugin, opt.inputs):
        if not os.path.exists(need):
            sys.exit("compare.py: %s not found" % need)

    every = sorted(glob.glob(os.path.join(opt.corpus, "*.c")) + glob.glob(os.path.join(opt.corpus, "*.cpp")))
    files = [f for f in every if is_bug_finding_test(f)]
    controls = [os.path.basename(f) for f in every if f not in files]
    # Automatic scopes make code correct only under TensorScope's runtime;
    # the analyzers cannot know them.  Scored apart as well.
    auto_scope = {f for f in files if "TSCOPE_AUTO" in open(f, encoding="utf-8").read()}
    corpus = {f: parse_corpus_file(f) for f in files}
    problems = []

    # Control: each analyzer must see through the shim.
    control = os.path.join(HERE, "control.c")
    cparsed = parse_corpus_file(control)
    for name, fn in TOOLS[1:]:
        w, crashed = fn(control, opt, [], [], False)
        kinds = {(function_at(cparsed[0], l), k) for l, k, _ in w}
        for want in (("control_leak", "leak"), ("control_double_release", "double-release")):
            if want not in kinds:
                problems.append("%s does not report the %s in control.c: its annotations did not take"
                                % (name, want[1]))

    all_results, seconds = [], []
    for name, fn in TOOLS:
        results, start = {}, time.monotonic()
        for f in files:
            _, _, pargs, defines, cxx = corpus[f]
            results[f] = fn(f, opt, pargs, defines, cxx)
        seconds.append(time.monotonic() - start)
        all_results.append(results)
    # The kind of each seeded bug: the category TensorScope reports at its
    # exact line (what the corpus's -verify run checks in CI); the words of
    # the expected message only where TensorScope reports nothing there.
    for f, (funcs, bugs, *rest) in corpus.items():
        at_line = defaultdict(set)
        for line, kind, _ in all_results[0][f][0]:
            at_line[line].add(kind)
        bugs[:] = [(line, next(iter(at_line[line])) if len(at_line[line]) == 1 else kind, text)
                   for line, kind, text in bugs]
    rows, rows_common = [], []
    common = {f: c for f, c in corpus.items() if f not in auto_scope}
    for (name, _), results, secs in zip(TOOLS, all_results, seconds):
        s = score(corpus, results)
        s["seconds"], s["tool"] = secs, name
        rows.append(s)
        c = score(common, {f: r for f, r in results.items() if f in common})
        c["tool"] = name
        rows_common.append(c)

    ts = rows[0]
    if ts["exact"] != ts["bugs"] or ts["false_alarms"]:
        problems.append("TensorScope: %d of %d seeded bugs reported at their line, %d false alarms "
                        "(the corpus's own -verify run in test/lint says which)"
                        % (ts["exact"], ts["bugs"], ts["false_alarms"]))
    nfuncs = sum(len(c[0]) for c in corpus.values())
    ncorrect = sum(1 for c in corpus.values() for fn in c[0]
                   if not any(fn[1] <= b[0] <= fn[2] for b in c[1]))
    out = render(rows, len(files), nfuncs, ncorrect, problems, opt.verbose, rows_common,
                 len(auto_scope), controls)
    print(out)
    if opt.markdown:
        with open(opt.markdown, "w") as f:
            f.write(out + "\n")
    return 1 if problems else 0


def render(rows, nfiles, nfuncs, ncorrect, problems, verbose, rows_common, n_auto, controls):
    """A Markdown section for docs/performance.md: the table, the goals as
    **PASS**/**MISS** rows (bench/run-all.sh gathers those), and with
    `verbose` every miss and false alarm."""
    ts = rows[0]
    out = ["### Lint quality: the corpus through three checkers", "",
           "The lint corpus `test/lint/` (%d files, %d functions: %d with seeded bugs marked "
           "`expected-warning`, %d correct) through TensorScope's lint, `clang --analyze` "
           "(`ownership_returns/takes/holds(malloc, ...)`) and `gcc -fanalyzer` "
           "(`malloc(t_free, 1)`), the annotations re-spelled by `bench/lint-quality/shim/`. "
           "A bug is found when the tool warns of its kind in its function; a false alarm is an "
           "ownership warning in a correct function; other warnings are counted apart. Seconds: "
           "wall time for the whole corpus, one file at a time." % (nfiles, nfuncs, nfuncs - ncorrect, ncorrect),
           "",
           "| tool | seeded bugs found | false alarms | other warnings | seconds | crashes |",
           "|---|---:|---:|---:|---:|---:|"]
    for s in rows:
        out.append("| %s | %d / %d | %d | %d | %.1f | %d |" % (
            s["tool"], s["found"], s["bugs"], s["false_alarms"], s["other"], s["seconds"], len(s["crashes"])))
    out += ["", "Without the %d files whose code is correct only under TensorScope's automatic "
            "scopes (`TSCOPE_AUTO`), which the analyzers cannot know:" % n_auto, "",
            "| tool | seeded bugs found | false alarms | other warnings |", "|---|---:|---:|---:|"]
    for s in rows_common:
        out.append("| %s | %d / %d | %d | %d |" % (s["tool"], s["found"], s["bugs"], s["false_alarms"], s["other"]))
    if controls:
        out += ["", "Left out: %d files that test TensorScope's controls rather than bug finding "
                "(suppressions, `TSCOPE_NO_LINT`, `-w`/`-Werror`, `lint-error=`, fix-its, JSON): %s."
                % (len(controls), ", ".join(controls))]
    out += ["", "| goal | measured | result |", "|---|---|---|",
            "| TensorScope reports every seeded bug at its line | %d / %d | **%s** |"
            % (ts["exact"], ts["bugs"], "PASS" if ts["exact"] == ts["bugs"] and ts["bugs"] else "MISS"),
            "| TensorScope: no warning on correct code | %d false alarms | **%s** |"
            % (ts["false_alarms"], "PASS" if not ts["false_alarms"] else "MISS")]
    details = []
    for s in rows:
        for title, key in (("missed", "missed"), ("false alarms", "alarms"), ("crashes", "crashes")):
            if s[key] and (verbose or key == "crashes" or s is ts):
                details.append("%s, %s (%d):" % (s["tool"], title, len(s[key])))
                details.extend("  " + x for x in s[key])
    if details:
        out += ["", "```"] + details + ["```"]
    if problems:
        out.append("")
        out.extend("**SELF-CHECK FAILED**: " + p + "  " for p in problems)
    return "\n".join(out)


if __name__ == "__main__":
    sys.exit(main())
