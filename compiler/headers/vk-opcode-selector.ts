// Our own <vk/opcode_selector.h>: the API of the header DXC ships under that name (the
// __builtin_spv_* instruction wrappers and vk::util::ArithmeticSelector / ConversionSelector), written
// for this compiler. Each selector is an explicit specialization per component type (pair), so
// `ConversionSelector<int32_t, float>::Convert<float4>(v)` emits exactly one OpConvertSToF.
// 16-bit components (and a half distinct from float) exist only with -enable-16bit-types; without it
// half is float, so a half selector is the float one (half → float is a copy).
export const VK_OPCODE_SELECTOR_H = String.raw`// <vk/opcode_selector.h>, built into unplugin-hlsl.
#ifndef UNPLUGIN_HLSL_VK_OPCODE_SELECTOR_H
#define UNPLUGIN_HLSL_VK_OPCODE_SELECTOR_H

// One SPIR-V instruction each. The result type is the first template parameter, so a call names it
// (__builtin_spv_ConvertSToF<float4>(i)) and the operand type is deduced.
template <typename Result> [[vk::ext_instruction(83)]] Result __builtin_spv_CopyObject(Result value);
template <typename Result> [[vk::ext_instruction(126)]] Result __builtin_spv_SNegate(Result value);
template <typename Result> [[vk::ext_instruction(127)]] Result __builtin_spv_FNegate(Result value);

template <typename Result, typename Operand> [[vk::ext_instruction(109)]] Result __builtin_spv_ConvertFtoU(Operand value);
template <typename Result, typename Operand> [[vk::ext_instruction(110)]] Result __builtin_spv_ConvertFtoS(Operand value);
template <typename Result, typename Operand> [[vk::ext_instruction(111)]] Result __builtin_spv_ConvertSToF(Operand value);
template <typename Result, typename Operand> [[vk::ext_instruction(112)]] Result __builtin_spv_ConvertUToF(Operand value);
template <typename Result, typename Operand> [[vk::ext_instruction(113)]] Result __builtin_spv_UConvert(Operand value);
template <typename Result, typename Operand> [[vk::ext_instruction(114)]] Result __builtin_spv_SConvert(Operand value);
template <typename Result, typename Operand> [[vk::ext_instruction(115)]] Result __builtin_spv_FConvert(Operand value);
template <typename Result, typename Operand> [[vk::ext_instruction(124)]] Result __builtin_spv_Bitcast(Operand value);

template <typename Result> [[vk::ext_instruction(128)]] Result __builtin_spv_IAdd(Result x, Result y);
template <typename Result> [[vk::ext_instruction(129)]] Result __builtin_spv_FAdd(Result x, Result y);
template <typename Result> [[vk::ext_instruction(130)]] Result __builtin_spv_ISub(Result x, Result y);
template <typename Result> [[vk::ext_instruction(131)]] Result __builtin_spv_FSub(Result x, Result y);
template <typename Result> [[vk::ext_instruction(132)]] Result __builtin_spv_IMul(Result x, Result y);
template <typename Result> [[vk::ext_instruction(133)]] Result __builtin_spv_FMul(Result x, Result y);
template <typename Result> [[vk::ext_instruction(134)]] Result __builtin_spv_UDiv(Result x, Result y);
template <typename Result> [[vk::ext_instruction(135)]] Result __builtin_spv_SDiv(Result x, Result y);
template <typename Result> [[vk::ext_instruction(136)]] Result __builtin_spv_FDiv(Result x, Result y);

namespace vk {
namespace util {

// Arithmetic on values whose components are Component (a scalar, or a vector of it).
template <class Component> class ArithmeticSelector;

#define __UH_ARITHMETIC(Component, OpNeg, OpAdd, OpSub, OpMul, OpDiv)                  \
  template <> class ArithmeticSelector<Component> {                                    \
    template <class V> static V Negate(V x) { return __builtin_spv_##OpNeg(x); }       \
    template <class V> static V Add(V x, V y) { return __builtin_spv_##OpAdd(x, y); }  \
    template <class V> static V Sub(V x, V y) { return __builtin_spv_##OpSub(x, y); }  \
    template <class V> static V Mul(V x, V y) { return __builtin_spv_##OpMul(x, y); }  \
    template <class V> static V Div(V x, V y) { return __builtin_spv_##OpDiv(x, y); }  \
  };

__UH_ARITHMETIC(float, FNegate, FAdd, FSub, FMul, FDiv)
__UH_ARITHMETIC(double, FNegate, FAdd, FSub, FMul, FDiv)
__UH_ARITHMETIC(int32_t, SNegate, IAdd, ISub, IMul, SDiv)
__UH_ARITHMETIC(uint32_t, SNegate, IAdd, ISub, IMul, UDiv)
__UH_ARITHMETIC(int64_t, SNegate, IAdd, ISub, IMul, SDiv)
__UH_ARITHMETIC(uint64_t, SNegate, IAdd, ISub, IMul, UDiv)
#if __HLSL_ENABLE_16_BIT
__UH_ARITHMETIC(half, FNegate, FAdd, FSub, FMul, FDiv)
__UH_ARITHMETIC(int16_t, SNegate, IAdd, ISub, IMul, SDiv)
__UH_ARITHMETIC(uint16_t, SNegate, IAdd, ISub, IMul, UDiv)
#endif

// Converts a value whose components are From (a scalar or vector) to Target, the same shape with
// components To: Convert<Target>(x). Integer results take the target's signedness (SPIR-V's UConvert
// yields unsigned, SConvert signed); integer sources convert to float by their own signedness.
template <class From, class To> class ConversionSelector;

#define __UH_CONVERSION(FromType, ToType, OpConvert)                                    \
  template <> class ConversionSelector<FromType, ToType> {                             \
    template <class Target, class Source> static Target Convert(Source x) {            \
      return __builtin_spv_##OpConvert<Target>(x);                                     \
    }                                                                                  \
  };

// Integer to integer: a copy, a reinterpretation of the sign, or a width change.
__UH_CONVERSION(int32_t, int32_t, CopyObject)
__UH_CONVERSION(int32_t, uint32_t, Bitcast)
__UH_CONVERSION(int32_t, int64_t, SConvert)
__UH_CONVERSION(int32_t, uint64_t, UConvert)
__UH_CONVERSION(uint32_t, int32_t, Bitcast)
__UH_CONVERSION(uint32_t, uint32_t, CopyObject)
__UH_CONVERSION(uint32_t, int64_t, SConvert)
__UH_CONVERSION(uint32_t, uint64_t, UConvert)
__UH_CONVERSION(int64_t, int32_t, SConvert)
__UH_CONVERSION(int64_t, uint32_t, UConvert)
__UH_CONVERSION(int64_t, int64_t, CopyObject)
__UH_CONVERSION(int64_t, uint64_t, Bitcast)
__UH_CONVERSION(uint64_t, int32_t, SConvert)
__UH_CONVERSION(uint64_t, uint32_t, UConvert)
__UH_CONVERSION(uint64_t, int64_t, Bitcast)
__UH_CONVERSION(uint64_t, uint64_t, CopyObject)

// Integer to float.
__UH_CONVERSION(int32_t, float, ConvertSToF)
__UH_CONVERSION(int32_t, double, ConvertSToF)
__UH_CONVERSION(uint32_t, float, ConvertUToF)
__UH_CONVERSION(uint32_t, double, ConvertUToF)
__UH_CONVERSION(int64_t, float, ConvertSToF)
__UH_CONVERSION(int64_t, double, ConvertSToF)
__UH_CONVERSION(uint64_t, float, ConvertUToF)
__UH_CONVERSION(uint64_t, double, ConvertUToF)

// Float to integer.
__UH_CONVERSION(float, int32_t, ConvertFtoS)
__UH_CONVERSION(float, uint32_t, ConvertFtoU)
__UH_CONVERSION(float, int64_t, ConvertFtoS)
__UH_CONVERSION(float, uint64_t, ConvertFtoU)
__UH_CONVERSION(double, int32_t, ConvertFtoS)
__UH_CONVERSION(double, uint32_t, ConvertFtoU)
__UH_CONVERSION(double, int64_t, ConvertFtoS)
__UH_CONVERSION(double, uint64_t, ConvertFtoU)

// Float to float.
__UH_CONVERSION(float, float, CopyObject)
__UH_CONVERSION(float, double, FConvert)
__UH_CONVERSION(double, float, FConvert)
__UH_CONVERSION(double, double, CopyObject)

#if __HLSL_ENABLE_16_BIT
__UH_CONVERSION(int16_t, int16_t, CopyObject)
__UH_CONVERSION(int16_t, uint16_t, Bitcast)
__UH_CONVERSION(int16_t, int32_t, SConvert)
__UH_CONVERSION(int16_t, uint32_t, UConvert)
__UH_CONVERSION(int16_t, int64_t, SConvert)
__UH_CONVERSION(int16_t, uint64_t, UConvert)
__UH_CONVERSION(uint16_t, int16_t, Bitcast)
__UH_CONVERSION(uint16_t, uint16_t, CopyObject)
__UH_CONVERSION(uint16_t, int32_t, SConvert)
__UH_CONVERSION(uint16_t, uint32_t, UConvert)
__UH_CONVERSION(uint16_t, int64_t, SConvert)
__UH_CONVERSION(uint16_t, uint64_t, UConvert)
__UH_CONVERSION(int32_t, int16_t, SConvert)
__UH_CONVERSION(int32_t, uint16_t, UConvert)
__UH_CONVERSION(uint32_t, int16_t, SConvert)
__UH_CONVERSION(uint32_t, uint16_t, UConvert)
__UH_CONVERSION(int64_t, int16_t, SConvert)
__UH_CONVERSION(int64_t, uint16_t, UConvert)
__UH_CONVERSION(uint64_t, int16_t, SConvert)
__UH_CONVERSION(uint64_t, uint16_t, UConvert)

__UH_CONVERSION(int16_t, half, ConvertSToF)
__UH_CONVERSION(int16_t, float, ConvertSToF)
__UH_CONVERSION(int16_t, double, ConvertSToF)
__UH_CONVERSION(uint16_t, half, ConvertUToF)
__UH_CONVERSION(uint16_t, float, ConvertUToF)
__UH_CONVERSION(uint16_t, double, ConvertUToF)
__UH_CONVERSION(int32_t, half, ConvertSToF)
__UH_CONVERSION(uint32_t, half, ConvertUToF)
__UH_CONVERSION(int64_t, half, ConvertSToF)
__UH_CONVERSION(uint64_t, half, ConvertUToF)

__UH_CONVERSION(half, int16_t, ConvertFtoS)
__UH_CONVERSION(half, uint16_t, ConvertFtoU)
__UH_CONVERSION(half, int32_t, ConvertFtoS)
__UH_CONVERSION(half, uint32_t, ConvertFtoU)
__UH_CONVERSION(half, int64_t, ConvertFtoS)
__UH_CONVERSION(half, uint64_t, ConvertFtoU)
__UH_CONVERSION(float, int16_t, ConvertFtoS)
__UH_CONVERSION(float, uint16_t, ConvertFtoU)
__UH_CONVERSION(double, int16_t, ConvertFtoS)
__UH_CONVERSION(double, uint16_t, ConvertFtoU)

__UH_CONVERSION(half, half, CopyObject)
__UH_CONVERSION(half, float, FConvert)
__UH_CONVERSION(half, double, FConvert)
__UH_CONVERSION(float, half, FConvert)
__UH_CONVERSION(double, half, FConvert)
#endif

#undef __UH_ARITHMETIC
#undef __UH_CONVERSION

} // namespace util
} // namespace vk

#endif // UNPLUGIN_HLSL_VK_OPCODE_SELECTOR_H
`;
