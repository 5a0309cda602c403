/* Uses the runtime by hand (no plugin): scopes, a detach, a double release
 * and a leak, so both runtime builds have something to report. */
#include <tensorscope.h>
#include <stdio.h>
#include <stdlib.h>
static void release_block(void *p) { free(p); }
int main(void) {
  tscope_scope *s = tscope_scope_begin(NULL);
  void *a = tscope_track(malloc(16), release_block, NULL);
  void *kept = tscope_detach(tscope_track(malloc(16), release_block, NULL));
  (void)a;
  tscope_scope_end(s);
  printf("live after scope: %d\n", tscope_generation(kept) != 0);
  int first = tscope_release(kept, NULL);
  if (first) free(kept);
  void *b = tscope_track(malloc(8), release_block, NULL);
  if (tscope_release(b, NULL)) free(b);
  printf("released twice: skipped=%d\n", tscope_release(b, NULL) == 0);
  fflush(stdout);
  return 0;
}
