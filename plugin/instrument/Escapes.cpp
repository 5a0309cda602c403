//===- Escapes.cpp - detach tensors that leave a function through memory ---===//
#include "Escapes.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace tscope {

/// True when every use of the address `Ptr` (an alloca or arithmetic on it)
/// keeps the slot's contents inside the function.
static bool addressStaysLocal(const Value *Ptr, unsigned Depth = 0) {
  if (Depth > 8)
    return false;
  for (const User *U : Ptr->users()) {
    if (isa<LoadInst>(U))
      continue;
    if (auto *St = dyn_cast<StoreInst>(U)) {
      if (St->getValueOperand() == Ptr)
        return false; // the address itself is stored somewhere
      continue;
    }
    if (isa<GetElementPtrInst>(U) || isa<BitCastInst>(U) ||
        isa<AddrSpaceCastInst>(U)) {
      if (!addressStaysLocal(U, Depth + 1))
        return false;
      continue;
    }
    if (auto *II = dyn_cast<IntrinsicInst>(U)) {
      switch (II->getIntrinsicID()) {
      case Intrinsic::lifetime_start:
      case Intrinsic::lifetime_end:
      case Intrinsic::var_annotation:
      case Intrinsic::ptr_annotation:
        continue;
      default:
        break;
      }
      if (II->isDebugOrPseudoInst())
        continue;
    }
    return false; // a call, memcpy, phi, select, ptrtoint...: it may leave
  }
  return true;
}

/// The alloca an aggregate return value of `Ret` is loaded from, or null.
static AllocaInst *aggregateReturnSlot(ReturnInst &Ret) {
  Value *V = Ret.getReturnValue();
  if (!V || V->getType()->isPointerTy())
    return nullptr; // pointer returns are kept by tscope_scope_end_keep
  if (auto *Load = dyn_cast<LoadInst>(V))
    return dyn_cast<AllocaInst>(getUnderlyingObject(Load->getPointerOperand()));
  return nullptr;
}

SmallPtrSet<AllocaInst *, 16> privateSlots(Function &F) {
  SmallPtrSet<AllocaInst *, 16> Private;
  for (Instruction &I : F.getEntryBlock())
    if (auto *A = dyn_cast<AllocaInst>(&I))
      if (addressStaysLocal(A))
        Private.insert(A);
  for (BasicBlock &BB : F)
    if (auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator()))
      if (AllocaInst *Slot = aggregateReturnSlot(*Ret))
        Private.erase(Slot);
  return Private;
}

bool mayBeTensor(const Value *V) {
  if (!V->getType()->isPointerTy())
    return false;
  const Value *Base = V->stripPointerCasts();
  if (isa<Constant>(Base)) // null, globals, functions, constant expressions
    return false;
  if (isa<AllocaInst>(getUnderlyingObject(Base)))
    return false; // the address of a local
  return true;
}

/// Pointers inserted into the aggregate `V` (a chain of insertvalue).
static void insertedPointers(Value *V, SmallVectorImpl<Value *> &Out) {
  while (auto *IV = dyn_cast<InsertValueInst>(V)) {
    if (mayBeTensor(IV->getInsertedValueOperand()))
      Out.push_back(IV->getInsertedValueOperand());
    V = IV->getAggregateOperand();
  }
}

bool detachEscapes(Function &F, RuntimeApi &Api) {
  SmallPtrSet<AllocaInst *, 16> Private = privateSlots(F);
  auto Escapes = [&](Value *Dest) {
    auto *Slot = dyn_cast<AllocaInst>(getUnderlyingObject(Dest));
    return !Slot || !Private.count(Slot);
  };

  SmallVector<std::pair<Instruction *, Value *>, 16> ToDetach;
  for (BasicBlock &BB : F) {
    for (Instruction &I : BB) {
      if (auto *St = dyn_cast<StoreInst>(&I)) {
        if (mayBeTensor(St->getValueOperand()) &&
            Escapes(St->getPointerOperand()))
          ToDetach.push_back({St, St->getValueOperand()});
      } else if (auto *Cx = dyn_cast<AtomicCmpXchgInst>(&I)) {
        if (mayBeTensor(Cx->getNewValOperand()) &&
            Escapes(Cx->getPointerOperand()))
          ToDetach.push_back({Cx, Cx->getNewValOperand()});
      } else if (auto *Rmw = dyn_cast<AtomicRMWInst>(&I)) {
        if (Rmw->getOperation() == AtomicRMWInst::Xchg &&
            mayBeTensor(Rmw->getValOperand()) &&
            Escapes(Rmw->getPointerOperand()))
          ToDetach.push_back({Rmw, Rmw->getValOperand()});
      } else if (auto *Ret = dyn_cast<ReturnInst>(&I)) {
        SmallVector<Value *, 4> Inserted;
        if (Value *RV = Ret->getReturnValue())
          insertedPointers(RV, Inserted);
        for (Value *P : Inserted)
          ToDetach.push_back({Ret, P});
      }
    }
  }
  for (auto &[At, V] : ToDetach) {
    IRBuilder<> B(At);
    B.CreateCall(Api.detach(), {V});
  }
  return !ToDetach.empty();
}

} // namespace tscope
