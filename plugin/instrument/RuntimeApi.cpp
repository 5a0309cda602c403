//===- RuntimeApi.cpp - declarations of the runtime hooks the pass calls --===//
#include "RuntimeApi.h"
#include "Thunks.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DebugLoc.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"

using namespace llvm;

namespace tscope {

RuntimeApi::RuntimeApi(Module &M) : M(M) {
  LLVMContext &C = M.getContext();
  PtrTy = PointerType::getUnqual(C);
  I32Ty = Type::getInt32Ty(C);
  // struct tscope_site { const char *file; unsigned line; unsigned column;
  //                      const char *function; const char *api; }
  SiteTy = StructType::get(C, {PtrTy, I32Ty, I32Ty, PtrTy, PtrTy});
}

FunctionCallee RuntimeApi::declare(StringRef Name, Type *Ret,
                                   ArrayRef<Type *> Params) {
  FunctionCallee Callee =
      M.getOrInsertFunction(Name, FunctionType::get(Ret, Params, false));
  // The hooks never throw (the runtime is C); saying so keeps C++ callers
  // from needing landing pads around them.
  if (auto *F = dyn_cast<Function>(Callee.getCallee()))
    F->setDoesNotThrow();
  return Callee;
}

FunctionCallee RuntimeApi::track() {
  return declare("tscope_track", PtrTy, {PtrTy, PtrTy, PtrTy});
}
FunctionCallee RuntimeApi::trackShared() {
  return declare("tscope_track_shared", PtrTy, {PtrTy, PtrTy, PtrTy});
}
FunctionCallee RuntimeApi::releaseInner() {
  return declare("tscope_release_inner", Type::getVoidTy(M.getContext()), {PtrTy, PtrTy});
}
FunctionCallee RuntimeApi::release() {
  return declare("tscope_release", I32Ty, {PtrTy, PtrTy});
}
FunctionCallee RuntimeApi::retain() {
  return declare("tscope_retain", Type::getVoidTy(M.getContext()), {PtrTy});
}
FunctionCallee RuntimeApi::detach() {
  return declare("tscope_detach", PtrTy, {PtrTy});
}
FunctionCallee RuntimeApi::scopeBegin() {
  return declare("tscope_scope_begin_auto", PtrTy, {PtrTy});
}
FunctionCallee RuntimeApi::scopeEnd() {
  return declare("tscope_scope_end", Type::getVoidTy(M.getContext()), {PtrTy});
}
FunctionCallee RuntimeApi::scopeEndKeep() {
  return declare("tscope_scope_end_keep", PtrTy, {PtrTy, PtrTy});
}
FunctionCallee RuntimeApi::scopeAdopt() {
  return declare("tscope_scope_adopt", PtrTy, {PtrTy, PtrTy});
}

Constant *RuntimeApi::string(StringRef S) {
  auto It = Strings.find(S);
  if (It != Strings.end())
    return It->second;
  Constant *Init = ConstantDataArray::getString(M.getContext(), S);
  auto *GV = new GlobalVariable(M, Init->getType(), /*isConstant=*/true,
                                GlobalValue::PrivateLinkage, Init,
                                ".tscope.str");
  GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  GV->setAlignment(Align(1));
  Strings[S] = GV;
  return GV;
}

/// The name a site shows for a function: the source-level name from debug
/// info when there is one (what __func__ would say), else the symbol name.
static std::string functionName(const DILocation *Loc, const Function &F) {
  // A thunk (Thunks.h) stands for every call through a pointer to its
  // function in this file.
  if (F.getName().starts_with(ThunkPrefix))
    return "a call through a function pointer";
  if (Loc)
    if (DISubprogram *SP = Loc->getScope()->getSubprogram())
      if (!SP->getName().empty())
        return SP->getName().str();
  if (DISubprogram *SP = F.getSubprogram())
    if (!SP->getName().empty())
      return SP->getName().str();
  return F.getName().str();
}

Constant *RuntimeApi::site(const std::string &FileName, unsigned Line,
                           unsigned Column, const std::string &Function,
                           StringRef Api) {
  std::string File = FileName.empty() ? M.getSourceFileName() : FileName;
  auto Key = std::make_tuple(File, Line, Column, Function, Api.str());
  auto It = Sites.find(Key);
  if (It != Sites.end())
    return It->second;

  Constant *ApiName =
      Api.empty() ? ConstantPointerNull::get(PtrTy) : string(Api);
  Constant *Init = ConstantStruct::get(
      SiteTy, {string(File), ConstantInt::get(I32Ty, Line),
               ConstantInt::get(I32Ty, Column), string(Function), ApiName});
  auto *GV = new GlobalVariable(M, SiteTy, /*isConstant=*/true,
                                GlobalValue::PrivateLinkage, Init,
                                ".tscope.site");
  GV->setAlignment(Align(8));
  Sites[Key] = GV;
  return GV;
}

Constant *RuntimeApi::siteAt(const DILocation *Loc, const Function &F,
                             StringRef Api) {
  if (!Loc)
    return site("", 0, 0, functionName(nullptr, F), Api);
  return site(Loc->getFilename().str(), Loc->getLine(), Loc->getColumn(),
              functionName(Loc, F), Api);
}

Constant *RuntimeApi::siteFor(const Instruction &At, StringRef Api) {
  return siteAt(At.getDebugLoc().get(), *At.getFunction(), Api);
}

Constant *RuntimeApi::siteForFunction(const Function &F) {
  if (DISubprogram *SP = F.getSubprogram())
    return site(SP->getFilename().str(), SP->getLine(), 0,
                functionName(nullptr, F), "");
  return site("", 0, 0, functionName(nullptr, F), "");
}

Constant *RuntimeApi::releaseFunction(StringRef Name) {
  if (Name.empty())
    return nullptr;
  if (Function *F = M.getFunction(Name))
    return F;
  // Not referenced by this module yet: the library's free takes the handle.
  return cast<Constant>(
      M.getOrInsertFunction(Name, FunctionType::get(Type::getVoidTy(M.getContext()),
                                                    {PtrTy}, false))
          .getCallee());
}

FunctionCallee RuntimeApi::statusFunction(StringRef Name) {
  if (Function *F = M.getFunction(Name))
    return FunctionCallee(F->getFunctionType(), F);
  // Not called by this file: status getters take the status object and
  // return an int or an enum (TF_Code), which is an int.
  return M.getOrInsertFunction(
      Name, FunctionType::get(Type::getInt32Ty(M.getContext()), {PtrTy}, false));
}

} // namespace tscope
