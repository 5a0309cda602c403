//===- ArrayRounds.cpp - a loop that releases every element of an array ---===//
//
//   for (i = 0; i < n; i++) a[i] = t_ones(k);     // the fill loop
//   ...
//   for (i = 0; i < n; i++) t_free(a[i]);         // the release round
//   (or `tlist_push(l, a[i]);`: a consume round, every element given away)
//
// A release through `a[i]` does not say which tensor it releases, so the
// lint stops following the array's tensors there (Transfer.cpp).  This
// shape it can follow: when the two loops count the same unchanged bound
// from 0 up by one, the round releases every element the fill loop made,
// so after the round all of them are released: `t_free(best)` with
// `best = a[0]` is a double release, `t_sum(a[0])` a use after release.
//
// Strict, because a wrong "released" is a false report: the array is used
// only as `a[...]` (never passed whole, address-taken or copied), its one
// assignment is `a[j] = create(...)` in the fill loop, each loop's index is
// changed by its increment only, and the round's body has no `break`,
// `continue`, `goto` or `return`, ends with the release (`t_free(a[i]);` or
// `if (a[i]) t_free(a[i]);`) and names the array nowhere else.  Anything
// else keeps the old behaviour: no finding.
//
//===----------------------------------------------------------------------===//
#include "ArrayUses.h"
#include "FunctionAnalysis.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace tscope {
namespace {
using arrays::isElement;
using arrays::varOf;

bool isZero(const Expr *E) {
  const auto *IL = dyn_cast<IntegerLiteral>(E->IgnoreParenImpCasts());
  return IL && IL->getValue() == 0;
}

/// `for (i = 0; i < B; i++)` (also `int i = 0`, `++i`): the index and the
/// bound, or null.
const VarDecl *canonicalLoop(const ForStmt *FS, const Expr *&Bound) {
  const VarDecl *I = nullptr;
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(FS->getInit())) {
    if (BO->getOpcode() == BO_Assign && isZero(BO->getRHS()))
      I = varOf(BO->getLHS());
  } else if (const auto *DS = dyn_cast_or_null<DeclStmt>(FS->getInit())) {
    if (DS->isSingleDecl())
      if (const auto *VD = dyn_cast<VarDecl>(DS->getSingleDecl());
          VD && VD->getInit() && isZero(VD->getInit()))
        I = VD;
  }
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(FS->getCond());
  const auto *Inc = dyn_cast_or_null<UnaryOperator>(FS->getInc());
  if (!I || !Cond || Cond->getOpcode() != BO_LT || varOf(Cond->getLHS()) != I || !Inc ||
      !Inc->isIncrementOp() || varOf(Inc->getSubExpr()) != I)
    return nullptr;
  Bound = Cond->getRHS()->IgnoreParenImpCasts();
  return I;
}

/// What a loop body does that matters here.
struct BodyScan : arrays::JumpScan<BodyScan> {
  const VarDecl *Index = nullptr, *Array = nullptr;
  bool IndexWritten = false;
  unsigned ArrayRefs = 0;
  bool VisitBinaryOperator(BinaryOperator *BO) {
    IndexWritten |= BO->isAssignmentOp() && varOf(BO->getLHS()) == Index;
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    IndexWritten |= (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) &&
                    varOf(UO->getSubExpr()) == Index;
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    ArrayRefs += DRE->getDecl() == Array;
    return true;
  }
};

} // namespace

