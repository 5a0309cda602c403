//===- FunctionAnalysis.h - the dataflow over one function's CFG ----------===//
//
// Modelled on clang's thread-safety analysis: a forward pass over the CFG
// in reverse post-order, states joined where paths merge, loop back-edges
// iterated to a fixpoint (the lattice is finite: no unrolling limit), and
// then one reporting pass over the converged states, so each finding is
// made once.  Each create call site is its own tensor identity; when a loop
// runs the site again while the previous tensor is still around, that one
// becomes the site's "earlier iteration" identity (two generations per
// site are enough to see per-iteration leaks, double releases and uses
// across iterations).
//
// Split in files by job: FunctionAnalysis.cpp (the CFG driver, branch
// refinement, exits), Transfer.cpp (what each statement does to the
// state), Findings.cpp (wording of findings, notes, fix-its).
//
//===----------------------------------------------------------------------===//
#ifndef TENSORSCOPE_PLUGIN_LINT_FUNCTIONANALYSIS_H
#define TENSORSCOPE_PLUGIN_LINT_FUNCTIONANALYSIS_H

#include "../Options.h"
#include "../roles/RoleTable.h"
#include "Lattice.h"
#include "Reporter.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"
#include "clang/Analysis/AnalysisDeclContext.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace tscope {

class BlockLiveness;

/// One tensor identity of the function being analysed.
struct Identity {
  enum Kind { Created, Param, View } K = Created;
  const clang::Expr *Site = nullptr;          ///< the create (or view) call
  const clang::ParmVarDecl *ParamDecl = nullptr; ///< for Param identities
  /// For a Param identity standing for `p->f`: what field f of the struct
  /// parameter p points to held on entry (ParamFields.cpp).
  const clang::FieldDecl *Field = nullptr;
  unsigned ParamIndex = 0;                    ///< 1-based
  /// 0: latest, 1: the previous iteration's, 2: older ones (a summary)
  unsigned Gen = 0;
  const FunctionRoles *Roles = nullptr;       ///< roles of the creating call
  std::string Creator;                        ///< name of the creating function
  int Parent = -1;                            ///< for views: the owner identity
  int RefOf = -1;                             ///< for a reference a retain took
                                              ///< (RefCounts.cpp): the object
  clang::SourceLocation FirstRelease;         ///< for "first released here"
  /// The CONSUMES call that took it first (for "used after it was passed
  /// to 'f', which takes ownership").
  const clang::CallExpr *ConsumedBy = nullptr;
  /// For creates: the identities of the tensors the create was given
  /// (gsl_vector_alloc_from_block(b, ...)), which a later flag store into
  /// the result (`v->owner = 1`) hands to it.
  llvm::SmallVector<unsigned, 2> Inputs;
  /// Stored through pointer parameter i (1-based) as `*out = t`.
  unsigned StoredToParam = 0;
  /// For parameters: passed as argument CallbackArg of a call through the
  /// function-pointer parameter CallbackFn (1-based; ~0u: several ways).
  unsigned CallbackFn = 0, CallbackArg = 0;
  bool OutParam = false;                      ///< made by creates_out (its release: outReleaseOf)
  /// How many tensors it stands for: N for the N outputs a creates_out call
  /// writes into a local array of exactly N elements (OutCreates.cpp),
  /// followed together until one of them is released; else 1.
  unsigned Group = 1;
  /// Made by an init helper's call into this field of the struct whose
  /// address it was given (FunctionRoles::CreatesFields, InitFields.cpp).
  const clang::FieldDecl *FilledField = nullptr;
  /// Exists exactly when identity FateOf does: the other fields one init
  /// call fills, whose success one result says (refineSuccess).
  int FateOf = -1;
};

/// A branch condition; stable ones (only unmodified locals/parameters) are
/// shared by every branch on the same expression, so a later branch on the
/// same condition can use what an earlier one split.
struct Condition {
  const clang::Expr *E = nullptr;
  bool Stable = false;
  bool Negated = false; ///< E true is the condition false (`if (n != 0)` met first)
};

/// Why the last reference to an identity went away (for leak messages).
struct DropReason {
  clang::SourceLocation Loc;
  std::string Why;
};

/// One exit at which a tensor leaks (see FunctionAnalysis::reportExitLeaks).
struct ExitLeak {
  clang::SourceLocation At;             ///< the return, or the closing brace
  const clang::ReturnStmt *RS = nullptr;
  const clang::Expr *Throw = nullptr;   ///< C++: the exit is this throw
  Status St;
  int EdgeCond = -1;      ///< reached on this side of a branch (BranchExitCond)
  bool EdgeOutcome = false;
  std::optional<clang::FixItHint> Fix;  ///< the release inserted before it
  std::optional<clang::FixItHint> FixEnd; ///< " }" closing a block Fix opened
};

