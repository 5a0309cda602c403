//===- Inference.cpp - bottom-up order and inferred helper roles ----------===//
#include "Inference.h"
#include "KeptParams.h"
#include "Writes.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace tscope {
namespace {

/// Whether `Body` assigns, increments, decrements or takes the address of
/// parameter `P`.
bool changedOrAddressTaken(const Stmt *Body, const ParmVarDecl *P) {
  llvm::SmallPtrSet<const Decl *, 1> Vars;
  Vars.insert(P);
  return writesAny(Body, Vars);
}

/// `if (!p) return 0;` as the body's first statement, and `p` never
/// assigned or address-taken: with a single 0-returning exit, the helper
/// returns 0 exactly when its argument was NULL.
bool returnsZeroFirstWhenNull(const FunctionDecl *FD, unsigned Index) {
  const ParmVarDecl *P = FD->getParamDecl(Index);
  const auto *Body = dyn_cast_or_null<CompoundStmt>(FD->getBody());
  if (!Body || Body->body_empty())
    return false;
  const auto *If = dyn_cast<IfStmt>(*Body->body_begin());
  if (!If || If->getElse() || If->getInit() || If->getConditionVariable())
    return false;
  auto isP = [&](const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == P;
  };
  auto isNull = [&](const Expr *E) {
    return E->IgnoreParenCasts()->isNullPointerConstant(
        FD->getASTContext(), Expr::NPC_ValueDependentIsNotNull);
  };
  const Expr *C = If->getCond()->IgnoreParenImpCasts();
  bool Tests = false;
  if (const auto *UO = dyn_cast<UnaryOperator>(C))
    Tests = UO->getOpcode() == UO_LNot && isP(UO->getSubExpr());
  else if (const auto *BO = dyn_cast<BinaryOperator>(C))
    Tests = BO->getOpcode() == BO_EQ && ((isP(BO->getLHS()) && isNull(BO->getRHS())) ||
                                         (isP(BO->getRHS()) && isNull(BO->getLHS())));
  if (!Tests)
    return false;
  const Stmt *Then = If->getThen();
  if (const auto *CS = dyn_cast<CompoundStmt>(Then))
    Then = CS->size() == 1 ? CS->body_front() : nullptr;
  const auto *RS = dyn_cast_or_null<ReturnStmt>(Then);
  Expr::EvalResult R;
  if (!RS || !RS->getRetValue() || !RS->getRetValue()->EvaluateAsInt(R, FD->getASTContext()) ||
      R.Val.getInt() != 0)
    return false;
  // Nothing may change `p` after the test.
  return !changedOrAddressTaken(Body, P);
}

/// Whether a return, goto or throw may leave Body before its end.
bool leavesEarly(const Stmt *Body) {
  struct Finder : RecursiveASTVisitor<Finder> {
    bool Found = false;
    bool VisitReturnStmt(ReturnStmt *) { return !(Found = true); }
    bool VisitGotoStmt(GotoStmt *) { return !(Found = true); }
    bool VisitIndirectGotoStmt(IndirectGotoStmt *) { return !(Found = true); }
    bool VisitCXXThrowExpr(CXXThrowExpr *) { return !(Found = true); }
  } F;
  F.TraverseStmt(const_cast<Stmt *>(Body));
  return F.Found;
}

/// Whether the body reads the value `*P` had on entry anywhere: `*P` (or
/// `P[i]`) other than as the target of a plain `=`.  Such a parameter is
/// in-out (`grow(tensor **pt)` reads, copies and releases `*pt` before it
/// stores a new tensor there, like realloc), not an out-parameter create:
/// taken as one, the caller's `grow(&t, n)` would overwrite a tensor it
/// still owns.
bool readsPointee(const FunctionDecl *FD, unsigned Index) {
  struct Reads : RecursiveASTVisitor<Reads> {
    const ParmVarDecl *P;
    llvm::DenseSet<const Expr *> Stored;
    bool Found = false;
    bool isDerefOfP(const Expr *E) {
      E = E->IgnoreParens();
      const Expr *Base = nullptr;
      if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_Deref)
        Base = UO->getSubExpr();
      else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
        Base = AS->getBase();
      const auto *DRE = Base ? dyn_cast<DeclRefExpr>(Base->IgnoreParenImpCasts()) : nullptr;
      return DRE && DRE->getDecl() == P;
    }
    bool VisitBinaryOperator(BinaryOperator *BO) {
      if (BO->getOpcode() == BO_Assign && isDerefOfP(BO->getLHS()))
        Stored.insert(BO->getLHS()->IgnoreParens());
      return true;
    }
    bool VisitUnaryOperator(UnaryOperator *UO) {
      Found |= UO->getOpcode() == UO_Deref && isDerefOfP(UO) && !Stored.count(UO);
      return !Found;
    }
    bool VisitArraySubscriptExpr(ArraySubscriptExpr *AS) {
      Found |= isDerefOfP(AS) && !Stored.count(AS);
      return !Found;
    }
  } R;
  R.P = FD->getParamDecl(Index);
  R.TraverseStmt(FD->getBody());
  return R.Found;
}

