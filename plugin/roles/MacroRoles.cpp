//===- MacroRoles.cpp - roles of calls spelled through macros -------------===//
#include "MacroRoles.h"
#include "RoleTable.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace tscope {

std::string macroKey(llvm::StringRef Name) { return ("#" + Name).str(); }

namespace {

/// A call at IR through a pointer: no function named, even through casts.
bool isIndirect(const CallExpr *CE) {
  if (CE->getDirectCallee() || CE->getBuiltinCallee())
    return false;
  const Expr *Callee = CE->getCallee()->IgnoreParenCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Callee))
    if (UO->getOpcode() == UO_AddrOf || UO->getOpcode() == UO_Deref)
      Callee = UO->getSubExpr()->IgnoreParenCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Callee))
    return !isa<FunctionDecl>(DRE->getDecl());
  return true;
}

/// Walks a function body in evaluation order (children before the call,
/// callee before arguments), skipping what is never evaluated.
class PostOrderCalls : public RecursiveASTVisitor<PostOrderCalls> {
public:
  bool shouldTraversePostOrder() const { return true; }
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *) { return true; }
  bool TraverseGenericSelectionExpr(GenericSelectionExpr *G) {
    return G->isResultDependent() || TraverseStmt(G->getResultExpr());
  }
  bool VisitCallExpr(CallExpr *CE) {
    Calls.push_back(CE);
    return true;
  }
  std::vector<const CallExpr *> Calls;
};

/// Pre-order: outer calls first, so each macro expansion is claimed by its
/// outermost call.
class PreOrderCalls : public RecursiveASTVisitor<PreOrderCalls> {
public:
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *) { return true; }
  bool VisitCallExpr(CallExpr *CE) {
    if (CE->getBeginLoc().isMacroID())
      Calls.push_back(CE);
    return true;
  }
  std::vector<const CallExpr *> Calls;
};

class Finder {
public:
  Finder(ASTContext &Ctx, RoleTable &Table)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Table(Table) {}

  void function(const FunctionDecl *FD) {
    PreOrderCalls Pre;
    Pre.TraverseStmt(FD->getBody());
    bool AnyIndirect = false;
    for (const CallExpr *CE : Pre.Calls) {
      std::string Key = claim(CE);
      if (Key.empty())
        continue;
      giveRoles(CE, Key);
      AnyIndirect |= isIndirect(CE) && !Table.macroCallKey(CE).empty();
    }
    if (AnyIndirect)
      listIndirectCalls(FD);
  }

private:
  /// The key of the outermost macro with roles whose expansion `CE` is the
  /// outermost call of, or "".
  std::string claim(const CallExpr *CE) {
    std::string Key;
    SourceLocation L = CE->getBeginLoc();
    while (L.isMacroID()) {
      if (SM.isMacroArgExpansion(L)) {
        L = SM.getImmediateSpellingLoc(L); // where the argument was written
        continue;
      }
      SourceLocation Start = SM.getImmediateExpansionRange(L).getBegin();
      if (!Claimed.insert(Start.getRawEncoding()).second)
        break; // an outer call of this expansion has it (and the outer ones)
      // The outermost macro with roles names the call: what the program
      // wrote (PyArray_ZEROS, not the PyArray_Zeros it expands to).
      StringRef Name = Lexer::getImmediateMacroName(L, SM, Ctx.getLangOpts());
      std::string K = macroKey(Name);
      if (const FunctionRoles *R = Table.lookup(K))
        if (R->hasTensorRole())
          Key = K;
      L = Start;
    }
    return Key;
  }

  void giveRoles(const CallExpr *CE, const std::string &Key) {
    if (const FunctionDecl *Callee = CE->getDirectCallee()) {
      const FunctionRoles *Own = Table.lookup(Callee);
      if (Own && Own->hasTensorRole())
        return; // a described function keeps its own roles
      FunctionRoles R = *Table.lookup(Key);
      R.Name = Table.keyOf(Callee);
      R.DisplayName = Callee->getQualifiedNameAsString();
      Table.merge(R);
      return;
    }
    Table.setMacroCall(CE, Key);
  }

  void listIndirectCalls(const FunctionDecl *FD) {
    std::string FnKey = Table.keyOf(FD);
    if (FnKey.empty())
      return;
    PostOrderCalls Post;
    Post.TraverseStmt(FD->getBody());
    std::vector<RoleTable::IndirectCallSite> &Out = Table.indirectCallsOf(FnKey);
    Out.clear();
    for (const CallExpr *CE : Post.Calls) {
      if (!isIndirect(CE))
        continue;
      // Where clang's debug location of the call points: the expansion
      // point of its first token.
      PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(CE->getBeginLoc()));
      RoleTable::IndirectCallSite S;
      if (P.isValid()) {
        S.Line = P.getLine();
        S.Column = P.getColumn();
      }
      S.Key = Table.macroCallKey(CE).str();
      Out.push_back(std::move(S));
    }
  }

  ASTContext &Ctx;
  SourceManager &SM;
  RoleTable &Table;
  llvm::DenseSet<unsigned> Claimed; ///< expansions (their start) with a call
};

class Functions : public RecursiveASTVisitor<Functions> {
public:
  explicit Functions(SourceManager &SM) : SM(SM) {}
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->doesThisDeclarationHaveABody() && !FD->isDependentContext() &&
        !SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation())))
      Found.push_back(FD);
    return true;
  }
  bool shouldVisitTemplateInstantiations() const { return true; }
  SourceManager &SM;
  std::vector<const FunctionDecl *> Found;
};

} // namespace

void findMacroCalls(ASTContext &Ctx, RoleTable &Table) {
  Functions All(Ctx.getSourceManager());
  All.TraverseDecl(Ctx.getTranslationUnitDecl());
  Finder F(Ctx, Table);
  for (const FunctionDecl *FD : All.Found)
    F.function(FD);
}

} // namespace tscope
