//===- KeptParams.cpp - parameters a helper may keep beyond the call ------===//
//
//   static void push(struct list *l, tensor *t) { l->items[l->n++] = t; }
//   ...
//   tensor *t = t_ones(n);
//   push(l, t);                  // the list holds t now: no leak here
//   return 0;
//
// A call borrows its arguments unless a role says otherwise (docs/lint.md,
// "Callbacks and function pointers"), which is right for a function the
// lint cannot see.  A helper defined in the translation unit it can see:
// one that may store a parameter where the value outlives the call (a
// global, through a pointer, into a field, an array or an aggregate), take
// its address, hide it in an integer, capture it in a lambda, or hand it
// to another helper that keeps it (or to a CONSUMES or DETACHES parameter)
// keeps that parameter on some path.  Its callers then stop following
// what they pass there (FunctionRoles::Keeps, Transfer.cpp), as clang's
// analyzer does when it sees a pointer stored by an inlined callee.
//
// "May": a store on one path is enough; no finding is better than a false
// one.  Local pointer variables copied from the parameter (`tensor *q = t;`)
// are followed as the parameter; a store into any other local (a struct
// field, an array element) counts as a keep too, since what lands there may
// be copied out unseen.  A parameter only returned is not kept here.
//
//===----------------------------------------------------------------------===//
#include "KeptParams.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"

using namespace clang;

namespace tscope {
namespace {

using ParamSet = uint64_t; ///< bit i: parameter i (0-based), the first 64

/// The parameters whose value `E` may be: a variable holding some (through
/// parens and casts), or either arm of `c ? x : y`, or the right of a comma.
ParamSet sourcesOf(const Expr *E, const llvm::DenseMap<const VarDecl *, ParamSet> &Holders) {
  // Through casts that keep a pointer (`(void *)t`, a load), not those to
  // a truth value or a number (`_Bool ok = t;` keeps nothing).
  for (E = E->IgnoreParens(); const auto *CE = dyn_cast<CastExpr>(E); E = E->IgnoreParens()) {
    if (!CE->getType()->isPointerType() && CE->getCastKind() != CK_LValueToRValue &&
        CE->getCastKind() != CK_NoOp)
      break;
    E = CE->getSubExpr();
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return sourcesOf(CO->getTrueExpr(), Holders) | sourcesOf(CO->getFalseExpr(), Holders);
  if (const auto *BCO = dyn_cast<BinaryConditionalOperator>(E))
    return sourcesOf(BCO->getCommon(), Holders) | sourcesOf(BCO->getFalseExpr(), Holders);
  if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->getOpcode() == BO_Comma)
    return sourcesOf(BO->getRHS(), Holders);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
      auto It = Holders.find(VD);
      return It == Holders.end() ? 0 : It->second;
    }
  return 0;
}

/// A variable of this function whose storage dies with the call and that
/// holds a pointer: copying a parameter there is no keep.
bool isPrivatePointerLocal(const VarDecl *VD, const FunctionDecl *FD) {
  return VD && VD->hasLocalStorage() && VD->getDeclContext() == FD &&
         VD->getType()->isPointerType();
}

/// Pass 1: the local pointer variables that may hold a parameter.
struct Copies : RecursiveASTVisitor<Copies> {
  const FunctionDecl *FD;
  llvm::DenseMap<const VarDecl *, ParamSet> &Holders;
  bool Changed = false;
  Copies(const FunctionDecl *FD, llvm::DenseMap<const VarDecl *, ParamSet> &Holders)
      : FD(FD), Holders(Holders) {}
  void add(const VarDecl *VD, ParamSet S) {
    ParamSet &Have = Holders[VD];
    if ((Have | S) != Have) {
      Have |= S;
      Changed = true;
    }
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->getOpcode() != BO_Assign)
      return true;
    const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (isPrivatePointerLocal(VD, FD))
      if (ParamSet S = sourcesOf(BO->getRHS(), Holders))
        add(VD, S);
    return true;
  }
  bool VisitVarDecl(VarDecl *VD) {
    if (isPrivatePointerLocal(VD, FD) && !isa<ParmVarDecl>(VD) && VD->getInit())
      if (ParamSet S = sourcesOf(VD->getInit(), Holders))
        add(VD, S);
    return true;
  }
};

