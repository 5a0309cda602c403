//===- MemberCalls.h - calls through described members of API tables ------===//
//
// `g_ort->ReleaseValue(v)` is an indirect call at IR: nothing names
// ReleaseValue any more.  So, before codegen sees a struct whose
// function-pointer members an API file describes (MemberRoles.h), each such
// member gets an implicit annotate("tensorscope.member=Rec::field"); clang
// then wraps every access to the member in an llvm.ptr.annotation call.  At
// the start of the pass those annotations are read and removed (the code is
// then exactly what clang emits without them), and each call whose callee
// was loaded from an annotated member is tagged with the member's key in
// `!tscope.role` metadata, which rolesOfCallee (RoleCalls.h) reads: from
// there on a member call is instrumented like a direct call of a function
// with the same roles.  The tags are removed at the end of the pass.
//
// A member whose value is first copied into a variable and called through
// it (`void (*f)(OrtValue *) = g_ort->ReleaseValue; f(v);`) is not a call
// through the member: neither the lint nor the instrumentation follows the
// copy (docs/api-descriptions.md says so).
//
//===----------------------------------------------------------------------===//
#ifndef TENSORSCOPE_PLUGIN_INSTRUMENT_MEMBERCALLS_H
#define TENSORSCOPE_PLUGIN_INSTRUMENT_MEMBERCALLS_H

#include "../roles/RoleTable.h"
#include "llvm/ADT/StringRef.h"

namespace clang {
class ASTContext;
class RecordDecl;
} // namespace clang

namespace llvm {
class CallBase;
class Constant;
class Function;
class Module;
class Value;
} // namespace llvm

namespace tscope {

/// The metadata kind that tags a call with the role-table key of what it
/// calls through (a member, or a macro: MacroCalls.h).
inline constexpr llvm::StringLiteral RoleTagKind = "tscope.role";

/// AST side: annotates the members of `RD` that have roles.
void markDescribedMembers(clang::ASTContext &Ctx, clang::RecordDecl &RD,
                          const RoleTable &Roles);

/// IR side: tags the calls through annotated members and removes the
/// annotations.  Returns true when it changed `M`.
bool tagMemberCalls(llvm::Module &M);

/// The key `CB` is tagged with, or "".
llvm::StringRef roleTagOf(const llvm::CallBase &CB);

/// Tags `CB` with `Key`.
void setRoleTag(llvm::CallBase &CB, llvm::StringRef Key);

/// Removes every tag (end of the pass).
void removeRoleTags(llvm::Module &M);

/// The address of the member `CB` calls through (the slot its callee was
/// loaded from), or null.
llvm::Value *calledSlot(const llvm::CallBase &CB);

/// `void __tscope_member_release.N(void *t)`: calls the function pointer
/// at byte offset N of `t` with `t` (`t->deleter(t)`), when it is not NULL.
/// What tscope_track is given as the release of `release: '->field'`.
llvm::Function *objectMemberRelease(llvm::Module &M, uint64_t Offset);

} // namespace tscope

#endif
