#include "toy.h"

void broken(int n) {
  toy_new(n)
}
