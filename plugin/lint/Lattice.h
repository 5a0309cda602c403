//===- Lattice.h - the lint's abstract state and its join -----------------===//
//
// One abstract state per program point of one function:
//  * every tensor identity (one per create site and loop generation, one per
//    pointer parameter, one per view site) has a Status: the set of things
//    it may be on the paths reaching the point (not created yet, NULL,
//    owned, released, ...), optionally split by a branch condition
//    ("owned when the condition at f.c:7 was true, not created otherwise"),
//    which is what lets correlated create/release pairs pass;
//  * every local variable (and field of a local struct) holds an abstract
//    value: the identities it may point to, plus "may be NULL" and "may be
//    something untracked";
//  * the branch outcomes known on every path to the point (facts).
// Joins merge statuses bit-wise (and build condition splits when the two
// sides differ by one branch outcome): the lattice is finite, so the
// fixpoint over loops terminates without unrolling.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORSCOPE_PLUGIN_LINT_LATTICE_H
#define TENSORSCOPE_PLUGIN_LINT_LATTICE_H

#include "../roles/RoleTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <utility>

namespace clang {
class Expr;
class ValueDecl;
class FieldDecl;
class VarDecl;
} // namespace clang

namespace tscope {

/// What a tensor identity may be on the paths reaching a point (bit set).
enum StatusBit : uint16_t {
  SUnborn = 1 << 0,   ///< its create has not run (or its result was dropped)
  SNull = 1 << 1,     ///< its create ran and failed (returned NULL / error)
  SOwned = 1 << 2,    ///< alive, and this function must release it
  SReleased = 1 << 3, ///< released: any later use or release is a bug
  SEscaped = 1 << 4,  ///< ownership left the function (returned, stored out)
  SConsumed = 1 << 5, ///< given to a CONSUMES parameter: no longer ours
  SBorrowed = 1 << 6, ///< never ours: a parameter or a view
  SScope = 1 << 7,    ///< owned by the function's automatic scope
  SUnknown = 1 << 8,  ///< lost track (e.g. its address was taken): no findings
  /// (parameters only) passed to a call through a function-pointer
  /// parameter: for inferring PassesToCallback (RoleTable.h)
  SCalledBack = 1 << 9,
};
constexpr uint16_t SNotAlive = SUnborn | SNull;

/// The status of one identity.  With Guard >= 0 the status depends on the
/// outcome of condition `Guard` (an index into the function's condition
/// table): IfTrue / IfFalse; Mask is always their union.
struct Status {
  uint16_t Mask = SUnborn;
  int Guard = -1;
  uint16_t IfTrue = 0, IfFalse = 0;

