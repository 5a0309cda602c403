//===- RoleCalls.cpp - runtime hooks around calls of tensor API functions -===//
#include "RoleCalls.h"
#include "IRSurgery.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace tscope {

/// The function a call names, looking through casts (K&R-style calls name
/// the function with a different type).
static Function *directCallee(const CallBase &CB) {
  return dyn_cast<Function>(CB.getCalledOperand()->stripPointerCasts());
}

const FunctionRoles *rolesOfCallee(const RoleTable &Roles, const CallBase &CB) {
  Function *Callee = directCallee(CB);
  if (!Callee || Callee->isIntrinsic() || Callee->getName().starts_with("tscope_"))
    return nullptr;
  const FunctionRoles *R = Roles.lookup(Callee->getName());
  if (!R || !R->hasTensorRole())
    return nullptr;
  return R;
}

/// The API name a site records: the C name, or the readable C++ name.
static std::string apiNameOf(const CallBase &CB) {
  StringRef Name = directCallee(CB)->getName();
  if (Name.starts_with("_Z"))
    return llvm::demangle(Name.str());
  return Name.str();
}

Value *roleArgument(CallBase &CB, unsigned OneBased) {
  // Role indexes count source parameters; a struct-returning function gets
  // a hidden sret pointer in front of them at IR.
  unsigned Index = OneBased + (CB.arg_size() && CB.paramHasAttr(0, Attribute::StructRet));
  if (OneBased == 0 || Index > CB.arg_size())
    return nullptr;
  Value *V = CB.getArgOperand(Index - 1);
  return V->getType()->isPointerTy() ? V : nullptr;
}

/// True when `V` is parameter `Param` of its function: the argument itself,
/// or (at -O0) a load of the stack slot the argument was spilled to and
/// that nothing else writes.
static bool isParameter(Value *V, Argument *Param) {
  if (V == Param)
    return true;
  auto *Load = dyn_cast<LoadInst>(V);
  if (!Load)
    return false;
  auto *Slot = dyn_cast<AllocaInst>(Load->getPointerOperand());
  if (!Slot)
    return false;
  bool StoresParam = false;
  for (User *U : Slot->users()) {
    if (auto *St = dyn_cast<StoreInst>(U)) {
      if (St->getPointerOperand() != Slot || St->getValueOperand() != Param)
        return false;
      StoresParam = true;
    } else if (!isa<LoadInst>(U) && !isa<IntrinsicInst>(U)) {
      return false; // the slot's address escapes: it may hold anything
    }
  }
  return StoresParam;
}

void RoleCallInstrumenter::instrumentCreate(CallBase &CB,
                                            const FunctionRoles &R) {
  if (!CB.getType()->isPointerTy())
    return;
  IRBuilder<> B(CB.getContext());
  B.SetInsertPoint(insertionPointAfter(CB));
  B.SetCurrentDebugLocation(CB.getDebugLoc());
  Constant *Release = Api.releaseFunction(R.ReleaseFunction);
  if (!Release)
    Release = ConstantPointerNull::get(Api.ptrTy());
  B.CreateCall(Api.track(), {&CB, Release, Api.siteFor(CB, apiNameOf(CB))});
}

/// The i1 "the out-parameter create succeeded" after `CB`, built at `B`.
static Value *successOf(IRBuilder<> &B, CallBase &CB, SuccessCondition When) {
  Type *Ty = CB.getType();
  if (When == SuccessCondition::Always || Ty->isVoidTy() ||
      !(Ty->isIntegerTy() || Ty->isPointerTy()))
    return nullptr;
  Value *Zero = Constant::getNullValue(Ty);
  switch (When) {
  case SuccessCondition::ReturnsZero:
  case SuccessCondition::ReturnsNull:
    return B.CreateICmpEQ(&CB, Zero, "tscope.ok");
  case SuccessCondition::ReturnsNonZero:
  case SuccessCondition::ReturnsNonNull:
    return B.CreateICmpNE(&CB, Zero, "tscope.ok");
  case SuccessCondition::Always:
    break;
  }
  return nullptr;
}

