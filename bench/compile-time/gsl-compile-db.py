#!/usr/bin/env python3
"""gsl-compile-db.py GSL_SRC OUT_DIR -- writes OUT_DIR/compile_commands.json
for GSL's library sources (every .c named by a lib*_la_SOURCES variable in
a Makefile.am: the translation units `make` would compile), with the flags
GSL's automake makefiles use: -DHAVE_CONFIG_H -I. -I$(top_builddir)
(= $(top_srcdir) here) -g -O2.  Building GSL under `bear` gives the same commands
but takes many minutes on a small machine; this takes none.
Also writes OUT_DIR/examples/compile_commands.json for doc/examples/*.c."""

import glob
import json
import os
import re
import subprocess
import sys


def sources(makefile_am):
    text = open(makefile_am, encoding="utf-8").read().replace("\\\n", " ")
    for m in re.finditer(r"^\s*lib\w*_la_SOURCES\s*=(.*)$", text, re.M):
        for word in m.group(1).split():
            if word.endswith(".c"):
                yield word


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: gsl-compile-db.py GSL_SRC OUT_DIR")
    src, out = (os.path.abspath(a) for a in sys.argv[1:])
    if not os.path.isfile(os.path.join(src, "config.h")):
        sys.exit("gsl-compile-db.py: %s has no config.h: run ./configure there first" % src)
    entries = []
    for mk in sorted(glob.glob(os.path.join(src, "*", "Makefile.am"))):
        d = os.path.dirname(mk)
        for c in sorted(set(sources(mk))):
            if not os.path.isfile(os.path.join(d, c)):
                sys.exit("gsl-compile-db.py: %s names %s, which does not exist" % (mk, c))
            obj = c[:-2] + ".o"
            entries.append({"directory": d, "file": c, "output": obj,
                            "arguments": ["cc", "-DHAVE_CONFIG_H", "-I.", "-I" + src,
                                          "-g", "-O2", "-c", "-o", obj, c]})
    if len(entries) < 300:
        sys.exit("gsl-compile-db.py: only %d library sources found in %s" % (len(entries), src))
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "compile_commands.json"), "w") as f:
        json.dump(entries, f, indent=1)
    # The examples are user programs: they see the installed headers, as a
    # user's build would (libgsl-dev), not the source tree's.
    # Some files there are fragments the manual shows (no includes, or a
    # function without its struct): those that gcc cannot compile on their
    # own are left out, and named.  config.h (siman_tsp.c) comes last.
    ex_dir = os.path.join(src, "doc", "examples")
    examples, fragments = [], []
    for c in sorted(glob.glob(os.path.join(ex_dir, "*.c"))):
        args = ["cc", "-O2", "-idirafter", src, "-c", "-o", "/dev/null", os.path.basename(c)]
        ok = subprocess.run(["gcc", "-fsyntax-only"] + args[1:5] + [args[-1]], cwd=ex_dir,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0
        if ok:
            examples.append({"directory": ex_dir, "file": os.path.basename(c), "arguments": args})
        else:
            fragments.append(os.path.basename(c))
    os.makedirs(os.path.join(out, "examples"), exist_ok=True)
    with open(os.path.join(out, "examples", "compile_commands.json"), "w") as f:
        json.dump(examples, f, indent=1)
    print("%d library TUs, %d examples (%d fragments that do not compile alone left out: %s)"
          % (len(entries), len(examples), len(fragments), " ".join(fragments)))


if __name__ == "__main__":
    main()
