//===- InstrumentPass.cpp - the module pass of the IR side -----------------===//
#include "InstrumentPass.h"
#include "RoleCalls.h"
#include "RuntimeApi.h"

#include "llvm/IR/Module.h"

using namespace llvm;

namespace tscope {

PreservedAnalyses InstrumentPass::run(Module &M, ModuleAnalysisManager &) {
  if (!Opts.Instrument)
    return PreservedAnalyses::all();
  RuntimeApi Api(M);
  RoleCallInstrumenter Calls(Api, *Roles);
  bool Changed = false;
  for (Function &F : M)
    Changed |= Calls.run(F);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace tscope
