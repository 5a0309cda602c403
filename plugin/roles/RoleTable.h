//===- RoleTable.h - which functions create, release, ... tensors ---------===//
//
// The one fact table the AST side builds per translation unit and both
// consumers read: plugin/lint (the compile-time analysis) and
// plugin/instrument (the IR pass).  The two consumers share this table and
// never each other.
//
// Sources of roles, in order of precedence (a later source fills in only
// what an earlier one left unset):
//   1. TSCOPE_* annotations in the source (annotate("tscope_...") attributes),
//   2. Clang's ownership_returns / ownership_takes / ownership_holds,
//   3. API description files (YAML, see docs/api-descriptions.md),
//   4. roles inferred for helpers defined in the translation unit (lint).
//
// Keys: a function's name as the IR sees it: the plain name for C functions
// and extern "C" functions, the (Itanium) mangled name for other C++
// functions.  Parameter indexes are 1-based over the source parameters, as
// Clang's ownership_* attributes count them: for a C++ non-static member
// function index 1 is the implicit `this`.  (The IR may add an sret argument
// before them; the IR pass accounts for that.)
//
//===----------------------------------------------------------------------===//
#ifndef TENSORSCOPE_PLUGIN_ROLES_ROLETABLE_H
#define TENSORSCOPE_PLUGIN_ROLES_ROLETABLE_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class CallExpr;
class FunctionDecl;
class ASTContext;
class DiagnosticsEngine;
class ASTNameGenerator;
class FieldDecl;
} // namespace clang

namespace tscope {

/// How an out-parameter create (or a create returning a status) reports
/// success; the tensor exists only when the condition holds.
enum class SuccessCondition {
  Always,        ///< the out-parameter is set whenever the call returns
  ReturnsZero,   ///< success when the call returns 0
  ReturnsNonZero,///< success when the call returns non-zero
  ReturnsNull,   ///< success when the call returns a NULL pointer (OrtStatus*)
  ReturnsNonNull,///< success when the call returns a non-NULL pointer
  Status,        ///< success read after the call from an argument: a status
                 ///< object (`TF_GetCode($12) == TF_OK`) or an int it points
                 ///< to (`*$3 == 0`); see StatusCondition
};

/// A field an init helper fills (FunctionRoles::CreatesFields).
struct FilledFieldRole {
  unsigned Param = 0;                   ///< 1-based
  const clang::FieldDecl *Field = nullptr;
  bool MayBeNull = false;               ///< the stored create may be NULL
  std::string ReleaseFunction;          ///< of the stored create, if known
  /// Holds a view of the tensor this other filled field holds (never the
  /// caller's to release), not a tensor of its own.
  const clang::FieldDecl *ViewOf = nullptr;
  /// Holds the very tensor this other filled field holds (no reference of
  /// its own): one tensor, two fields.
  const clang::FieldDecl *AliasOf = nullptr;
};

/// `success: 'F($N) == V'` / `'*$N != V'` of an out-parameter create: the
/// created tensor exists when F(argument N) (or the integer argument N
/// points to) compares with V as said.  F is called after the call by the
/// instrumentation and recognised in the program's own checks by the lint.
struct StatusCondition {
  std::string Function;  ///< F; empty for the `*$N` form
  std::string Symbol;    ///< F's symbol (mangled in C++), set at the end of the TU
  unsigned Param = 0;    ///< N (1-based)
  std::string ValueName; ///< V as written: a number or an enumerator
  long long Value = 0;   ///< V resolved (RoleCollector, at the end of the TU)
  bool Equals = true;    ///< `==` (false: `!=`)
  unsigned DerefBits = 32; ///< `*$N` form: width of the integer read
};

/// Where a role came from (for diagnostics and --dump-roles).
enum class RoleSource { Annotation, OwnershipAttr, ApiFile, Inferred };

/// The roles of one function.  Parameter indexes are 1-based, 0 = none.
struct FunctionRoles {
  std::string Name;             ///< the function's name (C) or mangled name
  std::string DisplayName;      ///< qualified source name (C++: ns::f)
  std::string Origin;           ///< e.g. "apis/gsl.yaml:12:5" for API entries
  RoleSource Source = RoleSource::Annotation;

