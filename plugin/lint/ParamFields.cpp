//===- ParamFields.cpp - helpers that release a struct's tensors ----------===//
//
// `static void pair_free(struct pair *p) { t_free(p->a); t_free(p->b); }`:
// the caller's `pair_free(&p)` releases what its local struct's fields
// hold, and a `t_free(p.a)` after it is a double release.  The helper's
// body is analysed with one parameter identity per field it reads through
// the pointer (`p->a` stands for what the field held on entry); a field
// whose identity is released on every exit (or NULL there: `if (p->a)
// t_free(p->a);`) becomes a field release of the helper's inferred role
// (FunctionRoles::ReleasesFields, Inference.cpp), which a caller applies
// to the fields of the local struct whose address it passes
// (Transfer.cpp).
//
// Only where what `p->f` holds cannot change behind the analysis: every
// use of `p` is a read of `p->f` or a NULL test of `p` (never `p` itself
// passed, copied or changed), and nothing in the body writes a field of
// that struct type through another pointer or passes such a pointer to a
// call.  A field the body writes (`p->a = NULL`, `&p->a`) gets no
// identity: the caller stops following it, as it did before.
//
// One call may take `p` itself: a same-file helper of this kind, inferred
// before (Inference.cpp orders callees first), that writes no field through
// its parameter (FunctionRoles::FieldsUnwritten).  `net_free(struct net
// *n) { net_free_params(n); t_free(n->out); }` then releases what
// net_free_params releases and `out`: the fields that helper releases get
// identities here too, and its call releases them (Transfer.cpp).
//
//===----------------------------------------------------------------------===//
#include "FunctionAnalysis.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace tscope {
namespace {

/// The struct a pointer type points to (not a union), or null.
const RecordDecl *pointeeRecord(QualType T) {
  if (!T->isPointerType())
    return nullptr;
  const RecordDecl *RD = T->getPointeeType()->getAsRecordDecl();
  return RD && !RD->isUnion() ? RD->getDefinition() : nullptr;
}

/// Whether member expression ME is written: assigned (also compound), its
/// address taken, incremented or decremented.
bool isWritten(const ParentMap &PM, const MemberExpr *ME) {
  const Stmt *P = PM.getParentIgnoreParenImpCasts(const_cast<MemberExpr *>(ME));
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P))
    return BO->isAssignmentOp() && BO->getLHS()->IgnoreParens() == ME;
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(P))
    return UO->getOpcode() == UO_AddrOf || UO->isIncrementDecrementOp();
  return false;
}

/// Whether DRE (a use of the parameter) is a NULL test of it: `!p`, `p`
/// as a condition, `p == NULL`, `p != NULL`.
bool isNullTest(const ParentMap &PM, const DeclRefExpr *DRE, ASTContext &Ctx) {
  const Stmt *Use = DRE;
  const Stmt *P = PM.getParent(Use);
  while (P && (isa<ParenExpr>(P) || isa<ImplicitCastExpr>(P))) {
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(P);
        IC && IC->getCastKind() == CK_PointerToBoolean)
      return true; // `if (p)`, `p && ...`
    Use = P;
    P = PM.getParent(P);
  }
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(P))
    return UO->getOpcode() == UO_LNot;
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P)) {
    if (BO->getOpcode() != BO_EQ && BO->getOpcode() != BO_NE)
      return false;
    const Expr *Other = BO->getLHS() == Use ? BO->getRHS() : BO->getLHS();
    return Other->IgnoreParenCasts()->isNullPointerConstant(
        Ctx, Expr::NPC_ValueDependentIsNotNull);
  }
  return false;
}

/// The roles of the call that takes `Arg` (a use of a parameter) as an
/// argument, when that call releases fields of it and writes none
/// (FunctionRoles::FieldsUnwritten); with the argument's 1-based index.
const FunctionRoles *fieldReleasingCall(const ParentMap &PM, const Expr *Arg,
                                        const RoleTable &Roles, unsigned &Index) {
  const Stmt *Use = Arg;
  const Stmt *P = PM.getParent(Use);
  while (P && (isa<ParenExpr>(P) || isa<ImplicitCastExpr>(P))) {
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(P); IC && IC->getCastKind() != CK_NoOp &&
                                                        IC->getCastKind() != CK_LValueToRValue)
      return nullptr; // converted (to another pointer type, to bool)
    Use = P;
    P = PM.getParent(P);
  }
  const auto *CE = dyn_cast_or_null<CallExpr>(P);
  if (!CE || isa<CXXMemberCallExpr>(CE) || isa<CXXOperatorCallExpr>(CE) || !CE->getDirectCallee())
    return nullptr;
  for (unsigned I = 0; I < CE->getNumArgs(); ++I)
    if (CE->getArg(I) == Use) {
      const FunctionRoles *R = Roles.lookup(CE->getDirectCallee());
      if (R && llvm::is_contained(R->FieldsUnwritten, I + 1) &&
          llvm::any_of(R->ReleasesFields, [&](const auto &PF) { return PF.first == I + 1; })) {
        Index = I + 1;
        return R;
      }
    }
  return nullptr;
}

/// The plain `=` that stores into member expression ME, or null.
const BinaryOperator *plainStoreOf(const ParentMap &PM, const MemberExpr *ME) {
  const auto *BO = dyn_cast_or_null<BinaryOperator>(
      PM.getParentIgnoreParenImpCasts(const_cast<MemberExpr *>(ME)));
  return BO && BO->getOpcode() == BO_Assign && BO->getLHS()->IgnoreParens() == ME ? BO : nullptr;
}

