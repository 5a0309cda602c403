//===- Transfer.cpp - what each statement does to the lint state ----------===//
//
// Vocabulary of reference-counting checkers: a create gives an *owned*
// tensor; a release ends it; passing it to a CONSUMES parameter, returning
// it or storing it outside the function's locals *transfers* ownership;
// passing it anywhere else *borrows* it (the project-wide rule for
// unannotated functions), so the caller still owns it afterwards.
//
//===----------------------------------------------------------------------===//
#include "ArrayUses.h"
#include "FunctionAnalysis.h"
#include "../roles/MemberRoles.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace tscope {

namespace {
bool isLocalVar(const ValueDecl *VD) {
  const auto *V = dyn_cast_or_null<VarDecl>(VD);
  return V && V->hasLocalStorage();
}

const ValueDecl *localVarOf(const Expr *E) {
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    if (isLocalVar(DRE->getDecl()))
      return DRE->getDecl();
  return nullptr;
}

/// `s.f` with `s` a local struct variable: the key (s, f).
bool localFieldKey(const Expr *E, VarKey &Out) {
  const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
  if (!ME || ME->isArrow())
    return false;
  const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
  const ValueDecl *Base = localVarOf(ME->getBase());
  if (!FD || !Base)
    return false;
  Out = {Base, FD};
  return true;
}

/// `a[i]` with `a` a local array (not a parameter, which is a pointer).
const ValueDecl *localArrayOf(const Expr *E) {
  const auto *AS = dyn_cast<ArraySubscriptExpr>(E->IgnoreParenImpCasts());
  if (!AS)
    return nullptr;
  const ValueDecl *Base = localVarOf(AS->getBase());
  if (Base && Base->getType()->isArrayType())
    return Base;
  return nullptr;
}

/// Whether `a[i]` and `b[j]` name the same element: the same local array,
/// indexed by the same variable.
bool sameElement(const ArraySubscriptExpr *A, const Expr *E) {
  const auto *Index = dyn_cast_or_null<VarDecl>(localVarOf(A->getIdx()));
  const auto *Array = dyn_cast_or_null<VarDecl>(localArrayOf(A));
  return Index && Array && arrays::isElement(E, Array, Index);
}

/// Whether `Cond` only tests element AS against NULL (`a[i]`, `a[i] !=
/// NULL`, `!a[i]`): a test that picks no element over another.
bool nullTestOf(const ArraySubscriptExpr *AS, const Expr *Cond, ASTContext &Ctx) {
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Cond); UO && UO->getOpcode() == UO_LNot)
    return nullTestOf(AS, UO->getSubExpr(), Ctx);
  if (const auto *BO = dyn_cast<BinaryOperator>(Cond);
      BO && (BO->getOpcode() == BO_NE || BO->getOpcode() == BO_EQ)) {
    auto IsNull = [&](const Expr *E) {
      return E->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull) !=
             Expr::NPCK_NotNull;
    };
    return (IsNull(BO->getRHS()) && sameElement(AS, BO->getLHS())) ||
           (IsNull(BO->getLHS()) && sameElement(AS, BO->getRHS()));
  }
  return sameElement(AS, Cond);
}

/// Whether the statement at `S` runs on every round of the innermost loop
/// around it (`for (...) t_free(a[i]);`, also under `if (a[i])`): no
/// other test on the way, and no `break`, `continue`, `goto` or `return`
/// in the loop's body that could skip it.  Not so, a test may pick which
/// elements it reaches (`if (owned[i]) t_free(a[i]);`).
bool runsEveryRound(const Stmt *S, const ArraySubscriptExpr *AS, ParentMap &PM,
                    ASTContext &Ctx) {
  const Stmt *Child = S;
  for (const Stmt *P = PM.getParent(S); P; Child = P, P = PM.getParent(P)) {
    const Stmt *Body = nullptr;
    if (const auto *FS = dyn_cast<ForStmt>(P))
      Body = FS->getBody();
    else if (const auto *WS = dyn_cast<WhileStmt>(P))
      Body = WS->getBody();
    else if (const auto *DS = dyn_cast<DoStmt>(P))
      Body = DS->getBody();
    if (Body) {
      if (Child != Body)
        return false; // in the loop's condition or increment
      // (an inner loop's break or continue is its own, but stay simple)
      struct Scan : arrays::JumpScan<Scan> {} J;
      J.TraverseStmt(const_cast<Stmt *>(Body));
      return !J.Jumps;
    }
    if (const auto *IS = dyn_cast<IfStmt>(P)) {
      if (Child == IS->getCond() || !nullTestOf(AS, IS->getCond(), Ctx))
        return false;
      continue;
    }
    if (isa<ConditionalOperator>(P) || isa<BinaryConditionalOperator>(P) ||
        isa<SwitchStmt>(P) || isa<SwitchCase>(P))
      return false;
    if (const auto *BO = dyn_cast<BinaryOperator>(P); BO && BO->isLogicalOp())
      return false;
  }
  return false; // in no loop
}

/// The local array whose elements' address `E` is: `a` (decayed), `&a[k]`,
/// `a + k`.  A pointer holding it (`for (tensor **p = a; *p; p++)
/// t_free(*p);`) reaches the elements where the lint does not follow.
const ValueDecl *arrayAddressOf(const Expr *E) {
  E = E->IgnoreParens();
  if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->isAdditiveOp())
    return BO->getLHS()->getType()->isPointerType() ? arrayAddressOf(BO->getLHS())
                                                     : arrayAddressOf(BO->getRHS());
  if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_AddrOf)
    return localArrayOf(UO->getSubExpr());
  const auto *IC = dyn_cast<ImplicitCastExpr>(E);
  if (!IC || IC->getCastKind() != CK_ArrayToPointerDecay)
    return nullptr;
  const ValueDecl *VD = localVarOf(IC->getSubExpr());
  return VD && VD->getType()->isArrayType() ? VD : nullptr;
}

bool isSmartPointerReset(const CXXMethodDecl *MD) {
  const CXXRecordDecl *RD = MD->getParent();
  if (!RD || MD->getName() != "reset" || !RD->isInStdNamespace())
    return false;
  StringRef N = RD->getName();
  return N == "unique_ptr" || N == "shared_ptr" || N == "__shared_ptr";
}

/// Declared in namespace std (a member of a class there included).
bool isStandardLibrary(const FunctionDecl *F) {
  const DeclContext *DC = F->getDeclContext();
  while (DC && DC->isRecord())
    DC = DC->getParent();
  return DC && DC->isStdNamespace();
}

bool contains(const std::vector<unsigned> &V, unsigned I) {
  return llvm::is_contained(V, I);
}
} // namespace

std::string FunctionAnalysis::calleeName(const CallExpr *CE) const {
  if (const FunctionDecl *Callee = CE->getDirectCallee())
    return Callee->getNameAsString();
  if (const FunctionDecl *Target = localFnPointerTarget(CE))
    return Target->getNameAsString();
  if (const FieldDecl *F = calledMember(CE)) {
    std::string Key = memberKey(F);
    if (!Key.empty())
      return Key;
  }
  llvm::StringRef Macro = Roles.macroCallKey(CE);
  if (const FunctionRoles *R = Macro.empty() ? nullptr : Roles.lookup(Macro))
    return R->DisplayName;
  return "a function pointer";
}

AbsVal FunctionAnalysis::readVar(const ValueDecl *VD, const State &St) const {
  auto It = St.Vars.find({VD, nullptr});
  if (It != St.Vars.end())
    return It->second;
  if (!isLocalVar(VD))
    return isa<VarDecl>(VD) ? AbsVal::unknown() : AbsVal();
  AbsVal V;
  if (VD->getType()->isRecordType()) // a whole struct: all its fields
    for (const auto &KV : St.Vars)
      if (KV.first.first == VD)
        V.unite(KV.second);
  return V;
}

