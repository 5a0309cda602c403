//===- RoleCollectorStatus.cpp - out arrays and status conditions ---------===//
//
// The parts of RoleCollector for `count:` (creates_out into an array) and
// `success: 'F($N) == V'`: their parameters are checked against each
// declaration an entry matches, and V is resolved to a number once the
// whole TU (its enums) has been seen.
//
//===----------------------------------------------------------------------===//
#include "RoleCollector.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"

namespace tscope {

void RoleCollector::collectEnumerators(const clang::Decl *D) {
  const auto *ED = llvm::dyn_cast<clang::EnumDecl>(D);
  if (!ED || !ED->isComplete())
    return;
  for (const clang::EnumConstantDecl *C : ED->enumerators())
    Enumerators.try_emplace(C->getName(), C->getInitVal().getExtValue());
}

bool RoleCollector::checkOutArrayParams(const ApiEntry &E, const clang::FunctionDecl *FD,
                                        llvm::StringRef Key, llvm::StringRef Name) {
  unsigned Params = FD->getNumParams();
  unsigned Shift = 1; // source parameter index -> getParamDecl index
  if (const auto *MD = llvm::dyn_cast<clang::CXXMethodDecl>(FD))
    if (MD->isImplicitObjectMemberFunction()) {
      ++Params;
      Shift = 2;
    }
  auto Param = [&](unsigned I) -> const clang::ParmVarDecl * {
    return I >= Shift && I - Shift < FD->getNumParams() ? FD->getParamDecl(I - Shift) : nullptr;
  };
  auto Fail = [&](const llvm::Twine &Why) {
    Diags.error(FD->getLocation(), "API description " + E.Origin + ": " + Why);
    return false;
  };
  auto OutOfRange = [&](const llvm::Twine &What) {
    return Fail(What + " is out of range for '" + Name + "', which has " +
                llvm::Twine(Params) + " parameter" + (Params == 1 ? "" : "s"));
  };
  if (E.Count) {
    const clang::ParmVarDecl *P = Param(*E.Count);
    if (!P)
      return OutOfRange("'count: " + llvm::Twine(*E.Count) + "'");
    if (!P->getType()->isIntegerType())
      return Fail("'count: " + llvm::Twine(*E.Count) + "' names parameter '" +
                  P->getName() + "' of '" + Name +
                  "', which is not an integer (the number of elements)");
  }
  if (E.Success && *E.Success == SuccessCondition::Status) {
    const StatusCondition &C = E.StatusCheck;
    const clang::ParmVarDecl *P = Param(C.Param);
    if (!P)
      return OutOfRange("'$" + llvm::Twine(C.Param) + "' in 'success'");
    if (C.Function.empty()) {
      clang::QualType Pointee =
          P->getType()->isPointerType() ? P->getType()->getPointeeType() : clang::QualType();
      if (Pointee.isNull() || !Pointee->isIntegerType())
        return Fail("'*$" + llvm::Twine(C.Param) + "' in 'success' reads parameter '" +
                    P->getName() + "' of '" + Name + "', which does not point to an integer");
      unsigned Bits = (unsigned)FD->getASTContext().getTypeSize(Pointee);
      // The width is the declaration's: applied at the end of the TU.
      DerefWidths[Key] = Bits;
    }
  }
  return true;
}

void RoleCollector::resolveStatusConditions() {
  for (auto &Entry : Table.entries()) {
    const FunctionRoles &R = Entry.second;
    if (!R.CreatesOut || R.Success != SuccessCondition::Status)
      continue;
    FunctionRoles &W = Table.getOrCreate(Entry.first(), R.Source);
    StatusCondition &C = W.StatusCheck;
    auto Width = DerefWidths.find(Entry.first());
    if (Width != DerefWidths.end())
      C.DerefBits = Width->second;
    if (!C.Function.empty()) {
      C.Symbol = keyOfName(C.Function);
      if (C.Symbol.empty()) {
        Diags.error(clang::SourceLocation(),
                    "API description " + R.Origin + ": the success condition of '" +
                        R.DisplayName + "' calls '" + C.Function +
                        "', which is not declared in this translation unit");
        continue;
      }
    }
    llvm::StringRef V = C.ValueName;
    long long Number;
    if (!V.getAsInteger(0, Number)) {
      C.Value = Number;
      continue;
    }
    auto It = Enumerators.find(V);
    if (It != Enumerators.end()) {
      C.Value = It->second;
      continue;
    }
    std::string Hint;
    unsigned Best = 3;
    for (auto &E : Enumerators) {
      unsigned D = V.edit_distance(E.first(), true, Best);
      if (D < Best) {
        Best = D;
        Hint = " (did you mean '" + E.first().str() + "'?)";
      }
    }
    Diags.error(clang::SourceLocation(),
                "API description " + R.Origin + ": '" + V + "' in the success condition of '" +
                    R.DisplayName +
                    "' is neither a number nor an enumerator declared in this translation "
                    "unit" + Hint);
  }
}

} // namespace tscope
