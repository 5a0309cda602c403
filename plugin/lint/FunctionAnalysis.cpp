//===- FunctionAnalysis.cpp - CFG driver, branch refinement, exits --------===//
#include "FunctionAnalysis.h"

#include "clang/AST/ExprCXX.h"
#include "Liveness.h"
#include "Writes.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Analysis/Analyses/PostOrderCFGView.h"
#include "clang/Analysis/FlowSensitive/DataflowWorklist.h"

using namespace clang;

namespace tscope {

FunctionAnalysis::FunctionAnalysis(const FunctionDecl *FD, ASTContext &Ctx,
                                   RoleTable &Roles, const Options &Opts,
                                   Reporter *Rep, bool AutoScoped)
    : FD(FD), Ctx(Ctx), SM(Ctx.getSourceManager()), Roles(Roles), Opts(Opts),
      Rep(Rep), AutoScoped(AutoScoped) {}

FunctionAnalysis::~FunctionAnalysis() = default;

/// E without its `!`s (and parentheses and implicit casts); each one flips
/// Flip.
static const Expr *skipNots(const Expr *E, bool &Flip) {
  E = E->IgnoreParenImpCasts();
  while (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() != UO_LNot)
      break;
    Flip = !Flip;
    E = UO->getSubExpr()->IgnoreParenImpCasts();
  }
  return E;
}

bool intConstant(const Expr *E, const ASTContext &Ctx, int64_t &V, unsigned Bits) {
  Expr::EvalResult R;
  if (!E || E->isValueDependent() || !E->EvaluateAsInt(R, Ctx) ||
      R.Val.getInt().getSignificantBits() > Bits)
    return false;
  V = R.Val.getInt().getExtValue();
  return true;
}

/// `X op K` or `K op X` with K an integer constant: X (parentheses and
/// implicit casts off), K, and whether K stands on the left.
static bool constantOperand(const BinaryOperator *BO, const ASTContext &Ctx, const Expr *&X,
                            int64_t &K, bool &ConstOnLeft) {
  for (bool Left : {false, true}) {
    const Expr *C = Left ? BO->getLHS() : BO->getRHS();
    if (intConstant(C, Ctx, K)) {
      X = (Left ? BO->getRHS() : BO->getLHS())->IgnoreParenImpCasts();
      ConstOnLeft = Left;
      return true;
    }
  }
  return false;
}

/// Whether `V Op K` holds.
static bool compareHolds(int64_t V, BinaryOperatorKind Op, int64_t K) {
  switch (Op) {
  case BO_EQ: return V == K;
  case BO_NE: return V != K;
  case BO_LT: return V < K;
  case BO_LE: return V <= K;
  case BO_GT: return V > K;
  case BO_GE: return V >= K;
  default: return true;
  }
}

unsigned FunctionAnalysis::blockCount() const { return Cfg ? Cfg->getNumBlockIDs() : 0; }

uint64_t FunctionAnalysis::work() const {
  return Work + (Liveness ? Liveness->work() : 0);
}

namespace {
/// Variables the function writes after their declaration (or whose address
/// it takes): conditions over them are not "unchanged".  The same walk
/// collects the declarations (inScopeAt) and the `for` and `while` loops
/// (collectArrayRounds, checkArrayUnwinds), so the body is walked once for
/// all of them.
class ModifiedVars : public RecursiveASTVisitor<ModifiedVars> {
public:
  ModifiedVars(llvm::DenseSet<const ValueDecl *> &Out, std::vector<const Stmt *> &Decls,
               std::vector<const ForStmt *> &Loops, std::vector<const WhileStmt *> &Whiles,
               FunctionAnalysis::LoopVarMap &BodyVars)
      : Out(Out), Decls(Decls), Loops(Loops), Whiles(Whiles), BodyVars(BodyVars) {}
  bool VisitDeclStmt(DeclStmt *DS) {
    Decls.push_back(DS);
    if (!Inside.empty())
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->hasLocalStorage())
          BodyVars[Inside.back()].push_back(VD);
    return true;
  }
  // A loop's init and condition are outside its body; the variables
  // declared in the body (at any depth short of an inner loop's body) end
  // with each iteration.
  bool TraverseForStmt(ForStmt *FS) {
    if (!WalkUpFromForStmt(FS))
      return false;
    for (Stmt *S : {FS->getInit(), static_cast<Stmt *>(FS->getConditionVariableDeclStmt()),
                    static_cast<Stmt *>(FS->getCond()), static_cast<Stmt *>(FS->getInc())})
      if (S && !TraverseStmt(S))
        return false;
    return body(FS, FS->getBody());
  }
  bool TraverseWhileStmt(WhileStmt *WS) {
    if (!WalkUpFromWhileStmt(WS))
      return false;
    for (Stmt *S : {static_cast<Stmt *>(WS->getConditionVariableDeclStmt()),
                    static_cast<Stmt *>(WS->getCond())})
      if (S && !TraverseStmt(S))
        return false;
    return body(WS, WS->getBody());
  }
  bool TraverseDoStmt(DoStmt *DS) {
    if (!WalkUpFromDoStmt(DS))
      return false;
    return body(DS, DS->getBody()) && TraverseStmt(DS->getCond());
  }
  bool VisitForStmt(ForStmt *FS) {
    Loops.push_back(FS);
    return true;
  }
  bool VisitWhileStmt(WhileStmt *WS) {
    Whiles.push_back(WS);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      mark(BO->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
      mark(UO->getSubExpr());
    return true;
  }

private:
  bool body(const Stmt *Loop, Stmt *Body) {
    Inside.push_back(Loop);
    bool Ok = TraverseStmt(Body);
    Inside.pop_back();
    return Ok;
  }
  void mark(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    while (true) {
      if (const auto *ME = dyn_cast<MemberExpr>(E))
        E = ME->getBase()->IgnoreParenImpCasts();
      else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
        E = AS->getBase()->IgnoreParenImpCasts();
      else
        break;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      Out.insert(DRE->getDecl());
  }
  llvm::DenseSet<const ValueDecl *> &Out;
  std::vector<const Stmt *> &Decls;
  std::vector<const ForStmt *> &Loops;
  std::vector<const WhileStmt *> &Whiles;
  FunctionAnalysis::LoopVarMap &BodyVars;
  std::vector<const Stmt *> Inside; ///< the loops whose body the walk is in
};
} // namespace

namespace {
/// Local integer variables whose every write is `= constant` (and whose
/// initializer, if any, is one), or a step by a constant (`made++`, `stage
/// += 2`): flags such as `int made = 0; ... made = 1;`.  Also integer
/// fields of a local struct variable (`s.owned = 1;`) under the same rule,
/// keyed by the field: when one struct variable alone has that field in the
/// function, and the struct is never written whole, nor its address taken.
class FlagCandidates : public RecursiveASTVisitor<FlagCandidates> {
public:
  explicit FlagCandidates(ASTContext &Ctx) : Ctx(Ctx) {}
  bool VisitDeclStmt(DeclStmt *DS) {
    for (const Decl *D : DS->decls()) {
      const auto *VD = dyn_cast<VarDecl>(D);
      if (VD && candidate(VD) && VD->getInit())
        (constant(VD->getInit()) ? Assigned : NotFlag).insert(VD);
      // `struct slot s = {0, 1};`: its fields' first values.
      if (const auto *RD = VD ? VD->getType()->getAsRecordDecl() : nullptr;
          RD && VD->getInit() && !isa<ParmVarDecl>(VD)) {
        const auto *IL = dyn_cast<InitListExpr>(VD->getInit()->IgnoreParenImpCasts());
        if (!IL || RD->isUnion()) {
          BadBases.insert(VD); // a copy of another struct, or a union
          continue;
        }
        unsigned I = 0;
        for (const FieldDecl *F : RD->fields()) {
          const Expr *Init = I < IL->getNumInits() ? IL->getInit(I) : nullptr;
          ++I;
          if (!fieldCandidate(F) || !noteBase(F, VD))
            continue;
          (!Init || constant(Init) ? Assigned : NotFlag).insert(F);
        }
      }
    }
    return true;
  }
  // The tests refineFlag and takeFlagSwitchEdge read: `v OP C`, `v &
  // BIT`, `!v`, `v` alone as a condition or an operand of && / ||, and
  // `switch (v)`.  A candidate never tested so is no flag: following it
  // would cost every join (a loop nest's counters) and tell nothing.
  void tested(const Expr *E) {
    if (E)
      if (const ValueDecl *K = flagKeyOf(E))
        Tested.insert(K);
  }
  bool VisitIfStmt(IfStmt *S) { tested(S->getCond()); return true; }
  bool VisitWhileStmt(WhileStmt *S) { tested(S->getCond()); return true; }
  bool VisitDoStmt(DoStmt *S) { tested(S->getCond()); return true; }
  bool VisitForStmt(ForStmt *S) { tested(S->getCond()); return true; }
  bool VisitSwitchStmt(SwitchStmt *S) { tested(S->getCond()); return true; }
  bool VisitConditionalOperator(ConditionalOperator *CO) {
    tested(CO->getCond());
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isComparisonOp() || BO->getOpcode() == BO_And) {
      if (constant(BO->getRHS()))
        tested(BO->getLHS());
      if (constant(BO->getLHS()))
        tested(BO->getRHS());
    } else if (BO->isLogicalOp()) {
      tested(BO->getLHS());
      tested(BO->getRHS());
    }
    if (BO->isAssignmentOp())
      if (const VarDecl *Whole = recordVarOf(BO->getLHS()))
        BadBases.insert(Whole); // `s = other;`
    const ValueDecl *VD = BO->isAssignmentOp() ? varOf(BO->getLHS()) : nullptr;
    if (!VD)
      return true;
    if (BO->getOpcode() == BO_Assign && constant(BO->getRHS()))
      Assigned.insert(VD);
    else if (stepOp(BO->getOpcode()) && constant(BO->getRHS()))
      Stepped.insert(VD);
    else if (BO->getOpcode() == BO_Assign && selfStep(VD, BO->getRHS()))
      Stepped.insert(VD); // `owned = owned | BIT;`
    else if (BO->getOpcode() == BO_Assign && constantPick(BO->getRHS()))
      Picked.insert(VD); // `st = ok ? NEXT : FAIL;`: a state, not a flag
    else
      NotFlag.insert(VD);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->getOpcode() == UO_LNot)
      tested(UO->getSubExpr());
    if (const ValueDecl *VD = varOf(UO->getSubExpr())) {
      if (UO->isIncrementDecrementOp())
        Stepped.insert(VD);
      else if (UO->getOpcode() == UO_AddrOf)
        NotFlag.insert(VD);
    }
    if (UO->getOpcode() == UO_AddrOf)
      if (const VarDecl *Whole = recordVarOf(UO->getSubExpr()))
        BadBases.insert(Whole); // `init(&s)`, `p = &s`
    return true;
  }
  // Captured by a lambda or a block: written elsewhere, perhaps.
  bool VisitLambdaExpr(LambdaExpr *LE) {
    for (const LambdaCapture &C : LE->captures())
      if (C.capturesVariable())
        if (const auto *VD = dyn_cast<VarDecl>(C.getCapturedVar())) {
          NotFlag.insert(VD);
          BadBases.insert(VD);
        }
    return true;
  }
  bool VisitBlockExpr(BlockExpr *BE) {
    for (const BlockDecl::Capture &C : BE->getBlockDecl()->captures()) {
      NotFlag.insert(C.getVariable());
      BadBases.insert(C.getVariable());
    }
    return true;
  }
  /// Whether field candidate F belongs to a struct variable written whole,
  /// or shared by two struct variables: not a flag.
  bool badField(const ValueDecl *D) const {
    const auto *F = dyn_cast<FieldDecl>(D);
    if (!F)
      return false;
    auto It = BaseOf.find(F);
    return It == BaseOf.end() || !It->second || BadBases.count(It->second);
  }
  llvm::DenseSet<const ValueDecl *> Assigned, NotFlag, Picked, Stepped, Tested;

private:
  llvm::DenseMap<const FieldDecl *, const VarDecl *> BaseOf; ///< nullptr: two variables
  llvm::DenseSet<const VarDecl *> BadBases; ///< written whole, or address taken
  bool selfStep(const ValueDecl *VD, const Expr *RHS) const {
    const BinaryOperator *B = selfStepOf(VD, RHS);
    return B && constant(B->getRHS());
  }
  static bool stepOp(BinaryOperatorKind Op) {
    return Op == BO_AddAssign || Op == BO_SubAssign || Op == BO_OrAssign ||
           Op == BO_AndAssign || Op == BO_XorAssign;
  }
  bool constantPick(const Expr *E) const {
    const auto *CO = dyn_cast<ConditionalOperator>(E->IgnoreParenImpCasts());
    return CO && (constant(CO->getTrueExpr()) || constantPick(CO->getTrueExpr())) &&
           (constant(CO->getFalseExpr()) || constantPick(CO->getFalseExpr()));
  }
  static bool candidate(const VarDecl *VD) {
    return VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) &&
           (VD->getType()->isIntegerType() || VD->getType()->isBooleanType()) &&
           !VD->getType().isVolatileQualified();
  }
  static bool fieldCandidate(const FieldDecl *F) {
    return !F->isBitField() && (F->getType()->isIntegerType() || F->getType()->isBooleanType()) &&
           !F->getType().isVolatileQualified();
  }
  /// Records that F is read or written through struct variable VD; false
  /// once a second variable has it too.
  bool noteBase(const FieldDecl *F, const VarDecl *VD) {
    auto [It, New] = BaseOf.try_emplace(F, VD);
    if (!New && It->second != VD)
      It->second = nullptr;
    return It->second != nullptr;
  }
  static const VarDecl *recordVarOf(const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    return VD && VD->getType()->isRecordType() ? VD : nullptr;
  }
  const ValueDecl *varOf(const Expr *E) {
    const ValueDecl *Key = flagKeyOf(E);
    if (const auto *VD = dyn_cast_or_null<VarDecl>(Key))
      return candidate(VD) ? VD : nullptr;
    const auto *F = dyn_cast_or_null<FieldDecl>(Key);
    if (!F || !fieldCandidate(F))
      return nullptr;
    const auto *ME = cast<MemberExpr>(E->IgnoreParenImpCasts());
    noteBase(F, cast<VarDecl>(cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts())->getDecl()));
    return F;
  }
  bool constant(const Expr *E) const {
    Expr::EvalResult R;
    return !E->isValueDependent() && E->EvaluateAsInt(R, Ctx);
  }
  ASTContext &Ctx;
};
} // namespace