class FieldUses : public RecursiveASTVisitor<FieldUses> {
public:
  FieldUses(const ParmVarDecl *P, const RecordDecl *RD, const ParentMap &PM, ASTContext &Ctx,
            const RoleTable &Roles)
      : P(P), RD(RD), PM(PM), Ctx(Ctx), Roles(Roles) {}

  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    if (DRE->getDecl() != P)
      return true;
    unsigned Index = 0;
    if (const FunctionRoles *R = fieldReleasingCall(PM, DRE, Roles, Index)) {
      // `helper(p)`: the fields it releases are followed here too.
      Nested = true;
      for (const auto &[I, F] : R->ReleasesFields)
        if (I == Index && F->getParent() == RD && !Read.count(F)) {
          Read.insert(F);
          Order.push_back(F);
        }
      return true;
    }
    const Stmt *Parent = PM.getParentIgnoreParenImpCasts(DRE);
    const auto *ME = dyn_cast_or_null<MemberExpr>(Parent);
    if (ME && ME->isArrow() && ME->getBase()->IgnoreParenImpCasts() == DRE) {
      const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
      if (!F)
        return Ok = false;
      if (isWritten(PM, ME)) {
        Written.insert(F);
        const BinaryOperator *Store = plainStoreOf(PM, ME);
        if (!Store)
          OtherWrites.insert(F); // `&p->f`, `p->f += ..`: not a plain store
        if (!Store || !Store->getRHS()->IgnoreParenCasts()->isNullPointerConstant(
                          Ctx, Expr::NPC_ValueDependentIsNotNull))
          ValueWrites.insert(F);
      } else if (F->getType()->isPointerType() && !Read.count(F)) {
        Read.insert(F);
        Order.push_back(F);
      }
      return true;
    }
    if (!isNullTest(PM, DRE, Ctx))
      Ok = false; // `p` itself passed, copied, changed: anything may happen
    return Ok;
  }
  // A field of the same struct type written through another pointer, or
  // such a pointer handed to a call, may be the parameter's.
  bool VisitMemberExpr(MemberExpr *ME) {
    if (!ME->isArrow() || pointeeRecord(ME->getBase()->getType()) != RD)
      return true;
    const auto *DRE = dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts());
    if ((!DRE || DRE->getDecl() != P) && isWritten(PM, ME))
      Ok = false;
    return Ok;
  }
  bool VisitCallExpr(CallExpr *CE) {
    for (const Expr *A : CE->arguments()) {
      QualType T = A->IgnoreParenImpCasts()->getType();
      if (pointeeRecord(T) != RD || T->getPointeeType().isConstQualified())
        continue;
      // `p` itself handed to a helper that releases fields and writes none
      // (VisitDeclRefExpr checks that; the call is visited first).
      const auto *DRE = dyn_cast<DeclRefExpr>(A->IgnoreParenImpCasts());
      unsigned Index = 0;
      if (DRE && DRE->getDecl() == P && fieldReleasingCall(PM, DRE, Roles, Index))
        continue;
      Ok = false;
    }
    return Ok;
  }

  bool Ok = true;
  bool Nested = false; ///< `p` handed to a helper (which may read more)
  llvm::SmallPtrSet<const FieldDecl *, 8> Read, Written, OtherWrites;
  /// Written with anything but a plain `p->f = NULL` (which leaves the
  /// field its identity: `t_free(p->f); p->f = NULL;`).
  llvm::SmallPtrSet<const FieldDecl *, 8> ValueWrites;
  llvm::SmallVector<const FieldDecl *, 8> Order;

private:
  const ParmVarDecl *P;
  const RecordDecl *RD;
  const ParentMap &PM;
  ASTContext &Ctx;
  const RoleTable &Roles;
};

} // namespace

bool paramFieldsRead(const FunctionDecl *FD, const ParmVarDecl *P, const ParentMap &PM,
                     const RoleTable &Roles, llvm::SmallVectorImpl<const FieldDecl *> &Out,
                     bool *Complete, llvm::SmallVectorImpl<const FieldDecl *> *Stored) {
  Out.clear();
  if (Complete)
    *Complete = false;
  if (Stored)
    Stored->clear();
  const RecordDecl *RD = pointeeRecord(P->getType());
  Stmt *Body = FD->getBody();
  if (!RD || !Body)
    return false;
  FieldUses Uses(P, RD, PM, FD->getASTContext(), Roles);
  Uses.TraverseStmt(Body);
  if (!Uses.Ok)
    return false;
  for (const FieldDecl *F : Uses.Order)
    if (!Uses.ValueWrites.count(F) && Out.size() < MaxParamFields)
      Out.push_back(F);
  // Every field it touches is read (and written, if at all, only with
  // NULL: `t_free(p->a); p->a = NULL;`), so the others are untouched.
  if (Complete)
    *Complete = Uses.ValueWrites.empty() && !Uses.Nested && Out.size() == Uses.Order.size() &&
                llvm::all_of(Uses.Written, [&](const FieldDecl *F) { return Uses.Read.count(F); });
  // Pointer fields only ever stored with a plain `=` (init helpers,
  // InitFields.cpp).  Not with a nested helper, which may store too.
  if (Stored && !Uses.Nested)
    for (const FieldDecl *F : RD->fields())
      if (Uses.Written.count(F) && !Uses.OtherWrites.count(F) && F->getType()->isPointerType() &&
          Stored->size() < MaxParamFields)
        Stored->push_back(F);
  return Uses.Written.empty();
}

/// `p->f` with `p` a parameter: the key (p, f) (what the analysis follows
/// when paramFieldsRead gave `f` an identity).
bool paramFieldKey(const Expr *E, VarKey &Out) {
  const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
  if (!ME || !ME->isArrow())
    return false;
  const auto *DRE = dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts());
  const auto *P = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
  const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
  if (!P || !F)
    return false;
  Out = {P, F};
  return true;
}

} // namespace tscope
