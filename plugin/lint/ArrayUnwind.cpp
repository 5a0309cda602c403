//===- ArrayUnwind.cpp - an unwinding loop that stops short ---------------===//
//
//   for (i = 0; i < n; i++) {                     // the fill loop
//     a[i] = t_ones(k);
//     if (!a[i])
//       goto fail;
//   }
//   ...
// fail:
//   while (--i > 0)                               // the unwinding loop
//     t_free(a[i]);                               // a[0] is never released
//   return -1;
//
// The dataflow follows a local array as one value (Transfer.cpp: a weak
// update per store), so a loop that releases `a[i]` releases "the array's
// tensors" whatever range it covers.  This check looks at the ranges of
// an unwinding loop, from its control alone:
//  - short at the bottom: the lowest index it can release (`--i > 0`: 1;
//    `i-- > 1`: 1; `for (k = i - 1; k > 0; k--)`: 1; `for (k = 1; k < i;
//    k++)`: 1) is past the first index the fill loop stores (`i = 0`).
//    When the fill loop jumps to the unwinding loop after its first
//    element was made, that element is never released;
//  - short at the top: its highest index is `i - 2` or lower for the fill
//    loop's own index i (`for (k = 0; k < i - 1; k++)`, `for (k = i - 2;
//    k >= 0; k--)`), with i unchanged from the jump to the loop.  The
//    jump at index i comes after a[i - 1] was made (a later iteration than
//    the first), and a[i - 1] is never released;
//  - past a made element: its highest index is `i - 1` or lower, and the
//    fill loop can also jump out after a[i] itself was made and tested
//    (`a[i] = create(); if (!a[i]) goto fail; if (over_budget(i)) goto
//    fail;`): a[i] is never released on that jump.
// The fill loop: `for (i = C; i < n; i++)` (or `i != n`, `++i`, `i += 1`;
// `i = C;` may come just before a `for (; ...)`), or `i = C; while (i < n)
// { ...; i++; }` with the step last and no `continue`.
//
// Strict, because a finding here has no dataflow behind it: the array is
// used only as `a[...]` and stored once, by the fill loop
// (`a[j] = create(...)`, a create of the API); the fill loop counts its
// index up by one from a constant, names the array only in that store,
// in NULL tests of `a[j]` and as an argument `a[j]` a call only borrows
// (`if (init(a[j]) < 0)`: a callee whose body the lint sees, so that a
// keep would be known, a pointer to const, or a callee only declared,
// which borrows by default), and holds a `goto` under a condition to a
// label in front of the unwinding loop (what lies between names no array
// and jumps nowhere); the unwinding loop releases `a[k]` whatever the outcome
// (or under `if (a[k])`), jumps nowhere and names the array nowhere else;
// after it, the statements up to the `return` (or the end of the function)
// name the array nowhere and hold no `goto`.  So nothing else can reach the
// element's tensor on that path: the array is never copied, and the create
// is the element's only holder.  Anything else: no finding.
//
//===----------------------------------------------------------------------===//
#include "ArrayUses.h"
#include "FunctionAnalysis.h"
#include "../roles/MemberRoles.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace tscope {
namespace {
using arrays::isElement;
using arrays::varOf;

/// A small non-negative integer constant, written as a literal.
bool smallConstant(const Expr *E, int64_t &Out) {
  const auto *IL = dyn_cast<IntegerLiteral>(E->IgnoreParenImpCasts());
  if (!IL || IL->getValue().getActiveBits() > 31)
    return false;
  Out = static_cast<int64_t>(IL->getValue().getZExtValue());
  return true;
}

/// `k` decremented by `E` (`--k` or `k--`): k, and whether before.
const VarDecl *decremented(const Expr *E, bool &Pre) {
  const auto *UO = dyn_cast<UnaryOperator>(E->IgnoreParenImpCasts());
  if (!UO || !UO->isDecrementOp())
    return nullptr;
  Pre = UO->isPrefix();
  return varOf(UO->getSubExpr());
}

/// `V - D` or `V` (D a small constant, 0 for `V`): V, and D.
const VarDecl *variableMinus(const Expr *E, int64_t &D) {
  E = E->IgnoreParenImpCasts();
  D = 0;
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() != BO_Sub || !smallConstant(BO->getRHS(), D))
      return nullptr;
    E = BO->getLHS()->IgnoreParenImpCasts();
  }
  return varOf(E);
}

/// The value a `for` loop starts `V` at: `E` of `V = E` or `T V = E` as
/// its init, or null.
const Expr *forStart(const ForStmt *FS, const VarDecl *V) {
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(FS->getInit()))
    return BO->getOpcode() == BO_Assign && varOf(BO->getLHS()) == V ? BO->getRHS() : nullptr;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(FS->getInit()))
    return DS->isSingleDecl() && DS->getSingleDecl() == V ? V->getInit() : nullptr;
  return nullptr;
}

/// The range of indexes an unwinding loop's body sees, from the loop's
/// control alone (the body must not change the index): the lowest, a
/// constant, and where known the highest, as `Top + TopOffset` with `Top`
/// the variable its start or bound names (the fill loop's index, when it is
/// one; the value it has when the loop is entered).
struct UnwindRange {
  int64_t Lowest = 0;
  const VarDecl *Top = nullptr;
  int64_t TopOffset = 0;
  /// Where a fix-it that lifts the top writes, and what.
  const Expr *TopExpr = nullptr;
};

