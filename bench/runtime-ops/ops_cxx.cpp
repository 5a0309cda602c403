// ops_cxx.cpp -- the C++ alternative: std::shared_ptr for ownership and
// std::weak_ptr::lock for weak references, as a C++ user would reach for.
#include <memory>

#include "ops.h"

namespace {

struct Blob64 {
    unsigned char bytes[64];
};

struct WeakCtx {
    std::shared_ptr<Blob64> owner[1];
    std::weak_ptr<Blob64> weak;
};

// Creating and destroying one owned object: allocation plus control block
// (make_shared puts both in one allocation).
BENCH_NOINLINE void run_op_shared_ptr_make_destroy(void *, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        auto p = std::make_shared<Blob64>();
        BENCH_KEEP(p.get());
    }
}

// weak_ptr::lock on a live object; the temporary shared_ptr it returns is
// destroyed at once, as in `if (auto p = w.lock()) ...`.
BENCH_NOINLINE void run_op_weak_ptr_lock(void *ctx, size_t n)
{
    const std::weak_ptr<Blob64> &w = static_cast<WeakCtx *>(ctx)->weak;
    for (size_t i = 0; i < n; i++) {
        std::shared_ptr<Blob64> p = w.lock();
        BENCH_KEEP(p.get());
    }
}

// Making a weak_ptr from the owner, then locking it.
BENCH_NOINLINE void run_op_weak_ptr_make_lock(void *ctx, size_t n)
{
    const std::shared_ptr<Blob64> &owner = static_cast<WeakCtx *>(ctx)->owner[0];
    for (size_t i = 0; i < n; i++) {
        std::weak_ptr<Blob64> w(owner);
        std::shared_ptr<Blob64> p = w.lock();
        BENCH_KEEP(p.get());
    }
}

void *setup_weak(size_t)
{
    auto *c = new WeakCtx;
    c->owner[0] = std::make_shared<Blob64>();
    c->weak = c->owner[0];
    return c;
}

const char *teardown_weak(void *ctx, size_t)
{
    auto *c = static_cast<WeakCtx *>(ctx);
    const char *err = c->weak.lock() == c->owner[0] ? nullptr : "weak_ptr::lock lost a live object";
    delete c;
    return err;
}

} // namespace

extern "C" const bench_op bench_ops_cxx[] = {
    {"shared_ptr_make_destroy", "C++ make_shared<64 bytes> + destroy", 1000, nullptr,
     run_op_shared_ptr_make_destroy, nullptr},
    {"weak_ptr_lock", "C++ weak_ptr::lock (live)", 1000, setup_weak, run_op_weak_ptr_lock,
     teardown_weak},
    {"weak_ptr_make_lock", "C++ weak_ptr from shared_ptr + lock", 1000, setup_weak,
     run_op_weak_ptr_make_lock, teardown_weak},
    {nullptr, nullptr, 0, nullptr, nullptr, nullptr},
};
