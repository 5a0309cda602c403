//===- KeptParams.h - parameters a helper may keep beyond the call --------===//
#ifndef TENSORSCOPE_PLUGIN_LINT_KEPTPARAMS_H
#define TENSORSCOPE_PLUGIN_LINT_KEPTPARAMS_H

#include "../roles/RoleTable.h"
#include <vector>

namespace clang {
class FunctionDecl;
} // namespace clang

namespace tscope {

/// The parameters (1-based) whose value `FD`'s body may store where it
/// outlives the call, on some path (KeptParams.cpp says which stores
/// count).  `Roles` gives the keeps of the helpers it calls (callees are
/// inferred first).  Empty for C++ methods.
std::vector<unsigned> keptParams(const clang::FunctionDecl *FD, const RoleTable &Roles);

} // namespace tscope

#endif
