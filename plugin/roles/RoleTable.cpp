//===- RoleTable.cpp - the per-TU fact table ------------------------------===//
#include "RoleTable.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Mangle.h"
#include "llvm/ADT/STLExtras.h"

namespace tscope {

RoleTable::RoleTable() = default;
RoleTable::~RoleTable() = default;

std::string RoleTable::keyOf(const clang::FunctionDecl *FD) const {
  FD = FD->getCanonicalDecl();
  auto Cached = KeyCache.find(FD);
  if (Cached != KeyCache.end())
    return Cached->second;

  std::string Key;
  clang::ASTContext &Ctx = FD->getASTContext();
  bool PlainName = (!Ctx.getLangOpts().CPlusPlus || FD->isExternC()) &&
                   FD->getDeclName().isIdentifier() &&
                   !FD->hasAttr<clang::AsmLabelAttr>();
  if (PlainName) {
    Key = FD->getName().str();
  } else {
    // C++ (or an asm label): the name the IR will carry.  Creating the
    // mangler costs a MangleContext, so make one per table.
    if (!Mangler)
      Mangler = std::make_unique<clang::ASTNameGenerator>(Ctx);
    Key = Mangler->getName(FD);
    // An asm label is mangled as "\01name": the IR function is "name".
    if (!Key.empty() && Key[0] == '\01')
      Key.erase(0, 1);
  }
  KeyCache[FD] = Key;
  return Key;
}

const FunctionRoles *RoleTable::lookup(const clang::FunctionDecl *FD) const {
  if (!FD)
    return nullptr;
  return lookup(keyOf(FD));
}

const FunctionRoles *RoleTable::lookup(llvm::StringRef Name) const {
  auto It = Table.find(Name);
  return It == Table.end() ? nullptr : &It->second;
}

FunctionRoles &RoleTable::getOrCreate(llvm::StringRef Name, RoleSource Src) {
  auto [It, Inserted] = Table.try_emplace(Name);
  if (Inserted) {
    It->second.Name = Name.str();
    It->second.DisplayName = Name.str();
    It->second.Source = Src;
  }
  return It->second;
}

namespace {

void addUnique(std::vector<unsigned> &Into, const std::vector<unsigned> &From) {
  for (unsigned I : From)
    if (!llvm::is_contained(Into, I))
      Into.push_back(I);
}

bool createsSomething(const FunctionRoles &R) { return R.Creates || R.CreatesOut; }

/// How an out-parameter create reports success and how many it makes.
void copyOutSuccess(FunctionRoles &To, const FunctionRoles &From) {
  To.Success = From.Success;
  To.StatusCheck = From.StatusCheck;
  To.CreatesOutCount = From.CreatesOutCount;
}

/// Fills into `High` (the higher-precedence entry) what `Low` says and `High`
/// left unset.  Annotations and ownership attributes cannot state a release
/// function, NULL behaviour or a success condition, so those come from the
/// lower source whenever it describes the same kind of role.
void fillUnset(FunctionRoles &High, const FunctionRoles &Low) {
  if (!High.Creates && !High.CreatesOut) {
    High.Creates = Low.Creates;
    High.CreatesOut = Low.CreatesOut;
    copyOutSuccess(High, Low);
    High.MayReturnNull = Low.MayReturnNull;
  } else if (createsSomething(Low) && High.Source != RoleSource::ApiFile &&
             Low.Source == RoleSource::ApiFile) {
    if (High.CreatesOut && High.CreatesOut == Low.CreatesOut)
      copyOutSuccess(High, Low);
    High.MayReturnNull = Low.MayReturnNull;
  }
  if (High.ReleaseFunction.empty())
    High.ReleaseFunction = Low.ReleaseFunction;
  if (High.OutReleaseFunction.empty())
    High.OutReleaseFunction = Low.OutReleaseFunction;
  High.Shared |= Low.Shared;

  if (High.Releases.empty()) {
    High.Releases = Low.Releases;
    High.ReleaseAcceptsNull = Low.ReleaseAcceptsNull;
    High.ReleaseSuccess = Low.ReleaseSuccess;
  } else if (!Low.Releases.empty() && Low.Source == RoleSource::ApiFile &&
             High.Source != RoleSource::ApiFile) {
    High.ReleaseAcceptsNull = Low.ReleaseAcceptsNull;
    High.ReleaseSuccess = Low.ReleaseSuccess;
  }
  if (High.Retains.empty())
    High.Retains = Low.Retains;
  if (High.Consumes.empty())
    High.Consumes = Low.Consumes;
  if (High.Detaches.empty())
    High.Detaches = Low.Detaches;
  if (!High.Borrows)
    High.Borrows = Low.Borrows;
  High.AutoScope |= Low.AutoScope;
  High.AutoLoops |= Low.AutoLoops;
  High.NoLint |= Low.NoLint;
  if (High.Origin.empty())
    High.Origin = Low.Origin;
}

/// Same source twice (e.g. two annotations, two API entries for one
/// function): union of the roles.
void unite(FunctionRoles &Into, const FunctionRoles &From) {
  // A creates entry after a creates_out entry of one function: the
  // returned object has its own release (OutReleaseFunction keeps the other).
  if (From.Creates && !Into.Creates && Into.CreatesOut && !From.ReleaseFunction.empty() &&
      Into.ReleaseFunction == Into.OutReleaseFunction)
    Into.ReleaseFunction = From.ReleaseFunction;
  if (From.Creates && !Into.Creates) {
    Into.Creates = true;
    Into.MayReturnNull = From.MayReturnNull;
  }
  if (From.CreatesOut && !Into.CreatesOut) {
    Into.CreatesOut = From.CreatesOut;
    copyOutSuccess(Into, From);
    Into.MayReturnNull = From.MayReturnNull;
  }
  if (Into.ReleaseFunction.empty())
    Into.ReleaseFunction = From.ReleaseFunction;
  if (Into.OutReleaseFunction.empty())
    Into.OutReleaseFunction = From.OutReleaseFunction;
  Into.Shared |= From.Shared;
  if (Into.Releases.empty() && !From.Releases.empty()) {
    Into.ReleaseAcceptsNull = From.ReleaseAcceptsNull;
    Into.ReleaseSuccess = From.ReleaseSuccess;
  }
  addUnique(Into.Releases, From.Releases);
  addUnique(Into.Retains, From.Retains);
  addUnique(Into.Consumes, From.Consumes);
  addUnique(Into.Detaches, From.Detaches);
  if (!Into.Borrows)
    Into.Borrows = From.Borrows;
  Into.AutoScope |= From.AutoScope;
  Into.AutoLoops |= From.AutoLoops;
  Into.NoLint |= From.NoLint;
  if (Into.Origin.empty())
    Into.Origin = From.Origin;
}

} // namespace

void RoleTable::merge(const FunctionRoles &Incoming) {
  auto [It, Inserted] = Table.try_emplace(Incoming.Name, Incoming);
  if (Inserted)
    return;
  FunctionRoles &Existing = It->second;
  if (Existing.Source == Incoming.Source) {
    unite(Existing, Incoming);
  } else if (Existing.Source < Incoming.Source) {
    fillUnset(Existing, Incoming);
  } else {
    FunctionRoles High = Incoming;
    fillUnset(High, Existing);
    if (High.DisplayName.empty())
      High.DisplayName = Existing.DisplayName;
    Existing = std::move(High);
  }
}

} // namespace tscope
