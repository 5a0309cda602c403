//===- OutCreates.cpp - out-parameter arrays and status conditions --------===//
//
// TF_SessionRun(..., output_values, noutputs, ..., status): new tensors go
// into an array, and whether they exist is read later from the status
// (`TF_GetCode(status) == TF_OK`).  The lint follows the outputs when the
// count is a constant and the call fills the whole destination: one output
// through `&t`, or N outputs into a local `TF_Tensor *out[N]`.  The N
// outputs are one identity, a group (Identity::Group): a call that
// overwrites them, or an exit, while none was released leaks all N.  Once
// one of them is released (or consumed, retained, detached) the lint cannot
// tell which, so it stops following the group (no finding, never a false
// double release).  Any other destination (an array larger than the count,
// a count it cannot evaluate) is not followed; the run time tracks each
// element either way.
//
//===----------------------------------------------------------------------===//
#include "FunctionAnalysis.h"

#include "clang/AST/Expr.h"

using namespace clang;

namespace tscope {

/// The local array a call writes its out-parameter elements into: `out` of
/// `T *out[N]` (decayed), or `&out[0]`.
const VarDecl *localArrayArgument(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() != UO_AddrOf)
      return nullptr;
    const auto *AS = dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens());
    if (!AS)
      return nullptr;
    if (const auto *IL = dyn_cast<IntegerLiteral>(AS->getIdx()->IgnoreParenImpCasts());
        !IL || IL->getValue() != 0)
      return nullptr;
    E = AS->getBase()->IgnoreParenImpCasts();
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (VD && VD->hasLocalStorage() && VD->getType()->isConstantArrayType())
    return VD;
  return nullptr;
}

void FunctionAnalysis::transferCreateOut(const CallExpr *CE, const FunctionRoles &R,
                                         unsigned Shift, State &St, AbsVal &Result) {
  const Expr *DestArg = CE->getArg(R.CreatesOut - Shift);
  AbsVal Dest = valueOf(DestArg, St);
  const VarDecl *Arr = Dest.AddrOf ? nullptr : localArrayArgument(DestArg);
  if (!Dest.AddrOf && !Arr)
    return; // created straight into memory the caller gave us: not ours
  // How many tensors the call makes: 1 without `count:`.
  std::optional<llvm::APSInt> Count = llvm::APSInt::get(1);
  if (R.CreatesOutCount) {
    Count.reset();
    if (R.CreatesOutCount >= Shift && R.CreatesOutCount - Shift < CE->getNumArgs())
      Count = CE->getArg(R.CreatesOutCount - Shift)->getIntegerConstantExpr(Ctx);
    if (Count && Count->getExtValue() <= 0)
      return; // nothing created
  }
  uint64_t ArraySize = 1;
  if (Arr)
    ArraySize = Ctx.getAsConstantArrayType(Arr->getType())->getSize().getZExtValue();
  // The call fills its destination exactly: `&t` with one output, or a
  // local array with as many elements as outputs.
  uint64_t Made = Count ? Count->getZExtValue() : 0;
  bool Precise = Count && (Dest.AddrOf ? Made == 1 : Made == ArraySize);

  unsigned Id = newIdentity(CE, &R, Identity::Created, St, /*OutParam=*/true);
  Ids[Id].Group = Precise ? (unsigned)Made : 1;
  bool Conditional = R.Success != SuccessCondition::Always;
  St.status(Id).set(!Precise ? SUnknown
                             : (AutoScoped ? SScope : SOwned) | (Conditional ? SNull : 0));
  std::string Why = "overwritten by the call to '" + calleeName(CE) + "'";
  if (Dest.AddrOf)
    setVar({Dest.AddrOf, Dest.AddrOfField}, AbsVal::of(Id), St, CE->getBeginLoc(), Why);
  else if (ArraySize == 1 || Precise) // the call writes every element
    setVar({Arr, nullptr}, AbsVal::of(Id), St, CE->getBeginLoc(), Why);
  else
    St.Vars[{Arr, nullptr}].unite(AbsVal::of(Id)); // some of the elements
  if (!Precise || !Conditional)
    return;
  if (R.Success == SuccessCondition::Status) {
    bindStatus(CE, R, Shift, Id, St);
    return;
  }
  Result.SuccessOf = (int)Id;
  Result.Success = R.Success;
}

