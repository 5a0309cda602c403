/* consumer.c -- the smallest user of an installed TensorScope. */
#include <stdio.h>
#include <stdlib.h>
#include <tensorscope.h>

int main(void) {
    void *t = tscope_track(malloc(8), free, TSCOPE_HERE);
    printf("live %zu\n", tscope_live_count());
    if (tscope_release(t, TSCOPE_HERE))
        free(t);
    printf("live %zu\n", tscope_live_count());
    return 0;
}
