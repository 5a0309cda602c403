//===- ApiBodies.cpp - functions whose bodies implement the described API --===//
#include "ApiBodies.h"

#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace tscope {

bool isDeclaredLifetimeRole(const FunctionRoles &R) {
  return R.Source != RoleSource::Inferred &&
         (R.Creates || R.CreatesOut || !R.Releases.empty() || !R.Retains.empty());
}

/// True when every use of `F` is a direct call made from a function in `Set`.
static bool calledOnlyFrom(const Function &F,
                           const SmallPtrSetImpl<const Function *> &Set) {
  if (F.use_empty())
    return false;
  for (const Use &U : F.uses()) {
    auto *CB = dyn_cast<CallBase>(U.getUser());
    if (!CB || !CB->isCallee(&U) || !Set.count(CB->getFunction()))
      return false;
  }
  return true;
}

SmallPtrSet<const Function *, 16> apiImplementationBodies(Module &M,
                                                          const RoleTable &Roles) {
  SmallPtrSet<const Function *, 16> Bodies;
  for (Function &F : M)
    if (!F.isDeclaration())
      if (const FunctionRoles *R = Roles.lookup(F.getName()))
        if (isDeclaredLifetimeRole(*R))
          Bodies.insert(&F);
  if (Bodies.empty())
    return Bodies;
  // Helpers of helpers: repeat until nothing joins.  Each round is one walk
  // over the module's internal functions; chains are short.
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (Function &F : M)
      if (!F.isDeclaration() && F.hasLocalLinkage() && !Bodies.count(&F) &&
          calledOnlyFrom(F, Bodies)) {
        Bodies.insert(&F);
        Grew = true;
      }
  }
  return Bodies;
}

} // namespace tscope
