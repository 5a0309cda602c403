/* Uses the runtime by hand (no plugin): scopes, detach, weak references, a
 * leak at exit.  Its output is checked by same-behaviour.c. */
#include <stdio.h>
#include <stdlib.h>
#include <tensorscope.h>

static void release(void *p) { free(p); }

static void *make(void) {
  return tscope_track(malloc(32), release, TSCOPE_HERE_API("malloc"));
}

int main(void) {
  void *kept = NULL;
  TSCOPE_SCOPE {
    make();
    make();
    kept = tscope_detach(make());
  }
  tscope_weak w = tscope_weak_ref(kept);
  // CHECK: live after scope: 1, weak alive: 1
  printf("live after scope: %zu, weak alive: %d\n", tscope_live_count(),
         tscope_weak_get(w) != NULL);
  if (tscope_release(kept, TSCOPE_HERE))
    free(kept);
  // CHECK-NEXT: live after release: 0, weak alive: 0
  printf("live after release: %zu, weak alive: %d\n", tscope_live_count(),
         tscope_weak_get(w) != NULL);
  fflush(stdout);
  make(); /* leaked on purpose */
  return 0;
}
// CHECK: TensorScope: 1 tensors leaked from 1 sites
