//===- Instrument.h - the IR side: runtime calls and automatic scopes -------===//
#ifndef TENSORSCOPE_PLUGIN_INSTRUMENT_INSTRUMENT_H
#define TENSORSCOPE_PLUGIN_INSTRUMENT_INSTRUMENT_H

#include "../Options.h"
#include "../roles/RoleTable.h"
#include <memory>

namespace clang {
class CompilerInstance;
class Decl;
class DeclGroupRef;
} // namespace clang
namespace llvm {
class PassBuilder;
}

namespace tscope {

/// Registers the module pass that instruments calls of the roles in `Roles`
/// (shared with the AST side, complete by the time the pass runs) and adds
/// automatic scopes.  Called from the callback the plugin pushes onto
/// CodeGenOptions::PassBuilderCallbacks.
void registerInstrumentation(llvm::PassBuilder &PB,
                             std::shared_ptr<const RoleTable> Roles,
                             const Options &Opts);

/// Called from the plugin's HandleTopLevelDecl for every top-level decl,
/// BEFORE codegen sees it: lets the instrumentation mark AST facts that must
/// survive into IR (e.g. variables declared outside loops of TSCOPE_AUTO_LOOPS
/// functions).  `Roles` holds the roles collected so far.
void prepareDeclsForInstrumentation(clang::CompilerInstance &CI,
                                    clang::DeclGroupRef DG,
                                    const RoleTable &Roles, const Options &Opts);

/// Called from the plugin action's CreateASTConsumer, before codegen is set
/// up: without -g, switches clang to location tracking so the pass sees the
/// line of every call (see SourceLines.h); the pass removes it again.
void prepareCodeGenForInstrumentation(clang::CompilerInstance &CI,
                                      const Options &Opts);

} // namespace tscope

#endif
