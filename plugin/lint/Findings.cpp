//===- Findings.cpp - wording of the lint's findings, notes and fix-its ---===//
#include "FunctionAnalysis.h"

#include "llvm/ADT/SmallPtrSet.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace tscope {

std::string FunctionAnalysis::locText(SourceLocation L) const {
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(L));
  if (P.isInvalid())
    return "?";
  return (llvm::sys::path::filename(P.getFilename()) + ":" +
          llvm::Twine(P.getLine())).str();
}

std::string FunctionAnalysis::describe(unsigned Id) const {
  const Identity &I = Ids[Id];
  switch (I.K) {
  case Identity::Param:
    return "parameter '" + I.Creator + "'";
  case Identity::View:
    if (I.FilledField)
      return "the view '" + I.Creator + "' stores in field '" +
             I.FilledField->getNameAsString() + "'";
    return "the view returned by '" + I.Creator + "'";
  case Identity::Created:
    break;
  }
  if (I.RefOf >= 0)
    return "the reference taken by '" + I.Creator + "'";
  if (I.Group > 1)
    return "the " + std::to_string(I.Group) + " tensors created by '" + I.Creator + "'";
  if (I.FilledField)
    return "the tensor '" + I.Creator + "' stores in field '" +
           I.FilledField->getNameAsString() + "'";
  return "the tensor created by '" + I.Creator + "'";
}

/// "when the condition at f.c:7 is true" when `Bits` hold on one side of
/// the status's split only; "on some paths" when other paths differ.
std::string FunctionAnalysis::whenText(const Status &St, uint16_t Bits) const {
  if (St.Guard >= 0) {
    bool InTrue = St.IfTrue & Bits, InFalse = St.IfFalse & Bits;
    if (InTrue != InFalse)
      return " when " + conditionText(St.Guard, InTrue);
  }
  if (St.Mask & ~SNotAlive & ~Bits)
    return " on some paths";
  return "";
}

void FunctionAnalysis::addCreationNote(Finding &F, unsigned Id) const {
  const Identity &I = Ids[Id];
  if (I.K == Identity::Param)
    F.Notes.push_back({I.ParamDecl->getLocation(), "parameter declared here"});
  else
    F.Notes.push_back({I.Site->getBeginLoc(),
                       I.RefOf >= 0 ? "reference taken here by '" + I.Creator + "'"
                       : I.FilledField
                           ? std::string(I.K == Identity::View ? "view" : "tensor") +
                                 " stored in field '" + I.FilledField->getNameAsString() +
                                 "' here by '" + I.Creator + "'"
                           : std::string(I.K == Identity::View ? "view" : "tensor") +
                                 " created here by '" + I.Creator + "'"});
  // Reference counts: where this function took more references to it.
  llvm::SmallPtrSet<const void *, 4> Seen;
  for (const Identity &R : Ids)
    if (R.RefOf == (int)Id && R.Site && Seen.insert(R.Site).second)
      F.Notes.push_back({R.Site->getBeginLoc(),
                         "one more reference taken here by '" + R.Creator +
                             "' (a create and each retain each need a release)"});
}

void FunctionAnalysis::emit(Finding &F) {
  if (!Reporting || !Rep)
    return;
  F.Function = FD->getNameAsString();
  Rep->report(F);
}

namespace {
class RefersToVar : public RecursiveASTVisitor<RefersToVar> {
public:
  explicit RefersToVar(const ValueDecl *VD) : VD(VD) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    Found |= E->getDecl() == VD;
    return true;
  }
  const ValueDecl *VD;
  bool Found = false;
};
} // namespace

