// C++ owners of C tensors (issue 12): std::unique_ptr with a deleter type
// and with a function-pointer deleter, reset() and release(), and
// std::shared_ptr with a deleter; an exception unwinding through them.
// REQUIRES: gsl
// RUN: env TS_PLUGIN_ARGS=-fplugin-arg-tensorscope-api=%apis/gsl.yaml %same_run_cxx %s -lgsl -lgslcblas -lm
#include <gsl/gsl_matrix.h>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <vector>

struct MatrixDeleter {
  void operator()(gsl_matrix *m) const { gsl_matrix_free(m); }
};
using Owned = std::unique_ptr<gsl_matrix, MatrixDeleter>;
using OwnedFp = std::unique_ptr<gsl_matrix, void (*)(gsl_matrix *)>;

static double work(int round) {
  double sum = 0;
  Owned a(gsl_matrix_alloc(3, 3));
  gsl_matrix_set_all(a.get(), round);
  sum += gsl_matrix_get(a.get(), 0, 0);
  a.reset(gsl_matrix_alloc(2, 2));
  OwnedFp b(gsl_matrix_alloc(4, 4), gsl_matrix_free);
  sum += b->size1;
  b.reset(gsl_matrix_alloc(5, 5));
  gsl_matrix *raw = b.release();
  gsl_matrix_free(raw);
  std::shared_ptr<gsl_matrix> c(gsl_matrix_alloc(2, 3), gsl_matrix_free);
  std::shared_ptr<gsl_matrix> c2 = c;
  sum += c2->size2;
  std::vector<Owned> many;
  for (int i = 0; i < 5; i++)
    many.emplace_back(gsl_matrix_calloc(2, 2));
  if (round % 7 == 3)
    throw std::runtime_error("round");
  return sum;
}

int main() {
  double sum = 0;
  int thrown = 0;
  for (int round = 0; round < 300; round++) {
    try {
      sum += work(round);
    } catch (const std::exception &) {
      thrown++;
    }
  }
  std::printf("sum %g, thrown %d\n", sum, thrown);
  return 0;
}
