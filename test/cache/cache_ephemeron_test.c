/*
 * cache_ephemeron_test.c -- values that hold tensors (put_holding).
 * The PyTorch TensorAsKey bug: the cached value held crow_indices, the key
 * tensor, so it could never be freed.  Here a value's declared references to
 * its own key tensor are ephemeral: once they are all that is left, the
 * entry dies, value_free gives them back and the tensor is destroyed.
 */
#include "test_tensor.h"

#include <stdlib.h>

/* A cached "plan" that owns references to tensors, like the PyTorch value
 * (indices_format, c_indices, r_offsets, q_offsets) owned crow_indices. */
typedef struct plan {
    tt_tensor *held[2];
    int nheld;
} plan;

static int plans_freed;

static void plan_free(void *v) {
    plan *p = v;
    for (int i = 0; i < p->nheld; i++)
        tt_release(p->held[i]); /* give back the references the plan owned */
    free(p);
    plans_freed++;
}

static plan *plan_holding(tt_tensor *a, tt_tensor *b) {
    plan *p = calloc(1, sizeof *p);
    if (a)
        p->held[p->nheld++] = tt_retain(a);
    if (b)
        p->held[p->nheld++] = tt_retain(b);
    return p;
}

static int put_plan(tscope_cache *c, const tscope_key *k, plan *p) {
    return tscope_cache_put_holding(c, k, p, (void *const *)p->held, (size_t)p->nheld);
}

static void value_holding_its_key_does_not_pin_it(void) {
    plans_freed = 0;
    tscope_cache *c = tscope_cache_new(128, plan_free);
    tt_tensor *crow = tt_new(1);
    tscope_key k;
    tscope_key_init(&k);
    tscope_key_add_tensor(&k, crow);
    tscope_key_add_u64(&k, 32);
    plan *p = plan_holding(crow, NULL);
    CHECK_EQ(put_plan(c, &k, p), 0);
    CHECK(tscope_cache_get(c, &k) == p);
    CHECK_EQ(atomic_load(&tt_alive), 1);

    tt_release(crow); /* the user's last reference */
    CHECK_EQ(plans_freed, 1);               /* entry died at once */
    CHECK_EQ(atomic_load(&tt_alive), 0);    /* and the tensor is really gone */
    CHECK_EQ(tscope_live_count(), 0);
    tscope_cache_stats st;
    tscope_cache_get_stats(c, &st);
    CHECK_EQ(st.size, 0);
    CHECK_EQ(st.evictions_released, 1);
    tscope_cache_free(c);
    CHECK_EQ(plans_freed, 1);
}

static void two_key_tensors_both_held(void) {
    plans_freed = 0;
    tscope_cache *c = tscope_cache_new(128, plan_free);
    tt_tensor *crow = tt_new(1), *col = tt_new(2);
    tscope_key k;
    tscope_key_init(&k);
    tscope_key_add_tensor(&k, crow);
    tscope_key_add_tensor(&k, col);
    CHECK_EQ(put_plan(c, &k, plan_holding(crow, col)), 0);
    tt_release(col); /* crow is still alive through the user: entry must die
                        anyway, since col is gone for the user */
    CHECK_EQ(plans_freed, 1);
    CHECK_EQ(atomic_load(&tt_alive), 1); /* crow: the user still owns it */
    CHECK(tscope_generation(crow) != 0);
    tt_release(crow);
    CHECK_EQ(atomic_load(&tt_alive), 0);
    CHECK_EQ(plans_freed, 1);
    tscope_cache_free(c);
}

static void held_non_key_tensor_stays_alive_until_the_entry_dies(void) {
    plans_freed = 0;
    tscope_cache *c = tscope_cache_new(128, plan_free);
    tt_tensor *key_t = tt_new(1), *other = tt_new(2);
    tscope_key k;
    tscope_key_init(&k);
    tscope_key_add_tensor(&k, key_t);
    CHECK_EQ(put_plan(c, &k, plan_holding(other, NULL)), 0);
    tt_release(other); /* the plan still owns a real reference to it */
    CHECK(tscope_generation(other) != 0);
    CHECK_EQ(plans_freed, 0);
    tt_release(key_t); /* entry dies; plan_free releases `other` */
    CHECK_EQ(plans_freed, 1);
    CHECK_EQ(atomic_load(&tt_alive), 0);
    tscope_cache_free(c);
}

static void evicted_entry_gives_references_back(void) {
    plans_freed = 0;
    tscope_cache *c = tscope_cache_new(1, plan_free);
    tt_tensor *a = tt_new(1), *b = tt_new(2);
    tscope_key ka, kb;
    tscope_key_init(&ka);
    tscope_key_add_tensor(&ka, a);
    tscope_key_init(&kb);
    tscope_key_add_tensor(&kb, b);
    CHECK_EQ(put_plan(c, &ka, plan_holding(a, NULL)), 0);
    CHECK_EQ(put_plan(c, &kb, plan_holding(b, NULL)), 0); /* evicts a's */
    CHECK_EQ(plans_freed, 1);
    CHECK(tscope_generation(a) != 0); /* the user's reference remains */
    CHECK_EQ(tscope_cache_remove(c, &kb), 1);
    CHECK_EQ(plans_freed, 2);
    tt_release(a); /* ordinary references balance: both really die */
    tt_release(b);
    CHECK_EQ(atomic_load(&tt_alive), 0);
    CHECK_EQ(tscope_live_count(), 0);

    /* clear and free give references back too. */
    tt_tensor *t = tt_new(3);
    tscope_key kt;
    tscope_key_init(&kt);
    tscope_key_add_tensor(&kt, t);
    CHECK_EQ(put_plan(c, &kt, plan_holding(t, NULL)), 0);
    tscope_cache_free(c);
    CHECK_EQ(plans_freed, 3);
    CHECK(tscope_generation(t) != 0);
    tt_release(t);
    CHECK_EQ(atomic_load(&tt_alive), 0);
}

static void scope_end_with_only_cache_references_left(void) {
    plans_freed = 0;
    tscope_cache *c = tscope_cache_new(16, plan_free);
    TSCOPE_SCOPE {
        tt_tensor *t = tt_new(5);
        tscope_key k;
        tscope_key_init(&k);
        tscope_key_add_tensor(&k, t);
        CHECK_EQ(put_plan(c, &k, plan_holding(t, t)), 0); /* two references */
    }
    CHECK_EQ(plans_freed, 1);
    CHECK_EQ(atomic_load(&tt_alive), 0);
    CHECK_EQ(tscope_live_count(), 0);
    tscope_cache_free(c);
}

int main(void) {
    value_holding_its_key_does_not_pin_it();
    two_key_tensors_both_held();
    held_non_key_tensor_stays_alive_until_the_entry_dies();
    evicted_entry_gives_references_back();
    scope_end_with_only_cache_references_left();
    CHECK_EQ(tscope_live_count(), 0);
    TEST_DONE();
}