/// Is `VD` in scope at `Loc`?  Parameters are everywhere in the body; a
/// local from its declaration to the end of the statement that holds the
/// declaration (its `{ }` block, or the `for`/`if`/`while` it is declared
/// in).  A fix-it that names a variable outside its scope does not compile
/// (`ctx` declared in an inner block, the release inserted after it).
bool FunctionAnalysis::inScopeAt(const ValueDecl *VD, SourceLocation Loc) const {
  if (isa<ParmVarDecl>(VD))
    return true;
  if (DeclOf.empty())
    for (const Stmt *S : DeclStmts)
      for (const Decl *D : cast<DeclStmt>(S)->decls())
        DeclOf[D] = S;
  const Stmt *Holder = DeclOf.lookup(VD);
  if (!Holder)
    return false;
  const Stmt *ScopeStmt = Parents->getParent(Holder);
  if (!ScopeStmt)
    return false;
  SourceRange R = ScopeStmt->getSourceRange();
  SourceLocation B = SM.getExpansionLoc(Holder->getBeginLoc()),
                 E = SM.getExpansionLoc(R.getEnd()), L = SM.getExpansionLoc(Loc);
  return !SM.isBeforeInTranslationUnit(L, B) && !SM.isBeforeInTranslationUnit(E, L);
}

void FunctionAnalysis::noteLeakAtExit(unsigned Id, const Status &St,
                                      SourceLocation At, const ReturnStmt *RS,
                                      const Expr *Throw, const State &S) {
  const Identity &I = Ids[Id];
  ExitLeak L;
  L.At = At;
  L.EdgeCond = BranchExitCond;
  L.EdgeOutcome = BranchExitOutcome;
  L.RS = RS;
  L.Throw = Throw;
  L.St = St;
  if (Throw) { // no fix-it: a throw need not stand where a statement can go
    ExitLeaks[Id].push_back(std::move(L));
    return;
  }

  // A mechanical fix: release it right before the exit.  Only when it is
  // owned on every path here, one plain variable in scope holds it, and the
  // insert point is a statement of its own.
  bool MustLeak = St.Guard < 0 && (St.Mask & ~SNull) == SOwned && !BranchExit;
  if (MustLeak && I.Roles &&
      !(I.OutParam ? outReleaseOf(*I.Roles) : I.Roles->ReleaseFunction).empty() &&
      At.isFileID()) {
    const ValueDecl *Holder = nullptr;
    for (const auto &KV : S.Vars)
      if (!KV.first.second && KV.second.Ids.size() == 1 && KV.second.Ids[0] == Id &&
          !KV.first.first->getType()->isRecordType() &&
          !KV.first.first->getType()->isArrayType() && inScopeAt(KV.first.first, At))
        Holder = KV.first.first;
    // Where the return stands: a statement of a `{ }` block or after a
    // label (the release goes right before it), or the whole body of an
    // `if`, `else` or loop (then the two become a block: `{ t_free(t);
    // return s; }`).
    const Stmt *Parent = RS ? Parents->getParent(RS) : nullptr;
    bool StatementPosition = !RS || isa_and_nonnull<CompoundStmt>(Parent) ||
                             isa_and_nonnull<SwitchCase>(Parent) ||
                             isa_and_nonnull<LabelStmt>(Parent);
    SourceLocation AfterReturn;
    if (RS && !StatementPosition &&
        (isa_and_nonnull<IfStmt>(Parent) || isa_and_nonnull<WhileStmt>(Parent) ||
         isa_and_nonnull<ForStmt>(Parent) || isa_and_nonnull<DoStmt>(Parent)) &&
        RS->getEndLoc().isFileID())
      AfterReturn = Lexer::findLocationAfterToken(RS->getEndLoc(), tok::semi, SM,
                                                  Ctx.getLangOpts(), false);
    if (Holder && (StatementPosition || AfterReturn.isValid())) {
      bool ReturnUsesIt = false;
      if (RS && RS->getRetValue()) {
        RefersToVar V(Holder);
        V.TraverseStmt(const_cast<Expr *>(RS->getRetValue()));
        ReturnUsesIt = V.Found;
      }
      std::string Call = releaseCallText(I, Holder, At);
      if (!ReturnUsesIt && !Call.empty()) {
        if (AfterReturn.isValid()) {
          L.Fix = FixItHint::CreateInsertion(At, "{ " + Call + " ");
          L.FixEnd = FixItHint::CreateInsertion(AfterReturn, " }");
        } else {
          L.Fix = FixItHint::CreateInsertion(At, RS ? Call + " " : Call + "\n");
        }
      }
    }
  }
  ExitLeaks[Id].push_back(std::move(L));
}