AbsVal FunctionAnalysis::valueOf(const Expr *E, const State &St) const {
  while (true) {
    auto It = St.Exprs.find(E);
    if (It != St.Exprs.end())
      return It->second;
    if (E->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
      return AbsVal::null();
    if (const auto *PE = dyn_cast<ParenExpr>(E))
      E = PE->getSubExpr();
    else if (const auto *CE = dyn_cast<CastExpr>(E))
      E = CE->getSubExpr();
    else
      break;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return readVar(DRE->getDecl(), St);
  VarKey K;
  if (localFieldKey(E, K)) {
    auto It = St.Vars.find(K);
    return It != St.Vars.end() ? It->second : AbsVal();
  }
  if (paramFieldKey(E, K)) // `p->f`, when followed (ParamFields.cpp)
    if (auto It = St.Vars.find(K); It != St.Vars.end())
      return It->second;
  if (const ValueDecl *Arr = localArrayOf(E))
    return readVar(Arr, St);
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_AddrOf) {
      AbsVal V;
      if (localFieldKey(UO->getSubExpr(), K)) {
        V.AddrOf = K.first;
        V.AddrOfField = cast<FieldDecl>(K.second);
      } else if (const ValueDecl *VD = localVarOf(UO->getSubExpr())) {
        V.AddrOf = VD;
      }
      return V;
    }
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_Assign)
      return valueOf(BO->getLHS(), St);
    if (BO->getOpcode() == BO_Comma)
      return valueOf(BO->getRHS(), St);
    if (BO->getOpcode() == BO_EQ || BO->getOpcode() == BO_NE)
      for (auto [X, Z] : {std::pair{BO->getLHS(), BO->getRHS()}, {BO->getRHS(), BO->getLHS()}})
        if (Z->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
          return successTest(valueOf(X, St), /*ZeroWhenZero=*/BO->getOpcode() == BO_NE);
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_LNot)
    return successTest(valueOf(UO->getSubExpr(), St), /*ZeroWhenZero=*/false);
  return AbsVal();
}

// `ok = make(n, &t) == 0;` (or `!= 0`, `!rc`): a truth value that says
// whether an out-parameter create succeeded, so `if (ok)` tells whether t
// was made.  R is the tested result; ZeroWhenZero: the test is 0 exactly
// when R is 0 (`R != 0`), else exactly when R is not.
AbsVal FunctionAnalysis::successTest(const AbsVal &R, bool ZeroWhenZero) const {
  if (R.SuccessOf < 0 || R.SuccessHolder || R.SuccessReleases || !R.Ids.empty() ||
      R.Success == SuccessCondition::Always || R.Success == SuccessCondition::Status)
    return AbsVal();
  bool SuccessWhenZero =
      R.Success == SuccessCondition::ReturnsZero || R.Success == SuccessCondition::ReturnsNull;
  AbsVal B;
  B.SuccessOf = R.SuccessOf;
  B.Success = SuccessWhenZero == ZeroWhenZero ? SuccessCondition::ReturnsZero
                                              : SuccessCondition::ReturnsNonZero;
  return B;
}

void FunctionAnalysis::setVar(VarKey K, AbsVal V, State &St, SourceLocation Loc,
                              const std::string &Why) {
  auto Found = St.Vars.find(K);
  if (Found != St.Vars.end())
    for (unsigned Id : Found->second.Ids)
      if (!V.refersTo(Id))
        LastDrop[Id] = {Loc, Why};
  // "May be NULL" means nothing for an integer (`int i = 0`).
  if (K.first->getType()->isIntegerType())
    V.MayNull = false;
  // A plain variable that holds nothing the lint follows (a loop counter,
  // a size) reads the same with no entry: keep none, so states do not grow
  // with every local of a long or deeply nested function.
  bool Nothing = V.Ids.empty() && !V.MayNull && !V.Unknown && !V.AddrOf &&
                 V.SuccessOf < 0;
  if (Nothing && !K.second && !K.first->getType()->isRecordType()) {
    if (Found != St.Vars.end())
      St.Vars.erase(Found);
    return;
  }
  if (Found != St.Vars.end())
    Found->second = std::move(V);
  else
    St.Vars[K] = std::move(V);
}

void FunctionAnalysis::loseTrack(const AbsVal &V, State &St) {
  for (unsigned Id : V.Ids)
    St.status(Id).set(SUnknown);
  // And the references retains took of it (RefCounts.cpp): which of them
  // a later release gives back is no longer known either.
  for (auto &[Id, S] : St.Tensors)
    if (int Obj = Ids[Id].RefOf; Obj >= 0 && V.refersTo((unsigned)Obj))
      S.set(SUnknown);
}

void FunctionAnalysis::releaseFieldsOf(const ValueDecl *Var, const Expr *Arg,
                                       const CallExpr *CE, const FunctionRoles &R,
                                       unsigned Index, bool MayWrite, State &St) {
  llvm::SmallVector<AbsVal, 4> Released;
  llvm::SmallVector<std::pair<unsigned, const ValueDecl *>, 4> Single; // (tensor, field)
  for (auto &KV : St.Vars) {
    if (KV.first.first != Var || !KV.first.second)
      continue;
    bool Releases = llvm::any_of(R.ReleasesFields, [&](const auto &PF) {
      return PF.first == Index && PF.second == KV.first.second;
    });
    bool Untouched = llvm::any_of(R.FieldsUntouched, [&](const auto &PF) {
      return PF.first == Index && PF.second == KV.first.second;
    });
    if (Releases) {
      // Two of the fields it releases hold one tensor (`m->proj =
      // m->embed;` without a retain): the second release is one too many.
      const AbsVal &V = KV.second;
      if (V.Ids.size() == 1 && !V.Unknown && !hasReferences(V.Ids[0])) {
        auto Other = llvm::find_if(Single, [&](const auto &P) { return P.first == V.Ids[0]; });
        if (Other != Single.end()) {
          const auto *A = cast<FieldDecl>(Other->second), *B = cast<FieldDecl>(KV.first.second);
          if (B->getFieldIndex() < A->getFieldIndex())
            std::swap(A, B); // (in declaration order)
          reportFieldsReleasedTwice(V.Ids[0], CE, A, B);
          continue;
        }
        Single.push_back({V.Ids[0], KV.first.second});
      }
      Released.push_back(KV.second); // (the field keeps its value: released)
    } else if (MayWrite && !Untouched) {
      loseTrack(KV.second, St);
      KV.second = AbsVal::unknown();
    }
  }
  for (const AbsVal &V : Released)
    releaseValue(V, Arg, CE, R, St);
  // The fields it leaves NULL (`t_free(p->a); p->a = NULL;`).
  for (const auto &[I, F] : R.ClearsFields)
    if (I == Index)
      if (auto It = St.Vars.find({Var, F}); It != St.Vars.end())
        It->second = AbsVal::null();
}

void FunctionAnalysis::loseTrackOfVar(const ValueDecl *VD, State &St) {
  for (auto &KV : St.Vars)
    if (KV.first.first == VD) {
      loseTrack(KV.second, St);
      KV.second = AbsVal::unknown();
    }
  St.Vars[{VD, nullptr}] = AbsVal::unknown();
}

void FunctionAnalysis::noteSiteFacts(const Expr *Site, const State &St) {
  llvm::SmallVector<Fact, 4> Now;
  for (const Fact &F : St.Facts)
    if (Conds[F.Cond].Stable)
      Now.push_back(F);
  auto [It, First] = SiteFacts.try_emplace(Site, Now);
  if (!First) // on every visit: what all of them knew
    llvm::erase_if(It->second, [&](const Fact &F) { return !llvm::is_contained(Now, F); });
}

bool FunctionAnalysis::madeOnlyWhen(unsigned Id, int CondId, bool Outcome) const {
  const Identity &I = Ids[Id];
  if (I.K == Identity::Param || !I.Site)
    return false;
  auto It = SiteFacts.find(I.Site);
  return It != SiteFacts.end() && llvm::is_contained(It->second, Fact{CondId, Outcome});
}

void FunctionAnalysis::shiftGeneration(unsigned From, unsigned To, State &St,
                                       bool Merge) {
  Ids[To].Group = Ids[From].Group;
  Status Old = St.status(From);
  Status &S = St.status(To);
  if (Merge && St.referenced(To))
    S = Status::plain(S.Mask | Old.Mask);
  else
    S = Old;
  for (auto &KV : St.Vars)
    if (KV.second.refersTo(From)) {
      llvm::erase(KV.second.Ids, From);
      KV.second.addId(To);
    }
  if (LastDrop.count(From))
    LastDrop[To] = LastDrop[From];
}