/// An unwinding loop's index, and its range:
///   while (--k > C)  C+1 .. k-1     while (--k >= C)  C .. k-1
///   while (k-- > C)  C .. k-1       while (k-- >= C)  C-1 .. k-1
///   for (k = V - D; k > C; k--)  C+1 .. V-D     (`k >= C`: C)
///   for (k = C; k < V - D; k++)  C .. V-D-1     (`k != V - D` alike;
///                                                `k <= V - D`: V-D)
const VarDecl *unwindIndex(const Stmt *Loop, UnwindRange &R) {
  if (const auto *WS = dyn_cast<WhileStmt>(Loop)) {
    const auto *Cond = dyn_cast_or_null<BinaryOperator>(WS->getCond()->IgnoreParenImpCasts());
    int64_t C;
    bool Pre = false;
    if (!Cond || (Cond->getOpcode() != BO_GT && Cond->getOpcode() != BO_GE) ||
        !smallConstant(Cond->getRHS(), C))
      return nullptr;
    const VarDecl *K = decremented(Cond->getLHS(), Pre);
    if (!K)
      return nullptr;
    int64_t Seen = Cond->getOpcode() == BO_GT ? C + 1 : C; // the value tested
    R.Lowest = Pre ? Seen : Seen - 1;
    R.Top = K;
    R.TopOffset = -1;
    return K;
  }
  const auto *FS = dyn_cast<ForStmt>(Loop);
  if (!FS || !FS->getCond() || !FS->getInc())
    return nullptr;
  const auto *Cond = dyn_cast<BinaryOperator>(FS->getCond()->IgnoreParenImpCasts());
  const auto *Inc = dyn_cast<UnaryOperator>(FS->getInc()->IgnoreParenImpCasts());
  if (!Cond || !Inc || !Inc->isIncrementDecrementOp())
    return nullptr;
  const VarDecl *K = varOf(Inc->getSubExpr());
  if (!K || varOf(Cond->getLHS()) != K)
    return nullptr;
  const Expr *Start = forStart(FS, K);
  int64_t C, D;
  if (Inc->isDecrementOp()) {
    if ((Cond->getOpcode() != BO_GT && Cond->getOpcode() != BO_GE) ||
        !smallConstant(Cond->getRHS(), C))
      return nullptr;
    R.Lowest = Cond->getOpcode() == BO_GT ? C + 1 : C;
    if (Start && (R.Top = variableMinus(Start, D)) && R.Top != K) {
      R.TopOffset = -D;
      R.TopExpr = Start;
    } else {
      R.Top = nullptr;
    }
    return K;
  }
  // Counting up: the first value, from the start.
  if ((Cond->getOpcode() != BO_LT && Cond->getOpcode() != BO_NE &&
       Cond->getOpcode() != BO_LE) ||
      !Start || !smallConstant(Start, R.Lowest))
    return nullptr;
  if ((R.Top = variableMinus(Cond->getRHS(), D)) && R.Top != K) {
    R.TopOffset = Cond->getOpcode() == BO_LE ? -D : -D - 1;
    R.TopExpr = Cond;
  } else {
    R.Top = nullptr;
  }
  return K;
}

/// `++j`, `j++` or `j += 1`.
bool incrementsByOne(const Expr *Inc, const VarDecl *J) {
  Inc = Inc->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Inc))
    return UO->isIncrementOp() && varOf(UO->getSubExpr()) == J;
  int64_t Step;
  const auto *CA = dyn_cast<CompoundAssignOperator>(Inc);
  return CA && CA->getOpcode() == BO_AddAssign && varOf(CA->getLHS()) == J &&
         smallConstant(CA->getRHS(), Step) && Step == 1;
}

/// The body of a loop.
const Stmt *loopBody(const Stmt *Loop) {
  if (const auto *WS = dyn_cast<WhileStmt>(Loop))
    return WS->getBody();
  return cast<ForStmt>(Loop)->getBody();
}

/// A fill loop that counts its index j up by one from a constant:
///   for (j = C; j < n; j++) ...         (`j != n`; `++j`, `j += 1`)
///   j = C; for (; j < n; j++) ...
///   j = C; while (j < n) { ...; j++; }  (the step last, no `continue`)
/// `j = C` may also be `T j = C;`, the statement just before the loop.
struct FillLoop {
  const Stmt *Loop = nullptr;
  const Stmt *Body = nullptr;
  const BinaryOperator *Cond = nullptr;
  /// A `while` loop's step, the last statement of its body.
  const Stmt *Step = nullptr;
  int64_t First = 0;
};

/// The value `V` holds after the statement just before `Loop` in its block
/// (`V = E;` or `T V = E;`): E, or null.
const Expr *startBefore(const Stmt *Loop, const VarDecl *V, ParentMap &PM) {
  const auto *Block = dyn_cast_or_null<CompoundStmt>(PM.getParent(const_cast<Stmt *>(Loop)));
  if (!Block)
    return nullptr; // (a label in front: another way in, with any j)
  auto It = llvm::find(Block->body(), Loop);
  if (It == Block->body_begin() || It == Block->body_end())
    return nullptr;
  const Stmt *Prev = *std::prev(It);
  if (const auto *BO = dyn_cast<BinaryOperator>(Prev))
    return BO->getOpcode() == BO_Assign && varOf(BO->getLHS()) == V ? BO->getRHS() : nullptr;
  if (const auto *DS = dyn_cast<DeclStmt>(Prev))
    return DS->isSingleDecl() && DS->getSingleDecl() == V ? V->getInit() : nullptr;
  return nullptr;
}

