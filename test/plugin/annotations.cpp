// Annotations in C++: keys are the names the IR carries (mangled), the
// source name is shown; member functions count `this` as index 1, as
// Clang's ownership_* attributes do.
// RUN: %clangxx -fsyntax-only %tscope_plugin -fplugin-arg-tensorscope-lint=0 \
// RUN:   -fplugin-arg-tensorscope-dump-roles=1 %s | FileCheck %s
// RUN: %clangxx -c -O2 %tscope_plugin -fplugin-arg-tensorscope-lint=0 \
// RUN:   -fplugin-arg-tensorscope-dump-roles=1 %s -o %t.o | FileCheck %s
#include <tensorscope.h>

struct Tensor;
extern "C" Tensor *c_new(void) TSCOPE_CREATES;
extern "C" void c_free(Tensor *) TSCOPE_RELEASES(1);
namespace nn {
Tensor *make(int n) TSCOPE_CREATES TSCOPE_RELEASED_BY(nn::drop);
void drop(Tensor *t) TSCOPE_RELEASES(1);
struct Pool {
  void give(Tensor *t) TSCOPE_CONSUMES(2);
  static void put(Tensor *t) TSCOPE_RELEASES(1);
};
} // namespace nn
// Names that are not identifiers (constructors, destructors, operators,
// conversions) are keyed by their mangled names like any other.
struct Mat {
  Mat();
  ~Mat();
  Mat &operator=(const Mat &);
  operator bool() const;
};
Mat operator*(const Mat &, const Mat &);
Tensor *operator+(const Mat &, int) TSCOPE_CREATES;
template <class T> struct Holder { Holder(T) {} };
Holder(int) -> Holder<long>; // a deduction guide: no symbol, no role

// CHECK: tscope-roles: 7 functions
// CHECK-NEXT: tscope-role: _ZN2nn4Pool3putEP6Tensor name=nn::Pool::put releases(1) accepts_null=1 source=annotation
// CHECK-NEXT: tscope-role: _ZN2nn4Pool4giveEP6Tensor name=nn::Pool::give consumes(2) source=annotation
// CHECK-NEXT: tscope-role: _ZN2nn4dropEP6Tensor name=nn::drop releases(1) accepts_null=1 source=annotation
// CHECK-NEXT: tscope-role: _ZN2nn4makeEi name=nn::make creates null=may release=_ZN2nn4dropEP6Tensor source=annotation
// CHECK-NEXT: tscope-role: _ZplRK3Mati name=operator+ creates null=may release=? source=annotation
// CHECK-NEXT: tscope-role: c_free releases(1) accepts_null=1 source=annotation
// CHECK-NEXT: tscope-role: c_new creates null=may release=c_free source=annotation
