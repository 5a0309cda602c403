//===- Thunks.cpp - role functions whose address is taken ------------------===//
#include "Thunks.h"
#include "ApiBodies.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace tscope {

/// True when constant `C` is (transitively) used only by llvm.* globals
/// (llvm.used, llvm.global.annotations...): bookkeeping, not a pointer the
/// program can call.
static bool onlyInLlvmGlobals(const Constant *C, unsigned Depth = 0) {
  if (Depth > 8)
    return false;
  for (const User *U : C->users()) {
    if (auto *GV = dyn_cast<GlobalVariable>(U)) {
      if (!GV->getName().starts_with("llvm."))
        return false;
    } else if (auto *Inner = dyn_cast<Constant>(U)) {
      if (!onlyInLlvmGlobals(Inner, Depth + 1))
        return false;
    } else {
      return false;
    }
  }
  return true;
}

/// True when `U` (a use of a function) takes its address for the program:
/// not the callee of a call, not an argument of a runtime hook (TRACK(x)
/// hands the release function to tscope_track, which must call the real
/// one), not bookkeeping.
static bool isAddressUse(const Use &U) {
  const User *Usr = U.getUser();
  if (auto *CB = dyn_cast<CallBase>(Usr)) {
    if (CB->isCallee(&U))
      return false;
    if (const Function *Callee = CB->getCalledFunction())
      if (Callee->getName().starts_with("tscope_"))
        return false;
    return true;
  }
  if (auto *GV = dyn_cast<GlobalVariable>(Usr))
    return !GV->getName().starts_with("llvm.");
  if (auto *C = dyn_cast<Constant>(Usr))
    return !onlyInLlvmGlobals(C);
  return true;
}

/// The thunk of `F`: same type and parameter attributes, body `return F(...)`.
static Function *makeThunk(Function &F) {
  Module &M = *F.getParent();
  LLVMContext &Ctx = M.getContext();
  Function *Thunk = Function::Create(F.getFunctionType(), GlobalValue::InternalLinkage,
                                     ThunkPrefix + F.getName(), M);
  Thunk->setCallingConv(F.getCallingConv());
  // Parameter and return attributes (sret, byval, noundef...) must match the
  // real function's; of the function attributes, only what codegen of the
  // thunk itself needs.
  AttributeList Attrs = F.getAttributes().removeFnAttributes(Ctx);
  Thunk->setAttributes(Attrs);
  for (Attribute::AttrKind Kind : {Attribute::NoUnwind, Attribute::UWTable})
    if (F.hasFnAttribute(Kind))
      Thunk->addFnAttr(F.getFnAttribute(Kind));
  for (StringRef Kind : {"target-cpu", "target-features", "frame-pointer"})
    if (F.hasFnAttribute(Kind))
      Thunk->addFnAttr(F.getFnAttribute(Kind));

  IRBuilder<> B(BasicBlock::Create(Ctx, "", Thunk));
  SmallVector<Value *, 4> Args;
  for (Argument &A : Thunk->args())
    Args.push_back(&A);
  CallInst *Call = B.CreateCall(F.getFunctionType(), &F, Args);
  Call->setCallingConv(F.getCallingConv());
  Call->setAttributes(Attrs);
  if (Call->getType()->isVoidTy())
    B.CreateRetVoid();
  else
    B.CreateRet(Call);
  return Thunk;
}

bool addRoleThunks(Module &M, const RoleTable &Roles) {
  SmallVector<Function *, 8> Taken;
  for (Function &F : M) {
    if (F.isIntrinsic() || F.isVarArg() || F.getName().starts_with("tscope_") ||
        F.getName().starts_with(ThunkPrefix))
      continue;
    const FunctionRoles *R = Roles.lookup(F.getName());
    // Consumes and detaches too: a consumer called through a pointer must
    // still take the tensor out of the caller's scopes.
    if (!R || !(isDeclaredLifetimeRole(*R) ||
                (R->Source != RoleSource::Inferred &&
                 (!R->Consumes.empty() || !R->Detaches.empty()))))
      continue;
    for (const Use &U : F.uses())
      if (isAddressUse(U)) {
        Taken.push_back(&F);
        break;
      }
  }
  for (Function *F : Taken)
    F->replaceUsesWithIf(makeThunk(*F), [](Use &U) { return isAddressUse(U); });
  return !Taken.empty();
}

} // namespace tscope