/// The parameter (0-based) that every `return` of `FD` gives back as it
/// came in (`return t;`, at least one such return, `t` never assigned or
/// address-taken), the others returning NULL (then `OrNull`), or -1.
int returnedParam(const FunctionDecl *FD, bool &OrNull) {
  OrNull = false;
  if (!FD->getReturnType()->isPointerType() || !FD->getBody())
    return -1;
  struct Returns : RecursiveASTVisitor<Returns> {
    ASTContext *Ctx = nullptr;
    const ParmVarDecl *P = nullptr;
    bool Other = false, Null = false;
    unsigned Count = 0;
    const ParmVarDecl *paramOf(const Expr *E) {
      const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenCasts());
      return DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
    }
    bool VisitReturnStmt(ReturnStmt *RS) {
      const Expr *RV = RS->getRetValue();
      if (RV && RV->IgnoreParenCasts()->isNullPointerConstant(
                    *Ctx, Expr::NPC_ValueDependentIsNotNull)) {
        Null = true;
        return true;
      }
      const ParmVarDecl *Q = RV ? paramOf(RV) : nullptr;
      if (!Q || (P && Q != P))
        Other = true;
      P = Q;
      ++Count;
      return !Other;
    }
    // A lambda's returns are its own.
    bool TraverseLambdaExpr(LambdaExpr *) { return true; }
    bool TraverseBlockExpr(BlockExpr *) { return true; }
  } R;
  R.Ctx = &FD->getASTContext();
  R.TraverseStmt(FD->getBody());
  if (R.Other || !R.Count || !R.P || R.P->getDeclContext() != FD)
    return -1;
  OrNull = R.Null;
  return changedOrAddressTaken(FD->getBody(), R.P)
             ? -1
             : static_cast<int>(R.P->getFunctionScopeIndex());
}

class FunctionsWithBodies : public RecursiveASTVisitor<FunctionsWithBodies> {
public:
  FunctionsWithBodies(SourceManager &SM, bool CPlusPlus) : SM(SM), CPlusPlus(CPlusPlus) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  // Only declarations matter.  C has none inside statements (C++ has
  // lambdas and local classes), and no type spells a function body.
  bool TraverseStmt(Stmt *S) {
    return CPlusPlus ? RecursiveASTVisitor::TraverseStmt(S) : true;
  }
  // (LLVM 22 added a second parameter: take whatever the base passes.)
  template <typename... Rest> bool TraverseTypeLoc(TypeLoc, Rest...) { return true; }
  // A lambda's body is its call operator, which the traversal does not
  // visit as a declaration (the lambda's class is implicit code).
  bool VisitLambdaExpr(LambdaExpr *LE) {
    if (CXXMethodDecl *Op = LE->getCallOperator())
      if (!Op->isDependentContext() && Op->doesThisDeclarationHaveABody() &&
          !SM.isInSystemHeader(SM.getExpansionLoc(Op->getLocation())))
        Found.push_back(Op);
    return true;
  }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->doesThisDeclarationHaveABody() || FD->isDependentContext() ||
        FD->isInvalidDecl() || FD->isImplicit())
      return true;
    SourceLocation Loc = SM.getExpansionLoc(FD->getLocation());
    if (SM.isInSystemHeader(Loc))
      return true;
    // A header's inline functions are analysed in the TUs that use them:
    // every TU of a library includes hundreds it never calls (GSL's
    // accessors, once per element type), and analysing those everywhere
    // cost more than the functions of the file itself.
    if (!SM.isInMainFile(Loc) && !FD->isReferenced())
      return true;
    Found.push_back(FD);
    return true;
  }
  SourceManager &SM;
  bool CPlusPlus;
  std::vector<const FunctionDecl *> Found;
};

