//===- LoopCounters.cpp - tests of a loop's counter that hold once --------===//
//
//   for (i = 0; i < n; i++) {
//     if (i == 0) acc = t_ones(k);          // the first iteration only
//     else { s = t_add(acc, x); t_free(acc); acc = s; }
//   }
//   for (i = 0; i < n; i++) {
//     t = t_ones(k);
//     if (i == n - 1) keep = t; else t_free(t);   // the last iteration only
//   }
//
// Without knowing that `i == 0` holds once, the lint sees `acc = t_ones(k)`
// run again on a later iteration over the tensor the loop made, and
// reports a leak; without knowing that `i == n - 1` ends the loop, it sees
// `keep = t` run twice.  Both are false reports on common code.
//
// A counter loop: a `for` whose init sets its counter (`i = S` or `int i =
// S`), whose increment steps it by a nonzero constant (`i++`, `i -= 2`),
// and whose condition and body never write it nor take its address (nor
// does the function take it anywhere).  Then in its body
//  * `i == S` (S unchanged in the loop) holds on the first iteration and
//    on no other: the edge into the loop from outside says it will hold,
//    the back edge says it will not (facts of the state, which the join at
//    the loop head turns into a split of what the loop carries), and the
//    test itself narrows to its side like a stable condition;
//  * with a step of 1 (or -1) and a condition `i < n` (`i <= n`, `i != n`;
//    `i > n`, `i >= n` counting down; n unchanged in the loop), `i == n -
//    1` (`i == n`, `i == n + 1`) holds on the last iteration only: after
//    it, the condition fails, so the edge back into the body keeps only
//    the paths on which the test did not hold.  That test's earlier
//    outcomes (a previous run of the loop, in an outer loop) are forgotten
//    on the way in from outside, so the paths cut are this run's.
// The same tests written as comparisons count too, in either order and
// with a constant added to the counter: `i > s`, `i >= s + 1` fail on the
// first iteration only when counting up (`i < s`, `i <= s - 1` counting
// down); `i < n - 1`, `i + 1 < n`, `i <= n - 2` fail on the last one only,
// and `i >= n - 1` holds there only (mirrored counting down).
// Anything else keeps the old behaviour.
//
//===----------------------------------------------------------------------===//
#include "ArrayUses.h"
#include "FunctionAnalysis.h"

#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"

#include <functional>

using namespace clang;

