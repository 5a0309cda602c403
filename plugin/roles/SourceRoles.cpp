//===- SourceRoles.cpp - TSCOPE_* annotations and ownership_* attributes --===//
#include "SourceRoles.h"
#include "RoleDiagnostics.h"
#include "StatusConditionParse.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"

namespace tscope {
namespace {

/// What each known annotation takes as argument.
enum class AnnotationKind {
  Unknown,
  Creates,     // no argument
  CreatesOut,  // parameter index
  Releases,    // parameter index
  Retains,     // parameter index
  Consumes,    // parameter index
  Detaches,    // parameter index
  Borrows,     // parameter index
  ReleasedBy,  // function name (string)
  Success,     // when a creates_out call made its tensor (a word, string)
  Auto,        // no argument
  AutoLoops,   // no argument
  NoLint,      // no argument
};

AnnotationKind kindOf(llvm::StringRef Name) {
  return llvm::StringSwitch<AnnotationKind>(Name)
      .Case("tscope_creates", AnnotationKind::Creates)
      .Case("tscope_creates_out", AnnotationKind::CreatesOut)
      .Case("tscope_releases", AnnotationKind::Releases)
      .Case("tscope_retains", AnnotationKind::Retains)
      .Case("tscope_consumes", AnnotationKind::Consumes)
      .Case("tscope_detaches", AnnotationKind::Detaches)
      .Case("tscope_borrows", AnnotationKind::Borrows)
      .Case("tscope_released_by", AnnotationKind::ReleasedBy)
      .Case("tscope_success", AnnotationKind::Success)
      .Case("tscope_auto", AnnotationKind::Auto)
      .Case("tscope_auto_loops", AnnotationKind::AutoLoops)
      .Case("tscope_no_lint", AnnotationKind::NoLint)
      .Default(AnnotationKind::Unknown);
}

bool takesIndex(AnnotationKind K) {
  switch (K) {
  case AnnotationKind::CreatesOut:
  case AnnotationKind::Releases:
  case AnnotationKind::Retains:
  case AnnotationKind::Consumes:
  case AnnotationKind::Detaches:
  case AnnotationKind::Borrows:
    return true;
  default:
    return false;
  }
}

/// Parameters as the 1-based indexes count them: `this` first for C++
/// member functions with an implicit object, as Clang's ownership_* do.
unsigned indexableParams(const clang::FunctionDecl *FD) {
  unsigned N = FD->getNumParams();
  if (const auto *MD = llvm::dyn_cast<clang::CXXMethodDecl>(FD))
    if (MD->isImplicitObjectMemberFunction())
      ++N;
  return N;
}

std::string nameOf(const clang::FunctionDecl *FD) {
  return FD->getQualifiedNameAsString();
}

const clang::StringLiteral *asString(const clang::Expr *E) {
  if (const auto *CE = llvm::dyn_cast<clang::ConstantExpr>(E))
    E = CE->getSubExpr();
  return llvm::dyn_cast<clang::StringLiteral>(E->IgnoreParenImpCasts());
}

class AnnotationReader {
public:
  AnnotationReader(const clang::FunctionDecl *FD, RoleDiagnostics &Diags,
                   SourceFacts &Facts)
      : FD(FD), Ctx(FD->getASTContext()), Diags(Diags), Facts(Facts) {}

