//===- Lint.h - the compile-time lint's entry point -------------------------===//
#ifndef TENSORSCOPE_PLUGIN_LINT_LINT_H
#define TENSORSCOPE_PLUGIN_LINT_LINT_H

#include "../Options.h"
#include "../roles/RoleTable.h"

namespace clang {
class CompilerInstance;
class ASTContext;
} // namespace clang

namespace tscope {

/// Lints every function with a body in the translation unit, using (and
/// extending with inferred helper roles) `Roles`.  Called once per TU from
/// the plugin's AST consumer, at HandleTranslationUnit, when lint=1.
void runLint(clang::CompilerInstance &CI, clang::ASTContext &Ctx,
             RoleTable &Roles, const Options &Opts);

} // namespace tscope

#endif