/// What a function does, for inferring roles of TU-defined helpers.
struct FunctionSummary {
  unsigned Returns = 0;          ///< return statements reached
  unsigned FreshReturns = 0;     ///< ... returning a tensor created here
  unsigned NullReturns = 0;      ///< ... returning NULL
  bool FreshMayBeNull = false;   ///< a returned create may be NULL
  std::string ReleaseFunction;   ///< of the returned creates
  unsigned Exits = 0;
  /// Per parameter (0-based): released on every exit so far.
  std::vector<bool> ParamReleased, ParamConsumed;
  /// Releases a value read with va_arg (a variadic release helper).
  bool ReleasesVaArg = false;
  /// Status helpers: every return gives an integer constant; how many
  /// give 0 (success) and how many another value (failure).
  bool ConstReturns = true;
  unsigned ZeroExits = 0, NonZeroExits = 0;
  /// Per parameter: released on every failure exit, kept on every success.
  std::vector<bool> ParamReleasedOnFailure;
  /// Per parameter: `*p` set to a fresh tensor on every success exit and
  /// to nothing on every failure exit (an out-parameter create).
  std::vector<bool> ParamOutOnSuccess;
  /// Released or consumed at some exit (FunctionRoles::MayRelease).
  std::vector<bool> ParamMaybeReleased;
  std::string OutReleaseFunction; ///< of what the out-parameter gets
  /// Returns that give a view of one parameter (1-based; 0: none yet, -1:
  /// of different ones or not a view), and whether one may be NULL
  /// (FunctionRoles::ReturnsViewOf).
  int ViewOfParam = 0;
  unsigned ViewReturns = 0;
  bool ViewMayBeNull = false;
  /// Returns of what a field of a struct parameter held on entry, untouched
  /// (`return c->v;`): how many, and which (parameter, field); parameter
  /// ~0u once two returns disagree.
  /// `*out = v` stores, each with its out-parameter (1-based), and those
  /// whose value is a view of a parameter: (store, out-parameter, viewed
  /// parameter, may be NULL).
  llvm::DenseMap<const clang::BinaryOperator *, unsigned> OutStores;
  struct OutViewStore {
    const clang::BinaryOperator *Store;
    unsigned Out, Of;
    bool MayBeNull;
  };
  std::vector<OutViewStore> OutViewStores;
  unsigned FieldReturns = 0;
  unsigned FieldReturnParam = 0;
  const clang::FieldDecl *FieldReturnField = nullptr;
  /// Per parameter: passed to a call through a function-pointer parameter
  /// on every exit; with the (Fn, Arg) of that call (1-based, 0: none).
  std::vector<bool> ParamCalledBack;
  std::vector<std::pair<unsigned, unsigned>> ParamCallback;
  /// (parameter, field): what `p->f` held on entry is released (or was
  /// NULL) on every exit (ParamFields.cpp).  1-based parameters.
  std::vector<std::pair<unsigned, const clang::FieldDecl *>> FieldsReleased;
  /// Of those, the ones left NULL on every exit (`p->f = NULL;` after the
  /// release): FunctionRoles::ClearsFields.
  std::vector<std::pair<unsigned, const clang::FieldDecl *>> FieldsCleared;
  /// Parameters (1-based) through which no field is written (ParamFields.cpp).
  std::vector<unsigned> FieldsUnwritten;
  /// Parameters (1-based) whose every use is a read of a field, itself
  /// read only (no nested helper), each with the pointer fields read: the
  /// others the call leaves alone (FunctionRoles::FieldsUntouched).
  std::vector<std::pair<unsigned, std::vector<const clang::FieldDecl *>>> FieldsOnlyRead;
  /// What an init helper stores into its parameters' fields
  /// (FunctionRoles::CreatesFields, InitFields.cpp): a fresh tensor on
  /// every success exit, nothing alive on every failure exit.
  std::vector<FilledFieldRole> FieldsFilled;
};

/// The fields of struct-pointer parameter `P` that the analysis of `FD`
/// follows as identities of their own: pointer fields `FD` reads as `P->f`
/// and never writes, when nothing else can change them (ParamFields.cpp).
/// (`PM`: the parent map of `FD`'s body.)  One walk of the body each.
/// True when the body writes no field through `P` (and hands `P` only to
/// helpers that write none): FunctionRoles::FieldsUnwritten.
/// `Complete` (when given): whether Out is every pointer field the body
/// reads through P, none written, and P goes to no helper.  `Stored` (when
/// given): the pointer fields the body writes through P, each only with a
/// plain `p->f = ...` (the candidates of an init helper, InitFields.cpp).
bool paramFieldsRead(const clang::FunctionDecl *FD, const clang::ParmVarDecl *P,
                     const clang::ParentMap &PM, const RoleTable &Roles,
                     llvm::SmallVectorImpl<const clang::FieldDecl *> &Out,
                     bool *Complete = nullptr,
                     llvm::SmallVectorImpl<const clang::FieldDecl *> *Stored = nullptr);
/// At most this many per parameter, for at most MaxFieldParams parameters
/// (each a walk of the body: the cost stays linear in its size).
constexpr size_t MaxParamFields = 16, MaxFieldParams = 4;
/// `p->f` with `p` a parameter: the key (p, f).
bool paramFieldKey(const clang::Expr *E, VarKey &Out);

