// The headers the compiler provides itself (compiler/headers), as DXC embeds its own:
// <vk/opcode_selector.h> (vk::util::ConversionSelector / ArithmeticSelector over __builtin_spv_*)
// and <vk/spirv.h> (SPIR-V enumerants, vk::WorkgroupSpirvPointer, vk::GetGroupSharedAddress); found
// by `#include <…>` after the include directories, so a user's header of the same name wins.
// Also the language they need: explicit class template specializations, forward-declared and alias
// templates, explicit template arguments naming the caller's template parameters.
// Execution on lavapipe: dxc-headers-gpu.test.ts.
import { describe, expect, it } from 'vitest';
import { compile, type CompileOptions } from '../../../compiler/index.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

const compute: CompileOptions = { entryPoints: [{ name: 'main', stage: 'compute' }], hlslVersion: 2021 };
const with16: CompileOptions = { ...compute, enable16BitTypes: true };
const text = (source: string, options = compute) => disassembleSpirv(compileValid(source, options, ['vulkan1.3']).spirv);
const errors = (source: string, options: CompileOptions = compute) =>
  compile(source, options).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.column} ${d.message}`);

/** A shader converting a 4-vector and one component of From to To, as DXC's convert.selector test does. */
const convert = (from: string, to: string) => `
  #include <vk/opcode_selector.h>
  RWStructuredBuffer<${from}4> source;
  RWStructuredBuffer<${to}4> target;
  [numthreads(1, 1, 1)] void main() {
    target[0] = vk::util::ConversionSelector<${from}, ${to}>::Convert<${to}4>(source[0]);
    target[0].x = vk::util::ConversionSelector<${from}, ${to}>::Convert<${to}>(source[0].x);
  }`;

describe('<vk/opcode_selector.h>', () => {
  // [from, to, instruction, needs -enable-16bit-types]
  const table: [string, string, string, boolean][] = [
    ['int32_t', 'float', 'OpConvertSToF', false],
    ['uint32_t', 'double', 'OpConvertUToF', false],
    ['float', 'int64_t', 'OpConvertFToS', false],
    ['double', 'uint32_t', 'OpConvertFToU', false],
    ['int32_t', 'uint32_t', 'OpBitcast', false],
    ['uint64_t', 'int64_t', 'OpBitcast', false],
    ['int32_t', 'uint64_t', 'OpUConvert', false],
    ['uint32_t', 'int64_t', 'OpSConvert', false],
    ['float', 'double', 'OpFConvert', false],
    ['float', 'float', 'OpCopyObject', false],
    // Without 16-bit types half is float: a copy, as DXC's header has it.
    ['float', 'half', 'OpCopyObject', false],
    ['int16_t', 'uint32_t', 'OpUConvert', true],
    ['uint16_t', 'int64_t', 'OpSConvert', true],
    ['half', 'float', 'OpFConvert', true],
    ['half', 'uint16_t', 'OpConvertFToU', true],
    ['int16_t', 'half', 'OpConvertSToF', true],
  ];
  it.each(table)('converts %s to %s with %s', (from, to, op, needs16) => {
    const spv = text(convert(from, to), needs16 ? with16 : compute);
    expect(spv.match(new RegExp(`= ${op} `, 'g'))?.length).toBe(2);
    const conversions = spv.match(/= Op(Convert\w+|[USF]Convert|Bitcast|CopyObject) /g) ?? [];
    expect(conversions.every((c) => c === `= ${op} `)).toBe(true);
  });

  it('has no selector for a pair SPIR-V has no conversion instruction for', () => {
    expect(errors(convert('bool', 'float'))).toEqual([
      "6:17 implicit instantiation of undefined template 'ConversionSelector<bool, float>' (the template is only declared, and no explicit specialization matches)",
      "7:19 implicit instantiation of undefined template 'ConversionSelector<bool, float>' (the template is only declared, and no explicit specialization matches)",
    ]);
  });

  it('divides by the signedness ArithmeticSelector names, and negates, adds, multiplies per component kind', () => {
    const spv = text(`
      #include <vk/opcode_selector.h>
      RWStructuredBuffer<int2> i; RWStructuredBuffer<uint2> u; RWStructuredBuffer<float2> f;
      [numthreads(1, 1, 1)] void main() {
        i[0] = vk::util::ArithmeticSelector<int>::Div(i[1], i[2]);
        u[0] = vk::util::ArithmeticSelector<uint>::Div(u[1], u[2]);
        f[0] = vk::util::ArithmeticSelector<float>::Mul(vk::util::ArithmeticSelector<float>::Negate(f[1]), f[2]);
        i[3] = vk::util::ArithmeticSelector<int>::Sub(vk::util::ArithmeticSelector<int>::Add(i[1], i[2]), i[3]);
      }`);
    for (const op of ['OpSDiv %v2int', 'OpUDiv %v2uint', 'OpFNegate %v2float', 'OpFMul %v2float', 'OpIAdd %v2int', 'OpISub %v2int']) expect(spv).toContain(op);
  });

  it('declares the __builtin_spv_* instructions for direct use', () => {
    const spv = text(`
      #include <vk/opcode_selector.h>
      RWStructuredBuffer<uint> u; RWStructuredBuffer<float> f;
      [numthreads(1, 1, 1)] void main() { f[0] = __builtin_spv_FAdd(__builtin_spv_ConvertUToF<float>(u[0]), f[1]); u[1] = __builtin_spv_Bitcast<uint>(f[2]); }`);
    expect(spv).toMatch(/OpConvertUToF %float/);
    expect(spv).toMatch(/OpFAdd %float/);
    expect(spv).toMatch(/OpBitcast %uint/);
  });

  it('is read from no file (the embedder has nothing to watch), and may be included twice', () => {
    const r = compile('#include <vk/opcode_selector.h>\n#include <vk/opcode_selector.h>\n[numthreads(1,1,1)] void main() {}', { ...compute, filename: '/src/a.hlsl' });
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(r.files).toEqual(['/src/a.hlsl']);
  });
});

describe('<vk/spirv.h>', () => {
  it('gives a groupshared element a Workgroup pointer that inline SPIR-V loads through', () => {
    const spv = text(`
      #include <vk/spirv.h>
      RWStructuredBuffer<int> data;
      groupshared int shared_data[64];
      [[vk::ext_instruction(/* OpLoad */ 61)]] int Load(vk::WorkgroupSpirvPointer<int> p);
      int foo(vk::WorkgroupSpirvPointer<int> param) { return Load(param); }
      [numthreads(64, 1, 1)] void main(uint i : SV_GroupIndex) {
        shared_data[i] = (int)i;
        GroupMemoryBarrierWithGroupSync();
        vk::WorkgroupSpirvPointer<int> p = vk::GetGroupSharedAddress(shared_data[63 - i]);
        data[i] = foo(p);
      }`);
    expect(spv).toMatch(/(%\d+) = OpAccessChain %spirvIntrinsicType %shared_data %\w+\n\s+(%\d+) = OpCopyObject %spirvIntrinsicType \1/);
    expect(spv).toMatch(/OpLoad %int %\d+/);
    expect(spv).not.toContain('OpCapability VariablePointers');
  });

  it('refuses, unoptimised, the function variable a pointer argument would need', () => {
    const source = `
      #include <vk/spirv.h>
      RWStructuredBuffer<int> data;
      groupshared int shared_data[64];
      [[vk::ext_instruction(/* OpLoad */ 61)]] int Load(vk::WorkgroupSpirvPointer<int> p);
      int foo(vk::WorkgroupSpirvPointer<int> param) { return Load(param); }
      [numthreads(64, 1, 1)] void main() { data[0] = foo(vk::GetGroupSharedAddress(shared_data[0])); }`;
    const r = compile(source, { ...compute, optimizationLevel: 0 });
    expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.file}:${d.line} ${d.message}`)).toEqual([
      // At the user's spelling of the type (the parameter of foo), not the header's alias.
      "/input.hlsl:6 'vk::SpirvOpaqueType<32, vk::Literal<4>, int>' is a SPIR-V pointer, which no function variable may hold: a local or a call argument of this type needs one here (optimising, a local assigned once and a parameter only read are values instead; not at -O0)",
    ]);
    // Written to, a parameter is a variable even when optimising.
    const written = source.replace('{ return Load(param); }', '{ param = param; return Load(param); }');
    expect(compile(written, compute).diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([expect.stringContaining('is a SPIR-V pointer, which no function variable may hold')]);
  });

  it('takes the address of groupshared memory only', () => {
    expect(errors(`
      #include <vk/spirv.h>
      RWStructuredBuffer<int> data;
      [[vk::ext_instruction(/* OpLoad */ 61)]] int Load(vk::WorkgroupSpirvPointer<int> p);
      [numthreads(1, 1, 1)] void main() { int x = data[1]; data[0] = Load(vk::GetGroupSharedAddress(x)); }`)).toEqual([
      "5:101 argument 1 of 'GetGroupSharedAddress' must be a groupshared variable or element: the result is a Workgroup pointer",
    ]);
  });

  it('defines the SPIR-V enumerants', () => {
    const spv = text(`
      #include <vk/spirv.h>
      RWStructuredBuffer<uint> data;
      [numthreads(1, 1, 1)] void main() {
        data[0] = vk::ScopeWorkgroup + 10 * vk::StorageClassWorkgroup + 100 * vk::MemoryAccessNonPrivatePointerMask;
        data[1] = vk::CooperativeMatrixLayoutRowBlockedInterleavedARM;
      }`);
    expect(spv).toMatch(/OpConstant %uint 3242\b/);
    expect(spv).toMatch(/OpConstant %uint 4202\b/);
  });
});