/// Pass 2: where a held value goes that outlives the call.
struct Keeps : RecursiveASTVisitor<Keeps> {
  const FunctionDecl *FD;
  const RoleTable &Roles;
  const llvm::DenseMap<const VarDecl *, ParamSet> &Holders;
  ParamSet Kept = 0;
  Keeps(const FunctionDecl *FD, const RoleTable &Roles,
        const llvm::DenseMap<const VarDecl *, ParamSet> &Holders)
      : FD(FD), Roles(Roles), Holders(Holders) {}
  ParamSet of(const Expr *E) const { return sourcesOf(E, Holders); }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->getOpcode() != BO_Assign)
      return true;
    const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!isPrivatePointerLocal(VD, FD)) // a global, `*out`, `o->f`, `a[i]`
      Kept |= of(BO->getRHS());
    return true;
  }
  bool VisitVarDecl(VarDecl *VD) {
    // A static local, or a local that is not a plain pointer (a struct or
    // an array initialised with the value: an InitListExpr, below).
    if (VD->getInit() && !isa<ParmVarDecl>(VD) && !isPrivatePointerLocal(VD, FD))
      Kept |= of(VD->getInit());
    return true;
  }
  bool VisitInitListExpr(InitListExpr *IL) {
    for (const Expr *E : IL->inits())
      Kept |= of(E);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    // `&t` (or `&q` of a copy): whoever gets the address may copy it out.
    if (UO->getOpcode() == UO_AddrOf)
      Kept |= of(UO->getSubExpr());
    return true;
  }
  bool VisitCastExpr(CastExpr *CE) {
    if (CE->getCastKind() == CK_PointerToIntegral)
      Kept |= of(CE->getSubExpr());
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    const FunctionRoles *R = Callee ? Roles.lookup(Callee) : nullptr;
    if (!R || isa<CXXOperatorCallExpr>(CE) || isa<CXXMemberCallExpr>(CE))
      return true;
    for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
      unsigned Index = I + 1;
      if (llvm::is_contained(R->Keeps, Index) || llvm::is_contained(R->Consumes, Index) ||
          llvm::is_contained(R->Detaches, Index))
        Kept |= of(CE->getArg(I));
    }
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
    // An object built from the value holds it (as the lint's transfer says).
    for (const Expr *Arg : CE->arguments())
      Kept |= of(Arg);
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *LE) {
    for (const LambdaCapture &C : LE->captures())
      if (C.capturesVariable())
        if (const auto *VD = dyn_cast<VarDecl>(C.getCapturedVar())) {
          auto It = Holders.find(VD);
          if (It != Holders.end())
            Kept |= It->second;
        }
    return true;
  }
};

} // namespace

std::vector<unsigned> keptParams(const FunctionDecl *FD, const RoleTable &Roles) {
  std::vector<unsigned> Out;
  if (!FD->getBody() || isa<CXXMethodDecl>(FD)) // (indexes without `this`)
    return Out;
  llvm::DenseMap<const VarDecl *, ParamSet> Holders;
  for (unsigned I = 0; I < FD->getNumParams() && I < 64; ++I)
    if (FD->getParamDecl(I)->getType()->isPointerType())
      Holders[FD->getParamDecl(I)] = ParamSet(1) << I;
  if (Holders.empty())
    return Out;
  // Copies of copies: each round adds at least one bit to some local, so
  // this ends; real helpers need one or two rounds.  A bound keeps a
  // generated function linear in practice.
  for (unsigned Round = 0; Round < 8; ++Round) {
    Copies C(FD, Holders);
    C.TraverseStmt(FD->getBody());
    if (!C.Changed)
      break;
  }
  Keeps K(FD, Roles, Holders);
  K.TraverseStmt(FD->getBody());
  for (unsigned I = 0; I < 64; ++I)
    if (K.Kept & (ParamSet(1) << I))
      Out.push_back(I + 1);
  return Out;
}

} // namespace tscope