/// The local array `T *out[N]` a creates_out call writes into (`out` or
/// `&out[0]`), or null (OutCreates.cpp).
const clang::VarDecl *localArrayArgument(const clang::Expr *E);

/// The step a (compound) operator makes on a flag (BO_Add, BO_Sub, BO_Or,
/// BO_And, BO_Xor), or BO_Comma for none.
clang::BinaryOperatorKind flagStepOf(clang::BinaryOperatorKind Op);
/// `VD op K` (op a step: flagStepOf) when RHS is one (`owned = owned | BIT`).
const clang::BinaryOperator *selfStepOf(const clang::ValueDecl *VD, const clang::Expr *RHS);
/// Whether CE calls, by name, a function whose value depends on its
/// arguments alone (`__attribute__((const))`, or defined as one `return` of
/// an expression of its scalar parameters), and every argument passes
/// ArgOk.  Depth bounds the nesting of such calls.
bool pureCall(const clang::CallExpr *CE, unsigned Depth,
              llvm::function_ref<bool(const clang::Expr *)> ArgOk);
/// E's value as a constant that fits `Bits` bits (signed).
bool intConstant(const clang::Expr *E, const clang::ASTContext &Ctx, int64_t &V,
                 unsigned Bits = 64);
/// What a flag is keyed by when `E` names one: a variable `v`, or the field
/// `f` of `s.f` with `s` a local struct variable (not a parameter).
const clang::ValueDecl *flagKeyOf(const clang::Expr *E);
/// Variables handed to functions, each with the function and parameter it
/// was handed to as (FunctionAnalysis::PassedToLocal).
using PassedToFunctions =
    llvm::DenseMap<const clang::ValueDecl *,
                   llvm::SmallVector<std::pair<const clang::FunctionDecl *,
                                               const clang::ParmVarDecl *>, 2>>;

class FunctionAnalysis {
public:
  /// `Rep` null: analyse silently (no findings), e.g. for summaries only.
  FunctionAnalysis(const clang::FunctionDecl *FD, clang::ASTContext &Ctx,
                   RoleTable &Roles, const Options &Opts, Reporter *Rep,
                   bool AutoScoped);
  ~FunctionAnalysis();

