//===- SourceLines.cpp - make call sites' lines reach the IR pass ----------===//
#include "SourceLines.h"
#include "Instrument.h"

#include "clang/Basic/CodeGenOptions.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include <atomic>

namespace tscope {

// One cc1 process compiles one translation unit, and the flag is set before
// codegen starts and read by that unit's pass.
static std::atomic<bool> Forced{false};

bool locationTrackingWasForced() { return Forced.load(); }
void noteLocationTrackingForced() { Forced.store(true); }

void prepareCodeGenForInstrumentation(clang::CompilerInstance &CI,
                                      const Options &Opts) {
  if (!Opts.Instrument)
    return;
  clang::CodeGenOptions &CG = CI.getCodeGenOpts();
  if (CG.getDebugInfo() != llvm::codegenoptions::NoDebugInfo)
    return; // -g, -gmlt, -Rpass...: the locations are there already
  CG.setDebugInfo(llvm::codegenoptions::LocTrackingOnly);
  noteLocationTrackingForced();
}

bool stripForcedLocations(llvm::Module &M) {
  if (!locationTrackingWasForced())
    return false;
  // Only when every compile unit is location-tracking-only: never touch
  // debug info a user asked for (e.g. an LTO module merged with -g code).
  for (llvm::DICompileUnit *CU : M.debug_compile_units())
    if (CU->getEmissionKind() != llvm::DICompileUnit::NoDebug)
      return false;
  bool Changed = llvm::StripDebugInfo(M);
  // StripDebugInfo leaves the "Debug Info Version" flag that clang added
  // for the locations; without it the module is what clang emits without
  // the plugin.
  if (llvm::NamedMDNode *Flags = M.getModuleFlagsMetadata()) {
    llvm::SmallVector<llvm::MDNode *, 8> Keep;
    for (llvm::MDNode *Flag : Flags->operands()) {
      auto *Key = Flag->getNumOperands() > 1
                      ? llvm::dyn_cast<llvm::MDString>(Flag->getOperand(1))
                      : nullptr;
      if (Key && Key->getString() == "Debug Info Version")
        continue;
      Keep.push_back(Flag);
    }
    if (Keep.size() != Flags->getNumOperands()) {
      Flags->clearOperands();
      for (llvm::MDNode *Flag : Keep)
        Flags->addOperand(Flag);
      Changed = true;
    }
  }
  return Changed;
}

} // namespace tscope
