#!/usr/bin/env python3
"""report.py -- the Markdown section of bench/cache from the raw results.

  report.py --wall WALL.tsv --rounds R --n N [--instr INSTR.tsv]

WALL.tsv: rows "impl op best_ns median_ns" (bench_cache wall and
tensoraskey_bench.py).  INSTR.tsv: rows "impl op instructions_per_op"
(callgrind).  Prints the section on stdout; exits 1 when a row is missing.
"""
import argparse
import sys

TSCOPE = "tscope_cache"
GLIB = "glib_ghashtable_gweakref"
PYTHON = "python_lru_cache_tensoraskey"
IMPLS = [(TSCOPE, "tscope_cache"), (GLIB, "GHashTable + GWeakRef"),
         (PYTHON, "Python lru_cache + TensorAsKey")]
OPS = [("hit", "hit (prebuilt key)"), ("hit_build", "hit, building the key"),
       ("miss", "miss"), ("put", "put of a new key into a full cache (evicts one)")]
GOAL = 10.0  # tscope hit vs GLib hit


def read_rows(path, width):
    rows = {}
    with open(path) as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) != width or line.startswith("#"):
                continue
            rows[(parts[0], parts[1])] = [float(x) for x in parts[2:]]
    return rows


def fmt_ns(v):
    return "%.0f" % v if v >= 100 else "%.1f" % v


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--wall", required=True)
    ap.add_argument("--rounds", type=int, required=True)
    ap.add_argument("--n", type=int, required=True)
    ap.add_argument("--instr")
    a = ap.parse_args()
    wall = read_rows(a.wall, 4)
    instr = read_rows(a.instr, 3) if a.instr else {}
    for impl in (TSCOPE, GLIB):
        for op, _ in OPS:
            if (impl, op) not in wall:
                sys.exit("report.py: no result for %s %s" % (impl, op))

    out = []
    out.append("### Cache keyed weakly by tensors: get and put beside GLib and PyTorch's approach\n")
    out.append("Workload (the PyTorch BSR one): %d live matrices, each keyed by its two index "
               "tensors (crow_indices, col_indices) plus shape and block sizes; caches of %d "
               "entries; time per operation (thread CPU time, so descheduled time on the shared machine does not count), best and median of %d interleaved rounds "
               "of %d operations. Ratios use the best times (the machine is shared). "
               "Python rows are net of the loop's own cost.\n" % (256, 256, a.rounds, a.n))
    out.append("| operation | " + " | ".join("%s ns (best / median)" % label for _, label in IMPLS)
               + " | GLib / tscope | Python / tscope |")
    out.append("|---|---|---|---|---|---|")
    for op, label in OPS:
        cells = []
        for impl, _ in IMPLS:
            r = wall.get((impl, op))
            cells.append("%s / %s" % (fmt_ns(r[0]), fmt_ns(r[1])) if r else "n/a")
        t = wall[(TSCOPE, op)][0]
        ratios = []
        for impl in (GLIB, PYTHON):
            r = wall.get((impl, op))
            ratios.append("%.1fx" % (r[0] / t) if r and t > 0 else "n/a")
        out.append("| %s | %s | %s |" % (label, " | ".join(cells), " | ".join(ratios)))
    out.append("")
    if instr:
        out.append("Instructions per operation (callgrind, counting only the measured loop; "
                   "(I(2N) - I(N)) / N):\n")
        out.append("| operation | tscope_cache | GHashTable + GWeakRef | GLib / tscope |")
        out.append("|---|---|---|---|")
        for op, label in OPS:
            t, g = instr.get((TSCOPE, op)), instr.get((GLIB, op))
            if t and g:
                out.append("| %s | %.0f | %.0f | %.1fx |" % (label, t[0], g[0], g[0] / t[0]))
        out.append("")
    ratio = wall[(GLIB, "hit")][0] / wall[(TSCOPE, "hit")][0]
    median_ratio = wall[(GLIB, "hit")][1] / wall[(TSCOPE, "hit")][1]
    out.append("The goal is judged on best times (median ratio this run: %.1fx).\n"
               % median_ratio)
    out.append("| goal | measured | result |")
    out.append("|---|---|---|")
    out.append("| cache hit at least %gx faster than GHashTable + GWeakRef | %.1fx | **%s** |"
               % (GOAL, ratio, "PASS" if ratio >= GOAL else "MISS"))
    print("\n".join(out))


if __name__ == "__main__":
    main()
