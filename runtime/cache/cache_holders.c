/*
 * cache_holders.c -- answers the leak report's question "what keeps this
 * tensor alive?" for tensors pinned by cache values.
 *
 * Every live cache is on one list.  The registry asks the describer about
 * each tensor still alive at exit; it names the put site of an entry when
 *  - the entry's value declared (put_holding) a reference to the tensor and
 *    the tensor is not one of its key tensors: a plain strong reference; or
 *  - the tensor is a key tensor of the entry and the value did not declare
 *    holding it: the value most likely retained its own key tensor behind
 *    the cache's back (a plain put of a value that retained the key), the
 *    PyTorch crow_indices bug.  Declared key references are ephemeral and
 *    never keep the tensor alive, so they are not named.
 */
#include "cache_holders.h"

#include <stdio.h>

static pthread_mutex_t holders_lock = PTHREAD_MUTEX_INITIALIZER;
static tscope_cache *holders;
static pthread_once_t describer_once = PTHREAD_ONCE_INIT;

static int declares_holding(const cache_entry *e, void *h, uint64_t gen) {
    for (size_t i = 0; i < e->nheld; i++)
        if (e->held[i].handle == h && e->held[i].generation == gen)
            return 1;
    return 0;
}

static int is_key_tensor(const cache_entry *e, void *h, uint64_t gen) {
    for (unsigned s = 0; s < e->nslots; s++)
        if (e->slots[s].handle == h && e->slots[s].generation == gen)
            return 1;
    return 0;
}

/* The entry of `c` that keeps (h, gen) alive, or NULL.  Under c->lock. */
static const cache_entry *holder_in_locked(tscope_cache *c, void *h, uint64_t gen) {
    for (lru_node *n = c->lru.next; n != &c->lru; n = n->next) {
        const cache_entry *e = entry_of(n);
        int key = is_key_tensor(e, h, gen), held = declares_holding(e, h, gen);
        if ((held && !key) || (key && !held))
            return e;
    }
    return NULL;
}

static int describe_holder(void *h, uint64_t gen, char *buf, size_t n) {
    int found = 0;
    pthread_mutex_lock(&holders_lock);
    for (tscope_cache *c = holders; c && !found; c = c->holders_next) {
        pthread_mutex_lock(&c->lock);
        const cache_entry *e = holder_in_locked(c, h, gen);
        if (e) {
            const tscope_site *at = e->created;
            if (at && at->file)
                snprintf(buf, n, "kept alive by cache entry created at %s:%u in %s",
                         at->file, at->line, at->function ? at->function : "?");
            else
                snprintf(buf, n, "kept alive by cache entry created at an unknown site");
            found = 1;
        }
        pthread_mutex_unlock(&c->lock);
    }
    pthread_mutex_unlock(&holders_lock);
    return found;
}

static void install_describer(void) {
    tscope_set_holder_describer_(describe_holder);
}

void cache_holders_add(tscope_cache *c) {
    pthread_once(&describer_once, install_describer);
    pthread_mutex_lock(&holders_lock);
    c->holders_next = holders;
    holders = c;
    pthread_mutex_unlock(&holders_lock);
}

void cache_holders_remove(tscope_cache *c) {
    pthread_mutex_lock(&holders_lock);
    for (tscope_cache **p = &holders; *p; p = &(*p)->holders_next) {
        if (*p == c) {
            *p = c->holders_next;
            break;
        }
    }
    pthread_mutex_unlock(&holders_lock);
}
