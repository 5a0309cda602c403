//===- ReleaseCallText.cpp - the release statement a leak fix-it inserts --===//
//
// A create's release is a function (`t_free(t);`), a member of the created
// object (`release: '->deleter'`: `t->deleter(t);`), or a member of the API
// table the create was called through (`release: OrtApi::ReleaseValue`:
// `g_ort->ReleaseValue(v);`, spelled with the create's own table
// expression).  A fix-it is offered only when its text compiles where it
// goes: the table expression must be a plain variable (no call to repeat)
// that is in scope there.
//
//===----------------------------------------------------------------------===//
#include "FunctionAnalysis.h"
#include "../roles/MemberRoles.h"

#include "clang/AST/Expr.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace tscope {

/// The variable a table expression reads (`g_ort`, `*api`, `(api)`), or null
/// when it is anything else (a call, an array element, a member).
static const ValueDecl *tableVariable(const Expr *Base) {
  for (;;) {
    Base = Base->IgnoreParenImpCasts();
    const auto *UO = dyn_cast<UnaryOperator>(Base);
    if (!UO || UO->getOpcode() != UO_Deref)
      break;
    Base = UO->getSubExpr();
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(Base);
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

std::string FunctionAnalysis::releaseCallText(const Identity &I, const ValueDecl *Holder,
                                              SourceLocation At) const {
  StringRef Release = I.OutParam ? outReleaseOf(*I.Roles) : I.Roles->ReleaseFunction;
  std::string Var = Holder->getNameAsString();
  if (Release.consume_front(ObjectMemberPrefix))
    return Var + "->" + Release.str() + "(" + Var + ");";
  if (!Roles.memberOffset(Release))
    return Release.str() + "(" + Var + ");";
  // A member of the table: reuse the create's own `table->` spelling.
  const auto *CE = dyn_cast_or_null<CallExpr>(I.Site);
  const MemberExpr *ME = CE ? calledMemberExpr(CE) : nullptr;
  if (!ME)
    return "";
  size_t Split = Release.rfind("::");
  const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
  if (Split == StringRef::npos || !Field ||
      recordName(Field->getParent()) != Release.take_front(Split))
    return ""; // created through another table
  const auto *Table = dyn_cast_or_null<VarDecl>(tableVariable(ME->getBase()));
  if (!Table || (Table->hasLocalStorage() && !inScopeAt(Table, At)))
    return "";
  CharSourceRange Range = CharSourceRange::getTokenRange(ME->getBase()->getSourceRange());
  if (Range.getBegin().isMacroID() || Range.getEnd().isMacroID())
    return "";
  StringRef Base = Lexer::getSourceText(Range, SM, Ctx.getLangOpts());
  if (Base.empty())
    return "";
  return Base.str() + (ME->isArrow() ? "->" : ".") + Release.drop_front(Split + 2).str() +
         "(" + Var + ");";
}

} // namespace tscope
