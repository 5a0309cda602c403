//===- LoopDepthMarker.cpp - AST facts the loop scopes need at IR ----------===//
#include "LoopDepthMarker.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include <string>

using namespace clang;

namespace tscope {
namespace {

/// Walks one function body counting the loops around each declaration.  A
/// loop whose condition is constant false (`do { } while (0)`) is not
/// counted: clang emits no back edge for it, so it is no loop at IR either.
class DepthVisitor : public RecursiveASTVisitor<DepthVisitor> {
public:
  explicit DepthVisitor(ASTContext &Ctx) : Ctx(Ctx) {}

  bool VisitVarDecl(VarDecl *VD) {
    if (VD->hasLocalStorage() && !VD->isImplicit())
      annotate(VD);
    return true;
  }

  // The for-init runs once, outside the iterations: its variables belong to
  // the enclosing scope.  Condition, increment and body are per iteration.
  bool TraverseForStmt(ForStmt *S) {
    TraverseStmt(S->getInit());
    Enter E(*this, isLoop(S->getCond()));
    TraverseStmt(S->getCond());
    TraverseStmt(S->getInc());
    TraverseStmt(S->getBody());
    return true;
  }
  bool TraverseWhileStmt(WhileStmt *S) {
    Enter E(*this, isLoop(S->getCond()));
    if (VarDecl *CV = S->getConditionVariable())
      TraverseDecl(CV);
    TraverseStmt(S->getCond());
    TraverseStmt(S->getBody());
    return true;
  }
  bool TraverseDoStmt(DoStmt *S) {
    Enter E(*this, isLoop(S->getCond()));
    TraverseStmt(S->getBody());
    TraverseStmt(S->getCond());
    return true;
  }
  bool TraverseCXXForRangeStmt(CXXForRangeStmt *S) {
    TraverseStmt(S->getInit());
    TraverseStmt(S->getRangeStmt());
    TraverseStmt(S->getBeginStmt());
    TraverseStmt(S->getEndStmt());
    Enter E(*this, true);
    TraverseStmt(S->getCond());
    TraverseStmt(S->getInc());
    TraverseStmt(S->getLoopVarStmt());
    TraverseStmt(S->getBody());
    return true;
  }
  // A lambda body is a function of its own at IR: its depths start at 0.
  bool TraverseLambdaExpr(LambdaExpr *L) {
    unsigned Saved = Depth;
    Depth = 0;
    TraverseStmt(L->getBody());
    Depth = Saved;
    return true;
  }

private:
  struct Enter {
    Enter(DepthVisitor &V, bool Counts) : V(V), Counts(Counts) {
      V.Depth += Counts;
    }
    ~Enter() { V.Depth -= Counts; }
    DepthVisitor &V;
    bool Counts;
  };

  bool isLoop(const Expr *Cond) {
    if (!Cond || Cond->isValueDependent())
      return true;
    bool Value = true;
    if (Cond->EvaluateAsBooleanCondition(Value, Ctx))
      return Value;
    return true;
  }

  void annotate(VarDecl *VD) {
    std::string Text = (LoopDepthAnnotation + std::to_string(Depth)).str();
    for (const AnnotateAttr *A : VD->specific_attrs<AnnotateAttr>())
      if (A->getAnnotation().starts_with(LoopDepthAnnotation))
        return; // seen already (a decl group visited twice)
    VD->addAttr(AnnotateAttr::CreateImplicit(Ctx, Text, nullptr, 0,
                                             VD->getSourceRange()));
  }

  ASTContext &Ctx;
  unsigned Depth = 0;
};

} // namespace

void markLoopDepths(ASTContext &Ctx, FunctionDecl &FD) {
  if (!FD.hasBody())
    return;
  DepthVisitor V(Ctx);
  for (ParmVarDecl *P : FD.parameters())
    V.VisitVarDecl(P);
  V.TraverseStmt(FD.getBody());
}

} // namespace tscope