class DirectCallees : public RecursiveASTVisitor<DirectCallees> {
public:
  bool VisitCallExpr(CallExpr *CE) {
    if (const FunctionDecl *Callee = CE->getDirectCallee())
      Out.push_back(Callee->getCanonicalDecl());
    return true;
  }
  std::vector<const FunctionDecl *> Out;
};

} // namespace

std::vector<const FunctionDecl *> functionsBottomUp(ASTContext &Ctx) {
  FunctionsWithBodies Collect(Ctx.getSourceManager(), Ctx.getLangOpts().CPlusPlus);
  Collect.TraverseDecl(Ctx.getTranslationUnitDecl());

  llvm::DenseMap<const FunctionDecl *, const FunctionDecl *> BodyOf;
  for (const FunctionDecl *FD : Collect.Found)
    BodyOf[FD->getCanonicalDecl()] = FD;

  // Iterative depth-first post-order over the direct-call graph.
  std::vector<const FunctionDecl *> Order;
  llvm::DenseSet<const FunctionDecl *> Seen;
  for (const FunctionDecl *Root : Collect.Found) {
    if (!Seen.insert(Root).second)
      continue;
    struct Frame {
      const FunctionDecl *FD;
      std::vector<const FunctionDecl *> Callees;
      size_t Next = 0;
    };
    std::vector<Frame> Stack;
    auto Push = [&](const FunctionDecl *FD) {
      DirectCallees C;
      C.TraverseStmt(FD->getBody());
      Stack.push_back({FD, std::move(C.Out), 0});
    };
    Push(Root);
    while (!Stack.empty()) {
      Frame &Top = Stack.back();
      if (Top.Next < Top.Callees.size()) {
        auto It = BodyOf.find(Top.Callees[Top.Next++]);
        if (It != BodyOf.end() && Seen.insert(It->second).second)
          Push(It->second);
        continue;
      }
      Order.push_back(Top.FD);
      Stack.pop_back();
    }
  }
  return Order;
}