void FunctionAnalysis::collectFlagVars() {
  FlagCandidates C(Ctx);
  C.TraverseStmt(const_cast<Stmt *>(FD->getBody()));
  for (const ValueDecl *VD : C.Assigned)
    if (!C.NotFlag.count(VD) && !C.Picked.count(VD) && !C.badField(VD) && C.Tested.count(VD))
      FlagVars.insert(VD);
  // (A counter is not a state: `while (i < n) switch (i) ...` is a loop.)
  for (const auto *Set : {&C.Assigned, &C.Picked})
    for (const ValueDecl *D : *Set)
      if (const auto *VD = dyn_cast<VarDecl>(D); VD && !C.NotFlag.count(VD) && !C.Stepped.count(VD))
        StateVars.insert(VD);
}

namespace {
/// The loops whose body (or condition) both tests a state variable
/// (StateVars: every write a constant, or a pick of constants) against a
/// value, in a `switch` or with `==` / `!=`, and assigns it: a state
/// machine (`while (st != DONE) switch (st) { case LOAD: t = make(); st =
/// USE; break; case USE: free(t); st = DONE; ... }`).  One walk: each test
/// or assignment marks the loops around it, innermost first, and stops at
/// the first that has that mark already (the ones around it have it too),
/// so deep nesting costs no more than its size.
class StateLoopFinder : public RecursiveASTVisitor<StateLoopFinder> {
public:
  StateLoopFinder(const llvm::DenseSet<const VarDecl *> &Vars, ASTContext &Ctx)
      : Vars(Vars), Ctx(Ctx) {}

  // A `for` loop's init and increment count for the loops around it only.
  bool TraverseForStmt(ForStmt *S) {
    TraverseStmt(S->getInit());
    TraverseStmt(S->getInc());
    return inLoop(S, S->getCond(), S->getBody());
  }
  bool TraverseWhileStmt(WhileStmt *S) {
    TraverseStmt(S->getConditionVariableDeclStmt());
    return inLoop(S, S->getCond(), S->getBody());
  }
  bool TraverseDoStmt(DoStmt *S) { return inLoop(S, S->getCond(), S->getBody()); }

  bool VisitSwitchStmt(SwitchStmt *SW) {
    if (const VarDecl *VD = stateVar(SW->getCond()))
      mark(VD, Tested);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->getOpcode() == BO_EQ || BO->getOpcode() == BO_NE) {
      for (auto [X, K] : {std::pair{BO->getLHS(), BO->getRHS()}, {BO->getRHS(), BO->getLHS()}})
        if (const VarDecl *VD = stateVar(X); VD && K->isIntegerConstantExpr(Ctx))
          mark(VD, Tested);
    } else if (BO->getOpcode() == BO_Assign) { // (constants only: StateVars)
      if (const VarDecl *VD = stateVar(BO->getLHS()))
        mark(VD, Assigned);
    }
    return true;
  }

  /// The loops that test and assign the same state variable.
  void result(llvm::DenseSet<const Stmt *> &Out) const {
    for (const auto &[Loop, VD] : Tested)
      if (Assigned.count({Loop, VD}))
        Out.insert(Loop);
  }

private:
  using Marks = llvm::DenseSet<std::pair<const Stmt *, const VarDecl *>>;
  bool inLoop(const Stmt *Loop, Expr *Cond, Stmt *Body) {
    Loops.push_back(Loop);
    TraverseStmt(Cond);
    TraverseStmt(Body);
    Loops.pop_back();
    return true;
  }
  void mark(const VarDecl *VD, Marks &M) {
    for (auto It = Loops.rbegin(); It != Loops.rend(); ++It)
      if (!M.insert({*It, VD}).second)
        break;
  }
  const VarDecl *stateVar(const Expr *E) const {
    const auto *DRE = E ? dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()) : nullptr;
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    return VD && Vars.count(VD) ? VD : nullptr;
  }
  const llvm::DenseSet<const VarDecl *> &Vars;
  ASTContext &Ctx;
  llvm::SmallVector<const Stmt *, 8> Loops; ///< around the walk, outermost first
  Marks Tested, Assigned;
};
} // namespace

void FunctionAnalysis::collectStateLoops() {
  if (StateVars.empty())
    return;
  StateLoopFinder Finder(StateVars, Ctx);
  Finder.TraverseStmt(const_cast<Stmt *>(FD->getBody()));
  Finder.result(StateLoops);
}

// A state machine's tensors live across iterations: made in one state,
// released in a later one, by an order the state variable sets.  The lint
// does not follow that order (it would need each state's value on each
// path), so on each way back to the loop's head a tensor made in the loop
// is no longer followed: no "overwritten", "released twice" or leak from
// an order of states that cannot happen.  Leaks within one iteration (the
// body's own variables, an exit in the same state) are still found.
void FunctionAnalysis::forgetAcrossStates(const Stmt *Loop, State &S) {
  SourceRange In = Loop->getSourceRange();
  for (auto &[Id, St] : S.Tensors) {
    const Identity &I = Ids[Id];
    if (I.K == Identity::Param || !I.Site || St.has(SUnknown))
      continue;
    SourceLocation At = SM.getExpansionLoc(I.Site->getBeginLoc());
    if (SM.isPointWithin(At, SM.getExpansionLoc(In.getBegin()), SM.getExpansionLoc(In.getEnd())))
      St.set(SUnknown);
  }
}

namespace {
/// Whether FD's body uses its parameter P only to read fields (`p->n`,
/// `p->a.b`): it writes none through it, and hands it to nobody.
bool onlyReadsFields(const FunctionDecl *FD, const ParmVarDecl *P) {
  if (!FD->getBody() || !P->getType()->isPointerType())
    return false;
  ParentMap PM(const_cast<Stmt *>(FD->getBody()));
  struct Uses : RecursiveASTVisitor<Uses> {
    const ParmVarDecl *P;
    ParentMap &PM;
    bool Ok = true;
    Uses(const ParmVarDecl *P, ParentMap &PM) : P(P), PM(PM) {}
    bool VisitDeclRefExpr(DeclRefExpr *DRE) {
      if (DRE->getDecl() != P)
        return true;
      // p (read) -> p->f ... -> an rvalue read of the outermost field.
      const Stmt *S = PM.getParentIgnoreParenImpCasts(DRE);
      const auto *ME = dyn_cast_or_null<MemberExpr>(S);
      if (!ME || !ME->isArrow()) {
        Ok = false;
        return false;
      }
      const Expr *Top = ME;
      while (const auto *Outer = dyn_cast_or_null<MemberExpr>(PM.getParentIgnoreParens(Top)))
        Top = Outer;
      const auto *Read = dyn_cast_or_null<ImplicitCastExpr>(PM.getParentIgnoreParens(Top));
      if (!Read || Read->getCastKind() != CK_LValueToRValue)
        Ok = false;
      return Ok;
    }
  } U(P, PM);
  U.TraverseStmt(const_cast<Stmt *>(FD->getBody()));
  return U.Ok;
}
} // namespace

