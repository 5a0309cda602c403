//===- StatusConditionParse.h - `success: 'F($N) == V'` of API entries ----===//
//
// An out-parameter create whose success the call does not return: the
// TensorFlow C API reports it in a status object (`TF_GetCode(status) ==
// TF_OK` after TF_SessionRun), other APIs in an int out-parameter.  Forms:
//
//   success: 'TF_GetCode($12) == TF_OK'   # F(argument 12) == V
//   success: '*$3 != 0'                   # the int argument 3 points to
//
// V is a whole number or an enumerator the translation unit declares
// (resolved at the end of the TU; an unknown name is an error there).
//
//===----------------------------------------------------------------------===//
#ifndef TENSORSCOPE_PLUGIN_ROLES_STATUSCONDITIONPARSE_H
#define TENSORSCOPE_PLUGIN_ROLES_STATUSCONDITIONPARSE_H

#include "RoleTable.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace tscope {

/// Whether `Text` is meant as a status condition rather than one of the
/// `success` keywords (it mentions an argument, `$N`).
bool looksLikeStatusCondition(llvm::StringRef Text);

/// The `success` keywords (`returns_zero`, ...) of API files and of
/// TSCOPE_SUCCESS: true and `Out` set when `Word` is one of them.
bool parseSuccessWord(llvm::StringRef Word, SuccessCondition &Out);
/// Those keywords, as error messages list them ("always, returns_zero, ...").
extern const char *const SuccessWordList;

/// Parses `Text` into `Out`; on failure false, and `Error` says why.
bool parseStatusCondition(llvm::StringRef Text, StatusCondition &Out, std::string &Error);

} // namespace tscope

#endif