  void read(const clang::AnnotateAttr *A) {
    llvm::StringRef Name = A->getAnnotation();
    if (!Name.starts_with_insensitive("tscope"))
      return;
    // Inherited copies (on redeclarations) were diagnosed where written.
    bool Loud = !A->isInherited();
    AnnotationKind Kind = kindOf(Name);
    if (Kind == AnnotationKind::Unknown) {
      if (Loud)
        Diags.warning(A->getLocation(),
                      "unknown TensorScope annotation '" + Name + "' on '" +
                          nameOf(FD) + "' is ignored");
      return;
    }
    unsigned NumArgs = A->args_size();
    bool TakesString = Kind == AnnotationKind::ReleasedBy || Kind == AnnotationKind::Success;
    unsigned Wanted = (takesIndex(Kind) || TakesString) ? 1 : 0;
    if (NumArgs != Wanted) {
      if (Loud)
        Diags.error(A->getLocation(),
                    "annotation '" + Name + "' on '" + nameOf(FD) + "' takes " +
                        (Wanted ? (Kind == AnnotationKind::ReleasedBy ? "one function name"
                                   : Kind == AnnotationKind::Success  ? "one success condition"
                                                                      : "one parameter index")
                                : "no arguments") +
                        ", not " + llvm::Twine(NumArgs));
      return;
    }
    if (Kind == AnnotationKind::ReleasedBy) {
      readReleasedBy(A, Name, Loud);
      return;
    }
    if (Kind == AnnotationKind::Success) {
      readSuccess(A, Name, Loud);
      return;
    }
    unsigned Index = 0;
    if (takesIndex(Kind) && !readIndex(A, Name, Loud, Index))
      return;
    apply(Kind, Index);
  }

private:
  bool readIndex(const clang::AnnotateAttr *A, llvm::StringRef Name, bool Loud,
                 unsigned &Index) {
    const clang::Expr *Arg = *A->args_begin();
    std::optional<llvm::APSInt> Value;
    if (!Arg->isValueDependent())
      Value = Arg->getIntegerConstantExpr(Ctx);
    if (!Value) {
      if (Loud)
        Diags.error(Arg->getExprLoc(), "annotation '" + Name + "' on '" +
                                           nameOf(FD) +
                                           "' needs an integer parameter index");
      return false;
    }
    unsigned Params = indexableParams(FD);
    if (Value->isSigned() ? Value->getSExtValue() < 1 || Value->getSExtValue() > (int64_t)Params
                          : Value->getZExtValue() < 1 || Value->getZExtValue() > Params) {
      if (Loud)
        Diags.error(Arg->getExprLoc(),
                    "parameter index " + llvm::Twine(Value->getSExtValue()) +
                        " of annotation '" + Name + "' on '" + nameOf(FD) +
                        "' is out of range: the function has " +
                        llvm::Twine(Params) + " parameter" +
                        (Params == 1 ? "" : "s") +
                        " (indexes are 1-based)");
      return false;
    }
    Index = (unsigned)Value->getZExtValue();
    return true;
  }

  void readReleasedBy(const clang::AnnotateAttr *A, llvm::StringRef Name,
                      bool Loud) {
    const clang::Expr *Arg = *A->args_begin();
    const clang::StringLiteral *S = asString(Arg);
    if (!S || S->getString().empty()) {
      if (Loud)
        Diags.error(Arg->getExprLoc(), "annotation '" + Name + "' on '" +
                                           nameOf(FD) +
                                           "' needs a function name");
      return;
    }
    Facts.ReleasedBy = S->getString().str();
    Facts.ReleasedByLoc = A->getLocation();
  }

  // TSCOPE_SUCCESS(returns_zero): what an API file's `success:` says, for
  // a TSCOPE_CREATES_OUT function (readSourceRoles checks that it is one).
  void readSuccess(const clang::AnnotateAttr *A, llvm::StringRef Name, bool Loud) {
    const clang::Expr *Arg = *A->args_begin();
    const clang::StringLiteral *S = asString(Arg);
    if (S && parseSuccessWord(S->getString(), Facts.Annotated.Success)) {
      if (Loud)
        Facts.SuccessLoc = A->getLocation();
      return;
    }
    if (Loud)
      Diags.error(Arg->getExprLoc(),
                  "annotation '" + Name + "' on '" + nameOf(FD) + "' needs one of " +
                      SuccessWordList + (S ? ", not '" + S->getString() + "'" : llvm::Twine("")));
  }

