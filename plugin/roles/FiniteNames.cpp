//===- FiniteNames.cpp ----------------------------------------------------===//
#include "FiniteNames.h"

#include <algorithm>
#include <functional>
#include <set>

namespace tscope {

/// A literal run of characters, or a group: alternatives, each a sequence
/// of nodes.  Either may be optional (`?`).
struct FiniteNames::Node {
  std::string Literal;                     ///< when Alternatives is empty
  std::vector<std::vector<unsigned>> Alternatives;
  unsigned Group = 0;                      ///< 0-based group index
  bool Optional = false;
};

FiniteNames::FiniteNames() = default;
FiniteNames::~FiniteNames() = default;

/// Recursive descent over the subset, counting names as it goes:
///   pattern := '^' seq '$'     alt := seq ('|' seq)*
///   seq := item+               item := atom '?'?
///   atom := literal+ | '(' alt ')'
/// (`^a|b$` is `^a` or `b$`, unanchored halves: not of the subset)
class FiniteNamesParser {
public:
  FiniteNamesParser(llvm::StringRef Pattern, FiniteNames &Out, unsigned MaxNames)
      : P(Pattern), Out(Out), Max(MaxNames) {}

  bool run() {
    if (!P.consume_front("^") || !P.consume_back("$"))
      return false;
    uint64_t N;
    return sequence(Out.Top, N) && P.empty() && N <= Max && (Out.Count = (unsigned)N, true);
  }

private:
  llvm::StringRef P;
  FiniteNames &Out;
  uint64_t Max;

  static bool isLiteral(char C) {
    return C >= 0x20 && C <= 0x7e && !llvm::StringRef("\\.[]{}()*+?|^$").contains(C);
  }
  uint64_t cap(uint64_t N) const { return std::min<uint64_t>(N, Max + 1); }

  /// A sequence: its node indices, and how many names it spells.
  bool sequence(std::vector<unsigned> &Seq, uint64_t &Names) {
    Names = 1;
    while (!P.empty() && P[0] != '|' && P[0] != ')') {
      uint64_t N;
      if (!item(Seq, N))
        return false;
      Names = cap(Names * N);
    }
    return !Seq.empty(); // an empty alternative: left to RE2
  }

  bool item(std::vector<unsigned> &Seq, uint64_t &Names) {
    FiniteNames::Node N;
    Names = 1;
    if (isLiteral(P[0])) {
      size_t Len = 1;
      while (Len < P.size() && isLiteral(P[Len]))
        ++Len;
      // `ab?` makes only the b optional: keep the last letter apart.
      if (Len < P.size() && P[Len] == '?' && Len > 1)
        --Len;
      N.Literal = P.take_front(Len).str();
      P = P.drop_front(Len);
    } else if (P.consume_front("(")) {
      N.Group = Out.Groups++;
      Names = 0;
      do {
        std::vector<unsigned> Alt;
        uint64_t A;
        if (!sequence(Alt, A))
          return false;
        N.Alternatives.push_back(std::move(Alt));
        Names = cap(Names + A);
      } while (P.consume_front("|"));
      if (!P.consume_front(")"))
        return false;
    } else {
      return false;
    }
    if (P.consume_front("?")) {
      if (!P.empty() && llvm::StringRef("?*+{").contains(P[0]))
        return false;
      N.Optional = true;
      Names = cap(Names + 1);
    }
    Out.Nodes.push_back(std::move(N));
    Seq.push_back(Out.Nodes.size() - 1);
    return true;
  }
};

/// Every way through the tree that spells `Name`, each reported to `Done`
/// with its groups.  The tree has no loops, so the walk is bounded by the
/// pattern's names.
class FiniteNamesWalk {
public:
  FiniteNamesWalk(const FiniteNames &F, llvm::StringRef Name) : F(F), Name(Name) {
    S.assign(F.Groups, {-1, -1});
  }

