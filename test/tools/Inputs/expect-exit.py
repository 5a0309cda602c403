#!/usr/bin/env python3
"""expect-exit.py CODE COMMAND... -- runs COMMAND, passes its stdout and
stderr through, and fails unless it exits with exactly CODE (lit's `not`
only tells zero from non-zero; tscope-lint's 1 and 2 mean different things)."""
import subprocess
import sys

want = int(sys.argv[1])
rc = subprocess.call(sys.argv[2:])
sys.stdout.flush()
if rc != want:
    sys.stderr.write("expect-exit.py: %s exited %d, expected %d\n" % (sys.argv[2], rc, want))
    sys.exit(1)
print("exit status %d" % rc)