namespace {
bool pureExpr(const Expr *E, unsigned Depth);

/// Whether FD computes its value from its arguments alone, so that two
/// calls with the same arguments agree (`static int big(size_t n) { return
/// n >= 4; }`): declared `__attribute__((const))`, or defined (in this
/// translation unit) as one `return` of an expression of its scalar
/// by-value parameters, constants, operators and such calls.  A function
/// that reads memory (a pointer parameter, a global) is not one: what it
/// reads may change between the calls.
bool pureValueFunction(const FunctionDecl *FD, unsigned Depth) {
  if (!FD || Depth > 4 || isa<CXXMethodDecl>(FD) || FD->isVariadic())
    return false;
  if (FD->hasAttr<ConstAttr>())
    return true;
  const FunctionDecl *Def = FD->getDefinition();
  if (!Def || !Def->getBody())
    return false;
  for (const ParmVarDecl *P : Def->parameters()) {
    QualType T = P->getType();
    if (T.isVolatileQualified() || !(T->isIntegralOrEnumerationType() || T->isRealFloatingType()))
      return false;
  }
  const auto *Body = dyn_cast<CompoundStmt>(Def->getBody());
  const auto *Ret = Body && Body->size() == 1 ? dyn_cast<ReturnStmt>(Body->body_front()) : nullptr;
  return Ret && Ret->getRetValue() && pureExpr(Ret->getRetValue(), Depth);
}

/// An expression of pureValueFunction's kind: no writes, no reads of
/// memory but the function's own by-value parameters.
bool pureExpr(const Expr *E, unsigned Depth) {
  E = E->IgnoreParens();
  if (isa<IntegerLiteral>(E) || isa<CharacterLiteral>(E) || isa<FloatingLiteral>(E) ||
      isa<CXXBoolLiteralExpr>(E) || isa<UnaryExprOrTypeTraitExpr>(E))
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return isa<EnumConstantDecl>(DRE->getDecl()) || isa<ParmVarDecl>(DRE->getDecl());
  if (const auto *CE = dyn_cast<CastExpr>(E))
    return pureExpr(CE->getSubExpr(), Depth);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    switch (UO->getOpcode()) {
    case UO_LNot: case UO_Minus: case UO_Not: case UO_Plus:
      return pureExpr(UO->getSubExpr(), Depth);
    default:
      return false;
    }
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return !BO->isAssignmentOp() && BO->getOpcode() != BO_Comma &&
           pureExpr(BO->getLHS(), Depth) && pureExpr(BO->getRHS(), Depth);
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return pureExpr(CO->getCond(), Depth) && pureExpr(CO->getTrueExpr(), Depth) &&
           pureExpr(CO->getFalseExpr(), Depth);
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return pureCall(Call, Depth + 1, [&](const Expr *A) { return pureExpr(A, Depth); });
  return false;
}
} // namespace

/// A direct call of a pureValueFunction whose arguments all pass ArgOk.
bool pureCall(const CallExpr *CE, unsigned Depth,
              llvm::function_ref<bool(const Expr *)> ArgOk) {
  if (isa<CXXMemberCallExpr>(CE) || isa<CXXOperatorCallExpr>(CE) ||
      !pureValueFunction(CE->getDirectCallee(), Depth))
    return false;
  return llvm::all_of(CE->arguments(), [&](const Expr *A) { return ArgOk(A); });
}

namespace {
/// What a body's calls may write beside their tensors, for the conditions
/// that read globals and fields (FunctionAnalysis::isStableCondition).
/// A library function (declared in a system header, or described by an API
/// file or annotations) writes none of the program's globals and fields.
/// A function only declared here (defined in another file) cannot name a
/// static global of this file, and writes the fields of a struct only
/// through a pointer it is given.  A function defined in this file, or one
/// called through a pointer, may write anything.  Also: whether the body
/// writes through a pointer other than to a field (`*p = v`, `p[i] = v`),
/// which the field rule cannot follow.
class CallWrites : public RecursiveASTVisitor<CallWrites> {
public:
  CallWrites(const RoleTable &Roles, const SourceManager &SM) : Roles(Roles), SM(SM) {}
  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee) {
      LocalCalls = IndirectCalls = true; // through a pointer: anything
      return true;
    }
    if (Callee->getBuiltinID() || SM.isInSystemHeader(SM.getExpansionLoc(Callee->getLocation())))
      return true;
    if (const FunctionRoles *R = Roles.lookup(Callee); R && R->Source != RoleSource::Inferred)
      return true;
    const FunctionDecl *Def = nullptr;
    bool LocalCallee =
        Callee->hasBody(Def) && SM.isInMainFile(SM.getExpansionLoc(Def->getLocation()));
    (LocalCallee ? LocalCalls : ExternalCalls) = true;
    // Either writes a struct's fields only through a pointer to it that it
    // is given, and not through a pointer to const, nor through one that a
    // function of this file only reads fields through.
    for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
      if (I < Callee->getNumParams()) {
        QualType PT = Callee->getParamDecl(I)->getType();
        if (PT->isPointerType() && PT->getPointeeType().isConstQualified())
          continue;
      }
      const Expr *A = CE->getArg(I)->IgnoreParenCasts();
      bool ByAddress = false; // `&s`: the callee's parameter points to s itself
      if (const auto *UO = dyn_cast<UnaryOperator>(A); UO && UO->getOpcode() == UO_AddrOf) {
        A = UO->getSubExpr()->IgnoreParenCasts();
        ByAddress = true;
      }
      if (const auto *DRE = dyn_cast<DeclRefExpr>(A)) {
        // (Whether that function only reads fields through it is asked
        // only for a field condition: PassedToLocal.  Given `&s`, it reads
        // the fields of s through it just the same; given a pointer `p`,
        // the fields of what p points to.)
        if (Def && LocalCallee && I < Def->getNumParams() &&
            (ByAddress || DRE->getType()->isPointerType()))
          PassedToLocal[DRE->getDecl()].push_back({Def, Def->getParamDecl(I)});
        else
          PassedOut.insert(DRE->getDecl());
      }
    }
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp()) {
      const Expr *L = BO->getLHS()->IgnoreParenImpCasts();
      if (const auto *AS = dyn_cast<ArraySubscriptExpr>(L)) {
        // Into a local array (`tensor *a[4]; a[i] = ...`): no struct's field.
        const auto *DRE = dyn_cast<DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts());
        const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
        if (!VD || !VD->getType()->isArrayType())
          DerefWrites = true;
      } else if (isa<UnaryOperator>(L) && cast<UnaryOperator>(L)->getOpcode() == UO_Deref) {
        DerefWrites = true;
      }
    }
    return true;
  }
  bool LocalCalls = false, ExternalCalls = false, IndirectCalls = false, DerefWrites = false;
  llvm::DenseSet<const ValueDecl *> PassedOut; ///< handed to a function defined elsewhere
  PassedToFunctions PassedToLocal;              ///< handed to functions of this file

private:
  const RoleTable &Roles;
  const SourceManager &SM;
};
} // namespace

namespace {
/// The one function each local function pointer is ever set to (by its
/// initializer or `=`, with or without `&`); nullptr for one set otherwise,
/// or whose address is taken.
class FnPointerTargets : public RecursiveASTVisitor<FnPointerTargets> {
public:
  explicit FnPointerTargets(llvm::DenseMap<const VarDecl *, const FunctionDecl *> &Out)
      : Out(Out) {}
  bool VisitVarDecl(VarDecl *VD) {
    if (candidate(VD))
      set(VD, VD->getInit());
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      if (const VarDecl *VD = varOf(BO->getLHS()))
        set(VD, BO->getOpcode() == BO_Assign ? BO->getRHS() : nullptr);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->getOpcode() == UO_AddrOf)
      if (const VarDecl *VD = varOf(UO->getSubExpr()))
        Out[VD] = nullptr;
    return true;
  }

private:
  static bool candidate(const VarDecl *VD) {
    return VD->hasLocalStorage() && VD->getType()->isFunctionPointerType();
  }
  static const VarDecl *varOf(const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    return VD && candidate(VD) ? VD : nullptr;
  }
  void set(const VarDecl *VD, const Expr *Value) {
    const FunctionDecl *Fn = nullptr;
    if (Value) {
      const Expr *V = Value->IgnoreParenCasts();
      if (const auto *UO = dyn_cast<UnaryOperator>(V); UO && UO->getOpcode() == UO_AddrOf)
        V = UO->getSubExpr()->IgnoreParenCasts();
      if (const auto *DRE = dyn_cast<DeclRefExpr>(V))
        Fn = dyn_cast<FunctionDecl>(DRE->getDecl());
    }
    auto [It, New] = Out.try_emplace(VD, Fn);
    if (!New && It->second != Fn)
      It->second = nullptr;
  }
  llvm::DenseMap<const VarDecl *, const FunctionDecl *> &Out;
};
} // namespace

const FunctionDecl *FunctionAnalysis::localFnPointerTarget(const CallExpr *CE) const {
  const auto *DRE = dyn_cast<DeclRefExpr>(CE->getCallee()->IgnoreParenCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  auto It = VD ? FnPointers.find(VD) : FnPointers.end();
  return It == FnPointers.end() ? nullptr : It->second;
}

void FunctionAnalysis::collectModifiedVars() {
  FnPointerTargets(FnPointers).TraverseStmt(const_cast<Stmt *>(FD->getBody()));
  ModifiedVars(Modified, DeclStmts, ForLoops, WhileLoops, LoopBodyVars)
      .TraverseStmt(const_cast<Stmt *>(FD->getBody()));
  CallWrites Calls(Roles, SM);
  Calls.TraverseStmt(const_cast<Stmt *>(FD->getBody()));
  LocalCallsInBody = Calls.LocalCalls;
  IndirectCallsInBody = Calls.IndirectCalls;
  ExternalCallsInBody = Calls.ExternalCalls;
  DerefWritesInBody = Calls.DerefWrites;
  PassedOut = std::move(Calls.PassedOut);
  PassedToLocal = std::move(Calls.PassedToLocal);
}

bool FunctionAnalysis::isStableCondition(const Expr *E) const {
  E = E->IgnoreParenImpCasts();
  if (isa<IntegerLiteral>(E) || isa<CharacterLiteral>(E))
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (isa<EnumConstantDecl>(DRE->getDecl()))
      return true;
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD || Modified.count(VD) || VD->getType().isVolatileQualified())
      return false;
    if (VD->hasLocalStorage())
      return true;
    // A global the body never writes, when nothing it calls can (CallWrites):
    // a static one (`static int debug;`) unless the body calls a function of
    // this file, another one unless it calls any but library functions.
    return !LocalCallsInBody &&
           (!ExternalCallsInBody || (VD->getFormalLinkage() == Linkage::Internal ||
                                     VD->isStaticLocal()));
  }
  // A field read through an unchanged variable (`cfg->use_bias`, `o.mode`)
  // whose struct the body neither writes through a pointer nor hands to a
  // function that could write it (as a pointer to non-const), and no call
  // through a pointer.
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (IndirectCallsInBody || DerefWritesInBody || !isa<FieldDecl>(ME->getMemberDecl()) ||
        ME->getType().isVolatileQualified())
      return false;
    const Expr *Base = ME->getBase()->IgnoreParenImpCasts();
    while (const auto *Inner = dyn_cast<MemberExpr>(Base)) {
      if (!isa<FieldDecl>(Inner->getMemberDecl()))
        return false;
      Base = Inner->getBase()->IgnoreParenImpCasts();
    }
    const auto *BaseRef = dyn_cast<DeclRefExpr>(Base);
    if (!BaseRef || PassedOut.count(BaseRef->getDecl()))
      return false;
    if (auto It = PassedToLocal.find(BaseRef->getDecl()); It != PassedToLocal.end())
      for (const auto &[Fn, P] : It->second) {
        auto [C, New] = ReadsOnlyCache.try_emplace(P, false);
        if (New)
          C->second = onlyReadsFields(Fn, P);
        if (!C->second)
          return false;
      }
    return isStableCondition(Base);
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    switch (UO->getOpcode()) {
    case UO_LNot: case UO_Minus: case UO_Not: case UO_Plus:
      return isStableCondition(UO->getSubExpr());
    default:
      return false;
    }
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return !BO->isAssignmentOp() && BO->getOpcode() != BO_Comma &&
           isStableCondition(BO->getLHS()) && isStableCondition(BO->getRHS());
  // `if (big(n))` twice: a function of its arguments only, given stable
  // ones, gives the same answer each time.
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return pureCall(CE, 0, [&](const Expr *A) { return isStableCondition(A); });
  return false;
}

