//===- Lint.cpp - runLint: lint every function of the translation unit ----===//
#include "Lint.h"
#include "Reporter.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"

namespace tscope {
namespace {

/// First slice: a create call whose result is dropped on the floor.
class DroppedResults : public clang::RecursiveASTVisitor<DroppedResults> {
public:
  DroppedResults(RoleTable &Roles, Reporter &Rep, const clang::FunctionDecl *FD)
      : Roles(Roles), Rep(Rep), FD(FD), Parents(FD->getBody()) {}
  bool VisitCallExpr(clang::CallExpr *CE) {
    const FunctionRoles *R = Roles.lookup(CE->getDirectCallee());
    if (!R || !R->Creates)
      return true;
    const clang::Stmt *P = Parents.getParentIgnoreParenImpCasts(CE);
    if (P && llvm::isa<clang::Expr>(P))
      return true;
    Finding F;
    F.Category = LintCategory::Leak;
    F.Loc = CE->getBeginLoc();
    F.Message = "the tensor returned by '" + R->Name + "' is dropped and never released";
    F.Function = FD->getNameAsString();
    F.Tensor = CE;
    Rep.report(F);
    return true;
  }

private:
  RoleTable &Roles;
  Reporter &Rep;
  const clang::FunctionDecl *FD;
  clang::ParentMap Parents;
};

} // namespace

void runLint(clang::CompilerInstance &CI, clang::ASTContext &Ctx,
             RoleTable &Roles, const Options &Opts) {
  Reporter Rep(CI, Ctx, Opts);
  for (clang::Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    auto *FD = llvm::dyn_cast<clang::FunctionDecl>(D);
    if (!FD || !FD->doesThisDeclarationHaveABody())
      continue;
    const FunctionRoles *R = Roles.lookup(FD);
    if (R && R->NoLint)
      continue;
    DroppedResults(Roles, Rep, FD).TraverseStmt(FD->getBody());
  }
}

} // namespace tscope