void RoleCallInstrumenter::instrumentCreateOut(CallBase &CB,
                                               const FunctionRoles &R) {
  Value *Out = roleArgument(CB, R.CreatesOut);
  if (!Out)
    return;
  IRBuilder<> B(CB.getContext());
  B.SetInsertPoint(insertionPointAfter(CB));
  B.SetCurrentDebugLocation(CB.getDebugLoc());
  Constant *Release = Api.releaseFunction(R.ReleaseFunction);
  if (!Release)
    Release = ConstantPointerNull::get(Api.ptrTy());
  Constant *Site = Api.siteFor(CB, apiNameOf(CB));
  if (Value *Ok = successOf(B, CB, R.Success)) {
    // Track only on success: on failure the out-parameter may be garbage.
    Instruction *Then =
        SplitBlockAndInsertIfThen(Ok, B.GetInsertPoint(), /*Unreachable=*/false);
    B.SetInsertPoint(Then);
  }
  Value *Created = B.CreateLoad(Api.ptrTy(), Out, "tscope.created");
  B.CreateCall(Api.track(), {Created, Release, Site});
}

void RoleCallInstrumenter::instrumentRelease(CallBase &CB,
                                             const FunctionRoles &R,
                                             const FunctionRoles *Enclosing) {
  Function *Caller = CB.getFunction();
  Value *Proceed = nullptr;
  IRBuilder<> B(&CB);
  B.SetCurrentDebugLocation(CB.getDebugLoc());
  Constant *Site = Api.siteFor(CB, apiNameOf(CB));
  for (unsigned Index : R.Releases) {
    Value *Arg = roleArgument(CB, Index);
    if (!Arg)
      continue;
    // A release function that forwards its own parameter to another release
    // (my_free(m) { gsl_matrix_free(m); }): the caller's call of my_free
    // already told the runtime; telling it twice would be a double release.
    bool Forwarded = false;
    if (Enclosing)
      for (unsigned Own : Enclosing->Releases)
        if (Own >= 1 && Own <= Caller->arg_size() &&
            isParameter(Arg, Caller->getArg(Own - 1)))
          Forwarded = true;
    if (Forwarded)
      continue;
    Value *Ok = B.CreateICmpNE(B.CreateCall(Api.release(), {Arg, Site}),
                               B.getInt32(0), "tscope.release.ok");
    Proceed = Proceed ? B.CreateAnd(Proceed, Ok) : Ok;
  }
  if (Proceed)
    runOnlyIf(CB, Proceed);
}

bool RoleCallInstrumenter::run(Function &F) {
  if (F.isDeclaration() || F.getName().starts_with("tscope_"))
    return false;
  // The roles of F itself decide what its body reports: a create function
  // is tracked at its caller's line (the user's code), not inside.
  const FunctionRoles *Self = Roles.lookup(F.getName());
  bool SelfCreates = Self && (Self->Creates || Self->CreatesOut) &&
                     Self->Source != RoleSource::Inferred;

  SmallVector<std::pair<CallBase *, const FunctionRoles *>, 16> Calls;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (const FunctionRoles *R = rolesOfCallee(Roles, *CB))
          // Inferred roles describe helpers whose bodies are instrumented
          // themselves; tracking at the call too would count twice.
          if (R->Source != RoleSource::Inferred)
            Calls.push_back({CB, R});

  for (auto &[CB, R] : Calls) {
    IRBuilder<> Before(CB);
    Before.SetCurrentDebugLocation(CB->getDebugLoc());
    // Ownership leaves this code's scopes before the callee can free it.
    for (unsigned Index : R->Consumes)
      if (Value *Arg = roleArgument(*CB, Index))
        Before.CreateCall(Api.detach(), {Arg});
    for (unsigned Index : R->Detaches)
      if (Value *Arg = roleArgument(*CB, Index))
        Before.CreateCall(Api.detach(), {Arg});
    if (!R->Retains.empty()) {
      IRBuilder<> After(CB->getContext());
      After.SetInsertPoint(insertionPointAfter(*CB));
      for (unsigned Index : R->Retains)
        if (Value *Arg = roleArgument(*CB, Index))
          After.CreateCall(Api.retain(), {Arg});
    }
    if (!SelfCreates) {
      if (R->Creates)
        instrumentCreate(*CB, *R);
      if (R->CreatesOut)
        instrumentCreateOut(*CB, *R);
    }
    // Last: it may move CB into a block of its own.
    if (!R->Releases.empty())
      instrumentRelease(*CB, *R, Self);
  }
  return !Calls.empty();
}

} // namespace tscope
