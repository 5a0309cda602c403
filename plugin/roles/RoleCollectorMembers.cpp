//===- RoleCollectorMembers.cpp - API tables, member releases, macros -----===//
//
// The part of RoleCollector about function-pointer members (MemberRoles.h):
// `name: OrtApi::ReleaseValue` entries, `match:` patterns that contain `::`,
// and the checks of every `release:` of a create the translation unit uses:
// a function that is declared, a member `Rec::field` that `Rec` has, or a
// member `->field` of the created object.  A release that names nothing the
// compile can call is an error here, never a link error or a fix-it that
// does not compile.
//
//===----------------------------------------------------------------------===//
#include "MacroRoles.h"
#include "MemberRoles.h"
#include "RoleCollector.h"

#include "clang/Lex/Preprocessor.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

namespace tscope {

void RoleCollector::addMembers(const clang::RecordDecl *RD) {
  if (ApiFiles.empty() || !RD->isCompleteDefinition() || RD->isInvalidDecl() ||
      RD->isDependentContext())
    return;
  std::string Rec;
  for (const clang::FieldDecl *F : RD->fields()) {
    if (!F->getIdentifier() || !isFunctionPointerField(F))
      continue;
    if (Rec.empty()) {
      Rec = recordName(RD);
      if (Rec.empty())
        return;
      Records.try_emplace(Rec, RD);
    }
    std::string Key = Rec + "::" + F->getName().str();
    auto Exact = ExactEntries.find(Key);
    if (Exact != ExactEntries.end())
      for (ApiEntry *E : Exact->second)
        applyMemberEntry(*E, F, Key);
    // Patterns reach members only when they say so with '::': a function
    // pattern such as '_clone$' must not start matching struct members.
    for (ApiEntry *E : MemberRegexEntries)
      if (E->Filter.mayMatch(Key) && E->Compiled->search(Key))
        applyMemberEntry(*E, F, Key);
  }
}

void RoleCollector::applyMemberEntry(ApiEntry &E, const clang::FieldDecl *F,
                                     const std::string &Key) {
  ++E.Uses;
  const clang::FunctionProtoType *Proto = memberPrototype(F);
  if (E.Param && Proto && *E.Param > Proto->getNumParams()) {
    unsigned Params = Proto->getNumParams();
    Diags.error(F->getLocation(),
                "API description " + E.Origin + ": 'param: " + llvm::Twine(*E.Param) +
                    "' of role '" + apiRoleName(E.Role) + "' is out of range for member '" +
                    Key + "', a pointer to a function of " + llvm::Twine(Params) +
                    " parameter" + (Params == 1 ? "" : "s"));
    return;
  }
  Table.merge(rolesFromEntry(E, Key, Key));
  Table.setMemberOffset(Key, memberOffset(F));
  DeclaredNames.try_emplace(Key, Key);
  noteApiCreate(E, Key, F, Proto, Proto ? Proto->getReturnType() : clang::QualType());
}

/// The struct a pointer of type `T` points to, or null.
static const clang::RecordDecl *pointedRecord(clang::QualType T) {
  if (T.isNull())
    return nullptr;
  const auto *PT = T.getCanonicalType()->getAs<clang::PointerType>();
  return PT ? PT->getPointeeType()->getAsRecordDecl() : nullptr;
}

void RoleCollector::noteApiCreate(const ApiEntry &E, const std::string &Key,
                                  const clang::Decl *D,
                                  const clang::FunctionProtoType *Proto,
                                  clang::QualType Result) {
  if (E.Role != ApiRole::Creates && E.Role != ApiRole::CreatesOut)
    return;
  ApiCreate &C = ApiCreates[Key];
  if (!C.D)
    C.D = D;
  if (E.Role == ApiRole::Creates) {
    C.Returned = pointedRecord(Result);
  } else if (Proto && E.Param && *E.Param <= Proto->getNumParams()) {
    clang::QualType OutParam = Proto->getParamType(*E.Param - 1).getCanonicalType();
    if (const auto *PT = OutParam->getAs<clang::PointerType>())
      C.Out = pointedRecord(PT->getPointeeType());
  }
}

std::string memberReleaseOffsetKey(llvm::StringRef Create, llvm::StringRef Release,
                                   bool Out) {
  return (Create + (Out ? "[out]" : "") + Release).str();
}

// `release: '->deleter'`: the created object's own function-pointer member.
bool RoleCollector::checkObjectMemberRelease(const FunctionRoles &R, llvm::StringRef Name,
                                             bool Out, const clang::RecordDecl *Created) {
  llvm::StringRef Member = Name.drop_front(ObjectMemberPrefix.size());
  std::string Head = "API description " + R.Origin + ": 'release: " + Name.str() +
                     "' of '" + R.DisplayName + "': ";
  if (!Created) {
    Diags.error(clang::SourceLocation(),
                Head + "it does not create a pointer to a struct, so there is no member '" +
                    Member + "' to call");
    return false;
  }
  std::string Suggestion;
  const clang::FieldDecl *F = findFunctionPointerMember(Created, Member, &Suggestion);
  std::string Type = "'" + recordName(Created) + "'";
  if (!F) {
    Diags.error(clang::SourceLocation(),
                Head + Type + " has no function-pointer member '" + Member + "'" +
                    (Suggestion.empty() ? std::string() : " (did you mean '->" + Suggestion + "'?)"));
    return false;
  }
  const clang::FunctionProtoType *Proto = memberPrototype(F);
  if (Proto && Proto->getNumParams() != 1) {
    Diags.error(clang::SourceLocation(),
                Head + "member '" + Member + "' of " + Type + " takes " +
                    llvm::Twine(Proto->getNumParams()) +
                    " parameters; a release member is called with the object alone");
    return false;
  }
  Table.setMemberOffset(memberReleaseOffsetKey(R.Name, Name, Out), memberOffset(F));
  return true;
}

// `release: OrtApi::ReleaseValue`: a member of a table, called through the
// same table the create was called through.
bool RoleCollector::checkTableMemberRelease(const FunctionRoles &R, llvm::StringRef Name) {
  size_t Split = Name.rfind("::");
  llvm::StringRef Rec = Name.take_front(Split), Member = Name.drop_front(Split + 2);
  std::string Head = "API description " + R.Origin + ": release '" + Name.str() +
                     "' of '" + R.DisplayName + "'";
  auto It = Records.find(Rec);
  if (It == Records.end()) {
    Diags.error(clang::SourceLocation(),
                Head + " names a member of '" + Rec + "', and no struct '" + Rec +
                    "' with function-pointer members is declared in this translation unit");
    return false;
  }
  std::string Suggestion;
  const clang::FieldDecl *F = findFunctionPointerMember(It->second, Member, &Suggestion);
  if (!F) {
    Diags.error(clang::SourceLocation(),
                Head + ": '" + Rec + "' has no function-pointer member '" + Member + "'" +
                    (Suggestion.empty() ? std::string()
                                        : " (did you mean '" + Rec.str() + "::" + Suggestion + "'?)"));
    return false;
  }
  Table.setMemberOffset(Name, memberOffset(F));
  return true;
}

std::string RoleCollector::suggestReleaseName(llvm::StringRef Name,
                                              const clang::RecordDecl *Created) const {
  if (Created && findFunctionPointerMember(Created, Name, nullptr))
    return " (did you mean '->" + Name.str() + "', the member of '" +
           recordName(Created) + "' that releases it?)";
  std::string Best;
  unsigned BestDistance = 3;
  for (const auto &Declared : DeclaredNames) {
    unsigned D = Name.edit_distance(Declared.first(), true, BestDistance);
    if (D < BestDistance) {
      BestDistance = D;
      Best = Declared.first().str();
    }
  }
  return Best.empty() ? "" : " (did you mean '" + Best + "'?)";
}

void RoleCollector::checkApiRelease(const FunctionRoles &R, llvm::StringRef Name, bool Out,
                                    const clang::Decl *D, const clang::RecordDecl *Created) {
  if (Name.empty())
    return;
  if (Name.starts_with(ObjectMemberPrefix)) {
    checkObjectMemberRelease(R, Name, Out, Created);
    return;
  }
  if (!keyOfName(Name).empty() || Table.lookup(Name))
    return; // a declared function (or a described member)
  if (Name.contains("::") && !Name.ends_with("::")) {
    checkTableMemberRelease(R, Name);
    return;
  }
  if (!D->isReferenced())
    return; // api-check warns about it
  Diags.error(clang::SourceLocation(),
              "API description " + R.Origin + ": release function '" + Name + "' of '" +
                  R.DisplayName + "' is not declared in this translation unit" +
                  suggestReleaseName(Name, Created));
}

void RoleCollector::checkApiReleases() {
  for (auto &Entry : ApiCreates) {
    const FunctionRoles *R = Table.lookup(Entry.first());
    const ApiCreate &C = Entry.second;
    if (!R || !C.D)
      continue;
    // Only what this TU uses can reach a fix-it or the instrumentation;
    // api-check and dump-roles look at every declaration.
    if (!C.D->isReferenced() && !Opts.ApiCheck && !Opts.DumpRoles)
      continue;
    if (R->Creates)
      checkApiRelease(*R, R->ReleaseFunction, false, C.D, C.Returned);
    if (R->CreatesOut)
      checkApiRelease(*R, outReleaseOf(*R), true, C.D, C.Out);
  }
}

} // namespace tscope

// ---- Macros (MacroRoles.h) ------------------------------------------------

namespace tscope {

void RoleCollector::applyMacroEntries() {
  for (ApiEntry *E : MacroEntries) {
    if (PP) {
      clang::IdentifierTable &Ids = PP->getIdentifierTable();
      auto It = Ids.find(E->Macro);
      if (It != Ids.end() && It->second && It->second->hasMacroDefinition())
        ++E->Uses;
    }
    Table.merge(rolesFromEntry(*E, macroKey(E->Macro), E->Macro));
  }
}

void RoleCollector::findMacroCalls(clang::ASTContext &Ctx) {
  bool AnyDefined = false;
  for (const ApiEntry *E : MacroEntries)
    AnyDefined |= E->Uses != 0;
  if (AnyDefined)
    tscope::findMacroCalls(Ctx, Table);
}

} // namespace tscope
