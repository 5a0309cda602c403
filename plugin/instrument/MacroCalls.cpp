//===- MacroCalls.cpp - indirect calls spelled through macros with roles ---===//
#include "MacroCalls.h"
#include "MemberCalls.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"
#include "llvm/Config/llvm-config.h"

#include <map>
#include <utility>

using namespace llvm;

namespace tscope {

// LLVM 20 renamed the message-only diagnostic (clang prints both as a
// plain warning).
#if LLVM_VERSION_MAJOR >= 20
using GenericDiagnostic = DiagnosticInfoGeneric;
#else
using GenericDiagnostic = DiagnosticInfoInlineAsm;
#endif

/// An indirect call at IR: nothing callable named, even through casts.
static bool isIndirectCall(const CallBase &CB) {
  return !CB.isInlineAsm() && !isa<Function>(CB.getCalledOperand()->stripPointerCasts());
}

static bool tagFunction(Function &F, const std::vector<RoleTable::IndirectCallSite> &Source) {
  // (line, column) -> calls in order; column 0 when the compile has none.
  std::map<std::pair<unsigned, unsigned>, std::vector<CallBase *>> Ir;
  bool NoColumns = false;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (isIndirectCall(*CB))
          if (const DILocation *L = CB->getDebugLoc().get()) {
            Ir[{L->getLine(), L->getColumn()}].push_back(CB);
            NoColumns |= L->getColumn() == 0;
          }
  std::map<std::pair<unsigned, unsigned>, std::vector<const RoleTable::IndirectCallSite *>> Src;
  for (const RoleTable::IndirectCallSite &S : Source)
    Src[{S.Line, NoColumns ? 0 : S.Column}].push_back(&S);
  bool Tagged = false;
  for (auto &[Where, Sites] : Src) {
    bool Wanted = false;
    for (const RoleTable::IndirectCallSite *S : Sites)
      Wanted |= !S->Key.empty();
    if (!Wanted)
      continue;
    auto It = Ir.find(Where);
    size_t Found = It == Ir.end() ? 0 : It->second.size();
    if (Found != Sites.size()) {
      F.getContext().diagnose(GenericDiagnostic(
          "tensorscope: line " + Twine(Where.first) + " of '" + F.getName() + "' has " +
              Twine(Sites.size()) + " indirect call(s) in the source and " + Twine(Found) +
              " in the generated code; the calls through macros with roles there are "
              "not instrumented",
          DS_Warning));
      continue;
    }
    for (size_t I = 0; I < Found; ++I)
      if (!Sites[I]->Key.empty() && roleTagOf(*It->second[I]).empty()) {
        setRoleTag(*It->second[I], Sites[I]->Key);
        Tagged = true;
      }
  }
  return Tagged;
}

bool tagMacroCalls(Module &M, const RoleTable &Roles) {
  if (!Roles.hasIndirectCallSites())
    return false;
  bool Tagged = false;
  for (Function &F : M)
    if (!F.isDeclaration())
      if (const auto *Sites = Roles.findIndirectCalls(F.getName()))
        Tagged |= tagFunction(F, *Sites);
  return Tagged;
}

} // namespace tscope