  /// Runs the analysis.  Returns false when no CFG could be built.
  bool run();
  const FunctionSummary &summary() const { return Summary; }
  /// CFG blocks, and block visits of the fixpoint.
  unsigned blockCount() const;
  unsigned visitCount() const { return VisitTotal; }
  /// Units of work done: statements run plus state entries copied and
  /// joined.  Deterministic (unlike a time), so a test can check that it
  /// grows linearly with the function (lint-stats=1 prints it).
  uint64_t work() const;

private:
  // --- driver (FunctionAnalysis.cpp) ---
  State entryState();
  void runBlock(const clang::CFGBlock *B, State &S);
  /// `Vars` go out of scope at `At`: what only they held is lost there.
  void endScope(llvm::ArrayRef<const clang::VarDecl *> Vars, clang::SourceLocation At, State &S);
  /// The end of an iteration, on an edge into the loop-back block `LoopBack`:
  /// the loop body's variables go out of scope.
  void endIteration(const clang::CFGBlock *LoopBack, State &S);
  void pruneDeadVars(const clang::CFGBlock *B, State &S);
  bool refine(State &S, const clang::Expr *Cond, bool Outcome);
  /// Records that condition `CondId` had `Outcome` (false: contradicts a
  /// fact of `S`, the edge is impossible).
  bool refineCondition(State &S, int CondId, bool Outcome);
  /// Narrows S to the paths where condition CondId had `Outcome`: split
  /// statuses and two-way picks on it take that arm; false when no path
  /// of S had it.  Record: the outcome becomes a fact of S too.
  bool narrowOn(State &S, int CondId, bool Outcome, bool Record = true);
  /// `if (made)`, `if (!made)`, `made != 0`, `made == 0` of a flag
  /// (FlagVars): false when the flag's known truth rules the edge out;
  /// else the branch it stands for is narrowed to the matching outcome.
  bool refineFlag(State &S, const clang::Expr *Cond, bool Outcome);
  /// A flag variable gets `Value` (a constant, or unknown when not one).
  void setFlag(State &S, const clang::ValueDecl *VD, const clang::Expr *Value);
  const clang::ValueDecl *flagVarOf(const clang::Expr *E) const;
  /// `flag++`, `flag -= 2`, `owned |= BIT`: By is the operand (null: 1),
  /// Step the operation (BO_Add, BO_Sub, BO_Or, BO_And, BO_Xor).
  void stepFlag(State &S, const clang::ValueDecl *VD, const clang::Expr *By,
                clang::BinaryOperatorKind Step);
  /// What `flag Op K` having outcome Want says (false: the edge is dead).
  /// (Mask: the bits compared, `owned & BIT`.)
  bool refineFlagCompare(State &S, const clang::ValueDecl *VD, clang::BinaryOperatorKind Op,
                         int64_t K, bool Want, int64_t Mask = -1);
  bool refineFlagCases(State &S, Flag &F, clang::BinaryOperatorKind Op, int64_t K, bool Want,
                       int64_t Mask);
  bool takeFlagSwitchEdge(const clang::SwitchStmt *SW, const clang::CFGBlock *Succ, State &S);
  bool takeResultSwitchEdge(const clang::SwitchStmt *SW, const clang::CFGBlock *Succ, State &S);
  static bool switchEdgeCase(const clang::CFGBlock *Succ, const clang::CaseStmt *&Taken);
  bool caseValue(const clang::CaseStmt *CS, int64_t &K) const;
  /// Refines `S` for taking successor `SuccIndex` (block `Succ`) of block
  /// `B`, which branches on `Cond` (null: no two-way branch) or is a
  /// switch.  False when that edge is impossible.
  bool takeEdge(const clang::CFGBlock *B, const clang::Expr *Cond, unsigned SuccIndex,
                const clang::CFGBlock *Succ, State &S);
  /// A switch with more cases gives its edges no facts (a state keeps 32).
  static constexpr size_t MaxSwitchFacts = 16;
  bool takeSwitchEdge(const clang::SwitchStmt *SW, const clang::CFGBlock *Succ, State &S);
  bool refineNull(State &S, const clang::Expr *E, bool NonNull);
  bool refineTruth(State &S, const clang::Expr *E, bool Truth);
  bool refineZero(State &S, const clang::Expr *X, bool IsZero);
  bool refinePointerCompare(State &S, const clang::BinaryOperator *BO, bool Truth);
  /// Variable `Holder` was found not to hold tensor `Id` on this path (it
  /// is NULL, or another tensor): unless another variable in scope at `At`
  /// holds it, `Id` is owed no release on this path (had it been owned, a
  /// variable would hold it).
  void notHeldBy(State &S, const VarKey &Holder, unsigned Id, clang::SourceLocation At);
  bool refineResultCompare(State &S, const clang::BinaryOperator *BO, bool Truth);
  bool refineSuccess(State &S, const AbsVal &V, bool IsZero);
  void checkExit(const clang::CFGBlock *B, const State &S);
  /// The condition a branch on `E` tests, and (in Outcome, given the
  /// outcome of E) its outcome: `!c` is c false, and for an unchanged
  /// integer variable `v != C` is `v == C` false and `if (v)` is `v == 0`
  /// false, so every spelling of one test shares one condition.
  int conditionId(const clang::Expr *E, bool &Outcome);
  /// "the condition at f.c:7 is true" for condition Id having Outcome (said
  /// of the expression the condition was first met as).
  std::string conditionText(int Id, bool Outcome) const;
  /// `v == C` and `case C:` of `switch (v)` are one condition.
  struct EqualityKey {
    const clang::ValueDecl *Var = nullptr;
    unsigned Width = 0;
    uint64_t Bits = 0;
  };
  /// `v == C` (or, with Op, `v != C`) of an unchanged integer variable v.
  bool equalityKey(const clang::Expr *E, EqualityKey &Key,
                   clang::BinaryOperatorKind Op = clang::BO_EQ) const;
  bool stableIntegerVar(const clang::Expr *E, const clang::ValueDecl *&Var) const;
  bool constantBits(const clang::Expr *E, EqualityKey &Key) const;
  /// `v != C` (Ne) or `v` alone (a truth test: C is 0 and Ne is set).
  bool inequalityKey(const clang::Expr *E, EqualityKey &Key) const;
  /// The condition `Key.Var == C`, first met as At (whose truth is the
  /// condition's negation when Negated).
  int equalityConditionId(const EqualityKey &Key, const clang::Expr *At, bool Negated = false);
  bool isStableCondition(const clang::Expr *E) const;
  void collectModifiedVars();
  /// Local integer variables whose every write is a constant (flags).
  void collectFlagVars();
  llvm::DenseSet<const clang::ValueDecl *> FlagVars;
  /// Loops driven by a state variable (collectStateLoops), and what their
  /// back edges forget (forgetAcrossStates).
  void collectStateLoops();
  void forgetAcrossStates(const clang::Stmt *Loop, State &S);
  llvm::DenseSet<const clang::Stmt *> StateLoops;
  /// Local integers whose every write is a constant or a `?:` of constants.
  llvm::DenseSet<const clang::VarDecl *> StateVars;
  const clang::Expr *branchCondition(const clang::CFGBlock *B) const;
  bool entersLoopBody(const clang::CFGBlock *From,
                      const clang::CFGBlock *CondBlock) const;