  static Status plain(uint16_t M) { Status S; S.Mask = M; return S; }
  bool operator==(const Status &O) const {
    return Mask == O.Mask && Guard == O.Guard &&
           (Guard < 0 || (IfTrue == O.IfTrue && IfFalse == O.IfFalse));
  }
  bool operator!=(const Status &O) const { return !(*this == O); }
  bool has(uint16_t Bits) const { return (Mask & Bits) != 0; }
  /// Keeps only `Bits` (in both arms).  Returns false when nothing is left.
  bool restrictTo(uint16_t Bits);
  /// Replaces the status by `M` everywhere (a strong update).
  void set(uint16_t M) { *this = plain(M); }
  /// Keeps the arms' split but replaces bits `Clear` by `Add` in each arm.
  void update(uint16_t Clear, uint16_t Add);
  /// Mask M with bits `Clear` replaced by `Add` (M itself when it has none).
  static uint16_t updated(uint16_t M, uint16_t Clear, uint16_t Add) {
    return (M & Clear) ? (uint16_t)((M & ~Clear) | Add) : M;
  }
  /// Replaces bits `Clear` by `Add` in one arm of a split on condition
  /// `Split` (a plain status is split on it first; an arm holding none of
  /// `Clear` is left alone).
  void updateArm(int Split, bool Arm, uint16_t Clear, uint16_t Add);
};

/// The statuses of a state's identities, by identity id: only the ones that
/// are not "unborn" (the default) are stored, sorted by id.  A function has
/// an identity per create site, but at any point only the few a variable
/// still refers to have a status worth keeping (endFullExpression resets
/// the rest), so a state's size follows what is live, not the length of
/// the function: a 40,000-line function stays linear in time and memory.
class StatusMap {
public:
  using Entry = std::pair<unsigned, Status>;
  /// The status of `Id`, inserted as unborn when missing.  Like any
  /// vector, an insertion moves the others: do not hold two references.
  Status &operator[](unsigned Id);
  /// The status of `Id` (unborn when missing).
  Status lookup(unsigned Id) const;
  Entry *begin() { return E.begin(); }
  Entry *end() { return E.end(); }
  const Entry *begin() const { return E.begin(); }
  const Entry *end() const { return E.end(); }
  size_t size() const { return E.size(); }
  /// Drops the entries that are unborn again.
  void compact();
  /// Equal when every id has the same status (missing = unborn).
  bool operator==(const StatusMap &O) const;
  bool operator!=(const StatusMap &O) const { return !(*this == O); }

private:
  llvm::SmallVector<Entry, 8> E;
};

/// The abstract value of an expression or variable.
struct AbsVal {
  llvm::SmallVector<unsigned, 2> Ids; ///< identities it may be (sorted)
  bool MayNull = false;   ///< may be a NULL constant
  bool Unknown = false;   ///< may be something untracked
  const clang::ValueDecl *AddrOf = nullptr; ///< the value is &AddrOf
  const clang::FieldDecl *AddrOfField = nullptr;
  int SuccessOf = -1;     ///< the status result of an out-parameter create
  SuccessCondition Success = SuccessCondition::Always;
  /// SuccessOf names a tensor the call released when it failed (a helper
  /// that releases on its failure path), not one it created on success.
  bool SuccessReleases = false;
  /// With SuccessReleases: a second identity that exists exactly when the
  /// value is 0 (`failed(g_ort->CreateX(..., &v))`: the helper returns 0
  /// for a NULL status, and a NULL status means `v` was made).
  int AlsoCreatedOf = -1;
  /// With Success == Status: this is the status object itself (TF_Status *),
  /// whose getter's result (TF_GetCode(status)) says whether SuccessOf was
  /// created; not a value to compare.
  bool SuccessHolder = false;
  /// `c ? a : b` (or `if (c) x = a; else x = b;`) with two tensors: the
  /// value is IfTrueId where condition Split was true and IfFalseId where
  /// it was false (Ids holds both).  Releasing it releases each in its arm
  /// of a status split on Split (FunctionAnalysis::releaseSplit), so a later
  /// release of either is a double release on one side, not a guess.
  int Split = -1;
  unsigned IfTrueId = 0, IfFalseId = 0;
  /// One tensor on one side of condition NullSplit and NULL on the other
  /// (`tmp = NULL; if (c) { tmp = a; ... }`): NULL where the condition had
  /// outcome NullWhen.  A later NULL test of the value says which side the
  /// path took (FunctionAnalysis::refineNull).
  int NullSplit = -1;
  bool NullWhen = false;
  /// A variable that may hold one of several tensors (a loop's alias),
  /// released through: whichever it held is released, though the lint no
  /// longer follows which (the release call's argument; cleared by any
  /// write to the variable).
  const clang::Expr *ReleasedAt = nullptr;