/// `Loop` as a fill loop of index `J`, into F.
bool parseFill(const Stmt *Loop, const VarDecl *J, ParentMap &PM, FillLoop &F) {
  F = FillLoop();
  F.Loop = Loop;
  const Expr *Cond = nullptr, *Start = nullptr;
  if (const auto *FS = dyn_cast<ForStmt>(Loop)) {
    if (!FS->getInc() || !incrementsByOne(FS->getInc(), J))
      return false;
    Cond = FS->getCond();
    Start = FS->getInit() ? forStart(FS, J) : startBefore(FS, J, PM);
    F.Body = FS->getBody();
  } else if (const auto *WS = dyn_cast<WhileStmt>(Loop)) {
    const auto *Body = dyn_cast<CompoundStmt>(WS->getBody());
    const auto *Step = Body && !Body->body_empty() ? dyn_cast<Expr>(Body->body_back()) : nullptr;
    if (!Step || !incrementsByOne(Step, J) || WS->getConditionVariable())
      return false;
    Cond = WS->getCond();
    Start = startBefore(WS, J, PM);
    F.Body = Body;
    F.Step = Step;
  } else {
    return false;
  }
  F.Cond = Cond ? dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts()) : nullptr;
  return Start && smallConstant(Start, F.First) && F.Cond &&
         (F.Cond->getOpcode() == BO_LT || F.Cond->getOpcode() == BO_NE) &&
         varOf(F.Cond->getLHS()) == J;
}

/// What a statement does that matters here.
struct Scan : RecursiveASTVisitor<Scan> {
  const VarDecl *Index = nullptr, *Array = nullptr;
  bool Jumps = false, Labels = false, IndexWritten = false;
  unsigned ArrayRefs = 0, Continues = 0;
  llvm::SmallVector<const GotoStmt *, 2> Gotos;
  llvm::SmallVector<const BreakStmt *, 2> Breaks;
  bool VisitBreakStmt(BreakStmt *B) {
    Breaks.push_back(B);
    return Jumps = true;
  }
  bool VisitContinueStmt(ContinueStmt *) {
    ++Continues;
    return Jumps = true;
  }
  bool VisitReturnStmt(ReturnStmt *) { return Jumps = true; }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *) { return Jumps = true; }
  bool VisitGotoStmt(GotoStmt *G) {
    Gotos.push_back(G);
    return Jumps = true;
  }
  bool VisitLabelStmt(LabelStmt *) { return Labels = true; }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    IndexWritten |= Index && BO->isAssignmentOp() && varOf(BO->getLHS()) == Index;
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    IndexWritten |= Index && (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) &&
                    varOf(UO->getSubExpr()) == Index;
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    ArrayRefs += Array && DRE->getDecl() == Array;
    return true;
  }
  // Statements in a lambda or block run elsewhere; a nested function's
  // body is not this one's.
  bool TraverseLambdaExpr(LambdaExpr *) { return Jumps = true; }
  bool TraverseBlockExpr(BlockExpr *) { return Jumps = true; }
};

/// `e` (as a condition), `!e`, `e == NULL`, `e != NULL`, `NULL == e`: a
/// NULL test whose operand `e` is `a[i]` (the variables `Array`, `Index`).
bool isNullTestOf(const Expr *Cond, const VarDecl *Array, const VarDecl *Index, ASTContext &Ctx) {
  Cond = Cond->IgnoreParenImpCasts();
  if (isElement(Cond, Array, Index))
    return true;
  if (const auto *UO = dyn_cast<UnaryOperator>(Cond))
    return UO->getOpcode() == UO_LNot && isElement(UO->getSubExpr(), Array, Index);
  if (const auto *BO = dyn_cast<BinaryOperator>(Cond)) {
    if (BO->getOpcode() != BO_EQ && BO->getOpcode() != BO_NE)
      return false;
    auto IsNull = [&](const Expr *X) {
      return X->IgnoreParenCasts()->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull);
    };
    return (isElement(BO->getLHS(), Array, Index) && IsNull(BO->getRHS())) ||
           (isElement(BO->getRHS(), Array, Index) && IsNull(BO->getLHS()));
  }
  return false;
}