unsigned FunctionAnalysis::newIdentity(const CallExpr *CE, const FunctionRoles *R,
                                       Identity::Kind K, State &St, bool OutParam,
                                       unsigned FieldSlot) {
  auto Get = [&](unsigned Gen) {
    // A call that both returns an object and makes one through an
    // out-parameter (ONNX Runtime: a status and a value) has two identities;
    // an init helper's call one per field it fills (FieldSlot 1, 2, ...).
    auto [It, Inserted] =
        SiteIds.try_emplace({CE, Gen + (OutParam ? 3u : 0u) + 6u * FieldSlot}, (unsigned)Ids.size());
    if (Inserted) {
      Identity I;
      I.K = K;
      I.Site = CE;
      I.Gen = Gen;
      I.Roles = R;
      I.OutParam = OutParam;
      I.Creator = calleeName(CE);
      Ids.push_back(I);
    }
    return It->second;
  };
  unsigned Latest = Get(0);
  noteSiteFacts(CE, St);
  if (St.referenced(Latest)) {
    // The site runs again (a loop) while the tensor it made last time is
    // still held: that one becomes the "earlier iteration" identity, a
    // summary of the tensors of the rounds before.  Except when two
    // variables hold this site's tensors (`t_free(second); second = best;
    // best = t;` keeps the best two): merged, they would hold one
    // identity, and releasing one would release the other.  Then the
    // earlier ones move on to "older", and the latest alone becomes
    // "earlier"; a variable that may hold either is one the lint no
    // longer claims to know (a release through it releases "one of them").
    unsigned Earlier = Get(1);
    unsigned Holders = llvm::count_if(St.Vars, [&](const auto &KV) {
      return KV.second.refersTo(Earlier) || KV.second.refersTo(Latest);
    });
    bool HeldApart = Holders > 1;
    if (HeldApart)
      shiftGeneration(Earlier, Get(2), St, /*Merge=*/true);
    shiftGeneration(Latest, Earlier, St, /*Merge=*/true);
  }
  LastDrop.erase(Latest);
  St.status(Latest) = Status();
  return Latest;
}

bool FunctionAnalysis::allReleased(const AbsVal &V, const State &St) const {
  bool AllGone = true, AnyReleased = false;
  for (unsigned Id : V.Ids) {
    Status S = St.statusOf(Id);
    AllGone &= !S.has((uint16_t) ~(SReleased | SNotAlive));
    AnyReleased |= S.has(SReleased);
  }
  return AllGone && AnyReleased;
}

bool FunctionAnalysis::releasedThrough(const AbsVal &V, const State &St) const {
  // Released through this variable, whichever tensor it held: a finding
  // of its own where the tensors' statuses no longer tell (one of several,
  // or lost track of); else the statuses speak.
  return V.ReleasedAt && !V.MayNull && !V.Ids.empty() &&
         (V.Unknown || V.Ids.size() > 1 || St.statusOf(V.Ids[0]).has(SUnknown));
}

void FunctionAnalysis::checkUse(const AbsVal &V, const Expr *At, State &St,
                                const std::string &How) {
  if (releasedThrough(V, St)) {
    reportHeldUseAfterRelease(V.ReleasedAt, At, How);
    return;
  }
  if (V.Unknown || V.Ids.empty())
    return;
  if (V.Ids.size() > 1) {
    // Several tensors it may be (an alias set in a loop, kept after it):
    // a finding only when every one of them is released (or never made).
    if (allReleased(V, St)) {
      reportUseAfterRelease(V.Ids[0], Status::plain(SReleased), At, How, false);
      return;
    }
    // Or every one given away (`tlist_push(l, a); t_sum(a);` in a loop
    // that makes a new `a` each round) or released.
    const unsigned *Given = nullptr;
    for (const unsigned &Id : V.Ids) {
      Status S = St.statusOf(Id);
      if (S.has((uint16_t) ~(SConsumed | SReleased | SNotAlive)))
        return;
      if (S.has(SConsumed))
        Given = &Id;
    }
    if (Given)
      reportUseAfterConsume(*Given, At, How);
    return;
  }
  unsigned Id = V.Ids[0];
  const Status &S = St.status(Id);
  if (S.has(SUnknown))
    return;
  if (S.has(SReleased)) {
    reportUseAfterRelease(Id, S, At, How, false);
    return;
  }
  // Given away on every path here, or on every path of one side of the
  // condition its status is split on (`if (publish) tlist_push(l, t);
  // t_sum(t);`: given away where `publish` held).
  const uint16_t Ours = SOwned | SScope | SBorrowed | SEscaped;
  auto GivenAway = [&](uint16_t M) { return (M & SConsumed) && !(M & Ours); };
  if (GivenAway(S.Mask)) {
    reportUseAfterConsume(Id, At, How);
    return;
  }
  if (S.Guard >= 0 && (GivenAway(S.IfTrue) || GivenAway(S.IfFalse))) {
    reportUseAfterConsume(Id, At, How, " when " + conditionText(S.Guard, GivenAway(S.IfTrue)));
    return;
  }
  const Identity &I = Ids[Id];
  if (I.K == Identity::View && I.Parent >= 0 && S.has(SBorrowed)) {
    const Status &P = St.status(I.Parent);
    if (P.has(SReleased) && !P.has(SUnknown))
      reportUseAfterRelease(Id, P, At, How, true);
  }
}

void FunctionAnalysis::releaseValue(const AbsVal &V, const Expr *Arg,
                                    const CallExpr *CE, const FunctionRoles &R,
                                    State &St) {
  if (releasedThrough(V, St)) {
    reportHeldDoubleRelease(V.ReleasedAt, Arg);
    return;
  }
  if (V.Unknown) {
    // Released is either a tensor it may hold or one the lint does not
    // follow (`if (k) g(&t); t_free(t);`): whether the ones it may hold
    // are released is unknown from here on.
    loseTrack(V, St);
    return;
  }
  if (V.Split >= 0 && releaseSplit(V, Arg, St))
    return;
  if (V.NullSplit >= 0 && releaseNullSplit(V, Arg, St))
    return;
  if (releaseInRound(V, CE, St)) // `for (...) t_free(a[i]);` (ArrayRounds.cpp)
    return;
  // `t_free(a[i])`, `i` not a constant, outside a release round: one of
  // the array's elements, which one the lint cannot tell.
  const auto *AS = dyn_cast<ArraySubscriptExpr>(Arg->IgnoreParenImpCasts());
  // So is `a[0]` when what it holds is a loop's summary of earlier rounds'
  // tensors: other elements may hold others of them (`t_free(keep[0]);
  // keep[0] = c;` in a loop that filled `keep[1]` from the same site).
  bool SomeElement = AS && localArrayOf(AS) &&
                     (!AS->getIdx()->isEvaluatable(Ctx) ||
                      (V.Ids.size() == 1 && Ids[V.Ids[0]].Gen >= 1));
  if (V.Ids.size() > 1 || (SomeElement && V.Ids.size() == 1)) { // which one?
    // Every one released (or never made): a second release whichever it
    // is (unless it may be NULL, which releases nothing).  Not for one
    // tensor in an array: `a[k++] = t_ones(n); for (i = 0; i < k; i++)
    // t_free(a[i]);` releases it on the first round, and the next rounds
    // (the lint does not know k) release other elements.
    if (V.Ids.size() > 1 && allReleased(V, St) && !V.MayNull) {
      reportDoubleRelease(V.Ids[0], Status::plain(SReleased), Arg);
      return;
    }
    // Else stop guessing.
    // Except for a view kept in a local array beside owned tensors and
    // released with them (`t_free(a[i])`, `i` not a constant): some round
    // releases the view, which is a bad release whatever the others are.
    // The view stays a view (never ours): only the others are lost.
    // (Not when a test may pick which elements the release reaches:
    // `if (owned[i]) t_free(a[i]);` beside a flag array, or a test of i.)
    bool EveryRound = SomeElement && runsEveryRound(CE, AS, *Parents, Ctx);
    for (unsigned Id : V.Ids) {
      Status S = St.statusOf(Id);
      if (SomeElement && Ids[Id].K == Identity::View) {
        if (S.has(SBorrowed) && EveryRound)
          reportBorrowedRelease(Id, S, Arg);
        continue;
      }
      loseTrack(AbsVal::of(Id), St);
    }
    // But the variable released through holds a released tensor, whichever
    // it is, until it is written again (`next = t_mul(act, w);
    // t_free(act); t_print(act); act = next;` in a loop).
    if (!SomeElement)
      noteHeldRelease(V, Arg, St);
    return;
  }
  if (V.Ids.empty())
    return; // NULL or untracked
  unsigned Id = V.Ids[0];
  if (St.status(Id).has(SUnknown))
    return;
  // Reference counts: a retain's reference goes back first (RefCounts.cpp).
  if (takeReference(Id, SReleased, St, Arg->getBeginLoc()))
    return;
  Status &S = St.status(Id);
  const Identity &I = Ids[Id];
  if (S.has(SReleased))
    reportDoubleRelease(Id, S, Arg);
  else if (I.K == Identity::View)
    reportBorrowedRelease(Id, S, Arg);
  else if (S.has(SConsumed))
    reportBorrowedRelease(Id, S, Arg);
  // A scope-owned tensor released by hand is released once: the runtime
  // hears of the release (declared releases are instrumented where they
  // are called, inferred helpers at their inner release) and the scope's
  // end then skips it (test/e2e/soundness/auto-scope-release.c).
  noteFirstRelease(Id, Arg->getBeginLoc());
  St.updateStatus(Id, (uint16_t)~SNotAlive, SReleased);
  noteHeldRelease(V, Arg, St);
}

