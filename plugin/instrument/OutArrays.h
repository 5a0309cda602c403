//===- OutArrays.h - creates_out into arrays, success from a status -------===//
//
// TF_SessionRun writes `noutputs` new tensors into `output_values` and says
// whether it succeeded in a TF_Status.  For such a call the instrumentation
// emits, after it:
//
//   if (status && TF_GetCode(status) == TF_OK) // success: 'F($N) == V'
//     for (i = 0; i < noutputs; i++)          // count: N
//       tscope_track(output_values[i], release_fn, &site);
//
// (`*$N == V` reads the integer argument N points to instead of calling F.)
//
//===----------------------------------------------------------------------===//
#ifndef TENSORSCOPE_PLUGIN_INSTRUMENT_OUTARRAYS_H
#define TENSORSCOPE_PLUGIN_INSTRUMENT_OUTARRAYS_H

#include "../roles/RoleTable.h"
#include "RuntimeApi.h"
#include "llvm/IR/IRBuilder.h"

namespace tscope {

/// The i1 "the create succeeded" of a `success: status` condition, built at
/// B after `CB`: never true when the call lacks the argument it reads or
/// passes it as NULL (then neither F nor `*` is applied to it).  Leaves B
/// in the block after that check.
llvm::Value *statusSuccessOf(llvm::IRBuilder<> &B, llvm::CallBase &CB,
                             const FunctionRoles &R, RuntimeApi &Api);

/// At B: tracks `Out[0 .. count)`, the count being CB's argument `CountParam`
/// (1-based; nothing is tracked when it is not an integer argument or <= 0).
void trackEachElement(llvm::IRBuilder<> &B, llvm::CallBase &CB, llvm::Value *Out,
                      unsigned CountParam, llvm::FunctionCallee Track,
                      llvm::Value *Release, llvm::Constant *Site, RuntimeApi &Api);

} // namespace tscope

#endif
