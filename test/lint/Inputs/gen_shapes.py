"""gen_shapes.py SHAPE N: writes one C function of a pathological shape,
of size N, against tensor.h, to stdout.  linear-cost.test compiles each
shape at N and 2N with lint-stats=1 and checks that the lint's work grows
linearly.  Shapes:
  nest      N nested for loops around one tensor create/release
  exits     N early returns, each after a create that is released first
  tensors   N tensors created one after another, each NULL-checked and
            released before the next (short lives: the common case)
  live      N tensors alive at once, each NULL-checked, released at the end
  long      a long function of N lines mixing branches, loops, switches
            and tensors (the shape of gen_large.py)
  rounds    N local arrays, each filled by a loop and released by a
            release round (ArrayRounds.cpp), then one element read
"""
import sys

shape, n = sys.argv[1], int(sys.argv[2])
out = ['#include "tensor.h"', "int more(int);", ""]
if shape == "nest":
    out.append("float f(size_t n, int *a) {")
    out.append("  float acc = 0;")
    for i in range(n):
        out.append("  for (int i%d = 0; i%d < a[%d]; i%d++)" % (i, i, i % 7, i))
    out.append("  { tensor *t = t_zeros_or_die(n); acc += t_sum(t); t_free(t); }")
    out.append("  return acc;")
    out.append("}")
elif shape == "exits":
    out.append("float f(size_t n) {")
    out.append("  float acc = 0;")
    for i in range(n):
        out.append("  tensor *t%d = t_ones(n);" % i)
        out.append("  if (!t%d) return acc;" % i)
        out.append("  acc += t_sum(t%d);" % i)
        out.append("  t_free(t%d);" % i)
        out.append("  if (more(%d)) return acc;" % i)
    out.append("  return acc;")
    out.append("}")
elif shape == "tensors":
    out.append("float f(size_t n) {")
    out.append("  float acc = 0;")
    for i in range(n):
        out.append("  tensor *t%d = t_ones(n);" % i)
        out.append("  if (t%d) { acc += t_sum(t%d); t_free(t%d); }" % (i, i, i))
    out.append("  return acc;")
    out.append("}")
elif shape == "live":
    out.append("float f(size_t n) {")
    out.append("  float acc = 0;")
    for i in range(n):
        out.append("  tensor *t%d = t_zeros_or_die(n);" % i)
        out.append("  if (more(%d)) acc += t_sum(t%d);" % (i, i))
    for i in range(n):
        out.append("  t_free(t%d);" % i)
    out.append("  return acc;")
    out.append("}")
elif shape == "long":
    out.append("float f(size_t n, int a, int b, int c) {")
    out.append("  float acc = 0;")
    out.append("  tensor *keep = t_zeros_or_die(n);")
    i = 0
    while len(out) < n:
        k = i % 4
        if k == 0:
            out += ["  if (a > %d) {" % i, "    tensor *t%d = t_ones(n);" % i,
                    "    if (!t%d) { t_free(keep); return acc; }" % i,
                    "    acc += t_sum(t%d);" % i, "    t_free(t%d);" % i,
                    "  } else if (b > %d) {" % i, "    acc -= 1;", "  }"]
        elif k == 1:
            out += ["  for (int i%d = 0; i%d < c; i%d++) {" % (i, i, i),
                    "    tensor *u%d = t_zeros_or_die(n);" % i,
                    "    if (more(%d)) { t_free(u%d); continue; }" % (i, i),
                    "    acc += t_sum(u%d) + t_sum(keep);" % i, "    t_free(u%d);" % i, "  }"]
        elif k == 2:
            out += ["  switch ((a + %d) %% 3) {" % i, "  case 0: acc += 1; break;",
                    "  case 1: acc += 2; /* falls through */", "  default: acc += 3;", "  }"]
        else:
            out += ["  tensor *v%d = NULL;" % i, "  if (c > %d) v%d = t_ones(n);" % (i, i),
                    "  if (v%d) { acc += t_sum(v%d); t_free(v%d); }" % (i, i, i)]
        i += 1
    out += ["  t_free(keep);", "  return acc;", "}"]
elif shape == "rounds":
    out.append("float f(size_t n, int k) {")
    out.append("  float acc = 0;")
    out.append("  if (k > 4) return 0;")
    for i in range(n):
        out += ["  {", "    tensor *a%d[4];" % i,
                "    for (int i = 0; i < k; i++) a%d[i] = t_zeros_or_die(n);" % i,
                "    acc += k ? t_sum(a%d[0]) : 0;" % i,
                "    for (int i = 0; i < k; i++) t_free(a%d[i]);" % i, "  }"]
    out.append("  return acc;")
    out.append("}")
else:
    sys.exit("gen_shapes.py: unknown shape '%s' (nest, exits, tensors, live, long, rounds)" % shape)
print("\n".join(out))
