// cxx_test.cpp -- tensorscope.h is usable from C++: the functions link
// (extern "C"), TSCOPE_HERE works, and TSCOPE_SCOPE ends on return and on a
// thrown exception (the cleanup attribute runs during unwinding).
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "tensorscope.h"

static int freed = 0;
static void free_block(void *p) {
    freed++;
    std::free(p);
}

static void throws_inside_scope() {
    TSCOPE_SCOPE {
        tscope_track(std::malloc(8), free_block, TSCOPE_HERE);
        throw std::runtime_error("boom");
    }
}

int main() {
    TSCOPE_SCOPE {
        tscope_track(std::malloc(8), free_block, TSCOPE_HERE);
    }
    if (freed != 1 || tscope_live_count() != 0) {
        std::fprintf(stderr, "scope did not release: freed=%d\n", freed);
        return 1;
    }
    try {
        throws_inside_scope();
    } catch (const std::runtime_error &) {
    }
    if (freed != 2 || tscope_scope_depth() != 0) {
        std::fprintf(stderr, "scope did not end on throw: freed=%d depth=%zu\n", freed,
                     tscope_scope_depth());
        return 1;
    }
    tscope_weak w = tscope_weak_ref(nullptr);
    if (tscope_weak_get(w) != nullptr)
        return 1;
    std::fprintf(stderr, "all checks passed\n");
    return 0;
}
