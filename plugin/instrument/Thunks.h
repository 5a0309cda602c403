//===- Thunks.h - role functions whose address is taken --------------------===//
//
// A release (or create) reached through a function pointer is a call the
// instrumentation cannot see: a callback (`for_each(ms, n, gsl_matrix_free)`),
// a table of operations, a C++ deleter (`unique_ptr<T, void (*)(T *)>(p,
// gsl_matrix_free)`).  The runtime would then believe the tensor alive and
// free it again at its scope's end.  So every use of a declared role
// function's address (anything but calling it, and but handing it to the
// runtime's own tscope_* functions) is replaced by the address of a thunk:
// an internal function of the same type whose body is a direct call of the
// real one, instrumented like any other call.
//
// The thunk is internal to the translation unit: comparing a pointer taken
// here with one taken in another file (or in code built without the plugin)
// compares different addresses.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORSCOPE_PLUGIN_INSTRUMENT_THUNKS_H
#define TENSORSCOPE_PLUGIN_INSTRUMENT_THUNKS_H

#include "../roles/RoleTable.h"

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace tscope {

/// The prefix of thunk names: `__tscope_thunk.` + the real function's name.
inline constexpr const char *ThunkPrefix = "__tscope_thunk.";

/// Replaces every address use of a declared role function of `M` by the
/// address of its thunk (made here).  Returns true when it changed `M`.
bool addRoleThunks(llvm::Module &M, const RoleTable &Roles);

} // namespace tscope

#endif
