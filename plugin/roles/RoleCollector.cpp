//===- RoleCollector.cpp --------------------------------------------------===//
#include "RoleCollector.h"
#include "ApiCache.h"
#include "MemberRoles.h"
#include "SourceRoles.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"

namespace tscope {

RoleCollector::RoleCollector(RoleTable &Table, const Options &Opts,
                             RoleDiagnostics &Diags)
    : Table(Table), Opts(Opts), Diags(Diags) {
  if (!Opts.AutoScopeRegex.empty())
    AutoScope.emplace(Opts.AutoScopeRegex); // validated by parsePluginArgs
}

bool RoleCollector::loadApiFiles() {
  bool Ok = true;
  std::string CacheDir = Opts.ApiFiles.empty() ? "" : apiCacheDirectory(Opts.ApiCache);
  for (const std::string &Arg : Opts.ApiFiles) {
    ApiFile File;
    if (!loadApiFileCached(resolveApiPath(Arg), File, Diags, CacheDir)) {
      Ok = false;
      continue;
    }
    ApiFiles.push_back(std::move(File));
  }
  // Index only once the vector stops moving.
  for (ApiFile &File : ApiFiles)
    for (ApiEntry &E : File.Functions) {
      if (E.Compiled) {
        RegexEntries.push_back(&E);
        if (llvm::StringRef(E.Match).contains("::"))
          MemberRegexEntries.push_back(&E);
      }
      else if (!E.Macro.empty())
        MacroEntries.push_back(&E);
      else if (!E.Name.empty())
        ExactEntries[E.Name].push_back(&E);
      else
        SignatureEntries.push_back(&E);
    }
  return Ok;
}

void RoleCollector::collect(const clang::Decl *D) {
  if (const auto *FD = llvm::dyn_cast<clang::FunctionDecl>(D)) {
    addFunction(FD);
    return;
  }
  if (const auto *RD = llvm::dyn_cast<clang::RecordDecl>(D))
    addMembers(RD);
  collectEnumerators(D);
  // Templates have no symbol of their own; their instantiations do.
  if (llvm::isa<clang::FunctionTemplateDecl>(D) ||
      llvm::isa<clang::ClassTemplateDecl>(D))
    return;
  if (llvm::isa<clang::NamespaceDecl>(D) || llvm::isa<clang::LinkageSpecDecl>(D) ||
      llvm::isa<clang::ExportDecl>(D) || llvm::isa<clang::CXXRecordDecl>(D)) {
    const auto *DC = llvm::cast<clang::DeclContext>(D);
    if (const auto *RD = llvm::dyn_cast<clang::CXXRecordDecl>(D))
      if (RD->isDependentContext())
        return;
    for (const clang::Decl *Inner : DC->decls())
      collect(Inner);
  }
}

void RoleCollector::addFunction(const clang::FunctionDecl *FD) {
  // Operators, constructors and conversions are keyed by their mangled
  // names like any function; a deduction guide has no symbol at all.
  if (FD->isDependentContext() || FD->isInvalidDecl() ||
      llvm::isa<clang::CXXDeductionGuideDecl>(FD))
    return;
  std::string Key = Table.keyOf(FD);
  if (Key.empty())
    return;
  const clang::FunctionDecl *Canonical = FD->getCanonicalDecl();
  bool FirstTime = SeenCanonical.insert(Canonical).second;
  if (FD->doesThisDeclarationHaveABody() && !FD->getASTContext().getLangOpts().CPlusPlus)
    DefinedHere[Canonical] = FD; // (read by emitsBody for C only)
  std::string Name = FD->getQualifiedNameAsString();

  SourceFacts Facts = readSourceRoles(FD, Key, Diags);
  if (Facts.any()) {
    if (Facts.Annotated.hasTensorRole() || Facts.Annotated.AutoScope ||
        Facts.Annotated.NoLint)
      Table.merge(Facts.Annotated);
    if (Facts.Ownership.hasTensorRole())
      Table.merge(Facts.Ownership);
    if (!Facts.ReleasedBy.empty())
      ReleasedBy[Key] = {Facts.ReleasedBy, Facts.ReleasedByLoc};
    if (Facts.Ownership.Creates)
      ReturnsModule[Key] = Facts.ReturnsModule;
    for (const std::string &M : Facts.TakesModules) {
      std::vector<std::string> &Keys = TakesByModule[M];
      if (!llvm::is_contained(Keys, Key))
        Keys.push_back(Key);
    }
  }

  if (!FirstTime)
    return;
  DeclaredNames.try_emplace(Name, Key);
  if (!ApiFiles.empty() && !FD->isExternallyVisible())
    Table.setLocalFunction(Key);
  if (FD->getDeclName().isIdentifier() && FD->getName() != Name)
    DeclaredNames.try_emplace(FD->getName(), Key);
  applyExactApiEntries(FD, Key, Name);
  if (!RegexEntries.empty() || !SignatureEntries.empty())
    PendingApi.push_back(FD);
  if (AutoScope && FD->hasBody() && AutoScope->match(Name)) {
    FunctionRoles R;
    R.Name = Key;
    R.DisplayName = Name;
    R.Source = RoleSource::Annotation; // the user asked for it by name
    R.AutoScope = true;
    Table.merge(R);
  }
}

bool RoleCollector::checkEntryParam(const ApiEntry &E,
                                    const clang::FunctionDecl *FD,
                                    llvm::StringRef Name) {
  if (!E.Param)
    return true;
  unsigned Params = FD->getNumParams();
  if (const auto *MD = llvm::dyn_cast<clang::CXXMethodDecl>(FD))
    if (MD->isImplicitObjectMemberFunction())
      ++Params;
  if (*E.Param <= Params)
    return true;
  Diags.error(FD->getLocation(),
              "API description " + E.Origin + ": 'param: " +
                  llvm::Twine(*E.Param) + "' of role '" +
                  apiRoleName(E.Role) + "' is out of range for '" + Name +
                  "', which has " + llvm::Twine(Params) + " parameter" +
                  (Params == 1 ? "" : "s"));
  return false;
}

void RoleCollector::applyApiEntry(ApiEntry &E, const clang::FunctionDecl *FD,
                                  const std::string &Key, llvm::StringRef Name) {
  ++E.Uses;
  if (checkEntryParam(E, FD, Name) && checkOutArrayParams(E, FD, Key, Name)) {
    Table.merge(rolesFromEntry(E, Key, Name));
    noteApiCreate(E, Key, FD, FD->getType()->getAs<clang::FunctionProtoType>(),
                  FD->getReturnType());
  }
}

// `name:` entries cost a hash lookup: applied (and checked) at once, for
// every declaration.
void RoleCollector::applyExactApiEntries(const clang::FunctionDecl *FD,
                                         const std::string &Key,
                                         llvm::StringRef Name) {
  auto Exact = ExactEntries.find(Name);
  if (Exact != ExactEntries.end())
    for (ApiEntry *E : Exact->second)
      if (!E->Sig || E->Sig->matches(FD))
        applyApiEntry(*E, FD, Key, Name);
}

// `match:` entries run a regex per declaration: see applyPendingApiEntries.
void RoleCollector::applyRegexApiEntries(const clang::FunctionDecl *FD,
                                         const std::string &Key,
                                         llvm::StringRef Name) {
  for (ApiEntry *E : RegexEntries)
    if (E->Filter.mayMatch(Name) && E->Compiled->search(Name) &&
        (!E->Sig || E->Sig->matches(FD)))
      applyApiEntry(*E, FD, Key, Name);
}

// `signature:` entries compare types: tried where `match:` entries are.
void RoleCollector::applySignatureApiEntries(const clang::FunctionDecl *FD,
                                             const std::string &Key,
                                             llvm::StringRef Name) {
  for (ApiEntry *E : SignatureEntries)
    if (E->Sig->matches(FD))
      applyApiEntry(*E, FD, Key, Name);
}

std::string RoleCollector::keyOfName(llvm::StringRef Name) const {
  auto It = DeclaredNames.find(Name);
  return It == DeclaredNames.end() ? std::string() : It->second;
}

// Whether the TU emits FD's body even when nothing uses it: a definition
// in the main file, or one that is not inline (a header's inline functions
// are emitted only where used, and then they are referenced).
bool RoleCollector::emitsBody(const clang::FunctionDecl *FD) const {
  const clang::FunctionDecl *Def = nullptr;
  if (!FD->getASTContext().getLangOpts().CPlusPlus) {
    auto It = DefinedHere.find(FD->getCanonicalDecl());
    if (It == DefinedHere.end())
      return false;
    Def = It->second;
  } else if (!FD->isDefined(Def)) {
    return false;
  }
  const clang::SourceManager &SM = Def->getASTContext().getSourceManager();
  return SM.isInMainFile(SM.getExpansionLoc(Def->getLocation())) || !Def->isInlined();
}

// Roles only matter where a function is called, has its address taken or
// is defined (its own body is instrumented by its roles); clang marks the
// first two as referenced by the end of the TU, so `match:` entries are
// tried on those declarations only.  Dumping the roles and api-check (which
// reports entries that matched no declaration, and is the way to check an
// API file against a library's headers) still try every declaration.
void RoleCollector::applyPendingApiEntries() {
  bool Everything = Opts.DumpRoles || Opts.ApiCheck;
  for (const clang::FunctionDecl *FD : PendingApi)
    if (Everything || FD->isReferenced() || emitsBody(FD)) {
      std::string Key = Table.keyOf(FD), Name = FD->getQualifiedNameAsString();
      applyRegexApiEntries(FD, Key, Name);
      applySignatureApiEntries(FD, Key, Name);
    }
  PendingApi.clear();
}

void RoleCollector::finish() {
  applyPendingApiEntries();
  applyMacroEntries();
  resolveReleasedBy();
  pairOwnershipModules();
  resolveApiReleaseNames();
  resolveStatusConditions();
  inferMissingReleases();
  checkApiReleases();
  if (Opts.ApiCheck)
    reportUnusedEntries();
}

// TSCOPE_RELEASED_BY(fn) wins over every other source of a release function.
void RoleCollector::resolveReleasedBy() {
  for (auto &Request : ReleasedBy) {
    std::string Key = keyOfName(Request.second.Name);
    if (Key.empty()) {
      Diags.error(Request.second.Loc,
                  "TSCOPE_RELEASED_BY names '" + Request.second.Name +
                      "', which is not declared in this translation unit");
      continue;
    }
    Table.getOrCreate(Request.first(), RoleSource::Annotation).ReleaseFunction =
        Key;
  }
}

// ownership_returns(M) pairs with the ownership_takes(M, i) function; several
// takes of one module (clang 19's analyzer wants every module to be
// "malloc") are told apart by the longest shared name prefix.
void RoleCollector::pairOwnershipModules() {
  for (auto &Entry : ReturnsModule) {
    FunctionRoles &R = Table.getOrCreate(Entry.first(), RoleSource::OwnershipAttr);
    if (!R.ReleaseFunction.empty())
      continue;
    auto Takers = TakesByModule.find(Entry.second);
    if (Takers == TakesByModule.end())
      continue;
    std::string Best;
    size_t BestLen = 0;
    bool Tie = false;
    for (const std::string &Candidate : Takers->second) {
      size_t Len = 0;
      while (Len < Candidate.size() && Len < R.Name.size() &&
             Candidate[Len] == R.Name[Len])
        ++Len;
      if (Best.empty() || Len > BestLen) {
        Best = Candidate;
        BestLen = Len;
        Tie = false;
      } else if (Len == BestLen) {
        Tie = true;
      }
    }
    if (!Tie)
      R.ReleaseFunction = Best;
  }
}

// API files name release functions by source name; in C++ the key may be
// mangled.
void RoleCollector::resolveApiReleaseNames() {
  for (auto &Entry : Table.entries()) {
    const FunctionRoles &R = Entry.second;
    if (R.ReleaseFunction.empty() && R.OutReleaseFunction.empty())
      continue;
    std::string Key = keyOfName(R.ReleaseFunction);
    if (!Key.empty() && Key != R.ReleaseFunction)
      Table.getOrCreate(Entry.first(), R.Source).ReleaseFunction = Key;
    std::string OutKey = keyOfName(R.OutReleaseFunction);
    if (!OutKey.empty() && OutKey != R.OutReleaseFunction)
      Table.getOrCreate(Entry.first(), R.Source).OutReleaseFunction = OutKey;
  }
}

// A create with no named release function gets one by name (documented in
// docs/annotations.md): among the releasing functions sharing the longest
// name prefix with it (at least 2 characters), the only one, or else the
// only one whose rest of the name is a release verb (t_new -> t_free, not
// t_swap); failing that, the TU's only releasing function.
namespace {
bool isReleaseVerb(llvm::StringRef Rest) {
  for (const char *Verb : {"free", "release", "destroy", "delete", "dispose",
                           "unref", "decref", "dealloc", "drop", "done",
                           "close", "put"})
    if (Rest.equals_insensitive(Verb))
      return true;
  return false;
}
} // namespace

void RoleCollector::inferMissingReleases() {
  std::vector<std::string> Releasers;
  for (auto &Entry : Table.entries())
    if (!Entry.second.Releases.empty())
      Releasers.push_back(Entry.first().str());
  if (Releasers.empty())
    return;
  std::vector<std::string> Missing;
  for (auto &Entry : Table.entries())
    if ((Entry.second.Creates || Entry.second.CreatesOut) &&
        Entry.second.ReleaseFunction.empty() &&
        Entry.second.Source != RoleSource::ApiFile) // files say it, or api-check asks
      Missing.push_back(Entry.first().str());
  for (const std::string &Key : Missing) {
    size_t BestLen = 0;
    std::vector<const std::string *> Best;
    for (const std::string &Candidate : Releasers) {
      size_t Len = 0;
      while (Len < Candidate.size() && Len < Key.size() &&
             Candidate[Len] == Key[Len])
        ++Len;
      if (Len > BestLen) {
        BestLen = Len;
        Best.clear();
      }
      if (Len == BestLen)
        Best.push_back(&Candidate);
    }
    std::string Chosen;
    if (BestLen >= 2 && Best.size() == 1) {
      Chosen = *Best.front();
    } else if (BestLen >= 2) {
      std::vector<const std::string *> Verbs;
      for (const std::string *C : Best)
        if (isReleaseVerb(llvm::StringRef(*C).drop_front(BestLen)))
          Verbs.push_back(C);
      if (Verbs.size() == 1)
        Chosen = *Verbs.front();
    }
    if (Chosen.empty() && Releasers.size() == 1)
      Chosen = Releasers.front();
    if (!Chosen.empty())
      Table.getOrCreate(Key, RoleSource::Annotation).ReleaseFunction = Chosen;
  }
}

void RoleCollector::reportUnusedEntries() {
  for (const ApiFile &File : ApiFiles)
    for (const ApiEntry &E : File.Functions) {
      if (!E.Uses)
        Diags.warning(clang::SourceLocation(),
                      "API description " + E.Origin + ": " +
                          (!E.Macro.empty()
                               ? "macro '" + E.Macro + "' is not defined in this "
                                                       "translation unit [api-check]"
                               : (!E.Name.empty()    ? "function '" + E.Name + "'"
                                  : !E.Match.empty() ? "pattern '" + E.Match + "'"
                                                     : "signature '" + E.Signature + "'") +
                                     " matches no declaration in this translation unit "
                                     "[api-check]"));
    }
  for (auto &Entry : Table.entries()) {
    const FunctionRoles &R = Entry.second;
    if (R.Source != RoleSource::ApiFile || !(R.Creates || R.CreatesOut))
      continue;
    if (!R.ReleaseFunction.empty() &&
        (llvm::StringRef(R.ReleaseFunction).starts_with(ObjectMemberPrefix) ||
         Table.memberOffset(R.ReleaseFunction)))
      continue; // a member: checkApiReleases checked it
    if (R.ReleaseFunction.empty())
      Diags.warning(clang::SourceLocation(),
                    "API description " + R.Origin + ": create '" +
                        R.DisplayName + "' names no release function [api-check]");
    else if (!Table.lookup(R.ReleaseFunction) &&
             keyOfName(R.ReleaseFunction).empty())
      Diags.warning(clang::SourceLocation(),
                    "API description " + R.Origin + ": release function '" +
                        R.ReleaseFunction + "' of '" + R.DisplayName +
                        "' is not declared in this translation unit [api-check]");
  }
}

} // namespace tscope
