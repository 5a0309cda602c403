#!/usr/bin/env python3
"""wrapper-cost.py -- what the tscope-cc wrapper itself costs per compile.

On the TUs of a compile database (GSL's doc/examples: many small programs,
where a fixed cost per compile shows most), three configurations, all
-fsyntax-only with the GSL API description:
  plain    clang -fsyntax-only
  direct   clang -I<runtime include> -fplugin=tensorscope.so
           -fplugin-arg-tensorscope-api=gsl.yaml   (what tscope-cc execs)
  wrapper  tscope-cc --tscope-api=gsl -fsyntax-only
and, with --old-wrapper FILE, the same through another wrapper (e.g. the
bash script tscope-cc was before).  Each compile is one child process; its
CPU seconds (user + system of it and its children, from wait4) and its wall
seconds are taken.  The configurations are interleaved per TU and repeated;
each TU's figure is its minimum over the repeats.  Ratios are against plain
on the same TUs in the same run; wrapper - direct, per compile, is the
wrapper's own cost.  A compile that fails in any configuration is an error:
a broken build must not print a good number."""

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from measure import base_args  # noqa: E402  (the same flags as the main table)


def run(argv, cwd):
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        try:
            os.chdir(cwd)
            devnull = os.open(os.devnull, os.O_RDWR)
            for fd in (0, 1, 2):
                os.dup2(devnull, fd)
            os.execv(argv[0], argv)
        finally:
            os._exit(127)
    _, status, usage = os.wait4(pid, 0)
    wall = time.monotonic() - start
    code = os.waitstatus_to_exitcode(status)
    return code, usage.ru_utime + usage.ru_stime, wall


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--db", required=True, help="folder with compile_commands.json")
    p.add_argument("--clang-bindir", required=True)
    p.add_argument("--build", required=True, help="TensorScope build dir (bin/, lib/, include/)")
    p.add_argument("--api", required=True, help="the GSL API description file")
    p.add_argument("--old-wrapper", help="another wrapper to time the same way")
    p.add_argument("--tus", type=int, default=0, help="at most this many TUs (0: all)")
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--json")
    opt = p.parse_args()
    # The compiles run in each entry's directory.
    opt.build, opt.api = os.path.abspath(opt.build), os.path.abspath(opt.api)
    if opt.old_wrapper:
        opt.old_wrapper = os.path.abspath(opt.old_wrapper)

    entries = json.load(open(os.path.join(opt.db, "compile_commands.json")))
    if opt.tus and len(entries) > opt.tus:
        step = len(entries) / opt.tus
        entries = [entries[int(i * step)] for i in range(opt.tus)]
    clang = os.path.join(opt.clang_bindir, "clang")
    plugin = os.path.join(opt.build, "lib", "tensorscope.so")
    inc = os.path.join(opt.build, "include")
    wrapper = os.path.join(opt.build, "bin", "tscope-cc")
    configs = [
        ("plain", "clang -fsyntax-only", lambda f: [clang, "-fsyntax-only"] + f),
        ("direct", "clang -fsyntax-only -fplugin=tensorscope.so (api=gsl)",
         lambda f: [clang, "-I" + inc, "-fplugin=" + plugin,
                    "-fplugin-arg-tensorscope-api=" + opt.api, "-fsyntax-only"] + f),
        ("wrapper", "tscope-cc -fsyntax-only --tscope-api=gsl",
         lambda f: [wrapper, "--tscope-api=gsl", "-fsyntax-only"] + f),
    ]
    if opt.old_wrapper:
        configs.append(("old", "old wrapper %s -fsyntax-only --tscope-api=gsl" % opt.old_wrapper,
                        lambda f: [opt.old_wrapper, "--tscope-api=gsl", "-fsyntax-only"] + f))

    best = {name: {} for name, _, _ in configs}
    failures = []
    for r in range(opt.repeat):
        for i, e in enumerate(entries):
            flags = base_args(e)
            for name, _, make in configs:
                code, cpu, wall = run(make(flags), e["directory"])
                if code != 0:
                    failures.append("%s: %s exited %d" % (e["file"], name, code))
                    continue
                old = best[name].get(i)
                best[name][i] = (min(cpu, old[0]), min(wall, old[1])) if old else (cpu, wall)
        print("wrapper-cost: round %d of %d done" % (r + 1, opt.repeat), file=sys.stderr)
    if failures:
        print("wrapper-cost: FAILED compiles:\n  " + "\n  ".join(sorted(set(failures))[:20]),
              file=sys.stderr)
        sys.exit(1)

    n = len(entries)
    tot = {name: (sum(v[0] for v in best[name].values()), sum(v[1] for v in best[name].values()))
           for name, _, _ in configs}
    base_cpu, base_wall = tot["plain"]
    lines = ["| configuration (%d TUs, min of %d) | CPU s | x plain | wall s | x plain |" % (n, opt.repeat),
             "|---|---:|---:|---:|---:|"]
    for name, label, _ in configs:
        cpu, wall = tot[name]
        lines.append("| %s | %.2f | %.2fx | %.2f | %.2fx |" % (label, cpu, cpu / base_cpu, wall, wall / base_wall))
    per = lambda a, b, k: (tot[a][k] - tot[b][k]) / n * 1000.0  # noqa: E731
    lines.append("")
    lines.append("Wrapper's own cost per compile (tscope-cc minus the direct command): "
                 "%+.2f ms CPU, %+.2f ms wall." % (per("wrapper", "direct", 0), per("wrapper", "direct", 1)))
    if opt.old_wrapper:
        lines.append("The old wrapper's: %+.2f ms CPU, %+.2f ms wall." %
                     (per("old", "direct", 0), per("old", "direct", 1)))
    print("\n".join(lines))
    if opt.json:
        json.dump({"tus": n, "repeat": opt.repeat, "totals": tot}, open(opt.json, "w"), indent=1)


if __name__ == "__main__":
    main()
