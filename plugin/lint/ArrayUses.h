//===- ArrayUses.h - how a function uses its local arrays -----------------===//
//
// What the two array checks (ArrayRounds.cpp: release rounds,
// ArrayUnwind.cpp: unwinding loops that stop short) both need to know
// about a local array before they trust a loop over it: that it is only
// ever used as `a[...]` (never passed whole, copied, address-taken), where
// it is stored to, and every element expression (one walk of the body for
// all the candidate arrays of a function); and what a release of one
// element looks like.
//
//===----------------------------------------------------------------------===//
#ifndef TSCOPE_LINT_ARRAYUSES_H
#define TSCOPE_LINT_ARRAYUSES_H

#include "../roles/MemberRoles.h"
#include "../roles/RoleTable.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace tscope {
namespace arrays {

/// The variable `E` names (through parens and implicit casts), or null.
inline const clang::VarDecl *varOf(const clang::Expr *E) {
  const auto *DRE =
      llvm::dyn_cast_or_null<clang::DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  return DRE ? llvm::dyn_cast<clang::VarDecl>(DRE->getDecl()) : nullptr;
}

/// A walk that notes a `break`, `continue`, `goto` or `return` (Jumps) and
/// stops there: a way out of a loop round before its end.  A base for a
/// loop body's scan (CRTP, as RecursiveASTVisitor).
template <class Derived> struct JumpScan : clang::RecursiveASTVisitor<Derived> {
  bool Jumps = false;
  bool VisitBreakStmt(clang::BreakStmt *) { return !(Jumps = true); }
  bool VisitContinueStmt(clang::ContinueStmt *) { return !(Jumps = true); }
  bool VisitGotoStmt(clang::GotoStmt *) { return !(Jumps = true); }
  bool VisitReturnStmt(clang::ReturnStmt *) { return !(Jumps = true); }
};

/// `a[i]` with `a` the variable `Array` and `i` the variable `Index`.
inline bool isElement(const clang::Expr *E, const clang::VarDecl *Array,
                      const clang::VarDecl *Index) {
  const auto *AS = llvm::dyn_cast<clang::ArraySubscriptExpr>(E->IgnoreParenImpCasts());
  return AS && varOf(AS->getBase()) == Array && varOf(AS->getIdx()) == Index;
}

/// Whether `S` is a call that releases its one argument whatever the
/// outcome (a release of the roles `Roles` knows; not realloc, not a member
/// or operator call): what a loop over an array must do to each element.
inline const clang::CallExpr *releaseOfOneArgument(const clang::Stmt *S, const RoleTable &Roles) {
  const auto *Call = llvm::dyn_cast_or_null<clang::CallExpr>(S);
  if (!Call || Call->getNumArgs() != 1 || llvm::isa<clang::CXXMemberCallExpr>(Call) ||
      llvm::isa<clang::CXXOperatorCallExpr>(Call))
    return nullptr;
  const FunctionRoles *R = rolesOfCall(Roles, Call);
  if (!R || !llvm::is_contained(R->Releases, 1u) || R->ReleaseSuccess != SuccessCondition::Always)
    return nullptr;
  return Call;
}

/// The uses of the candidate arrays (the keys of `Arrays`, set before the
/// walk) in a function body.
struct ArrayUses : clang::RecursiveASTVisitor<ArrayUses> {
  struct Uses {
    bool Plain = true; ///< only ever `a[...]`, not under `&`, not incremented
    llvm::SmallVector<const clang::BinaryOperator *, 2> Stores;
    llvm::SmallVector<const clang::ArraySubscriptExpr *, 8> Elements;
  };
  llvm::DenseMap<const clang::VarDecl *, Uses> Arrays;
  const clang::ParentMap *PM = nullptr;

  bool VisitDeclRefExpr(clang::DeclRefExpr *DRE) {
    auto It = Arrays.find(llvm::dyn_cast<clang::VarDecl>(DRE->getDecl()));
    if (It == Arrays.end())
      return true;
    Uses &U = It->second;
    const clang::Stmt *P = PM->getParent(DRE);
    while (P && llvm::isa<clang::ImplicitCastExpr>(P))
      P = PM->getParent(P);
    const auto *AS = llvm::dyn_cast_or_null<clang::ArraySubscriptExpr>(P);
    if (!AS || AS->getBase()->IgnoreParenImpCasts() != DRE) {
      U.Plain = false;
      return true;
    }
    U.Elements.push_back(AS);
    const clang::Stmt *Use = PM->getParentIgnoreParens(const_cast<clang::ArraySubscriptExpr *>(AS));
    if (const auto *UO = llvm::dyn_cast_or_null<clang::UnaryOperator>(Use);
        UO && (UO->getOpcode() == clang::UO_AddrOf || UO->isIncrementDecrementOp()))
      U.Plain = false;
    else if (const auto *BO = llvm::dyn_cast_or_null<clang::BinaryOperator>(Use);
             BO && BO->isAssignmentOp() && BO->getLHS()->IgnoreParens() == AS)
      U.Stores.push_back(BO);
    return true;
  }
};

} // namespace arrays
} // namespace tscope

#endif
