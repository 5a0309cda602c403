//===- IRSurgery.h - small CFG edits shared by the instrumentation ---------===//
#ifndef TENSORSCOPE_PLUGIN_INSTRUMENT_IRSURGERY_H
#define TENSORSCOPE_PLUGIN_INSTRUMENT_IRSURGERY_H

#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/InstrTypes.h"

namespace tscope {

/// Where code that must run right after `CB` returns normally goes: the
/// instruction after a call, or the first insertion point of a fresh block
/// placed on the normal edge of an invoke (so it runs only on that edge and
/// sees the invoke's result).
llvm::BasicBlock::iterator insertionPointAfter(llvm::CallBase &CB);

/// Makes `CB` run only when `Cond` (an i1 computed before `CB`, in its
/// block) is true.  When it is false, control skips to what followed `CB`
/// and a use of `CB`'s result sees the zero value of its type.
void runOnlyIf(llvm::CallBase &CB, llvm::Value *Cond);

/// Splits the edge From -> To with a new block (phis in To are updated) and
/// returns it.  Works for invoke edges and critical edges alike.
llvm::BasicBlock *splitEdge(llvm::BasicBlock *From, llvm::BasicBlock *To,
                            const llvm::Twine &Name);

} // namespace tscope

#endif
