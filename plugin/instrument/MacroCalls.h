//===- MacroCalls.h - indirect calls spelled through macros with roles -----===//
//
// The AST side lists, for each function with an indirect call spelled
// through a macro that has roles (MacroRoles.h), all its indirect calls in
// evaluation order with the line and column clang gives their debug
// locations.  Here the IR's indirect calls of the same function, in block
// order, are grouped by the same line and column (by line alone when the
// compile has no column info) and paired one to one with the source's; the
// ones with a macro's roles are tagged like member calls (MemberCalls.h).
// A group whose sizes differ (code clang folded away, a call the source
// walk did not expect) is left untagged, with a warning naming the line:
// those calls are then not instrumented.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORSCOPE_PLUGIN_INSTRUMENT_MACROCALLS_H
#define TENSORSCOPE_PLUGIN_INSTRUMENT_MACROCALLS_H

#include "../roles/RoleTable.h"

namespace llvm {
class Module;
} // namespace llvm

namespace tscope {

/// Tags the indirect calls of `M` that are spelled through macros with
/// roles.  Returns true when it tagged any.
bool tagMacroCalls(llvm::Module &M, const RoleTable &Roles);

} // namespace tscope

#endif