  // --- conditions on a loop's counter that hold once (LoopCounters.cpp) ---
  /// The `for` (and `do`) loops whose counter steps by a constant from its
  /// start and is written nowhere else, with the conditions in their bodies
  /// that hold on the first iteration only (`i == 0`) or, `for` loops, the
  /// last only (`i == n - 1` under `i < n`, step 1): each a condition id and
  /// its outcome there.
  struct CounterLoop {
    llvm::SmallVector<std::pair<int, bool>, 2> FirstIteration, LastIteration;
  };
  void collectCounterLoops();
  /// On an edge into a counter loop (a `for` loop's condition block, a `do`
  /// loop's first body block, DoEntries): from outside, its conditions'
  /// earlier outcomes are forgotten and each first-iteration condition will
  /// have its first outcome; from the loop's back edge, its other one.
  void enterCounterLoop(const clang::CFGBlock *From, const clang::CFGBlock *CondBlock,
                        State &S);
  /// On the edge into a counter loop's body: no path on which a
  /// last-iteration condition held comes here (false: none is left).
  bool continueCounterLoop(const clang::ForStmt *Loop, State &S);
  /// Forgets what S says depends on condition CondId: its facts, and the
  /// splits of statuses, values and flags on it.
  static void forgetCondition(State &S, int CondId);
  llvm::DenseMap<const clang::Stmt *, CounterLoop> CounterLoops;
  /// The first block of each counter do loop's body: the loop, and its
  /// loop-back block (the other way in).
  llvm::DenseMap<const clang::CFGBlock *, std::pair<const clang::DoStmt *, const clang::CFGBlock *>>
      DoEntries;
  llvm::DenseSet<int> FirstIterationConds;

  // --- release rounds over local arrays (ArrayRounds.cpp) ---
  void collectArrayRounds();
  bool releaseInRound(const AbsVal &V, const clang::CallExpr *CE, State &St);
  /// The same for a round that consumes (`tlist_push(l, a[i])`; Arg: the
  /// argument consumed).
  bool consumeInRound(const AbsVal &V, const clang::Expr *Arg, const clang::CallExpr *CE,
                      State &St);
  void leaveRound(const clang::ForStmt *Loop, State &St);
  bool endRound(const AbsVal &V, const clang::CallExpr *Site, State &St,
                uint16_t To = SReleased);

  // --- unwinding loops that stop short of the first element (ArrayUnwind.cpp) ---
  void checkArrayUnwinds();
  /// checkArrayUnwinds' findings: the first element never released, or
  /// the one before the fill index at the jump (`a[j - 1]`).
  void reportShortBottom(const clang::Stmt *Loop, const clang::VarDecl *K,
                         const clang::VarDecl *A, const clang::CallExpr *Site,
                         const FunctionRoles *SR, int64_t First, int64_t Lowest,
                         const std::string &Taken);
  Finding unwindFinding(const clang::Stmt *Loop, const clang::CallExpr *Site,
                        const FunctionRoles *SR, const std::string &Missed,
                        const std::string &StopsAt, const std::string &Taken) const;
  /// `a[j + MissedOffset]` never released, the loop stopping at
  /// `a[j + TopOffset]`; a fix-it lifting `TopExpr` to `a[j - 1]` if given.
  void reportShortTop(const clang::Stmt *Loop, const clang::VarDecl *K, const clang::VarDecl *A,
                      const clang::VarDecl *J, const clang::CallExpr *Site,
                      const FunctionRoles *SR, int64_t MissedOffset, int64_t TopOffset,
                      const clang::Expr *TopExpr, const std::string &Taken);
  const clang::Stmt *jumpAfterMade(const clang::Stmt *Fill, const clang::Stmt *FillBody,
                                   const clang::BinaryOperator *Store,
                                   const clang::VarDecl *A, const clang::VarDecl *J,
                                   llvm::ArrayRef<const clang::GotoStmt *> Gotos,
                                   const llvm::SmallPtrSetImpl<const clang::LabelDecl *> &Entries,
                                   llvm::ArrayRef<const clang::BreakStmt *> Breaks) const;
  const clang::BreakStmt *breakShape(const clang::Stmt *Fill, const clang::BinaryOperator *FillCond,
                                     llvm::ArrayRef<const clang::BreakStmt *> Breaks,
                                     const clang::CompoundStmt *Block,
                                     const clang::VarDecl *A, const clang::VarDecl *J) const;
  /// Each round: the array and the create call of its fill loop.
  llvm::DenseMap<const clang::ForStmt *,
                 std::pair<const clang::VarDecl *, const clang::CallExpr *>> Rounds;
  /// The release call of each round.
  llvm::DenseMap<const clang::CallExpr *, const clang::ForStmt *> RoundRelease;
  /// Rounds that hand each element to a CONSUMES parameter instead
  /// (`tlist_push(l, a[i])`), with the element's argument.
  llvm::DenseMap<const clang::ForStmt *, const clang::Expr *> ConsumeRounds;