/// `v == C` (either side) with `v` an unmodified local or parameter of
/// integer type and `C` an integer constant: the key that a `case C:` of
/// `switch (v)` shares (the constant as converted for the comparison, as
/// Sema converts a case value to the promoted type of the switch).
bool FunctionAnalysis::equalityKey(const Expr *E, EqualityKey &Key,
                                   BinaryOperatorKind Op) const {
  const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  if (!BO || BO->getOpcode() != Op)
    return false;
  for (bool VarOnLeft : {true, false}) {
    const Expr *VarSide = VarOnLeft ? BO->getLHS() : BO->getRHS();
    const Expr *ConstSide = VarOnLeft ? BO->getRHS() : BO->getLHS();
    if (stableIntegerVar(VarSide, Key.Var) && constantBits(ConstSide, Key))
      return true;
  }
  return false;
}

bool FunctionAnalysis::stableIntegerVar(const Expr *E, const ValueDecl *&Var) const {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  if (!DRE || !DRE->getType()->isIntegerType() || !isStableCondition(DRE))
    return false;
  Var = DRE->getDecl();
  return !isa<EnumConstantDecl>(Var);
}

bool FunctionAnalysis::constantBits(const Expr *E, EqualityKey &Key) const {
  Expr::EvalResult R;
  if (E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
    return false;
  const llvm::APSInt &V = R.Val.getInt();
  Key.Width = V.getBitWidth();
  Key.Bits = V.extOrTrunc(64).getZExtValue();
  return Key.Width <= 64;
}

int FunctionAnalysis::conditionId(const Expr *Cond, bool &Outcome) {
  // The condition's text is the test as written (`!keep`), so that "the
  // condition at f.c:7 is false" speaks of what the reader sees there.
  bool Flipped = false;
  const Expr *E = skipNots(Cond, Flipped);
  Outcome ^= Flipped;
  if (auto Known = CondOfExpr.find(E); Known != CondOfExpr.end()) {
    Outcome ^= Known->second.second;
    return Known->second.first;
  }
  EqualityKey Key;
  int Id = -1;
  bool Inverse = false; // E true is the condition false
  if (equalityKey(E, Key)) {
    Id = equalityConditionId(Key, Cond, Flipped);
  } else if (inequalityKey(E, Key)) {
    Inverse = true;
    Id = equalityConditionId(Key, Cond, !Flipped);
  }
  bool Stable = Id >= 0 || isStableCondition(E);
  llvm::FoldingSetNodeID Profile;
  if (Stable && Id < 0) {
    E->Profile(Profile, Ctx, /*Canonical=*/true);
    for (const auto &SC : StableConds)
      if (SC.first == Profile)
        Id = SC.second;
    if (Id < 0) {
      Id = (int)Conds.size();
      Conds.push_back({Cond, true, Flipped});
      StableConds.push_back({Profile, Id});
    }
  }
  if (Id < 0) {
    Id = (int)Conds.size();
    Conds.push_back({Cond, false, Flipped});
  }
  CondOfExpr[E] = {Id, Inverse};
  Outcome ^= Inverse;
  return Id;
}

bool FunctionAnalysis::inequalityKey(const Expr *E, EqualityKey &Key) const {
  E = E->IgnoreParenImpCasts();
  if (isa<BinaryOperator>(E))
    return equalityKey(E, Key, BO_NE);
  // `if (v)`: `v != 0`, with the 0 that `v == 0` would compare with (the
  // promoted type's width, as the literal's after the usual conversions).
  if (!stableIntegerVar(E, Key.Var))
    return false;
  QualType T = cast<DeclRefExpr>(E)->getType();
  if (Ctx.isPromotableIntegerType(T))
    T = Ctx.getPromotedIntegerType(T);
  Key.Width = Ctx.getIntWidth(T);
  Key.Bits = 0;
  return Key.Width <= 64 && Key.Width > 0;
}

std::string FunctionAnalysis::conditionText(int Id, bool Outcome) const {
  const Condition &C = Conds[Id];
  return "the condition at " + locText(C.E->getBeginLoc()) + " is " +
         ((Outcome != C.Negated) ? "true" : "false");
}

int FunctionAnalysis::equalityConditionId(const EqualityKey &Key, const Expr *At, bool Negated) {
  auto [It, New] = EqualityConds.try_emplace({Key.Var, Key.Width, Key.Bits}, (int)Conds.size());
  if (New)
    Conds.push_back({At, true, Negated});
  return It->second;
}

State FunctionAnalysis::entryState() {
  State S;
  S.Reachable = true;
  size_t FieldParams = 0;
  for (unsigned I = 0; I < FD->getNumParams(); ++I) {
    const ParmVarDecl *P = FD->getParamDecl(I);
    if (!P->getType()->isPointerType())
      continue;
    Identity Id;
    Id.K = Identity::Param;
    Id.ParamDecl = P;
    Id.ParamIndex = I + 1;
    Id.Creator = P->getNameAsString();
    unsigned N = Ids.size();
    Ids.push_back(Id);
    ParamIds.push_back(N);
    Summary.ParamReleased[I] = Summary.ParamConsumed[I] = true;
    S.status(N).set(SBorrowed);
    S.Vars[{P, nullptr}] = AbsVal::of(N);
    // `p->f` of a struct parameter, each an identity of its own.
    llvm::SmallVector<const FieldDecl *, 8> Fields;
    if (FieldParams < MaxFieldParams && P->getType()->getPointeeType()->isRecordType()) {
      ++FieldParams;
      bool Complete = false;
      llvm::SmallVector<const FieldDecl *, 8> Stored;
      if (paramFieldsRead(FD, P, *Parents, Roles, Fields, &Complete, &Stored))
        Summary.FieldsUnwritten.push_back(I + 1);
      for (const FieldDecl *F : Stored) // (InitFields.cpp)
        FilledCandidates.push_back(FilledCandidate{P, F, true, false, false, {}, nullptr, nullptr, false});
      if (Complete)
        Summary.FieldsOnlyRead.push_back({I + 1, {Fields.begin(), Fields.end()}});
    }
    for (const FieldDecl *F : Fields) {
      Identity FId = Id;
      FId.Field = F;
      FId.Creator = P->getNameAsString() + "->" + F->getNameAsString();
      unsigned M = Ids.size();
      Ids.push_back(FId);
      ParamFieldIds.push_back(M);
      ParamFieldReleased.push_back(true);
      ParamFieldCleared.push_back(true);
      S.status(M).set(SBorrowed);
      S.Vars[{P, F}] = AbsVal::of(M);
    }
  }
  return S;
}

/// The expression the block's branch tests (for `a && b` the operand
/// evaluated last in this block, not the whole `&&`).
const Expr *FunctionAnalysis::branchCondition(const CFGBlock *B) const {
  if (B->succ_size() != 2)
    return nullptr;
  const Stmt *T = B->getTerminatorStmt();
  if (!T || isa<SwitchStmt>(T) || isa<CXXForRangeStmt>(T))
    return nullptr;
  if (const Expr *Last = B->getLastCondition())
    return Last;
  return dyn_cast_or_null<Expr>(B->getTerminatorCondition());
}

bool FunctionAnalysis::refineNull(State &S, const Expr *E, bool NonNull) {
  AbsVal V = valueOf(E, S);
  const Expr *Stripped = E->IgnoreParenCasts();
  const ValueDecl *Var = nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Stripped))
    Var = DRE->getDecl();
  else if (const auto *BO = dyn_cast<BinaryOperator>(Stripped))
    if (BO->getOpcode() == BO_Assign)
      if (const auto *L = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenCasts()))
        Var = L->getDecl();
  if (V.Unknown)
    return true;
  // NULL on one side of an earlier branch only: the test says which side
  // this path took (`if (tmp) t_free(tmp); else t_free(b);` after a swap
  // done under `if (c)`).
  if (V.NullSplit >= 0 && !narrowOn(S, V.NullSplit, NonNull ? !V.NullWhen : V.NullWhen))
    return false;
  if (NonNull) {
    if (V.Ids.empty())
      return !V.MayNull; // NULL is never non-NULL
    if (V.Ids.size() == 1) {
      if (!S.status(V.Ids[0]).restrictTo((uint16_t)~SNotAlive))
        return false;
      if (Var) {
        auto It = S.Vars.find({Var, nullptr});
        if (It != S.Vars.end())
          It->second.MayNull = false;
      }
    }
    return true;
  }
  // The NULL side.  A pick of two tensors (`w = c ? t_retain(a) :
  // t_copy(a);`) of which only one may be NULL says which side was taken.
  if (V.Split >= 0 && !V.Unknown && !V.MayNull) {
    auto ArmMay = [&](unsigned Id, bool Arm) {
      Status St = S.statusOf(Id);
      if (St.Guard >= 0 && St.Guard != V.Split)
        return true; // cannot tell
      uint16_t M = St.Guard < 0 ? St.Mask : (Arm ? St.IfTrue : St.IfFalse);
      return (M & (SNull | SUnknown)) != 0;
    };
    bool NullT = ArmMay(V.IfTrueId, true), NullF = ArmMay(V.IfFalseId, false);
    if (!NullT && !NullF)
      return false; // neither can be NULL
    if (NullT != NullF) {
      unsigned Id = NullT ? V.IfTrueId : V.IfFalseId;
      if (!narrowOn(S, V.Split, NullT) || !S.status(Id).restrictTo(SNotAlive))
        return false;
      return true;
    }
    // Either may be NULL: whichever the value is on this path is the NULL
    // one (`if (copy) s.t = t_copy(x); else s.t = t_view(x, ..); if
    // (!s.t) return;`: where `copy` held, the copy failed).
    for (auto [Id, Arm] : {std::pair{V.IfTrueId, true}, std::pair{V.IfFalseId, false}})
      if (int G = S.statusOf(Id).Guard; G < 0 || G == V.Split)
        S.status(Id).updateArm(V.Split, Arm, (uint16_t)~SNotAlive, 0);
    return true;
  }
  // A field of a struct parameter may well be NULL (a parameter is taken
  // to be non-NULL): nothing to release there.
  if (V.Ids.size() == 1 && Ids[V.Ids[0]].Field) {
    S.status(V.Ids[0]) = Status::plain(SNull);
    return true;
  }
  if (V.Ids.size() == 1 && !V.MayNull) {
    if (!S.status(V.Ids[0]).restrictTo(SNotAlive))
      return false;
  } else if (Var && !V.Ids.empty()) {
    // A variable that may hold one of several tensors (or NULL) is NULL
    // here: a tensor it alone may hold is not alive on this path (had it
    // been, the variable would hold it), so it owes no release here
    // (`last = NULL; for (...) { ... last = t; } if (!last) return;`).
    auto It = S.Vars.find({Var, nullptr});
    if (It != S.Vars.end()) {
      for (unsigned Id : V.Ids)
        if (Ids[Id].K != Identity::Param)
          notHeldBy(S, It->first, Id, E->getBeginLoc());
      It = S.Vars.find({Var, nullptr}); // (status() may have moved nothing, but be safe)
      It->second = AbsVal::null();
    }
  }
  return true;
}

void FunctionAnalysis::notHeldBy(State &S, const VarKey &Holder, unsigned Id, SourceLocation At) {
  // (Held by another variable still in scope: then it may be alive.)
  bool Elsewhere = llvm::any_of(S.Vars, [&](const auto &KV) {
    return KV.first != Holder && KV.second.refersTo(Id) &&
           (inScopeAt(KV.first.first, At) || !DeclOf.count(KV.first.first));
  });
  Status Restricted = S.statusOf(Id);
  if (!Elsewhere && Restricted.restrictTo((uint16_t) ~(SOwned | SScope)))
    S.status(Id) = Restricted;
}

