//===- Writes.cpp - does a statement write these variables? ---------------===//
#include "Writes.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace tscope {

bool writesAny(const Stmt *S, const llvm::SmallPtrSetImpl<const Decl *> &Vars, bool CallsWrite) {
  struct Visitor : RecursiveASTVisitor<Visitor> {
    const llvm::SmallPtrSetImpl<const Decl *> *Vars;
    bool CallsWrite;
    bool Found = false;
    bool names(const Expr *E) {
      const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      return DRE && Vars->count(DRE->getDecl());
    }
    bool VisitBinaryOperator(BinaryOperator *BO) {
      Found |= BO->isAssignmentOp() && names(BO->getLHS());
      return !Found;
    }
    bool VisitUnaryOperator(UnaryOperator *UO) {
      Found |= (UO->getOpcode() == UO_AddrOf || UO->isIncrementDecrementOp()) &&
               names(UO->getSubExpr());
      return !Found;
    }
    bool VisitCallExpr(CallExpr *) {
      Found |= CallsWrite;
      return !Found;
    }
  } V;
  V.Vars = &Vars;
  V.CallsWrite = CallsWrite;
  V.TraverseStmt(const_cast<Stmt *>(S));
  return V.Found;
}

} // namespace tscope
