//===- Inference.h - roles of helpers defined in the translation unit -----===//
//
// A helper that returns a fresh tensor on every path (NULL allowed) creates;
// one that releases (or hands to a CONSUMES parameter) a parameter on every
// path releases (consumes) it.  Functions are analysed callees first, so a
// wrapper of a wrapper is understood too and small helpers never cause
// false alarms at their call sites.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORSCOPE_PLUGIN_LINT_INFERENCE_H
#define TENSORSCOPE_PLUGIN_LINT_INFERENCE_H

#include "../roles/RoleTable.h"
#include "FunctionAnalysis.h"
#include <vector>

namespace clang {
class FunctionDecl;
class TranslationUnitDecl;
} // namespace clang

namespace tscope {

/// The functions with a body of the TU (outside system headers), callees
/// before callers (cycles broken arbitrarily).
std::vector<const clang::FunctionDecl *>
functionsBottomUp(clang::ASTContext &Ctx);

/// Records in `Roles` what `Summary` shows `FD` does, when that is a role.
void inferRoles(const clang::FunctionDecl *FD, const FunctionSummary &Summary,
                RoleTable &Roles);

} // namespace tscope

#endif
