// The built-in <vk/khr/cooperative_matrix.h> (compiler/headers/vk-khr-cooperative-matrix.ts): each
// operation of vk::khr::CooperativeMatrix is the SPV_KHR_cooperative_matrix instruction DXC's header
// gives it, the module declares CooperativeMatrixKHR and the Vulkan memory model as DXC's does, and
// every module passes spirv-val (SPIRV-Tools 2025.1) under vulkan1.3. Also the language the header
// needs: member aliases, `Alias::Load<Layout>(…)`, deduction through resources, alias templates and
// inline types, enum-typed value parameters, argument-dependent lookup. Execution: test/compiler/exec/
// cooperative-matrix.test.ts.
import { describe, expect, it } from 'vitest';
import { compile, type CompileOptions } from '../../../compiler/index.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

const compute: CompileOptions = { entryPoints: [{ name: 'main', stage: 'compute' }], hlslVersion: 2021 };
const text = (source: string, options = compute) => disassembleSpirv(compileValid(source, options, ['vulkan1.3']).spirv);
const errors = (source: string, options: CompileOptions) =>
  compile(source, options).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.file === '/input.hlsl' || !d.file ? '' : `${d.file}:`}${d.line}:${d.column} ${d.message}`);

/** A shader with `using M = …` over `type`, and `body` in main. */
const shader = (type: string, body: string, globals = '') => `
  #include <vk/khr/cooperative_matrix.h>
  RWStructuredBuffer<${type}> data;
  ${globals}
  [numthreads(64, 1, 1)] void main() {
    using A = vk::khr::CooperativeMatrixA<${type}, vk::ScopeSubgroup, 16, 8>;
    using B = vk::khr::CooperativeMatrixB<${type}, vk::ScopeSubgroup, 8, 16>;
    using C = vk::khr::CooperativeMatrixAccumulator<${type}, vk::ScopeSubgroup, 16, 16>;
    ${body}
  }`;

describe('<vk/khr/cooperative_matrix.h>', () => {
  it('declares the matrix type, its capability and extension, and the Vulkan memory model', () => {
    const spv = text(shader('float', 'A a = A::Load<vk::CooperativeMatrixLayoutRowMajorKHR>(data, 0, 8); a.Store<vk::CooperativeMatrixLayoutRowMajorKHR>(data, 128, 8);'));
    expect(spv).toMatch(/OpCapability CooperativeMatrixKHR/);
    expect(spv).toMatch(/OpCapability VulkanMemoryModel/);
    expect(spv).toMatch(/OpExtension "SPV_KHR_cooperative_matrix"/);
    expect(spv).toMatch(/OpMemoryModel Logical Vulkan/);
    // Component, scope (Subgroup = 3), rows, columns, use (MatrixA = 0) are the type's operands.
    expect(spv).toMatch(/OpTypeCooperativeMatrixKHR %float %uint_3 %uint_16 %uint_8 %uint_0/);
  });

  it('loads and stores with the layout, stride and memory operands written', () => {
    const spv = text(
      shader(
        'float',
        `A a = A::Load<vk::CooperativeMatrixLayoutColumnMajorKHR>(data, 4, 24);
         B b = B::Load<vk::MemoryAccessNontemporalMask, vk::CooperativeMatrixLayoutRowMajorKHR>(ro, 2, 40);
         a.Store<vk::CooperativeMatrixLayoutRowMajorKHR>(data, 64, 12);
         b.Store<vk::MemoryAccessNontemporalMask, vk::CooperativeMatrixLayoutColumnMajorKHR>(data, 256, 20);`,
        'StructuredBuffer<float> ro;',
      ),
    );
    expect(spv).toMatch(/OpCooperativeMatrixLoadKHR %spirvIntrinsicType\w* %\w+ %int_1 %uint_24 None/);
    // DXC's header ignores the memory operands of a read-only buffer's load: so does ours.
    expect(spv).toMatch(/OpCooperativeMatrixLoadKHR %spirvIntrinsicType\w* %\w+ %int_0 %uint_40 None/);
    expect(spv).toMatch(/OpCooperativeMatrixStoreKHR %\w+ %\w+ %int_0 %uint_12 None/);
    expect(spv).toMatch(/OpCooperativeMatrixStoreKHR %\w+ %\w+ %int_1 %uint_20 Nontemporal/);
    expect(spv).toMatch(/OpAccessChain %_ptr_StorageBuffer_float %ro %int_0 %uint_2/);
  });

  it('makes coherent and groupshared accesses available and visible at their scope', () => {
    const spv = text(
      shader(
        'float',
        `A a = A::CoherentLoad<vk::CooperativeMatrixLayoutRowMajorKHR>(coherent, 0, 8);
         a.Store<vk::CooperativeMatrixLayoutRowMajorKHR>(vk::GetGroupSharedAddress(tile[0]), 8);
         A b = A::Load<vk::CooperativeMatrixLayoutRowMajorKHR>(vk::GetGroupSharedAddress(tile[8]), 8);
         b.CoherentStore<vk::CooperativeMatrixLayoutColumnMajorKHR>(coherent, 128, 16);`,
        'globallycoherent RWStructuredBuffer<float> coherent; groupshared float tile[256];',
      ),
    );
    expect(spv).toMatch(/OpCooperativeMatrixLoadKHR %\w+ %\w+ %int_0 %uint_8 MakePointerVisible\|NonPrivatePointer %int_5/);
    expect(spv).toMatch(/OpCooperativeMatrixStoreKHR %\w+ %\w+ %int_0 %uint_8 MakePointerAvailable\|NonPrivatePointer %int_2/);
    expect(spv).toMatch(/OpCooperativeMatrixLoadKHR %\w+ %\w+ %int_0 %uint_8 MakePointerVisible\|NonPrivatePointer %int_2/);
    expect(spv).toMatch(/OpCooperativeMatrixStoreKHR %\w+ %\w+ %int_1 %uint_16 MakePointerAvailable\|NonPrivatePointer %int_5/);
    // vk::WorkgroupSpirvPointer<float> is the pointer type of an element of the groupshared array.
    expect(spv).toMatch(/OpAccessChain %spirvIntrinsicType\w* %tile %int_8/);
    expect(spv).toMatch(/%spirvIntrinsicType\w* = OpTypePointer Workgroup %float/);
    // The Vulkan memory model has no Coherent decoration: the accesses say it.
    expect(spv).not.toMatch(/Coherent/);
  });

  // [component, negate, add, sub, mul, div, needs 16-bit types]
  const arithmetic: [string, string, string, string, string, string, boolean][] = [
    ['float', 'OpFNegate', 'OpFAdd', 'OpFSub', 'OpFMul', 'OpFDiv', false],
    ['int', 'OpSNegate', 'OpIAdd', 'OpISub', 'OpIMul', 'OpSDiv', false],
    ['uint', 'OpSNegate', 'OpIAdd', 'OpISub', 'OpIMul', 'OpUDiv', false],
    ['int64_t', 'OpSNegate', 'OpIAdd', 'OpISub', 'OpIMul', 'OpSDiv', false],
    ['double', 'OpFNegate', 'OpFAdd', 'OpFSub', 'OpFMul', 'OpFDiv', false],
    ['half', 'OpFNegate', 'OpFAdd', 'OpFSub', 'OpFMul', 'OpFDiv', true],
    ['uint16_t', 'OpSNegate', 'OpIAdd', 'OpISub', 'OpIMul', 'OpUDiv', true],
  ];
  it.each(arithmetic)('computes on %s components with %s, %s, %s, %s, %s and OpMatrixTimesScalar', (type, neg, add, sub, mul, div, needs16) => {
    const spv = text(
      shader(type, `A a = A::Load<vk::CooperativeMatrixLayoutRowMajorKHR>(data, 0, 8), b = A::Splat(3);
        A r = (a + b) * b - a / b;
        r = r.negate() * (${type})2;
        r.Store<vk::CooperativeMatrixLayoutRowMajorKHR>(data, 0, 8);`),
      needs16 ? { ...compute, enable16BitTypes: true } : compute,
    );
    for (const op of [neg, add, sub, mul, div, 'OpMatrixTimesScalar']) expect(spv).toMatch(new RegExp(`= ${op} %spirvIntrinsicType`));
    expect(spv).toMatch(/= OpCompositeConstruct %spirvIntrinsicType\w* %\w+/); // Splat
  });

  it('multiplies and accumulates, with the signedness and saturation operands the components imply', () => {
    const mulAdd = (type: string, call: string) =>
      text(shader(type, `A a = A::Splat(1); B b = B::Splat(2); C c = C::Splat(3); C r = ${call}(a, b, c); r.Store<vk::CooperativeMatrixLayoutRowMajorKHR>(data, 0, 16);`));
    const all = 'MatrixASignedComponentsKHR|MatrixBSignedComponentsKHR|MatrixCSignedComponentsKHR|MatrixResultSignedComponentsKHR';
    // Found unqualified by argument-dependent lookup, as in DXC's test.
    expect(mulAdd('int', 'cooperativeMatrixMultiplyAdd')).toMatch(new RegExp(`OpCooperativeMatrixMulAddKHR %spirvIntrinsicType\\w* %\\w+ %\\w+ %\\w+ ${all.replace(/\|/g, '\\|')}\\n`));
    expect(mulAdd('int', 'vk::khr::cooperativeMatrixSaturatingMultiplyAdd')).toMatch(new RegExp(`${all.replace(/\|/g, '\\|')}\\|SaturatingAccumulationKHR`));
    expect(mulAdd('uint', 'cooperativeMatrixSaturatingMultiplyAdd')).toMatch(/OpCooperativeMatrixMulAddKHR %\w+ %\w+ %\w+ %\w+ SaturatingAccumulationKHR\n/);
    // Float components are not signed integers: no operand bits (DXC's header sets the signed bits here).
    expect(mulAdd('float', 'cooperativeMatrixMultiplyAdd')).toMatch(/OpCooperativeMatrixMulAddKHR %\w+ %\w+ %\w+ %\w+ NoneKHR\n/);
    // The accumulator is rows x columns of A's rows and B's columns.
    expect(mulAdd('float', 'cooperativeMatrixMultiplyAdd')).toMatch(/OpTypeCooperativeMatrixKHR %float %uint_3 %uint_16 %uint_16 %uint_2/);
  });

  it('refuses a multiply-add of mismatched shapes', () => {
    const source = shader('float', 'A a = A::Splat(1); A b = A::Splat(2); C c = C::Splat(3); C r = cooperativeMatrixMultiplyAdd(a, b, c);');
    expect(errors(source, { ...compute, targetEnv: 'vulkan1.3' })[0]).toMatch(/^9:68 no matching function for call to 'cooperativeMatrixMultiplyAdd/);
  });

  it('converts components with the instruction ConversionSelector picks', () => {
    const spv = text(shader('int', 'A a = A::Load<vk::CooperativeMatrixLayoutColumnMajorKHR>(data, 0, 16); vk::khr::CooperativeMatrixA<float, vk::ScopeSubgroup, 16, 8> f = a.cast<float>(); f.Store<vk::CooperativeMatrixLayoutRowMajorKHR>(data, 64, 8);'));
    expect(spv).toMatch(/= OpConvertSToF %spirvIntrinsicType\w* /);
    expect(spv).toMatch(/OpTypeCooperativeMatrixKHR %float %uint_3 %uint_16 %uint_8 %uint_0/);
  });

  it('reads and writes components through an access chain, bounded by OpCooperativeMatrixLengthKHR', () => {
    const spv = text(shader('int', 'C c = C::Splat(10); for (uint i = 0; i < c.GetLength(); ++i) c.Set(c.Get(i) + (int)i, i); c.Store<vk::CooperativeMatrixLayoutRowMajorKHR>(data, 0, 16);'));
    expect(spv).toMatch(/= OpCooperativeMatrixLengthKHR %uint %spirvIntrinsicType\w*\n/);
    expect(spv).toMatch(/= OpAccessChain %spirvIntrinsicType\w* %\w+ %\w+/);
    expect(spv).toMatch(/%spirvIntrinsicType\w* = OpTypePointer Function %int/);
    expect(spv).toMatch(/OpLoopMerge/);
  });

  it('needs SPIR-V 1.6 (vulkan1.3), as DXC\'s header says', () => {
    expect(errors(shader('float', ''), { ...compute, targetEnv: 'vulkan1.2' })).toEqual(['<built-in:hlsl>/vk/khr/cooperative_matrix.h:6:2 "CooperativeMatrix requires a minimum of SPIR-V 1.6"']);
  });

  it('is refused by the WGSL target at the line that names the matrix type', () => {
    const source = shader('float', 'A a = A::Splat(1); a.Store<vk::CooperativeMatrixLayoutRowMajorKHR>(data, 0, 8);');
    expect(errors(source, { ...compute, target: 'wgsl', targetEnv: 'vulkan1.3' })).toEqual([
      '6:15 the cooperative matrix (vk::khr::CooperativeMatrix, SPV_KHR_cooperative_matrix) is not supported by the WGSL target (WGSL has no cooperative matrices)',
    ]);
  });
});

describe('language the header needs', () => {
  it('calls a member function template after `.` and through an alias, with enum-typed value parameters', () => {
    const spv = text(`
      enum Mode { ModeAdd = 1, ModeMul = 2 };
      int apply(Mode m, int a, int b) { return m == ModeAdd ? a + b : a * b; }
      template <typename T> struct Acc {
        T v;
        template <Mode m, class U> void put(RWStructuredBuffer<U> d, uint i) { d[i] = apply(m, v, 3); }
        template <Mode m> static Acc make(T v) { Acc a; a.v = apply(m, v, 5); return a; }
      };
      RWStructuredBuffer<int> o;
      [numthreads(1, 1, 1)] void main() {
        using A = Acc<int>;
        A a = A::make<ModeMul>(2);
        a.put<ModeAdd>(o, 0);
      }`);
    expect(spv).toMatch(/OpConstant %int 13\b|OpIAdd %int/);
  });

  it('deduces through an alias template and a resource element type', () => {
    const spv = text(`
      template <typename T, uint N, uint K> struct Mat { T v; };
      template <typename T, uint N> using Row = Mat<T, N, 1>;
      template <typename T, uint N> T first(Row<T, N> r, RWStructuredBuffer<T> b) { return r.v + b[N]; }
      RWStructuredBuffer<float> o;
      [numthreads(1, 1, 1)] void main() { Row<float, 3> r; r.v = 1; o[0] = first(r, o); }`);
    expect(spv).toMatch(/OpAccessChain %_ptr_StorageBuffer_float %o %int_0 %uint_3/);
  });

  it("accepts C++'s `template` disambiguator after `::` and `.`, as DXC's own header writes calls", () => {
    const spv = text(`
      #include <vk/opcode_selector.h>
      RWStructuredBuffer<int4> i4; RWStructuredBuffer<float4> f4;
      template <class T> struct W { T v; template <class U> U as() { return (U)v; } };
      template <class F, class T> vector<T, 4> conv(vector<F, 4> x) { return vk::util::ConversionSelector<F, T>::template Convert<vector<T, 4> >(x); }
      [numthreads(1, 1, 1)] void main() { f4[0] = conv<int, float>(i4[0]); W<int> w; w.v = i4[1].x; f4[1].x = w.template as<float>(); }`);
    expect(spv.match(/= OpConvertSToF /g)?.length).toBe(2);
  });

  it('finds a namespace function by its struct arguments (argument-dependent lookup)', () => {
    const spv = text(`
      namespace geo { struct P { float x; }; float len(P p) { return abs(p.x); } }
      RWStructuredBuffer<float> o;
      [numthreads(1, 1, 1)] void main() { geo::P p; p.x = o[1]; o[0] = len(p); }`);
    expect(spv).toMatch(/FAbs/);
    expect(errors('namespace geo { struct P { float x; }; }\nfloat len(float v) { return v; }\nRWStructuredBuffer<float> o;\n[numthreads(1, 1, 1)] void main() { geo::P p; o[0] = lenx(p); }', compute)).toEqual([
      "4:54 use of undeclared identifier 'lenx'",
    ]);
  });
});
