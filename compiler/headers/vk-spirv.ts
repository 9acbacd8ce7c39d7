// Our own <vk/spirv.h>: the API of the header DXC ships under that name, written for this compiler.
// SPIR-V enumerants the vk:: helpers take (values from the SPIR-V specification), and a Workgroup
// pointer to a groupshared object usable as an inline SPIR-V operand.
export const VK_SPIRV_H = String.raw`// <vk/spirv.h>, built into unplugin-hlsl.
#ifndef UNPLUGIN_HLSL_VK_SPIRV_H
#define UNPLUGIN_HLSL_VK_SPIRV_H

namespace vk {

// SPIR-V "Scope" (the execution or memory scope operand).
enum Scope {
  ScopeCrossDevice = 0,
  ScopeDevice = 1,
  ScopeWorkgroup = 2,
  ScopeSubgroup = 3,
  ScopeInvocation = 4,
  ScopeQueueFamily = 5,
  ScopeQueueFamilyKHR = 5,
  ScopeShaderCallKHR = 6,
  ScopeMax = 0x7fffffff,
};

// SPIR-V "Storage Class" (only those the helpers below need).
enum StorageClass {
  StorageClassWorkgroup = 4,
};

// SPIR-V "Memory Operands" bits.
enum MemoryAccessMask {
  MemoryAccessMaskNone = 0,
  MemoryAccessVolatileMask = 0x1,
  MemoryAccessAlignedMask = 0x2,
  MemoryAccessNontemporalMask = 0x4,
  MemoryAccessMakePointerAvailableMask = 0x8,
  MemoryAccessMakePointerAvailableKHRMask = 0x8,
  MemoryAccessMakePointerVisibleMask = 0x10,
  MemoryAccessMakePointerVisibleKHRMask = 0x10,
  MemoryAccessNonPrivatePointerMask = 0x20,
  MemoryAccessNonPrivatePointerKHRMask = 0x20,
  MemoryAccessAliasScopeINTELMaskMask = 0x10000,
  MemoryAccessNoAliasINTELMaskMask = 0x20000,
};

// SPV_KHR_cooperative_matrix enumerants ("Cooperative Matrix Use", "Layout", "Operands").
enum CooperativeMatrixUse {
  CooperativeMatrixUseMatrixAKHR = 0,
  CooperativeMatrixUseMatrixBKHR = 1,
  CooperativeMatrixUseMatrixAccumulatorKHR = 2,
  CooperativeMatrixUseMax = 0x7fffffff,
};

enum CooperativeMatrixLayout {
  CooperativeMatrixLayoutRowMajorKHR = 0,
  CooperativeMatrixLayoutColumnMajorKHR = 1,
  CooperativeMatrixLayoutRowBlockedInterleavedARM = 4202,
  CooperativeMatrixLayoutColumnBlockedInterleavedARM = 4203,
  CooperativeMatrixLayoutMax = 0x7fffffff,
};

enum CooperativeMatrixOperandsMask {
  CooperativeMatrixOperandsMaskNone = 0,
  CooperativeMatrixOperandsMatrixASignedComponentsKHRMask = 0x1,
  CooperativeMatrixOperandsMatrixBSignedComponentsKHRMask = 0x2,
  CooperativeMatrixOperandsMatrixCSignedComponentsKHRMask = 0x4,
  CooperativeMatrixOperandsMatrixResultSignedComponentsKHRMask = 0x8,
  CooperativeMatrixOperandsSaturatingAccumulationKHRMask = 0x10,
};

// OpTypePointer (32) to Pointee in the Workgroup storage class: an opaque value that inline SPIR-V
// instructions take as a pointer operand (OpLoad, atomics, cooperative matrix loads).
template <typename Pointee>
using WorkgroupSpirvPointer =
    const vk::SpirvOpaqueType<32, vk::Literal<vk::integral_constant<uint, StorageClassWorkgroup> >, Pointee>;

// The address of a groupshared object (OpCopyObject of its pointer); the compiler refuses any other
// argument, which has no Workgroup address.
template <typename T>
[[vk::ext_instruction(83)]] WorkgroupSpirvPointer<T> GetGroupSharedAddress([[vk::ext_reference]] T object);

} // namespace vk

#endif // UNPLUGIN_HLSL_VK_SPIRV_H
`;