  bool operator==(const AbsVal &O) const {
    return Ids == O.Ids && MayNull == O.MayNull && Unknown == O.Unknown &&
           AddrOf == O.AddrOf && AddrOfField == O.AddrOfField &&
           SuccessOf == O.SuccessOf && SuccessReleases == O.SuccessReleases &&
           AlsoCreatedOf == O.AlsoCreatedOf &&
           SuccessHolder == O.SuccessHolder && Split == O.Split &&
           (Split < 0 || (IfTrueId == O.IfTrueId && IfFalseId == O.IfFalseId)) &&
           NullSplit == O.NullSplit && (NullSplit < 0 || NullWhen == O.NullWhen) &&
           ReleasedAt == O.ReleasedAt;
  }
  bool operator!=(const AbsVal &O) const { return !(*this == O); }
  void addId(unsigned Id);
  void unite(const AbsVal &O);
  bool refersTo(unsigned Id) const;
  static AbsVal null() { AbsVal V; V.MayNull = true; return V; }
  static AbsVal unknown() { AbsVal V; V.Unknown = true; return V; }
  static AbsVal of(unsigned Id) { AbsVal V; V.Ids.push_back(Id); return V; }
};

/// A variable, or one field of a local struct variable (Field != null), or
/// the elements of a local array (Field == null, array-typed Var).
using VarKey = std::pair<const clang::ValueDecl *, const clang::FieldDecl *>;

/// A branch outcome known on every path to a point.
struct Fact {
  int Cond;
  bool Outcome;
  bool operator==(const Fact &O) const { return Cond == O.Cond && Outcome == O.Outcome; }
};

/// One value a flag has on some of the paths joined at a point, with what
/// each tensor identity may be on those paths (ids not listed: unborn).
struct FlagCase {
  int64_t Value = 0;
  llvm::SmallVector<std::pair<unsigned, uint16_t>, 4> Masks; ///< sorted by id
  bool operator==(const FlagCase &O) const { return Value == O.Value && Masks == O.Masks; }
};

/// A local integer flag (every write a constant, or a step by a constant:
/// `int made = 0; ... made = 1;`, `stage++`) on the paths to a point: its
/// value where every path agrees (Known); or, where two paths that took the
/// two sides of branch Cond joined with different values, the value on each
/// side (`if (c) { t = create(); made = 1; }`: made is 1 where c was true,
/// 0 where it was false); or, where more paths joined (a staged cleanup:
/// `stage` 0, 1, 2 at three `goto fail`s), its values (Cases), each with
/// the tensors' statuses on the paths that had it.  A flag absent from
/// State::Flags is unknown.
struct Flag {
  /// The local variable, or the field of the one local struct variable
  /// whose field it is (FunctionAnalysis::flagKeyOf).
  const clang::ValueDecl *Var = nullptr;
  bool Known = false;
  int64_t Value = 0; ///< with Known
  int Cond = -1;     ///< without Known: the branch its value stands for
  int64_t IfTrue = 0, IfFalse = 0;
  llvm::SmallVector<FlagCase, 2> Cases; ///< without Known and Cond
  bool operator==(const Flag &O) const {
    return Var == O.Var && Known == O.Known && (!Known || Value == O.Value) &&
           Cond == O.Cond && (Known || Cond < 0 || (IfTrue == O.IfTrue && IfFalse == O.IfFalse)) &&
           Cases == O.Cases;
  }
  bool operator!=(const Flag &O) const { return !(*this == O); }
};

struct State {
  bool Reachable = false;
  llvm::DenseMap<VarKey, AbsVal> Vars;
  StatusMap Tensors; ///< by identity id; missing: Unborn
  llvm::DenseMap<const clang::Expr *, AbsVal> Exprs; ///< current full expression
  llvm::SmallVector<Fact, 4> Facts;
  llvm::SmallVector<Flag, 2> Flags; ///< known flags only (FunctionAnalysis::FlagVars)
  /// The full expression that produced Exprs has ended: clear them before
  /// the next one (kept until then for the branch that tests them).
  bool ClearExprs = false;

  Status &status(unsigned Id);
  Status statusOf(unsigned Id) const { return Tensors.lookup(Id); }
  bool operator==(const State &O) const;
  bool operator!=(const State &O) const { return !(*this == O); }
  /// Adds a fact, replacing an older one about the same condition; keeps
  /// the list short (the oldest facts go first).
  void addFact(Fact F);
  /// Does some variable still refer to `Id`?
  bool referenced(unsigned Id) const;
  /// Status::update(Clear, Add) of `Id`, and of what the flags' cases say
  /// of it: the paths of every case reach the point of the update, so each
  /// case's mask changes alike (else a release between a flag's test and
  /// its next join would leave the cases saying "owned").
  void updateStatus(unsigned Id, uint16_t Clear, uint16_t Add);
};

/// Merges `From` into `Into` (the join at a CFG merge point).
void joinInto(State &Into, const State &From);

} // namespace tscope

#endif