void FunctionAnalysis::noteHeldRelease(const AbsVal &V, const Expr *Arg, State &St) {
  // Also on the variable released through (AbsVal::ReleasedAt), so that a
  // loop whose first round holds one tensor there and later rounds one of
  // several agrees on it where the rounds join.
  if (V.MayNull)
    return;
  if (const ValueDecl *Var = localVarOf(Arg))
    if (auto It = St.Vars.find({Var, nullptr}); It != St.Vars.end())
      It->second.ReleasedAt = Arg;
}

// The status of `Id` on the side of split `Split` where a value holds it: a
// plain status, or one already split on the same condition (a tensor made
// inside an arm of the `?:` is unborn on the other side); -1 otherwise.
static int armMask(const State &St, unsigned Id, int Split, bool Arm) {
  Status S = St.statusOf(Id);
  if (S.Guard < 0)
    return S.Mask;
  if (S.Guard == Split)
    return Arm ? S.IfTrue : S.IfFalse;
  return -1;
}

// Whether `Id`, on that side, is a plainly owned tensor (or NULL) of one
// create, with no references to count.
bool FunctionAnalysis::armOwned(const State &St, unsigned Id, int Split, bool Arm) const {
  int M = armMask(St, Id, Split, Arm);
  const Identity &I = Ids[Id];
  return M >= 0 && !(M & (uint16_t)~(SOwned | SNull)) && (M & SOwned) &&
         I.K == Identity::Created && I.Group == 1 && I.RefOf < 0 && !hasReferences(Id);
}

// Replaces `Id`'s status on one side of split `Split` by `M` (NULL kept;
// the callers checked that the tensor is owned there).
static void setArm(State &St, unsigned Id, int Split, bool Arm, uint16_t M) {
  St.status(Id).updateArm(Split, Arm, (uint16_t)~SNull, M);
}

bool FunctionAnalysis::escapeSplit(const AbsVal &V, State &St) {
  if (V.Split < 0 || V.Unknown || !armOwned(St, V.IfTrueId, V.Split, true) ||
      !armOwned(St, V.IfFalseId, V.Split, false))
    return false;
  setArm(St, V.IfTrueId, V.Split, true, SEscaped);
  setArm(St, V.IfFalseId, V.Split, false, SEscaped);
  return true;
}

// `x = c ? a : b; t_free(x);`: a is released where c was true, b where it
// was false; each gets a status split on c.  Only when each is a plainly
// owned tensor (or NULL) with no split of its own, or a view (`src = copy ?
// t_copy(x) : t_view(x, ...)`: releasing the view is a bad release on that
// side, reported as such); otherwise false, and the caller stops following
// them as before.
bool FunctionAnalysis::releaseSplit(const AbsVal &V, const Expr *Arg, State &St) {
  auto IsView = [&](unsigned Id, bool Arm) {
    int M = armMask(St, Id, V.Split, Arm);
    return Ids[Id].K == Identity::View && M >= 0 && (M & SBorrowed) && !(M & SUnknown);
  };
  auto IsOwned = [&](unsigned Id, bool Arm) { return armOwned(St, Id, V.Split, Arm); };
  bool ViewT = IsView(V.IfTrueId, true), ViewF = IsView(V.IfFalseId, false);
  // `k = share ? q : t_ones(n); t_free(q); t_free(k);`: on one side the
  // value is a tensor released already (and nothing else there), on the
  // other an owned one: a double release on that side.
  auto IsReleased = [&](unsigned Id, bool Arm) {
    int M = armMask(St, Id, V.Split, Arm);
    return M >= 0 && (M & SReleased) && !(M & (uint16_t)~(SReleased | SNull));
  };
  for (bool Arm : {true, false}) {
    unsigned Id = Arm ? V.IfTrueId : V.IfFalseId, Other = Arm ? V.IfFalseId : V.IfTrueId;
    if (!IsReleased(Id, Arm) || !IsOwned(Other, !Arm))
      continue;
    Status Shown;
    Shown.Guard = V.Split;
    Shown.IfTrue = Arm ? SReleased : SOwned;
    Shown.IfFalse = Arm ? SOwned : SReleased;
    Shown.Mask = SReleased | SOwned;
    reportDoubleRelease(Id, Shown, Arg);
    setArm(St, Other, V.Split, !Arm, SReleased);
    noteFirstRelease(Other, Arg->getBeginLoc());
    return true;
  }
  if ((ViewT && ViewF) || !(ViewT || IsOwned(V.IfTrueId, true)) ||
      !(ViewF || IsOwned(V.IfFalseId, false)))
    return false;
  for (bool Arm : {true, false}) {
    unsigned Id = Arm ? V.IfTrueId : V.IfFalseId;
    if (Arm ? ViewT : ViewF) {
      reportBorrowedRelease(Id, St.statusOf(Id), Arg,
                            " (it holds the view when " + conditionText(V.Split, Arm) + ")");
      continue;
    }
    setArm(St, Id, V.Split, Arm, SReleased);
    noteFirstRelease(Id, Arg->getBeginLoc());
  }
  return true;
}

// `a = NULL; if (c) { a = b; b = NULL; } t_free(a); t_free(b);`: a value
// NULL on one side of a branch releases its tensor on the other side only,
// so b's release on the first side is no second release.  Only for a
// plainly owned tensor there; otherwise false, and the caller goes on.
bool FunctionAnalysis::releaseNullSplit(const AbsVal &V, const Expr *Arg, State &St) {
  if (V.Ids.size() != 1 || V.Unknown)
    return false;
  unsigned Id = V.Ids[0];
  bool Holds = !V.NullWhen; // the side where the value is the tensor
  for (const Fact &F : St.Facts)
    if (F.Cond == V.NullSplit) // this path took one side: NULL, or the tensor
      return F.Outcome == V.NullWhen;
  if (!armOwned(St, Id, V.NullSplit, Holds))
    return false;
  setArm(St, Id, V.NullSplit, Holds, SReleased);
  noteFirstRelease(Id, Arg->getBeginLoc());
  return true;
}

void FunctionAnalysis::consumeValue(const AbsVal &V, const Expr *Arg, const CallExpr *CE,
                                    State &St) {
  if (consumeInRound(V, Arg, CE, St)) // `for (...) tlist_push(l, a[i]);` (ArrayRounds.cpp)
    return;
  for (unsigned Id : V.Ids) {
    // A retained reference goes first, as for a release: a borrowed
    // object's, or an owned one's (`tlist_push(l, t_retain(act)); ...
    // return act;` gives the list the retain's reference, and `act`
    // stays ours).
    if (takeReference(Id, SConsumed, St))
      continue;
    Status &S = St.status(Id);
    if (V.Ids.size() == 1 && S.has(SReleased) && !S.has(SUnknown))
      reportUseAfterRelease(Id, S, CE, "passed to a function that takes ownership", false);
    noteConsumedBy(Id, CE);
    St.updateStatus(Id, SOwned | SScope | SBorrowed, SConsumed);
  }
}

void FunctionAnalysis::storeOutside(const AbsVal &V, State &St) {
  // Ownership leaves the function.  In an automatic-scope function the
  // plugin detaches a tensor stored anywhere but a private local slot
  // (docs/auto-scope.md, rule 1), so such a store is no scope escape.
  for (unsigned Id : V.Ids)
    if (St.status(Id).has(SOwned | SScope) || !takeReference(Id, SEscaped, St))
      St.updateStatus(Id, SOwned | SScope, SEscaped);
}

void FunctionAnalysis::transferConstruct(const CXXConstructExpr *CE, State &St) {
  // An object constructed from a tensor (std::unique_ptr<tensor, D> p(t),
  // a wrapper class) holds it from now on: ownership goes into the object,
  // as in clang's analyzer, where a pointer given to a constructor escapes.
  for (const Expr *Arg : CE->arguments())
    storeOutside(valueOf(Arg, St), St);
}

void FunctionAnalysis::transferFlagStore(const MemberExpr *ME, const Expr *RHS,
                                         State &St) {
  // `v = gsl_vector_alloc_from_block(b, ...); v->owner = 1;`: a non-zero
  // flag stored into a tensor made from other tensors hands those to it
  // (the usual way a C struct takes ownership of what it points to), so
  // they are no longer this function's to release.
  Expr::EvalResult R;
  if (!RHS->getType()->isIntegerType() ||
      !RHS->EvaluateAsInt(R, Ctx) || R.Val.getInt() == 0)
    return;
  AbsVal Base = valueOf(ME->getBase(), St);
  for (unsigned Id : Base.Ids)
    for (unsigned In : Ids[Id].Inputs)
      St.status(In).update(SOwned | SScope, SEscaped);
}