bool FunctionAnalysis::refineSuccess(State &S, const AbsVal &V, bool IsZero) {
  if (V.SuccessOf < 0)
    return true;
  if (V.SuccessReleases) { // released by the call exactly when it failed
    uint16_t Keep = IsZero ? (uint16_t)~SReleased : (uint16_t)(SReleased | SNotAlive);
    // failed(g_ort->CreateX(..., &v)): 0 means the status was NULL, so
    // `v` was made; anything else means it was not.
    if (V.AlsoCreatedOf >= 0 &&
        !S.status(V.AlsoCreatedOf).restrictTo(IsZero ? (uint16_t)~SNotAlive : SNotAlive))
      return false;
    return S.status(V.SuccessOf).restrictTo(Keep);
  }
  bool Ok = false;
  switch (V.Success) {
  case SuccessCondition::Always: return true;
  case SuccessCondition::ReturnsZero: case SuccessCondition::ReturnsNull: Ok = IsZero; break;
  case SuccessCondition::ReturnsNonZero: case SuccessCondition::ReturnsNonNull: Ok = !IsZero; break;
  case SuccessCondition::Status:
    return refineStatus(S, V, 0, IsZero);
  }
  return S.status(V.SuccessOf).restrictTo(Ok ? (uint16_t)~SNotAlive : SNotAlive) &&
         refineFilledFields(S, (unsigned)V.SuccessOf, Ok);
}

static bool isZeroOrNull(const Expr *E, ASTContext &Ctx) {
  E = E->IgnoreParenCasts();
  if (E->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
    return true;
  if (const auto *IL = dyn_cast<IntegerLiteral>(E))
    return IL->getValue() == 0;
  return false;
}

/// What `E` being true (Truth) or false says about NULL checks and the
/// status results of out-parameter creates.
bool FunctionAnalysis::refineTruth(State &S, const Expr *E, bool Truth) {
  E = E->IgnoreParens();
  while (const auto *ICE = dyn_cast<ImplicitCastExpr>(E))
    E = ICE->getSubExpr()->IgnoreParens();
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_LNot)
      return refineTruth(S, UO->getSubExpr(), !Truth);
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_EQ || BO->getOpcode() == BO_NE) {
      bool Handled = false;
      bool Feasible = refineStatusCompare(S, BO, Truth, Handled);
      if (Handled)
        return Feasible;
      const Expr *Other = nullptr;
      if (isZeroOrNull(BO->getRHS(), Ctx))
        Other = BO->getLHS();
      else if (isZeroOrNull(BO->getLHS(), Ctx))
        Other = BO->getRHS();
      if (!Other && BO->getLHS()->getType()->isPointerType())
        return refinePointerCompare(S, BO, Truth);
      if (!Other)
        return refineResultCompare(S, BO, Truth);
      bool IsZero = (BO->getOpcode() == BO_EQ) == Truth;
      return refineZero(S, Other, IsZero);
    }
    if (BO->isRelationalOp())
      return refineResultCompare(S, BO, Truth);
    // `if (!(a = t_ones(n)))`: the assigned value is tested (refineNull
    // narrows the variable too).
    if (BO->getOpcode() != BO_Assign)
      return true;
  }
  return refineZero(S, E, !Truth);
}

/// `best == x0`, where `best` holds `x0`'s tensor on one side of a
/// condition and a tensor made there on the other (`best = x0; if (c) best
/// = t_copy(x0);`): equal, the path took the first side (when `x0` is not
/// NULL: a failed create is NULL too); not equal, the other.  Only a
/// create's own tensor counts as another object (a retain returns the
/// tensor it was given).
bool FunctionAnalysis::refinePointerCompare(State &S, const BinaryOperator *BO, bool Truth) {
  bool Equal = (BO->getOpcode() == BO_EQ) == Truth;
  for (auto [X, Y] : {std::pair{BO->getLHS(), BO->getRHS()}, {BO->getRHS(), BO->getLHS()}}) {
    AbsVal V = valueOf(X, S), W = valueOf(Y, S);
    if (V.Split < 0 || V.Unknown || W.Unknown || W.Split >= 0 || W.Ids.size() != 1 ||
        (Equal && W.MayNull))
      continue;
    bool OnTrue = V.IfTrueId == W.Ids[0], OnFalse = V.IfFalseId == W.Ids[0];
    if (OnTrue == OnFalse)
      continue;
    const Identity &Made = Ids[OnTrue ? V.IfFalseId : V.IfTrueId];
    if (Made.K != Identity::Created || Made.RefOf >= 0)
      continue;
    return narrowOn(S, V.Split, Equal ? OnTrue : !OnTrue, Conds[V.Split].Stable);
  }
  // A variable that may hold one of several tensors, compared with one
  // tensor (`if (best != x0) t_free(best);` in a loop that replaces `best`):
  // equal, it holds that one, and a tensor made here that it alone may
  // hold is not alive on this path (had it been, the variable would hold
  // it); not equal, it holds one of the others (when that one tensor is
  // one object: a parameter's, or a site's latest, not a loop's summary
  // of earlier rounds).
  for (auto [X, Y] : {std::pair{BO->getLHS(), BO->getRHS()}, {BO->getRHS(), BO->getLHS()}}) {
    const auto *DRE = dyn_cast<DeclRefExpr>(X->IgnoreParenCasts());
    auto It = DRE ? S.Vars.find({DRE->getDecl(), nullptr}) : S.Vars.end();
    AbsVal W = valueOf(Y, S);
    if (It == S.Vars.end() || It->second.Unknown || It->second.Split >= 0 || W.Unknown ||
        W.MayNull || W.Ids.size() != 1 || !It->second.refersTo(W.Ids[0]))
      continue;
    unsigned Same = W.Ids[0];
    // Not the one tensor it is known to hold: then it holds what the lint
    // does not follow (`cur = input; for (...) { next = fn(cur); if (cur !=
    // input) t_free(cur); cur = next; }` with `fn` unannotated), or the
    // path is impossible.  Either way no release of that tensor here.
    if (It->second.Ids.size() == 1) {
      if (!Equal)
        It->second = AbsVal::unknown();
      return true;
    }
    if (!Equal) {
      const Identity &I = Ids[Same];
      if (I.K == Identity::Param || (I.K == Identity::Created && I.Gen == 0 && I.RefOf < 0))
        llvm::erase(It->second.Ids, Same);
      return true;
    }
    llvm::SmallVector<unsigned, 4> Others;
    for (unsigned Id : It->second.Ids)
      if (Id != Same)
        Others.push_back(Id);
    VarKey Key = It->first;
    It->second.Ids.assign(1, Same);
    It->second.MayNull = false;
    It->second.ReleasedAt = nullptr;
    for (unsigned Id : Others)
      if (Ids[Id].K == Identity::Created && Ids[Id].RefOf < 0)
        notHeldBy(S, Key, Id, BO->getBeginLoc());
    return true;
  }
  return true;
}

/// `rc < 0`, `rc == -1`, `make(n, &t) > 0`: the result of an out-parameter
/// create compared with a constant, on an edge where 0 cannot be the
/// result (the comparison with 0 would have gone the other way), is a
/// non-zero result.  Where 0 is possible (`rc < 0` false: 0 or a positive
/// code) nothing is said.
bool FunctionAnalysis::refineResultCompare(State &S, const BinaryOperator *BO, bool Truth) {
  const Expr *X;
  int64_t K;
  bool ConstOnLeft;
  if (!BO->isComparisonOp() || !constantOperand(BO, Ctx, X, K, ConstOnLeft))
    return true;
  AbsVal V = valueOf(X, S);
  if (V.SuccessOf < 0 || V.SuccessHolder || V.Success == SuccessCondition::Status)
    return true;
  // The outcome the comparison would have with 0 in X's place.
  BinaryOperatorKind Op =
      ConstOnLeft ? BinaryOperator::reverseComparisonOp(BO->getOpcode()) : BO->getOpcode();
  if (compareHolds(0, Op, K) != Truth)
    return refineZero(S, X, /*IsZero=*/false);
  return true;
}

bool FunctionAnalysis::refineZero(State &S, const Expr *X, bool IsZero) {
  AbsVal V = valueOf(X, S);
  if (V.SuccessOf >= 0 && !V.SuccessHolder) { // (a status object: a NULL check)
    if (!refineSuccess(S, V, IsZero))
      return false;
    if (V.Ids.empty())
      return true;
    // The result is also an object of its own (a status to release).
  }
  if (X->IgnoreParenCasts()->getType()->isPointerType())
    return refineNull(S, X, !IsZero);
  return true;
}

/// Whether `E` may change a variable that `Of` reads: an assignment,
/// increment or address-of of one of them, or any call.
static bool mayChangeReadsOf(const Expr *E, const Expr *Of) {
  llvm::SmallPtrSet<const Decl *, 4> Reads;
  struct Collect : RecursiveASTVisitor<Collect> {
    llvm::SmallPtrSetImpl<const Decl *> *Reads;
    bool VisitDeclRefExpr(DeclRefExpr *DRE) {
      Reads->insert(DRE->getDecl());
      return true;
    }
  } C;
  C.Reads = &Reads;
  C.TraverseStmt(const_cast<Expr *>(Of));
  return writesAny(E, Reads, /*CallsWrite=*/true);
}

bool FunctionAnalysis::refine(State &S, const Expr *Cond, bool Outcome) {
  // `a && b` true (or `a || b` false) says the same of both operands.  The
  // CFG computes the value of a loop's `do ... while (rc != 0 && --tries >
  // 0)` in a block where the operands' paths have joined already, so what
  // `rc != 0` said about `t_make`'s tensor is known again only from here.
  // (Of `a` only when `b` cannot change what `a` read.)
  bool Want = Outcome;
  const Expr *E = skipNots(Cond, Want);
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && ((BO->getOpcode() == BO_LAnd && Want) || (BO->getOpcode() == BO_LOr && !Want))) {
    if (!mayChangeReadsOf(BO->getRHS(), BO->getLHS()) && !refine(S, BO->getLHS(), Want))
      return false;
    if (!refine(S, BO->getRHS(), Want))
      return false;
  }
  bool CondOutcome = Outcome;
  int CondId = conditionId(Cond, CondOutcome);
  return refineFlag(S, Cond, Outcome) && refineCondition(S, CondId, CondOutcome) &&
         refineTruth(S, Cond, Outcome);
}

bool FunctionAnalysis::refineCondition(State &S, int CondId, bool Outcome) {
  // Branches on the same unchanged condition agree with each other; so do
  // a first-iteration test and the loop edge that said which it is.
  if (Conds[CondId].Stable || FirstIterationConds.count(CondId))
    return narrowOn(S, CondId, Outcome);
  S.addFact({CondId, Outcome});
  return true;
}

