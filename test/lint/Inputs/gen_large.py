"""Writes a C function of about N lines with many branches, loops and
tensors, plus one seeded leak at the end, to stdout.  Used by
large-function.test: the lint must finish on it (it is linear in function
size: no path enumeration) and still find the seeded leak."""
import sys

lines = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
out = ['#include "tensor.h"', "int more(void);", "",
       "float big(size_t n, int a, int b, int c) {",
       "  float acc = 0;",
       "  tensor *keep = t_zeros_or_die(n);"]
i = 0
while len(out) < lines - 8:
    k = i % 4
    if k == 0:
        out += ["  if (a > %d) {" % i,
                "    tensor *t%d = t_ones(n);" % i,
                "    if (!t%d) { t_free(keep); return acc; }" % i,
                "    acc += t_sum(t%d);" % i,
                "    t_free(t%d);" % i,
                "  } else if (b > %d) {" % i,
                "    acc -= 1;",
                "  }"]
    elif k == 1:
        out += ["  for (int i%d = 0; i%d < c; i%d++) {" % (i, i, i),
                "    tensor *u%d = t_zeros_or_die(n);" % i,
                "    if (more()) { t_free(u%d); continue; }" % i,
                "    acc += t_sum(u%d) + t_sum(keep);" % i,
                "    t_free(u%d);" % i,
                "  }"]
    elif k == 2:
        out += ["  switch ((a + %d) %% 3) {" % i,
                "  case 0: acc += 1; break;",
                "  case 1: acc += 2; /* falls through */",
                "  default: acc += 3;",
                "  }"]
    else:
        out += ["  tensor *v%d = NULL;" % i,
                "  if (c > %d) v%d = t_ones(n);" % (i, i),
                "  if (v%d) { acc += t_sum(v%d); t_free(v%d); }" % (i, i, i)]
    i += 1
out += ["  tensor *seeded = t_ones(n);",
        "  if (!seeded) { t_free(keep); return acc; }",
        "  acc += t_sum(seeded);",
        "  t_free(keep);",
        "  return acc; // SEEDED-LEAK",
        "}"]
print("\n".join(out))
