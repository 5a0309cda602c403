//===- IRSurgery.cpp - small CFG edits shared by the instrumentation -------===//
#include "IRSurgery.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace tscope {

BasicBlock *splitEdge(BasicBlock *From, BasicBlock *To, const Twine &Name) {
  Function *F = From->getParent();
  BasicBlock *Mid = BasicBlock::Create(F->getContext(), Name, F, To);
  BranchInst::Create(To, Mid);
  // Only this edge moves: the terminator may name To several times (a
  // switch), and every such successor slot is one edge into Mid.
  Instruction *Term = From->getTerminator();
  unsigned Moved = 0;
  for (unsigned I = 0, E = Term->getNumSuccessors(); I != E; ++I)
    if (Term->getSuccessor(I) == To) {
      Term->setSuccessor(I, Mid);
      ++Moved;
    }
  // A phi in To has one entry per edge from From; all of them now come from
  // Mid, and Mid has one edge into To: keep one entry, drop the rest.
  for (PHINode &Phi : To->phis()) {
    int Idx = Phi.getBasicBlockIndex(From);
    if (Idx < 0)
      continue;
    Phi.setIncomingBlock(Idx, Mid);
    for (unsigned Extra = 1; Extra < Moved; ++Extra)
      Phi.removeIncomingValue(From, /*DeletePHIIfEmpty=*/false);
  }
  return Mid;
}

BasicBlock::iterator insertionPointAfter(CallBase &CB) {
  if (auto *II = dyn_cast<InvokeInst>(&CB)) {
    BasicBlock *Mid =
        splitEdge(II->getParent(), II->getNormalDest(), "tscope.after.invoke");
    return Mid->getFirstInsertionPt();
  }
  return std::next(CB.getIterator());
}

void runOnlyIf(CallBase &CB, Value *Cond) {
  BasicBlock *Head = CB.getParent();
  BasicBlock *Real = SplitBlock(Head, &CB);
  Real->setName("tscope.real");
  BasicBlock *Tail;
  if (auto *II = dyn_cast<InvokeInst>(&CB))
    Tail = splitEdge(Real, II->getNormalDest(), "tscope.joined");
  else
    Tail = SplitBlock(Real, CB.getNextNode());
  Tail->setName("tscope.joined");

  // Head now ends in `br Real`; make it `br Cond, Real, Tail`.
  Instruction *OldBr = Head->getTerminator();
  BranchInst::Create(Real, Tail, Cond, OldBr->getIterator());
  OldBr->eraseFromParent();

  if (CB.getType()->isVoidTy() || CB.use_empty())
    return;
  PHINode *Phi = PHINode::Create(CB.getType(), 2, "tscope.result",
                                 Tail->begin());
  CB.replaceAllUsesWith(Phi);
  Phi->addIncoming(&CB, Real);
  Phi->addIncoming(Constant::getNullValue(CB.getType()), Head);
}

} // namespace tscope