bool FunctionAnalysis::narrowOn(State &S, int CondId, bool Outcome, bool Record) {
  for (const Fact &F : S.Facts)
    if (F.Cond == CondId && F.Outcome != Outcome)
      return false;
  for (auto &[Id, St] : S.Tensors) {
    if (St.Guard == CondId) {
      uint16_t Arm = Outcome ? St.IfTrue : St.IfFalse;
      if (!Arm)
        return false; // on this path the condition had the other outcome
      St.set(Arm);
    }
    // Made only where the condition had the other outcome: never made on
    // this path (the condition does not change within a call).
    if (madeOnlyWhen(Id, CondId, !Outcome) && !St.restrictTo(SNotAlive))
      return false;
  }
  // A variable that picked one of two tensors on this condition holds the
  // one of this side: `if (c) r = add(); else r = mul(); ... if (c)
  // free(r);` releases add's tensor only, and mul's stays owned on the
  // other side (a leak there), instead of a release of "one of two" that
  // the analysis cannot follow.
  for (auto &[K, V] : S.Vars) {
    if (V.Split == CondId) {
      unsigned Keep = Outcome ? V.IfTrueId : V.IfFalseId;
      V.Ids.assign(1, Keep);
      V.Split = -1;
      V.IfTrueId = V.IfFalseId = 0;
    }
    // So does one that is NULL on one side of it.
    if (V.NullSplit == CondId) {
      if (Outcome == V.NullWhen)
        V.Ids.clear();
      else
        V.MayNull = false;
      V.NullSplit = -1;
    }
  }
  if (Record)
    S.addFact({CondId, Outcome});
  return true;
}

bool FunctionAnalysis::refineFlag(State &S, const Expr *Cond, bool Outcome) {
  if (FlagVars.empty() || S.Flags.empty())
    return true;
  // `!e`, `v`, and `v OP C` / `C OP v` with OP one of == != < <= > >=.
  bool Want = Outcome;
  const Expr *E = skipNots(Cond, Want);
  BinaryOperatorKind Op = BO_NE;
  int64_t K = 0;
  bool ConstOnLeft = false;
  if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->getOpcode() != BO_And) {
    if (!BO->isComparisonOp() || !constantOperand(BO, Ctx, E, K, ConstOnLeft))
      return true;
    Op = ConstOnLeft ? BinaryOperator::reverseComparisonOp(BO->getOpcode()) : BO->getOpcode();
  }
  // `owned & BIT` (a flags word): the bits tested.
  int64_t Mask = -1;
  if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->getOpcode() == BO_And)
    if (!constantOperand(BO, Ctx, E, Mask, ConstOnLeft))
      return true;
  const ValueDecl *VD = flagVarOf(E);
  if (!VD)
    return true;
  return refineFlagCompare(S, VD, Op, K, Want, Mask);
}

const ValueDecl *flagKeyOf(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return dyn_cast<VarDecl>(DRE->getDecl());
  const auto *ME = dyn_cast<MemberExpr>(E);
  if (!ME || ME->isArrow())
    return nullptr;
  const auto *Base = dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts());
  const auto *BaseVar = Base ? dyn_cast<VarDecl>(Base->getDecl()) : nullptr;
  if (!BaseVar || !BaseVar->hasLocalStorage() || isa<ParmVarDecl>(BaseVar))
    return nullptr;
  return dyn_cast<FieldDecl>(ME->getMemberDecl());
}

const BinaryOperator *selfStepOf(const ValueDecl *VD, const Expr *RHS) {
  const auto *B = dyn_cast<BinaryOperator>(RHS->IgnoreParenImpCasts());
  return B && flagKeyOf(B->getLHS()) == VD && flagStepOf(B->getOpcode()) != BO_Comma ? B
                                                                                      : nullptr;
}

BinaryOperatorKind flagStepOf(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_Add: case BO_AddAssign: return BO_Add;
  case BO_Sub: case BO_SubAssign: return BO_Sub;
  case BO_Or: case BO_OrAssign: return BO_Or;
  case BO_And: case BO_AndAssign: return BO_And;
  case BO_Xor: case BO_XorAssign: return BO_Xor;
  default: return BO_Comma; // not a step
  }
}

bool FunctionAnalysis::refineFlagCompare(State &S, const ValueDecl *VD, BinaryOperatorKind Op,
                                         int64_t K, bool Want, int64_t Mask) {
  for (Flag &F : S.Flags) {
    if (F.Var != VD)
      continue;
    if (F.Known)
      return compareHolds(F.Value & Mask, Op, K) == Want; // (the other edge cannot be taken)
    if (F.Cond < 0)
      return refineFlagCases(S, F, Op, K, Want, Mask);
    bool OnTrue = compareHolds(F.IfTrue & Mask, Op, K) == Want;
    bool OnFalse = compareHolds(F.IfFalse & Mask, Op, K) == Want;
    if (OnTrue == OnFalse)
      return OnTrue; // both sides agree: no news about the branch
    int CondId = F.Cond;
    int64_t Value = OnTrue ? F.IfTrue : F.IfFalse;
    F.Cond = -1;
    if (!F.Cases.empty() && !refineFlagCases(S, F, Op, K, Want, Mask))
      return false;
    F.Known = true;
    F.Value = Value;
    F.Cases.clear();
    return narrowOn(S, CondId, OnTrue);
  }
  return true;
}

bool FunctionAnalysis::refineFlagCases(State &S, Flag &F, BinaryOperatorKind Op, int64_t K,
                                       bool Want, int64_t Mask) {
  llvm::SmallVector<FlagCase, 2> Taken;
  for (const FlagCase &C : F.Cases)
    if (compareHolds(C.Value & Mask, Op, K) == Want)
      Taken.push_back(C);
  if (Taken.empty())
    return false; // no path here had such a value
  if (Taken.size() == F.Cases.size())
    return true;
  // Each tensor is what it was on the paths with the values taken.  Only
  // where its status is still the one the join made (nothing released or
  // refined it since: then the cases no longer describe it).
  auto MaskIn = [](const FlagCase &C, unsigned Id) -> uint16_t {
    for (const auto &[I, M] : C.Masks)
      if (I == Id)
        return M;
    return SUnborn;
  };
  llvm::SmallVector<unsigned, 8> Seen;
  for (const FlagCase &C : F.Cases)
    for (const auto &[Id, M] : C.Masks)
      if (!llvm::is_contained(Seen, Id))
        Seen.push_back(Id);
  for (unsigned Id : Seen) {
    uint16_t All = 0, Allowed = 0;
    for (const FlagCase &C : F.Cases)
      All |= MaskIn(C, Id);
    for (const FlagCase &C : Taken)
      Allowed |= MaskIn(C, Id);
    if (S.statusOf(Id).Mask != All || Allowed == All)
      continue;
    if (!S.status(Id).restrictTo(Allowed))
      return false;
  }
  if (Taken.size() == 1) {
    F.Known = true;
    F.Value = Taken[0].Value;
    F.Cases.clear();
  } else {
    F.Cases = std::move(Taken);
  }
  return true;
}

void FunctionAnalysis::setFlag(State &S, const ValueDecl *VD, const Expr *Value) {
  llvm::erase_if(S.Flags, [&](const Flag &F) { return F.Var == VD; });
  Flag F;
  F.Var = VD;
  F.Known = true;
  if (intConstant(Value, Ctx, F.Value))
    S.Flags.push_back(F);
}

void FunctionAnalysis::stepFlag(State &S, const ValueDecl *VD, const Expr *By,
                                BinaryOperatorKind Step) {
  int64_t D = 1;
  if (By && !intConstant(By, Ctx, D, 32)) {
    llvm::erase_if(S.Flags, [&](const Flag &F) { return F.Var == VD; });
    return;
  }
  auto Apply = [&](int64_t &V) {
    switch (Step) {
    case BO_Add: V += D; break;
    case BO_Sub: V -= D; break;
    case BO_Or: V |= D; break;
    case BO_And: V &= D; break;
    case BO_Xor: V ^= D; break;
    default: break;
    }
  };
  // A flag that only grows round a loop stops being followed once its
  // value leaves a small range, so the loop's fixpoint is reached (a flags
  // word stays in its bits).
  auto Far = [](int64_t V) { return V > 1024 || V < -1024; };
  for (Flag &F : S.Flags)
    if (F.Var == VD) {
      if (F.Known)
        Apply(F.Value);
      else {
        Apply(F.IfTrue);
        Apply(F.IfFalse);
        for (FlagCase &C : F.Cases)
          Apply(C.Value);
      }
    }
  llvm::erase_if(S.Flags, [&](const Flag &F) {
    return F.Var == VD && (F.Known ? Far(F.Value)
                           : F.Cond >= 0
                               ? (Far(F.IfTrue) || Far(F.IfFalse))
                               : llvm::any_of(F.Cases, [&](const FlagCase &C) { return Far(C.Value); }));
  });
}

/// The edge from `switch (v)` (v an unmodified integer local or parameter)
/// to `Succ`: `case C:` is the condition `v == C` true (the one an `if (v ==
/// C)` elsewhere tests), the default (or the way past the switch when it has
/// none) is every case's condition false.  So a tensor made in one case and
/// released under a later test of the same value is followed per case.
bool FunctionAnalysis::takeSwitchEdge(const SwitchStmt *SW, const CFGBlock *Succ, State &S) {
  if (!takeFlagSwitchEdge(SW, Succ, S) || !takeResultSwitchEdge(SW, Succ, S))
    return false;
  EqualityKey Key;
  if (!SW->getCond() || !stableIntegerVar(SW->getCond(), Key.Var))
    return true;
  // The cases' conditions, each a constant (a GNU range `case 1 ... 5` or
  // more cases than the facts a state keeps: no facts at all).
  llvm::SmallVector<std::pair<const CaseStmt *, int>, 16> Cases;
  for (const SwitchCase *C = SW->getSwitchCaseList(); C; C = C->getNextSwitchCase()) {
    if (isa<DefaultStmt>(C))
      continue;
    const auto *CS = cast<CaseStmt>(C);
    EqualityKey CaseKey = Key;
    if (CS->caseStmtIsGNURange() || !constantBits(CS->getLHS(), CaseKey) ||
        Cases.size() == MaxSwitchFacts)
      return true;
    Cases.push_back({CS, equalityConditionId(CaseKey, CS->getLHS())});
  }
  const Stmt *Label = Succ ? Succ->getLabel() : nullptr;
  const auto *Taken = dyn_cast_or_null<CaseStmt>(Label);
  if (Label && !Taken && !isa<DefaultStmt>(Label))
    return true;
  // `case C:` is `v == C` true and every other value's test false; the
  // default is every case's test false.
  int TakenId = -1;
  for (const auto &[CS, Id] : Cases)
    if (CS == Taken)
      TakenId = Id;
  if (Taken && TakenId < 0)
    return true;
  for (const auto &[CS, Id] : Cases)
    if (Id != TakenId && !refineCondition(S, Id, false))
      return false;
  return TakenId < 0 || refineCondition(S, TakenId, true);
}

/// The case a switch's edge to `Succ` takes (Taken), or none for its
/// default or the way past it; false for an edge to anything else.
bool FunctionAnalysis::switchEdgeCase(const CFGBlock *Succ, const CaseStmt *&Taken) {
  const Stmt *Label = Succ ? Succ->getLabel() : nullptr;
  Taken = dyn_cast_or_null<CaseStmt>(Label);
  return !Label || Taken || isa<DefaultStmt>(Label);
}

/// The value of `case K:` (not a GNU range).
bool FunctionAnalysis::caseValue(const CaseStmt *CS, int64_t &K) const {
  return !CS->caseStmtIsGNURange() && intConstant(CS->getLHS(), Ctx, K);
}

