//===- AutoScopes.h - scopes for TSCOPE_AUTO / TSCOPE_AUTO_LOOPS functions -===//
//
// Function scope: tscope_scope_begin after the entry block's allocas; before
// every `ret`, tscope_scope_end_keep(s, value) when a pointer is returned
// (the value moves to the caller's scope), else tscope_scope_end(s).
// C++: calls that may throw become invokes whose cleanup ends the scopes and
// resumes unwinding; a pre-existing `resume` ends the function scope first.
//
// Loop scopes (TSCOPE_AUTO_LOOPS): every natural loop (LoopInfo) begins a
// scope in its header; the scope ends on every back edge and every exit
// edge (innermost first when an edge leaves several loops) and before a
// `ret` inside the loop.  A pointer stored into a variable declared outside
// the loop (LoopDepthMarker's annotation; unannotated slots such as the
// return slot count as declared outside every loop) is moved to that
// variable's scope with tscope_scope_adopt at the store.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORSCOPE_PLUGIN_INSTRUMENT_AUTOSCOPES_H
#define TENSORSCOPE_PLUGIN_INSTRUMENT_AUTOSCOPES_H

#include "../roles/RoleTable.h"
#include "RuntimeApi.h"
#include "llvm/ADT/DenseMap.h"

namespace llvm {
class AllocaInst;
class Function;
} // namespace llvm

namespace tscope {

/// Loop depth of each annotated local of `F` (see LoopDepthMarker.h); the
/// llvm.var.annotation calls carrying it are removed from F.
llvm::DenseMap<llvm::AllocaInst *, unsigned> takeLoopDepths(llvm::Function &F);

/// Adds the function scope (and with `Loops` the loop scopes) to `F`.
void addAutoScopes(llvm::Function &F, bool Loops,
                   const llvm::DenseMap<llvm::AllocaInst *, unsigned> &Depths,
                   const RoleTable &Roles, RuntimeApi &Api);

} // namespace tscope

#endif
