//===- InitFields.cpp - init helpers that fill a struct's fields ----------===//
//
// `static int cell_init(struct cell *c, size_t n) { c->w = t_ones(n); ...
// return 0; }`: the caller's `cell_init(&c, n)` leaves `c.w` holding a new
// tensor it must release (a destroy helper that forgets a field leaks it,
// a ladder that unwinds one rung too few leaks it).  The mirror of
// ParamFields.cpp, whose helpers release fields.
//
// The helper's body follows what `p->f` holds for each candidate field:
// a pointer field of a struct parameter that the body only ever stores
// with a plain `p->f = ...` (paramFieldsRead, which also requires that
// nothing else can change the struct behind the analysis).  At each exit
// (checkFilledFields) a field passes when it holds a fresh tensor of this
// function, stored and nothing else (success), or holds nothing alive
// (failure: never stored, NULL, or released again).  Which exits are
// successes: every exit of a `void` function, or the exits returning 0 of
// a status helper (every return an integer constant).  The fields that
// pass everywhere become the helper's inferred FunctionRoles::CreatesFields
// (Inference.cpp).
//
// A caller passing `&s` of a local struct (fillFieldsOf) gives each such
// field of `s` a new identity of the call, owned, and, for a status
// helper, existing exactly where the result says success (bindFilledFields
// ties them to the result as an out-parameter create's is tied;
// refineFilledFields applies a test of it to the others).  What a field
// held before the call is no longer followed: the helper may have released
// it.  Not a tensor role: the instrumentation tracks the creates inside.
//
//===----------------------------------------------------------------------===//
#include "FunctionAnalysis.h"

using namespace clang;

