//===- MacroRoles.h - roles of calls spelled through macros ---------------===//
//
// Some APIs have no named functions to describe: NumPy's C API is a set of
// macros over calls through the `PyArray_API[]` table
// (`PyArray_SimpleNew(nd, dims, type)` expands to
// `(*(PyObject *(*)(...))PyArray_API[93])(&PyArray_Type, nd, dims, ...)`).
// An entry `macro: PyArray_SimpleNew` gives its roles to the call that the
// macro's expansion makes, with parameters counted over that call's
// arguments.
//
// Which call: the outermost call whose callee is written in the macro's
// body (directly, or in a macro the body uses), the first one when the body
// has several side by side; calls inside the macro's arguments are the
// caller's own.  `PyArray_FROM_OTF(m, t, f)` expands to
// `PyArray_FromAny(m, PyArray_DescrFromType(t), ...)`: the entry is about
// the PyArray_FromAny call, not the DescrFromType call nested in it.  A
// call whose callee has roles of its own (a described function or table
// member) keeps them.  When macros with roles nest (PyArray_ZEROS expands
// to PyArray_Zeros), the outermost one, the macro the program wrote, names
// the call.
//
// Where it goes:
//  - the lint reads the key of each such call (RoleTable::macroCallKey);
//  - a macro over a direct call of a function gives that function the
//    roles (so its body is an API body, ApiBodies.h, and its calls are
//    instrumented by name);
//  - an indirect call (a table entry) cannot be named at IR, so every
//    indirect call of the function is listed with the line and column that
//    clang gives its debug location (the macro's expansion point), in
//    evaluation order; the IR side pairs them with the IR's indirect calls
//    (MacroCalls.h in plugin/instrument).
//
//===----------------------------------------------------------------------===//
#ifndef TENSORSCOPE_PLUGIN_ROLES_MACROROLES_H
#define TENSORSCOPE_PLUGIN_ROLES_MACROROLES_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace clang {
class ASTContext;
class CallExpr;
} // namespace clang

namespace tscope {
class RoleTable;

/// The RoleTable key of macro `Name`'s roles: "#Name" (no function's key
/// starts with '#').
std::string macroKey(llvm::StringRef Name);

/// Finds the calls spelled through macros that have roles in the table, in
/// the bodies of the functions the TU defines outside system headers, and
/// records them in `Table` (see above).
void findMacroCalls(clang::ASTContext &Ctx, RoleTable &Table);

} // namespace tscope

#endif