void FunctionAnalysis::collectArrayRounds() {
  Stmt *Body = FD->getBody();
  if (!Body)
    return;
  // The candidate rounds: loops whose body ends releasing `a[i]`.
  struct Candidate {
    const ForStmt *Loop;
    const VarDecl *Array;
    const Expr *Bound;
    const CallExpr *Release;
    const Expr *Consumed; ///< the element argument of a consuming call
  };
  std::vector<Candidate> Candidates;
  for (const ForStmt *FS : ForLoops) { // (collectModifiedVars found them)
    const Expr *Bound = nullptr;
    const VarDecl *I = canonicalLoop(FS, Bound);
    if (!I || !isStableCondition(Bound))
      continue;
    const Stmt *Last = FS->getBody();
    if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Last))
      Last = CS->body_empty() ? nullptr : CS->body_back();
    const Expr *Guard = nullptr;
    if (const auto *If = dyn_cast_or_null<IfStmt>(Last)) {
      if (If->getElse() || If->getInit() || If->getConditionVariable())
        continue;
      Guard = If->getCond();
      Last = If->getThen();
      if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Last))
        Last = CS->size() == 1 ? CS->body_front() : nullptr;
    }
    // A release of its one argument, whatever the outcome (not realloc),
    // or a call that takes ownership of the element (`tlist_push(l,
    // a[i])`).
    const CallExpr *Call = arrays::releaseOfOneArgument(Last, Roles);
    const Expr *Elem = Call ? Call->getArg(0) : nullptr, *Consumed = nullptr;
    if (!Call)
      if ((Call = dyn_cast_or_null<CallExpr>(Last)) && !isa<CXXMemberCallExpr>(Call) &&
          !isa<CXXOperatorCallExpr>(Call))
        if (const FunctionRoles *R = rolesOfCall(Roles, Call))
          for (unsigned K : R->Consumes)
            if (K >= 1 && K <= Call->getNumArgs() &&
                isa<ArraySubscriptExpr>(Call->getArg(K - 1)->IgnoreParenImpCasts()))
              Elem = Consumed = Call->getArg(K - 1);
    if (!Elem)
      continue;
    const auto *AS = dyn_cast<ArraySubscriptExpr>(Elem->IgnoreParenImpCasts());
    const VarDecl *A = AS ? varOf(AS->getBase()) : nullptr;
    if (!A || !A->hasLocalStorage() || !A->getType()->isArrayType() || varOf(AS->getIdx()) != I)
      continue;
    if (Guard && !isElement(Guard, A, I))
      continue; // (`if (a[i])` only)
    BodyScan Scan;
    Scan.Index = I;
    Scan.Array = A;
    Scan.TraverseStmt(const_cast<Stmt *>(FS->getBody()));
    if (Scan.Jumps || Scan.IndexWritten || Scan.ArrayRefs != (Guard ? 2u : 1u))
      continue;
    Candidates.push_back({FS, A, Bound, Call, Consumed});
  }
  if (Candidates.empty())
    return;
  arrays::ArrayUses Uses;
  Uses.PM = Parents;
  for (const Candidate &C : Candidates)
    Uses.Arrays[C.Array];
  Uses.TraverseStmt(Body);
  for (const Candidate &C : Candidates) {
    const arrays::ArrayUses::Uses &U = Uses.Arrays[C.Array];
    if (!U.Plain || U.Stores.size() != 1)
      continue;
    // The one store: `a[j] = create(...)` in the body of a fill loop over
    // j with the same bound.
    const BinaryOperator *Store = U.Stores.front();
    const auto *Site = dyn_cast<CallExpr>(Store->getRHS()->IgnoreParenCasts());
    const auto *SAS = cast<ArraySubscriptExpr>(Store->getLHS()->IgnoreParens());
    const VarDecl *J = varOf(SAS->getIdx());
    if (Store->getOpcode() != BO_Assign || !Site || !J)
      continue;
    const ForStmt *Fill = nullptr;
    for (const Stmt *P = Parents->getParent(Store); P && !Fill; P = Parents->getParent(P))
      if (const auto *FS = dyn_cast<ForStmt>(P))
        Fill = FS;
    const Expr *FillBound = nullptr;
    if (!Fill || Fill == C.Loop || canonicalLoop(Fill, FillBound) != J)
      continue;
    BodyScan FillScan;
    FillScan.Index = J;
    FillScan.TraverseStmt(const_cast<Stmt *>(Fill->getBody()));
    if (FillScan.IndexWritten)
      continue;
    llvm::FoldingSetNodeID A, B;
    C.Bound->Profile(A, Ctx, true);
    FillBound->Profile(B, Ctx, true);
    if (A != B)
      continue;
    Rounds[C.Loop] = {C.Array, Site};
    RoundRelease[C.Release] = C.Loop;
    if (C.Consumed)
      ConsumeRounds[C.Loop] = C.Consumed;
  }
}

/// The round's release of `a[i]`: each of the array's tensors is released
/// (this round released the others in earlier iterations: no double
/// release).  False when the tensors are not plainly the fill loop's.  A
/// status split on a condition (a NULL test of an element) is taken whole:
/// either side may be this round's element.
bool FunctionAnalysis::releaseInRound(const AbsVal &V, const CallExpr *CE, State &St) {
  auto It = RoundRelease.find(CE);
  if (It == RoundRelease.end() || ConsumeRounds.count(It->second) ||
      !endRound(V, Rounds.lookup(It->second).second, St))
    return false;
  for (unsigned Id : V.Ids)
    noteFirstRelease(Id, CE->getArg(0)->getBeginLoc());
  return true;
}

bool FunctionAnalysis::consumeInRound(const AbsVal &V, const Expr *Arg, const CallExpr *CE,
                                      State &St) {
  auto It = RoundRelease.find(CE);
  if (It == RoundRelease.end() || ConsumeRounds.lookup(It->second) != Arg)
    return false;
  if (!endRound(V, Rounds.lookup(It->second).second, St, SConsumed))
    return false;
  for (unsigned Id : V.Ids)
    noteConsumedBy(Id, CE);
  return true;
}

/// Leaving round `Loop`: every element the fill loop made is released (or
/// given away; the same bound: the round ran as often as the fill loop).
void FunctionAnalysis::leaveRound(const ForStmt *Loop, State &St) {
  auto It = Rounds.find(Loop);
  if (It == Rounds.end())
    return;
  auto VIt = St.Vars.find({It->second.first, nullptr});
  if (VIt != St.Vars.end())
    endRound(VIt->second, It->second.second, St,
             ConsumeRounds.count(Loop) ? SConsumed : SReleased);
}

/// Marks every tensor `V` may be released, when each is one the fill loop's
/// create `Site` made and its status is one a round can end (owned,
/// released by the round, not alive); else changes nothing (false).
bool FunctionAnalysis::endRound(const AbsVal &V, const CallExpr *Site, State &St,
                                uint16_t To) {
  if (V.Unknown || V.Ids.empty())
    return false;
  for (unsigned Id : V.Ids) {
    Status S = St.statusOf(Id);
    if (Ids[Id].Site != Site || S.has(SUnknown) || (S.Mask & ~(SOwned | To | SNotAlive)))
      return false;
  }
  for (unsigned Id : V.Ids) {
    Status &S = St.status(Id);
    if (S.Mask & ~SNotAlive)
      S = Status::plain((S.Mask & SNotAlive) | To);
  }
  return true;
}

} // namespace tscope