  bool Creates = false;         ///< returns a new owned tensor
  unsigned CreatesOut = 0;      ///< creates through out-parameter i
  SuccessCondition Success = SuccessCondition::Always;
  StatusCondition StatusCheck;  ///< when Success == Status
  unsigned CreatesOutCount = 0; ///< creates_out into an array whose element
                                ///< count is argument i (0: one element)
  bool MayReturnNull = true;    ///< a create can return NULL (false: aborts)
  std::string ReleaseFunction;  ///< the function that frees what this creates
  /// The release of what the creates_out parameter makes, when it differs
  /// from the returned create's (ONNX Runtime's CreateTensorAsOrtValue
  /// returns an OrtStatus released by ReleaseStatus and makes an OrtValue
  /// released by ReleaseValue).  Empty: ReleaseFunction.
  std::string OutReleaseFunction;
  bool Shared = false;          ///< a create may return the same live object
                                ///< again (a static table): counted, not lost

  std::vector<unsigned> Releases; ///< releases argument i
  bool ReleaseAcceptsNull = true; ///< release(NULL) is a no-op
  /// When the releases happen: Always, or only when the call's result says
  /// so (`success: returns_nonnull` on realloc: on failure the argument
  /// stays the caller's).  Conditional releases are told to the runtime
  /// after the call (tscope_release_inner) and stop the lint's tracking.
  SuccessCondition ReleaseSuccess = SuccessCondition::Always;
  std::vector<unsigned> Retains;
  std::vector<unsigned> Consumes;
  std::vector<unsigned> Detaches;
  unsigned Borrows = 0;         ///< returns a view owned by argument i