void FunctionAnalysis::transferPointerToInteger(const CastExpr *CE, State &St) {
  // The one escape the plugin cannot follow: a tensor hidden in an integer
  // ((uintptr_t)t) is never detached, so its scope releases it while the
  // integer may still be turned back into a pointer.
  AbsVal V = valueOf(CE->getSubExpr(), St);
  for (unsigned Id : V.Ids)
    if (St.status(Id).has(SScope) && !St.status(Id).has(SUnknown))
      reportScopeEscape(Id, CE, "converted to an integer, which the automatic scope cannot follow");
}

void FunctionAnalysis::transferCall(const CallExpr *CE, State &St) {
  const FunctionDecl *Callee = CE->getDirectCallee();
  // Direct calls, and calls through described table members (MemberRoles.h).
  const FunctionRoles *R = rolesOfCall(Roles, CE);
  // A local function pointer the body only ever sets to one function
  // (`void (*drop)(tensor *) = t_free; ... drop(t);`): that function's roles.
  const FunctionDecl *Target = Callee ? nullptr : localFnPointerTarget(CE);
  if (!R && Target)
    R = Roles.lookup(Target);
  // A call through a struct's function-pointer field that no API file
  // describes (`o->destroy(t)`, an ops table) may release or keep what it
  // is given: a created tensor passed there (but to a pointer-to-const
  // parameter) is no longer followed.  No finding rather than a false one,
  // as clang's analyzer lets such a pointer escape.  A function-pointer
  // parameter or variable (`visit(t)`) stays a borrow (leak-callback.c).
  bool UnknownTarget = !R && !Callee && !Target &&
                       isa<MemberExpr>(CE->getCallee()->IgnoreParenImpCasts());
  // Parameter indexes count the implicit object of C++ member calls.
  unsigned Shift = isa<CXXMemberCallExpr>(CE) ? 2 : 1;

  // A callback that releases (for_each(ts, n, t_free)): we cannot tell how
  // often it runs, so stop tracking what the call is given.
  bool ReleasingCallback = false;
  for (const Expr *Arg : CE->arguments()) {
    const FunctionRoles *FR = nullptr;
    const Expr *A = Arg->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(A)) {
      if (const auto *Fn = dyn_cast<FunctionDecl>(DRE->getDecl()))
        FR = Roles.lookup(Fn);
    } else if (const auto *ME = dyn_cast<MemberExpr>(A)) {
      // `for_each(vs, n, g_ort->ReleaseValue)`
      if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl())) {
        std::string Key = memberKey(F);
        if (!Key.empty())
          FR = Roles.lookup(Key);
      }
    }
    if (FR && (!FR->Releases.empty() || !FR->Consumes.empty()))
      ReleasingCallback = true;
  }

  // std::unique_ptr / std::shared_ptr reset(p): the smart pointer owns p
  // from now on (and releases it with its deleter).
  if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(Callee))
    if (isSmartPointerReset(MD)) {
      for (const Expr *Arg : CE->arguments())
        storeOutside(valueOf(Arg, St), St);
      St.Exprs[CE] = AbsVal();
      return;
    }

  // A function of the C++ standard library given a tensor by reference
  // (v.push_back(t), m.emplace(k, t), s.insert(t), std::make_pair(t, x)):
  // the library object keeps a copy of the pointer, which escapes there,
  // as a pointer given to a constructor does (and as clang's analyzer has
  // it).  Lookups (s.count(t)) escape too: no finding rather than a false
  // one.  Not for operators (`v[i] = t` is a store, seen as one).
  if (Callee && !isa<CXXOperatorCallExpr>(CE) && isStandardLibrary(Callee))
    for (unsigned I = 0; I < CE->getNumArgs() && I < Callee->getNumParams(); ++I)
      if (Callee->getParamDecl(I)->getType()->isReferenceType())
        storeOutside(valueOf(CE->getArg(I), St), St);

  // A call through a function-pointer parameter given a parameter: noted
  // for PassesToCallback (Inference.cpp).
  if (!Callee)
    if (const auto *FnRef = dyn_cast<DeclRefExpr>(CE->getCallee()->IgnoreParenImpCasts()))
      if (const auto *FnParam = dyn_cast<ParmVarDecl>(FnRef->getDecl()))
        for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
          AbsVal V = valueOf(CE->getArg(I), St);
          if (V.Ids.size() != 1 || V.Unknown || Ids[V.Ids[0]].K != Identity::Param)
            continue;
          Identity &P = Ids[V.Ids[0]];
          unsigned Fn = FnParam->getFunctionScopeIndex() + 1;
          if (P.CallbackFn && (P.CallbackFn != Fn || P.CallbackArg != I + 1))
            P.CallbackFn = ~0u;
          else if (!P.CallbackFn) {
            P.CallbackFn = Fn;
            P.CallbackArg = I + 1;
          }
          Status &S = St.status(V.Ids[0]);
          S = Status::plain(S.Mask | SCalledBack);
        }
  // A helper that passes its argument Data to its callback Fn, given a
  // release function as Fn, releases Data (with_cleanup(drop, t)).
  llvm::SmallVector<unsigned, 2> CallbackReleased;
  if (R)
    for (const FunctionRoles::CallbackPass &CP : R->PassesToCallback) {
      if (CP.Fn < Shift || CP.Fn - Shift >= CE->getNumArgs())
        continue;
      const auto *DRE = dyn_cast<DeclRefExpr>(CE->getArg(CP.Fn - Shift)->IgnoreParenImpCasts());
      const auto *Fn = DRE ? dyn_cast<FunctionDecl>(DRE->getDecl()) : nullptr;
      const FunctionRoles *FR = Fn ? Roles.lookup(Fn) : nullptr;
      if (FR && contains(FR->Releases, CP.Arg))
        CallbackReleased.push_back(CP.Data);
    }

  int RelFailId = -1; // released by the call when it fails
  int AlsoCreatedId = -1; // made exactly when that argument was NULL
  llvm::SmallVector<unsigned, 4> Filled; // fields an init helper filled
  const ValueDecl *GetterOf = nullptr;   // the local struct a getter reads
  const ValueDecl *OutViewInto = nullptr; // the local a helper stores a view in
  for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
    const Expr *Arg = CE->getArg(I);
    unsigned Index = I + Shift;
    AbsVal V = valueOf(Arg, St);
    bool Rel = R && (contains(R->Releases, Index) || llvm::is_contained(CallbackReleased, Index));
    bool Cons = R && contains(R->Consumes, Index);
    bool Ret = R && contains(R->Retains, Index);
    bool Det = R && contains(R->Detaches, Index);
    bool Out = R && R->CreatesOut == Index;
    bool RelFail = R && contains(R->ReleasesOnFailure, Index);
    // failed(t) on a plain tensor (not a status whose NULL means success)
    // just releases it: the helper only returns 0 for NULL.
    if (RelFail && contains(R->NullOnSuccess, Index) &&
        !(V.SuccessOf >= 0 && V.Success == SuccessCondition::ReturnsNull && !V.SuccessHolder)) {
      RelFail = false;
      Rel = true;
    }
    // One of a group of outputs (OutCreates.cpp) released or handed over:
    // which one, the lint cannot tell, so it stops following the group.
    if ((Rel || Cons || Ret || Det || RelFail) &&
        llvm::any_of(V.Ids, [&](unsigned Id) { return Ids[Id].Group > 1; })) {
      loseTrack(V, St);
      continue;
    }
    // The callee gets the address of a local and may change what it holds,
    // unless the pointee is const.
    auto MayWrite = [&] {
      QualType PT = Arg->IgnoreParenImpCasts()->getType();
      if (const FunctionDecl *F = Callee; F && I < F->getNumParams())
        PT = F->getParamDecl(I)->getType();
      else if (const auto *P = CE->getCallee()->getType()->isPointerType()
                                   ? CE->getCallee()->getType()->getPointeeType()
                                         ->getAs<FunctionProtoType>()
                                   : nullptr;
               P && I < P->getNumParams())
        PT = P->getParamType(I); // a call through a pointer (a table member)
      return !(PT->isPointerType() && PT->getPointeeType().isConstQualified());
    };
    // A local array passed whole is the address of its elements
    // (`delete_all(outs, n)`): as with `&t`, the callee may release or
    // replace them.
    if (!Out && !Rel && !Cons && !Ret && !Det && !RelFail)
      if (const ValueDecl *Arr = localVarOf(Arg);
          Arr && Arr->getType()->isArrayType() && St.Vars.count({Arr, nullptr})) {
        if (MayWrite())
          loseTrackOfVar(Arr, St);
        continue;
      }
    // A helper releasing fields of the struct this argument points to
    // (ParamFields.cpp): given `p` or `&s`.
    bool ReleasesFields =
        R && !Out &&
        llvm::any_of(R->ReleasesFields, [&](const auto &PF) { return PF.first == Index; });
    // `helper(p)` in a helper of the same kind: the fields of this
    // function's parameter `p` that it follows.
    if (ReleasesFields && !Rel && !Cons)
      if (const auto *DRE = dyn_cast<DeclRefExpr>(Arg->IgnoreParenImpCasts()))
        if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl());
            P && P->getDeclContext() == FD && St.Vars.count({P, nullptr})) {
          releaseFieldsOf(P, Arg, CE, *R, Index,
                          !llvm::is_contained(R->FieldsUnwritten, Index) && MayWrite(), St);
          continue;
        }
    if (V.AddrOf && !V.AddrOfField && ReleasesFields) {
      releaseFieldsOf(V.AddrOf, Arg, CE, *R, Index, MayWrite(), St);
      continue;
    }
    // An init helper filling fields of the struct (InitFields.cpp).
    if (V.AddrOf && !V.AddrOfField && R && !Out &&
        llvm::any_of(R->CreatesFields, [&](const FilledFieldRole &FR) { return FR.Param == Index; })) {
      fillFieldsOf(V.AddrOf, CE, *R, Index, MayWrite(), St, Filled);
      continue;
    }
    if (V.AddrOf) {
      if (Out)
        continue;
      // A getter of one of its fields (Inference.cpp) only reads.
      if (R && R->ReturnsFieldOf == Index && !V.AddrOfField) {
        GetterOf = V.AddrOf;
        continue;
      }
      // Where a helper stores a view of another argument (OutViewAt).
      if (R && R->OutViewAt == Index && !V.AddrOfField &&
          !V.AddrOf->getType()->isRecordType() && !V.AddrOf->getType()->isArrayType()) {
        OutViewInto = V.AddrOf;
        continue;
      }
      if (MayWrite())
        loseTrackOfVar(V.AddrOf, St);
      continue;
    }
    if (Out && localArrayArgument(Arg))
      continue; // the array the call writes its new tensors into (OutCreates.cpp)
    if (Rel && isa<VAArgExpr>(Arg->IgnoreParenCasts()))
      Summary.ReleasesVaArg = true;
    if (R && R->ReleasesVariadic && Callee && Callee->isVariadic() &&
        I >= Callee->getNumParams()) {
      loseTrack(V, St); // released or not: the helper's va_arg loop decides
      continue;
    }
    if (RelFail && !Rel && !Cons && V.Ids.size() == 1 && !V.Unknown &&
        !St.status(V.Ids[0]).has(SUnknown)) {
      // Released when the call fails: both are possible until its result
      // is tested (refineSuccess).
      checkUse(V, Arg, St, "passed to '" + calleeName(CE) + "'");
      unsigned Id = V.Ids[0];
      Status &S = St.status(Id);
      if (S.has((uint16_t) ~(SNotAlive | SReleased)))
        S = Status::plain(S.Mask | SReleased);
      // Kept when it succeeds (`if (!grown) { t_free(t); return -1; }
      // p->items[p->n++] = t;`): not this function's on either side.
      if (R && contains(R->Keeps, Index))
        S.update(SOwned | SScope, SEscaped);
      noteFirstRelease(Id, Arg->getBeginLoc());
      RelFailId = (int)Id;
      // failed(g_ort->CreateX(..., &v)): the argument is a status whose NULL
      // means `v` was made, and the helper returns 0 exactly for NULL.
      if (contains(R->NullOnSuccess, Index)) {
        AlsoCreatedId = V.SuccessOf;
        // NULL (nothing to release) or released by the helper: either way
        // the status is done with.
        S = Status::plain((S.Mask & SNotAlive) | SReleased);
      }
      continue;
    }
    if (Rel && R->ReleaseSuccess != SuccessCondition::Always) {
      // Released only when the call succeeds (realloc): the lint cannot
      // tell the outcomes apart at the call, so it stops following the
      // argument (docs/apis/libc.md#realloc).
      checkUse(V, Arg, St, "passed to '" + calleeName(CE) + "'");
      loseTrack(V, St);
    } else if (Rel)
      releaseValue(V, Arg, CE, *R, St);
    else if (Cons)
      consumeValue(V, Arg, CE, St);
    else if (ReleasingCallback)
      loseTrack(V, St);
    else if (Ret)
      retainValue(V, Arg, CE, *R, St);
    else if (R && contains(R->Keeps, Index)) {
      // A same-file helper that may store it where it outlives the call
      // (KeptParams.cpp): held there now, no longer this function's.
      checkUse(V, Arg, St, "passed to '" + calleeName(CE) + "'");
      storeOutside(V, St);
    } else if (R && contains(R->MayRelease, Index)) {
      // A same-file helper that releases it on some paths only (`if
      // (take) t_free(t);`): alive or not after the call, the lint cannot
      // tell, so it stops following it.
      checkUse(V, Arg, St, "passed to '" + calleeName(CE) + "'");
      loseTrack(V, St);
    } else if (Det) {
      checkUse(V, Arg, St, "passed to '" + calleeName(CE) + "'");
      for (unsigned Id : V.Ids)
        St.status(Id).update(SScope, SOwned);
    } else if (UnknownTarget && MayWrite()) {
      checkUse(V, Arg, St, "passed to '" + calleeName(CE) + "'");
      AbsVal Created = V;
      llvm::erase_if(Created.Ids, [&](unsigned Id) { return Ids[Id].K == Identity::Param; });
      loseTrack(Created, St);
    } else {
      checkUse(V, Arg, St, "passed to '" + calleeName(CE) + "'");
      for (unsigned Id : V.Ids)
        if (!St.referenced(Id))
          LastDrop[Id] = {Arg->getBeginLoc(),
                          "passed straight to '" + calleeName(CE) +
                              "', which only borrows it"};
    }
  }

  AbsVal Result;
  // tscope_detach-style functions return their argument.
  for (const std::vector<unsigned> *PassThrough : {R ? &R->Detaches : nullptr, R ? &R->Retains : nullptr})
    if (PassThrough && PassThrough->size() == 1 && CE->getType()->isPointerType() &&
        (*PassThrough)[0] >= Shift && (*PassThrough)[0] - Shift < CE->getNumArgs())
      Result = valueOf(CE->getArg((*PassThrough)[0] - Shift), St);
  // A same-file helper that gives its argument back (Inference.cpp), or
  // NULL: the NULL side of a test of the result leaves the argument as
  // it was (refineNull: it is held elsewhere).
  if (R && R->ReturnsArg && !R->Creates && R->ReturnsArg >= Shift &&
      R->ReturnsArg - Shift < CE->getNumArgs()) {
    Result = valueOf(CE->getArg(R->ReturnsArg - Shift), St);
    Result.MayNull |= R->ReturnsArgOrNull;
  }
  if (R && R->Creates) {
    llvm::SmallVector<unsigned, 2> Inputs;
    for (const Expr *Arg : CE->arguments()) {
      AbsVal A = valueOf(Arg, St);
      if (A.Ids.size() == 1 && !A.Unknown && Ids[A.Ids[0]].K == Identity::Created)
        Inputs.push_back(A.Ids[0]);
    }
    unsigned Id = newIdentity(CE, R, Identity::Created, St);
    Ids[Id].Inputs = Inputs;
    bool MayNull = R->MayReturnNull && !(Callee && Callee->hasAttr<ReturnsNonNullAttr>());
    St.status(Id).set((AutoScoped ? SScope : SOwned) | (MayNull ? SNull : 0));
    Result = AbsVal::of(Id);
  }
  // Both at once: ONNX Runtime's creates return a status object and make
  // the value through an out-parameter, on success (a NULL status).
  if (R && R->CreatesOut && R->CreatesOut >= Shift &&
      R->CreatesOut - Shift < CE->getNumArgs()) {
    transferCreateOut(CE, *R, Shift, St, Result);
  } else if (unsigned Of = R && !R->Creates ? (R->Borrows ? R->Borrows : R->ReturnsViewOf) : 0;
             Of && Of >= Shift && Of - Shift < CE->getNumArgs()) {
    AbsVal Owner = valueOf(CE->getArg(Of - Shift), St);
    unsigned Id = newIdentity(CE, R, Identity::View, St);
    Ids[Id].Parent = Owner.Ids.size() == 1 ? (int)Owner.Ids[0] : -1;
    // A view may be NULL (out of range): `if (!v) return;` is a real path.
    bool MayNull = (R->Borrows ? R->MayReturnNull : R->ReturnsViewMayBeNull) &&
                   !(Callee && Callee->hasAttr<ReturnsNonNullAttr>());
    St.status(Id).set(SBorrowed | (MayNull ? SNull : 0));
    Result = AbsVal::of(Id);
  } else if (RelFailId >= 0) {
    Result.SuccessOf = RelFailId;
    Result.Success = SuccessCondition::ReturnsZero;
    Result.SuccessReleases = true;
    Result.AlsoCreatedOf = AlsoCreatedId;
  }
  if (R)
    bindFilledFields(*R, Filled, Result);
  // `head(x, &v);`: `v` is a view of `x`'s tensor now.
  if (OutViewInto && R->OutViewOf >= Shift && R->OutViewOf - Shift < CE->getNumArgs()) {
    AbsVal Owner = valueOf(CE->getArg(R->OutViewOf - Shift), St);
    unsigned Id = newIdentity(CE, R, Identity::View, St, /*OutParam=*/true);
    Ids[Id].Parent = Owner.Ids.size() == 1 && !Owner.Unknown ? (int)Owner.Ids[0] : -1;
    St.status(Id).set(SBorrowed | (R->OutViewMayBeNull ? SNull : 0));
    setVar({OutViewInto, nullptr}, AbsVal::of(Id), St, CE->getBeginLoc(),
           "overwritten by the call to '" + calleeName(CE) + "'");
  }
  // `v = cache_get(&c);`: what `c.v` holds (or nothing followed).
  if (GetterOf && Result.Ids.empty() && Result.SuccessOf < 0)
    if (auto It = St.Vars.find({GetterOf, R->ReturnsField}); It != St.Vars.end())
      Result = It->second;
  // TF_GetCode(status) after an out-parameter create whose success it says.
  if (Result.Ids.empty() && Result.SuccessOf < 0)
    Result = statusRead(CE, St);
  St.Exprs[CE] = Result;
}