std::string FunctionAnalysis::exitText(const ExitLeak &L) const {
  if (L.Throw)
    return "the throw at " + locText(L.At);
  if (!L.RS)
    return "the end of '" + FD->getNameAsString() + "'";
  return "the return at " + locText(L.At);
}

/// How many other exits a leak's text and notes name.
static constexpr size_t ShownExits = 3;

void FunctionAnalysis::reportExitLeaks() {
  // One finding per leaked tensor, however many exits it leaks at: at the
  // first of them in the source, with the others named in the text (a long
  // function with many returns used to repeat each leak at every one).
  for (auto &[Id, Leaks] : ExitLeaks) {
    std::stable_sort(Leaks.begin(), Leaks.end(), [&](const ExitLeak &A, const ExitLeak &B) {
      return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A.At), SM.getExpansionLoc(B.At));
    });
    // The same exit reached in several states (a return after a loop) is
    // one exit.
    Leaks.erase(std::unique(Leaks.begin(), Leaks.end(),
                            [](const ExitLeak &A, const ExitLeak &B) { return A.At == B.At; }),
                Leaks.end());
    const ExitLeak &First = Leaks.front();
    const Identity &I = Ids[Id];
    Finding F;
    F.Category = LintCategory::Leak;
    F.Loc = First.At;
    F.Tensor = I.Site;
    F.TensorPart = I.FilledField;
    std::string Where = First.RS      ? "this return"
                        : First.Throw ? "this throw"
                                      : "the end of '" + FD->getNameAsString() + "'";
    if (First.RS && FD->isMain())
      Where += " from 'main'";
    F.Message = describe(Id) + (I.Group > 1 ? " are never released: they leak at "
                                            : " is never released: it leaks at ") +
                Where;
    if (Leaks.size() == 1) {
      std::string When = whenText(First.St, SOwned);
      if (When.empty() && First.EdgeCond >= 0)
        When = " when " + conditionText(First.EdgeCond, First.EdgeOutcome);
      if (!When.empty())
        F.Message += "; leaked" + When;
    } else {
      const size_t Shown = ShownExits;
      size_t Others = Leaks.size() - 1;
      F.Message += ", and at " + std::to_string(Others) + " more exit" +
                   (Others == 1 ? "" : "s") + ": ";
      for (size_t K = 1; K < Leaks.size() && K <= Shown; ++K) {
        if (K > 1)
          F.Message += (K == Leaks.size() - 1 || K == Shown) && Others <= Shown ? " and " : ", ";
        F.Message += exitText(Leaks[K]);
      }
      if (Others > Shown)
        F.Message += " and " + std::to_string(Others - Shown) + " others";
    }
    addCreationNote(F, Id);
    for (size_t K = 1; K < Leaks.size() && K <= ShownExits; ++K)
      F.Notes.push_back({Leaks[K].At, "it leaks here too"});
    // Fix-its only when every exit has one: applying them removes the
    // finding.  Past four exits the repair is no longer a mechanical edit a
    // user would apply blind (the release belongs in one cleanup path), so
    // none is offered.
    bool AllFixable = Leaks.size() <= 4;
    for (const ExitLeak &L : Leaks)
      AllFixable &= L.Fix.has_value();
    if (AllFixable)
      for (const ExitLeak &L : Leaks) {
        F.Fixes.push_back(*L.Fix);
        if (L.FixEnd)
          F.Fixes.push_back(*L.FixEnd);
      }
    emit(F);
  }
  ExitLeaks.clear();
}

