/* Compiles only as C++ (a reference parameter): an entry whose compiler is
 * g++ must be linted by clang++, which compiles a .c file as C++. */
#include "toy.h"

static void make_into(toy *&out, int n) { out = nullptr; (void)n; }

void cxx_only(int n) {
  toy *t;
  make_into(t, n);
  toy_new(n);
}
