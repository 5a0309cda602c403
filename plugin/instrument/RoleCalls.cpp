//===- RoleCalls.cpp - runtime hooks around calls of tensor API functions -===//
#include "RoleCalls.h"
#include "ApiBodies.h"
#include "IRSurgery.h"
#include "MemberCalls.h"
#include "OutArrays.h"
#include "../roles/MemberRoles.h"

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
  const FunctionRoles *R = nullptr;
  if (!Callee) {
    // A call through a described member or macro (MemberCalls.h).
    StringRef Tag = roleTagOf(CB);
    R = Tag.empty() ? nullptr : Roles.lookup(Tag);
    return R && R->hasTensorRole() ? R : nullptr;
  }
  if (Callee->isIntrinsic() || Callee->getName().starts_with("tscope_"))
    return nullptr;
  R = Roles.lookup(Callee->getName());
  if (!R || !R->hasTensorRole())
    return nullptr;
  return R;
}

/// The API name a site records: the C name, or the readable C++ name.
static std::string apiNameOf(const CallBase &CB, const FunctionRoles &R) {
  Function *Callee = directCallee(CB);
  if (!Callee)
    return R.DisplayName; // a member or a macro: "OrtApi::ReleaseValue"
  StringRef Name = Callee->getName();
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

Value *RoleCallInstrumenter::releaseOf(IRBuilder<> &B, CallBase &CB,
                                       const FunctionRoles &R, bool Out) {
  StringRef Name = Out ? outReleaseOf(R) : R.ReleaseFunction;
  Constant *None = ConstantPointerNull::get(Api.ptrTy());
  if (Name.empty())
    return None;
  // `release: '->deleter'`: the object's own member (MemberCalls.h).
  if (Name.starts_with(ObjectMemberPrefix)) {
    std::optional<uint64_t> Off = Roles.memberOffset(memberReleaseOffsetKey(R.Name, Name, Out));
    return Off ? objectMemberRelease(*CB.getModule(), *Off) : None;
  }
  // `release: OrtApi::ReleaseValue`: read from the table the create was
  // called through, right after the create.
  if (std::optional<uint64_t> Off = Roles.memberOffset(Name)) {
    std::optional<uint64_t> Own = Roles.memberOffset(R.Name);
    Value *Slot = calledSlot(CB);
    if (!Own || !Slot || roleTagOf(CB).empty())
      return None; // created by a plain function: no table at hand
    Value *At = B.CreateGEP(B.getInt8Ty(), Slot,
                            B.getInt64((int64_t)*Off - (int64_t)*Own), "tscope.release.slot");
    return B.CreateLoad(Api.ptrTy(), At, "tscope.release.fn");
  }
  // A `static inline` release (Python's Py_DECREF) exists only where the
  // module uses it: declaring it as an external symbol would not link.
  if (!CB.getModule()->getFunction(Name) && Roles.isLocalFunction(Name))
    return None;
  Constant *F = Api.releaseFunction(Name);
  return F ? F : None;
}

void RoleCallInstrumenter::instrumentCreate(CallBase &CB,
                                            const FunctionRoles &R) {
  if (!CB.getType()->isPointerTy())
    return;
  IRBuilder<> B(CB.getContext());
  B.SetInsertPoint(insertionPointAfter(CB));
  B.SetCurrentDebugLocation(CB.getDebugLoc());
  Value *Release = releaseOf(B, CB, R, /*Out=*/false);
  B.CreateCall(trackFor(Api, R), {&CB, Release, Api.siteFor(CB, apiNameOf(CB, R))});
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
  Value *Release = releaseOf(B, CB, R, /*Out=*/true);
  Constant *Site = Api.siteFor(CB, apiNameOf(CB, R));
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

/// A release that happens only when the call's result says so (realloc:
/// `success: returns_nonnull`).  The call always runs; after it, on
/// success, the runtime is told as for a release inside a library's body
/// (tscope_release_inner: a handle it never tracked is ignored without a
/// report).  Placed right after the call, so before the track of what the
/// same call creates (realloc may return the address it was given).
static void instrumentConditionalRelease(CallBase &CB, const FunctionRoles &R,
                                         RuntimeApi &Api, Constant *Site) {
  IRBuilder<> B(CB.getContext());
  B.SetInsertPoint(insertionPointAfter(CB));
  B.SetCurrentDebugLocation(CB.getDebugLoc());
  SmallVector<Value *, 2> Args;
  for (unsigned Index : R.Releases)
    if (Value *Arg = roleArgument(CB, Index))
      Args.push_back(Arg);
  if (Args.empty())
    return;
  if (Value *Ok = successOf(B, CB, R.ReleaseSuccess)) {
    Instruction *Then =
        SplitBlockAndInsertIfThen(Ok, B.GetInsertPoint(), /*Unreachable=*/false);
    B.SetInsertPoint(Then);
  }
  for (Value *Arg : Args)
    B.CreateCall(Api.releaseInner(), {Arg, Site});
}

void RoleCallInstrumenter::instrumentRelease(CallBase &CB,
                                             const FunctionRoles &R) {
  if (R.ReleaseSuccess != SuccessCondition::Always) {
    instrumentConditionalRelease(CB, R, Api, Api.siteFor(CB, apiNameOf(CB, R)));
    return;
  }
  Value *Proceed = nullptr;
  IRBuilder<> B(&CB);
  B.SetCurrentDebugLocation(CB.getDebugLoc());
  Constant *Site = Api.siteFor(CB, apiNameOf(CB, R));
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

/// The parameter of `F` that `V` is, directly or (at -O0) loaded from the
/// stack slot that only the parameter was stored to; or null.
static const Argument *parameterValue(const Function &F, Value *V) {
  V = V->stripPointerCasts();
  if (auto *A = dyn_cast<Argument>(V))
    return A;
  auto *L = dyn_cast<LoadInst>(V);
  auto *Slot = L ? dyn_cast<AllocaInst>(L->getPointerOperand()) : nullptr;
  if (!Slot)
    return nullptr;
  const Argument *Stored = nullptr;
  for (const User *U : Slot->users()) {
    if (isa<LoadInst>(U))
      continue;
    const auto *S = dyn_cast<StoreInst>(U);
    if (!S || S->getPointerOperand() != Slot)
      return nullptr; // the slot's address escapes, or is written otherwise
    const auto *A = dyn_cast<Argument>(S->getValueOperand()->stripPointerCasts());
    if (!A || (Stored && Stored != A))
      return nullptr;
    Stored = A;
  }
  return Stored;
}

bool RoleCallInstrumenter::runInApiBody(Function &F) {
  bool Changed = false;
  // A release whose body releases the same object again (Python's
  // Py_XDECREF calls Py_DECREF on its argument): its caller already told
  // the runtime of that release, once; telling it again would count a
  // shared object's reference twice.  Only for a body with internal
  // linkage (`static inline`), whose every call is in this module and
  // instrumented; an exported one may be called by code built without the
  // plugin, and then its inner release is the only one the runtime hears.
  const FunctionRoles *Own = F.hasLocalLinkage() ? Roles.lookup(F.getName()) : nullptr;
  for (auto &[CB, R] : roleCalls(F, Roles)) {
    if (!isDeclaredLifetimeRole(*R) || R->Releases.empty())
      continue;
    if (R->ReleaseSuccess != SuccessCondition::Always) {
      instrumentConditionalRelease(*CB, *R, Api, Api.siteFor(*CB, apiNameOf(*CB, *R)));
      Changed = true;
      continue;
    }
    IRBuilder<> B(CB);
    B.SetCurrentDebugLocation(CB->getDebugLoc());
    Constant *Site = Api.siteFor(*CB, apiNameOf(*CB, *R));
    for (unsigned Index : R->Releases)
      if (Value *Arg = roleArgument(*CB, Index)) {
        const Argument *P = Own ? parameterValue(F, Arg) : nullptr;
        if (P && llvm::is_contained(Own->Releases, P->getArgNo() + 1))
          continue;
        B.CreateCall(Api.releaseInner(), {Arg, Site});
        Changed = true;
      }
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
    // Last: it may move CB into a block of its own; a conditional release
    // goes right after CB, so before the create's track.
    if (!R->Releases.empty())
      instrumentRelease(*CB, *R);
  }
  return !Calls.empty();
}

} // namespace tscope