namespace tscope {
namespace {

/// The local variable or parameter E names (not a volatile one), or null.
const VarDecl *localVarOf(const Expr *E) {
  const VarDecl *VD = arrays::varOf(E);
  return VD && VD->hasLocalStorage() && !VD->getType().isVolatileQualified() ? VD : nullptr;
}

/// A comparison of a counter: `i + K OP Other` (OP as if i stood on the
/// left: `n > i` is `i < n`).
struct CounterTest {
  const BinaryOperator *BO;
  const Expr *Other;
  BinaryOperatorKind Op;
  int64_t K;
};

/// One walk of a function: where each local variable is written (an
/// assignment, `++`, `--`), which ones have their address taken (or a
/// reference bound to them, or are captured), and each `==` / `!=` test of
/// one against something.  The loops then look up their own counter, so a
/// deep loop nest costs one walk, not one per loop.
class CounterFacts : public RecursiveASTVisitor<CounterFacts> {
public:
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<SourceLocation, 4>> Writes;
  llvm::DenseSet<const VarDecl *> Escaped;
  /// Each test of a variable (`i + K OP Other`, OP as if i stood on the
  /// left).
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<CounterTest, 2>> Tests;
  llvm::SmallVector<const DoStmt *, 4> DoLoops;
  llvm::DenseMap<const VarDecl *, const DeclStmt *> DeclOf;
  bool Gotos = false; ///< any `goto` in the function

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp()) {
      if (const VarDecl *V = localVarOf(BO->getLHS()))
        Writes[V].push_back(BO->getExprLoc());
    } else if (BO->isComparisonOp()) {
      int64_t K = 0;
      if (const VarDecl *V = counterSide(BO->getLHS(), K))
        Tests[V].push_back({BO, BO->getRHS(), BO->getOpcode(), K});
      else if (const VarDecl *W = counterSide(BO->getRHS(), K))
        Tests[W].push_back(
            {BO, BO->getLHS(), BinaryOperator::reverseComparisonOp(BO->getOpcode()), K});
    }
    return true;
  }
  const ASTContext &Ctx;
  explicit CounterFacts(const ASTContext &Ctx) : Ctx(Ctx) {}

private:
  /// `i` (K = 0), `i + K` or `i - K` (K a small constant): i, or null.
  const VarDecl *counterSide(const Expr *E, int64_t &K) const {
    K = 0;
    if (const VarDecl *V = localVarOf(E))
      return V;
    const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
    if (!BO || (BO->getOpcode() != BO_Add && BO->getOpcode() != BO_Sub) ||
        !intConstant(BO->getRHS(), Ctx, K, 40))
      return nullptr;
    if (BO->getOpcode() == BO_Sub)
      K = -K;
    return localVarOf(BO->getLHS());
  }

public:
  bool VisitUnaryOperator(UnaryOperator *UO) {
    const VarDecl *V = localVarOf(UO->getSubExpr());
    if (V && UO->isIncrementDecrementOp())
      Writes[V].push_back(UO->getExprLoc());
    else if (V && UO->getOpcode() == UO_AddrOf)
      Escaped.insert(V);
    return true;
  }
  bool VisitVarDecl(VarDecl *D) {
    if (D->getType()->isReferenceType() && D->getInit())
      if (const VarDecl *V = localVarOf(D->getInit()))
        Escaped.insert(V);
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *LE) {
    for (const LambdaCapture &C : LE->captures())
      if (C.capturesVariable())
        if (const auto *V = dyn_cast<VarDecl>(C.getCapturedVar()))
          Escaped.insert(V);
    return true;
  }
  bool VisitBlockExpr(BlockExpr *BE) {
    for (const BlockDecl::Capture &C : BE->getBlockDecl()->captures())
      Escaped.insert(C.getVariable());
    return true;
  }
  bool VisitDoStmt(DoStmt *D) {
    DoLoops.push_back(D);
    return true;
  }
  bool VisitDeclStmt(DeclStmt *DS) {
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        DeclOf[VD] = DS;
    return true;
  }
  bool VisitGotoStmt(GotoStmt *) {
    Gotos = true;
    return true;
  }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *) {
    Gotos = true;
    return true;
  }
};

/// The innermost loop around S (null: none).
const Stmt *loopAround(const Stmt *S, ParentMap &PM) {
  for (const Stmt *P = PM.getParent(S); P; P = PM.getParent(P))
    if (isa<ForStmt>(P) || isa<WhileStmt>(P) || isa<DoStmt>(P) || isa<CXXForRangeStmt>(P))
      return P;
  return nullptr;
}

/// Whether E is an integer constant (63 bits, so that a step or an offset
/// added to it stays in range); its value in K.
bool intConstant63(const Expr *E, const ASTContext &Ctx, int64_t &K) {
  return intConstant(E, Ctx, K, 63);
}

} // namespace

