//===- Escapes.h - detach tensors that leave a function through memory -----===//
//
// Auto-scoping must never turn correct code into a use after release: a
// tensor that outlives the function through memory is taken out of every
// scope (tscope_detach) at the point where it escapes.  The rules (also in
// docs/auto-scope.md):
//   - a pointer stored to memory that is not a private local slot: through a
//     pointer parameter, into a global, into the heap, into a struct not
//     local to the function;
//   - a pointer stored into a local slot whose address is used by anything
//     but loads and stores (passed to a call, memcpy'd, stored itself),
//     because its contents can then leave the function unseen;
//   - a pointer stored into the slot an aggregate return value is loaded
//     from, or inserted into a returned aggregate;
//   - the same for the new value of cmpxchg and atomicrmw xchg.
// Values that cannot be tensors (constants, addresses of locals, globals and
// functions) are not detached.  tscope_detach of a non-tensor is a no-op.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORSCOPE_PLUGIN_INSTRUMENT_ESCAPES_H
#define TENSORSCOPE_PLUGIN_INSTRUMENT_ESCAPES_H

#include "RuntimeApi.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace llvm {
class AllocaInst;
class Function;
class Value;
} // namespace llvm

namespace tscope {

/// The allocas of `F` whose contents stay in the function: their address is
/// used only by loads, stores to them, address arithmetic and lifetime or
/// annotation intrinsics, and no aggregate return value is loaded from them.
llvm::SmallPtrSet<llvm::AllocaInst *, 16> privateSlots(llvm::Function &F);

/// True when `V` may be a tensor handle (a pointer that is not obviously
/// something else).
bool mayBeTensor(const llvm::Value *V);

/// Inserts tscope_detach before every escape of a pointer in `F`.
/// Returns true when it changed F.
bool detachEscapes(llvm::Function &F, RuntimeApi &Api);

} // namespace tscope

#endif
