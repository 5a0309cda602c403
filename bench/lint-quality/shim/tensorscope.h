/* shim/tensorscope.h -- the TensorScope header, with its role annotations
 * re-spelled as the attributes the other two checkers understand.  The lint
 * corpus (test/lint/*.c, test/lint/Inputs/tensor.h) is written against
 * TSCOPE_* macros; with -I bench/lint-quality/shim first on the include
 * path, the same files tell each analyzer as much as it can take:
 *
 *   role                 clang --analyze                gcc -fanalyzer
 *   TSCOPE_CREATES       ownership_returns(malloc)      (see RELEASED_BY)
 *   TSCOPE_RELEASED_BY(f)  -                            malloc(f, 1)
 *   TSCOPE_RELEASES(i)   ownership_takes(malloc, i)     (f above)
 *   TSCOPE_CONSUMES(i)   ownership_holds(malloc, i)     -
 *   others               -                              -
 *
 * With clang 19 the ownership module must be named `malloc`.  gcc needs the
 * deallocator declared before the allocator (tensor.h does so).  Neither
 * tool has out-parameter creates, borrowed views, retains or scopes, so
 * those stay empty: the bugs that need them count as not found. */
#ifndef TSCOPE_BENCH_SHIM_H
#define TSCOPE_BENCH_SHIM_H
#include_next <tensorscope.h>

#undef TSCOPE_CREATES
#undef TSCOPE_CREATES_OUT
#undef TSCOPE_RELEASES
#undef TSCOPE_RETAINS
#undef TSCOPE_CONSUMES
#undef TSCOPE_DETACHES
#undef TSCOPE_BORROWS
#undef TSCOPE_RELEASED_BY
#undef TSCOPE_AUTO
#undef TSCOPE_AUTO_LOOPS
#undef TSCOPE_NO_LINT

#if defined(__clang__)
#define TSCOPE_CREATES __attribute__((ownership_returns(malloc)))
#define TSCOPE_RELEASES(i) __attribute__((ownership_takes(malloc, i)))
#define TSCOPE_CONSUMES(i) __attribute__((ownership_holds(malloc, i)))
#define TSCOPE_RELEASED_BY(fn)
#elif defined(__GNUC__)
#define TSCOPE_CREATES
#define TSCOPE_RELEASES(i)
#define TSCOPE_CONSUMES(i)
#define TSCOPE_RELEASED_BY(fn) __attribute__((malloc, malloc(fn, 1)))
#else
#error "the bench shim is for clang --analyze and gcc -fanalyzer only"
#endif
#define TSCOPE_CREATES_OUT(i)
#define TSCOPE_RETAINS(i)
#define TSCOPE_DETACHES(i)
#define TSCOPE_BORROWS(i)
#define TSCOPE_AUTO
#define TSCOPE_AUTO_LOOPS
#define TSCOPE_NO_LINT
#endif
