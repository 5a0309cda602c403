/*
 * timeline_test.c -- timeline=PATH: live tensors per creation site sampled
 * every timeline_interval_ms, one JSON object per line (checked by
 * check_timeline.py).  The program grows then shrinks its live set.
 */
#include "check.h"

#include <time.h>

static void sleep_ms(long ms) {
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

int main(void) {
    static const tscope_site site = {"grow.c", 4, 0, "grow", "tensor_new"};
    static test_tensor *held[50];
    for (int i = 0; i < 50; i++) {
        held[i] = tscope_track(new_raw_tensor(i), test_tensor_free, &site);
        sleep_ms(4);
    }
    for (int i = 0; i < 49; i++)
        release_tensor(held[i]); /* one stays: the exit sample shows it */
    sleep_ms(60);
    return 0;
}
