//===- MemberCalls.cpp - calls through described members of API tables ----===//
#include "MemberCalls.h"
#include "../roles/MemberRoles.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace tscope {

void markDescribedMembers(clang::ASTContext &Ctx, clang::RecordDecl &RD,
                          const RoleTable &Roles) {
  if (!RD.isCompleteDefinition() || RD.isDependentContext())
    return;
  for (clang::FieldDecl *F : RD.fields()) {
    std::string Key = memberKey(F);
    if (Key.empty())
      continue;
    const FunctionRoles *R = Roles.lookup(Key);
    if (!R || !R->hasTensorRole())
      continue;
    std::string Note = (MemberAnnotationPrefix + Key).str();
    bool Present = false;
    for (const auto *A : F->specific_attrs<clang::AnnotateAttr>())
      Present |= A->getAnnotation() == Note;
    if (!Present)
      F->addAttr(clang::AnnotateAttr::CreateImplicit(Ctx, Note, nullptr, 0));
  }
}

/// The text of a constant C string global, or "".
static StringRef stringOf(Value *V) {
  auto *GV = dyn_cast<GlobalVariable>(V->stripPointerCasts());
  if (!GV || !GV->hasInitializer())
    return "";
  auto *Data = dyn_cast<ConstantDataSequential>(GV->getInitializer());
  if (!Data || !Data->isString())
    return "";
  return Data->getAsString().rtrim('\0');
}

bool tagMemberCalls(Module &M) {
  SmallVector<IntrinsicInst *, 16> Ours;
  for (Function &F : M) {
    if (F.getIntrinsicID() != Intrinsic::ptr_annotation)
      continue;
    for (User *U : F.users())
      if (auto *II = dyn_cast<IntrinsicInst>(U))
        if (stringOf(II->getArgOperand(1)).starts_with(MemberAnnotationPrefix))
          Ours.push_back(II);
  }
  SmallPtrSet<GlobalVariable *, 8> Strings;
  for (IntrinsicInst *II : Ours) {
    StringRef Key = stringOf(II->getArgOperand(1)).drop_front(MemberAnnotationPrefix.size());
    for (User *U : II->users())
      if (auto *L = dyn_cast<LoadInst>(U))
        for (User *LU : L->users())
          if (auto *CB = dyn_cast<CallBase>(LU))
            if (CB->getCalledOperand()->stripPointerCasts() == L)
              setRoleTag(*CB, Key);
    for (unsigned Op : {1u, 2u})
      if (auto *GV = dyn_cast<GlobalVariable>(II->getArgOperand(Op)->stripPointerCasts()))
        Strings.insert(GV);
    II->replaceAllUsesWith(II->getArgOperand(0));
    II->eraseFromParent();
  }
  // The annotation's strings (in section llvm.metadata) are now unused.
  for (GlobalVariable *GV : Strings)
    if (GV->use_empty() && GV->hasLocalLinkage())
      GV->eraseFromParent();
  return !Ours.empty();
}

StringRef roleTagOf(const CallBase &CB) {
  MDNode *N = CB.getMetadata(RoleTagKind);
  if (!N || N->getNumOperands() != 1)
    return "";
  if (auto *S = dyn_cast<MDString>(N->getOperand(0)))
    return S->getString();
  return "";
}

void setRoleTag(CallBase &CB, StringRef Key) {
  LLVMContext &Ctx = CB.getContext();
  CB.setMetadata(RoleTagKind, MDNode::get(Ctx, MDString::get(Ctx, Key)));
}

void removeRoleTags(Module &M) {
  unsigned Kind = M.getContext().getMDKindID(RoleTagKind);
  for (Function &F : M)
    for (BasicBlock &BB : F)
      for (Instruction &I : BB)
        if (I.hasMetadata())
          I.setMetadata(Kind, nullptr);
}

Value *calledSlot(const CallBase &CB) {
  if (auto *L = dyn_cast<LoadInst>(CB.getCalledOperand()->stripPointerCasts()))
    return L->getPointerOperand();
  return nullptr;
}

Function *objectMemberRelease(Module &M, uint64_t Offset) {
  std::string Name = "__tscope_member_release." + std::to_string(Offset);
  if (Function *F = M.getFunction(Name))
    return F;
  LLVMContext &Ctx = M.getContext();
  PointerType *Ptr = PointerType::getUnqual(Ctx);
  FunctionType *Ty = FunctionType::get(Type::getVoidTy(Ctx), {Ptr}, false);
  Function *F = Function::Create(Ty, GlobalValue::InternalLinkage, Name, M);
  BasicBlock *Entry = BasicBlock::Create(Ctx, "", F);
  BasicBlock *Call = BasicBlock::Create(Ctx, "call", F);
  BasicBlock *Done = BasicBlock::Create(Ctx, "done", F);
  IRBuilder<> B(Entry);
  Value *Object = F->getArg(0);
  Value *Slot = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Object, Offset);
  Value *Fn = B.CreateLoad(Ptr, Slot);
  B.CreateCondBr(B.CreateIsNull(Fn), Done, Call);
  B.SetInsertPoint(Call);
  B.CreateCall(Ty, Fn, {Object});
  B.CreateBr(Done);
  B.SetInsertPoint(Done);
  B.CreateRetVoid();
  return F;
}

} // namespace tscope
