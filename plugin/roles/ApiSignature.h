//===- ApiSignature.h - `signature:` selection of API description entries -===//
//
// Libraries such as ggml have hundreds of functions of one shape: every
// function whose first parameter is `struct ggml_context *` and that returns
// `struct ggml_tensor *` makes a tensor in that context's arena.  An entry
// selects them by a C-like function type instead of listing names:
//
//   - signature: 'struct ggml_tensor * (struct ggml_context *, ...)'
//     role: borrows
//     param: 1
//
// RETURN (PARAM, PARAM, ...): the return type, then the parameters in order;
// a last `...` lets any further parameters (or none) follow, `()` and
// `(void)` mean no parameters.  Types are compared as spelled in the
// declaration or in their canonical form (typedefs resolved), after
// dropping the tag keywords struct/union/enum/class and the whitespace
// that does not separate two words, so `struct ggml_tensor*` in C and
// `ggml_tensor *` in C++ name the same type.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORSCOPE_PLUGIN_ROLES_APISIGNATURE_H
#define TENSORSCOPE_PLUGIN_ROLES_APISIGNATURE_H

#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace clang {
class FunctionDecl;
}

namespace tscope {

struct ApiSignature {
  std::string Returns;             ///< normalized return type
  std::vector<std::string> Params; ///< normalized parameter types, in order
  bool MoreParams = false;         ///< a trailing `...`: any further ones

  /// Parses `Text`; on failure returns false and says why in `Error` (the
  /// format's words, naming the offending part).
  bool parse(llvm::StringRef Text, std::string &Error);

  /// Whether `FD` has this signature (ApiSignatureMatch.cpp).
  bool matches(const clang::FunctionDecl *FD) const;
};

/// `Type` with tag keywords dropped and whitespace kept only between two
/// words: the form both sides of a comparison are brought to.
std::string normalizeSignatureType(llvm::StringRef Type);

} // namespace tscope

#endif