void FunctionAnalysis::collectCounterLoops() {
  bool DoLoops = false;
  for (const CFGBlock *B : *Cfg)
    DoLoops |= isa_and_nonnull<DoStmt>(B->getLoopTarget());
  if (ForLoops.empty() && !DoLoops)
    return;
  CounterFacts Facts(Ctx);
  Facts.TraverseStmt(const_cast<Stmt *>(FD->getBody()));
  // The tests of counter I inside loop body Body.
  auto TestsIn = [&](const VarDecl *I, const Stmt *Body) {
    llvm::SmallVector<CounterTest, 2> In;
    auto Tested = Facts.Tests.find(I);
    if (Tested == Facts.Tests.end())
      return In;
    SourceLocation Begin = SM.getExpansionLoc(Body->getBeginLoc()),
                   End = SM.getExpansionLoc(Body->getEndLoc());
    for (const auto &T : Tested->second)
      if (SM.isPointWithin(SM.getExpansionLoc(T.BO->getExprLoc()), Begin, End))
        In.push_back(T);
    return In;
  };
  // An expression a loop over counter I cannot change: a constant, or
  // another variable the function never writes (Modified) nor lets escape.
  auto Invariant = [&](const Expr *E, const VarDecl *I) {
    int64_t K;
    if (intConstant63(E, Ctx, K))
      return true;
    const VarDecl *V = localVarOf(E);
    return V && V != I && !Facts.Escaped.count(V) && !Modified.count(V);
  };
  // Whether X is E + Delta.
  std::function<bool(const Expr *, const Expr *, int64_t)> SameValue =
      [&](const Expr *X, const Expr *E, int64_t Delta) -> bool {
    int64_t A, B;
    if (intConstant63(X, Ctx, A) && intConstant63(E, Ctx, B))
      return A == B + Delta;
    if (!Delta) {
      const VarDecl *V = localVarOf(X);
      return V && V == localVarOf(E);
    }
    const auto *BO = dyn_cast<BinaryOperator>(X->IgnoreParenImpCasts());
    int64_t K;
    if (!BO || !intConstant63(BO->getRHS(), Ctx, K))
      return false;
    if (BO->getOpcode() == BO_Sub)
      return K == -Delta && SameValue(BO->getLHS(), E, 0);
    if (BO->getOpcode() == BO_Add)
      return K == Delta && SameValue(BO->getLHS(), E, 0);
    return false;
  };
  // Whether test T of a counter that starts at Start and steps by Step
  // has one outcome on the first iteration and the other on every later
  // one (`i == s`, `i != s`; counting up, `i > s`, `i <= s`, `i >= s + 1`,
  // `i < s + 1`, and the mirror images counting down); the first
  // iteration's outcome in Outcome.
  auto FirstTest = [&](const CounterTest &T, const Expr *Start, int64_t Step,
                       bool &Outcome) {
    BinaryOperatorKind Op = T.Op;
    if (Op == BO_EQ || Op == BO_NE) {
      Outcome = Op == BO_EQ;
      return SameValue(T.Other, Start, T.K);
    }
    if (Step < 0) // counting down: `i < s` is what `i > s` is counting up
      Op = BinaryOperator::reverseComparisonOp(Op);
    int64_t Beyond = Step > 0 ? 1 : -1; // the next value on from the start
    if (Op == BO_GT || Op == BO_LE) {
      Outcome = Op == BO_LE;
      return SameValue(T.Other, Start, T.K);
    }
    Outcome = Op == BO_LT; // BO_GE, BO_LT
    return SameValue(T.Other, Start, T.K + Beyond);
  };
  // Whether test T of a counter stepping by Step (1 or -1), whose last
  // value is Bound + Last, has one outcome on the last iteration and the
  // other one ends the loop (`i == n - 1`; counting up, `i < n - 1`, `i +
  // 1 < n`, `i >= n - 1`, `i <= n - 2`, `i > n - 2`; the mirror images
  // counting down); the last iteration's outcome in Outcome.  Only that
  // outcome matters: after it the loop condition fails.
  auto LastTest = [&](const CounterTest &T, const Expr *Bound, int64_t Last, int64_t Step,
                      bool &Outcome) {
    BinaryOperatorKind Op = T.Op;
    if (Op == BO_EQ || Op == BO_NE) {
      Outcome = Op == BO_EQ;
      return SameValue(T.Other, Bound, Last + T.K);
    }
    if (Step < 0)
      Op = BinaryOperator::reverseComparisonOp(Op);
    if (Op == BO_LT || Op == BO_GE) { // `i < last`: false on the last one
      Outcome = Op == BO_GE;
      return SameValue(T.Other, Bound, Last + T.K);
    }
    Outcome = Op == BO_GT; // `i <= last - 1` (counting up)
    return SameValue(T.Other, Bound, Last - Step + T.K);
  };
  // Test BO has Outcome on the first iteration and the other one on the
  // later ones.
  auto AddFirst = [&](CounterLoop &L, const BinaryOperator *BO, bool Outcome) {
    int Id = conditionId(BO, Outcome);
    L.FirstIteration.push_back({Id, Outcome});
    FirstIterationConds.insert(Id);
  };
  for (const ForStmt *FS : ForLoops) {
    // The counter and its start.
    const VarDecl *I = nullptr;
    const Expr *Start = nullptr;
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(FS->getInit())) {
      if (DS->isSingleDecl())
        if (const auto *VD = dyn_cast<VarDecl>(DS->getSingleDecl());
            VD && VD->getInit() && VD->hasLocalStorage() &&
            !VD->getType().isVolatileQualified()) {
          I = VD;
          Start = VD->getInit();
        }
    } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(FS->getInit())) {
      if (BO->getOpcode() == BO_Assign) {
        I = localVarOf(BO->getLHS());
        Start = BO->getRHS();
      }
    }
    if (!I || !I->getType()->isIntegerType())
      continue;
    // Its step.
    int64_t Step = 0;
    if (const auto *UO = dyn_cast_or_null<UnaryOperator>(FS->getInc())) {
      if (UO->isIncrementDecrementOp() && localVarOf(UO->getSubExpr()) == I)
        Step = UO->isIncrementOp() ? 1 : -1;
    } else if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(FS->getInc())) {
      int64_t K = 0;
      if ((CA->getOpcode() == BO_AddAssign || CA->getOpcode() == BO_SubAssign) &&
          localVarOf(CA->getLHS()) == I && intConstant63(CA->getRHS(), Ctx, K) && K != 0 &&
          K > -(INT64_C(1) << 40) && K < (INT64_C(1) << 40))
        Step = CA->getOpcode() == BO_AddAssign ? K : -K;
    }
    // Written in the loop only by its increment, never by address.
    auto WrittenIn = [&](const VarDecl *V, const Stmt *Part) {
      if (!Part)
        return false;
      SourceLocation Begin = SM.getExpansionLoc(Part->getBeginLoc()),
                     End = SM.getExpansionLoc(Part->getEndLoc());
      auto It = Facts.Writes.find(V);
      if (It != Facts.Writes.end())
        for (SourceLocation W : It->second)
          if (SM.isPointWithin(SM.getExpansionLoc(W), Begin, End))
            return true;
      return false;
    };
    if (!Step || Facts.Escaped.count(I) || WrittenIn(I, FS->getCond()) ||
        WrittenIn(I, FS->getBody()))
      continue;
    // The condition, `i OP n`, as the value i has on the last iteration
    // (n + Last), when the step is one.
    bool HasLast = false;
    const Expr *Bound = nullptr;
    int64_t Last = 0;
    if (const auto *C = dyn_cast_or_null<BinaryOperator>(FS->getCond());
        C && C->isComparisonOp() && (Step == 1 || Step == -1)) {
      BinaryOperatorKind Op = C->getOpcode();
      Bound = C->getRHS();
      if (localVarOf(C->getRHS()) == I && localVarOf(C->getLHS()) != I) {
        Op = BinaryOperator::reverseComparisonOp(Op);
        Bound = C->getLHS();
      } else if (localVarOf(C->getLHS()) != I) {
        Bound = nullptr;
      }
      if (Bound && Invariant(Bound, I)) {
        HasLast = true;
        if (Step == 1 && (Op == BO_LT || Op == BO_NE))
          Last = -1;
        else if (Step == -1 && (Op == BO_GT || Op == BO_NE))
          Last = 1;
        else if (!((Step == 1 && Op == BO_LE) || (Step == -1 && Op == BO_GE)))
          HasLast = false;
      }
    }
    bool HasFirst = Invariant(Start, I);
    if (!HasFirst && !HasLast)
      continue;
    CounterLoop L;
    for (const CounterTest &T : TestsIn(I, FS->getBody())) {
      bool Outcome;
      if (HasFirst && FirstTest(T, Start, Step, Outcome)) {
        AddFirst(L, T.BO, Outcome);
      } else if (HasLast && LastTest(T, Bound, Last, Step, Outcome)) {
        int Id = conditionId(T.BO, Outcome);
        L.LastIteration.push_back({Id, Outcome});
      }
    }
    if (!L.FirstIteration.empty() || !L.LastIteration.empty())
      CounterLoops[FS] = std::move(L);
  }
  // `int pass = s; do { ... if (pass == s) ... } while (++pass < n);`: the
  // counter's one write is the step in the condition, and every run of the
  // loop comes right after its declaration (the same loop around both, and
  // no goto in the function): first-iteration tests only.
  for (const DoStmt *D : Facts.DoLoops) {
    const auto *C = dyn_cast_or_null<BinaryOperator>(D->getCond()->IgnoreParenImpCasts());
    if (!C || !C->isComparisonOp() || Facts.Gotos)
      continue;
    const UnaryOperator *Inc = nullptr;
    for (const Expr *Side : {C->getLHS(), C->getRHS()})
      if (const auto *UO = dyn_cast<UnaryOperator>(Side->IgnoreParenImpCasts());
          UO && UO->isIncrementDecrementOp())
        Inc = UO;
    const VarDecl *I = Inc ? localVarOf(Inc->getSubExpr()) : nullptr;
    if (!I || isa<ParmVarDecl>(I) || !I->getType()->isIntegerType() || !I->getInit() ||
        Facts.Escaped.count(I))
      continue;
    auto W = Facts.Writes.find(I);
    auto Decl = Facts.DeclOf.find(I);
    if (W == Facts.Writes.end() || W->second.size() != 1 || W->second[0] != Inc->getExprLoc() ||
        Decl == Facts.DeclOf.end() || loopAround(Decl->second, *Parents) != loopAround(D, *Parents))
      continue;
    const Expr *Start = I->getInit();
    if (!Invariant(Start, I))
      continue;
    CounterLoop L;
    int64_t Step = Inc->isIncrementOp() ? 1 : -1;
    for (const CounterTest &T : TestsIn(I, D->getBody()))
      if (bool Outcome; FirstTest(T, Start, Step, Outcome))
        AddFirst(L, T.BO, Outcome);
    if (L.FirstIteration.empty())
      continue;
    CounterLoops[D] = std::move(L);
  }
  // A do loop is entered at its body's first block, from before it or from
  // the loop-back block after its condition.
  for (const CFGBlock *B : *Cfg)
    if (const auto *D = dyn_cast_or_null<DoStmt>(B->getLoopTarget());
        D && CounterLoops.count(D) && B->succ_size() == 1 && *B->succ_begin())
      DoEntries[*B->succ_begin()] = {D, B};
}

