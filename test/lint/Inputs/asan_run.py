#!/usr/bin/env python3
"""asan_run.py CLANG [FLAGS...] -- FILE: checks a corpus program's expected
outcome at run time.  FILE has a `main` under `#ifdef LINT_MAIN` and one
line `// ASAN: KIND`, KIND one of
  clean             runs to the end, exit status 0, no ASan report
  leak              LeakSanitizer reports a leak at exit
  double-free       ASan: attempting double-free
  use-after-free    ASan: heap-use-after-free
  bad-free          ASan: free of an address malloc never returned (a view)
Lines `// ASAN-FLAGS: ...` add flags for the link (e.g. -lgsl).  A .cpp
FILE is built with clang++ (the compiler's name with ++).
It is compiled with FLAGS, -fsanitize=address and the toy library
(toy_tensor.c, beside this script), run, and the first thing ASan reports
must be KIND.  So the corpus's bug / correct-code labels are checked by
running the code, not assumed.  Prints `asan: FILE: KIND` on success."""
import os
import re
import subprocess
import sys
import tempfile

args = sys.argv[1:]
sep = args.index("--")
compiler, src = args[:sep], args[sep + 1]
here = os.path.dirname(os.path.abspath(__file__))
name = os.path.basename(src)

kinds = re.findall(r"//\s*ASAN:\s*([\w-]+)", open(src, encoding="utf-8").read())
if len(kinds) != 1:
    sys.exit("asan_run: %s: needs exactly one '// ASAN: KIND' line (found %d)"
             % (name, len(kinds)))
want = kinds[0]
SIGNS = [  # (kind, what ASan prints), checked in this order
    ("double-free", "attempting double-free"),
    ("bad-free", "attempting free on address which was not malloc()-ed"),
    ("use-after-free", "heap-use-after-free"),
    ("leak", "detected memory leaks"),
]
if want not in [k for k, _ in SIGNS] + ["clean"]:
    sys.exit("asan_run: %s: unknown ASAN kind '%s'" % (name, want))

extra = " ".join(re.findall(r"//\s*ASAN-FLAGS:(.*)", open(src, encoding="utf-8").read())).split()
if src.endswith(".cpp"):
    compiler = [compiler[0] + "++"] + compiler[1:]

with tempfile.TemporaryDirectory() as d:
    exe = os.path.join(d, "prog")
    cc = compiler + ["-fsanitize=address", "-fno-omit-frame-pointer", "-g", "-O0",
                     "-DLINT_MAIN", "-I" + here, "-w", src,
                     os.path.join(here, "toy_tensor.c"), "-o", exe] + extra
    p = subprocess.run(cc, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if p.returncode != 0:
        sys.exit("asan_run: %s does not build:\n%s" % (name, p.stdout[-3000:]))
    env = dict(os.environ)
    env["ASAN_OPTIONS"] = "detect_leaks=1:halt_on_error=1:abort_on_error=0"
    r = subprocess.run([exe], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True, env=env, timeout=60)
    got = next((k for k, sign in SIGNS if sign in r.stdout), None)
    if got is None:
        got = "clean" if r.returncode == 0 else "exit status %d" % r.returncode
    if got != want:
        sys.exit("asan_run: %s: expected %s at run time, got %s:\n%s"
                 % (name, want, got, r.stdout[-3000:]))
print("asan: %s: %s" % (name, want))
