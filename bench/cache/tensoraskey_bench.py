#!/usr/bin/env python3
"""tensoraskey_bench.py ROUNDS N -- the seed's own approach, timed.

PyTorch memoizes sparse BSR plans with functools.lru_cache over arguments
that include TensorAsKey(crow_indices) and TensorAsKey(col_indices)
(torch/sparse/_triton_ops.py).  TensorAsKey keeps a weakref to the tensor
and a key tuple (data_ptr, storage_offset, shape, strides, dtype); its hash
is computed once, and __eq__ dereferences the weakrefs.  This script mimics
it on a tiny tensor class (no torch here) and times the same operations as
bench_cache: hit, hit_build (build the TensorAsKey objects, then call) and
put (a new key into the full cache, evicting the LRU entry).  Prints TSV
rows "impl op best_ns median_ns" like bench_cache.
"""
import functools
import sys
import time
import weakref

NMATRICES = 256
CAPACITY = 256


class Tensor:
    """Just what TensorAsKey reads from a torch.Tensor."""
    _next_ptr = 0x7f0000000000

    def __init__(self, n):
        Tensor._next_ptr += 4096
        self._ptr = Tensor._next_ptr
        self.shape = (n,)
        self._stride = (1,)
        self.dtype = "int32"

    def data_ptr(self):
        return self._ptr

    def storage_offset(self):
        return 0

    def stride(self):
        return self._stride


class TensorAsKey:
    """As in torch/sparse/_triton_ops.py (strided layout branch)."""

    def __init__(self, obj):
        self._obj_ref = weakref.ref(obj)
        self.key = (obj.data_ptr(), obj.storage_offset(), obj.shape,
                    obj.stride(), obj.dtype)
        self._hash = hash(self.key)

    def __hash__(self):
        return self._hash

    def __eq__(self, other):
        if not isinstance(other, TensorAsKey):
            return False
        if self.obj is None or other.obj is None:
            # dead weakrefs: only the very same key object matches
            return self is other
        return self.key == other.key

    @property
    def obj(self):
        return self._obj_ref()


def make_plan_cache():
    @functools.lru_cache(maxsize=CAPACITY)
    def bsr_plan(m, k, block_m, block_k, crow_key, col_key):
        return (m, k, block_m, block_k)  # the "plan"
    return bsr_plan


def dims(i, block_k):
    return (1024 + i, 512, 16, block_k)


def timed(fn, n):
    fn(n // 10)  # warm up
    # Thread CPU time, like bench_cache: time spent descheduled on a shared
    # machine is not the cache's.
    t0 = time.thread_time_ns()
    fn(n)
    return (time.thread_time_ns() - t0) / n


def main():
    if len(sys.argv) != 3 or not all(a.isdigit() and int(a) > 0 for a in sys.argv[1:]):
        sys.exit("usage: tensoraskey_bench.py ROUNDS N (positive integers)")
    rounds, n = int(sys.argv[1]), int(sys.argv[2])
    crow = [Tensor(65) for _ in range(NMATRICES)]
    col = [Tensor(300) for _ in range(NMATRICES)]
    keys = [(TensorAsKey(crow[i]), TensorAsKey(col[i])) for i in range(NMATRICES)]
    plans = make_plan_cache()
    put_plans = make_plan_cache()
    for i in range(NMATRICES):
        plans(*dims(i, 16), *keys[i])
    next_block_k = [1000]

    def hit(count):
        for j in range(count):
            i = j % NMATRICES
            plans(*dims(i, 16), *keys[i])

    def hit_build(count):
        for j in range(count):
            i = j % NMATRICES
            plans(*dims(i, 16), TensorAsKey(crow[i]), TensorAsKey(col[i]))

    def put(count):
        for j in range(count):
            i = j % NMATRICES
            put_plans(*dims(i, next_block_k[0]), *keys[i])
            next_block_k[0] += 1

    # The same hit loop without the cached call: its cost is subtracted, so
    # the row is the cache's cost, as in bench_cache.
    def loop_only(count):
        for j in range(count):
            i = j % NMATRICES
            dims(i, 16), keys[i]

    ops = {"hit": hit, "hit_build": hit_build, "put": put}
    samples = {op: [] for op in ops}
    for _ in range(rounds):
        base = timed(loop_only, n)
        for op, fn in ops.items():
            samples[op].append(max(timed(fn, n) - base, 0.0))

    before = plans.cache_info()
    if before.hits < rounds * n or before.currsize != NMATRICES:
        sys.exit("tensoraskey_bench: hits were not hits: %s" % (before,))
    # The weakly held tensors die; the lru_cache still holds their keys
    # until LRU pressure: the PyTorch bug the C cache fixes.
    del crow[:], col[:]
    alive_keys = sum(1 for a, b in keys if a.obj is not None or b.obj is not None)
    if alive_keys:
        sys.exit("tensoraskey_bench: tensors did not die")
    for op in ops:
        s = sorted(samples[op])
        print("python_lru_cache_tensoraskey\t%s\t%.2f\t%.2f" % (op, s[0], s[len(s) // 2]))
    print("# after the tensors died, lru_cache still holds %d entries"
          % plans.cache_info().currsize, file=sys.stderr)


if __name__ == "__main__":
    main()
