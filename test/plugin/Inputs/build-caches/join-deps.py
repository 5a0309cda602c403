"""join-deps.py [FILE]: a make dependency file with its backslash line
continuations joined and runs of blanks made one, so a check does not
depend on where clang wrapped the line (that moves with the path length)."""
import sys

text = open(sys.argv[1]).read() if len(sys.argv) > 1 else sys.stdin.read()
for line in text.replace("\\\n", " ").splitlines():
    print(" ".join(line.split()))