/// `f(..., a[j], ...)` where the call only borrows that argument: a direct
/// call (not a member or operator call, not in a `...`) whose roles, if
/// any, do not release, consume, retain, detach, keep, return, view or
/// pass on that argument, to a callee with a body in this file (so that a
/// keep would have been inferred), or taking a pointer to const there, or
/// declared only: described by the API, or outside the system headers.
bool borrowedArgument(const ArraySubscriptExpr *E, const RoleTable &Roles, ParentMap &PM,
                      const SourceManager &SM) {
  const auto *CE =
      dyn_cast_or_null<CallExpr>(PM.getParentIgnoreParenImpCasts(const_cast<ArraySubscriptExpr *>(E)));
  if (!CE || isa<CXXMemberCallExpr>(CE) || isa<CXXOperatorCallExpr>(CE))
    return false;
  const FunctionDecl *Callee = CE->getDirectCallee();
  if (!Callee)
    return false;
  unsigned Pos = 0;
  while (Pos < CE->getNumArgs() && CE->getArg(Pos)->IgnoreParenImpCasts() != E)
    ++Pos;
  if (Pos >= CE->getNumArgs() || Pos >= Callee->getNumParams())
    return false;
  unsigned Index = Pos + 1;
  const FunctionRoles *R = rolesOfCall(Roles, CE);
  if (R) {
    for (const std::vector<unsigned> *Role : {&R->Releases, &R->Consumes, &R->Retains,
                                              &R->Detaches, &R->Keeps, &R->ReleasesOnFailure,
                                              &R->MayRelease})
      if (llvm::is_contained(*Role, Index))
        return false;
    if (R->ReturnsArg == Index || R->Borrows == Index || R->ReturnsViewOf == Index ||
        !R->PassesToCallback.empty() ||
        llvm::any_of(R->ReleasesFields, [&](const auto &PF) { return PF.first == Index; }))
      return false;
  }
  QualType PT = Callee->getParamDecl(Pos)->getType();
  if (PT->isPointerType() && PT->getPointeeType().isConstQualified())
    return true;
  const FunctionDecl *Def = nullptr;
  if (Callee->hasBody(Def) && Def)
    return !SM.isInSystemHeader(SM.getExpansionLoc(Def->getLocation()));
  // Declared only: one the API describes, or one outside the system
  // headers, borrows what it has no role on, the dataflow's own rule
  // ("borrow by default"); an undescribed system function taking a plain
  // pointer (free, realloc) might do anything with it.
  return R || !SM.isInSystemHeader(SM.getExpansionLoc(Callee->getLocation()));
}

/// `S` with the labels in front of it taken off.
const Stmt *unlabeled(const Stmt *S) {
  while (const auto *LS = dyn_cast_or_null<LabelStmt>(S))
    S = LS->getSubStmt();
  return S;
}

} // namespace

/// The `break` shape's entry: a `break` of the fill loop under a condition,
/// `Block` the then-branch of `if (j < bound)` or `if (j != bound)` (the
/// fill loop's own bound), that `if` after the fill loop in one block, and
/// the statements between naming no array `A`, changing no `j`, jumping
/// nowhere.  The break, or null.
const BreakStmt *FunctionAnalysis::breakShape(const Stmt *Fill, const BinaryOperator *FillCond,
                                              llvm::ArrayRef<const BreakStmt *> Breaks,
                                              const CompoundStmt *Block, const VarDecl *A,
                                              const VarDecl *J) const {
  const BreakStmt *Leave = nullptr;
  for (const BreakStmt *B : Breaks) {
    // Its loop is the fill loop, and it is under an `if` inside it.
    bool UnderIf = false;
    const Stmt *P = Parents->getParent(B);
    for (; P && P != Fill; P = Parents->getParent(P)) {
      if (isa<ForStmt>(P) || isa<WhileStmt>(P) || isa<DoStmt>(P) || isa<SwitchStmt>(P))
        break;
      UnderIf |= isa<IfStmt>(P);
    }
    if (P == Fill && UnderIf) {
      Leave = B;
      break;
    }
  }
  if (!Leave)
    return nullptr;
  const auto *X = dyn_cast_or_null<IfStmt>(Parents->getParent(Block));
  if (!X || X->getThen() != Block || X->getInit() || X->getConditionVariable())
    return nullptr;
  const auto *Cond = dyn_cast<BinaryOperator>(X->getCond()->IgnoreParenImpCasts());
  if (!Cond || (Cond->getOpcode() != BO_LT && Cond->getOpcode() != BO_NE) ||
      varOf(Cond->getLHS()) != J)
    return nullptr;
  llvm::FoldingSetNodeID Bound, FillBound;
  Cond->getRHS()->IgnoreParenImpCasts()->Profile(Bound, Ctx, true);
  FillCond->getRHS()->IgnoreParenImpCasts()->Profile(FillBound, Ctx, true);
  if (Bound != FillBound || !isStableCondition(FillCond->getRHS()))
    return nullptr;
  const Stmt *FillTop = Fill;
  while (const auto *LS = dyn_cast_or_null<LabelStmt>(Parents->getParent(FillTop)))
    FillTop = LS;
  const auto *Outer = dyn_cast_or_null<CompoundStmt>(Parents->getParent(FillTop));
  if (!Outer || Parents->getParent(X) != Outer)
    return nullptr;
  auto It = llvm::find(Outer->body(), FillTop);
  for (++It; It != Outer->body_end() && *It != X; ++It) {
    Scan Between;
    Between.Array = A;
    Between.Index = J;
    Between.TraverseStmt(*It);
    if (Between.Jumps || Between.Labels || Between.ArrayRefs || Between.IndexWritten)
      return nullptr;
  }
  return It != Outer->body_end() ? Leave : nullptr;
}

/// At most this many unwinding loops that stop short are checked per function.
constexpr size_t MaxUnwindCandidates = 16;

