//===- Writes.h - does a statement write these variables? -----------------===//
//
// Two questions the lint asks of a piece of code before trusting what it
// knows about a variable: does a helper's body change its parameter
// (Inference.cpp: `return t;` gives back the argument only if `t` is never
// reassigned), and can the right operand of `a && b` change what `a` read
// (FunctionAnalysis.cpp: refining `a` after `b` ran).
//
//===----------------------------------------------------------------------===//
#ifndef TENSORSCOPE_PLUGIN_LINT_WRITES_H
#define TENSORSCOPE_PLUGIN_LINT_WRITES_H

#include "clang/AST/Stmt.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace tscope {

/// Whether `S` assigns (also compound), increments, decrements or takes
/// the address of one of `Vars`; with `CallsWrite`, any call counts as a
/// write too (it may change them through a pointer).
bool writesAny(const clang::Stmt *S, const llvm::SmallPtrSetImpl<const clang::Decl *> &Vars,
               bool CallsWrite = false);

} // namespace tscope

#endif
