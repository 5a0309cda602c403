#!/usr/bin/env python3
"""measure.py -- compile-time cost of TensorScope's lint and instrumentation
against plain clang and the two static analyzers, on real code.

Reads a compile database, picks an evenly spread sample of its TUs and
compiles each of them in every configuration, one process at a time,
measuring the child's CPU time (user + system, from wait4).  CPU time, not
wall time, because the machine is shared: other processes slow our wall
clock but not our CPU seconds.  Configurations are interleaved per TU and
repeated; each TU's figure is its minimum over the repeats.  Every ratio is
taken against plain `clang -fsyntax-only` on the SAME TUs in the same run.

The analyzers are 10-100x slower, so they run on a smaller subset (every
k-th TU of the sample); their ratio is against plain on that subset and the
table says so.  Any TU that fails in any configuration is reported: a broken
build must not print a good number."""

import argparse
import json
import os
import resource
import subprocess
import sys
import time

CONFIGS = [
    # name, label, which TUs: "all" of the sample, the "o2" subset, the
    # "analyzer" subset (the slower a configuration, the fewer TUs)
    ("plain", "clang -fsyntax-only", "all"),
    ("lint", "clang -fsyntax-only + TensorScope lint", "all"),
    ("o2", "clang -O2 -c", "o2"),
    ("o2_tscope", "clang -O2 -c + TensorScope (lint + instrumentation)", "o2"),
    ("analyze", "clang --analyze", "analyzer"),
    ("fanalyzer", "gcc -fanalyzer (-O2 -c)", "analyzer"),
]


# The pair the goal (lint <= +15% over -fsyntax-only) is about: repeated,
# min taken.  The others are far from any goal boundary and run once.
REPEATED = ("plain", "lint")


def base_args(entry):
    """The entry's flags without compiler, output, -c and dependency flags."""
    args = entry.get("arguments")
    if args is None:
        import shlex
        args = shlex.split(entry["command"])
    out, skip = [], False
    for a in args[1:]:
        if skip:
            skip = False
        elif a in ("-o", "-MF", "-MT", "-MQ"):
            skip = True
        elif a in ("-c", "-MD", "-MMD", "-MP"):
            pass
        else:
            out.append(a)
    return out


def command(name, entry, opt):
    flags = base_args(entry)
    plugin = ["-fplugin=" + opt.plugin] + (["-fplugin-arg-tensorscope-api=" + opt.api] if opt.api else [])
    clang = os.path.join(opt.clang_bindir, "clang")
    if name == "plain":
        return [clang, "-fsyntax-only"] + flags
    if name == "lint":
        return [clang, "-fsyntax-only"] + flags + plugin
    if name == "o2":
        return [clang] + flags + ["-O2", "-c", "-o", os.devnull]
    if name == "o2_tscope":
        return [clang] + flags + ["-O2", "-c", "-o", os.devnull] + plugin
    if name == "analyze":
        return [clang, "--analyze", "-o", os.devnull] + flags
    if name == "fanalyzer":
        return [opt.gcc, "-fanalyzer", "-O2", "-c", "-o", os.devnull] + flags
    raise ValueError(name)


def measure(argv, cwd, timeout):
    """(cpu seconds, wall seconds, returncode, stderr tail) of one compile;
    returncode None on timeout.  The caller is single-threaded, so the
    growth of RUSAGE_CHILDREN around the call is this child's CPU time.
    getrusage, not os.times(): times() counts in clock ticks (10 ms here,
    a tenth of a small compile), getrusage in microseconds."""
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.monotonic()
    p = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE)
    try:
        _, err = p.communicate(timeout=timeout)
        rc = p.returncode
    except subprocess.TimeoutExpired:
        p.kill()
        _, err = p.communicate()
        rc = None
    wall, after = time.monotonic() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, rc, err.decode(errors="replace")