void FunctionAnalysis::checkArrayUnwinds() {
  if (AutoScoped || (FD->isMain() && !Opts.LintMainLeaks))
    return; // leaks are not reported here anyway
  // 1. The candidate unwinding loops, from their own statements alone.
  struct Candidate {
    const Stmt *Loop;
    const VarDecl *K, *A;
    UnwindRange Range;
  };
  std::vector<Candidate> Candidates;
  std::vector<const Stmt *> Loops(ForLoops.begin(), ForLoops.end());
  Loops.insert(Loops.end(), WhileLoops.begin(), WhileLoops.end());
  for (const Stmt *Loop : Loops) {
    // The unwinding loop: its range, its one release of `a[k]`.
    UnwindRange Range;
    const VarDecl *K = unwindIndex(Loop, Range);
    // (From index 0, before any fill loop's first, up to `j` or past it,
    // for any fill index j: right.)
    if (!K || (Range.Lowest < 1 && !(Range.Top && Range.TopOffset <= -1)))
      continue;
    const Stmt *Body = loopBody(Loop);
    const CallExpr *Release = nullptr;
    const VarDecl *A = nullptr;
    bool Guarded = false;
    auto Statements = [](const Stmt *S) {
      llvm::SmallVector<const Stmt *, 4> Out;
      if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
        Out.append(CS->body_begin(), CS->body_end());
      else if (S)
        Out.push_back(S);
      return Out;
    };
    for (const Stmt *S : Statements(Body)) {
      const Expr *Guard = nullptr;
      if (const auto *If = dyn_cast<IfStmt>(S);
          If && !If->getElse() && !If->getInit() && !If->getConditionVariable()) {
        Guard = If->getCond();
        auto Then = Statements(If->getThen());
        S = Then.size() == 1 ? Then.front() : nullptr;
      }
      const CallExpr *Call = arrays::releaseOfOneArgument(S, Roles);
      if (!Call)
        continue;
      const auto *AS = dyn_cast<ArraySubscriptExpr>(Call->getArg(0)->IgnoreParenImpCasts());
      const VarDecl *Arr = AS ? varOf(AS->getBase()) : nullptr;
      if (!Arr || !Arr->hasLocalStorage() || !Arr->getType()->isArrayType() ||
          varOf(AS->getIdx()) != K)
        continue;
      if (Guard && !isNullTestOf(Guard, Arr, K, Ctx))
        continue; // (`if (a[k])`, `if (a[k] != NULL)` only)
      Release = Call;
      A = Arr;
      Guarded = Guard != nullptr;
      break;
    }
    if (!Release)
      continue;
    Scan LoopScan;
    LoopScan.Index = K;
    LoopScan.Array = A;
    LoopScan.TraverseStmt(const_cast<Stmt *>(Body));
    if (LoopScan.Jumps || LoopScan.Labels || LoopScan.IndexWritten ||
        LoopScan.ArrayRefs != (Guarded ? 2u : 1u))
      continue;
    Candidates.push_back({Loop, K, A, Range});
    // Each candidate below reads its block and its array's elements: a
    // bound keeps a function full of such loops linear (a real one has a
    // few; past the bound they are not checked, no finding).
    if (Candidates.size() == MaxUnwindCandidates)
      break;
  }
  if (Candidates.empty())
    return;
  // 2. One walk of the body for the uses of their arrays.
  arrays::ArrayUses AllUses;
  AllUses.PM = Parents;
  for (const Candidate &C : Candidates)
    AllUses.Arrays[C.A];
  AllUses.TraverseStmt(FD->getBody());
  // 3. Each candidate against its array's fill loop and the paths between.
  for (const Candidate &C : Candidates) {
    const Stmt *Loop = C.Loop;
    const VarDecl *K = C.K, *A = C.A;
    int64_t Lowest = C.Range.Lowest;
    // The array: only `a[...]`, stored once, by `a[j] = create(...)`.
    const arrays::ArrayUses::Uses &Uses = AllUses.Arrays[A];
    if (!Uses.Plain || Uses.Stores.size() != 1 || Uses.Stores.front()->getOpcode() != BO_Assign)
      continue;
    const BinaryOperator *Store = Uses.Stores.front();
    const auto *Site = dyn_cast<CallExpr>(Store->getRHS()->IgnoreParenCasts());
    const auto *SAS = cast<ArraySubscriptExpr>(Store->getLHS()->IgnoreParens());
    const VarDecl *J = varOf(SAS->getIdx());
    const FunctionRoles *SR = Site ? rolesOfCall(Roles, Site) : nullptr;
    if (!J || !SR || !SR->Creates || SR->Borrows)
      continue; // (a view is not the caller's to release)
    // The fill loop: the store's nearest enclosing loop, counting `j` up
    // by one from a constant below the unwinding loop's lowest index.
    const Stmt *Loopy = nullptr;
    for (const Stmt *P = Parents->getParent(Store); P && !Loopy; P = Parents->getParent(P))
      if (isa<ForStmt>(P) || isa<WhileStmt>(P) || isa<DoStmt>(P))
        Loopy = P;
    FillLoop FL;
    if (!Loopy || !parseFill(Loopy, J, *Parents, FL))
      continue;
    const Stmt *Fill = FL.Loop;
    const BinaryOperator *FillCond = FL.Cond;
    int64_t First = FL.First;
    // Short at the bottom: the first element is never released.  Short at
    // the top: the unwinding loop's highest index is `j - 2` or lower for
    // the fill index j at the jump, so `a[j - 1]`, made by the iteration
    // before, is never released (checked below: j unchanged on the way).
    // Past the element: the highest index is `j - 1` or lower, and a jump
    // comes after `a[j]` itself was made (checked below).
    bool ShortBottom = First < Lowest;
    bool ShortTop = C.Range.Top == J && C.Range.TopOffset <= -2;
    bool MayMissMade = C.Range.Top == J && C.Range.TopOffset <= -1;
    if (!ShortBottom && !ShortTop && !MayMissMade)
      continue;
    // A bound of at most First makes no element, of First + 1 no second.
    int64_t Bound;
    if (smallConstant(FillCond->getRHS(), Bound) && Bound <= First + 1) {
      if (Bound <= First || !MayMissMade)
        continue;
      ShortBottom = ShortTop = false;
    }
    // The fill loop's body: the array in the store, in NULL tests of
    // `a[j]` and in arguments a call borrows only, the index changed by the
    // loop alone.
    // (A `while` loop's step is its own: the rest must not change j, and
    // a `continue` would skip the step.)
    Scan FillScan;
    FillScan.Index = J;
    FillScan.Array = A;
    if (FL.Step) {
      for (const Stmt *S : cast<CompoundStmt>(FL.Body)->body())
        if (S != FL.Step)
          FillScan.TraverseStmt(const_cast<Stmt *>(S));
    } else {
      FillScan.TraverseStmt(const_cast<Stmt *>(FL.Body));
    }
    if (FillScan.IndexWritten || FillScan.Labels || (FL.Step && FillScan.Continues))
      continue;
    unsigned FillRefs = 0, NullTests = 0, Borrowed = 0;
    for (const ArraySubscriptExpr *E : Uses.Elements) {
      bool Inside = false;
      for (const Stmt *P = E; P && !Inside; P = Parents->getParent(P))
        Inside = P == FL.Body;
      if (!Inside)
        continue;
      ++FillRefs;
      if (E == SAS)
        continue;
      const Stmt *P = Parents->getParentIgnoreParenImpCasts(const_cast<ArraySubscriptExpr *>(E));
      const Expr *Test = dyn_cast_or_null<Expr>(P);
      // The condition of an `if`: the test itself, or `!`/`==`/`!=` on it.
      const Stmt *If = isa_and_nonnull<IfStmt>(P) ? P
                       : Test ? Parents->getParentIgnoreParenImpCasts(const_cast<Expr *>(Test))
                              : nullptr;
      const auto *IS = dyn_cast_or_null<IfStmt>(If);
      bool IsTest = isElement(E, A, J) && IS && isNullTestOf(IS->getCond(), A, J, Ctx) &&
                    (IS->getCond()->IgnoreParenImpCasts() == E ||
                     IS->getCond()->IgnoreParenImpCasts() == Test);
      NullTests += IsTest;
      Borrowed += !IsTest && isElement(E, A, J) &&
                  borrowedArgument(E, Roles, *Parents, Ctx.getSourceManager());
    }
    if (FillRefs != FillScan.ArrayRefs || FillRefs != NullTests + Borrowed + 1)
      continue;
    // Where the unwinding loop is entered: its statement in a block, with
    // labels in front of it (or of statements just before it that name no
    // array and jump nowhere).
    const Stmt *Top = Loop;
    while (const auto *LS = dyn_cast_or_null<LabelStmt>(Parents->getParent(Top)))
      Top = LS;
    const auto *Block = dyn_cast_or_null<CompoundStmt>(Parents->getParent(Top));
    if (!Block)
      continue;
    auto Pos = llvm::find(Block->body(), Top);
    // The entries, and those from which j reaches the loop unchanged.
    llvm::SmallPtrSet<const LabelDecl *, 4> Entries, EntriesJKept;
    bool FromBlockStart = false; // nothing in front of the loop in its block matters
    bool JKept = true;
    for (auto It = Pos;; --It) {
      const Stmt *S = *It;
      if (It != Pos) {
        Scan Between;
        Between.Array = A;
        Between.Index = J;
        Between.TraverseStmt(const_cast<Stmt *>(unlabeled(S)));
        if (Between.Jumps || Between.Labels || Between.ArrayRefs)
          break;
        JKept &= !Between.IndexWritten;
      }
      for (const auto *LS = dyn_cast<LabelStmt>(S); LS;
           LS = dyn_cast<LabelStmt>(LS->getSubStmt())) {
        Entries.insert(LS->getDecl());
        if (JKept)
          EntriesJKept.insert(LS->getDecl());
      }
      if (It == Block->body_begin()) {
        FromBlockStart = true;
        break;
      }
    }
    // A `goto` there from the fill loop, under a condition (so that a
    // later iteration than the first can take it).
    const GotoStmt *Jump = nullptr;
    for (const GotoStmt *G : FillScan.Gotos) {
      if (!Entries.count(G->getLabel()))
        continue;
      const Stmt *P = Parents->getParent(G);
      while (P && P != FL.Body && !isa<IfStmt>(P))
        P = Parents->getParent(P);
      if (P && P != FL.Body) {
        Jump = G;
        break;
      }
    }
    // Or the `break` shape: `if (!a[j]) break;` in the fill loop, and the
    // unwinding loop in `if (j < bound) { ... }` (or `j != bound`) after it:
    // true after that break, with nothing between that names the array or
    // changes j.
    const BreakStmt *Leave = nullptr;
    if (!Jump && FromBlockStart)
      Leave = breakShape(Fill, FillCond, FillScan.Breaks, Block, A, J);
    if (!Jump && !Leave)
      continue;
    // After the loop, up to the return: no array, no goto.
    bool Exits = false, Clean = true;
    for (auto It = std::next(Pos); It != Block->body_end() && Clean && !Exits; ++It) {
      Scan After;
      After.Array = A;
      After.TraverseStmt(*It);
      Exits = isa<ReturnStmt>(unlabeled(*It));
      // (In an inner block, a `break` or `continue` may lead anywhere.)
      Clean = !After.ArrayRefs && After.Gotos.empty() &&
              (Block == FD->getBody() || Exits || !After.Jumps);
    }
    if (!Clean || (!Exits && Block != FD->getBody()))
      continue;
    // The top needs j as the fill loop left it, up to the loop and in it
    // (a `while` loop counts j itself down: its own range).
    bool JUnchanged = false;
    if (ShortTop || MayMissMade) {
      Scan InLoop;
      InLoop.Index = J;
      if (K != J)
        InLoop.TraverseStmt(const_cast<Stmt *>(Loop));
      JUnchanged = !InLoop.IndexWritten;
    }
    ShortTop &= JUnchanged && (Jump ? EntriesJKept.count(Jump->getLabel()) != 0 : JKept);
    const Stmt *MadeJump = nullptr;
    if (MayMissMade && JUnchanged)
      MadeJump = jumpAfterMade(Fill, FL.Body, Store, A, J, FillScan.Gotos, EntriesJKept,
                               Leave && JKept ? FillScan.Breaks
                                              : llvm::ArrayRef<const BreakStmt *>());
    auto TakenAt = [&](const Stmt *S) {
      if (const auto *G = dyn_cast<GotoStmt>(S))
        return "goto at " + locText(G->getGotoLoc());
      return "break at " + locText(S->getBeginLoc());
    };
    std::string Taken = TakenAt(Jump ? static_cast<const Stmt *>(Jump) : Leave);
    if (ShortBottom)
      reportShortBottom(Loop, K, A, Site, SR, First, Lowest, Taken);
    if (ShortTop)
      reportShortTop(Loop, K, A, J, Site, SR, -1, C.Range.TopOffset, C.Range.TopExpr, Taken);
    // (With no fix-it: whether `a[j]` may be released where it is NULL,
    // on the other jumps, depends on the API; the repair is a release at
    // that jump.)
    if (MadeJump)
      reportShortTop(Loop, K, A, J, Site, SR, 0, C.Range.TopOffset, nullptr, TakenAt(MadeJump));
  }
}