void FunctionAnalysis::reportLostReference(unsigned Id, const Status &St) {
  const Identity &I = Ids[Id];
  Finding F;
  F.Category = LintCategory::Leak;
  F.Tensor = I.Site;
  F.TensorPart = I.FilledField;
  auto It = LastDrop.find(Id);
  if (It == LastDrop.end() && I.RefOf >= 0) // dropped with its object
    It = LastDrop.find((unsigned)I.RefOf);
  std::string Why;
  if (It != LastDrop.end()) {
    F.Loc = It->second.Loc;
    Why = It->second.Why;
    if (Why.find("borrows") != std::string::npos)
      Why = "it is " + Why + " (unannotated functions borrow their arguments), "
            "and nothing releases it";
    else
      Why += I.Group > 1 ? " while it still holds them" : " while it still holds it";
  } else {
    F.Loc = I.Site->getBeginLoc();
    Why = "the result is dropped";
  }
  F.Message = describe(Id) + (I.Group > 1 ? " leak: " : " leaks: ") + Why;
  if (I.Gen == 1)
    F.Message += I.Group > 1 ? " (the tensors from the previous loop iteration)"
                             : " (the tensor from the previous loop iteration)";
  else if (I.Gen == 2)
    F.Message += I.Group > 1 ? " (tensors from earlier loop iterations)"
                             : " (a tensor from an earlier loop iteration)";
  std::string When = whenText(St, SOwned);
  if (!When.empty())
    F.Message += "; leaked" + When;
  addCreationNote(F, Id);
  emit(F);
}

void FunctionAnalysis::reportDoubleRelease(unsigned Id, const Status &St,
                                           const Expr *At) {
  const Identity &I = Ids[Id];
  Finding F;
  F.Category = LintCategory::DoubleRelease;
  F.Loc = At->getBeginLoc();
  F.Tensor = I.Site ? (const void *)I.Site : (const void *)I.ParamDecl;
  F.TensorPart = I.FilledField;
  F.Message = describe(Id) + " is released twice";
  if (hasReferences(Id)) // reference counts: one release too many
    F.Message = describe(Id) + " is released more times than it holds references "
                "(one from its create, one per retain)";
  bool SameSite = I.FirstRelease.isValid() &&
                  SM.getExpansionLoc(I.FirstRelease) == SM.getExpansionLoc(F.Loc);
  if (SameSite)
    F.Message += ": this release runs again on a later loop iteration";
  std::string When = whenText(St, SReleased);
  if (!When.empty())
    F.Message += "; already released" + When;
  addCreationNote(F, Id);
  if (I.FirstRelease.isValid() && !SameSite)
    F.Notes.push_back({I.FirstRelease, "first released here"});
  emit(F);
}

void FunctionAnalysis::reportFieldsReleasedTwice(unsigned Id, const CallExpr *CE,
                                                 const ValueDecl *FieldA,
                                                 const ValueDecl *FieldB) {
  Finding F;
  F.Category = LintCategory::DoubleRelease;
  F.Loc = CE->getBeginLoc();
  F.Tensor = Ids[Id].Site ? (const void *)Ids[Id].Site : (const void *)Ids[Id].ParamDecl;
  F.TensorPart = Ids[Id].FilledField;
  F.Message = describe(Id) + " is released twice: '" + calleeName(CE) + "' releases field '" +
              FieldA->getNameAsString() + "' and field '" + FieldB->getNameAsString() +
              "', which hold the same tensor";
  addCreationNote(F, Id);
  emit(F);
}

void FunctionAnalysis::reportHeldDoubleRelease(const Expr *First, const Expr *At) {
  Finding F;
  F.Category = LintCategory::DoubleRelease;
  F.Loc = At->getBeginLoc();
  F.Tensor = First;
  F.Message = "the tensor " + heldText(First) + " is released twice";
  F.Notes.push_back({First->getBeginLoc(), "first released here"});
  emit(F);
}

void FunctionAnalysis::reportHeldUseAfterRelease(const Expr *Released, const Expr *At,
                                                 const std::string &How) {
  Finding F;
  F.Category = LintCategory::UseAfterRelease;
  F.Loc = At->getBeginLoc();
  F.Tensor = Released;
  F.Message = "the tensor " + heldText(Released) + " is " + How + " after it was released";
  F.Notes.push_back({Released->getBeginLoc(), "released here"});
  emit(F);
}

