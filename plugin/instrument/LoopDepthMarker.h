//===- LoopDepthMarker.h - AST facts the loop scopes need at IR ------------===//
//
// With TSCOPE_AUTO_LOOPS every loop iteration is a scope, and a tensor
// assigned to a variable declared OUTSIDE the loop must move to the scope of
// that variable.  At IR every local is an alloca in the entry block, so where
// a variable was declared is lost.  Before codegen sees a TSCOPE_AUTO_LOOPS
// function we attach to each of its local variables (parameters included)
// an implicit annotate("tensorscope.loop_depth=N") attribute, N = the number
// of loops around the declaration.  Clang turns it into an
// llvm.var.annotation call on the variable's alloca, which the pass reads
// (and deletes).
//
//===----------------------------------------------------------------------===//
#ifndef TENSORSCOPE_PLUGIN_INSTRUMENT_LOOPDEPTHMARKER_H
#define TENSORSCOPE_PLUGIN_INSTRUMENT_LOOPDEPTHMARKER_H

#include "llvm/ADT/StringRef.h"

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace tscope {

/// The annotation prefix; the depth follows it in decimal.
constexpr llvm::StringLiteral LoopDepthAnnotation = "tensorscope.loop_depth=";

/// Annotates every local variable of `FD`'s body with its loop depth.
void markLoopDepths(clang::ASTContext &Ctx, clang::FunctionDecl &FD);

} // namespace tscope

#endif