// Where the program will read whether `Id` exists: the status variable
// (its getter's result, see statusRead) or the int variable `*$N` reads.
void FunctionAnalysis::bindStatus(const CallExpr *CE, const FunctionRoles &R,
                                  unsigned Shift, unsigned Id, State &St) {
  const StatusCondition &C = R.StatusCheck;
  if (C.Param >= Shift && C.Param - Shift < CE->getNumArgs()) {
    const Expr *A = CE->getArg(C.Param - Shift);
    if (C.Function.empty()) {
      AbsVal Where = valueOf(A, St);
      if (Where.AddrOf && !Where.AddrOfField) {
        AbsVal V;
        V.SuccessOf = (int)Id;
        V.Success = SuccessCondition::Status;
        St.Vars[{Where.AddrOf, nullptr}] = V;
        return;
      }
    } else if (const auto *DRE = dyn_cast<DeclRefExpr>(A->IgnoreParenImpCasts())) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (VD && VD->hasLocalStorage()) {
        AbsVal &V = St.Vars[{VD, nullptr}];
        V.SuccessOf = (int)Id;
        V.Success = SuccessCondition::Status;
        V.SuccessHolder = true;
        return;
      }
    }
  }
  // Success is read where the lint cannot follow (a global status, a
  // field): no finding rather than a guess.
  St.status(Id).set(SUnknown);
}

AbsVal FunctionAnalysis::statusRead(const CallExpr *CE, const State &St) const {
  for (const Expr *Arg : CE->arguments()) {
    AbsVal V = valueOf(Arg, St);
    if (V.SuccessOf < 0 || !V.SuccessHolder)
      continue;
    const FunctionRoles *R = Ids[V.SuccessOf].Roles;
    if (R && R->Success == SuccessCondition::Status &&
        R->StatusCheck.Function == calleeName(CE)) {
      AbsVal Read;
      Read.SuccessOf = V.SuccessOf;
      Read.Success = SuccessCondition::Status;
      return Read;
    }
  }
  return AbsVal();
}

bool FunctionAnalysis::refineStatus(State &S, const AbsVal &V, long long C, bool Equal) {
  const FunctionRoles *R = Ids[V.SuccessOf].Roles;
  if (!R || R->Success != SuccessCondition::Status)
    return true;
  const StatusCondition &SC = R->StatusCheck;
  bool Success;
  if (Equal)
    Success = (C == SC.Value) == SC.Equals;
  else if (C == SC.Value)
    Success = !SC.Equals;
  else
    return true; // "not 3" says nothing about "== 0"
  return S.status(V.SuccessOf).restrictTo(Success ? (uint16_t)~SNotAlive : SNotAlive);
}

// `TF_GetCode(status) != TF_OK`, `err == 0`: one side a status value, the
// other a constant (an enumerator or a number).
bool FunctionAnalysis::refineStatusCompare(State &S, const BinaryOperator *BO, bool Truth,
                                           bool &Handled) {
  for (auto [X, K] : {std::pair{BO->getLHS(), BO->getRHS()}, {BO->getRHS(), BO->getLHS()}}) {
    AbsVal V = valueOf(X, S);
    if (V.SuccessOf < 0 || V.Success != SuccessCondition::Status || V.SuccessHolder)
      continue;
    std::optional<llvm::APSInt> C = K->getIntegerConstantExpr(Ctx);
    if (!C)
      continue;
    Handled = true;
    return refineStatus(S, V, C->getExtValue(), (BO->getOpcode() == BO_EQ) == Truth);
  }
  return true;
}

} // namespace tscope