/// The local struct variable a struct copy reads: `a` in `struct s b = a;`
/// or `b = a;` (C++: through a trivial copy or move constructor).
static const ValueDecl *copiedStruct(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    const CXXConstructorDecl *Ctor = CE->getConstructor();
    if (CE->getNumArgs() != 1 || !Ctor->isTrivial() ||
        !(Ctor->isCopyConstructor() || Ctor->isMoveConstructor()))
      return nullptr;
    E = CE->getArg(0)->IgnoreParenImpCasts();
  }
  const ValueDecl *VD = localVarOf(E);
  return VD && VD->getType()->isRecordType() ? VD : nullptr;
}

void FunctionAnalysis::copyStruct(const ValueDecl *To, const ValueDecl *From, State &St,
                                  SourceLocation At) {
  llvm::SmallVector<std::pair<VarKey, AbsVal>, 4> Fields;
  for (const auto &KV : St.Vars)
    if (KV.first.first == From && KV.first.second)
      Fields.push_back({{To, KV.first.second}, KV.second});
  std::string Why = "'" + To->getNameAsString() + "' is overwritten";
  llvm::SmallVector<VarKey, 4> Old;
  for (const auto &KV : St.Vars)
    if (KV.first.first == To && KV.first.second)
      Old.push_back(KV.first);
  for (const VarKey &K : Old)
    setVar(K, AbsVal(), St, At, Why);
  for (auto &[K, V] : Fields)
    setVar(K, V, St, At, Why);
  // A struct whose address went where the lint does not follow: so does
  // what its copy holds.
  if (auto It = St.Vars.find({From, nullptr}); It != St.Vars.end() && It->second.Unknown)
    St.Vars[{To, nullptr}] = AbsVal::unknown();
}

