//===- OutArrays.cpp - creates_out into arrays, success from a status -----===//
#include "OutArrays.h"
#include "RoleCalls.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace tscope {

/// CB's argument for 1-based source parameter `OneBased` (after a hidden
/// sret argument), or null.
static Value *sourceArgument(CallBase &CB, unsigned OneBased) {
  unsigned Index = OneBased + (CB.arg_size() && CB.paramHasAttr(0, Attribute::StructRet));
  if (OneBased == 0 || Index > CB.arg_size())
    return nullptr;
  return CB.getArgOperand(Index - 1);
}

Value *statusSuccessOf(IRBuilder<> &B, CallBase &CB, const FunctionRoles &R,
                       RuntimeApi &Api) {
  const StatusCondition &C = R.StatusCheck;
  Value *Arg = roleArgument(CB, C.Param);
  if (!Arg || !Arg->getType()->isPointerTy())
    return B.getFalse();
  FunctionCallee F;
  if (!C.Function.empty()) {
    F = Api.statusFunction(C.Symbol.empty() ? C.Function : C.Symbol);
    FunctionType *FT = F.getFunctionType();
    if (FT->getNumParams() < 1 || !FT->getParamType(0)->isPointerTy() ||
        !FT->getReturnType()->isIntegerTy())
      return B.getFalse();
  }
  // Read only through a non-NULL argument: an optional `int *err` (or a
  // status) the program passes as NULL is not read (nor is the result
  // tracked); the program itself never reads it either.
  BasicBlock *Before = B.GetInsertBlock();
  Instruction *Then = SplitBlockAndInsertIfThen(B.CreateIsNotNull(Arg), B.GetInsertPoint(),
                                                /*Unreachable=*/false);
  BasicBlock *Tail = Then->getSuccessor(0);
  B.SetInsertPoint(Then);
  Value *Got;
  if (C.Function.empty()) {
    Got = B.CreateLoad(B.getIntNTy(C.DerefBits), Arg, "tscope.status");
  } else {
    FunctionType *FT = F.getFunctionType();
    SmallVector<Value *, 2> Args{Arg};
    for (unsigned I = 1; I < FT->getNumParams(); ++I) // (declared with more: zeros)
      Args.push_back(Constant::getNullValue(FT->getParamType(I)));
    Got = B.CreateCall(F, Args, "tscope.status");
  }
  Value *Want = ConstantInt::get(Got->getType(), (uint64_t)C.Value, /*IsSigned=*/true);
  Value *Cmp = C.Equals ? B.CreateICmpEQ(Got, Want, "tscope.cmp")
                        : B.CreateICmpNE(Got, Want, "tscope.cmp");
  B.SetInsertPoint(Tail, Tail->begin());
  PHINode *Ok = B.CreatePHI(B.getInt1Ty(), 2, "tscope.ok");
  Ok->addIncoming(B.getFalse(), Before);
  Ok->addIncoming(Cmp, Then->getParent());
  B.SetInsertPoint(Tail, Tail->getFirstInsertionPt());
  return Ok;
}

void trackEachElement(IRBuilder<> &B, CallBase &CB, Value *Out, unsigned CountParam,
                      FunctionCallee Track, Value *Release, Constant *Site,
                      RuntimeApi &Api) {
  Value *Count = sourceArgument(CB, CountParam);
  if (!Count || !Count->getType()->isIntegerTy())
    return;
  Value *N = B.CreateSExtOrTrunc(Count, B.getInt64Ty(), "tscope.count");
  Instruction *Then = SplitBlockAndInsertIfThen(B.CreateICmpSGT(N, B.getInt64(0)),
                                                B.GetInsertPoint(), /*Unreachable=*/false);
#if LLVM_VERSION_MAJOR >= 20
  auto [Body, Index] = SplitBlockAndInsertSimpleForLoop(N, Then->getIterator());
#else
  auto [Body, Index] = SplitBlockAndInsertSimpleForLoop(N, Then);
#endif
  B.SetInsertPoint(Body);
  Value *Slot = B.CreateGEP(Api.ptrTy(), Out, Index, "tscope.slot");
  Value *Created = B.CreateLoad(Api.ptrTy(), Slot, "tscope.created");
  B.CreateCall(Track, {Created, Release, Site});
}

} // namespace tscope
