//===- ApiSignatureMatch.cpp - does a declaration have a `signature:` -----===//
//
// Apart from ApiSignature.cpp so that the loader (and its fuzz target)
// parses signatures without the AST.
//
//===----------------------------------------------------------------------===//
#include "ApiSignature.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

namespace tscope {

/// Whether `T` is spelled `Want`, as written or with typedefs resolved.
static bool sameType(clang::QualType T, const std::string &Want,
                     const clang::PrintingPolicy &Policy) {
  if (normalizeSignatureType(T.getAsString(Policy)) == Want)
    return true;
  return normalizeSignatureType(T.getCanonicalType().getAsString(Policy)) == Want;
}

bool ApiSignature::matches(const clang::FunctionDecl *FD) const {
  unsigned N = FD->getNumParams();
  if (N < Params.size() || (!MoreParams && N != Params.size()))
    return false;
  const clang::PrintingPolicy &Policy = FD->getASTContext().getPrintingPolicy();
  if (!sameType(FD->getReturnType(), Returns, Policy))
    return false;
  for (unsigned I = 0; I < Params.size(); ++I)
    if (!sameType(FD->getParamDecl(I)->getType(), Params[I], Policy))
      return false;
  return true;
}

} // namespace tscope
