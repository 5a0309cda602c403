#!/usr/bin/env python3
"""analyze.py -- the tables and checks of test/gsl/run.sh (docs/gsl-check.md).

Reads the two GSL trees after their `make check` (the automake harness's
per-test .trs and .log files), valgrind's log of the plain matrix/test, the
heap-loop figures and the phase times that run.sh collected, prints the
tables, appends its checks to the checks file and prints the summary of
every check, ending with `N passed, N failed`.  Exit status 1 when a check
failed.

Every line of the instrumented test logs that starts with "TensorScope" or
"tensorscope:" (the runtime's ts_diag prefix, the report's, and the lower
case prefix of a few runtime and plugin messages) is collected and
classified; the only one allowed is the leak report of matrix/test, which
must name the same test_complex_source.c lines as valgrind does.
"""
import argparse
import collections
import os
import re
import subprocess
import sys

PREFIX = re.compile(r"^(TensorScope|tensorscope:)")
CATEGORIES = ["double release", "lost", "leak report", "scope", "other"]
LEAK_SITE = re.compile(r"^TensorScope: (\d+) tensors? created at (.*?):(\d+) in (\S+)(?: \((\S+)\))?$")
LEAK_TOTAL = re.compile(r"^TensorScope: (\d+) tensors leaked from (\d+) sites$")
# The real leak: matrix/test and matrix/test_static (test_static.c runs the
# same test sources) leak vectors created in this file (docs/gsl-check.md).
LEAK_MODULE, LEAK_PROGRAMS, LEAK_FILE = "matrix", ("test", "test_static"), "test_complex_source.c"


def classify(line):
    if "double release of tensor" in line:
        return "double release"
    if "was lost" in line:
        return "lost"
    if line.startswith("TensorScope: leak report:"):
        return "leak report"
    if LEAK_SITE.match(line) or LEAK_TOTAL.match(line):
        return None  # part of a leak report, counted with its header
    if "scope" in line:
        return "scope"
    return "other"


def tests_of(tree):
    """[(module, program, result)] from the .trs files of tree."""
    out = []
    for dirpath, _, files in os.walk(tree):
        for f in files:
            if not f.endswith(".trs"):
                continue
            result = "?"
            with open(os.path.join(dirpath, f), errors="replace") as fh:
                for line in fh:
                    if line.startswith(":test-result:"):
                        result = line.split(":", 2)[2].strip()
            module = os.path.relpath(dirpath, tree)
            out.append((module, f[:-4], result))
    return sorted(out)


def read_reports(tree, tests):
    """{(module, program): [block]}; a block is [head line, continuation lines...]."""
    reports = {}
    for module, prog, _ in tests:
        path = os.path.join(tree, module, prog + ".log")
        blocks = []
        try:
            with open(path, errors="replace") as fh:
                for raw in fh:
                    line = raw.rstrip("\n")
                    if PREFIX.match(line):
                        blocks.append([line])
                    elif blocks and line.startswith(" ") and len(blocks[-1]) < 64:
                        blocks[-1].append(line)
                    elif blocks and not line.startswith(" "):
                        # a program line ends the block; remember nothing of it
                        blocks.append(None)
        except OSError:
            continue
        blocks = [b for b in blocks if b]
        if blocks:
            reports[(module, prog)] = blocks
    return reports


def valgrind_lines(path):
    """(lines {(file, line): blocks}, total definitely lost blocks, error) from
    valgrind --leak-check=full: each definitely lost record, located at its
    first frame in a test*.c file."""
    try:
        text = open(path, errors="replace").read()
    except OSError:
        return {}, 0, "no valgrind log (%s)" % path
    sites = collections.Counter()
    total = 0
    # records are separated by '==PID== ' lines
    for rec in re.split(r"\n==\d+== *\n", text):
        m = re.search(r"bytes in ([\d,]+) blocks are definitely lost in loss record", rec)
        if not m:
            continue
        blocks = int(m.group(1).replace(",", ""))
        total += blocks
        for fm in re.finditer(r"(?:at|by) 0x[0-9A-F]+: (\S+) \(([^:()]+):(\d+)\)", rec):
            if os.path.basename(fm.group(2)).startswith("test"):
                sites[(os.path.basename(fm.group(2)), int(fm.group(3)))] += blocks
                break
        else:
            sites[("?", 0)] += blocks
    if "ERROR SUMMARY" not in text:
        return sites, total, "valgrind did not finish (%s)" % path
    return sites, total, None


