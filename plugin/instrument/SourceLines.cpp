//===- SourceLines.cpp - make call sites' lines reach the IR pass ----------===//
#include "SourceLines.h"
#include "Instrument.h"

#include "clang/Basic/CodeGenOptions.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
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
  return llvm::StripDebugInfo(M);
}

} // namespace tscope
