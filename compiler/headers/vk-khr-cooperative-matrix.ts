// Our own <vk/khr/cooperative_matrix.h>: the API of the header DXC ships under that name
// (vk::khr::CooperativeMatrix and its A / B / Accumulator aliases over SPV_KHR_cooperative_matrix),
// written for this compiler. Every operation is one inline SPIR-V instruction on the matrix's opaque
// OpTypeCooperativeMatrixKHR; the compiler itself knows only OpCooperativeMatrixLengthKHR, whose
// operand is a type (calls.ts: __builtin_spv_CooperativeMatrixLengthKHR<M>()).
export const VK_KHR_COOPERATIVE_MATRIX_H = String.raw`// <vk/khr/cooperative_matrix.h>, built into unplugin-hlsl.
#ifndef UNPLUGIN_HLSL_VK_KHR_COOPERATIVE_MATRIX_H
#define UNPLUGIN_HLSL_VK_KHR_COOPERATIVE_MATRIX_H

#if __SPIRV_MAJOR_VERSION__ == 1 && __SPIRV_MINOR_VERSION__ < 6
#error "CooperativeMatrix requires a minimum of SPIR-V 1.6"
#endif

#include <vk/spirv.h>
#include <vk/opcode_selector.h>

// The instructions, one each; the result type comes first so that a call names it.
template <typename Matrix, typename Component>
[[vk::ext_instruction(/* OpCompositeConstruct */ 80)]] Matrix __builtin_spv_CooperativeMatrixSplat(Component value);

template <typename Matrix, typename Component>
[[vk::ext_instruction(/* OpMatrixTimesScalar */ 143)]] Matrix __builtin_spv_MatrixTimesScalar(Matrix m, Component scalar);

template <typename Pointer, typename Matrix>
[[vk::ext_instruction(/* OpAccessChain */ 65)]] Pointer __builtin_spv_CooperativeMatrixElement([[vk::ext_reference]] Matrix m, uint32_t index);

template <typename Component, typename Pointer>
[[vk::ext_instruction(/* OpLoad */ 61)]] Component __builtin_spv_LoadThrough(Pointer p);

template <typename Pointer, typename Component>
[[vk::ext_instruction(/* OpStore */ 62)]] void __builtin_spv_StoreThrough(Pointer p, Component value);

// Loads and stores through a buffer element (a reference), or through a groupshared address. The
// memory operands are a literal mask; a scope id follows when the mask asks for availability or
// visibility.
template <typename Matrix, typename Element>
[[vk::ext_instruction(/* OpCooperativeMatrixLoadKHR */ 4457)]] Matrix __builtin_spv_CooperativeMatrixLoadKHR(
    [[vk::ext_reference]] Element element, vk::CooperativeMatrixLayout layout, uint stride, [[vk::ext_literal]] uint32_t access);
template <typename Matrix, typename Element>
[[vk::ext_instruction(/* OpCooperativeMatrixLoadKHR */ 4457)]] Matrix __builtin_spv_CooperativeMatrixLoadKHR(
    [[vk::ext_reference]] Element element, vk::CooperativeMatrixLayout layout, uint stride, [[vk::ext_literal]] uint32_t access, vk::Scope scope);
template <typename Matrix, typename Element>
[[vk::ext_instruction(/* OpCooperativeMatrixLoadKHR */ 4457)]] Matrix __builtin_spv_CooperativeMatrixLoadSharedKHR(
    vk::WorkgroupSpirvPointer<Element> address, vk::CooperativeMatrixLayout layout, uint stride, [[vk::ext_literal]] uint32_t access, vk::Scope scope);

template <typename Matrix, typename Element>
[[vk::ext_instruction(/* OpCooperativeMatrixStoreKHR */ 4458)]] void __builtin_spv_CooperativeMatrixStoreKHR(
    [[vk::ext_reference]] Element element, Matrix m, vk::CooperativeMatrixLayout layout, uint stride, [[vk::ext_literal]] uint32_t access);
template <typename Matrix, typename Element>
[[vk::ext_instruction(/* OpCooperativeMatrixStoreKHR */ 4458)]] void __builtin_spv_CooperativeMatrixStoreKHR(
    [[vk::ext_reference]] Element element, Matrix m, vk::CooperativeMatrixLayout layout, uint stride, [[vk::ext_literal]] uint32_t access, vk::Scope scope);
template <typename Matrix, typename Element>
[[vk::ext_instruction(/* OpCooperativeMatrixStoreKHR */ 4458)]] void __builtin_spv_CooperativeMatrixStoreSharedKHR(
    vk::WorkgroupSpirvPointer<Element> address, Matrix m, vk::CooperativeMatrixLayout layout, uint stride, [[vk::ext_literal]] uint32_t access, vk::Scope scope);

// OpCooperativeMatrixLengthKHR: its operand is the matrix type itself (the compiler emits it).
template <class Matrix> uint __builtin_spv_CooperativeMatrixLengthKHR();

template <typename Result, typename A, typename B, typename C>
[[vk::ext_instruction(/* OpCooperativeMatrixMulAddKHR */ 4459)]] Result __builtin_spv_CooperativeMatrixMulAddKHR(
    A a, B b, C c, [[vk::ext_literal]] uint32_t operands);

namespace vk {
namespace khr {

// Whether components are signed integers, and the MulAdd operand bits that say so for every matrix
// (floats and unsigned integers have none).
template <typename Component> struct __CooperativeMatrixSigned {
  static const bool value = false;
  static const uint32_t operands = CooperativeMatrixOperandsMaskNone;
};
#define __UH_SIGNED_COMPONENTS(Component)                                                                       \
  template <> struct __CooperativeMatrixSigned<Component> {                                                      \
    static const bool value = true;                                                                             \
    static const uint32_t operands = CooperativeMatrixOperandsMatrixASignedComponentsKHRMask |                  \
        CooperativeMatrixOperandsMatrixBSignedComponentsKHRMask | CooperativeMatrixOperandsMatrixCSignedComponentsKHRMask | \
        CooperativeMatrixOperandsMatrixResultSignedComponentsKHRMask;                                           \
  };
__UH_SIGNED_COMPONENTS(int32_t)
__UH_SIGNED_COMPONENTS(int64_t)
#if __HLSL_ENABLE_16_BIT
__UH_SIGNED_COMPONENTS(int16_t)
#endif
#undef __UH_SIGNED_COMPONENTS

// The OpTypeCooperativeMatrixKHR a CooperativeMatrix holds, with what a module using it declares.
template <typename ComponentType, Scope scope, uint rows, uint columns, CooperativeMatrixUse use>
using __CooperativeMatrixType [[vk::ext_extension("SPV_KHR_cooperative_matrix")]]
                              [[vk::ext_capability(/* CooperativeMatrixKHR */ 6022)]]
                              [[vk::ext_capability(/* VulkanMemoryModel */ 5345)]] =
    vk::SpirvOpaqueType</* OpTypeCooperativeMatrixKHR */ 4456, ComponentType, vk::integral_constant<uint, scope>,
                        vk::integral_constant<uint, rows>, vk::integral_constant<uint, columns>,
                        vk::integral_constant<uint, use> >;

// A matrix spread over the invocations of scope; its operands are those of OpTypeCooperativeMatrixKHR.
template <typename ComponentType, Scope scope, uint rows, uint columns, CooperativeMatrixUse use>
class CooperativeMatrix {
  using SpirvMatrixType = __CooperativeMatrixType<ComponentType, scope, rows, columns, use>;
  using ComponentPointer = vk::SpirvOpaqueType</* OpTypePointer */ 32, vk::Literal<vk::integral_constant<uint, /* Function */ 7> >, ComponentType>;

  static const bool hasSignedIntegerComponentType = __CooperativeMatrixSigned<ComponentType>::value;

  SpirvMatrixType _matrix;

  // Each component converted to NewComponentType (the instruction vk::util::ConversionSelector picks).
  template <class NewComponentType>
  CooperativeMatrix<NewComponentType, scope, rows, columns, use> cast() {
    CooperativeMatrix<NewComponentType, scope, rows, columns, use> converted;
    converted._matrix = vk::util::ConversionSelector<ComponentType, NewComponentType>::Convert<
        __CooperativeMatrixType<NewComponentType, scope, rows, columns, use> >(_matrix);
    return converted;
  }

  // Component-wise arithmetic (the integer or float instruction ArithmeticSelector picks).
  CooperativeMatrix negate() {
    CooperativeMatrix r;
    r._matrix = vk::util::ArithmeticSelector<ComponentType>::Negate(_matrix);
    return r;
  }
  CooperativeMatrix operator+(CooperativeMatrix other) {
    CooperativeMatrix r;
    r._matrix = vk::util::ArithmeticSelector<ComponentType>::Add(_matrix, other._matrix);
    return r;
  }
  CooperativeMatrix operator-(CooperativeMatrix other) {
    CooperativeMatrix r;
    r._matrix = vk::util::ArithmeticSelector<ComponentType>::Sub(_matrix, other._matrix);
    return r;
  }
  CooperativeMatrix operator*(CooperativeMatrix other) {
    CooperativeMatrix r;
    r._matrix = vk::util::ArithmeticSelector<ComponentType>::Mul(_matrix, other._matrix);
    return r;
  }
  CooperativeMatrix operator/(CooperativeMatrix other) {
    CooperativeMatrix r;
    r._matrix = vk::util::ArithmeticSelector<ComponentType>::Div(_matrix, other._matrix);
    return r;
  }
  CooperativeMatrix operator*(ComponentType scalar) {
    CooperativeMatrix r;
    r._matrix = __builtin_spv_MatrixTimesScalar<SpirvMatrixType>(_matrix, scalar);
    return r;
  }

  // Stores. Layout and stride go to OpCooperativeMatrixStoreKHR unchanged (the stride counts elements
  // of the buffer's type). Groupshared and coherent stores make the memory available at Workgroup or
  // QueueFamily scope.
  template <uint32_t memoryAccessOperands, CooperativeMatrixLayout layout, class Type>
  void Store(WorkgroupSpirvPointer<Type> data, uint32_t stride) {
    __builtin_spv_CooperativeMatrixStoreSharedKHR(data, _matrix, layout, stride,
        memoryAccessOperands | MemoryAccessNonPrivatePointerMask | MemoryAccessMakePointerAvailableMask, ScopeWorkgroup);
  }
  template <CooperativeMatrixLayout layout, class Type>
  void Store(WorkgroupSpirvPointer<Type> data, uint32_t stride) {
    Store<MemoryAccessMaskNone, layout>(data, stride);
  }
  template <uint32_t memoryAccessOperands, CooperativeMatrixLayout layout, class Type>
  void Store(RWStructuredBuffer<Type> data, uint32_t index, uint32_t stride) {
    __builtin_spv_CooperativeMatrixStoreKHR(data[index], _matrix, layout, stride, memoryAccessOperands);
  }
  template <CooperativeMatrixLayout layout, class Type>
  void Store(RWStructuredBuffer<Type> data, uint32_t index, uint32_t stride) {
    Store<MemoryAccessMaskNone, layout>(data, index, stride);
  }
  template <uint32_t memoryAccessOperands, CooperativeMatrixLayout layout, class Type>
  void CoherentStore(globallycoherent RWStructuredBuffer<Type> data, uint32_t index, uint32_t stride) {
    __builtin_spv_CooperativeMatrixStoreKHR(data[index], _matrix, layout, stride,
        memoryAccessOperands | MemoryAccessNonPrivatePointerMask | MemoryAccessMakePointerAvailableMask, ScopeQueueFamily);
  }
  template <CooperativeMatrixLayout layout, class Type>
  void CoherentStore(globallycoherent RWStructuredBuffer<Type> data, uint32_t index, uint32_t stride) {
    CoherentStore<MemoryAccessMaskNone, layout>(data, index, stride);
  }

  // Loads, the mirror of the stores; a read-only buffer needs no memory operands.
  template <uint32_t memoryAccessOperands, CooperativeMatrixLayout layout, class Type>
  static CooperativeMatrix Load(WorkgroupSpirvPointer<Type> data, uint32_t stride) {
    CooperativeMatrix r;
    r._matrix = __builtin_spv_CooperativeMatrixLoadSharedKHR<SpirvMatrixType>(data, layout, stride,
        memoryAccessOperands | MemoryAccessNonPrivatePointerMask | MemoryAccessMakePointerVisibleMask, ScopeWorkgroup);
    return r;
  }
  template <CooperativeMatrixLayout layout, class Type>
  static CooperativeMatrix Load(WorkgroupSpirvPointer<Type> data, uint32_t stride) {
    return Load<MemoryAccessMaskNone, layout>(data, stride);
  }
  template <uint32_t memoryAccessOperands, CooperativeMatrixLayout layout, class Type>
  static CooperativeMatrix Load(RWStructuredBuffer<Type> data, uint32_t index, uint32_t stride) {
    CooperativeMatrix r;
    r._matrix = __builtin_spv_CooperativeMatrixLoadKHR<SpirvMatrixType>(data[index], layout, stride, memoryAccessOperands);
    return r;
  }
  template <CooperativeMatrixLayout layout, class Type>
  static CooperativeMatrix Load(RWStructuredBuffer<Type> data, uint32_t index, uint32_t stride) {
    return Load<MemoryAccessMaskNone, layout>(data, index, stride);
  }
  template <uint32_t memoryAccessOperands, CooperativeMatrixLayout layout, class Type>
  static CooperativeMatrix CoherentLoad(globallycoherent RWStructuredBuffer<Type> data, uint32_t index, uint32_t stride) {
    CooperativeMatrix r;
    r._matrix = __builtin_spv_CooperativeMatrixLoadKHR<SpirvMatrixType>(data[index], layout, stride,
        memoryAccessOperands | MemoryAccessNonPrivatePointerMask | MemoryAccessMakePointerVisibleMask, ScopeQueueFamily);
    return r;
  }
  template <CooperativeMatrixLayout layout, class Type>
  static CooperativeMatrix CoherentLoad(globallycoherent RWStructuredBuffer<Type> data, uint32_t index, uint32_t stride) {
    return CoherentLoad<MemoryAccessMaskNone, layout>(data, index, stride);
  }
  template <uint32_t memoryAccessOperands, CooperativeMatrixLayout layout, class Type>
  static CooperativeMatrix Load(StructuredBuffer<Type> data, uint32_t index, uint32_t stride) {
    CooperativeMatrix r;
    r._matrix = __builtin_spv_CooperativeMatrixLoadKHR<SpirvMatrixType>(data[index], layout, stride, MemoryAccessMaskNone);
    return r;
  }
  template <CooperativeMatrixLayout layout, class Type>
  static CooperativeMatrix Load(StructuredBuffer<Type> data, uint32_t index, uint32_t stride) {
    return Load<MemoryAccessMaskNone, layout>(data, index, stride);
  }

  // Every component v (the same v in every invocation of the scope).
  static CooperativeMatrix Splat(ComponentType v) {
    CooperativeMatrix r;
    r._matrix = __builtin_spv_CooperativeMatrixSplat<SpirvMatrixType>(v);
    return r;
  }

  // How many components this invocation holds; Get and Set take an index below it.
  static uint32_t GetLength() { return __builtin_spv_CooperativeMatrixLengthKHR<SpirvMatrixType>(); }

  // Component access goes through a Function variable (an access chain into the matrix).
  ComponentType Get(uint32_t index) {
    SpirvMatrixType m = _matrix;
    return __builtin_spv_LoadThrough<ComponentType>(__builtin_spv_CooperativeMatrixElement<ComponentPointer>(m, index));
  }
  void Set(ComponentType value, uint32_t index) {
    SpirvMatrixType m = _matrix;
    __builtin_spv_StoreThrough(__builtin_spv_CooperativeMatrixElement<ComponentPointer>(m, index), value);
    _matrix = m;
  }
};

// The roles in r = a * b + c: A is rows x K, B is K x columns, the accumulator rows x columns.
template <typename ComponentType, Scope scope, uint rows, uint columns>
using CooperativeMatrixA = CooperativeMatrix<ComponentType, scope, rows, columns, CooperativeMatrixUseMatrixAKHR>;
template <typename ComponentType, Scope scope, uint rows, uint columns>
using CooperativeMatrixB = CooperativeMatrix<ComponentType, scope, rows, columns, CooperativeMatrixUseMatrixBKHR>;
template <typename ComponentType, Scope scope, uint rows, uint columns>
using CooperativeMatrixAccumulator = CooperativeMatrix<ComponentType, scope, rows, columns, CooperativeMatrixUseMatrixAccumulatorKHR>;

// OpCooperativeMatrixMulAddKHR with the operand bits the components imply; saturating adds
// SaturatingAccumulationKHR.
template <typename ComponentType, Scope scope, uint rows, uint columns, uint K, uint32_t extraOperands>
CooperativeMatrixAccumulator<ComponentType, scope, rows, columns> __cooperativeMatrixMulAdd(
    CooperativeMatrixA<ComponentType, scope, rows, K> a, CooperativeMatrixB<ComponentType, scope, K, columns> b,
    CooperativeMatrixAccumulator<ComponentType, scope, rows, columns> c) {
  CooperativeMatrixAccumulator<ComponentType, scope, rows, columns> r;
  r._matrix = __builtin_spv_CooperativeMatrixMulAddKHR<
      __CooperativeMatrixType<ComponentType, scope, rows, columns, CooperativeMatrixUseMatrixAccumulatorKHR> >(
      a._matrix, b._matrix, c._matrix, extraOperands | __CooperativeMatrixSigned<ComponentType>::operands);
  return r;
}

template <typename ComponentType, Scope scope, uint rows, uint columns, uint K>
CooperativeMatrixAccumulator<ComponentType, scope, rows, columns> cooperativeMatrixMultiplyAdd(
    CooperativeMatrixA<ComponentType, scope, rows, K> a, CooperativeMatrixB<ComponentType, scope, K, columns> b,
    CooperativeMatrixAccumulator<ComponentType, scope, rows, columns> c) {
  return __cooperativeMatrixMulAdd<ComponentType, scope, rows, columns, K, CooperativeMatrixOperandsMaskNone>(a, b, c);
}

template <typename ComponentType, Scope scope, uint rows, uint columns, uint K>
CooperativeMatrixAccumulator<ComponentType, scope, rows, columns> cooperativeMatrixSaturatingMultiplyAdd(
    CooperativeMatrixA<ComponentType, scope, rows, K> a, CooperativeMatrixB<ComponentType, scope, K, columns> b,
    CooperativeMatrixAccumulator<ComponentType, scope, rows, columns> c) {
  return __cooperativeMatrixMulAdd<ComponentType, scope, rows, columns, K,
                                   CooperativeMatrixOperandsSaturatingAccumulationKHRMask>(a, b, c);
}

} // namespace khr
} // namespace vk

#endif // UNPLUGIN_HLSL_VK_KHR_COOPERATIVE_MATRIX_H
`;