def leak_sites(blocks):
    """{(file, line): tensors}, total from the leak report blocks."""
    sites, total = collections.Counter(), 0
    for b in blocks:
        m = LEAK_SITE.match(b[0])
        if m:
            sites[(os.path.basename(m.group(2)), int(m.group(3)))] += int(m.group(1))
        m = LEAK_TOTAL.match(b[0])
        if m:
            total += int(m.group(1))
    return sites, total


def nm_symbols(path):
    """{object: (defined text symbols, undefined symbols)} of an archive or
    program (one entry for a program)."""
    out = collections.defaultdict(lambda: (set(), set()))
    try:
        text = subprocess.run(["nm", "-A", path], capture_output=True, text=True).stdout
    except OSError:
        return {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) != 3:
            continue
        where = parts[0].rpartition(":")[0]  # 'ARCHIVE:OBJECT:ADDRESS' or 'PROGRAM:ADDRESS'

        if len(parts) == 3 and parts[1] in "TtW":
            out[where][0].add(parts[2])
        elif len(parts) == 3 and parts[1] == "U":
            out[where][1].add(parts[2])
    return out


def is_elf(path):
    try:
        with open(path, "rb") as fh:
            return fh.read(4) == b"\x7fELF"
    except OSError:
        return False


def needed(path):
    text = subprocess.run(["readelf", "-d", path], capture_output=True, text=True).stdout
    return re.findall(r"\(NEEDED\).*\[(.*)\]", text)


def verify_instrumented(plain, instr, tests, check):
    """The instrumented test programs run instrumented GSL code: every
    program whose plain twin links a function from an object that, in the
    instrumented libgsl.a, calls the runtime contains the runtime; no plain
    program contains it; none links a shared libgsl."""
    objs = nm_symbols(os.path.join(instr, ".libs", "libgsl.a"))
    calling = {o for o, (_, und) in objs.items() if any(u.startswith("tscope_") for u in und)}
    funcs = set()
    for o in calling:
        funcs |= {f for f in objs[o][0] if f.startswith("gsl_")}
    progs = expected = have = 0
    missing, plain_with, shared = [], [], []
    for module, prog, _ in tests:
        ip, pp = os.path.join(instr, module, prog), os.path.join(plain, module, prog)
        if not is_elf(ip):
            continue  # a test script (e.g. test_gsl_histogram.sh)
        progs += 1
        isyms = set().union(*[d for d, _ in nm_symbols(ip).values()] or [set()])
        psyms = set().union(*[d for d, _ in nm_symbols(pp).values()] or [set()])
        runtime = "tscope_track" in isyms or "tscope_release" in isyms
        have += runtime
        if psyms & funcs:
            expected += 1
            if not runtime:
                missing.append("%s/%s" % (module, prog))
        if any(s.startswith("tscope_") for s in psyms):
            plain_with.append("%s/%s" % (module, prog))
        if any(n.startswith("libgsl") for n in needed(ip) + (needed(pp) if is_elf(pp) else [])):
            shared.append("%s/%s" % (module, prog))
    detail = ("instrumented libgsl.a: %d of %d objects call the runtime (%d gsl_ functions); "
              "%d of %d test programs link such a function, %d contain the runtime; plain programs with it: %d; "
              "linking a shared libgsl: %d" % (len(calling), len(objs), len(funcs), expected, progs, have,
                                                len(plain_with), len(shared)))
    if missing:
        detail += "; without the runtime: " + ", ".join(missing[:6])
    check("instrumented code runs", bool(calling) and progs > 0 and expected > 0 and not missing
          and not plain_with and not shared, detail)


