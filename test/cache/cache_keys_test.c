/*
 * cache_keys_test.c -- keys: tensor identity (address and generation, never
 * contents), plain parts, part boundaries and order, invalid keys.
 */
#include "test_tensor.h"

#include <stdint.h>
#include <string.h>

static int freed_values;
static void count_free(void *v) {
    (void)v;
    freed_values++;
}

static void key_of(tscope_key *k, tt_tensor *t, uint64_t extra) {
    tscope_key_init(k);
    CHECK_EQ(tscope_key_add_tensor(k, t), 0);
    CHECK_EQ(tscope_key_add_u64(k, extra), 0);
}

static void identity_not_contents(tscope_cache *c) {
    tt_tensor *a = tt_new(7), *b = tt_new(7); /* same contents */
    tscope_key ka, kb, ka2;
    key_of(&ka, a, 1);
    key_of(&kb, b, 1);
    key_of(&ka2, a, 1);
    static int va, vb;
    CHECK_EQ(tscope_cache_put(c, &ka, &va), 0);
    CHECK(tscope_cache_get(c, &ka2) == &va); /* same tensor, rebuilt key */
    CHECK(tscope_cache_get(c, &kb) == NULL); /* equal contents, other tensor */
    CHECK_EQ(tscope_cache_put(c, &kb, &vb), 0);
    CHECK(tscope_cache_get(c, &kb) == &vb);
    CHECK(tscope_cache_get(c, &ka) == &va);
    a->payload = 99; /* contents change: the identity key still matches */
    CHECK(tscope_cache_get(c, &ka2) == &va);
    tscope_cache_clear(c);
    tt_release(a);
    tt_release(b);
}

static void every_part_must_match(tscope_cache *c) {
    tt_tensor *a = tt_new(0), *b = tt_new(0);
    static int v;
    uint64_t shape[3] = {2, 3, 4};
    tscope_key k, probe;

    tscope_key_init(&k);
    tscope_key_add_tensor(&k, a);
    tscope_key_add_tensor(&k, b);
    tscope_key_add_bytes(&k, shape, sizeof shape);
    tscope_key_add_u64(&k, 5);
    CHECK_EQ(tscope_cache_put(c, &k, &v), 0);

    tscope_key_init(&probe); /* identical */
    tscope_key_add_tensor(&probe, a);
    tscope_key_add_tensor(&probe, b);
    tscope_key_add_bytes(&probe, shape, sizeof shape);
    tscope_key_add_u64(&probe, 5);
    CHECK(tscope_cache_get(c, &probe) == &v);

    tscope_key_init(&probe); /* tensors swapped */
    tscope_key_add_tensor(&probe, b);
    tscope_key_add_tensor(&probe, a);
    tscope_key_add_bytes(&probe, shape, sizeof shape);
    tscope_key_add_u64(&probe, 5);
    CHECK(tscope_cache_get(c, &probe) == NULL);

    tscope_key_init(&probe); /* one u64 differs */
    tscope_key_add_tensor(&probe, a);
    tscope_key_add_tensor(&probe, b);
    tscope_key_add_bytes(&probe, shape, sizeof shape);
    tscope_key_add_u64(&probe, 6);
    CHECK(tscope_cache_get(c, &probe) == NULL);

    tscope_key_init(&probe); /* one byte differs */
    uint64_t shape2[3] = {2, 3, 5};
    tscope_key_add_tensor(&probe, a);
    tscope_key_add_tensor(&probe, b);
    tscope_key_add_bytes(&probe, shape2, sizeof shape2);
    tscope_key_add_u64(&probe, 5);
    CHECK(tscope_cache_get(c, &probe) == NULL);

    tscope_key_init(&probe); /* a part missing */
    tscope_key_add_tensor(&probe, a);
    tscope_key_add_tensor(&probe, b);
    tscope_key_add_bytes(&probe, shape, sizeof shape);
    CHECK(tscope_cache_get(c, &probe) == NULL);

    tscope_key_init(&probe); /* the same bytes split differently */
    tscope_key_add_tensor(&probe, a);
    tscope_key_add_tensor(&probe, b);
    tscope_key_add_bytes(&probe, shape, 2 * sizeof shape[0]);
    tscope_key_add_bytes(&probe, shape + 2, sizeof shape[0]);
    tscope_key_add_u64(&probe, 5);
    CHECK(tscope_cache_get(c, &probe) == NULL);

    tscope_key_init(&probe); /* a tensor moved among the plain parts */
    tscope_key_add_tensor(&probe, a);
    tscope_key_add_bytes(&probe, shape, sizeof shape);
    tscope_key_add_tensor(&probe, b);
    tscope_key_add_u64(&probe, 5);
    CHECK(tscope_cache_get(c, &probe) == NULL);

    /* Shape [2,3] + strides [3,1] is not shape [2,3,3] + strides [1]. */
    uint64_t s23[2] = {2, 3}, st31[2] = {3, 1}, s233[3] = {2, 3, 3}, st1[1] = {1};
    tscope_key_init(&k);
    tscope_key_add_tensor(&k, a);
    tscope_key_add_bytes(&k, s23, sizeof s23);
    tscope_key_add_bytes(&k, st31, sizeof st31);
    CHECK_EQ(tscope_cache_put(c, &k, &v), 0);
    tscope_key_init(&probe);
    tscope_key_add_tensor(&probe, a);
    tscope_key_add_bytes(&probe, s233, sizeof s233);
    tscope_key_add_bytes(&probe, st1, sizeof st1);
    CHECK(tscope_cache_get(c, &probe) == NULL);

    tscope_key_init(&k); /* a key with no tensor is a plain key */
    tscope_key_add_u64(&k, 42);
    CHECK_EQ(tscope_cache_put(c, &k, &v), 0);
    tscope_key_init(&probe);
    tscope_key_add_u64(&probe, 42);
    CHECK(tscope_cache_get(c, &probe) == &v);

    tscope_cache_clear(c);
    tt_release(a);
    tt_release(b);
}

