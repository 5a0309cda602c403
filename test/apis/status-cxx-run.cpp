// success: 'F($N) == V' with a C++ API: F (status_code) has a mangled
// symbol, which the instrumentation calls (a call to a plain `status_code`
// would not link).  A failed create is not tracked; a leaked one is
// reported with the user's line.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -c -O1 -I%api_inputs/outarray -o %t/cxxapi.o %api_inputs/outarray/cxxapi.cpp
// RUN: %clangxx %tscope_plugin -fplugin-arg-tensorscope-api=%api_inputs/outarray/cxxapi.yaml -fplugin-arg-tensorscope-lint=0 -I%api_inputs/outarray -O0 -o %t/run0 %s %t/cxxapi.o %rtlib
// RUN: %clangxx %tscope_plugin -fplugin-arg-tensorscope-api=%api_inputs/outarray/cxxapi.yaml -fplugin-arg-tensorscope-lint=0 -I%api_inputs/outarray -O2 -o %t/run2 %s %t/cxxapi.o %rtlib
// RUN: %t/run0 > %t/run0.out 2> %t/run0.err
// RUN: %t/run2 > %t/run2.out 2> %t/run2.err
// RUN: FileCheck %s --check-prefix=OUT < %t/run0.out
// RUN: FileCheck %s --check-prefix=OUT < %t/run2.out
// RUN: FileCheck %s < %t/run0.err
// RUN: FileCheck %s < %t/run2.err
#include "cxxapi.h"
#include <cstdio>

int main() {
  cstatus *s = status_new();
  cthing *kept = nullptr;
  thing_make(2.0, &kept, s); // CHECK: TensorScope: 1 tensor created at {{.*}}status-cxx-run.cpp:[[#@LINE]] in main (thing_make(double, cthing**, cstatus*))
  std::printf("kept: %g\n", thing_value(kept));
  cthing *freed = nullptr;
  thing_make(3.0, &freed, s);
  thing_free(freed);
  cthing *failed = nullptr;
  thing_make(-1.0, &failed, s); // not tracked: status_code(s) != C_OK
  std::printf("failed: %d\n", (int)status_code(s));
  status_free(s);
  return 0;
}
// OUT: kept: 2
// OUT: failed: 3
// CHECK-NOT: thing_make
// CHECK: TensorScope: 1 tensors leaked from 1 sites
