#!/usr/bin/env python3
"""make-db.py OUT_DIR [options] SOURCE... -- writes OUT_DIR/compile_commands.json
for the given sources (absolute paths, as CMake and bear write them), the way
a real build would compile them: -c, -o, dependency-file flags included, so
the tests prove tscope-lint drops them.
  --form arguments|command   which JSON form to write (default arguments)
  --compiler NAME            argv[0] of every entry (default cc)
  --flag FLAG                an extra compile flag (repeatable)
  --relative                 "file" relative to "directory" (default absolute)"""
import argparse
import json
import os
import shlex

ap = argparse.ArgumentParser()
ap.add_argument("out")
ap.add_argument("sources", nargs="+")
ap.add_argument("--form", choices=["arguments", "command"], default="arguments")
ap.add_argument("--compiler", default="cc")
ap.add_argument("--flag", action="append", default=[])
ap.add_argument("--include", action="append", default=[])
ap.add_argument("--relative", action="store_true")
a = ap.parse_args()
entries = []
for src in a.sources:
    src = os.path.abspath(src)
    d, base = os.path.split(src)
    obj = os.path.join(a.out, base + ".o")
    argv = a.compiler.split() + ["-I" + os.path.abspath(i) for i in a.include] + a.flag + [
        "-MD", "-MF", obj + ".d", "-c", "-o", obj, base if a.relative else src]
    e = {"directory": d, "file": base if a.relative else src}
    if a.form == "arguments":
        e["arguments"] = argv
    else:
        e["command"] = " ".join(shlex.quote(x) for x in argv)
    entries.append(e)
os.makedirs(a.out, exist_ok=True)
with open(os.path.join(a.out, "compile_commands.json"), "w") as f:
    json.dump(entries, f, indent=1)