/// In the fill loop's body (a block), the store `a[j] = create(...)`
/// alone in its statement, then `if (!a[j]) <goto, break, continue or
/// return>`, then in a later statement under a condition a jump to the
/// unwinding loop (a `goto` to one of `Entries`, or one of `Breaks` of the
/// fill loop): taken, `a[j]` is made and not NULL.  That jump, or null.
const Stmt *FunctionAnalysis::jumpAfterMade(const Stmt *Fill, const Stmt *FillBody,
                                            const BinaryOperator *Store,
                                            const VarDecl *A, const VarDecl *J,
                                            llvm::ArrayRef<const GotoStmt *> Gotos,
                                            const llvm::SmallPtrSetImpl<const LabelDecl *> &Entries,
                                            llvm::ArrayRef<const BreakStmt *> Breaks) const {
  const auto *Body = dyn_cast<CompoundStmt>(FillBody);
  if (!Body)
    return nullptr;
  // The place in the body of the statement holding S, and whether an `if`
  // inside that statement holds S (or a loop or switch: then Loops).
  auto Place = [&](const Stmt *S, bool &UnderIf, bool &Loops) -> long {
    UnderIf = Loops = false;
    const Stmt *P = S;
    for (const Stmt *Up = Parents->getParent(P); Up && Up != Body; Up = Parents->getParent(P)) {
      if (Up == Fill)
        return -1;
      UnderIf |= isa<IfStmt>(Up);
      Loops |= isa<ForStmt>(Up) || isa<WhileStmt>(Up) || isa<DoStmt>(Up) || isa<SwitchStmt>(Up);
      P = Up;
    }
    auto It = llvm::find(Body->body(), P);
    return It == Body->body_end() ? -1 : It - Body->body_begin();
  };
  bool UnderIf, Loops;
  long StoreAt = Place(Store, UnderIf, Loops);
  if (StoreAt < 0 || unlabeled(Body->body_begin()[StoreAt]) != Store ||
      StoreAt + 1 >= static_cast<long>(Body->size()))
    return nullptr;
  // The NULL test, `!a[j]` or `a[j] == NULL`, leaving the iteration.
  const auto *Test = dyn_cast<IfStmt>(unlabeled(Body->body_begin()[StoreAt + 1]));
  if (!Test || Test->getElse() || Test->getInit() || Test->getConditionVariable() ||
      !isNullTestOf(Test->getCond(), A, J, Ctx) ||
      isElement(Test->getCond()->IgnoreParenImpCasts(), A, J))
    return nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(Test->getCond()->IgnoreParenImpCasts());
      BO && BO->getOpcode() != BO_EQ)
    return nullptr;
  const Stmt *Last = Test->getThen();
  if (const auto *CS = dyn_cast<CompoundStmt>(Last))
    Last = CS->body_empty() ? nullptr : CS->body_back();
  Last = unlabeled(Last);
  if (!Last || !(isa<GotoStmt>(Last) || isa<BreakStmt>(Last) || isa<ContinueStmt>(Last) ||
                 isa<ReturnStmt>(Last)))
    return nullptr;
  for (const GotoStmt *G : Gotos)
    if (Entries.count(G->getLabel()) && Place(G, UnderIf, Loops) > StoreAt + 1 && UnderIf)
      return G;
  for (const BreakStmt *B : Breaks)
    if (Place(B, UnderIf, Loops) > StoreAt + 1 && UnderIf && !Loops)
      return B;
  return nullptr;
}