void inferRoles(const FunctionDecl *FD, const FunctionSummary &S, RoleTable &Roles) {
  FunctionRoles Inferred;
  // The analysis takes a parameter to be non-NULL, so `if (!st) return 0;`
  // is an exit it never reaches: a helper whose only 0 is that one and
  // that releases `st` everywhere else (`failed(OrtStatus *st)`) returns 0
  // exactly when its argument was NULL.  It is a status helper that
  // releases on failure (below), not a plain release: a caller's
  // `if (failed(g_ort->CreateX(..., &v)))` then knows `v` exists on 0.
  int NullFirst = -1;
  if (S.ConstReturns && S.ZeroExits == 0 && S.NonZeroExits > 0 &&
      FD->getReturnType()->isIntegerType())
    for (unsigned I = 0; I < FD->getNumParams() && NullFirst < 0; ++I)
      if (S.ParamReleased[I] && S.ParamReleasedOnFailure[I] &&
          returnsZeroFirstWhenNull(FD, I))
        NullFirst = (int)I;
  // (A struct returned by value holds its tensors in fields: the function
  // does not return a tensor, and a caller keeping the struct keeps them.)
  if (S.Returns > 0 && S.FreshReturns > 0 && FD->getReturnType()->isPointerType() &&
      S.FreshReturns + S.NullReturns == S.Returns) {
    Inferred.Creates = true;
    Inferred.MayReturnNull = S.NullReturns > 0 || S.FreshMayBeNull;
    Inferred.ReleaseFunction = S.ReleaseFunction;
  }
  if (S.Exits > 0)
    for (unsigned I = 0; I < S.ParamReleased.size(); ++I) {
      if (S.ParamReleased[I] && (int)I != NullFirst) // (NullFirst: below)
        Inferred.Releases.push_back(I + 1);
      else if (S.ParamConsumed[I])
        Inferred.Consumes.push_back(I + 1);
    }
  if (!S.FieldsReleased.empty() && !isa<CXXMethodDecl>(FD)) {
    FunctionRoles &Entry = Roles.getOrCreate(Roles.keyOf(FD), RoleSource::Inferred);
    Entry.ReleasesFields = S.FieldsReleased;
    Entry.ClearsFields = S.FieldsCleared;
    Entry.FieldsUnwritten = S.FieldsUnwritten;
    for (const auto &[Index, Read] : S.FieldsOnlyRead)
      if (const RecordDecl *RD = FD->getParamDecl(Index - 1)
                                     ->getType()
                                     ->getPointeeType()
                                     ->getAsRecordDecl())
        if ((RD = RD->getDefinition()))
          for (const FieldDecl *Fld : RD->fields())
            if (!llvm::is_contained(Read, Fld))
              Entry.FieldsUntouched.push_back({Index, Fld});
  }
  bool BackOrNull = false;
  if (int Back = isa<CXXMethodDecl>(FD) ? -1 : returnedParam(FD, BackOrNull); Back >= 0) {
    FunctionRoles &Entry = Roles.getOrCreate(Roles.keyOf(FD), RoleSource::Inferred);
    Entry.ReturnsArg = static_cast<unsigned>(Back) + 1;
    Entry.ReturnsArgOrNull = BackOrNull;
  }
  // A view stored through an out-parameter by the body's one store there,
  // on every path: a statement of the body itself, in a body no return,
  // goto or throw leaves early (`*out = t_view(x, h, 2);`).
  for (const FunctionSummary::OutViewStore &OV : S.OutViewStores) {
    unsigned Stores =
        llvm::count_if(S.OutStores, [&](const auto &Store) { return Store.second == OV.Out; });
    const auto *Body = dyn_cast<CompoundStmt>(FD->getBody());
    if (Stores != 1 || !Body || !llvm::is_contained(Body->body(), OV.Store) ||
        leavesEarly(Body) || isa<CXXMethodDecl>(FD) || readsPointee(FD, OV.Out - 1))
      continue;
    FunctionRoles &Entry = Roles.getOrCreate(Roles.keyOf(FD), RoleSource::Inferred);
    Entry.OutViewAt = OV.Out;
    Entry.OutViewOf = OV.Of;
    Entry.OutViewMayBeNull = OV.MayBeNull;
    break;
  }
  // A getter: every return is one field of a struct parameter (or NULL),
  // and the body only reads through that parameter (FieldsOnlyRead).
  if (S.Returns > 0 && S.FieldReturns > 0 && S.FieldReturnParam != ~0u &&
      S.FieldReturns + S.NullReturns == S.Returns && !isa<CXXMethodDecl>(FD) &&
      llvm::any_of(S.FieldsOnlyRead,
                   [&](const auto &PF) { return PF.first == S.FieldReturnParam; })) {
    FunctionRoles &Entry = Roles.getOrCreate(Roles.keyOf(FD), RoleSource::Inferred);
    Entry.ReturnsFieldOf = S.FieldReturnParam;
    Entry.ReturnsField = S.FieldReturnField;
  }
  if (S.Returns > 0 && S.ViewReturns > 0 && S.ViewOfParam > 0 &&
      S.ViewReturns + S.NullReturns == S.Returns && !isa<CXXMethodDecl>(FD)) {
    FunctionRoles &Entry = Roles.getOrCreate(Roles.keyOf(FD), RoleSource::Inferred);
    Entry.ReturnsViewOf = (unsigned)S.ViewOfParam;
    Entry.ReturnsViewMayBeNull = S.ViewMayBeNull || S.NullReturns > 0;
  }
  if (std::vector<unsigned> Kept = keptParams(FD, Roles); !Kept.empty()) {
    FunctionRoles &Entry = Roles.getOrCreate(Roles.keyOf(FD), RoleSource::Inferred);
    Entry.Keeps = std::move(Kept);
  }
  if (S.ReleasesVaArg && FD->isVariadic()) {
    FunctionRoles &Entry = Roles.getOrCreate(Roles.keyOf(FD), RoleSource::Inferred);
    Entry.ReleasesVariadic = true;
  }
  if (S.Exits > 0 && !isa<CXXMethodDecl>(FD)) // (indexes without `this`)
    for (unsigned I = 0; I < S.ParamCalledBack.size(); ++I)
      if (S.ParamCalledBack[I] && S.ParamCallback[I].first) {
        FunctionRoles &Entry = Roles.getOrCreate(Roles.keyOf(FD), RoleSource::Inferred);
        FunctionRoles::CallbackPass CP;
        CP.Fn = S.ParamCallback[I].first;
        CP.Arg = S.ParamCallback[I].second;
        CP.Data = I + 1;
        Entry.PassesToCallback.push_back(CP);
      }
  // Status helpers (every return an integer constant, some 0, some not).
  bool StatusHelper = S.ConstReturns && (S.ZeroExits > 0 || NullFirst >= 0) &&
                      S.NonZeroExits > 0 && FD->getReturnType()->isIntegerType();
  if (StatusHelper) {
    std::vector<unsigned> OnFailure, NullOnSuccess;
    for (unsigned I = 0; I < S.ParamReleasedOnFailure.size(); ++I)
      if (S.ParamReleasedOnFailure[I] && (!S.ParamReleased[I] || (int)I == NullFirst)) {
        OnFailure.push_back(I + 1);
        if ((int)I == NullFirst)
          NullOnSuccess.push_back(I + 1);
      }
    if (!OnFailure.empty()) {
      FunctionRoles &Entry = Roles.getOrCreate(Roles.keyOf(FD), RoleSource::Inferred);
      if (Entry.Releases.empty() && Entry.Consumes.empty()) {
        Entry.ReleasesOnFailure = OnFailure;
        Entry.NullOnSuccess = NullOnSuccess;
      }
    }
    if (!S.FieldsFilled.empty() && !isa<CXXMethodDecl>(FD)) {
      FunctionRoles &Entry = Roles.getOrCreate(Roles.keyOf(FD), RoleSource::Inferred);
      Entry.CreatesFields = S.FieldsFilled;
      Entry.CreatesFieldsSuccess = SuccessCondition::ReturnsZero;
    }
    for (unsigned I = 0; I < S.ParamOutOnSuccess.size(); ++I) {
      QualType T = FD->getParamDecl(I)->getType();
      if (S.ParamOutOnSuccess[I] && T->isPointerType() &&
          T->getPointeeType()->isPointerType() && !Inferred.CreatesOut &&
          !readsPointee(FD, I)) {
        Inferred.CreatesOut = I + 1;
        Inferred.Success = SuccessCondition::ReturnsZero;
        Inferred.ReleaseFunction = S.OutReleaseFunction;
      }
    }
  }
  // An init helper returning nothing (or always 0) fills its fields on
  // every exit (InitFields.cpp; a status helper's, above, on success).
  bool AlwaysZero = S.ConstReturns && S.ZeroExits > 0 && S.NonZeroExits == 0;
  if (!S.FieldsFilled.empty() && S.Exits > 0 &&
      (FD->getReturnType()->isVoidType() || AlwaysZero) && !isa<CXXMethodDecl>(FD)) {
    FunctionRoles &Entry = Roles.getOrCreate(Roles.keyOf(FD), RoleSource::Inferred);
    Entry.CreatesFields = S.FieldsFilled;
    Entry.CreatesFieldsSuccess = SuccessCondition::Always;
  }
  // Released on some paths only (not the status helpers' failure paths
  // above): the caller stops following what it passes there.
  if (S.Exits > 0 && !isa<CXXMethodDecl>(FD))
    for (unsigned I = 0; I < S.ParamMaybeReleased.size(); ++I) {
      if (!S.ParamMaybeReleased[I] || llvm::is_contained(Inferred.Releases, I + 1) ||
          llvm::is_contained(Inferred.Consumes, I + 1))
        continue;
      const FunctionRoles *Known = Roles.lookup(FD);
      if (Known && llvm::is_contained(Known->ReleasesOnFailure, I + 1))
        continue;
      Roles.getOrCreate(Roles.keyOf(FD), RoleSource::Inferred).MayRelease.push_back(I + 1);
    }
  if (!Inferred.hasTensorRole())
    return;
  FunctionRoles &Entry = Roles.getOrCreate(Roles.keyOf(FD), RoleSource::Inferred);
  if (Entry.hasTensorRole())
    return; // a declared role always wins
  // The entry may exist for other reasons (TSCOPE_AUTO, TSCOPE_NO_LINT): its
  // tensor roles are still inferred ones, whose bodies the instrumentation
  // tracks itself (RoleCalls.cpp); left as an annotation they would hide
  // every creation inside an auto-scoped helper from its own scope.
  Entry.Source = RoleSource::Inferred;
  Entry.Creates = Inferred.Creates;
  Entry.CreatesOut = Inferred.CreatesOut;
  Entry.Success = Inferred.Success;
  Entry.MayReturnNull = Inferred.MayReturnNull;
  if (Entry.ReleaseFunction.empty())
    Entry.ReleaseFunction = Inferred.ReleaseFunction;
  Entry.Releases = Inferred.Releases;
  Entry.Consumes = Inferred.Consumes;
  if (Entry.DisplayName.empty() || Entry.DisplayName == Entry.Name)
    Entry.DisplayName = FD->getQualifiedNameAsString();
}

} // namespace tscope