  // --- transfer (Transfer.cpp) ---
  void transfer(const clang::Stmt *S, State &St);
  void transferCall(const clang::CallExpr *CE, State &St);
  void transferAssign(const clang::BinaryOperator *BO, State &St);
  void transferDecl(const clang::DeclStmt *DS, State &St);
  void transferReturn(const clang::ReturnStmt *RS, State &St);
  void endFullExpression(const clang::Stmt *S, State &St);
  bool isFullExpression(const clang::Stmt *S) const;
  AbsVal valueOf(const clang::Expr *E, const State &St) const;
  AbsVal successTest(const AbsVal &R, bool ZeroWhenZero) const;
  AbsVal readVar(const clang::ValueDecl *VD, const State &St) const;
  void setVar(VarKey K, AbsVal V, State &St, clang::SourceLocation Loc,
              const std::string &Why);
  void loseTrack(const AbsVal &V, State &St);
  void loseTrackOfVar(const clang::ValueDecl *VD, State &St);
  bool releaseSplit(const AbsVal &V, const clang::Expr *Arg, State &St);
  bool releaseNullSplit(const AbsVal &V, const clang::Expr *Arg, State &St);
  /// `return c ? s : p;` with two owned tensors: each leaves the function on
  /// its side of the split only (false: not that shape, nothing changed).
  bool escapeSplit(const AbsVal &V, State &St);
  /// `b = a;` / `struct s b = a;`: b's followed fields become a's.
  void copyStruct(const clang::ValueDecl *To, const clang::ValueDecl *From, State &St,
                  clang::SourceLocation At);
  bool armOwned(const State &St, unsigned Id, int Split, bool Arm) const;
  void releaseValue(const AbsVal &V, const clang::Expr *Arg,
                    const clang::CallExpr *CE, const FunctionRoles &R, State &St);
  void consumeValue(const AbsVal &V, const clang::Expr *Arg, const clang::CallExpr *CE,
                    State &St);
  /// Where `Id` was released first (for "first released here"), unless
  /// known already.
  void noteFirstRelease(unsigned Id, clang::SourceLocation At) {
    if (Ids[Id].FirstRelease.isInvalid())
      Ids[Id].FirstRelease = At;
  }
  /// The CONSUMES call that took it first, unless known.
  void noteConsumedBy(unsigned Id, const clang::CallExpr *CE) {
    if (!Ids[Id].ConsumedBy)
      Ids[Id].ConsumedBy = CE;
  }
  void checkUse(const AbsVal &V, const clang::Expr *At, State &St,
                const std::string &How);
  void storeOutside(const AbsVal &V, State &St);
  /// Whether every tensor `V` may be is released or was never made, and
  /// one at least is released (on every path that made one).
  bool allReleased(const AbsVal &V, const State &St) const;
  /// `helper(&s)` where the helper releases fields of its parameter
  /// `Index` (FunctionRoles::ReleasesFields): releases what those fields
  /// of local struct `Var` hold; the others the helper may change.
  void releaseFieldsOf(const clang::ValueDecl *Var, const clang::Expr *Arg,
                       const clang::CallExpr *CE, const FunctionRoles &R, unsigned Index,
                       bool MayWrite, State &St);
  // Init helpers (InitFields.cpp).
  /// `init(&s)` where the helper fills fields of its parameter `Index`
  /// (FunctionRoles::CreatesFields): each of those fields of local struct
  /// `Var` holds a new identity (appended to Filled); the helper may have
  /// released what they held, and may change the others.
  void fillFieldsOf(const clang::ValueDecl *Var, const clang::CallExpr *CE,
                    const FunctionRoles &R, unsigned Index, bool MayWrite, State &St,
                    llvm::SmallVectorImpl<unsigned> &Filled);
  /// Ties the fields one call filled to its result (`if (init(&s)) ...`).
  void bindFilledFields(const FunctionRoles &R, llvm::ArrayRef<unsigned> Filled,
                        AbsVal &Result);
  /// Applies a success test of such a result to the other fields it fills.
  bool refineFilledFields(State &S, unsigned First, bool Success);
  /// Whether the helper's create stored in this filled field may be NULL.
  bool filledMayBeNull(unsigned Id) const;
  /// `p->f = v` in the function itself: follows what field f holds, where
  /// f is followed (a released field's `p->f = NULL`, ParamFields.cpp) or
  /// an init helper's candidate.
  void storeParamField(const VarKey &K, const AbsVal &V, State &St,
                        clang::SourceLocation Loc);
  /// At each exit: whether each candidate field holds a fresh tensor
  /// (success) or nothing alive (failure).
  void checkFilledFields(const State &S, int RetKind);
  /// The candidate fields of an init helper: pointer fields of a struct
  /// parameter that the body only ever stores with a plain `=`.
  struct FilledCandidate {
    const clang::ParmVarDecl *P = nullptr;
    const clang::FieldDecl *F = nullptr;
    bool Ok = true, MayBeNull = false, Stored = false;
    std::string ReleaseFunction;
    /// Holds a view of what this other candidate field holds.
    const clang::FieldDecl *ViewOf = nullptr;
    /// Holds the same tensor as this earlier candidate field (Seen: a
    /// success exit has said whether it does).
    const clang::FieldDecl *AliasOf = nullptr;
    bool Seen = false;
  };
  std::vector<FilledCandidate> FilledCandidates;
  void transferConstruct(const clang::CXXConstructExpr *CE, State &St);
  void transferFlagStore(const clang::MemberExpr *ME, const clang::Expr *RHS,
                         State &St);
  void transferPointerToInteger(const clang::CastExpr *CE, State &St);
  /// Whether this function is itself described as retaining parameter `P`.
  bool retainsOwnParam(const clang::ParmVarDecl *P) const;
  unsigned newIdentity(const clang::CallExpr *CE, const FunctionRoles *R,
                       Identity::Kind K, State &St, bool OutParam = false,
                       unsigned FieldSlot = 0);
  /// Moves what refers to identity `From` over to `To` (an older loop
  /// generation of the same site), with its status; with `Merge`, joined
  /// with what `To` already stands for.
  void shiftGeneration(unsigned From, unsigned To, State &St, bool Merge);
  std::string calleeName(const clang::CallExpr *CE) const;
  // Out-parameter arrays and status conditions (OutCreates.cpp).
  void transferCreateOut(const clang::CallExpr *CE, const FunctionRoles &R,
                         unsigned Shift, State &St, AbsVal &Result);
  void bindStatus(const clang::CallExpr *CE, const FunctionRoles &R, unsigned Shift,
                  unsigned Id, State &St);
  AbsVal statusRead(const clang::CallExpr *CE, const State &St) const;
  bool refineStatus(State &S, const AbsVal &V, long long C, bool Equal);
  bool refineStatusCompare(State &S, const clang::BinaryOperator *BO, bool Truth,
                           bool &Handled);
  // Reference counts (RefCounts.cpp).
  void retainValue(const AbsVal &V, const clang::Expr *Arg, const clang::CallExpr *CE,
                   const FunctionRoles &R, State &St);
  int ownedReferenceOf(unsigned Obj, const State &St) const;
  /// Gives back one owned reference of Obj (To: what it becomes); At: the
  /// release, for the object's first-release note.
  bool takeReference(unsigned Obj, uint16_t To, State &St,
                     clang::SourceLocation At = clang::SourceLocation());
  /// Adds to Held (the identities some variable refers to) what they keep
  /// meaningful: the references retains took of a held object, and the
  /// released owner of a held view.
  void holdReferences(llvm::DenseSet<unsigned> &Held, const State &St) const;
  bool paramStoredOutside(const clang::ParmVarDecl *P);
  bool hasReferences(unsigned Obj) const;
  llvm::DenseMap<const clang::ParmVarDecl *, bool> StoredParams;

