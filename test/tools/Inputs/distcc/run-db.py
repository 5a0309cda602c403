#!/usr/bin/env python3
"""run-db.py BUILD_DIR -- runs every compile command of
BUILD_DIR/compile_commands.json in its directory, one after the other, the
way the build that wrote the database would (with `distcc tscope-cc` entries:
a distributed build).  Each command's stdout and stderr are passed through;
exits 1 naming the first entry that failed."""
import json
import os
import shlex
import subprocess
import sys

if len(sys.argv) != 2:
    sys.exit("usage: run-db.py BUILD_DIR")
path = os.path.join(sys.argv[1], "compile_commands.json")
try:
    with open(path) as f:
        entries = json.load(f)
except (OSError, ValueError) as e:
    sys.exit("run-db.py: %s: %s" % (path, e))
status = 0
for n, e in enumerate(entries, 1):
    argv = e["arguments"] if "arguments" in e else shlex.split(e["command"])
    rc = subprocess.call(argv, cwd=e["directory"])
    if rc != 0:
        sys.stderr.write("run-db.py: %s entry %d (%s) exited %d\n" % (path, n, e["file"], rc))
        status = 1
        break
sys.exit(status)
