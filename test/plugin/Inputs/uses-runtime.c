/* Built by tscope-cc.test: the wrapper puts tensorscope.h on the include
 * path and links the runtime. */
#include <tensorscope.h>
#include <stdio.h>
#include <stdlib.h>
#ifndef GREETING
#error "-D must pass through the wrapper"
#endif
static void release_block(void *p) { free(p); }
int main(void) {
  void *t = tscope_track(malloc(32), release_block, TSCOPE_HERE);
  printf("%s tracked=%d\n", GREETING, tscope_generation(t) != 0);
  if (tscope_release(t, TSCOPE_HERE))
    free(t);
  return 0;
}
