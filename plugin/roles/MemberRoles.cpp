//===- MemberRoles.cpp - roles of function-pointer members (API tables) ---===//
#include "MemberRoles.h"
#include "RoleTable.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecordLayout.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace tscope {

std::string recordName(const clang::RecordDecl *RD) {
  if (!RD)
    return "";
  if (RD->getIdentifier())
    return RD->getQualifiedNameAsString();
  if (const clang::TypedefNameDecl *TD = RD->getTypedefNameForAnonDecl())
    return TD->getQualifiedNameAsString();
  return "";
}

static const clang::FunctionType *pointedFunction(const clang::FieldDecl *FD) {
  clang::QualType T = FD->getType().getCanonicalType();
  if (const auto *PT = T->getAs<clang::PointerType>())
    return PT->getPointeeType()->getAs<clang::FunctionType>();
  return nullptr;
}

bool isFunctionPointerField(const clang::FieldDecl *FD) {
  return FD && pointedFunction(FD);
}

const clang::FunctionProtoType *memberPrototype(const clang::FieldDecl *FD) {
  return llvm::dyn_cast_or_null<clang::FunctionProtoType>(pointedFunction(FD));
}

std::string memberKey(const clang::FieldDecl *FD) {
  if (!isFunctionPointerField(FD) || !FD->getIdentifier())
    return "";
  std::string Rec = recordName(FD->getParent());
  if (Rec.empty())
    return "";
  return Rec + "::" + FD->getName().str();
}

const clang::MemberExpr *calledMemberExpr(const clang::CallExpr *CE) {
  if (CE->getDirectCallee())
    return nullptr;
  const clang::Expr *E = CE->getCallee();
  // `(*api->f)(x)` and `(**api->f)(x)` call the same pointer as `api->f(x)`.
  for (;;) {
    E = E->IgnoreParenCasts();
    const auto *UO = llvm::dyn_cast<clang::UnaryOperator>(E);
    if (!UO || UO->getOpcode() != clang::UO_Deref)
      break;
    E = UO->getSubExpr();
  }
  return llvm::dyn_cast<clang::MemberExpr>(E);
}

const clang::FieldDecl *calledMember(const clang::CallExpr *CE) {
  const clang::MemberExpr *ME = calledMemberExpr(CE);
  return ME ? llvm::dyn_cast<clang::FieldDecl>(ME->getMemberDecl()) : nullptr;
}

const FunctionRoles *rolesOfCall(const RoleTable &Roles, const clang::CallExpr *CE) {
  if (const clang::FunctionDecl *Callee = CE->getDirectCallee())
    return Roles.lookup(Callee);
  if (const clang::FieldDecl *FD = calledMember(CE)) {
    std::string Key = memberKey(FD);
    if (const FunctionRoles *R = Key.empty() ? nullptr : Roles.lookup(Key))
      return R;
  }
  // An indirect call spelled through a macro with roles (MacroRoles.h).
  llvm::StringRef Macro = Roles.macroCallKey(CE);
  return Macro.empty() ? nullptr : Roles.lookup(Macro);
}

const clang::FieldDecl *findFunctionPointerMember(const clang::RecordDecl *RD,
                                                  llvm::StringRef Name,
                                                  std::string *Suggestion) {
  const clang::RecordDecl *Def = RD ? RD->getDefinition() : nullptr;
  if (!Def)
    return nullptr;
  unsigned Best = 3; // at most two edits
  for (const clang::FieldDecl *F : Def->fields()) {
    if (!isFunctionPointerField(F) || !F->getIdentifier())
      continue;
    if (F->getName() == Name)
      return F;
    unsigned D = Name.edit_distance(F->getName(), true, Best);
    if (Suggestion && D < Best) {
      Best = D;
      *Suggestion = F->getName().str();
    }
  }
  return nullptr;
}

uint64_t memberOffset(const clang::FieldDecl *FD) {
  return FD->getASTContext().getFieldOffset(FD) / 8;
}

} // namespace tscope