void FunctionAnalysis::forgetCondition(State &S, int CondId) {
  llvm::erase_if(S.Facts, [&](const Fact &F) { return F.Cond == CondId; });
  for (auto &[Id, St] : S.Tensors)
    if (St.Guard == CondId)
      St.set(St.Mask);
  auto ForgetIn = [&](auto &Map) {
    for (auto &[K, V] : Map) {
      if (V.Split == CondId) {
        V.Split = -1;
        V.IfTrueId = V.IfFalseId = 0;
      }
      if (V.NullSplit == CondId)
        V.NullSplit = -1;
    }
  };
  ForgetIn(S.Vars);
  ForgetIn(S.Exprs);
  llvm::erase_if(S.Flags, [&](Flag &F) {
    if (F.Known || F.Cond != CondId)
      return false;
    F.Cond = -1;
    return F.Cases.empty(); // (its cases still say what each value had)
  });
}

void FunctionAnalysis::enterCounterLoop(const CFGBlock *From, const CFGBlock *CondBlock,
                                        State &S) {
  const Stmt *Loop = dyn_cast_or_null<ForStmt>(CondBlock->getTerminatorStmt());
  bool Back = Loop && From->getLoopTarget() == Loop;
  if (auto Do = DoEntries.find(CondBlock); Do != DoEntries.end()) {
    Loop = Do->second.first;
    Back = From == Do->second.second;
  }
  auto It = Loop ? CounterLoops.find(Loop) : CounterLoops.end();
  if (It == CounterLoops.end())
    return;
  for (const auto &[Id, Outcome] : It->second.FirstIteration) {
    forgetCondition(S, Id);
    bool Next = Back ? !Outcome : Outcome;
    S.addFact({Id, Next});
    // Each status holds on this side of the test only, so the join at the
    // loop head keeps the first iteration's apart from the later ones' (a
    // plain status would be united with both of the other side's arms).
    // A split on a test that changes from one iteration to the next (`if
    // (first)`, `if (t)`) goes first: a status has one split, and the
    // first iteration's is the one a loop like this needs.
    for (auto &[TId, St] : S.Tensors) {
      if (St.Guard >= 0 && !Conds[St.Guard].Stable && !FirstIterationConds.count(St.Guard))
        St.set(St.Mask);
      if (St.Guard < 0) {
        St.Guard = Id;
        St.IfTrue = Next ? St.Mask : 0;
        St.IfFalse = Next ? 0 : St.Mask;
      }
    }
  }
  if (!Back)
    for (const auto &[Id, Outcome] : It->second.LastIteration)
      forgetCondition(S, Id);
}

bool FunctionAnalysis::continueCounterLoop(const ForStmt *Loop, State &S) {
  auto It = CounterLoops.find(Loop);
  if (It == CounterLoops.end())
    return true;
  for (const auto &[Id, Outcome] : It->second.LastIteration)
    if (!narrowOn(S, Id, !Outcome, /*Record=*/false))
      return false;
  return true;
}

} // namespace tscope
