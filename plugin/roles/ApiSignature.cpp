//===- ApiSignature.cpp - parse `signature:` values -----------------------===//
#include "ApiSignature.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

namespace tscope {

static bool isWordChar(char C) { return llvm::isAlnum(C) || C == '_'; }

std::string normalizeSignatureType(llvm::StringRef Type) {
  // Split into words and single punctuation characters.
  llvm::SmallVector<llvm::StringRef, 8> Tokens;
  size_t I = 0;
  while (I < Type.size()) {
    char C = Type[I];
    if (llvm::isSpace(C)) {
      ++I;
      continue;
    }
    size_t J = I + 1;
    if (isWordChar(C))
      while (J < Type.size() && isWordChar(Type[J]))
        ++J;
    Tokens.push_back(Type.slice(I, J));
    I = J;
  }
  std::string Out;
  bool PrevWord = false;
  for (llvm::StringRef T : Tokens) {
    if (T == "struct" || T == "union" || T == "enum" || T == "class")
      continue;
    bool Word = isWordChar(T.front());
    if (Word && PrevWord)
      Out += ' ';
    Out += T.str();
    PrevWord = Word;
  }
  return Out;
}

bool ApiSignature::parse(llvm::StringRef Text, std::string &Error) {
  llvm::StringRef T = Text.trim();
  auto Expected = [&](const std::string &What) {
    Error = What + "; expected 'RETURN (PARAM, ...)', e.g. "
                   "'struct ggml_tensor * (struct ggml_context *, ...)'";
    return false;
  };
  if (T.empty() || T.back() != ')')
    return Expected("the parameter list in '(...)' must end the signature");
  // The parameter list is the last balanced (...) group: a parameter may be
  // a function pointer type with parentheses of its own.
  int Depth = 0;
  size_t Open = llvm::StringRef::npos;
  for (size_t I = T.size(); I-- > 0;) {
    if (T[I] == ')')
      ++Depth;
    else if (T[I] == '(' && --Depth == 0) {
      Open = I;
      break;
    }
  }
  if (Open == llvm::StringRef::npos)
    return Expected("a ')' without its '('");
  llvm::StringRef Ret = T.take_front(Open).trim();
  if (Ret.empty())
    return Expected("the return type is missing before '('");
  Returns = normalizeSignatureType(Ret);
  llvm::StringRef List = T.slice(Open + 1, T.size() - 1).trim();
  Params.clear();
  MoreParams = false;
  if (List.empty() || List == "void")
    return true;
  // Split at the commas outside nested parentheses and brackets.
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  Depth = 0;
  size_t Start = 0;
  for (size_t I = 0; I <= List.size(); ++I) {
    char C = I < List.size() ? List[I] : ',';
    if (C == '(' || C == '[')
      ++Depth;
    else if (C == ')' || C == ']') {
      if (--Depth < 0)
        return Expected("a '" + std::string(1, C) + "' without its opening bracket");
    } else if (C == ',' && Depth == 0) {
      Parts.push_back(List.slice(Start, I).trim());
      Start = I + 1;
    }
  }
  if (Depth != 0)
    return Expected("a '(' or '[' inside the parameter list is not closed");
  for (size_t I = 0; I < Parts.size(); ++I) {
    llvm::StringRef P = Parts[I];
    if (P.empty())
      return Expected("parameter " + std::to_string(I + 1) + " has no type");
    if (P == "...") {
      if (I + 1 != Parts.size())
        return Expected("'...' (any further parameters) must come last");
      MoreParams = true;
      break;
    }
    Params.push_back(normalizeSignatureType(P));
  }
  return true;
}

} // namespace tscope
