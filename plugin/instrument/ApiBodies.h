//===- ApiBodies.h - functions whose bodies implement the described API ----===//
//
// The one rule that keeps a compile consistent (docs/plugin.md, "Where the
// runtime is told"): the runtime hears of a create or a release exactly once,
// at the call of a function whose role is *declared* (annotation, ownership
// attribute, API file), made from code that is not itself the API:
//   - calls of functions whose roles the lint only inferred (same-file
//     helpers) are not instrumented: their bodies hold the real calls, and
//     those are;
//   - the bodies of declared creates, releases and retains (and of the
//     internal functions only they call) track nothing and skip no release:
//     their callers are instrumented.  This is what a library compiled with
//     the plugin and its own API file needs (GSL's gsl_matrix_alloc calls
//     gsl_block_alloc; tracking the inner one but not the outer free's inner
//     free, or the other way round, leaks or double-frees).  Their releases
//     only tell the runtime (tscope_release_inner), so that a tensor the
//     program made and handed to the library's object dies when the library
//     frees it.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORSCOPE_PLUGIN_INSTRUMENT_APIBODIES_H
#define TENSORSCOPE_PLUGIN_INSTRUMENT_APIBODIES_H

#include "../roles/RoleTable.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace tscope {

/// True when `R` is a declared role whose calls the runtime must hear of:
/// a create, creates_out, release or retain that no lint inference made.
bool isDeclaredLifetimeRole(const FunctionRoles &R);

/// The functions defined in `M` whose bodies implement a declared create,
/// release or retain, plus the internal-linkage functions that only they
/// call (directly), to a fixpoint.
llvm::SmallPtrSet<const llvm::Function *, 16>
apiImplementationBodies(llvm::Module &M, const RoleTable &Roles);

} // namespace tscope

#endif