static void invalid_keys(void) {
    freed_values = 0;
    tscope_cache *c = tscope_cache_new(8, count_free);
    static int v1, v2, v3;
    int untracked = 0;
    tscope_key k;

    tscope_key_init(&k); /* an untracked address */
    CHECK_EQ(tscope_key_add_tensor(&k, &untracked), -1);
    CHECK(tscope_cache_get(c, &k) == NULL);
    CHECK_EQ(tscope_cache_put(c, &k, &v1), -1);
    CHECK_EQ(freed_values, 1); /* the value was freed: nothing leaks */
    CHECK_EQ(tscope_cache_remove(c, &k), 0);

    tt_tensor *t = tt_new(0); /* a released tensor */
    tscope_key_init(&k);
    tt_release(t);
    CHECK_EQ(tscope_key_add_tensor(&k, t), -1);
    CHECK_EQ(tscope_cache_put(c, &k, &v2), -1);
    CHECK_EQ(freed_values, 2);

    /* A key built while its tensor lived, used after it died. */
    tt_tensor *u = tt_new(0);
    tscope_key_init(&k);
    CHECK_EQ(tscope_key_add_tensor(&k, u), 0);
    tt_release(u);
    CHECK(tscope_cache_get(c, &k) == NULL);
    CHECK_EQ(tscope_cache_put(c, &k, &v3), -1);
    CHECK_EQ(freed_values, 3);

    tscope_key_init(&k); /* too many tensors */
    tt_tensor *ts[TSCOPE_KEY_MAX_TENSORS + 1];
    for (int i = 0; i <= TSCOPE_KEY_MAX_TENSORS; i++)
        ts[i] = tt_new(i);
    for (int i = 0; i < TSCOPE_KEY_MAX_TENSORS; i++)
        CHECK_EQ(tscope_key_add_tensor(&k, ts[i]), 0);
    CHECK_EQ(tscope_key_add_tensor(&k, ts[TSCOPE_KEY_MAX_TENSORS]), -1);
    CHECK_EQ(tscope_cache_put(c, &k, &v1), -1);
    CHECK_EQ(freed_values, 4);
    for (int i = 0; i <= TSCOPE_KEY_MAX_TENSORS; i++)
        tt_release(ts[i]);

    tscope_key_init(&k); /* too many bytes */
    unsigned char big[TSCOPE_KEY_MAX_BYTES];
    memset(big, 1, sizeof big);
    CHECK_EQ(tscope_key_add_bytes(&k, big, sizeof big), -1);
    CHECK(tscope_cache_get(c, &k) == NULL);
    tscope_key_init(&k);
    int added = 0;
    while (tscope_key_add_u64(&k, 1) == 0)
        added++;
    CHECK(added >= 8); /* room for shape + strides of a 4-d tensor */
    CHECK_EQ(tscope_cache_put(c, &k, &v2), -1);
    CHECK_EQ(freed_values, 5);

    tscope_cache_stats st;
    tscope_cache_get_stats(c, &st);
    CHECK_EQ(st.size, 0);
    CHECK_EQ(st.hits, 0);
    CHECK_EQ(st.misses, 3);
    tscope_cache_free(c);
    CHECK_EQ(freed_values, 5);
}

int main(void) {
    tscope_cache *c = tscope_cache_new(64, NULL);
    CHECK(c != NULL);
    identity_not_contents(c);
    every_part_must_match(c);
    tscope_cache_free(c);
    invalid_keys();
    CHECK_EQ(tscope_live_count(), 0);
    CHECK_EQ(tt_alive, 0);
    TEST_DONE();
}