  bool AutoScope = false;       ///< TSCOPE_AUTO or matched by auto-scope=
  bool AutoLoops = false;       ///< TSCOPE_AUTO_LOOPS
  bool NoLint = false;          ///< TSCOPE_NO_LINT
  /// Inferred by the lint: the body releases values it reads with va_arg,
  /// so the lint stops following tensors passed in the `...` part (it
  /// cannot tell which).  Not a tensor role: calls are not instrumented.
  bool ReleasesVariadic = false;
  /// Inferred by the lint: a helper returning an int status releases
  /// argument i when it fails (returns non-zero) and keeps it when it
  /// succeeds (`if (bad) { free(t); return -1; } ... return 0;`).  Not a
  /// tensor role: calls are not instrumented (the body's release is).
  std::vector<unsigned> ReleasesOnFailure;
  /// Of those, the parameters that are NULL on every success exit and
  /// non-NULL on every failure exit (`if (!st) return 0; release(st);
  /// return 1;`): the result is 0 exactly when the argument was NULL, so a
  /// status whose NULL means "created" keeps that meaning through it.
  std::vector<unsigned> NullOnSuccess;
  /// Inferred by the lint: on every path the body calls its function-
  /// pointer parameter Fn with its parameter Data as argument Arg
  /// (`with_cleanup(void (*fn)(void *), void *ctx) { fn(ctx); }`), so a
  /// call given a release function as Fn releases Data.  1-based.  Not a
  /// tensor role: calls are not instrumented.
  struct CallbackPass {
    unsigned Fn = 0, Arg = 0, Data = 0;
  };
  std::vector<CallbackPass> PassesToCallback;
  /// Inferred by the lint: on every path the body releases what field
  /// `second` of the struct its parameter `first` (1-based) points to held
  /// on entry (`pair_free(struct pair *p) { t_free(p->a); ... }`), so a
  /// call given `&s` releases the tensors in those fields of `s`.  Not a
  /// tensor role: calls are not instrumented (the body's releases are).
  std::vector<std::pair<unsigned, const clang::FieldDecl *>> ReleasesFields;
  /// Inferred by the lint, beside ReleasesFields: of those fields, the ones
  /// the body leaves NULL on every exit (`t_free(p->a); p->a = NULL;`), so
  /// the caller's `s.a` holds NULL after the call.  Not a tensor role.
  std::vector<std::pair<unsigned, const clang::FieldDecl *>> ClearsFields;
  /// Inferred by the lint, beside ReleasesFields: the parameters (1-based)
  /// through which the body writes no field at all, so that a helper of
  /// the same kind may hand its own parameter to this one (ParamFields.cpp).
  /// Not a tensor role.
  std::vector<unsigned> FieldsUnwritten;
  /// Inferred by the lint, beside ReleasesFields: (parameter, field) pairs
  /// the body never touches (every use of the parameter is a read of
  /// another field), so a call given `&s` leaves what `s.f` holds to the
  /// caller.  Not a tensor role.
  std::vector<std::pair<unsigned, const clang::FieldDecl *>> FieldsUntouched;
  /// Inferred by the lint (InitFields.cpp): an init helper that stores a
  /// fresh tensor into these fields of the structs its parameters point to
  /// (`cell_init(struct cell *c) { c->w = t_ones(n); ... return 0; }`), on
  /// every exit (CreatesFieldsSuccess Always) or on every exit returning 0
  /// while nothing stays alive in them on the others (ReturnsZero), so a
  /// call given `&s` leaves `s.f` holding a new tensor the caller owns.
  /// Not a tensor role: calls are not instrumented (the body's creates are).
  std::vector<FilledFieldRole> CreatesFields;
  SuccessCondition CreatesFieldsSuccess = SuccessCondition::Always;
  /// Inferred by the lint (KeptParams.cpp): the parameters (1-based) whose
  /// value the body may store where it outlives the call (a list, a global,
  /// a field), so a call stops the caller's tracking of what it passes
  /// there (`push(list, t)`).  Not a tensor role: calls are not
  /// instrumented (the body's stores are detached there).
  std::vector<unsigned> Keeps;
  /// Inferred by the lint: the parameters (1-based) the body releases (or
  /// consumes) on some paths but not on all, and not only on a failure
  /// status (`if (take) t_free(t);`), so after a call the caller cannot
  /// tell whether its argument is still alive and stops following it.
  /// Not a tensor role: calls are not instrumented.
  std::vector<unsigned> MayRelease;
  /// Inferred by the lint: every `return` gives parameter i (1-based) back
  /// unchanged (`tensor *fill(tensor *t, float v) { ...; return t; }`), or
  /// NULL when ReturnsArgOrNull (`if (bad) return NULL; return t;`), so a
  /// call's result is its argument i (or NULL).  Not a tensor role.
  unsigned ReturnsArg = 0;
  bool ReturnsArgOrNull = false;
  /// Inferred by the lint: every `return` gives a view of parameter i
  /// (1-based), or NULL (`static tensor *row(tensor *m) { return
  /// t_view(m, 0, 1); }`), so a call's result is a view, as for
  /// `Borrows`, never the caller's to release; ReturnsViewMayBeNull when
  /// one may be NULL.  Not a tensor role: calls are not instrumented.
  unsigned ReturnsViewOf = 0;
  bool ReturnsViewMayBeNull = false;
  /// Inferred by the lint: every `return` gives what field ReturnsField of
  /// the struct parameter ReturnsFieldOf (1-based) points to holds, or
  /// NULL, and the body only reads through that parameter (a getter:
  /// `static tensor *cache_get(struct cache *c) { return c->v; }`), so a
  /// call given `&s` returns what `s.f` holds, still the struct's.  Not a
  /// tensor role.
  unsigned ReturnsFieldOf = 0;
  const clang::FieldDecl *ReturnsField = nullptr;
  /// Inferred by the lint: the body's one store through out-parameter
  /// OutViewAt (1-based) is `*out = <view of parameter OutViewOf>`, a
  /// statement of the body itself in a body with no return, goto or throw,
  /// so every call leaves a view of that argument there (`static void
  /// head(tensor *x, tensor **out) { *out = t_view(x, 0, 2); }`).  Not a
  /// tensor role.
  unsigned OutViewAt = 0, OutViewOf = 0;
  bool OutViewMayBeNull = false;

  bool hasTensorRole() const {
    return Creates || CreatesOut || !Releases.empty() || !Retains.empty() ||
           !Consumes.empty() || !Detaches.empty() || Borrows;
  }
};

/// The release of what `R`'s creates_out parameter makes.
inline const std::string &outReleaseOf(const FunctionRoles &R) {
  return R.OutReleaseFunction.empty() ? R.ReleaseFunction : R.OutReleaseFunction;
}

/// The per-translation-unit role table.
class RoleTable {
public:
  RoleTable();
  ~RoleTable();
  RoleTable(const RoleTable &) = delete;
  RoleTable &operator=(const RoleTable &) = delete;

