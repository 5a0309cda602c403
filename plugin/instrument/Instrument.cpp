//===- Instrument.cpp - entry points of the IR side ------------------------===//
//
// registerInstrumentation puts InstrumentPass at the start of every pipeline
// (-O0 included); prepareDeclsForInstrumentation is the AST-side hook that
// runs before codegen sees each declaration.
//
//===----------------------------------------------------------------------===//
#include "Instrument.h"
#include "InstrumentPass.h"

#include "clang/AST/DeclGroup.h"
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Passes/PassBuilder.h"

using namespace llvm;

namespace tscope {

void registerInstrumentation(PassBuilder &PB,
                             std::shared_ptr<const RoleTable> Roles,
                             const Options &Opts) {
  if (!Opts.Instrument)
    return;
  PB.registerPipelineStartEPCallback(
      [Roles, Opts](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(InstrumentPass(Roles, Opts));
      });
}

void prepareDeclsForInstrumentation(clang::CompilerInstance &,
                                    clang::DeclGroupRef, const RoleTable &,
                                    const Options &) {}

} // namespace tscope