/// The flag `E` names, if any.
const ValueDecl *FunctionAnalysis::flagVarOf(const Expr *E) const {
  const ValueDecl *Key = flagKeyOf(E);
  return Key && FlagVars.count(Key) ? Key : nullptr;
}

void FunctionAnalysis::transferAssign(const BinaryOperator *BO, State &St) {
  // Flags (FlagCandidates): a compound assignment of one is a step.
  if (BO->isCompoundAssignmentOp())
    if (const ValueDecl *VD = flagVarOf(BO->getLHS()))
      stepFlag(St, VD, BO->getRHS(), flagStepOf(BO->getOpcode()));
  if (BO->getOpcode() != BO_Assign)
    return;
  if (const ValueDecl *VD = flagVarOf(BO->getLHS())) {
    // `owned = owned | BIT;` steps it; any other write is a constant.
    if (const BinaryOperator *R = selfStepOf(VD, BO->getRHS()))
      stepFlag(St, VD, R->getRHS(), flagStepOf(R->getOpcode()));
    else
      setFlag(St, VD, BO->getRHS());
    return;
  }
  AbsVal V = valueOf(BO->getRHS(), St);
  if (V.AddrOf) // a pointer to a local now lives elsewhere: stop tracking it
    loseTrackOfVar(V.AddrOf, St);
  if (const ValueDecl *Arr = arrayAddressOf(BO->getRHS())) { // (so do its elements)
    loseTrackOfVar(Arr, St);
    V = AbsVal();
  }
  const Expr *L = BO->getLHS()->IgnoreParenImpCasts();
  VarKey K;
  if (const ValueDecl *VD = localVarOf(L); VD && VD->getType()->isRecordType()) {
    // `b = a;` of two local structs: b's fields hold what a's hold.
    if (const ValueDecl *From = copiedStruct(BO->getRHS()); From && From != VD)
      copyStruct(VD, From, St, BO->getOperatorLoc());
    else
      setVar({VD, nullptr}, V, St, BO->getOperatorLoc(),
             "'" + VD->getNameAsString() + "' is overwritten");
  } else if (const ValueDecl *VD = localVarOf(L)) {
    if (VD->hasAttr<CleanupAttr>())
      V = handToCleanup(V, St);
    setVar({VD, nullptr}, V, St, BO->getOperatorLoc(),
           "'" + VD->getNameAsString() + "' is overwritten");
  } else if (localFieldKey(L, K)) {
    setVar(K, V, St, BO->getOperatorLoc(),
           "'" + K.first->getNameAsString() + "." + K.second->getNameAsString() +
               "' is overwritten");
  } else if (const ValueDecl *Arr = localArrayOf(L)) {
    St.Vars[{Arr, nullptr}].unite(V); // one of the elements: a weak update
  } else {
    // `*out = t` with `out` a parameter: an out-parameter create when the
    // function does it on success only (Inference.cpp).
    if (const auto *UO = dyn_cast<UnaryOperator>(L); UO && UO->getOpcode() == UO_Deref)
      if (const auto *DRE = dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParenImpCasts()))
        if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl())) {
          if (V.Ids.size() == 1 && !V.Unknown && Ids[V.Ids[0]].K == Identity::Created)
            Ids[V.Ids[0]].StoredToParam = P->getFunctionScopeIndex() + 1;
          // `*out = t_view(x, ..)` (Inference.cpp: OutViewAt).
          unsigned Out = P->getFunctionScopeIndex() + 1;
          if (Reporting && Summary.OutStores.try_emplace(BO, Out).second && V.Ids.size() == 1 &&
              !V.Unknown && Ids[V.Ids[0]].K == Identity::View) {
            const Identity &I = Ids[V.Ids[0]];
            if (I.Parent >= 0 && Ids[I.Parent].K == Identity::Param && !Ids[I.Parent].Field)
              Summary.OutViewStores.push_back({BO, Out, Ids[I.Parent].ParamIndex,
                                               V.MayNull || St.statusOf(V.Ids[0]).has(SNull)});
          }
        }
    storeOutside(V, St);
    // `p->f = NULL` of a field followed (ParamFields.cpp), or an init
    // helper's `p->f = t` (InitFields.cpp): what the field holds now.
    if (paramFieldKey(L, K))
      storeParamField(K, V, St, BO->getOperatorLoc());
    if (const auto *ME = dyn_cast<MemberExpr>(L); ME && ME->isArrow())
      transferFlagStore(ME, BO->getRHS(), St);
  }
  St.Exprs[BO] = V;
}