  /// Continuation: what is left to match after the current node.
  struct Rest {
    const std::vector<unsigned> *Seq;
    size_t Index;
    const Rest *Outer;     ///< after Seq ends (null: the pattern's end)
    int CloseGroup;        ///< a group that ends when Seq ends, or -1
  };

  template <typename DoneFn> void walk(const Rest *R, size_t Pos, DoneFn &Done) {
    if (Stop)
      return;
    if (!R) {
      if (Pos == Name.size())
        Stop = !Done(S);
      return;
    }
    if (R->Index == R->Seq->size()) {
      if (R->CloseGroup < 0) {
        walk(R->Outer, Pos, Done);
        return;
      }
      int Saved = S[R->CloseGroup].second;
      S[R->CloseGroup].second = (int)Pos;
      walk(R->Outer, Pos, Done);
      S[R->CloseGroup].second = Saved;
      return;
    }
    const FiniteNames::Node &N = F.Nodes[(*R->Seq)[R->Index]];
    Rest Next{R->Seq, R->Index + 1, R->Outer, R->CloseGroup};
    if (N.Alternatives.empty()) {
      if (Name.substr(Pos).starts_with(N.Literal))
        walk(&Next, Pos + N.Literal.size(), Done);
    } else {
      auto Saved = S[N.Group];
      for (const std::vector<unsigned> &Alt : N.Alternatives) {
        S[N.Group] = {(int)Pos, -1};
        Rest Inside{&Alt, 0, &Next, (int)N.Group};
        walk(&Inside, Pos, Done);
      }
      S[N.Group] = Saved;
    }
    if (N.Optional)
      walk(&Next, Pos, Done);
  }

private:
  const FiniteNames &F;
  llvm::StringRef Name;
  FiniteNames::Spans S;
  bool Stop = false;
};

std::unique_ptr<FiniteNames> FiniteNames::parse(llvm::StringRef Pattern, unsigned MaxNames) {
  std::unique_ptr<FiniteNames> F(new FiniteNames());
  if (!FiniteNamesParser(Pattern, *F, MaxNames).run())
    return nullptr;
  return F;
}

FiniteNames::Match FiniteNames::match(llvm::StringRef Name, Spans &Out) const {
  Match Result = Match::None;
  auto Done = [&](const Spans &S) {
    if (Result == Match::None) {
      Out = S;
      Result = Match::One;
      return true;
    }
    if (S != Out) {
      Result = Match::Ambiguous;
      return false; // stop: nothing can change the answer now
    }
    return true;
  };
  FiniteNamesWalk W(*this, Name);
  FiniteNamesWalk::Rest Start{&Top, 0, nullptr, -1};
  W.walk(&Start, 0, Done);
  return Result;
}

bool FiniteNames::matches(llvm::StringRef Name) const {
  bool Found = false;
  auto Done = [&](const Spans &) { return !(Found = true); };
  FiniteNamesWalk W(*this, Name);
  FiniteNamesWalk::Rest Start{&Top, 0, nullptr, -1};
  W.walk(&Start, 0, Done);
  return Found;
}

std::vector<std::string> FiniteNames::names() const {
  // Spell every path: a walk over the tree that builds text instead of
  // reading it.  Only tests call this.
  std::set<std::string> All;
  struct Speller {
    const FiniteNames &F;
    std::set<std::string> &All;
    void seq(const std::vector<unsigned> &Seq, size_t I, std::string Text,
             const std::function<void(std::string)> &After) {
      if (I == Seq.size())
        return After(std::move(Text));
      const Node &N = F.Nodes[Seq[I]];
      auto Next = [&](std::string T) { seq(Seq, I + 1, std::move(T), After); };
      if (N.Alternatives.empty())
        Next(Text + N.Literal);
      else
        for (const auto &Alt : N.Alternatives)
          seq(Alt, 0, Text, Next);
      if (N.Optional)
        Next(Text);
    }
  } Sp{*this, All};
  Sp.seq(Top, 0, "", [&](std::string T) { All.insert(std::move(T)); });
  return std::vector<std::string>(All.begin(), All.end());
}

} // namespace tscope