/// The edge from `switch (make(..., &out))` to `Succ`, the call's result
/// saying whether it made `out` (an out-parameter create whose success is a
/// return value): `case C:` is the result equal to C, so a zero C is the
/// result zero and any other C is nonzero; the default is nonzero when some
/// case is zero.  As `if (make(...) == C)` says.
bool FunctionAnalysis::takeResultSwitchEdge(const SwitchStmt *SW, const CFGBlock *Succ,
                                            State &S) {
  const Expr *X = SW->getCond();
  if (!X)
    return true;
  AbsVal V = valueOf(X, S);
  if (V.SuccessOf < 0 || V.SuccessHolder || V.Success == SuccessCondition::Status)
    return true;
  const CaseStmt *Taken = nullptr;
  if (!switchEdgeCase(Succ, Taken))
    return true;
  int64_t K;
  if (Taken)
    return !caseValue(Taken, K) || refineZero(S, X, /*IsZero=*/K == 0);
  for (const SwitchCase *C = SW->getSwitchCaseList(); C; C = C->getNextSwitchCase())
    if (const auto *CS = dyn_cast<CaseStmt>(C); CS && caseValue(CS, K) && K == 0)
      return refineZero(S, X, /*IsZero=*/false);
  return true;
}

/// The edge from `switch (flag)` to `Succ`: `case C:` is `flag == C`, the
/// default every case's test false (`switch (stage) { case 2: free(b);
/// case 1: free(a); }` after `stage` was set per step made).
bool FunctionAnalysis::takeFlagSwitchEdge(const SwitchStmt *SW, const CFGBlock *Succ,
                                          State &S) {
  const ValueDecl *VD = SW->getCond() ? flagVarOf(SW->getCond()) : nullptr;
  if (!VD)
    return true;
  const CaseStmt *Taken = nullptr;
  if (!switchEdgeCase(Succ, Taken))
    return true;
  int64_t V;
  if (Taken)
    return !caseValue(Taken, V) || refineFlagCompare(S, VD, BO_EQ, V, true);
  for (const SwitchCase *C = SW->getSwitchCaseList(); C; C = C->getNextSwitchCase())
    if (const auto *CS = dyn_cast<CaseStmt>(C); CS && caseValue(CS, V))
      if (!refineFlagCompare(S, VD, BO_EQ, V, false))
        return false;
  return true;
}

/// `for (i = C0; i < C1; ...)` whose condition holds at entry: the body
/// runs at least once, so the edge into the loop skips the exit branch
/// (otherwise `for (i = 0; i < 4; i++) free(ts[i]);` would look skippable).
bool FunctionAnalysis::entersLoopBody(const CFGBlock *From,
                                      const CFGBlock *CondBlock) const {
  const auto *FS = dyn_cast_or_null<ForStmt>(CondBlock->getTerminatorStmt());
  if (!FS || !FS->getCond() || From->getLoopTarget() == FS ||
      CondBlock->succ_size() != 2 || !*CondBlock->succ_begin())
    return false;
  const ValueDecl *Var = nullptr;
  const Expr *Start = nullptr;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(FS->getInit())) {
    if (DS->isSingleDecl())
      if (const auto *VD = dyn_cast<VarDecl>(DS->getSingleDecl())) {
        Var = VD;
        Start = VD->getInit();
      }
  } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(FS->getInit())) {
    if (BO->getOpcode() == BO_Assign)
      if (const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts())) {
        Var = DRE->getDecl();
        Start = BO->getRHS();
      }
  }
  const auto *Cmp = dyn_cast<BinaryOperator>(FS->getCond()->IgnoreParenImpCasts());
  if (!Var || !Start || !Cmp)
    return false;
  const auto *L = dyn_cast<DeclRefExpr>(Cmp->getLHS()->IgnoreParenImpCasts());
  if (!L || L->getDecl() != Var)
    return false;
  Expr::EvalResult S, E;
  if (!Start->EvaluateAsInt(S, Ctx) || !Cmp->getRHS()->EvaluateAsInt(E, Ctx))
    return false;
  int64_t A = S.Val.getInt().getExtValue(), B = E.Val.getInt().getExtValue();
  switch (Cmp->getOpcode()) {
  case BO_LT: return A < B;
  case BO_LE: return A <= B;
  case BO_GT: return A > B;
  case BO_GE: return A >= B;
  case BO_NE: return A != B;
  default: return false;
  }
}

/// Forgets variables no later statement reads, unless they hold a tensor
/// that is still owned (that one must stay visible for the leak check at
/// the exit).  Keeps states small in long functions: cost stays linear.
void FunctionAnalysis::pruneDeadVars(const CFGBlock *B, State &S) {
  if (!Live || S.Vars.size() < 8)
    return;
  llvm::SmallVector<VarKey, 8> Dead;
  for (const auto &KV : S.Vars) {
    const auto *VD = dyn_cast<VarDecl>(KV.first.first);
    if (!VD)
      continue;
    if (Live->liveAtEntry(B, VD))
      continue;
    // (A tensor the lint lost track of gets no finding: it holds nothing.)
    bool HoldsOwned = false;
    for (unsigned Id : KV.second.Ids) {
      Status St = S.statusOf(Id);
      HoldsOwned |= (St.has(SOwned | SScope) && !St.has(SUnknown)) ||
                    Ids[Id].K == Identity::Param;
    }
    if (!HoldsOwned)
      Dead.push_back(KV.first);
  }
  for (const VarKey &K : Dead)
    S.Vars.erase(K);
}

/// The local variables a `continue` or `break` takes out of scope: those
/// declared in the blocks between it and the loop (or, for `break`, the
/// switch) it leaves, and for a `break` those of that `for` loop's init.
static llvm::SmallVector<const VarDecl *, 4> leftByJump(const Stmt *Jump, ParentMap &PM) {
  llvm::SmallVector<const VarDecl *, 4> Out;
  auto Add = [&](const Stmt *S) {
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->hasLocalStorage())
          Out.push_back(VD);
  };
  for (const Stmt *P = PM.getParent(const_cast<Stmt *>(Jump)); P; P = PM.getParent(P)) {
    if (isa<ForStmt>(P) || isa<WhileStmt>(P) || isa<DoStmt>(P) ||
        (isa<BreakStmt>(Jump) && isa<SwitchStmt>(P))) {
      if (const auto *FS = dyn_cast<ForStmt>(P); FS && isa<BreakStmt>(Jump))
        Add(FS->getInit());
      return Out;
    }
    if (isa<SwitchStmt>(P) || isa<LambdaExpr>(P) || isa<BlockExpr>(P))
      continue;
    if (const auto *CS = dyn_cast<CompoundStmt>(P))
      for (const Stmt *Child : CS->body())
        Add(Child);
  }
  return {}; // (not in a loop: nothing is known to be left)
}

void FunctionAnalysis::runBlock(const CFGBlock *B, State &S) {
  Work += B->size() + S.Vars.size() + S.Facts.size();
  for (const CFGElement &El : *B)
    if (std::optional<CFGStmt> CS = El.getAs<CFGStmt>())
      transfer(CS->getStmt(), S);
  // Variables end where their block does: a tensor only they hold leaks
  // there, once (not again where the next iteration declares the variable
  // anew, nor at the function's exit), and a tensor also held by a
  // variable still in scope keeps one status (kept in `best` on one path,
  // released on the other: not "released on some paths" at `t_free(best)`
  // next time round).  Where: a `continue` or `break` leaves blocks; each
  // iteration's end (the CFG's loop-back block) ends the loop body's.
  // (The iteration's end is on each edge into the loop-back block, before
  // the paths join: endIteration.)
  if (const Stmt *T = B->getTerminatorStmt(); T && (isa<ContinueStmt>(T) || isa<BreakStmt>(T)))
    endScope(leftByJump(T, *Parents), T->getBeginLoc(), S);
}

void FunctionAnalysis::endIteration(const CFGBlock *LoopBack, State &S) {
  const Stmt *Loop = LoopBack->getLoopTarget();
  auto It = Loop ? LoopBodyVars.find(Loop) : LoopBodyVars.end();
  if (It == LoopBodyVars.end())
    return;
  const Stmt *Body = isa<ForStmt>(Loop)     ? cast<ForStmt>(Loop)->getBody()
                     : isa<WhileStmt>(Loop) ? cast<WhileStmt>(Loop)->getBody()
                                            : cast<DoStmt>(Loop)->getBody();
  endScope(It->second, Body->getEndLoc(), S);
}

void FunctionAnalysis::endScope(llvm::ArrayRef<const VarDecl *> Vars, SourceLocation At,
                                State &S) {
  bool Dropped = false;
  for (const VarDecl *VD : Vars) {
    llvm::SmallVector<VarKey, 2> Keys;
    for (const auto &KV : S.Vars)
      if (KV.first.first == VD)
        Keys.push_back(KV.first);
    for (const VarKey &K : Keys) {
      for (unsigned Id : S.Vars[K].Ids)
        LastDrop[Id] = {At, "'" + VD->getNameAsString() + "' goes out of scope"};
      S.Vars.erase(K);
      Dropped = true;
    }
  }
  if (Dropped)
    endFullExpression(nullptr, S);
}

bool FunctionAnalysis::takeEdge(const CFGBlock *B, const Expr *Cond, unsigned SuccIndex,
                                 const CFGBlock *Succ, State &S) {
  if (const auto *SW = dyn_cast_or_null<SwitchStmt>(B->getTerminatorStmt()))
    return takeSwitchEdge(SW, Succ, S);
  // Leaving a loop that released every element of an array.
  if (SuccIndex == 1 && !Rounds.empty())
    if (const auto *FS = dyn_cast_or_null<ForStmt>(B->getTerminatorStmt()))
      leaveRound(FS, S);
  // Successor 0 of a two-way branch is its true side.
  if (Cond && !refine(S, Cond, SuccIndex == 0))
    return false;
  if (SuccIndex == 0 && !CounterLoops.empty())
    if (const auto *FS = dyn_cast_or_null<ForStmt>(B->getTerminatorStmt()))
      return continueCounterLoop(FS, S);
  return true;
}

