//===- RoleDump.cpp - dump-roles=1: the table as stable text --------------===//
//
// One line per function with a role, sorted by key, so lit tests can
// FileCheck it and users can see what the plugin believes:
//   tscope-role: KEY [name=SOURCE_NAME] ROLE... source=S [origin=FILE:L:C]
//
//===----------------------------------------------------------------------===//
#include "RoleCollector.h"

#include "llvm/ADT/STLExtras.h"
#include <algorithm>

namespace tscope {
namespace {

const char *sourceName(RoleSource S) {
  switch (S) {
  case RoleSource::Annotation: return "annotation";
  case RoleSource::OwnershipAttr: return "ownership";
  case RoleSource::ApiFile: return "api";
  case RoleSource::Inferred: return "inferred";
  }
  return "?";
}

const char *successName(SuccessCondition S) {
  switch (S) {
  case SuccessCondition::Always: return "always";
  case SuccessCondition::ReturnsZero: return "returns_zero";
  case SuccessCondition::ReturnsNonZero: return "returns_nonzero";
  case SuccessCondition::ReturnsNull: return "returns_null";
  case SuccessCondition::ReturnsNonNull: return "returns_nonnull";
  case SuccessCondition::Status: return "status";
  }
  return "?";
}

/// `success=status` is followed by the condition, its value resolved:
/// "(TF_GetCode($12)==TF_OK=0)", without spaces
/// (the dump's fields are separated by spaces).
void printStatusCheck(llvm::raw_ostream &OS, const FunctionRoles &R) {
  if (R.Success != SuccessCondition::Status)
    return;
  const StatusCondition &C = R.StatusCheck;
  OS << "(" << (C.Function.empty() ? "*" : C.Function + "(") << "$" << C.Param
     << (C.Function.empty() ? "" : ")") << (C.Equals ? "==" : "!=") << C.ValueName;
  if (C.ValueName != std::to_string(C.Value))
    OS << "=" << C.Value;
  OS << ")";
}

void printIndexes(llvm::raw_ostream &OS, const char *Role,
                  std::vector<unsigned> Indexes) {
  if (Indexes.empty())
    return;
  std::sort(Indexes.begin(), Indexes.end());
  OS << ' ' << Role << '(';
  llvm::interleave(Indexes, OS, ",");
  OS << ')';
}

} // namespace

void dumpRoles(const RoleTable &Table, llvm::raw_ostream &OS) {
  std::vector<const FunctionRoles *> Rows;
  for (auto &Entry : Table.entries()) {
    const FunctionRoles &R = Entry.second;
    if (R.hasTensorRole() || R.AutoScope || R.AutoLoops || R.NoLint)
      Rows.push_back(&R);
  }
  std::sort(Rows.begin(), Rows.end(),
            [](const FunctionRoles *A, const FunctionRoles *B) {
              return A->Name < B->Name;
            });
  OS << "tscope-roles: " << Rows.size() << " function"
     << (Rows.size() == 1 ? "" : "s") << "\n";
  for (const FunctionRoles *R : Rows) {
    OS << "tscope-role: " << R->Name;
    if (!R->DisplayName.empty() && R->DisplayName != R->Name)
      OS << " name=" << R->DisplayName;
    if (R->Creates)
      OS << " creates";
    if (R->CreatesOut) {
      OS << " creates_out(" << R->CreatesOut << ")";
      if (R->CreatesOutCount)
        OS << " count=" << R->CreatesOutCount;
      OS << " success=" << successName(R->Success);
      printStatusCheck(OS, *R);
    }
    if (R->Creates || R->CreatesOut) {
      OS << " null=" << (R->MayReturnNull ? "may" : "aborts");
      OS << " release=" << (R->ReleaseFunction.empty() ? "?" : R->ReleaseFunction);
      if (R->Creates && R->CreatesOut && outReleaseOf(*R) != R->ReleaseFunction)
        OS << " out_release=" << outReleaseOf(*R);
      if (R->Shared)
        OS << " shared";
    }
    printIndexes(OS, "releases", R->Releases);
    if (!R->Releases.empty())
      OS << " accepts_null=" << (R->ReleaseAcceptsNull ? 1 : 0);
    if (!R->Releases.empty() && R->ReleaseSuccess != SuccessCondition::Always)
      OS << " success=" << successName(R->ReleaseSuccess);
    printIndexes(OS, "retains", R->Retains);
    printIndexes(OS, "consumes", R->Consumes);
    printIndexes(OS, "detaches", R->Detaches);
    if (R->Borrows)
      OS << " borrows(" << R->Borrows << ")";
    if (R->AutoScope)
      OS << " auto";
    if (R->AutoLoops)
      OS << " auto_loops";
    if (R->NoLint)
      OS << " no_lint";
    OS << " source=" << sourceName(R->Source);
    if (!R->Origin.empty())
      OS << " origin=" << R->Origin;
    OS << "\n";
  }
  OS.flush();
}

} // namespace tscope
