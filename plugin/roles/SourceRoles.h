//===- SourceRoles.h - roles written in the source ------------------------===//
//
// Reads TSCOPE_* annotations (annotate("tscope_...", i)) and Clang's
// ownership_returns / ownership_takes / ownership_holds attributes.
// ownership_takes means the callee frees the memory (the static analyzer
// reports a use or a second free after it), so it maps to RELEASES;
// ownership_holds means the callee keeps it, so it maps to CONSUMES.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORSCOPE_PLUGIN_ROLES_SOURCEROLES_H
#define TENSORSCOPE_PLUGIN_ROLES_SOURCEROLES_H

#include "RoleTable.h"
#include "clang/Basic/SourceLocation.h"
#include <string>
#include <vector>

namespace clang {
class FunctionDecl;
}

namespace tscope {
class RoleDiagnostics;

/// What the declarations of one function say about it.
struct SourceFacts {
  FunctionRoles Annotated; ///< from TSCOPE_* annotations (Source=Annotation)
  FunctionRoles Ownership; ///< from ownership_* (Source=OwnershipAttr)
  /// TSCOPE_RELEASED_BY(fn): the release function named in the source,
  /// resolved against the TU's declarations at the end of the TU.
  std::string ReleasedBy;
  clang::SourceLocation ReleasedByLoc;
  /// TSCOPE_SUCCESS(when), read into Annotated.Success.
  clang::SourceLocation SuccessLoc;
  std::string ReturnsModule;              ///< ownership_returns(module)
  std::vector<std::string> TakesModules;  ///< ownership_takes(module, ...)

  bool any() const {
    return Annotated.hasTensorRole() || Annotated.AutoScope ||
           Annotated.AutoLoops || Annotated.NoLint ||
           Ownership.hasTensorRole() || !ReleasedBy.empty();
  }
};

/// Reads the attributes of `FD` (one declaration).  Errors (bad index, bad
/// arguments) and warnings (an unknown annotation spelled tscope...) go to
/// `Diags`, once per attribute written (inherited copies are read silently).
SourceFacts readSourceRoles(const clang::FunctionDecl *FD,
                            const std::string &Key, RoleDiagnostics &Diags);

} // namespace tscope

#endif