describe('include resolution of built-in headers', () => {
  const userSpirvH = 'namespace vk { static const uint MINE = 7; }';
  const useMine = '#include <vk/spirv.h>\nRWStructuredBuffer<uint> o;\n[numthreads(1,1,1)] void main() { o[0] = vk::MINE + vk::ScopeDevice; }';

  it("finds a user's own vk/spirv.h in the include directories first", () => {
    const r = compile(useMine, { ...compute, filename: '/src/a.hlsl', includeDirs: ['/inc'], virtualFiles: { '/inc/vk/spirv.h': userSpirvH } });
    // The user's header has MINE but not the built-in's ScopeDevice: proof that it, not ours, was read.
    expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual(["use of undeclared identifier 'vk::ScopeDevice'"]);
    expect(r.files).toEqual(['/src/a.hlsl', '/inc/vk/spirv.h']);
    const ok = compileValid(useMine.replace(' + vk::ScopeDevice', ''), { ...compute, filename: '/src/a.hlsl', includeDirs: ['/inc'], virtualFiles: { '/inc/vk/spirv.h': userSpirvH } }, ['vulkan1.3']);
    expect(disassembleSpirv(ok.spirv)).toMatch(/OpConstant %uint 7\b/);
  });

  it('is found by an angled include only, as in DXC; a quoted one says so', () => {
    const r = errors('#include "vk/spirv.h"\n[numthreads(1,1,1)] void main() {}', { ...compute, filename: '/src/a.hlsl' });
    expect(r).toEqual([`1:10 'vk/spirv.h' file not found (searched /src/vk/spirv.h; the built-in 'vk/spirv.h' is found by #include <vk/spirv.h>)`]);
    // A quoted include of a file next to the shader still wins over nothing else.
    const own = compile('#include "vk/spirv.h"\n[numthreads(1,1,1)] void main() {}', { ...compute, filename: '/src/a.hlsl', virtualFiles: { '/src/vk/spirv.h': userSpirvH } });
    expect(own.files).toEqual(['/src/a.hlsl', '/src/vk/spirv.h']);
  });

  it('provides the cooperative matrix header, which needs SPIR-V 1.6 as DXC\'s does', () => {
    // Default target (vulkan1.0, SPIR-V 1.0): the header's own #error (its use: cooperative-matrix.test.ts).
    expect(errors('#include <vk/khr/cooperative_matrix.h>\n[numthreads(1,1,1)] void main() {}')).toEqual(['6:2 "CooperativeMatrix requires a minimum of SPIR-V 1.6"']);
    const r = compile('#include <vk/khr/cooperative_matrix.h>\n[numthreads(1,1,1)] void main() {}', { ...compute, targetEnv: 'vulkan1.3' });
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(r.success).toBe(true);
  });
});