  // --- findings (Findings.cpp) ---
  /// A leak of `Id` at one exit, collected during the reporting pass;
  /// reportExitLeaks makes one finding per tensor of them.
  void noteLeakAtExit(unsigned Id, const Status &St, clang::SourceLocation At,
                      const clang::ReturnStmt *RS, const clang::Expr *Throw,
                      const State &S);
  void reportExitLeaks();
  bool inScopeAt(const clang::ValueDecl *VD, clang::SourceLocation Loc) const;
  /// The statement that releases what identity `I` holds through variable
  /// `Holder` at `At` ("t_free(t);", "t->deleter(t);", "g_ort->ReleaseValue(v);"),
  /// or "" when no such statement would compile there (ReleaseCallText.cpp).
  std::string releaseCallText(const Identity &I, const clang::ValueDecl *Holder,
                              clang::SourceLocation At) const;
  void reportLostReference(unsigned Id, const Status &St);
  void reportDoubleRelease(unsigned Id, const Status &St, const clang::Expr *At);
  /// A use, or a second release, of a variable released through while it
  /// may hold one of several tensors (AbsVal::ReleasedAt).
  void reportHeldUseAfterRelease(const clang::Expr *Released, const clang::Expr *At,
                                 const std::string &How);
  /// A field-releasing helper (ParamFields.cpp) given a struct two of
  /// whose released fields hold one tensor.
  void reportFieldsReleasedTwice(unsigned Id, const clang::CallExpr *CE,
                                 const clang::ValueDecl *FieldA,
                                 const clang::ValueDecl *FieldB);
  void reportHeldDoubleRelease(const clang::Expr *First, const clang::Expr *At);
  /// Whether V is a variable released through while the tensors' statuses
  /// no longer tell (AbsVal::ReleasedAt): a use or a release is a finding.
  bool releasedThrough(const AbsVal &V, const State &St) const;
  /// A value stored into a variable with `__attribute__((cleanup(f)))`.
  AbsVal handToCleanup(const AbsVal &V, State &St);
  /// Marks the variable a release was given as released through.
  void noteHeldRelease(const AbsVal &V, const clang::Expr *Arg, State &St);
  /// "'act' holds", for the variable a release call was given.
  std::string heldText(const clang::Expr *Released) const;
  void reportUseAfterRelease(unsigned Id, const Status &St, const clang::Expr *At,
                             const std::string &How, bool ViaOwner);
  void reportUseAfterConsume(unsigned Id, const clang::Expr *At, const std::string &How,
                             const std::string &When = "");
  /// `When`: appended to the message (releaseSplit says on which side).
  void reportBorrowedRelease(unsigned Id, const Status &St, const clang::Expr *At,
                             const std::string &When = "");
  void reportScopeEscape(unsigned Id, const clang::Expr *At, const char *Where);
  std::string whenText(const Status &St, uint16_t Bits) const;
  std::string describe(unsigned Id) const;
  std::string locText(clang::SourceLocation L) const;
  std::string exitText(const ExitLeak &L) const;
  void addCreationNote(Finding &F, unsigned Id) const;
  void emit(Finding &F);

