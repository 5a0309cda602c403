//===- RoleDiagnostics.h - errors and warnings of the role collection -----===//
//
// Warnings made with getCustomDiagID are not controlled by -w / -Werror on
// clang 19 (see ARCHITECTURE.md), so this helper honours them by hand and
// stays silent in system headers, as clang's own warnings do.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORSCOPE_PLUGIN_ROLES_ROLEDIAGNOSTICS_H
#define TENSORSCOPE_PLUGIN_ROLES_ROLEDIAGNOSTICS_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/Twine.h"

namespace clang {
class DiagnosticsEngine;
class SourceManager;
} // namespace clang

namespace tscope {

class RoleDiagnostics {
public:
  RoleDiagnostics(clang::DiagnosticsEngine &Diags, clang::SourceManager *SM)
      : Diags(Diags), SM(SM) {}

  /// An error (at `Loc` when valid); the message should name the thing at
  /// fault.  Prefixed with "tensorscope: ".
  void error(clang::SourceLocation Loc, const llvm::Twine &Message);
  /// A warning, dropped under -w or in a system header, an error under
  /// -Werror.
  void warning(clang::SourceLocation Loc, const llvm::Twine &Message);

  bool hadError() const { return Errors != 0; }
  void setSourceManager(clang::SourceManager *NewSM) { SM = NewSM; }

private:
  clang::DiagnosticsEngine &Diags;
  clang::SourceManager *SM;
  unsigned Errors = 0;
};

} // namespace tscope

#endif