describe('templates the headers use', () => {
  it('instantiates an explicit specialization for its arguments and the primary template otherwise', () => {
    const spv = text(`
      template <class T> struct Size { static const uint value = 0; };
      template <> struct Size<float> { static const uint value = 4; };
      template <> struct Size<double> { static const uint value = 8; };
      typedef float Real;
      RWStructuredBuffer<uint> o;
      [numthreads(1, 1, 1)] void main() { o[0] = Size<Real>::value * 100 + Size<double>::value * 10 + Size<int>::value; }`);
    expect(spv).toMatch(/OpConstant %uint 480\b/);
  });

  it('specializes a template of a bool parameter for false', () => {
    const spv = text(`
      template <bool B> struct Flag { static const bool value = B; static const uint bits = 1; };
      template <> struct Flag<false> { static const bool value = false; static const uint bits = 2; };
      RWStructuredBuffer<uint> o;
      [numthreads(1, 1, 1)] void main() { o[0] = Flag<true>::bits * 10 + Flag<false>::bits + (Flag<true>::value ? 100 : 0); }`);
    expect(spv).toMatch(/OpConstant %uint 12\b/); // bits: 1 for true, 2 for false
    expect(spv).toMatch(/OpSelect %int %true %int_100/); // Flag<true>::value
  });

  it('reports a forward-declared template without a matching specialization, and misplaced specializations', () => {
    expect(errors('template <class T> class S;\ntemplate <> class S<int> { int v; };\n[numthreads(1, 1, 1)] void main() { S<int> a; S<float> b; }')).toEqual([
      "3:47 implicit instantiation of undefined template 'S<float>' (the template is only declared, and no explicit specialization matches)",
    ]);
    expect(errors('struct T {};\ntemplate <> struct T<int> {};\n[numthreads(1, 1, 1)] void main() {}')).toEqual(["2:13 explicit specialization of 'T', which is not a struct or class template"]);
    expect(errors('template <class X> struct T {};\ntemplate <> struct T<int> {};\ntemplate <> struct T<int> {};\n[numthreads(1, 1, 1)] void main() {}')).toEqual(["3:13 redefinition of 'T' for these template arguments"]);
    // Two partial specializations that both match: the more specialized one is not chosen, it is an error.
    expect(errors('template <class A, class B> struct P;\ntemplate <class A> struct P<A, int> {};\ntemplate <class B> struct P<float, B> {};\n[numthreads(1, 1, 1)] void main() { P<float, int> p; P<int, int> q; }')).toEqual([
      "4:37 ambiguous partial specializations of 'P' for these arguments (2 match)",
    ]);
    // Variable templates are constants only.
    expect(errors('template <class T> static T counter_v = 0;\nRWStructuredBuffer<float> o;\n[numthreads(1, 1, 1)] void main() { o[0] = counter_v<float>; }')).toEqual([
      "1:29 variable template 'counter_v' is supported only as a constant: declare it 'static const' with a constant initializer",
    ]);
  });

  it('completes a forward-declared template with its later definition', () => {
    const spv = text(`
      template <class T> struct Box;
      template <class T> struct Box { T v; };
      RWStructuredBuffer<float> o;
      [numthreads(1, 1, 1)] void main() { Box<float> b; b.v = o[1]; o[0] = b.v; }`);
    expect(spv).toContain('OpStore');
  });

  it('resolves an alias template per argument list', () => {
    const spv = text(`
      template <typename T, int N> using Vec = vector<T, N>;
      RWStructuredBuffer<Vec<float, 3> > o;
      [numthreads(1, 1, 1)] void main() { Vec<int, 2> v = int2(1, 2); o[0] = float3(v, 3); }`);
    expect(spv).toMatch(/OpTypeRuntimeArray %v3float/);
  });

  it('resolves explicit template arguments where the call is written (a caller template parameter)', () => {
    const spv = text(`
      template <typename R, typename A> R castTo(A a) { return (R)a; }
      template <typename R, typename A> R twice(A a) { return castTo<R>(a) * 2; }
      RWStructuredBuffer<int> i; RWStructuredBuffer<float> f;
      [numthreads(1, 1, 1)] void main() { f[0] = twice<float>(i[0]); }`);
    expect(spv).toMatch(/OpConvertSToF %float/);
  });
});
