/* A program whose report has something to draw: per step it creates a
 * weight update that leaks (30 at exit, from make_update) and scratch
 * tensors that a scope releases (none at exit, but visible in the
 * timeline while the scope is open).  Steps sleep so the sampler sees the
 * live count grow. */
#include <stdlib.h>
#include <time.h>
#include <tensorscope.h>

static void *make_update(void) { return tscope_track(malloc(32), free, TSCOPE_HERE); }
static void *make_scratch(void) { return tscope_track(malloc(32), free, TSCOPE_HERE); }

int main(void)
{
    struct timespec pause = {0, 3 * 1000 * 1000};
    for (int step = 0; step < 30; step++) {
        tscope_scope *s = tscope_scope_begin(TSCOPE_HERE);
        for (int i = 0; i < 4; i++)
            (void)make_scratch();
        (void)tscope_detach(make_update());
        nanosleep(&pause, NULL);
        tscope_scope_end(s);
    }
    return 0;
}
