//===- RoleDiagnostics.cpp ------------------------------------------------===//
#include "RoleDiagnostics.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"

namespace tscope {

void RoleDiagnostics::error(clang::SourceLocation Loc,
                            const llvm::Twine &Message) {
  ++Errors;
  unsigned ID = Diags.getCustomDiagID(clang::DiagnosticsEngine::Error,
                                      "tensorscope: %0");
  Diags.Report(Loc, ID) << Message.str();
}

void RoleDiagnostics::warning(clang::SourceLocation Loc,
                              const llvm::Twine &Message) {
  if (Diags.getIgnoreAllWarnings())
    return;
  if (SM && Loc.isValid() && SM->isInSystemHeader(SM->getExpansionLoc(Loc)))
    return;
  if (Diags.getWarningsAsErrors()) {
    error(Loc, Message);
    return;
  }
  unsigned ID = Diags.getCustomDiagID(clang::DiagnosticsEngine::Warning,
                                      "tensorscope: %0");
  Diags.Report(Loc, ID) << Message.str();
}

} // namespace tscope