std::string FunctionAnalysis::heldText(const Expr *Released) const {
  const auto *DRE = dyn_cast<DeclRefExpr>(Released->IgnoreParenCasts());
  return DRE ? "'" + DRE->getDecl()->getNameAsString() + "' holds" : "it holds";
}

void FunctionAnalysis::reportUseAfterRelease(unsigned Id, const Status &St,
                                             const Expr *At, const std::string &How,
                                             bool ViaOwner) {
  const Identity &I = Ids[Id];
  Finding F;
  F.Category = LintCategory::UseAfterRelease;
  F.Loc = At->getBeginLoc();
  F.Tensor = I.Site ? (const void *)I.Site : (const void *)I.ParamDecl;
  F.TensorPart = I.FilledField;
  if (ViaOwner) {
    F.Message = describe(Id) + " is " + How + " after the tensor it belongs to was released";
    addCreationNote(F, Id);
    if (I.Parent >= 0) {
      if (Ids[I.Parent].FirstRelease.isValid())
        F.Notes.push_back({Ids[I.Parent].FirstRelease, "its owner is released here"});
    }
  } else {
    F.Message = describe(Id) + " is " + How + " after it was released";
    bool Later = I.FirstRelease.isValid() &&
                 SM.isBeforeInTranslationUnit(F.Loc, I.FirstRelease);
    if (Later)
      F.Message += " on an earlier loop iteration";
    std::string When = whenText(St, SReleased);
    if (!When.empty())
      F.Message += "; released" + When;
    addCreationNote(F, Id);
    if (I.FirstRelease.isValid())
      F.Notes.push_back({I.FirstRelease, "released here"});
  }
  emit(F);
}

void FunctionAnalysis::reportUseAfterConsume(unsigned Id, const Expr *At,
                                             const std::string &How,
                                             const std::string &When) {
  const Identity &I = Ids[Id];
  Finding F;
  F.Category = LintCategory::UseAfterRelease;
  F.Loc = At->getBeginLoc();
  F.Tensor = I.Site ? (const void *)I.Site : (const void *)I.ParamDecl;
  F.TensorPart = I.FilledField;
  std::string Taker = I.ConsumedBy ? "'" + calleeName(I.ConsumedBy) + "'" : "a function";
  F.Message = describe(Id) + " is " + How + " after it was passed to " + Taker +
              ", which takes ownership (and may have released it)" + When;
  addCreationNote(F, Id);
  if (I.ConsumedBy)
    F.Notes.push_back({I.ConsumedBy->getBeginLoc(), "ownership taken here"});
  emit(F);
}

void FunctionAnalysis::reportBorrowedRelease(unsigned Id, const Status &St,
                                             const Expr *At, const std::string &When) {
  const Identity &I = Ids[Id];
  Finding F;
  F.Category = LintCategory::BorrowedRelease;
  F.Loc = At->getBeginLoc();
  F.Tensor = I.Site;
  F.TensorPart = I.FilledField;
  if (I.K == Identity::View)
    F.Message = "releasing " + describe(Id) +
                ", which belongs to the tensor it was taken from: never release a view";
  else
    F.Message = "releasing " + describe(Id) +
                ", which this function no longer owns: it was passed to a function "
                "that takes ownership";
  F.Message += When;
  addCreationNote(F, Id);
  emit(F);
}

void FunctionAnalysis::reportScopeEscape(unsigned Id, const Expr *At,
                                         const char *Where) {
  Finding F;
  F.Category = LintCategory::ScopeEscape;
  F.Loc = At->getBeginLoc();
  F.Tensor = Ids[Id].Site;
  F.TensorPart = Ids[Id].FilledField;
  std::string Fn = FD->getNameAsString();
  F.Message = describe(Id) + " belongs to the automatic scope of '" + Fn +
              "' but is " + Where + ": the scope releases it when '" + Fn +
              "' returns while it is still reachable (detach it first)";
  addCreationNote(F, Id);
  emit(F);
}

} // namespace tscope
