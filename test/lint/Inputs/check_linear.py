"""check_linear.py SHAPE N LINT...: lints gen_shapes.py SHAPE at N and 2N
with lint-stats=1 (LINT is the compile command, ending before the file
name) and fails unless the work at 2N is at most 2.3 times the work at N
(linear growth doubles it; a quadratic cost would quadruple it).  The work
counter is deterministic, so this is a test of behaviour, not of time."""
import os
import re
import subprocess
import sys
import tempfile

shape, n, lint = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
here = os.path.dirname(os.path.abspath(__file__))
STATS = re.compile(r"lint-stats: '(\w+)': (\d+) blocks, (\d+) visits, work (\d+)")


def work(size):
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "%s%d.c" % (shape, size))
        with open(src, "w") as f:
            subprocess.run([sys.executable, os.path.join(here, "gen_shapes.py"), shape, str(size)],
                           stdout=f, check=True)
        p = subprocess.run(lint + ["-fplugin-arg-tensorscope-lint-stats=1", src],
                           stderr=subprocess.PIPE, text=True)
        if p.returncode != 0:
            sys.exit("check_linear: the lint failed on %s:\n%s" % (src, p.stderr[-2000:]))
        found = [m for m in STATS.finditer(p.stderr) if m.group(1) == "f"]
        if len(found) != 1:
            sys.exit("check_linear: no lint-stats line for 'f' in:\n" + p.stderr[-2000:])
        return int(found[0].group(2)), int(found[0].group(4))


b1, w1 = work(n)
b2, w2 = work(2 * n)
ratio = w2 / w1
print("%s: N=%d: %d blocks, work %d; 2N: %d blocks, work %d; ratio %.2f"
      % (shape, n, b1, w1, b2, w2, ratio))
if b2 < 1.8 * b1:
    sys.exit("check_linear: the function at 2N is not twice as large (%d vs %d blocks)" % (b2, b1))
if ratio > 2.3:
    sys.exit("check_linear: %s grows faster than linearly: work x%.2f for twice the size"
             % (shape, ratio))
print("linear")
