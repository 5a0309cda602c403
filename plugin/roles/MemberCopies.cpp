//===- MemberCopies.cpp - warn where a described member's value is copied -===//
//
// A call through a described member (MemberRoles.h) is seen by the lint and
// the instrumentation; a call through a copy of the member's value
// (`void (*drop)(V *) = api->Drop; drop(v);`) is a call of an unknown
// function pointer, which neither can tie to the member.  So the compile
// says so where the value of a member with a create or release role is
// stored, passed, or returned (a NULL check such as `if (t->deleter)` is
// fine).
//
//===----------------------------------------------------------------------===//
#include "MemberRoles.h"
#include "RoleCollector.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace tscope {

namespace {
class MemberReads : public RecursiveASTVisitor<MemberReads> {
public:
  MemberReads(const RoleTable &Table, SourceManager &SM) : Table(Table), SM(SM) {}
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) &&
        SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool VisitCallExpr(CallExpr *CE) {
    if (const MemberExpr *ME = calledMemberExpr(CE))
      Called.insert(ME);
    return true;
  }
  bool VisitMemberExpr(MemberExpr *ME) {
    const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
    std::string Key = F ? memberKey(F) : "";
    if (Key.empty())
      return true;
    const FunctionRoles *R = Table.lookup(Key);
    if (R && (R->Creates || R->CreatesOut || !R->Releases.empty()))
      Reads.push_back({ME, Key});
    return true;
  }
  const RoleTable &Table;
  SourceManager &SM;
  llvm::DenseSet<const MemberExpr *> Called;
  std::vector<std::pair<const MemberExpr *, std::string>> Reads;
};

/// Where `E`'s value goes, through parentheses and casts: a store, an
/// initializer, an argument or a return; null for anything else.
const char *copiedInto(ASTContext &Ctx, const Expr *E) {
  DynTypedNode N = DynTypedNode::create(*E);
  for (unsigned Depth = 0; Depth < 8; ++Depth) {
    auto Parents = Ctx.getParents(N);
    if (Parents.empty())
      return nullptr;
    const DynTypedNode &P = Parents[0];
    if (const auto *PE = P.get<Expr>()) {
      if (isa<ParenExpr>(PE) || isa<CastExpr>(PE)) {
        N = P;
        continue;
      }
      if (const auto *BO = dyn_cast<BinaryOperator>(PE))
        return BO->getOpcode() == BO_Assign && BO->getRHS()->IgnoreParenCasts() ==
                                                   E->IgnoreParenCasts()
                   ? "stored"
                   : nullptr;
      if (const auto *CE = dyn_cast<CallExpr>(PE))
        return CE->getCallee()->IgnoreParenCasts() != E->IgnoreParenCasts()
                   ? "passed to a function"
                   : nullptr;
      if (isa<InitListExpr>(PE))
        return "stored";
      return nullptr;
    }
    if (P.get<VarDecl>())
      return "stored";
    if (P.get<ReturnStmt>())
      return "returned";
    return nullptr;
  }
  return nullptr;
}
} // namespace

void RoleCollector::warnMemberCopies(ASTContext &Ctx) {
  if (Records.empty())
    return;
  // Only a member with a create or release role is ever reported (see
  // VisitMemberExpr), and member keys are "Record::field": without one, the
  // walk over the whole translation unit finds nothing.  GSL's headers have
  // function-pointer members (gsl_function) but no role on any of them;
  // the walk cost 1.3 million instructions on each of its doc/examples.
  bool AnyMemberRole = false;
  for (const auto &KV : Table.entries()) {
    const FunctionRoles &R = KV.getValue();
    if (KV.getKey().contains("::") && (R.Creates || R.CreatesOut || !R.Releases.empty())) {
      AnyMemberRole = true;
      break;
    }
  }
  if (!AnyMemberRole)
    return;
  MemberReads Reads(Table, Ctx.getSourceManager());
  Reads.TraverseDecl(Ctx.getTranslationUnitDecl());
  for (auto &[ME, Key] : Reads.Reads) {
    if (Reads.Called.count(ME))
      continue;
    if (const char *How = copiedInto(Ctx, ME))
      Diags.warning(ME->getMemberLoc(),
                    "the value of '" + Key + "' is " + How +
                        " here: a call through the copy is not seen by TensorScope "
                        "(neither the lint nor the instrumentation); call the member "
                        "itself");
  }
}

} // namespace tscope
