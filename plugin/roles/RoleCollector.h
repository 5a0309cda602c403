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

#include "clang/AST/Type.h"
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
class ASTContext;
class Preprocessor;
class Decl;
class FieldDecl;
class FunctionDecl;
class FunctionProtoType;
class RecordDecl;
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
  /// After finish(): the calls spelled through macros with roles
  /// (MacroRoles.h); nothing when no API file has a `macro:` entry.
  void findMacroCalls(clang::ASTContext &Ctx);
  /// Warns where the value of a described member with a create or
  /// release role is copied rather than called (MemberCopies.cpp).
  void warnMemberCopies(clang::ASTContext &Ctx);
  /// The preprocessor, to tell which `macro:` entries name a defined macro.
  void setPreprocessor(clang::Preprocessor *P) { PP = P; }

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
  bool emitsBody(const clang::FunctionDecl *FD) const;
  bool checkEntryParam(const ApiEntry &E, const clang::FunctionDecl *FD,
                       llvm::StringRef Name);
  std::string keyOfName(llvm::StringRef Name) const;
  void resolveReleasedBy();
  void pairOwnershipModules();
  void resolveApiReleaseNames();
  void inferMissingReleases();
  void reportUnusedEntries();
  // Function-pointer members and member releases (MemberRoles.h; the
  // definitions are in RoleCollectorMembers.cpp).
  void addMembers(const clang::RecordDecl *RD);
  void applyMemberEntry(ApiEntry &E, const clang::FieldDecl *FD,
                        const std::string &Key);
  void noteApiCreate(const ApiEntry &E, const std::string &Key,
                     const clang::Decl *D, const clang::FunctionProtoType *Proto,
                     clang::QualType Result);
  void checkApiReleases();
  void checkApiRelease(const FunctionRoles &R, llvm::StringRef Name, bool Out,
                       const clang::Decl *D, const clang::RecordDecl *Created);
  bool checkObjectMemberRelease(const FunctionRoles &R, llvm::StringRef Name, bool Out,
                                const clang::RecordDecl *Created);
  bool checkTableMemberRelease(const FunctionRoles &R, llvm::StringRef Name);
  std::string suggestReleaseName(llvm::StringRef Name,
                                 const clang::RecordDecl *Created) const;
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
  /// The RegexEntries whose pattern has '::': only these reach members.
  std::vector<ApiEntry *> MemberRegexEntries;
  std::vector<ApiEntry *> MacroEntries;
  clang::Preprocessor *PP = nullptr;
  void applyMacroEntries();
  std::vector<ApiEntry *> SignatureEntries; ///< `signature:` without name/match

  /// Declarations whose `match:` (regex) API entries are tried at the end
  /// of the TU, and then only for those the TU uses or defines: a header
  /// declares thousands of functions a TU never calls, and matching each
  /// against every regex of an API file cost more than the rest of the
  /// lint.  Their key and name are computed again for those few: keeping
  /// two strings for each of thousands cost more than that.
  std::vector<const clang::FunctionDecl *> PendingApi;

  llvm::DenseSet<const clang::FunctionDecl *> SeenCanonical;
  /// C only: canonical declaration -> its definition, for every function
  /// this TU defines (all of them are top-level declarations in C, so
  /// addFunction sees each).  Saves FunctionDecl::isDefined's walk over
  /// the redeclarations of each of a header's hundreds of functions.
  llvm::DenseMap<const clang::FunctionDecl *, const clang::FunctionDecl *> DefinedHere;
  llvm::StringMap<std::string> DeclaredNames; ///< source name -> key
  struct ReleasedByRequest {
    std::string Name;
    clang::SourceLocation Loc;
  };
  llvm::StringMap<ReleasedByRequest> ReleasedBy;     ///< key -> request
  llvm::StringMap<std::string> ReturnsModule;         ///< key -> module
  llvm::StringMap<std::vector<std::string>> TakesByModule; ///< module -> keys

  /// Records whose function-pointer members API files may name, by
  /// recordName() (only records with such members are kept).
  llvm::StringMap<const clang::RecordDecl *> Records;
  /// For each create an API file describes: the declaration (a function or
  /// a member) and the record its result points to (null: not a struct),
  /// for the checks of its `release:` at the end of the TU.
  struct ApiCreate {
    const clang::Decl *D = nullptr;
    const clang::RecordDecl *Returned = nullptr; ///< what `creates` returns
    const clang::RecordDecl *Out = nullptr;      ///< what `creates_out` makes
  };
  llvm::StringMap<ApiCreate> ApiCreates;
  llvm::StringMap<long long> Enumerators; ///< for `success: 'F($N) == TF_OK'`
  llvm::StringMap<unsigned> DerefWidths;  ///< key -> bits read by `*$N`
};

/// Prints the table in the stable, line-based format documented in
/// docs/plugin.md ("tscope-role: KEY ROLES... source=S").
void dumpRoles(const RoleTable &Table, llvm::raw_ostream &OS);

} // namespace tscope

#endif