/// The text of a subscript `j + Offset` (Offset <= 0).
static std::string indexText(const VarDecl *J, int64_t Offset) {
  std::string Text = J->getNameAsString();
  if (Offset < 0)
    Text += " - " + std::to_string(-Offset);
  return Text;
}

/// Only for ranges in one file and outside macros.
static bool fixableRange(const SourceManager &SMgr, SourceRange R) {
  return R.getBegin().isFileID() && R.getEnd().isFileID() &&
         SMgr.getFileID(R.getBegin()) == SMgr.getFileID(R.getEnd());
}

/// The finding both reports share: `Missed` (an element of `A`) is never
/// released by `Loop`, which stops at `StopsAt`, when the jump `Taken` is
/// taken; the note at the create.
Finding FunctionAnalysis::unwindFinding(const Stmt *Loop, const CallExpr *Site,
                                        const FunctionRoles *SR, const std::string &Missed,
                                        const std::string &StopsAt,
                                        const std::string &Taken) const {
  std::string Creator = SR->DisplayName.empty() ? calleeName(Site) : SR->DisplayName;
  Finding F;
  F.Category = LintCategory::Leak;
  F.Loc = Loop->getBeginLoc();
  F.Tensor = Site;
  F.Message = "the tensor created by '" + Creator + "' into '" + Missed +
              "' is never released: this unwinding loop stops at '" + StopsAt +
              "'; leaked when the " + Taken + " is taken after '" + Missed + "' was made";
  F.Notes.push_back({Site->getBeginLoc(), "tensor created here by '" + Creator + "'"});
  return F;
}

