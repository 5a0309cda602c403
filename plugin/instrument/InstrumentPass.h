//===- InstrumentPass.h - the module pass of the IR side -------------------===//
#ifndef TENSORSCOPE_PLUGIN_INSTRUMENT_INSTRUMENTPASS_H
#define TENSORSCOPE_PLUGIN_INSTRUMENT_INSTRUMENTPASS_H

#include "../Options.h"
#include "../roles/RoleTable.h"
#include "llvm/IR/PassManager.h"
#include <memory>

namespace tscope {

/// Instruments role calls and adds automatic scopes in every function of
/// the module.  Required: it runs at -O0 too, where functions are optnone.
class InstrumentPass : public llvm::PassInfoMixin<InstrumentPass> {
public:
  InstrumentPass(std::shared_ptr<const RoleTable> Roles, Options Opts)
      : Roles(std::move(Roles)), Opts(std::move(Opts)) {}

  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }

private:
  std::shared_ptr<const RoleTable> Roles;
  Options Opts;
};

} // namespace tscope

#endif