  const clang::FunctionDecl *FD;
  clang::ASTContext &Ctx;
  clang::SourceManager &SM;
  RoleTable &Roles;
  const Options &Opts;
  Reporter *Rep;
  bool AutoScoped;
  bool Reporting = false; ///< true during the final pass

  std::unique_ptr<clang::AnalysisDeclContext> AC;
  clang::CFG *Cfg = nullptr;
  clang::ParentMap *Parents = nullptr;
  std::unique_ptr<BlockLiveness> Liveness;
  const BlockLiveness *Live = nullptr;

  std::vector<Identity> Ids;
  llvm::DenseMap<std::pair<const clang::Expr *, unsigned>, unsigned> SiteIds;
  /// The outcomes of stable conditions known wherever a create (or view)
  /// site ran (newIdentity): where one has the other outcome, no tensor
  /// of that site exists (narrowOn).  `if (a) { if (b) t = make(); } ...
  /// if (a && b) free(t);`: on the `a` false edge, t was never made.
  llvm::DenseMap<const clang::Expr *, llvm::SmallVector<Fact, 4>> SiteFacts;
  void noteSiteFacts(const clang::Expr *Site, const State &St);
  bool madeOnlyWhen(unsigned Id, int CondId, bool Outcome) const;
  std::vector<unsigned> ParamIds;
  /// The `p->f` identities, and whether each was released (or NULL) on
  /// every exit checked so far.
  std::vector<unsigned> ParamFieldIds;
  std::vector<bool> ParamFieldReleased;
  /// ... and whether each field was left NULL on every exit so far.
  std::vector<bool> ParamFieldCleared;
  /// The exit being checked is one side of a branch that ends the function
  /// (`if (c) t_free(a); }`): its state is that side's, but the end of the
  /// function is where the other side goes too, so a release inserted
  /// there would run on both: no fix-it.
  bool BranchExit = false;
  /// And the side taken, when a two-way branch: the leak message says it.
  int BranchExitCond = -1;
  bool BranchExitOutcome = false;
  std::vector<Condition> Conds;
  /// A tested expression's condition, and whether the expression's truth
  /// is the condition's negation (`v != C`, `if (v)`).
  llvm::DenseMap<const clang::Expr *, std::pair<int, bool>> CondOfExpr;
  std::vector<std::pair<llvm::FoldingSetNodeID, int>> StableConds;
  std::map<std::tuple<const clang::ValueDecl *, unsigned, uint64_t>, int> EqualityConds;
  llvm::DenseSet<const clang::ValueDecl *> Modified;
  /// What the body's calls may write (collectModifiedVars, CallWrites):
  /// it calls a function of this file or through a pointer; one defined
  /// elsewhere; one through a pointer; it writes through a pointer other
  /// than to a field (`*p = v`); the variables it hands to functions as
  /// (or by the address of) a pointer to non-const.
  bool LocalCallsInBody = true, ExternalCallsInBody = true, IndirectCallsInBody = true,
       DerefWritesInBody = true;
  llvm::DenseSet<const clang::ValueDecl *> PassedOut;
  /// The variables handed to functions of this file, and as which
  /// parameter; whether each such parameter is only read through.
  PassedToFunctions PassedToLocal;
  mutable llvm::DenseMap<const clang::ParmVarDecl *, bool> ReadsOnlyCache;
  /// The one function each local function pointer is set to, or nullptr.
  llvm::DenseMap<const clang::VarDecl *, const clang::FunctionDecl *> FnPointers;
  /// The function a call through such a pointer calls, or nullptr.
  const clang::FunctionDecl *localFnPointerTarget(const clang::CallExpr *CE) const;
  llvm::DenseMap<unsigned, DropReason> LastDrop;
  std::map<unsigned, std::vector<ExitLeak>> ExitLeaks; ///< by identity, in id order
  std::vector<const clang::Stmt *> DeclStmts;          ///< for inScopeAt
  std::vector<const clang::ForStmt *> ForLoops;        ///< for collectArrayRounds
  std::vector<const clang::WhileStmt *> WhileLoops;    ///< for checkArrayUnwinds
public:
  using LoopVarMap =
      llvm::DenseMap<const clang::Stmt *, llvm::SmallVector<const clang::VarDecl *, 2>>;
private:
  /// The local variables declared in each loop's body, outside inner loops'.
  LoopVarMap LoopBodyVars;
  mutable llvm::DenseMap<const clang::Decl *, const clang::Stmt *> DeclOf;
  FunctionSummary Summary;
  uint64_t Work = 0;
  unsigned VisitTotal = 0;
};

} // namespace tscope

#endif