def table(rows, header, right=()):
    widths = [max(len(str(r[i])) for r in [header] + rows) for i in range(len(header))]
    def fmt(r):
        return "  ".join(str(c).rjust(w) if i in right else str(c).ljust(w)
                         for i, (c, w) in enumerate(zip(r, widths))).rstrip()
    print(fmt(header))
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print(fmt(r))


def field(block, prefix):
    for line in block[1:]:
        s = line.strip()
        if s.startswith(prefix):
            return s[len(prefix):].strip()
    return "?"


def short_site(s):
    """'file.c:12 in fn (api)' -> 'file.c:12 fn (api)'"""
    return re.sub(r"^(?:by the scope begun at |at )", "", s).replace(" in ", " ", 1)


def main():
    ap = argparse.ArgumentParser()
    # --valgrind: the folder of valgrind's logs, MODULE-PROGRAM.log
    for a in ("--plain", "--instr", "--valgrind", "--heap", "--checks", "--out", "--times"):
        ap.add_argument(a, required=True)
    ap.add_argument("--heap-allow", type=int, default=int(os.environ.get("HEAP_ALLOW_BYTES", "0")))
    args = ap.parse_args()
    checks = []

    def check(name, ok, detail):
        checks.append(("PASS" if ok else "FAIL", name, detail))

    # ---- test results ---------------------------------------------------
    results = {}
    for name, tree in (("plain", args.plain), ("instrumented", args.instr)):
        if not os.path.isfile(os.path.join(tree, ".tscope-built")):
            continue
        tests = tests_of(tree)
        results[name] = tests
        bad = [t for t in tests if t[2] != "PASS"]
        detail = "%d of %d test programs PASS" % (len(tests) - len(bad), len(tests))
        if bad:
            detail += "; not PASS: " + ", ".join("%s/%s %s" % b for b in bad[:8])
            if len(bad) > 8:
                detail += ", ..."
        check(name + " make check", bool(tests) and not bad, detail)

    # ---- reports --------------------------------------------------------
    instr_tests = results.get("instrumented", [])
    if instr_tests:
        verify_instrumented(args.plain, args.instr, instr_tests, check)
    reports = read_reports(args.instr, instr_tests) if instr_tests else {}
    per_module = collections.OrderedDict()
    for module, prog, result in instr_tests:
        m = per_module.setdefault(module, {"tests": 0, "pass": 0, "leaked": 0, "false": 0,
                                           **{c: 0 for c in CATEGORIES}})
        m["tests"] += 1
        m["pass"] += result == "PASS"
    false_reports = collections.Counter()
    allowed_blocks = collections.defaultdict(list)  # program -> its leak report lines
    samples = collections.defaultdict(list)
    pairs = collections.defaultdict(collections.Counter)
    for (module, prog), blocks in sorted(reports.items()):
        m = per_module[module]
        is_real_leak = module == LEAK_MODULE and prog in LEAK_PROGRAMS
        in_leak = False
        for b in blocks:
            c = classify(b[0])
            if c is None and in_leak:  # a site or the total line of a leak report
                if is_real_leak:
                    allowed_blocks[prog].append(b)
                    continue
                s = LEAK_SITE.match(b[0])
                if s:
                    pairs["leak report"][(short_site("%s:%s in %s%s" % (
                        s.group(2), s.group(3), s.group(4), " (%s)" % s.group(5) if s.group(5) else "")),
                        "%s/%s" % (module, prog))] += int(s.group(1))
                t = LEAK_TOTAL.match(b[0])
                if t:
                    m["leaked"] += int(t.group(1))
                continue
            in_leak = c == "leak report"
            if c is None:
                c = "other"
            m[c] += 1
            if c == "leak report" and is_real_leak:
                continue
            m["false"] += 1
            false_reports[c] += 1
            if len(samples[c]) < 3:
                samples[c].append(("%s/%s" % (module, prog), b))
            if c == "double release":
                pairs[c][(short_site(field(b, "created at")), short_site(field(b, "first released")),
                          short_site(field(b, "released again at")))] += 1
            elif c == "lost":
                mm = re.search(r"created at (.*) was lost: its address was tracked again at (.*?), so", b[0])
                if mm:
                    pairs[c][(short_site(mm.group(1)), short_site(mm.group(2)))] += 1
            elif c != "leak report":
                pairs[c][(re.sub(r"0x[0-9a-f]+", "0x...", b[0])[:150], "%s/%s" % (module, prog))] += 1
        if is_real_leak:
            m["real"] = m.get("real", 0) + sum(int(LEAK_TOTAL.match(b[0]).group(1))
                                               for b in allowed_blocks[prog] if LEAK_TOTAL.match(b[0]))

    if reports:
        # every collected line, for a closer look after the trees are rebuilt
        with open(os.path.join(args.out, "reports.txt"), "w") as fh:
            for (module, prog), blocks in sorted(reports.items()):
                for b in blocks:
                    fh.write("%s/%s: %s\n" % (module, prog, "\n    ".join(b)))
    if instr_tests:
        print()
        print("== TensorScope lines in the instrumented test logs, per module"
              " (all of them: %s/reports.txt)" % args.out)
        print("   (leak report: reports, with the tensors they list leaked outside %s's real leak in"
              " 'leaked'; real: tensors of the real leak;" % LEAK_MODULE)
        print("    false: every line but the real leak's report; modules without any line and"
              " with every test PASS are left out)")
        cols = ["double release", "lost", "leak report", "leaked", "scope", "other", "false", "real"]
        rows, tot, quiet = [], collections.Counter(), 0
        for module, m in per_module.items():
            for c in cols + ["tests", "pass"]:
                tot[c] += m.get(c, 0)
            if not any(m.get(c, 0) for c in cols) and m["pass"] == m["tests"]:
                quiet += 1
                continue
            rows.append([module, "%d/%d" % (m["pass"], m["tests"])] + [m.get(c, 0) for c in cols])
        rows.append(["(%d quiet modules)" % quiet] + [""] * (len(cols) + 1))
        rows.append(["total", "%d/%d" % (tot["pass"], tot["tests"])] + [tot[c] for c in cols])
        table(rows, ["module", "PASS"] + cols, right=range(1, len(cols) + 2))

    # ---- where the false reports come from --------------------------------
    for c in CATEGORIES:
        if not pairs.get(c):
            continue
        print()
        if c == "double release":
            print("== double releases by (created at, first released at, released again at); top 12 of %d"
                  % len(pairs[c]))
            rows = [[n, a, b, r] for (a, b, r), n in pairs[c].most_common(12)]
            table(rows, ["count", "created at", "first released", "released again at"], right=(0,))
            again, api = collections.Counter(), collections.Counter()
            for (a, _, r), n in pairs[c].items():
                again[r] += n
                api[re.sub(r".*\((.*)\)$", r"\1", a)] += n
            print()
            print("== double releases by where the second release is; top 8 of %d" % len(again))
            table([[n, r] for r, n in again.most_common(8)], ["count", "released again at"], right=(0,))
            print()
            print("== double releases by the create of the first tensor; top 8 of %d" % len(api))
            table([[n, a] for a, n in api.most_common(8)], ["count", "created by"], right=(0,))
        elif c == "lost":
            print("== lost tensors by (created at, tracked again at); top 12 of %d" % len(pairs[c]))
            rows = [[n, a, b] for (a, b), n in pairs[c].most_common(12)]
            table(rows, ["count", "created at", "tracked again at"], right=(0,))
        elif c == "leak report":
            print("== leaked tensors outside %s/{%s}, by creation site; top 12 of %d"
                  % (LEAK_MODULE, "/".join(LEAK_PROGRAMS), len(pairs[c])))
            rows = [[n, a, b] for (a, b), n in pairs[c].most_common(12)]
            table(rows, ["tensors", "created at", "program"], right=(0,))
        else:
            print("== %s lines; top 12 of %d" % (c, len(pairs[c])))
            rows = [[n, a, b] for (a, b), n in pairs[c].most_common(12)]
            table(rows, ["count", "line", "program"], right=(0,))
    if samples.get("double release"):
        print()
        print("== the first double-release report")
        where, b = samples["double release"][0]
        print("(%s.log)" % where)
        for line in b[:20]:
            print("  " + line)

    if instr_tests:
        n = sum(false_reports.values())
        detail = ("none" if not n else
                  ", ".join("%d %s" % (false_reports[c], c) for c in CATEGORIES if false_reports[c]))
        check("no false reports", n == 0, detail)

    # ---- the real leak ----------------------------------------------------
    print()
    print("== the real leak: valgrind --leak-check=full on the plain %s/ programs vs TensorScope's"
          " leak report on the instrumented ones" % LEAK_MODULE)
    rows, vg_ok, same = [], True, True
    vg_detail, ts_detail = [], []
    for prog in LEAK_PROGRAMS:
        vg_sites, vg_total, vg_err = valgrind_lines(os.path.join(args.valgrind, "%s-%s.log" % (LEAK_MODULE, prog)))
        ts_sites, ts_total = leak_sites(allowed_blocks.get(prog, []))
        for k in sorted(set(vg_sites) | set(ts_sites)):
            rows.append(["%s/%s" % (LEAK_MODULE, prog), "%s:%d" % k, vg_sites.get(k, 0), ts_sites.get(k, 0)])
        rows.append(["%s/%s" % (LEAK_MODULE, prog), "total", vg_total, ts_total])
        if vg_err:
            vg_ok = False
            vg_detail.append("%s: %s" % (prog, vg_err))
        else:
            ok = vg_total > 0 and {f for f, _ in vg_sites} == {LEAK_FILE}
            vg_ok = vg_ok and ok
            vg_detail.append("%s: %d blocks definitely lost at %s" % (
                prog, vg_total, ", ".join("%s:%d" % k for k in sorted(vg_sites)) or "-"))
        same = same and not vg_err and bool(vg_sites) and dict(ts_sites) == dict(vg_sites) and ts_total == vg_total
        ts_detail.append("%s: %s" % (prog, ", ".join("%s:%d x%d" % (k[0], k[1], v)
                                                    for k, v in sorted(ts_sites.items())) or "no leak report"))
    table(rows, ["program", "creation site", "valgrind (blocks definitely lost)", "TensorScope (tensors)"],
          right=(2, 3))
    check("valgrind finds the matrix/ leak", vg_ok, "; ".join(vg_detail))
    if instr_tests:
        check("matrix/ leak at its real lines", same, "TensorScope: " + "; ".join(ts_detail)
              + (" (= valgrind)" if same else "; valgrind: " + "; ".join(vg_detail)))

    # ---- heap -------------------------------------------------------------
    heap = {}
    own_heap = {}  # valgrind: in use at exit less the runtime's own blocks
    try:
        for line in open(args.heap):
            parts = line.rstrip("\n").split("\t")
            if len(parts) == 4:
                key = (parts[0], parts[1], int(parts[2]))
                m = re.search(r"(?<!vg_)in_use=(\d+)", parts[3])
                heap[key] = int(m.group(1)) if m else None
                v = re.search(r"vg_in_use=(\d+) vg_own=(\d+)", parts[3])
                own_heap[key] = int(v.group(1)) - int(v.group(2)) if v else None
    except OSError:
        pass
    rounds = sorted({k[2] for k in heap})
    if heap:
        print()
        print("== heap in use at the end of heap-loop (mallinfo2().uordblks, bytes)")
        variants = [("plain", "plain"), ("plain", "instrumented"), ("tscope-cc", "instrumented")]
        rows = []
        for v in variants:
            vals = [heap.get(v + (n,)) for n in rounds]
            growth = (vals[-1] - vals[0]) if len(vals) > 1 and None not in vals else "?"
            rows.append(["%s loop, %s libgsl.a" % v] + [("?" if x is None else x) for x in vals] + [growth])
        table(rows, ["program"] + ["%d rounds" % n for n in rounds] + ["growth"], right=range(1, len(rounds) + 2))
        ref = [heap.get(("plain", "plain", n)) for n in rounds]
        for v in variants[1:]:
            vals = [heap.get(v + (n,)) for n in rounds]
            name = "%s loop + instrumented libgsl.a" % v[0]
            if None in vals or None in ref or len(rounds) < 2:
                check("heap: " + name, False, "did not build or run (see %s/heap/)" % args.out)
                continue
            g, g0 = vals[-1] - vals[0], ref[-1] - ref[0]
            check("heap does not grow: " + name, g == g0,
                  "%+d bytes from %d to %d rounds (plain %+d)" % (g, rounds[0], rounds[-1], g0))
            diff = [a - b for a, b in zip(vals, ref)]
            # The whole heap, the runtime's own tables included: shown, and
            # checked only when HEAP_ALLOW_BYTES asks for it.
            if args.heap_allow:
                check("whole heap within %d bytes of plain: %s" % (args.heap_allow, name),
                      all(0 <= d <= args.heap_allow for d in diff),
                      ", ".join("%+d bytes at %d rounds" % (d, n) for d, n in zip(diff, rounds)))
            else:
                print("   whole heap, %s: %s than plain (the runtime's own tables included)"
                      % (name, ", ".join("%+d bytes at %d rounds" % (d, n) for d, n in zip(diff, rounds))))
            own = [own_heap.get(v + (n,)) for n in rounds]
            own_ref = [own_heap.get(("plain", "plain", n)) for n in rounds]
            if None in own or None in own_ref:
                check("heap same as plain: " + name, False, "valgrind did not run (see %s/heap/)" % args.out)
            else:
                odiff = [a - b for a, b in zip(own, own_ref)]
                check("heap same as plain: " + name, all(d == 0 for d in odiff),
                      "program and library heap in use at exit (valgrind, the runtime's own blocks "
                      "excluded): %s; plain %s" % (", ".join("%d bytes at %d rounds" % (o, n) for o, n in zip(own, rounds)),
                                                   ", ".join("%d" % o for o in own_ref)))
    else:
        check("heap", False, "heap-loop did not run")
    errs = collections.Counter()
    hdir = os.path.join(args.out, "heap")
    for f in sorted(os.listdir(hdir)) if os.path.isdir(hdir) else []:
        if f.startswith("run-") and f.endswith(".err"):
            for line in open(os.path.join(hdir, f), errors="replace"):
                if PREFIX.match(line):
                    errs[classify(line.rstrip("\n")) or "leak report"] += 1
    if heap:
        check("heap-loop: no reports", not errs,
              ", ".join("%d %s lines" % (n, c) for c, n in errs.items()) or "none")

    # ---- times and summary --------------------------------------------------
    print()
    print("== times (wall clock)")
    rows = []
    try:
        for line in open(args.times):
            t, phase, secs, cached = line.rstrip("\n").split("\t")
            s = "?" if secs == "?" else "%dm%02ds" % divmod(int(secs), 60)
            rows.append([t, phase, s, "cached (time of the run that built it)" if cached else ""])
    except OSError:
        pass
    if rows:
        table(rows, ["tree", "phase", "time", ""], right=(2,))

    with open(args.checks) as fh:
        for line in fh:
            st, name, detail = line.rstrip("\n").split("\t", 2)
            checks.append((st, name, detail))
    # run.sh's checks first (build, instrumented code), then ours, in a fixed order
    order = ["plain build", "instrumented build", "plain make check", "instrumented make check",
             "instrumented code runs", "no false reports", "valgrind finds the matrix/ leak",
             "matrix/ leak at its real lines"]
    checks.sort(key=lambda c: order.index(c[1]) if c[1] in order else len(order))
    print()
    print("== summary")
    width = max(len(name) for _, name, _ in checks)
    for st, name, detail in checks:
        print("%s  %s  %s" % (st, name.ljust(width), detail))
    passed = sum(1 for c in checks if c[0] == "PASS")
    failed = len(checks) - passed
    print()
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