  /// The key of `FD` (see "Keys" above); cached per declaration.
  std::string keyOf(const clang::FunctionDecl *FD) const;

  /// Roles of `FD` (looked up by its canonical declaration's name), or null.
  const FunctionRoles *lookup(const clang::FunctionDecl *FD) const;
  /// Roles by (C or mangled) name, or null.
  const FunctionRoles *lookup(llvm::StringRef Name) const;
  /// The entry for a name: the existing one unchanged (whatever its source;
  /// fill in only fields that are unset), or a new empty one with source
  /// `Src`.
  FunctionRoles &getOrCreate(llvm::StringRef Name, RoleSource Src);
  /// Merges `Incoming` into the entry for Incoming.Name following the
  /// precedence above: the higher-precedence source keeps every role it set;
  /// the other fills in the rest (e.g. an API file's release function or
  /// NULL behaviour for an annotated create).  Indexes are deduplicated.
  void merge(const FunctionRoles &Incoming);
  /// All entries, for dumping and for the IR pass.
  const llvm::StringMap<FunctionRoles> &entries() const { return Table; }

  /// Byte offsets of function-pointer members (MemberRoles.h), for the IR
  /// side: "Rec::field" for a described table member, and "CREATE->field"
  /// for the member that releases what CREATE makes (`release: '->field'`).
  void setMemberOffset(llvm::StringRef Key, uint64_t Offset) {
    MemberOffsets[Key] = Offset;
  }
  std::optional<uint64_t> memberOffset(llvm::StringRef Key) const {
    auto It = MemberOffsets.find(Key);
    if (It == MemberOffsets.end())
      return std::nullopt;
    return It->second;
  }

  /// Calls spelled through macros with roles (MacroRoles.h).  For the
  /// lint: the macro's key ("#NAME") of a call; for the IR side: every
  /// indirect call of a function, in evaluation order, with the line and
  /// column clang gives its debug location, and the key of the ones that
  /// have a macro's roles.
  struct IndirectCallSite {
    unsigned Line = 0, Column = 0;
    std::string Key; ///< "" for an indirect call without a macro role
  };
  void setMacroCall(const clang::CallExpr *CE, llvm::StringRef Key) {
    MacroCalls[CE] = Key.str();
  }
  llvm::StringRef macroCallKey(const clang::CallExpr *CE) const {
    auto It = MacroCalls.find(CE);
    return It == MacroCalls.end() ? llvm::StringRef() : llvm::StringRef(It->second);
  }
  std::vector<IndirectCallSite> &indirectCallsOf(llvm::StringRef FunctionKey) {
    return IndirectCalls[FunctionKey];
  }
  const std::vector<IndirectCallSite> *findIndirectCalls(llvm::StringRef FunctionKey) const {
    auto It = IndirectCalls.find(FunctionKey);
    return It == IndirectCalls.end() ? nullptr : &It->second;
  }
  bool hasIndirectCallSites() const { return !IndirectCalls.empty(); }

  /// Functions of this TU with internal linkage (C `static`, `static
  /// inline`) that API files may name as release functions: the IR side
  /// must not declare them as external symbols when the module has no body
  /// for them (a link error); such a create's release is then unknown.
  void setLocalFunction(llvm::StringRef Key) { LocalFunctions[Key] = true; }
  bool isLocalFunction(llvm::StringRef Key) const { return LocalFunctions.count(Key); }

private:
  llvm::StringMap<FunctionRoles> Table;
  llvm::StringMap<uint64_t> MemberOffsets;
  llvm::DenseMap<const clang::CallExpr *, std::string> MacroCalls;
  llvm::StringMap<std::vector<IndirectCallSite>> IndirectCalls;
  llvm::StringMap<bool> LocalFunctions;
  mutable std::unique_ptr<clang::ASTNameGenerator> Mangler;
  mutable llvm::DenseMap<const clang::FunctionDecl *, std::string> KeyCache;
};

} // namespace tscope

#endif