void FunctionAnalysis::transferDecl(const DeclStmt *DS, State &St) {
  for (const Decl *D : DS->decls()) {
    const auto *VD = dyn_cast<VarDecl>(D);
    if (!VD || !VD->hasLocalStorage())
      continue;
    if (FlagVars.count(VD)) {
      setFlag(St, VD, VD->getInit());
      continue;
    }
    // Running a declaration again (in a loop) ends the previous variable.
    std::string Why = "'" + VD->getNameAsString() + "' goes out of scope";
    const Expr *Init = VD->getInit();
    if (VD->getType()->isRecordType()) {
      for (auto &KV : St.Vars)
        if (KV.first.first == VD) {
          for (unsigned Id : KV.second.Ids)
            LastDrop[Id] = {VD->getLocation(), Why};
          KV.second = AbsVal();
        }
      const auto *RD = VD->getType()->getAsRecordDecl();
      const auto *IL = dyn_cast_or_null<InitListExpr>(Init ? Init->IgnoreParenImpCasts() : nullptr);
      unsigned I = 0;
      for (const FieldDecl *F : RD->fields()) {
        const Expr *FieldInit = IL && I < IL->getNumInits() ? IL->getInit(I) : nullptr;
        ++I;
        // A flag field (FlagCandidates): its first value (none: unknown
        // until set).
        if (FlagVars.count(F))
          setFlag(St, F, FieldInit);
        if (!FieldInit)
          continue;
        AbsVal V = valueOf(FieldInit, St);
        if (!V.Ids.empty() || V.MayNull)
          St.Vars[{VD, F}] = V;
      }
      if (const ValueDecl *From = !IL && Init ? copiedStruct(Init) : nullptr; From && From != VD)
        copyStruct(VD, From, St, VD->getLocation()); // `struct layer b = a;`
      continue;
    }
    AbsVal V;
    if (const auto *IL = dyn_cast_or_null<InitListExpr>(Init ? Init->IgnoreParenImpCasts() : nullptr)) {
      for (const Expr *E : IL->inits())
        V.unite(valueOf(E, St));
    } else if (Init) {
      V = valueOf(Init, St);
    }
    if (V.AddrOf)
      loseTrackOfVar(V.AddrOf, St);
    if (const ValueDecl *Arr = Init ? arrayAddressOf(Init) : nullptr;
        Arr && VD->getType()->isPointerType()) {
      loseTrackOfVar(Arr, St);
      V = AbsVal();
    }
    if (VD->hasAttr<CleanupAttr>())
      V = handToCleanup(V, St);
    setVar({VD, nullptr}, V, St, VD->getLocation(), Why);
  }
}

AbsVal FunctionAnalysis::handToCleanup(const AbsVal &V, State &St) {
  // `__attribute__((cleanup(t_freep))) tensor *x = t_ones(n);`: the
  // function runs at every exit of the variable's scope, with its address,
  // and may release what it holds then (the `_cleanup_` idiom).  What the
  // lint does not follow: the tensors it is given are no longer followed.
  loseTrack(V, St);
  return AbsVal::unknown();
}

void FunctionAnalysis::transferReturn(const ReturnStmt *RS, State &St) {
  const Expr *RV = RS->getRetValue();
  if (!RV)
    return;
  AbsVal V = valueOf(RV, St);
  if (Reporting) {
    ++Summary.Returns;
    if (V.Ids.size() == 1 && !V.Unknown && Ids[V.Ids[0]].K == Identity::View) {
      // A view of a parameter (`return t_view(m, 0, 1);`).
      const Identity &I = Ids[V.Ids[0]];
      int Of = I.Parent >= 0 && Ids[I.Parent].K == Identity::Param && !Ids[I.Parent].Field
                   ? (int)Ids[I.Parent].ParamIndex
                   : -1;
      Summary.ViewOfParam = Summary.ViewOfParam == 0 || Summary.ViewOfParam == Of ? Of : -1;
      ++Summary.ViewReturns;
      Summary.ViewMayBeNull |= St.status(V.Ids[0]).has(SNull) || V.MayNull;
    }
    if (V.Ids.size() == 1 && !V.Unknown && !V.MayNull && Ids[V.Ids[0]].K == Identity::Param &&
        Ids[V.Ids[0]].Field && !(St.statusOf(V.Ids[0]).Mask & ~(SBorrowed | SNull))) {
      // A getter (`return c->v;`): the field's tensor, untouched.
      const Identity &I = Ids[V.Ids[0]];
      bool Same = !Summary.FieldReturns || (Summary.FieldReturnParam == I.ParamIndex &&
                                            Summary.FieldReturnField == I.Field);
      Summary.FieldReturnParam = Same ? I.ParamIndex : ~0u;
      Summary.FieldReturnField = I.Field;
      ++Summary.FieldReturns;
    }
    if (V.Ids.empty() && V.MayNull && !V.Unknown) {
      ++Summary.NullReturns;
    } else if (V.Ids.size() == 1 && !V.Unknown &&
               Ids[V.Ids[0]].K == Identity::Created &&
               St.status(V.Ids[0]).has(SOwned | SScope)) {
      ++Summary.FreshReturns;
      const Identity &I = Ids[V.Ids[0]];
      Summary.FreshMayBeNull |= St.status(V.Ids[0]).has(SNull) || V.MayNull;
      if (I.Roles && Summary.ReleaseFunction.empty())
        Summary.ReleaseFunction = I.Roles->ReleaseFunction;
    }
  }
  // Returning a released tensor, or a view of one.
  checkUse(V, RV, St, "returned");
  // `return c ? s : p;`: each leaves on its own side; the other leaks.
  if (escapeSplit(V, St))
    return;
  for (unsigned Id : V.Ids) {
    if (!St.status(Id).has(SOwned | SScope) && takeReference(Id, SEscaped, St))
      continue; // `Py_INCREF(arg); return arg;`
    St.status(Id).update(SOwned | SScope, SEscaped);
  }
}

bool FunctionAnalysis::isFullExpression(const Stmt *S) const {
  if (!isa<Expr>(S))
    return true;
  const Stmt *P = Parents->getParent(S);
  return !P || !(isa<Expr>(P) || isa<DeclStmt>(P) || isa<ReturnStmt>(P));
}

void FunctionAnalysis::endFullExpression(const Stmt *S, State &St) {
  St.ClearExprs = true;
  // Tensors no variable refers to any more: leaked if still owned.
  llvm::DenseSet<unsigned> Held;
  for (const auto &KV : St.Vars)
    for (unsigned Id : KV.second.Ids)
      Held.insert(Id);
  holdReferences(Held, St);
  for (auto &[Id, T] : St.Tensors) {
    if (T.Mask == SUnborn || Ids[Id].K == Identity::Param || Held.count(Id))
      continue;
    if (T.has(SOwned) && !T.has(SUnknown))
      reportLostReference(Id, T);
    T = Status();
  }
  St.Tensors.compact();
}

void FunctionAnalysis::transfer(const Stmt *S, State &St) {
  if (St.ClearExprs) {
    St.Exprs.clear();
    St.ClearExprs = false;
  }
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    transferCall(CE, St);
  } else if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    if (BO->isAssignmentOp())
      transferAssign(BO, St);
  } else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    transferDecl(DS, St);
  } else if (const auto *CC = dyn_cast<CXXConstructExpr>(S)) {
    transferConstruct(CC, St);
  } else if (const auto *RS = dyn_cast<ReturnStmt>(S)) {
    transferReturn(RS, St);
  } else if (const auto *ME = dyn_cast<MemberExpr>(S)) {
    if (ME->isArrow())
      checkUse(valueOf(ME->getBase(), St), ME, St, "dereferenced");
  } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
    if (UO->getOpcode() == UO_Deref)
      checkUse(valueOf(UO->getSubExpr(), St), UO, St, "dereferenced");
    else if (UO->isIncrementDecrementOp())
      if (const ValueDecl *VD = flagVarOf(UO->getSubExpr()))
        stepFlag(St, VD, nullptr, UO->isDecrementOp() ? BO_Sub : BO_Add);
  } else if (const auto *CE = dyn_cast<CastExpr>(S)) {
    if (CE->getCastKind() == CK_PointerToIntegral)
      transferPointerToInteger(CE, St);
  } else if (const auto *CO = dyn_cast<ConditionalOperator>(S)) {
    // Each arm stored its value under the operator (see below); the join
    // merged them with the NULL folding.  Only fill in when missing.
    if (!St.Exprs.count(CO)) {
      AbsVal V = valueOf(CO->getTrueExpr(), St);
      V.unite(valueOf(CO->getFalseExpr(), St));
      St.Exprs[CO] = V;
    }
  }
  // The last expression of an arm of `c ? a : b` gives the operator's value
  // on that path, so the join can keep it path-precise.
  if (const auto *E = dyn_cast<Expr>(S))
    if (const auto *CO = dyn_cast_or_null<ConditionalOperator>(Parents->getParent(S)))
      if (CO->getTrueExpr() == E || CO->getFalseExpr() == E)
        St.Exprs[CO] = valueOf(E, St);
  if (isFullExpression(S))
    endFullExpression(S, St);
}

} // namespace tscope