  void apply(AnnotationKind Kind, unsigned Index) {
    FunctionRoles &R = Facts.Annotated;
    auto add = [](std::vector<unsigned> &V, unsigned I) {
      if (!llvm::is_contained(V, I))
        V.push_back(I);
    };
    switch (Kind) {
    case AnnotationKind::Creates: R.Creates = true; break;
    case AnnotationKind::CreatesOut: R.CreatesOut = Index; break;
    case AnnotationKind::Releases: add(R.Releases, Index); break;
    case AnnotationKind::Retains: add(R.Retains, Index); break;
    case AnnotationKind::Consumes: add(R.Consumes, Index); break;
    case AnnotationKind::Detaches: add(R.Detaches, Index); break;
    case AnnotationKind::Borrows: R.Borrows = Index; break;
    case AnnotationKind::Auto: R.AutoScope = true; break;
    case AnnotationKind::AutoLoops:
      // Loop scopes live inside the function's scope.
      R.AutoScope = true;
      R.AutoLoops = true;
      break;
    case AnnotationKind::NoLint: R.NoLint = true; break;
    case AnnotationKind::ReleasedBy:
    case AnnotationKind::Success:
    case AnnotationKind::Unknown: break;
    }
  }

  const clang::FunctionDecl *FD;
  clang::ASTContext &Ctx;
  RoleDiagnostics &Diags;
  SourceFacts &Facts;
};

void readOwnership(const clang::OwnershipAttr *A, SourceFacts &Facts) {
  FunctionRoles &R = Facts.Ownership;
  std::string Module = A->getModule() ? A->getModule()->getName().str() : "";
  // Sema already checked the indexes against the parameters.
  switch (A->getOwnKind()) {
  case clang::OwnershipAttr::Returns:
    R.Creates = true;
    Facts.ReturnsModule = Module;
    break;
  case clang::OwnershipAttr::Takes:
    for (const clang::ParamIdx &I : A->args())
      if (!llvm::is_contained(R.Releases, I.getSourceIndex()))
        R.Releases.push_back(I.getSourceIndex());
    Facts.TakesModules.push_back(Module);
    break;
  case clang::OwnershipAttr::Holds:
    for (const clang::ParamIdx &I : A->args())
      if (!llvm::is_contained(R.Consumes, I.getSourceIndex()))
        R.Consumes.push_back(I.getSourceIndex());
    break;
  }
}

} // namespace

SourceFacts readSourceRoles(const clang::FunctionDecl *FD,
                            const std::string &Key, RoleDiagnostics &Diags) {
  SourceFacts Facts;
  Facts.Annotated.Name = Facts.Ownership.Name = Key;
  Facts.Annotated.DisplayName = Facts.Ownership.DisplayName = nameOf(FD);
  Facts.Annotated.Source = RoleSource::Annotation;
  Facts.Ownership.Source = RoleSource::OwnershipAttr;
  if (!FD->hasAttrs())
    return Facts;
  AnnotationReader Reader(FD, Diags, Facts);
  for (const clang::Attr *A : FD->attrs()) {
    if (const auto *Ann = llvm::dyn_cast<clang::AnnotateAttr>(A))
      Reader.read(Ann);
    else if (const auto *Own = llvm::dyn_cast<clang::OwnershipAttr>(A))
      readOwnership(Own, Facts);
  }
  if (!Facts.Annotated.CreatesOut && Facts.Annotated.Success != SuccessCondition::Always) {
    if (Facts.SuccessLoc.isValid())
      Diags.warning(Facts.SuccessLoc,
                    "annotation 'tscope_success' on '" + nameOf(FD) +
                        "' is ignored: it says when a TSCOPE_CREATES_OUT function made its "
                        "tensor, and '" + nameOf(FD) + "' is not one");
    Facts.Annotated.Success = SuccessCondition::Always;
  }
  return Facts;
}

} // namespace tscope
