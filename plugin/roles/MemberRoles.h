//===- MemberRoles.h - roles of function-pointer members (API tables) -----===//
//
// Many tensor APIs are reached through a table of function pointers rather
// than named functions: ONNX Runtime's `const OrtApi *g_ort` is called as
// `g_ort->ReleaseValue(v)`, a DLPack tensor is released with its own
// `t->deleter(t)`.  An API description names such a member `Rec::field`
// (`name: OrtApi::ReleaseValue`), and every call through an expression of
// type `Rec` (or a pointer to it) and that member gets the roles, with
// parameter indexes counted over the call's arguments.
//
// Keys: "Rec::field" (the record's qualified name, or its typedef name for
// an anonymous struct).  No C function can have such a name, and C++
// functions are keyed by their mangled names, so member keys never collide
// with function keys in the RoleTable.
//
// The IR side learns which calls go through a described member from an
// implicit annotate("tensorscope.member=KEY") on the field (MemberCalls.h).
//
//===----------------------------------------------------------------------===//
#ifndef TENSORSCOPE_PLUGIN_ROLES_MEMBERROLES_H
#define TENSORSCOPE_PLUGIN_ROLES_MEMBERROLES_H

#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace clang {
class CallExpr;
class Expr;
class FieldDecl;
class MemberExpr;
class RecordDecl;
class FunctionProtoType;
} // namespace clang

namespace tscope {
class RoleTable;
struct FunctionRoles;

/// The annotation that marks a described member for the IR side.
inline constexpr llvm::StringLiteral MemberAnnotationPrefix = "tensorscope.member=";

/// `release: '->field'`: the created object is released by calling its own
/// member `field` with itself as the argument (DLPack's `t->deleter(t)`).
inline constexpr llvm::StringLiteral ObjectMemberPrefix = "->";

/// False for a `release:` that starts with "->" but is not "->identifier".
bool memberReleaseIsWellFormed(llvm::StringRef Release);

/// The name of `RD` as API descriptions spell it ("OrtApi", "ns::S"), or ""
/// for a record with no name at all.
std::string recordName(const clang::RecordDecl *RD);

/// True when `FD` is a pointer to a function (possibly behind typedefs).
bool isFunctionPointerField(const clang::FieldDecl *FD);

/// The prototype of the function `FD` points to, or null (K&R `()`).
const clang::FunctionProtoType *memberPrototype(const clang::FieldDecl *FD);

/// "Rec::field" for a function-pointer member of a named record, else "".
std::string memberKey(const clang::FieldDecl *FD);

/// The member expression a call's callee reads (`api->f`, `(*api).f`,
/// `(*api->f)`, through parentheses and casts), or null.
const clang::MemberExpr *calledMemberExpr(const clang::CallExpr *CE);

/// The function-pointer member a call goes through, or null.
const clang::FieldDecl *calledMember(const clang::CallExpr *CE);

/// The roles of what `CE` calls: its direct callee's, or the roles of the
/// member it calls through, or of the macro it is spelled through
/// (MacroRoles.h).  Null when none has roles.
const FunctionRoles *rolesOfCall(const RoleTable &Roles, const clang::CallExpr *CE);

/// The member `Name` of `RD` that is a function pointer, or null; with
/// `Suggestion` set to the closest function-pointer member's name (at most
/// two edits) when there is none.
const clang::FieldDecl *findFunctionPointerMember(const clang::RecordDecl *RD,
                                                  llvm::StringRef Name,
                                                  std::string *Suggestion);

/// The RoleTable::memberOffset key of `release: '->field'` (`Release`) of
/// create `Create`, for its returned object or (`Out`) its out-parameter's.
std::string memberReleaseOffsetKey(llvm::StringRef Create, llvm::StringRef Release,
                                   bool Out);

/// The byte offset of `FD` in its record, for the IR side.
uint64_t memberOffset(const clang::FieldDecl *FD);

} // namespace tscope

#endif