void FunctionAnalysis::checkExit(const CFGBlock *B, const State &S) {
  const ReturnStmt *RS = nullptr;
  const Expr *Throw = nullptr; // C++: a throw with no try around it
  for (auto It = B->rbegin(); It != B->rend(); ++It)
    if (std::optional<CFGStmt> CS = It->getAs<CFGStmt>()) {
      RS = dyn_cast<ReturnStmt>(CS->getStmt());
      Throw = dyn_cast<CXXThrowExpr>(CS->getStmt());
      break;
    }
  SourceLocation At = RS      ? RS->getBeginLoc()
                      : Throw ? Throw->getBeginLoc()
                              : FD->getBody()->getEndLoc();

  ++Summary.Exits;
  // A status result: 0 (success), another constant (failure), or unknown.
  int RetKind = -1;
  if (const Expr *RV = RS ? RS->getRetValue() : nullptr)
    if (RV->getType()->isIntegerType()) {
      Expr::EvalResult R;
      if (RV->EvaluateAsInt(R, Ctx))
        RetKind = R.Val.getInt() != 0;
    }
  if (RetKind < 0)
    Summary.ConstReturns = false;
  else
    ++(RetKind ? Summary.NonZeroExits : Summary.ZeroExits);
  checkFilledFields(S, RetKind);
  for (unsigned PId : ParamIds) {
    const Identity &P = Ids[PId];
    unsigned I = P.ParamIndex - 1;
    uint16_t M = S.statusOf(PId).Mask & ~SNotAlive;
    if (M != SReleased)
      Summary.ParamReleased[I] = false;
    if (M & (SReleased | SConsumed))
      Summary.ParamMaybeReleased[I] = true;
    if (!M || (M & ~(SConsumed | SEscaped)) || !(M & SConsumed))
      Summary.ParamConsumed[I] = false;
    if (RetKind == 1 ? M != SReleased : (M & SReleased) != 0)
      Summary.ParamReleasedOnFailure[I] = false;
    if (!(M & SCalledBack) || P.CallbackFn == ~0u)
      Summary.ParamCalledBack[I] = false;
    else
      Summary.ParamCallback[I] = {P.CallbackFn, P.CallbackArg};
    // `*out = t`: on success exactly one fresh tensor went there, on
    // failure none did.
    bool Stored = false, MaybeStored = false;
    for (const auto &[Id, St] : S.Tensors)
      if (Ids[Id].StoredToParam == P.ParamIndex && Ids[Id].K == Identity::Created) {
        MaybeStored |= St.has(SEscaped);
        if (St.Mask == SEscaped) {
          Stored = true;
          if (Ids[Id].Roles && Summary.OutReleaseFunction.empty())
            Summary.OutReleaseFunction = Ids[Id].Roles->ReleaseFunction;
        }
      }
    if (RetKind == 0 ? !Stored : MaybeStored)
      Summary.ParamOutOnSuccess[I] = false;
  }
  for (size_t K = 0; K < ParamFieldIds.size(); ++K) {
    uint16_t M = S.statusOf(ParamFieldIds[K]).Mask & ~SNotAlive;
    if (M && M != SReleased)
      ParamFieldReleased[K] = false;
    // Left NULL (`t_free(p->f); p->f = NULL;`), or NULL all along.
    const Identity &FI = Ids[ParamFieldIds[K]];
    auto It = S.Vars.find({FI.ParamDecl, FI.Field});
    if (It == S.Vars.end() || It->second.Unknown ||
        llvm::any_of(It->second.Ids,
                     [&](unsigned Id) { return (S.statusOf(Id).Mask & ~SNotAlive) != 0; }))
      ParamFieldCleared[K] = false;
  }
  if (FD->isMain() && !Opts.LintMainLeaks)
    return;
  for (const auto &[Id, St] : S.Tensors) {
    if (Ids[Id].K == Identity::Created && St.has(SOwned) && !St.has(SUnknown))
      noteLeakAtExit(Id, St, At, RS, Throw, S);
  }
}

bool FunctionAnalysis::run() {
  collectModifiedVars();
  collectFlagVars();
  collectStateLoops();
  AC = std::make_unique<AnalysisDeclContext>(nullptr, FD);
  AC->getCFGBuildOptions().setAllAlwaysAdd();
  Cfg = AC->getCFG();
  if (!Cfg)
    return false;
  Parents = &AC->getParentMap();
  collectCounterLoops();
  collectArrayRounds();
  Liveness = std::make_unique<BlockLiveness>(*Cfg, *AC);
  Live = Liveness.get();
  Summary.ParamReleased.assign(FD->getNumParams(), false);
  Summary.ParamConsumed.assign(FD->getNumParams(), false);
  Summary.ParamReleasedOnFailure.assign(FD->getNumParams(), true);
  Summary.ParamOutOnSuccess.assign(FD->getNumParams(), true);
  Summary.ParamMaybeReleased.assign(FD->getNumParams(), false);
  Summary.ParamCalledBack.assign(FD->getNumParams(), true);
  Summary.ParamCallback.assign(FD->getNumParams(), {0, 0});

  std::vector<State> In(Cfg->getNumBlockIDs());
  std::vector<unsigned> Visits(Cfg->getNumBlockIDs(), 0);
  In[Cfg->getEntry().getBlockID()] = entryState();

  // Before paths join: a variable no later statement reads, holding no
  // owned tensor, goes, and with it the statuses only it kept.  Otherwise
  // a tensor released on one path (through a variable dead from there on)
  // and kept in another variable on the other path joins as "released or
  // owned" in that other variable: a loop that drops some tensors and keeps
  // the best so far, with a statement after the if/else, would see
  // `t_free(best)` release a tensor that is "released on some paths".
  auto DropDeadBeforeJoin = [&](const CFGBlock *Succ, State &S) {
    if (!Live || Succ->pred_size() < 2)
      return;
    llvm::SmallVector<VarKey, 4> Dead;
    llvm::SmallVector<unsigned, 4> Dropped;
    for (const auto &KV : S.Vars) {
      const auto *VD = dyn_cast<VarDecl>(KV.first.first);
      if (!VD || KV.first.second || KV.second.Ids.empty() || Live->liveAtEntry(Succ, VD))
        continue;
      bool Keeps = false;
      for (unsigned Id : KV.second.Ids) {
        Status St = S.statusOf(Id);
        Keeps |= St.has(SOwned | SScope) || St.has(SUnknown) || Ids[Id].K == Identity::Param;
      }
      if (Keeps)
        continue;
      Dead.push_back(KV.first);
      Dropped.append(KV.second.Ids.begin(), KV.second.Ids.end());
    }
    if (Dead.empty())
      return;
    for (const VarKey &K : Dead)
      S.Vars.erase(K);
    llvm::DenseSet<unsigned> Held;
    for (const auto &KV : S.Vars)
      Held.insert(KV.second.Ids.begin(), KV.second.Ids.end());
    for (const auto &KV : S.Exprs) // (a value on its way: `c ? t : u`)
      Held.insert(KV.second.Ids.begin(), KV.second.Ids.end());
    holdReferences(Held, S);
    for (unsigned Id : Dropped)
      if (!Held.count(Id))
        S.status(Id) = Status();
    S.Tensors.compact();
  };

  auto Propagate = [&](const CFGBlock *B, const State &S,
                       ForwardDataflowWorklist *W) {
    if (B->hasNoReturnElement())
      return; // exit(), abort(), noreturn: the path ends here
    const Expr *Cond = branchCondition(B);
    unsigned Index = 0;
    for (auto It = B->succ_begin(); It != B->succ_end(); ++It, ++Index) {
      const CFGBlock *Succ = *It;
      if (!Succ)
        continue;
      State Next = S;
      if (!takeEdge(B, Cond, Index, Succ, Next))
        continue; // this edge cannot be taken in this state
      if (!CounterLoops.empty())
        enterCounterLoop(B, Succ, Next);
      endIteration(Succ, Next);
      if (const Stmt *Loop = Succ->getLoopTarget(); Loop && StateLoops.count(Loop))
        forgetAcrossStates(Loop, Next);
      DropDeadBeforeJoin(Succ, Next);
      if (entersLoopBody(B, Succ)) {
        // Evaluate the condition block on the way, then go straight in.
        runBlock(Succ, Next);
        Succ = *Succ->succ_begin();
      }
      // The exit block's state is never read (exits are checked from each
      // predecessor's own state); joining every return into it would cost
      // the sum of all their sizes each time.
      if (Succ == &Cfg->getExit())
        continue;
      State &Target = In[Succ->getBlockID()];
      Work += Target.Vars.size() + Next.Vars.size() + Target.Facts.size() +
              Target.Tensors.size() + Next.Tensors.size() + 1;
      State Old = Target;
      joinInto(Target, Next);
      if (Target != Old)
        W->enqueueBlock(Succ);
    }
  };

  // 1. Fixpoint (no findings).  A visit cap is only a safety net: the
  //    lattice is finite, so loops converge in a few rounds.
  ForwardDataflowWorklist W(*Cfg, *AC);
  W.enqueueBlock(&Cfg->getEntry());
  while (const CFGBlock *B = W.dequeue()) {
    unsigned ID = B->getBlockID();
    if (++Visits[ID] > 64)
      continue;
    ++VisitTotal;
    State &Entry = In[ID];
    if (!Entry.Reachable)
      continue;
    pruneDeadVars(B, Entry);
    State S = Entry;
    runBlock(B, S);
    Propagate(B, S, &W);
  }

  // 2. One reporting pass over the converged states.
  Reporting = true;
  const CFGBlock *Exit = &Cfg->getExit();
  // The blocks that fall off the end of the function (not by a return or a
  // throw): when there are several, its closing brace is shared by them.
  unsigned FallOffEnds = 0;
  for (const CFGBlock *P : Exit->preds()) {
    if (!P)
      continue;
    const Stmt *Last = nullptr;
    for (auto It = P->rbegin(); It != P->rend() && !Last; ++It)
      if (auto CS = It->getAs<CFGStmt>())
        Last = CS->getStmt();
    if (!isa_and_nonnull<ReturnStmt>(Last) && !isa_and_nonnull<CXXThrowExpr>(Last))
      ++FallOffEnds;
  }
  for (const CFGBlock *B : *AC->getAnalysis<PostOrderCFGView>()) {
    State S = In[B->getBlockID()];
    if (!S.Reachable || B == Exit)
      continue;
    runBlock(B, S);
    if (B->hasNoReturnElement())
      continue;
    // An exit reached by a branch (`if (t) t_free(t);` ending the function)
    // is checked in the state of that edge: on `t`'s false side a
    // parameter is NULL, not still owed a release.
    const Expr *Cond = branchCondition(B);
    unsigned Index = 0;
    // An iteration's end, on each edge into its loop-back block: what only
    // the body's variables held leaks there.
    for (auto It = B->succ_begin(); It != B->succ_end(); ++It, ++Index) {
      if (!*It || !(*It)->getLoopTarget() || !LoopBodyVars.count((*It)->getLoopTarget()) ||
          std::find(B->succ_begin(), It, *It) != It) // (both sides to one block)
        continue;
      State Edge = S;
      if (takeEdge(B, Cond, Index, *It, Edge))
        endIteration(*It, Edge);
    }
    Index = 0;
    for (auto It = B->succ_begin(); It != B->succ_end(); ++It, ++Index) {
      if (*It != Exit)
        continue;
      State Edge = S;
      if (!takeEdge(B, Cond, Index, *It, Edge))
        continue; // this edge cannot be taken
      // Other paths fall off the end of the function too: a release put
      // there would run on them (no fix-it: FunctionAnalysis.h).
      BranchExit = B->succ_size() > 1 && FallOffEnds > 1;
      if (BranchExit && Cond && B->succ_size() == 2 && !isa_and_nonnull<SwitchStmt>(B->getTerminatorStmt())) {
        BranchExitOutcome = Index == 0;
        BranchExitCond = conditionId(Cond, BranchExitOutcome);
      }
      checkExit(B, Edge);
      BranchExit = false;
      BranchExitCond = -1;
      break;
    }
  }
  reportExitLeaks();
  if (Reporting)
    checkArrayUnwinds();
  for (size_t K = 0; K < ParamFieldIds.size(); ++K)
    if (ParamFieldReleased[K] && Summary.Exits > 0) {
      const Identity &I = Ids[ParamFieldIds[K]];
      Summary.FieldsReleased.push_back({I.ParamIndex, I.Field});
      if (ParamFieldCleared[K])
        Summary.FieldsCleared.push_back({I.ParamIndex, I.Field});
    }
  auto Filled = [&](const FilledCandidate &C) { return C.Ok && C.Stored; };
  auto FilledField = [&](const FilledCandidate &C, const FieldDecl *F) {
    return !F || llvm::any_of(FilledCandidates, [&](const FilledCandidate &O) {
             return O.P == C.P && O.F == F && Filled(O);
           });
  };
  for (const FilledCandidate &C : FilledCandidates)
    if (Filled(C) && FilledField(C, C.ViewOf) && FilledField(C, C.AliasOf))
      Summary.FieldsFilled.push_back({C.P->getFunctionScopeIndex() + 1, C.F, C.MayBeNull,
                                      C.ReleaseFunction, C.ViewOf, C.AliasOf});
  return true;
}

} // namespace tscope
