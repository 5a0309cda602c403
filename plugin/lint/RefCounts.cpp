//===- RefCounts.cpp - retains and releases of reference-counted objects --===//
//
// A reference-counted object (Py_INCREF/Py_DECREF, obj_ref/obj_unref) is
// owned once per reference this function holds: one from its create, one
// per retain.  Each retain makes a *reference* identity (K = Created,
// RefOf = the object), owned like a create's tensor, alive as long as its
// object is held.  A release gives back one owned reference (the newest
// retain's first, the create's own last), so after create + retain +
// release the object is still owned and usable, and a release more than
// the references held is a double release (-Wtscope-double-release).  A
// reference never given back leaks like a tensor: "the reference taken by
// 'Py_INCREF' is never released".
//
// Returning, storing outside or handing to a consuming function a borrowed
// object (a parameter) passes on the reference a retain took for it; a
// retain of a parameter the function also stores outside is that store's
// reference (CPython's `Py_INCREF(v); self->v = v;`, in either order).
// In automatic-scope functions retains still stop the tracking, as before.
//
//===----------------------------------------------------------------------===//
#include "FunctionAnalysis.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace tscope {

void FunctionAnalysis::retainValue(const AbsVal &V, const Expr *Arg, const CallExpr *CE,
                                   const FunctionRoles &R, State &St) {
  // (A call that also creates would give its site two identities.)
  if (AutoScoped || V.Unknown || V.Ids.size() != 1 || R.Creates || R.CreatesOut) {
    loseTrack(V, St);
    return;
  }
  unsigned Obj = V.Ids[0];
  if (Ids[Obj].Field)
    return; // `p->f` of a struct parameter: followed for its releases only
  Status S = St.status(Obj);
  if (S.has(SUnknown))
    return;
  checkUse(V, Arg, St, "retained by '" + calleeName(CE) + "'");
  if (S.has(SReleased)) { // reported above (or on some paths): stop here
    loseTrack(V, St);
    return;
  }
  uint16_t Bits = SOwned;
  if (S.has(SEscaped) ||
      (Ids[Obj].K == Identity::Param && paramStoredOutside(Ids[Obj].ParamDecl)))
    Bits = SEscaped; // the reference of the store
  else if (Ids[Obj].K == Identity::Param && retainsOwnParam(Ids[Obj].ParamDecl))
    Bits = SEscaped; // a retain helper (Py_XINCREF): its caller holds the reference
  unsigned Id = newIdentity(CE, &R, Identity::Created, St);
  Identity &I = Ids[Id];
  I.RefOf = (int)Obj;
  // A fix-it releases with the object's release function, when known.
  I.Roles = Ids[Obj].K == Identity::Created && Ids[Obj].Roles ? Ids[Obj].Roles : nullptr;
  Status RS = S; // NULL where the object may be NULL (Py_XINCREF(NULL))
  RS.update((uint16_t)~SNotAlive, Bits);
  St.status(Id) = RS;
}

bool FunctionAnalysis::retainsOwnParam(const ParmVarDecl *P) const {
  const FunctionRoles *Own = P ? Roles.lookup(FD) : nullptr;
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  unsigned Index = P->getFunctionScopeIndex() + 1 + (MD && MD->isInstance() ? 1 : 0);
  return Own && llvm::is_contained(Own->Retains, Index);
}

int FunctionAnalysis::ownedReferenceOf(unsigned Obj, const State &St) const {
  int Best = -1;
  for (const auto &[Id, S] : St.Tensors)
    if (Ids[Id].RefOf == (int)Obj && S.has(SOwned) && !S.has(SUnknown))
      Best = (int)Id; // the newest: entries are sorted by id
  return Best;
}

bool FunctionAnalysis::takeReference(unsigned Obj, uint16_t To, State &St, SourceLocation At) {
  int Ref = ownedReferenceOf(Obj, St);
  if (Ref < 0)
    return false;
  // A reference taken on one side of a branch only (`if (keep)
  // t_retain(t); t_free(t);`): the release gives it back on that side and
  // releases the object itself on the other, where it is plainly owned.
  Status RS = St.statusOf((unsigned)Ref), OS = St.statusOf(Obj);
  if (RS.Guard >= 0 && (OS.Guard < 0 || OS.Guard == RS.Guard)) {
    bool HeldT = RS.IfTrue & SOwned, HeldF = RS.IfFalse & SOwned;
    uint16_t Other = OS.Guard < 0 ? OS.Mask : (HeldT ? OS.IfFalse : OS.IfTrue);
    if (HeldT != HeldF && (Other & SOwned) && !(Other & (SReleased | SUnknown))) {
      St.status((unsigned)Ref).updateArm(RS.Guard, HeldT, (uint16_t)~SNotAlive, To);
      St.status(Obj).updateArm(RS.Guard, !HeldT, (uint16_t)~SNotAlive, To);
      if (To == SReleased)
        noteFirstRelease(Obj, At);
      return true;
    }
  }
  St.status((unsigned)Ref).update((uint16_t)~SNotAlive, To);
  return true;
}

void FunctionAnalysis::holdReferences(llvm::DenseSet<unsigned> &Held, const State &St) const {
  for (const auto &[Id, S] : St.Tensors) {
    int Obj = Ids[Id].RefOf;
    if (Obj >= 0 && (Held.count((unsigned)Obj) || Ids[Obj].K == Identity::Param))
      Held.insert(Id);
  }
  // A view still held keeps its owner's status when the owner is gone
  // (released or given away): a use of the view checks it, also after the
  // owner's variable was given another tensor (`t_free(frame); frame =
  // next; t_sum(head);`).  An owner still owed a release is not held by
  // its views: losing its last variable leaks it, as before.
  for (const auto &[Id, S] : St.Tensors) {
    const Identity &I = Ids[Id];
    if (I.K != Identity::View || I.Parent < 0 || !Held.count(Id))
      continue;
    Status P = St.statusOf((unsigned)I.Parent);
    if (P.has(SReleased | SConsumed) && !P.has(SOwned | SScope | SUnknown))
      Held.insert((unsigned)I.Parent);
  }
}

bool FunctionAnalysis::hasReferences(unsigned Obj) const {
  for (const Identity &I : Ids)
    if (I.RefOf == (int)Obj)
      return true;
  return false;
}

namespace {
/// Whether the body stores parameter P anywhere but a local variable.
class StoresParam : public RecursiveASTVisitor<StoresParam> {
public:
  explicit StoresParam(const ParmVarDecl *P) : P(P) {}
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->getOpcode() != BO_Assign)
      return true;
    const auto *R = dyn_cast<DeclRefExpr>(BO->getRHS()->IgnoreParenCasts());
    if (!R || R->getDecl() != P)
      return true;
    const auto *L = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
    const auto *LV = L ? dyn_cast<VarDecl>(L->getDecl()) : nullptr;
    if (!LV || !LV->hasLocalStorage())
      Found = true;
    return true;
  }
  const ParmVarDecl *P;
  bool Found = false;
};
} // namespace

bool FunctionAnalysis::paramStoredOutside(const ParmVarDecl *P) {
  auto [It, New] = StoredParams.try_emplace(P, false);
  if (New && FD->getBody()) {
    StoresParam V(P);
    V.TraverseStmt(FD->getBody());
    It->second = V.Found;
  }
  return It->second;
}

} // namespace tscope
