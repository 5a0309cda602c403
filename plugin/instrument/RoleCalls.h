//===- RoleCalls.h - runtime hooks around calls of tensor API functions ---===//
//
// For every direct call (or invoke) of a function with a role:
//   create          after:  tscope_track(result, release_fn, &site)
//   create-out i    after:  if (success) tscope_track(*arg_i, release_fn, &site)
//   release i       before: if (tscope_release(arg_i, &site)) <the call>
//   retain i        after:  tscope_retain(arg_i)
//   detach i        before: tscope_detach(arg_i)
//   consume i       before: tscope_detach(arg_i)   (ownership leaves our scopes)
// only for functions whose role is declared (ApiBodies.h says why); calls of
// helpers with inferred roles get only the detaches of what they consume.
// Calls through pointers reach a thunk (Thunks.h), whose body is a direct
// call like any other.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORSCOPE_PLUGIN_INSTRUMENT_ROLECALLS_H
#define TENSORSCOPE_PLUGIN_INSTRUMENT_ROLECALLS_H

#include "../roles/RoleTable.h"
#include "RuntimeApi.h"

namespace llvm {
class CallBase;
class Function;
} // namespace llvm

namespace tscope {

/// The roles of the function `CB` calls directly, or of the member or macro
/// it is tagged with (MemberCalls.h), or null (other indirect call,
/// intrinsic, runtime hook, or a function without roles).
const FunctionRoles *rolesOfCallee(const RoleTable &Roles,
                                   const llvm::CallBase &CB);

/// The IR argument for 1-based source parameter `OneBased` of `CB`, or null
/// when the call has no such pointer argument (a role description that does
/// not fit the call: leave it alone).
llvm::Value *roleArgument(llvm::CallBase &CB, unsigned OneBased);

class RoleCallInstrumenter {
public:
  RoleCallInstrumenter(RuntimeApi &Api, const RoleTable &Roles)
      : Api(Api), Roles(Roles) {}

  /// Instruments every role call in `F` (not an API implementation body:
  /// see runInApiBody).  Returns true when it changed F.
  bool run(llvm::Function &F);
  /// For an API implementation body (ApiBodies.h): creates are not tracked;
  /// each release only tells the runtime, with tscope_release_inner, and
  /// always runs.  Returns true when it changed F.
  bool runInApiBody(llvm::Function &F);

private:
  /// The release function tscope_track is given for what `CB` creates.
  llvm::Value *releaseOf(llvm::IRBuilder<> &B, llvm::CallBase &CB,
                         const FunctionRoles &R, bool Out);
  void instrumentCreate(llvm::CallBase &CB, const FunctionRoles &R);
  void instrumentCreateOut(llvm::CallBase &CB, const FunctionRoles &R);
  void instrumentRelease(llvm::CallBase &CB, const FunctionRoles &R);

  RuntimeApi &Api;
  const RoleTable &Roles;
};

} // namespace tscope

#endif
