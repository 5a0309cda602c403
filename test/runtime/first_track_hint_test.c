/*
 * first_track_hint_test.c -- every track leaves this thread a hint, also
 * one that took the general path (registry.c: track_general; here the
 * first tensor of a fresh process, whose shard has no table yet).  The
 * observable: the tensor's release then takes the hint path and puts its
 * tombstone in this thread's history ring, which goes round like its
 * neighbours' and forgets it; released by the probing path instead, the
 * tombstone went to its shard's ring and was still remembered (a second
 * release reported after 150,000 newer ones, every time in a fresh
 * process).  Run with double_release=skip and a small history, so the
 * ring goes round soon.
 */
#include "check.h"
#include "tensorscope.h"

enum { N = 20000 };
static char cells[N][16];

int main(void) {
    /* The first track of the process: no shard has a table yet. */
    CHECK(tscope_track(cells[0], NULL, TSCOPE_HERE) == cells[0]);
    CHECK_EQ(tscope_release(cells[0], TSCOPE_HERE), 1);
    for (int i = 1; i < N; i++) {
        CHECK(tscope_track(cells[i], NULL, TSCOPE_HERE) == cells[i]);
        CHECK_EQ(tscope_release(cells[i], TSCOPE_HERE), 1);
    }
    /* Forgotten like every other old tombstone: a release of a handle the
     * runtime no longer knows passes silently. */
    CHECK_EQ(tscope_release(cells[0], TSCOPE_HERE), 1);
    /* The newest is remembered: its second release is reported. */
    CHECK_EQ(tscope_release(cells[N - 1], TSCOPE_HERE), 0);
    CHECK_EQ(tscope_live_count(), 0);
    CHECK_DONE();
}
