// No findings from system headers.
// RUN: %lint_verify -isystem %S/Inputs/sys %s
// expected-no-diagnostics
#include <leaky_sys.h>

void user(size_t n) { sys_helper(n); }
