//===- RuntimeApi.h - declarations of the runtime hooks the pass calls ----===//
//
// The IR pass emits calls only to functions that runtime/tensorscope.h
// declares.  This class declares them in the module being instrumented (with
// the C signatures of the header) and builds the static tscope_site
// constants every hook takes.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORSCOPE_PLUGIN_INSTRUMENT_RUNTIMEAPI_H
#define TENSORSCOPE_PLUGIN_INSTRUMENT_RUNTIMEAPI_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include <map>
#include <string>
#include <tuple>

namespace tscope {

/// Declarations of the runtime hooks in one module, plus the site constants.
class RuntimeApi {
public:
  explicit RuntimeApi(llvm::Module &M);

  llvm::FunctionCallee track();       ///< ptr tscope_track(ptr, ptr, ptr)
  llvm::FunctionCallee trackShared(); ///< ptr tscope_track_shared(ptr, ptr, ptr)
  llvm::FunctionCallee release();     ///< i32 tscope_release(ptr, ptr)
  llvm::FunctionCallee releaseInner();///< void tscope_release_inner(ptr, ptr)
  llvm::FunctionCallee retain();      ///< void tscope_retain(ptr)
  llvm::FunctionCallee detach();      ///< ptr tscope_detach(ptr)
  llvm::FunctionCallee scopeBegin();  ///< ptr tscope_scope_begin_auto(ptr)
  llvm::FunctionCallee scopeEnd();    ///< void tscope_scope_end(ptr)
  llvm::FunctionCallee scopeEndKeep();///< ptr tscope_scope_end_keep(ptr, ptr)
  llvm::FunctionCallee scopeAdopt();  ///< ptr tscope_scope_adopt(ptr, ptr)

  /// A private constant tscope_site {file, line, column, function, api} for
  /// the location of `At` (its debug location; line 0 when it has none).
  /// Identical sites are emitted once.
  llvm::Constant *siteFor(const llvm::Instruction &At, llvm::StringRef Api);

  /// The site of the start of `F` (its subprogram's line when known).
  llvm::Constant *siteForFunction(const llvm::Function &F);
  /// The site of debug location `Loc` (may be null) inside `F`.
  llvm::Constant *siteAt(const llvm::DILocation *Loc, const llvm::Function &F,
                         llvm::StringRef Api);

  /// The function `Name` as a `void (*)(void *)` for tscope_track: the
  /// module's own definition or declaration when present, else a new
  /// declaration `void Name(ptr)`.  Null when `Name` is empty.
  llvm::Constant *releaseFunction(llvm::StringRef Name);
  /// The function a `success: 'F($N) == V'` condition calls (TF_GetCode):
  /// the module's declaration, or a new `int F(void *)` one.
  llvm::FunctionCallee statusFunction(llvm::StringRef Name);

  llvm::PointerType *ptrTy() const { return PtrTy; }

private:
  llvm::FunctionCallee declare(llvm::StringRef Name, llvm::Type *Ret,
                               llvm::ArrayRef<llvm::Type *> Params);
  llvm::Constant *string(llvm::StringRef S);
  llvm::Constant *site(const std::string &File, unsigned Line, unsigned Column,
                       const std::string &Function, llvm::StringRef Api);

  llvm::Module &M;
  llvm::PointerType *PtrTy;
  llvm::IntegerType *I32Ty;
  llvm::StructType *SiteTy;
  llvm::StringMap<llvm::Constant *> Strings;
  std::map<std::tuple<std::string, unsigned, unsigned, std::string, std::string>,
           llvm::Constant *>
      Sites;
};

} // namespace tscope

#endif