def first_error(stderr):
    lines = stderr.strip().splitlines()
    errors = [l for l in lines if "error" in l]
    return (errors or lines or ["(no output)"])[0][:300]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", required=True, help="directory with compile_commands.json")
    ap.add_argument("--clang-bindir", required=True)
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--api", default="", help="API description file (gsl.yaml); empty: none")
    ap.add_argument("--gcc", default="gcc")
    ap.add_argument("--tus", type=int, default=300, help="TUs in the sample (default 300)")
    ap.add_argument("--o2-tus", type=int, default=100, help="TUs for the two -O2 -c configurations")
    ap.add_argument("--analyzer-tus", type=int, default=40, help="TUs for --analyze/-fanalyzer")
    ap.add_argument("--repeat", type=int, default=2,
                    help="runs of plain and lint, the pair the +15%% goal compares (others run once)")
    ap.add_argument("--timeout", type=int, default=600, help="seconds per compile")
    ap.add_argument("--json", help="write the raw results here")
    opt = ap.parse_args()

    entries = json.load(open(os.path.join(opt.db, "compile_commands.json")))
    step = max(1, len(entries) // opt.tus)
    sample = entries[::step][:opt.tus]
    def spread(n):  # n TUs evenly spread over the sample
        step = max(1, len(sample) // max(1, n))
        return set(range(0, len(sample), step)[:n])
    subsets = {"all": set(range(len(sample))), "o2": spread(opt.o2_tus),
               "analyzer": spread(opt.analyzer_tus)}

    best = {}      # (config, tu index) -> min cpu seconds
    wall = {}      # config -> wall seconds, summed over the first repeat
    failures = []  # (config, file, message)
    t0 = time.monotonic()
    for rep in range(opt.repeat):
        for i, e in enumerate(sample):
            for name, _, subset in CONFIGS:
                if rep > 0 and name not in REPEATED:
                    continue
                if i not in subsets[subset]:
                    continue
                if (name, i) in best and best[(name, i)] is None:
                    continue  # failed already
                cpu, w, rc, err = measure(command(name, e, opt), e["directory"], opt.timeout)
                if rc != 0:
                    failures.append((name, os.path.join(e["directory"], e["file"]),
                                     "timeout" if rc is None else "exit %d: %s" % (rc, first_error(err))))
                    best[(name, i)] = None
                    continue
                prev = best.get((name, i))
                best[(name, i)] = cpu if prev is None else min(prev, cpu)
                if rep == 0:
                    wall[name] = wall.get(name, 0.0) + w
            if (i + 1) % 25 == 0:
                sys.stderr.write("measure: repeat %d/%d, %d/%d TUs, %.0fs\n"
                                 % (rep + 1, opt.repeat, i + 1, len(sample), time.monotonic() - t0))

    # Totals only over TUs that succeeded in every configuration compared.
    def total(name, idx):
        return sum(best[(name, i)] for i in idx)

    def ok(subset):  # TUs of the subset that succeeded in all its configurations and plain
        names = ["plain"] + [n for n, _, sub in CONFIGS if sub == subset]
        return [i for i in sorted(subsets[subset]) if all(best.get((n, i)) is not None for n in names)]
    rows = []
    for name, label, subset in CONFIGS:
        idx = ok(subset)
        if not idx:
            rows.append({"config": name, "label": label, "tus": 0})
            continue
        t, base = total(name, idx), total("plain", idx)
        rows.append({"config": name, "label": label, "tus": len(idx), "cpu_s": t,
                     "plain_cpu_s": base, "ratio": t / base if base else float("nan"),
                     "subset": subset})
    result = {"api": opt.api or "none", "sample": len(sample), "database": len(entries),
              "o2_subset": len(subsets["o2"]), "analyzer_subset": len(subsets["analyzer"]),
              "repeat": opt.repeat, "rows": rows, "failures": failures,
              "seconds": time.monotonic() - t0}
    if opt.json:
        with open(opt.json, "w") as f:
            json.dump(result, f, indent=1)
    print_table(result)
    return 0


def print_table(r):
    """Markdown for docs/performance.md (bench/run-all.sh collects the
    **PASS**/**MISS** rows into its goals table)."""
    by = {row["config"]: row for row in r["rows"]}
    print("Compile time of %d of GSL's %d library translation units (an evenly spread sample), "
          "CPU seconds of the compiler process (user + system: the machine is shared, so wall "
          "time is not used). `-fsyntax-only` and the lint ran %d times interleaved, minimum "
          "per TU; the others once, the `-O2 -c` pair on %d and the analyzers on %d of the TUs "
          "(the slower, the fewer); every ratio is against `-fsyntax-only` on the same TUs. "
          "API description: `%s`."
          % (r["sample"], r["database"], r["repeat"], r["o2_subset"], r["analyzer_subset"],
             os.path.basename(r["api"])))
    print()
    print("| configuration | TUs | CPU s | `-fsyntax-only` on the same TUs | ratio |")
    print("|---|---:|---:|---:|---:|")
    for row in r["rows"]:
        if not row["tus"]:
            print("| %s | 0 | - | - | failed |" % row["label"])
            continue
        print("| %s | %d | %.2f | %.2f | %.2fx |" % (
            row["label"], row["tus"], row["cpu_s"], row["plain_cpu_s"], row["ratio"]))
    print()
    if by["o2"].get("cpu_s") and by["o2_tscope"].get("cpu_s"):
        print("TensorScope (lint + instrumentation) over plain `clang -O2 -c` on the same TUs: %+.1f%%."
              % ((by["o2_tscope"]["cpu_s"] / by["o2"]["cpu_s"] - 1) * 100))
        print()
    if by["lint"].get("ratio"):
        over = (by["lint"]["ratio"] - 1) * 100
        print("| goal | measured | result |")
        print("|---|---|---|")
        print("| lint <= +15%% over `clang -fsyntax-only` (%d GSL TUs) | %+.1f%% | **%s** |"
              % (by["lint"]["tus"], over, "PASS" if over <= 15 else "MISS"))
        print()
    if r["failures"]:
        print("%d compiles failed (left out of the totals):" % len(r["failures"]))
        print()
        print("```")
        for name, f, msg in r["failures"][:20]:
            print("%s: %s: %s" % (name, f, msg))
        print("```")


if __name__ == "__main__":
    sys.exit(main())
