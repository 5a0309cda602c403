#include "toy.h"

/* The created tensor is dropped: a leak under every lint configuration. */
void leaky(int n) {
  toy_new(n);
}
