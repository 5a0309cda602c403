//===- RoleCalls.cpp - runtime hooks around calls of tensor API functions -===//
#include "RoleCalls.h"
#include "ApiBodies.h"
#include "IRSurgery.h"
#include "OutArrays.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
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

/// The hook that tracks what `R` creates: a shared create may return a live
/// object again (ApiDescription.h, `shared:`).
static FunctionCallee trackFor(RuntimeApi &Api, const FunctionRoles &R) {
  return R.Shared ? Api.trackShared() : Api.track();
}

/// The calls in `F` of functions with roles, in order.
static SmallVector<std::pair<CallBase *, const FunctionRoles *>, 16>
roleCalls(Function &F, const RoleTable &Roles) {
  SmallVector<std::pair<CallBase *, const FunctionRoles *>, 16> Calls;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (const FunctionRoles *R = rolesOfCallee(Roles, *CB))
          Calls.push_back({CB, R});
  return Calls;
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
  B.CreateCall(trackFor(Api, R), {&CB, Release, Api.siteFor(CB, apiNameOf(CB))});
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
  case SuccessCondition::Status: // read from an argument: statusSuccessOf
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
  Value *Ok = R.Success == SuccessCondition::Status ? statusSuccessOf(B, CB, R, Api)
                                                    : successOf(B, CB, R.Success);
  if (Ok) {
    // Track only on success: on failure the out-parameter may be garbage.
    Instruction *Then =
        SplitBlockAndInsertIfThen(Ok, B.GetInsertPoint(), /*Unreachable=*/false);
    B.SetInsertPoint(Then);
  }
  if (R.CreatesOutCount) { // an array: every element is a new tensor
    trackEachElement(B, CB, Out, R.CreatesOutCount, trackFor(Api, R), Release, Site, Api);
    return;
  }
  Value *Created = B.CreateLoad(Api.ptrTy(), Out, "tscope.created");
  B.CreateCall(trackFor(Api, R), {Created, Release, Site});
}

void RoleCallInstrumenter::instrumentRelease(CallBase &CB,
                                             const FunctionRoles &R) {
  Value *Proceed = nullptr;
  IRBuilder<> B(&CB);
  B.SetCurrentDebugLocation(CB.getDebugLoc());
  Constant *Site = Api.siteFor(CB, apiNameOf(CB));
  for (unsigned Index : R.Releases) {
    Value *Arg = roleArgument(CB, Index);
    if (!Arg)
      continue;
    Value *Ok = B.CreateICmpNE(B.CreateCall(Api.release(), {Arg, Site}),
                               B.getInt32(0), "tscope.release.ok");
    Proceed = Proceed ? B.CreateAnd(Proceed, Ok) : Ok;
  }
  if (Proceed)
    runOnlyIf(CB, Proceed);
}

bool RoleCallInstrumenter::runInApiBody(Function &F) {
  bool Changed = false;
  for (auto &[CB, R] : roleCalls(F, Roles)) {
    if (!isDeclaredLifetimeRole(*R) || R->Releases.empty())
      continue;
    IRBuilder<> B(CB);
    B.SetCurrentDebugLocation(CB->getDebugLoc());
    Constant *Site = Api.siteFor(*CB, apiNameOf(*CB));
    for (unsigned Index : R->Releases)
      if (Value *Arg = roleArgument(*CB, Index))
        B.CreateCall(Api.releaseInner(), {Arg, Site});
    Changed = true;
  }
  return Changed;
}

bool RoleCallInstrumenter::run(Function &F) {
  if (F.isDeclaration() || F.getName().starts_with("tscope_"))
    return false;
  auto Calls = roleCalls(F, Roles);
  for (auto &[CB, R] : Calls) {
    IRBuilder<> Before(CB);
    Before.SetCurrentDebugLocation(CB->getDebugLoc());
    // Ownership leaves this code's scopes before the callee can free it.
    // A detach is idempotent, so inferred consumes take one here too (the
    // helper's body may keep the tensor where no escape shows).
    for (unsigned Index : R->Consumes)
      if (Value *Arg = roleArgument(*CB, Index))
        Before.CreateCall(Api.detach(), {Arg});
    for (unsigned Index : R->Detaches)
      if (Value *Arg = roleArgument(*CB, Index))
        Before.CreateCall(Api.detach(), {Arg});
    // Creates, releases and retains are told once, where the declared
    // function is called (ApiBodies.h): an inferred helper's body holds
    // those calls itself.
    if (!isDeclaredLifetimeRole(*R))
      continue;
    if (!R->Retains.empty()) {
      IRBuilder<> After(CB->getContext());
      After.SetInsertPoint(insertionPointAfter(*CB));
      for (unsigned Index : R->Retains)
        if (Value *Arg = roleArgument(*CB, Index))
          After.CreateCall(Api.retain(), {Arg});
    }
    if (R->Creates)
      instrumentCreate(*CB, *R);
    if (R->CreatesOut)
      instrumentCreateOut(*CB, *R);
    // Last: it may move CB into a block of its own.
    if (!R->Releases.empty())
      instrumentRelease(*CB, *R);
  }
  return !Calls.empty();
}

} // namespace tscope
