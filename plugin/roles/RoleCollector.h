//===- RoleCollector.h - fills the RoleTable from every source ------------===//
//
// Fed every top-level declaration group (headers included) by the plugin's
// AST consumer; at the end of the TU `finish` pairs creates with their
// release functions and (api-check=1) reports API entries that matched
// nothing.  See RoleTable.h for the precedence of the sources.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORSCOPE_PLUGIN_ROLES_ROLECOLLECTOR_H
#define TENSORSCOPE_PLUGIN_ROLES_ROLECOLLECTOR_H

#include "../Options.h"
#include "ApiDescription.h"
#include "RoleDiagnostics.h"
#include "RoleTable.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class Decl;
class FunctionDecl;
} // namespace clang

namespace tscope {

class RoleCollector {
public:
  RoleCollector(RoleTable &Table, const Options &Opts, RoleDiagnostics &Diags);

  /// Loads every api= file; false after an error (already reported).
  bool loadApiFiles();
  /// Reads the roles of every function declared in `D` (namespaces, extern
  /// "C" blocks and classes are entered).
  void collect(const clang::Decl *D);
  /// End of the TU: release-function pairing and api-check.
  void finish();

private:
  void addFunction(const clang::FunctionDecl *FD);
  void applyApiEntry(ApiEntry &E, const clang::FunctionDecl *FD,
                     const std::string &Key, llvm::StringRef Name);
  void applyExactApiEntries(const clang::FunctionDecl *FD,
                            const std::string &Key, llvm::StringRef Name);
  void applyRegexApiEntries(const clang::FunctionDecl *FD,
                            const std::string &Key, llvm::StringRef Name);
  void applySignatureApiEntries(const clang::FunctionDecl *FD,
                                const std::string &Key, llvm::StringRef Name);
  void applyPendingApiEntries();
  bool checkEntryParam(const ApiEntry &E, const clang::FunctionDecl *FD,
                       llvm::StringRef Name);
  std::string keyOfName(llvm::StringRef Name) const;
  void resolveReleasedBy();
  void pairOwnershipModules();
  void resolveApiReleaseNames();
  void inferMissingReleases();
  void reportUnusedEntries();
  // Out-parameter arrays and status conditions (RoleCollectorStatus.cpp).
  bool checkOutArrayParams(const ApiEntry &E, const clang::FunctionDecl *FD,
                           llvm::StringRef Key, llvm::StringRef Name);
  void collectEnumerators(const clang::Decl *D);
  void resolveStatusConditions();

  RoleTable &Table;
  const Options &Opts;
  RoleDiagnostics &Diags;
  std::optional<llvm::Regex> AutoScope;

  std::vector<ApiFile> ApiFiles;
  llvm::StringMap<std::vector<ApiEntry *>> ExactEntries;
  std::vector<ApiEntry *> RegexEntries;
  std::vector<ApiEntry *> SignatureEntries; ///< `signature:` without name/match

  /// Declarations whose `match:` (regex) API entries are tried at the end
  /// of the TU, and then only for those the TU uses or defines: a header
  /// declares thousands of functions a TU never calls, and matching each
  /// against every regex of an API file cost more than the rest of the
  /// lint.
  struct PendingApiMatch {
    const clang::FunctionDecl *FD;
    std::string Key;
    std::string Name;
  };
  std::vector<PendingApiMatch> PendingApi;

  llvm::DenseSet<const clang::FunctionDecl *> SeenCanonical;
  llvm::StringMap<std::string> DeclaredNames; ///< source name -> key
  struct ReleasedByRequest {
    std::string Name;
    clang::SourceLocation Loc;
  };
  llvm::StringMap<ReleasedByRequest> ReleasedBy;     ///< key -> request
  llvm::StringMap<std::string> ReturnsModule;         ///< key -> module
  llvm::StringMap<std::vector<std::string>> TakesByModule; ///< module -> keys
  llvm::StringMap<long long> Enumerators; ///< for `success: 'F($N) == TF_OK'`
  llvm::StringMap<unsigned> DerefWidths;  ///< key -> bits read by `*$N`
};

/// Prints the table in the stable, line-based format documented in
/// docs/plugin.md ("tscope-role: KEY ROLES... source=S").
void dumpRoles(const RoleTable &Table, llvm::raw_ostream &OS);

} // namespace tscope

#endif
