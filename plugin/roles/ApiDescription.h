//===- ApiDescription.h - roles from API description files (YAML) ---------===//
//
// For libraries whose headers users cannot edit.  Format (documented in
// docs/api-descriptions.md; apis/gsl.yaml is the worked example):
//
//   library: gsl                       # optional, informative
//   functions:
//     - name: gsl_matrix_alloc         # exact name, or
//       role: creates                  #   match: '^gsl_matrix_(.*)_alloc$'
//       release: gsl_matrix_free       # \1..\9 refer to groups of `match`
//       returns_null: true             # false: aborts instead of NULL
//       shared: false                  # true: may return the same live
//                                      #   object again (a static table)
//     - name: gsl_matrix_free
//       role: releases
//       param: 1                       # 1-based
//       accepts_null: true
//
// Roles: creates, creates_out, releases, retains, consumes, detaches,
// borrows.  `signature: 'RET (PARAM, ...)'` selects by type, alone or
// narrowing `name`/`match` (ApiSignature.h).  creates_out also takes `success: always | returns_zero |
// returns_nonzero | returns_null | returns_nonnull | 'F($N) == V' |
// '*$N == V'` (StatusConditionParse.h) and `count: N` (an array of
// argument N elements).
//
//===----------------------------------------------------------------------===//
#ifndef TENSORSCOPE_PLUGIN_ROLES_APIDESCRIPTION_H
#define TENSORSCOPE_PLUGIN_ROLES_APIDESCRIPTION_H

#include "RoleTable.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "ApiSignature.h"
#include "NameRegex.h"
#include "RegexPrefilter.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tscope {
class RoleDiagnostics;

enum class ApiRole { Creates, CreatesOut, Releases, Retains, Consumes, Detaches, Borrows };

/// One entry of `functions:`.
struct ApiEntry {
  std::string Name;                  ///< exact name (or empty)
  std::string Match;                 ///< regular expression (or empty)
  std::string Macro;                 ///< a macro's name (or empty): MacroCalls.h
  std::string Signature;             ///< `signature:` text (or empty)
  ApiRole Role = ApiRole::Creates;
  std::optional<unsigned> Param;     ///< 1-based parameter index
  std::optional<std::string> Release;///< release function (may use \1..\9)
  std::optional<bool> ReturnsNull;   ///< creates: may return NULL
  std::optional<bool> Shared;        ///< creates: may return a live object again
  std::optional<bool> AcceptsNull;   ///< releases: release(NULL) is a no-op
  std::optional<SuccessCondition> Success; ///< creates_out only
  std::optional<std::string> SuccessText;  ///< `success:` as written
  StatusCondition StatusCheck;       ///< Success == Status: 'F($N) == V'
  std::optional<unsigned> Count;     ///< creates_out into an array of
                                     ///< argument `count` elements

  std::string Origin;                ///< "file:line:col" of the entry
  std::shared_ptr<const NameRegex> Compiled; ///< for `match` entries (RE2)
  RegexPrefilter Filter;             ///< rejects most names before Compiled
  std::shared_ptr<ApiSignature> Sig; ///< parsed `signature:` (ApiSignature.h)
  unsigned Uses = 0;                 ///< declarations it matched in this TU
};

struct ApiFile {
  std::string Path;
  std::string Library;
  std::vector<ApiEntry> Functions;
};

/// Loads and checks one file.  Every error names file:line:col and is
/// reported through `Diags`; returns false after an error.
bool loadApiFile(const std::string &Path, ApiFile &Out, RoleDiagnostics &Diags);

/// The text of the description at `Path`, or null after reporting why it
/// cannot be read (missing, a directory, a device, too large).  The first
/// step of loadApiFile.
std::unique_ptr<llvm::MemoryBuffer> readApiDescription(const std::string &Path,
                                                       RoleDiagnostics &Diags);

/// The same for the text of a file already read (`Path` names it in
/// messages); loadApiFile's checks of the file itself come before.  The
/// entry point of the fuzz target (test/fuzz/api_loader_fuzz.cpp).
bool loadApiText(llvm::StringRef Text, const std::string &Path, ApiFile &Out,
                 RoleDiagnostics &Diags);

/// The checks of one entry that YAML I/O cannot express, and the fields
/// derived from the written ones (Compiled, Filter, Sig, Success,
/// StatusCheck).  Returns the error ("" when the entry is right).  Run for
/// each entry the YAML reads, and again for each entry read back from the
/// cache of parsed descriptions (ApiCache.h), which stores what was
/// written and the prefilter: `FromCache` takes Filter as it is and leaves
/// the pattern unparsed (its validity was checked when the file was
/// written, by the same plugin binary).
std::string completeApiEntry(ApiEntry &E, bool FromCache = false);

/// `api=` accepts a path or the NAME of a shipped description
/// (share/tensorscope/apis/NAME.yaml next to the plugin's lib/ folder).
/// Returns the path to open (the argument itself when nothing better exists).
std::string resolveApiPath(llvm::StringRef Arg);

/// The roles `E` gives to the function named `Name` (already known to match
/// it); the release function's \N references are expanded.
FunctionRoles rolesFromEntry(const ApiEntry &E, llvm::StringRef Key,
                             llvm::StringRef Name);

const char *apiRoleName(ApiRole R);

} // namespace tscope

#endif