void FunctionAnalysis::reportShortTop(const Stmt *Loop, const VarDecl *K, const VarDecl *A,
                                      const VarDecl *J, const CallExpr *Site,
                                      const FunctionRoles *SR, int64_t MissedOffset,
                                      int64_t TopOffset, const Expr *TopExpr,
                                      const std::string &Taken) {
  std::string ArrayName = A->getNameAsString();
  Finding F = unwindFinding(Loop, Site, SR, ArrayName + "[" + indexText(J, MissedOffset) + "]",
                            ArrayName + "[" + indexText(J, TopOffset) + "]", Taken);
  // The repair: reach `a[j - 1]`.  Counting up, the bound becomes j;
  // counting down, the start becomes j - 1.
  const SourceManager &SMgr = Ctx.getSourceManager();
  SourceRange R = TopExpr ? TopExpr->IgnoreParenImpCasts()->getSourceRange() : SourceRange();
  if (TopExpr && fixableRange(SMgr, R)) {
    const auto *FS = dyn_cast<ForStmt>(Loop);
    if (FS && FS->getCond() == TopExpr)
      F.Fixes.push_back(FixItHint::CreateReplacement(
          R, K->getNameAsString() +
                 (cast<BinaryOperator>(TopExpr->IgnoreParenImpCasts())->getOpcode() == BO_NE
                      ? " != "
                      : " < ") +
                 J->getNameAsString()));
    else
      F.Fixes.push_back(FixItHint::CreateReplacement(R, indexText(J, -1)));
  }
  emit(F);
}

void FunctionAnalysis::reportShortBottom(const Stmt *Loop, const VarDecl *K, const VarDecl *A,
                                         const CallExpr *Site, const FunctionRoles *SR,
                                         int64_t First, int64_t Lowest,
                                         const std::string &Taken) {
  std::string ArrayName = A->getNameAsString();
  Finding F = unwindFinding(Loop, Site, SR, ArrayName + "[" + std::to_string(First) + "]",
                            ArrayName + "[" + std::to_string(Lowest) + "]", Taken);
  // The repair: count down to the first element.  For `while`, the form
  // that is right for unsigned indexes too; for a `for` counting down,
  // only with a signed index (`k >= 0` is always true unsigned).
  const SourceManager &SMgr = Ctx.getSourceManager();
  auto Fixable = [&](SourceRange R) { return fixableRange(SMgr, R); };
  std::string Low = std::to_string(First);
  if (const auto *WS = dyn_cast<WhileStmt>(Loop)) {
    SourceRange R = WS->getCond()->IgnoreParenImpCasts()->getSourceRange();
    if (Fixable(R))
      F.Fixes.push_back(FixItHint::CreateReplacement(
          R, K->getNameAsString() + "-- > " + Low));
  } else if (const auto *FS = cast<ForStmt>(Loop);
             cast<UnaryOperator>(FS->getInc()->IgnoreParenImpCasts())->isDecrementOp()) {
    SourceRange R = FS->getCond()->IgnoreParenImpCasts()->getSourceRange();
    if (K->getType()->isSignedIntegerType() && Fixable(R))
      F.Fixes.push_back(FixItHint::CreateReplacement(
          R, K->getNameAsString() + " >= " + Low));
  } else {
    // Counting up: start at the first element (`k = 1` becomes `k = 0`).
    SourceRange R = forStart(FS, K)->IgnoreParenImpCasts()->getSourceRange();
    if (Fixable(R))
      F.Fixes.push_back(FixItHint::CreateReplacement(R, Low));
  }
  emit(F);
}

} // namespace tscope