namespace tscope {

void FunctionAnalysis::storeParamField(const VarKey &K, const AbsVal &V, State &St,
                                        SourceLocation Loc) {
  bool Followed = St.Vars.count(K) || llvm::any_of(FilledCandidates, [&](const FilledCandidate &C) {
                    return C.P == K.first && C.F == K.second;
                  });
  if (Followed)
    setVar(K, V, St, Loc,
           "'" + K.first->getNameAsString() + "->" + K.second->getNameAsString() +
               "' is overwritten");
}

void FunctionAnalysis::checkFilledFields(const State &S, int RetKind) {
  if (FilledCandidates.empty())
    return;
  bool Void = FD->getReturnType()->isVoidType();
  if (RetKind < 0 && !Void) { // a status the lint cannot read: no role
    for (FilledCandidate &C : FilledCandidates)
      C.Ok = false;
    return;
  }
  bool Success = Void || RetKind == 0;
  llvm::SmallVector<int, 8> Fresh(FilledCandidates.size(), -1);
  llvm::SmallVector<std::pair<size_t, unsigned>, 4> Views; // (field, owner)
  for (size_t K = 0; K < FilledCandidates.size(); ++K) {
    FilledCandidate &C = FilledCandidates[K];
    if (!C.Ok)
      continue;
    auto It = S.Vars.find({C.P, C.F});
    AbsVal V = It != S.Vars.end() ? It->second : AbsVal();
    if (V.Unknown) {
      C.Ok = false;
      continue;
    }
    if (!Success) {
      // Nothing left alive there (never stored, NULL, released again; a
      // view of a tensor released again).
      for (unsigned Id : V.Ids) {
        const Identity &I = Ids[Id];
        unsigned Of = I.K == Identity::View && I.Parent >= 0 ? (unsigned)I.Parent : Id;
        if (S.statusOf(Of).Mask & ~(SNotAlive | SReleased))
          C.Ok = false;
      }
      continue;
    }
    if (V.Ids.size() != 1 || V.MayNull) {
      C.Ok = false;
      continue;
    }
    unsigned Id = V.Ids[0];
    const Identity &I = Ids[Id];
    uint16_t M = S.statusOf(Id).Mask;
    if (I.K == Identity::View) { // a view of another field's tensor: below
      if (!(M & SBorrowed) || (M & ~(SBorrowed | SEscaped | SNull)) || I.Parent < 0) {
        C.Ok = false;
        continue;
      }
      Views.push_back({K, (unsigned)I.Parent});
      C.MayBeNull |= (M & SNull) != 0;
      continue;
    }
    // Made here and stored, nothing else (not given away, not released).
    if (I.K != Identity::Created || I.RefOf >= 0 || I.Group > 1 || I.OutParam ||
        !(M & SEscaped) || (M & ~(SEscaped | SNull))) {
      C.Ok = false;
      continue;
    }
    Fresh[K] = (int)Id;
    C.Stored = true;
    C.MayBeNull |= (M & SNull) != 0;
    if (I.Roles && C.ReleaseFunction.empty())
      C.ReleaseFunction = I.Roles->ReleaseFunction;
  }
  // Two fields holding one tensor (`m->proj = m->embed;`): the later one
  // is an alias of the first, the same one on every success exit; not
  // when the helper took references of it (`m->proj = t_retain(m->embed)`
  // holds a reference of its own, which the caller does not follow).
  for (size_t K = 0; K < FilledCandidates.size(); ++K) {
    if (Fresh[K] < 0)
      continue;
    FilledCandidate &C = FilledCandidates[K];
    size_t First = llvm::find(Fresh, Fresh[K]) - Fresh.begin();
    bool Referenced = llvm::any_of(S.Tensors, [&](const auto &E) {
      return Ids[E.first].RefOf == Fresh[K] && (E.second.Mask & ~(SNotAlive | SReleased));
    });
    const FieldDecl *Alias = First < K ? FilledCandidates[First].F : nullptr;
    if ((Alias && Referenced) || (C.Seen && C.AliasOf != Alias)) {
      C.Ok = false;
      continue;
    }
    C.Seen = true;
    C.AliasOf = Alias;
  }
  // A view of the tensor another field holds, the same one on every
  // success exit (`e->key = t_view(e->buf, 0, 2);`).
  for (auto [K, Owner] : Views) {
    FilledCandidate &C = FilledCandidates[K];
    auto Of = llvm::find(Fresh, (int)Owner);
    int OwnerField = Of == Fresh.end() ? -1 : (int)(Of - Fresh.begin());
    if (OwnerField < 0 || !FilledCandidates[OwnerField].Ok ||
        (C.ViewOf && C.ViewOf != FilledCandidates[OwnerField].F)) {
      C.Ok = false;
      continue;
    }
    C.ViewOf = FilledCandidates[OwnerField].F;
    C.Stored = true;
  }
}

void FunctionAnalysis::fillFieldsOf(const ValueDecl *Var, const CallExpr *CE,
                                    const FunctionRoles &R, unsigned Index, bool MayWrite,
                                    State &St, llvm::SmallVectorImpl<unsigned> &Filled) {
  // Its address went where the lint does not follow (`p = &s;`): so do
  // its fields, as before.
  if (auto It = St.Vars.find({Var, nullptr}); It != St.Vars.end() && It->second.Unknown) {
    loseTrackOfVar(Var, St);
    return;
  }
  auto Fills = [&](const FieldDecl *F) {
    return llvm::any_of(R.CreatesFields,
                        [&](const FilledFieldRole &FR) { return FR.Param == Index && FR.Field == F; });
  };
  // The fields it does not fill: it may change them (as any call given &s).
  for (auto &KV : St.Vars)
    if (KV.first.first == Var && KV.first.second &&
        (Fills(cast<FieldDecl>(KV.first.second)) || MayWrite)) {
      loseTrack(KV.second, St);
      KV.second = AbsVal::unknown();
    }
  bool Conditional = R.CreatesFieldsSuccess != SuccessCondition::Always;
  // The tensors first, then their aliases and views.
  llvm::DenseMap<const FieldDecl *, unsigned> Made;
  for (bool Views : {false, true}) {
    unsigned Slot = 0;
    for (const FilledFieldRole &FR : R.CreatesFields) {
      ++Slot;
      if (FR.Param != Index || (FR.ViewOf || FR.AliasOf) != Views)
        continue;
      uint16_t Null = Conditional || FR.MayBeNull ? SNull : 0;
      unsigned Id;
      if (FR.AliasOf) {
        auto Owner = Made.find(FR.AliasOf);
        if (Owner != Made.end())
          St.Vars[{Var, FR.Field}] = AbsVal::of(Owner->second);
        continue;
      }
      if (Views) {
        auto Owner = Made.find(FR.ViewOf);
        if (Owner == Made.end())
          continue;
        Id = newIdentity(CE, &R, Identity::View, St, /*OutParam=*/false, Slot);
        Ids[Id].Parent = (int)Owner->second;
        St.status(Id).set(SBorrowed | Null);
      } else {
        Id = newIdentity(CE, &R, Identity::Created, St, /*OutParam=*/false, Slot);
        St.status(Id).set((AutoScoped ? SScope : SOwned) | Null);
        Made[FR.Field] = Id;
      }
      Ids[Id].FilledField = FR.Field;
      St.Vars[{Var, FR.Field}] = AbsVal::of(Id);
      Filled.push_back(Id);
    }
  }
}

void FunctionAnalysis::bindFilledFields(const FunctionRoles &R, llvm::ArrayRef<unsigned> Filled,
                                        AbsVal &Result) {
  if (Filled.empty() || R.CreatesFieldsSuccess != SuccessCondition::ReturnsZero ||
      Result.SuccessOf >= 0 || !Result.Ids.empty())
    return;
  // The result tests the one field whose tensor exists exactly on
  // success (one whose create may fail says less), the others follow it.
  unsigned Lead = Filled[0];
  for (unsigned Id : Filled)
    if (!filledMayBeNull(Id)) {
      Lead = Id;
      break;
    }
  Result.SuccessOf = (int)Lead;
  Result.Success = SuccessCondition::ReturnsZero;
  for (unsigned Id : Filled)
    if (Id != Lead)
      Ids[Id].FateOf = (int)Lead;
}

bool FunctionAnalysis::filledMayBeNull(unsigned Id) const {
  const FunctionRoles *R = Ids[Id].Roles;
  return R && llvm::any_of(R->CreatesFields, [&](const FilledFieldRole &FR) {
           return FR.Field == Ids[Id].FilledField && FR.MayBeNull;
         });
}

bool FunctionAnalysis::refineFilledFields(State &S, unsigned First, bool Success) {
  for (auto &[Id, St] : S.Tensors) {
    if (Ids[Id].FateOf != (int)First)
      continue;
    if (!Success) {
      if (!St.restrictTo(SNotAlive))
        return false;
      continue;
    }
    // Made on success (unless its create may have failed there too).
    if (!filledMayBeNull(Id) && !St.restrictTo((uint16_t)~SNotAlive))
      return false;
  }
  return true;
}

} // namespace tscope
