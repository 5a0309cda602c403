//===- Lattice.cpp - join and helpers of the lint's abstract state -------===//
#include "Lattice.h"

#include "llvm/ADT/STLExtras.h"
#include <algorithm>

namespace tscope {

void Status::updateArm(int Split, bool Arm, uint16_t Clear, uint16_t Add) {
  if (Guard < 0) {
    Guard = Split;
    IfTrue = IfFalse = Mask;
  }
  uint16_t &Mine = Arm ? IfTrue : IfFalse;
  if (Mine & Clear)
    Mine = (uint16_t)((Mine & ~Clear) | Add);
  Mask = IfTrue | IfFalse;
  if (IfTrue == IfFalse)
    Guard = -1;
}

bool Status::restrictTo(uint16_t Bits) {
  if (Guard >= 0) {
    IfTrue &= Bits;
    IfFalse &= Bits;
    Mask = IfTrue | IfFalse;
    // One arm left empty keeps the split: the condition's outcome is known
    // on this path (`if (c) r = make(); if (r) ...`: where r is not NULL, c
    // was true), and a later join with the other side gets both arms back
    // instead of a split on the NULL test that forgets c.
    if (IfTrue == IfFalse)
      Guard = -1;
  } else {
    Mask &= Bits;
  }
  return Mask != 0;
}

void Status::update(uint16_t Clear, uint16_t Add) {
  auto Upd = [&](uint16_t M) { return updated(M, Clear, Add); };
  if (Guard >= 0) {
    IfTrue = Upd(IfTrue);
    IfFalse = Upd(IfFalse);
    Mask = IfTrue | IfFalse;
    if (IfTrue == IfFalse)
      Guard = -1;
  } else {
    Mask = Upd(Mask);
  }
}

void State::updateStatus(unsigned Id, uint16_t Clear, uint16_t Add) {
  status(Id).update(Clear, Add);
  for (Flag &F : Flags)
    for (FlagCase &C : F.Cases)
      for (auto &[I, M] : C.Masks)
        if (I == Id)
          M = Status::updated(M, Clear, Add);
}

void AbsVal::addId(unsigned Id) {
  auto It = std::lower_bound(Ids.begin(), Ids.end(), Id);
  if (It == Ids.end() || *It != Id)
    Ids.insert(It, Id);
}

void AbsVal::unite(const AbsVal &O) {
  // Which arm is which holds only while both sides say the same.
  if (Split != O.Split || IfTrueId != O.IfTrueId || IfFalseId != O.IfFalseId)
    Split = -1;
  if (NullSplit != O.NullSplit || NullWhen != O.NullWhen)
    NullSplit = -1;
  if (ReleasedAt != O.ReleasedAt) // released on every path, or not known
    ReleasedAt = nullptr;
  for (unsigned Id : O.Ids)
    addId(Id);
  MayNull |= O.MayNull;
  Unknown |= O.Unknown;
  if (AddrOf != O.AddrOf || AddrOfField != O.AddrOfField) {
    if (AddrOf || O.AddrOf)
      Unknown = true;
    AddrOf = nullptr;
    AddrOfField = nullptr;
  }
  if (SuccessOf != O.SuccessOf || SuccessReleases != O.SuccessReleases ||
      SuccessHolder != O.SuccessHolder || AlsoCreatedOf != O.AlsoCreatedOf) {
    SuccessOf = -1;
    SuccessReleases = false;
    AlsoCreatedOf = -1;
    SuccessHolder = false;
  }
}

bool AbsVal::refersTo(unsigned Id) const {
  return std::binary_search(Ids.begin(), Ids.end(), Id);
}

namespace {
bool unborn(const Status &S) { return S == Status(); }
} // namespace

Status &StatusMap::operator[](unsigned Id) {
  auto It = std::lower_bound(E.begin(), E.end(), Id,
                             [](const Entry &A, unsigned B) { return A.first < B; });
  if (It == E.end() || It->first != Id)
    It = E.insert(It, {Id, Status()});
  return It->second;
}

Status StatusMap::lookup(unsigned Id) const {
  auto It = std::lower_bound(E.begin(), E.end(), Id,
                             [](const Entry &A, unsigned B) { return A.first < B; });
  return It != E.end() && It->first == Id ? It->second : Status();
}

void StatusMap::compact() {
  llvm::erase_if(E, [](const Entry &X) { return unborn(X.second); });
}

bool StatusMap::operator==(const StatusMap &O) const {
  const Entry *A = E.begin(), *AE = E.end(), *B = O.E.begin(), *BE = O.E.end();
  while (true) {
    while (A != AE && unborn(A->second))
      ++A;
    while (B != BE && unborn(B->second))
      ++B;
    if (A == AE || B == BE)
      return A == AE && B == BE;
    if (A->first != B->first || A->second != B->second)
      return false;
    ++A;
    ++B;
  }
}

Status &State::status(unsigned Id) { return Tensors[Id]; }

bool State::operator==(const State &O) const {
  if (Reachable != O.Reachable || ClearExprs != O.ClearExprs || Facts != O.Facts ||
      Flags != O.Flags || Vars.size() != O.Vars.size() ||
      Exprs.size() != O.Exprs.size())
    return false;
  if (Tensors != O.Tensors)
    return false;
  for (const auto &KV : Vars) {
    auto It = O.Vars.find(KV.first);
    if (It == O.Vars.end() || It->second != KV.second)
      return false;
  }
  for (const auto &KV : Exprs) {
    auto It = O.Exprs.find(KV.first);
    if (It == O.Exprs.end() || It->second != KV.second)
      return false;
  }
  return true;
}

void State::addFact(Fact F) {
  llvm::erase_if(Facts, [&](const Fact &Old) { return Old.Cond == F.Cond; });
  if (Facts.size() >= 32)
    Facts.erase(Facts.begin());
  Facts.push_back(F);
}

bool State::referenced(unsigned Id) const {
  for (const auto &KV : Vars)
    if (KV.second.refersTo(Id))
      return true;
  return false;
}

namespace {

/// The outcome of condition `Cond` known on every path of a side: -1 none.
int factOn(const llvm::SmallVectorImpl<Fact> &Facts, int Cond) {
  for (const Fact &F : Facts)
    if (F.Cond == Cond)
      return F.Outcome ? 1 : 0;
  return -1;
}

/// A plain status `M` from a side where condition `G` is known to have
/// outcome `Known` (or unknown: -1) joined into a status split on `G`.
Status addPlainToSplit(Status R, uint16_t M, int Known) {
  if (Known != 0)
    R.IfTrue |= M;
  if (Known != 1)
    R.IfFalse |= M;
  R.Mask = R.IfTrue | R.IfFalse;
  if (R.IfTrue == R.IfFalse)
    R.Guard = -1;
  return R;
}

/// Splits or merges two statuses.  `Split` >= 0 is a condition whose
/// outcome differs between the two sides (`AIsTrue`: side A took the true
/// branch): differing statuses then become a split on it.  A plain status
/// joined with a split one lands only in the arm its side's facts allow
/// (after `if (c) use(t)` the true side is no longer split, yet it is still
/// the "c is true" arm).
Status joinStatus(const Status &A, const Status &B, int Split, bool AIsTrue,
                  const llvm::SmallVectorImpl<Fact> &FactsA,
                  const llvm::SmallVectorImpl<Fact> &FactsB) {
  if (A == B)
    return A;
  Status R;
  if (A.Guard < 0 && B.Guard < 0) {
    if (Split >= 0) {
      R.Guard = Split;
      R.IfTrue = AIsTrue ? A.Mask : B.Mask;
      R.IfFalse = AIsTrue ? B.Mask : A.Mask;
      R.Mask = R.IfTrue | R.IfFalse;
      return R;
    }
    return Status::plain(A.Mask | B.Mask);
  }
  if (A.Guard >= 0 && B.Guard >= 0 && A.Guard == B.Guard) {
    R.Guard = A.Guard;
    R.IfTrue = A.IfTrue | B.IfTrue;
    R.IfFalse = A.IfFalse | B.IfFalse;
    R.Mask = R.IfTrue | R.IfFalse;
    if (R.IfTrue == R.IfFalse)
      R.Guard = -1;
    return R;
  }
  if (A.Guard >= 0 && B.Guard < 0)
    return addPlainToSplit(A, B.Mask, factOn(FactsB, A.Guard));
  if (B.Guard >= 0 && A.Guard < 0)
    return addPlainToSplit(B, A.Mask, factOn(FactsA, B.Guard));
  return Status::plain(A.Mask | B.Mask);
}

using Statuses = StatusMap;
uint16_t maskOf(const Statuses &S, unsigned Id) { return S.lookup(Id).Mask; }

bool nullExplained(const Statuses &S, const AbsVal &SideVal,
                   const llvm::SmallVectorImpl<unsigned> &Ids) {
  if (!SideVal.Ids.empty() || SideVal.Unknown || Ids.empty())
    return false;
  for (unsigned Id : Ids)
    if (maskOf(S, Id) & ~SNotAlive)
      return false;
  return true;
}

AbsVal joinVal(const Statuses &SA, const AbsVal &A, const Statuses &SB, const AbsVal &B,
              int Split, bool AIsTrue) {
  AbsVal R = A;
  R.unite(B);
  // One tensor on each side of a branch: remember which side held which.
  if (Split >= 0 && A.Split < 0 && B.Split < 0 && A.Ids.size() == 1 &&
      B.Ids.size() == 1 && A.Ids[0] != B.Ids[0] && !A.Unknown && !B.Unknown &&
      !A.MayNull && !B.MayNull && R.Ids.size() == 2 && R.SuccessOf < 0) {
    R.Split = Split;
    R.IfTrueId = AIsTrue ? A.Ids[0] : B.Ids[0];
    R.IfFalseId = AIsTrue ? B.Ids[0] : A.Ids[0];
  }
  // One tensor on one side, NULL on the other: remember which side is NULL.
  auto Plain = [](const AbsVal &V) {
    return V.Split < 0 && V.NullSplit < 0 && !V.Unknown && !V.AddrOf && V.SuccessOf < 0;
  };
  if (Split >= 0 && Plain(A) && Plain(B) && R.Ids.size() == 1) {
    bool OneA = A.Ids.size() == 1 && !A.MayNull, OneB = B.Ids.size() == 1 && !B.MayNull;
    bool NullA = A.Ids.empty() && A.MayNull, NullB = B.Ids.empty() && B.MayNull;
    if ((OneA && NullB) || (NullA && OneB)) {
      R.NullSplit = Split;
      R.NullWhen = NullA ? AIsTrue : !AIsTrue;
    }
  }
  if (R.MayNull && !R.Ids.empty()) {
    bool NullA = A.MayNull && !nullExplained(SA, A, R.Ids);
    bool NullB = B.MayNull && !nullExplained(SB, B, R.Ids);
    R.MayNull = NullA || NullB;
  }
  return R;
}

template <typename Map>
void joinMap(Map &Into, const Map &From, const Statuses &SA, const Statuses &SB, int Split,
             bool IntoIsTrue) {
  for (auto &KV : Into) {
    auto It = From.find(KV.first);
    if (It != From.end())
      KV.second = joinVal(SA, KV.second, SB, It->second, Split, IntoIsTrue);
    // else: unset on the other side (uninitialised there): keep ours.
  }
  for (const auto &KV : From)
    if (!Into.count(KV.first))
      Into[KV.first] = KV.second;
}

} // namespace

/// Adds the cases of flag F on a side whose statuses are St to Cases (a
/// value already there unites the statuses).  False when there would be too
/// many to keep: the flag is then unknown.
static bool flagCases(const Flag &F, const StatusMap &St,
                      llvm::SmallVectorImpl<FlagCase> &Cases) {
  constexpr size_t MaxCases = 8, MaxIds = 32;
  if (St.size() > MaxIds)
    return false;
  // The statuses on the side where F's value is `Value` (Cond split: the
  // arm of each status split on that condition).
  auto Snapshot = [&](int64_t Value, int Arm) {
    FlagCase C;
    C.Value = Value;
    for (const auto &[Id, S] : St) {
      uint16_t M = S.Mask;
      if (Arm >= 0 && S.Guard == F.Cond)
        M = Arm ? S.IfTrue : S.IfFalse;
      if (M != SUnborn)
        C.Masks.push_back({Id, M});
    }
    return C;
  };
  llvm::SmallVector<FlagCase, 2> Mine;
  if (F.Known)
    Mine.push_back(Snapshot(F.Value, -1));
  else if (!F.Cases.empty()) {
    Mine.assign(F.Cases.begin(), F.Cases.end());
    // A tensor none of the cases names was unborn when they were taken:
    // made since, on paths of every value alike as far as the flag tells
    // (`if (a) have |= A; b = make(); if (b) have |= B;`: b's status is
    // what the cases of `have` must carry into the join, else the cases
    // would say b unborn on every path).
    for (const auto &[Id, S] : St) {
      bool Named = false;
      for (const FlagCase &C : Mine)
        for (const auto &[I, M] : C.Masks)
          Named |= I == Id;
      if (Named || S.Mask == SUnborn)
        continue;
      for (FlagCase &C : Mine) {
        auto At = llvm::lower_bound(C.Masks, std::make_pair(Id, (uint16_t)0));
        C.Masks.insert(At, {Id, S.Mask});
      }
    }
  }
  else if (F.Cond >= 0) {
    Mine.push_back(Snapshot(F.IfTrue, 1));
    Mine.push_back(Snapshot(F.IfFalse, 0));
  }
  for (FlagCase &C : Mine) {
    auto Same = llvm::find_if(Cases, [&](const FlagCase &O) { return O.Value == C.Value; });
    if (Same == Cases.end()) {
      if (Cases.size() == MaxCases)
        return false;
      Cases.push_back(std::move(C));
      continue;
    }
    // Unite per id; an id missing on one side is unborn there.
    llvm::SmallVector<std::pair<unsigned, uint16_t>, 4> U;
    auto I = Same->Masks.begin(), IE = Same->Masks.end();
    auto J = C.Masks.begin(), JE = C.Masks.end();
    while (I != IE || J != JE) {
      if (J == JE || (I != IE && I->first < J->first)) {
        U.push_back({I->first, (uint16_t)(I->second | SUnborn)});
        ++I;
      } else if (I == IE || J->first < I->first) {
        U.push_back({J->first, (uint16_t)(J->second | SUnborn)});
        ++J;
      } else {
        U.push_back({I->first, (uint16_t)(I->second | J->second)});
        ++I;
        ++J;
      }
    }
    Same->Masks = std::move(U);
  }
  return true;
}

void joinInto(State &Into, const State &From) {
  if (!From.Reachable)
    return;
  if (!Into.Reachable) {
    Into = From;
    return;
  }
  // The most recent branch whose outcome differs between the two sides.
  int Split = -1;
  bool IntoIsTrue = false;
  for (auto It = Into.Facts.rbegin(); It != Into.Facts.rend() && Split < 0; ++It)
    for (const Fact &F : From.Facts)
      if (F.Cond == It->Cond && F.Outcome != It->Outcome) {
        Split = F.Cond;
        IntoIsTrue = It->Outcome;
        break;
      }

  // Values first: the NULL folding reads both sides' statuses before merging.
  StatusMap Before = Into.Tensors;
  joinMap(Into.Vars, From.Vars, Before, From.Tensors, Split, IntoIsTrue);
  joinMap(Into.Exprs, From.Exprs, Before, From.Tensors, Split, IntoIsTrue);

  // Every id with a status on either side (missing means unborn).
  for (const auto &[Id, St] : From.Tensors)
    (void)Into.Tensors[Id];
  for (auto &[Id, St] : Into.Tensors)
    St = joinStatus(Before.lookup(Id), From.statusOf(Id), Split, IntoIsTrue,
                    Into.Facts, From.Facts);
  Into.Tensors.compact();

  // Flags: the same value stays; two values across the split branch stand
  // for its outcome; the rest is unknown.
  llvm::SmallVector<Flag, 2> Flags;
  for (const Flag &A : Into.Flags) {
    const Flag *B = nullptr;
    for (const Flag &F : From.Flags)
      if (F.Var == A.Var)
        B = &F;
    if (!B)
      continue;
    // A split flag meeting a path that knows the split's outcome keeps its
    // split when its value on that side is the path's (the worklist joins
    // each new path into the state a block already had).
    auto Agrees = [](const Flag &Sp, const Flag &K, const State &KSide) {
      if (Sp.Known || !K.Known)
        return false;
      for (const Fact &F : KSide.Facts)
        if (F.Cond == Sp.Cond)
          return (F.Outcome ? Sp.IfTrue : Sp.IfFalse) == K.Value;
      return false;
    };
    // A split keeps the cases of its two values too: a tensor whose
    // status is split on another branch (made under `if (use)`, the flag
    // set under `if (t)` inside) is still told apart by the flag's value.
    auto AddPath = [](Flag J, const Flag &K, const StatusMap &KSt) {
      if (!J.Cases.empty() && !flagCases(K, KSt, J.Cases))
        J.Cases.clear();
      return J;
    };
    if (A == *B) {
      Flags.push_back(A);
    } else if (Agrees(A, *B, From)) {
      Flags.push_back(AddPath(A, *B, From.Tensors));
    } else if (Agrees(*B, A, Into)) {
      Flags.push_back(AddPath(*B, A, Before));
    } else if (A.Known && B->Known && Split >= 0) {
      Flag J;
      J.Var = A.Var;
      J.Cond = Split;
      J.IfTrue = IntoIsTrue ? A.Value : B->Value;
      J.IfFalse = IntoIsTrue ? B->Value : A.Value;
      if (!flagCases(A, Before, J.Cases) || !flagCases(*B, From.Tensors, J.Cases))
        J.Cases.clear();
      Flags.push_back(J);
    } else {
      Flag J;
      J.Var = A.Var;
      if (flagCases(A, Before, J.Cases) && flagCases(*B, From.Tensors, J.Cases))
        Flags.push_back(std::move(J));
    }
  }
  Into.Flags = std::move(Flags);

  llvm::SmallVector<Fact, 4> Common;
  for (const Fact &F : Into.Facts)
    if (llvm::is_contained(From.Facts, F))
      Common.push_back(F);
  Into.Facts = std::move(Common);
  Into.ClearExprs |= From.ClearExprs;
}

} // namespace tscope
