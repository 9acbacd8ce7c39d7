// Inline SPIR-V types (vk::SpirvType, vk::SpirvOpaqueType, vk::ext_type), decorations
// ([[vk::ext_decorate]], _string, _id) and capability/extension attributes on declarations: the
// SPIR-V DXC's CodeGenSPIRV/inline-spirv tests check for, valid under each target env, and the
// diagnostics for what is refused. Execution: inline-spirv-types-gpu.test.ts.
import { describe, expect, it } from 'vitest';
import { compile, type CompileOptions } from '../../../compiler/index.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

const pixel: CompileOptions = { entryPoints: [{ name: 'main', stage: 'pixel' }], optimizationLevel: 0 };
const compute: CompileOptions = { entryPoints: [{ name: 'main', stage: 'compute' }], optimizationLevel: 0 };
const UINT8 = 'vk::SpirvType</* OpTypeInt */ 21, 1, 1, vk::Literal<vk::integral_constant<uint, 8> >, vk::Literal<vk::integral_constant<bool, false> > >';
const text = (source: string, options = pixel, envs = ['vulkan1.1', 'vulkan1.2']) => disassembleSpirv(compileValid(source, options, envs).spirv);
const errors = (source: string, options: CompileOptions = pixel) =>
  compile(source, options).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.column} ${d.message}`);

describe('inline SPIR-V types', () => {
  it('declares the instruction as written, once per type, with constant and literal operands', () => {
    const spv = text(`
      typedef vk::SpirvOpaqueType</* OpTypeArray */ 28, Texture2D, vk::integral_constant<uint, 4> > ArrayTex2D;
      using uint8_t [[vk::ext_capability(/* Int8 */ 39)]] = ${UINT8};
      void main() { ArrayTex2D image; uint8_t byte; uint8_t byte1; uint8_t bytes[4]; }`);
    expect(spv).toMatch(/%spirvIntrinsicType = OpTypeArray %\w+ %uint_4/);
    expect(spv).toMatch(/%spirvIntrinsicType_0 = OpTypeInt 8 0/);
    expect(spv).toContain('OpCapability Int8');
    expect(spv).toMatch(/%byte = OpVariable %_ptr_Function_spirvIntrinsicType_0 Function/);
    expect(spv).toMatch(/%byte1 = OpVariable %_ptr_Function_spirvIntrinsicType_0 Function/);
    expect(spv).toMatch(/%bytes = OpVariable %_ptr_Function__arr_spirvIntrinsicType_0_uint_4 Function/);
  });

  it('lays a SpirvType out in buffers with its size and alignment (DXC offsets)', () => {
    const spv = text(`
      typedef vk::SpirvType<21, 1, 1, vk::Literal<vk::integral_constant<uint, 8> >, vk::Literal<vk::integral_constant<bool, false> > > type1;
      typedef vk::SpirvType<21, 1, 32, vk::Literal<vk::integral_constant<uint, 8> >, vk::Literal<vk::integral_constant<bool, false> > > type2;
      typedef vk::SpirvType<21, 32, 1, vk::Literal<vk::integral_constant<uint, 8> >, vk::Literal<vk::integral_constant<bool, false> > > type3;
      type1 a; type1 a_arr[3]; type2 b; type2 b_arr[3]; type3 c; type3 c_arr[3]; int end;
      [[vk::ext_capability(/* Int8 */ 39)]] void main() {}`);
    const offsets = [...spv.matchAll(/OpMemberDecorate %type__Globals (\d) Offset (\d+)/g)].map((m) => Number(m[2]));
    expect(offsets).toEqual([0, 16, 64, 96, 192, 224, 320]);
    expect(spv).toMatch(/OpDecorate %_arr_spirvIntrinsicType_uint_3 ArrayStride 16/);
    expect(spv).toMatch(/OpDecorate %_arr_spirvIntrinsicType_uint_3_0 ArrayStride 32/);
  });

  it('shares the compiler\'s own type where the shape is the same, and puts constant instructions at module scope', () => {
    const spv = text(`
      using Word = vk::SpirvType<21, 4, 4, vk::Literal<vk::integral_constant<uint, 32> >, vk::Literal<vk::integral_constant<bool, false> > >;
      using uint8_t [[vk::ext_capability(39)]] = ${UINT8};
      [[vk::ext_instruction(/* OpConstant */ 43)]] uint8_t byteConstant([[vk::ext_literal]] int v);
      static const uint8_t K = byteConstant(42);
      RWStructuredBuffer<Word> o;
      [numthreads(1, 1, 1)] void main() { o[0] = o[1]; uint8_t k = K; }`, compute);
    expect(spv.match(/OpTypeInt 32 0/g)?.length).toBe(1);
    expect(spv).toMatch(/OpConstant %spirvIntrinsicType 42/);
  });

  it('defines vk::ext_type<N> by calling its ext_type_def function', () => {
    const spv = text(`
      [[vk::ext_type_def(0, /* OpTypeInt */ 21)]] void createTypeInt([[vk::ext_literal]] int sizeInBits, [[vk::ext_literal]] int signedness);
      [[vk::ext_type_def(1, /* OpTypeVector */ 23)]] void createTypeVector([[vk::ext_reference]] vk::ext_type<0> typeInt, [[vk::ext_literal]] int componentCount);
      static vk::ext_type<0> foo1;
      float main() : SV_Target {
        createTypeInt(32, 0);
        createTypeVector(foo1, 4);
        vk::ext_type<1> foo2;
        return 0.0;
      }`);
    expect(spv).toMatch(/%foo2 = OpVariable %_ptr_Function_v4uint Function/);
    expect(errors(`static vk::ext_type<5> x; void main() {}`)).toEqual(["1:8 'vk::ext_type<5>' is used, but no 'vk::ext_type_def(5, …)' function is called to define it"]);
  });

  it('declares a PhysicalStorageBuffer pointer type with the addressing model it needs', () => {
    const spv = text(`
      struct S { [[vk::ext_decorate(/* Offset */ 35, 0)]] float4 f1; [[vk::ext_decorate(35, 16)]] float4 f2; };
      using PointerType = vk::SpirvOpaqueType</* OpTypePointer */ 32, vk::Literal<vk::integral_constant<uint, 5349> >, S>;
      template <class T, class U> [[vk::ext_instruction(/* OpBitcast */ 124)]] T Bitcast(U);
      [[vk::ext_capability(/* PhysicalStorageBufferAddresses */ 5347)]] [[vk::ext_instruction(/* OpLoad */ 61)]]
      S Load(PointerType pointer, [[vk::ext_literal]] uint32_t aligned = 2, [[vk::ext_literal]] uint32_t alignment = 32);
      uint64_t address;
      float4 main() : SV_Target { PointerType ptr = Bitcast<PointerType>(address); return Load(ptr).f2; }`);
    expect(spv).toContain('OpMemoryModel PhysicalStorageBuffer64 GLSL450');
    expect(spv).toMatch(/OpMemberDecorate %S 1 Offset 16/);
    expect(spv).toMatch(/OpBitcast %spirvIntrinsicType %/);
    expect(spv).toMatch(/OpLoad %S %\d+ Aligned 32/);
    expect(spv).toMatch(/OpDecorate %ptr AliasedPointer/);
  });

  it('binds a [[vk::ext_storage_class(UniformConstant)]] global of an opaque type like a resource', () => {
    const r = compileValid(`
      using A = vk::SpirvOpaqueType</* OpTypeAccelerationStructureKHR */ 5341>;
      using RA [[vk::ext_capability(/* RuntimeDescriptorArray */ 5302)]] = vk::SpirvOpaqueType</* OpTypeRuntimeArray */ 29, A>;
      [[vk::ext_storage_class(/* UniformConstant */ 0)]] RA MyScene;
      [numthreads(1, 1, 1)] void main() {}`, compute, ['vulkan1.2', 'vulkan1.3']);
    const spv = disassembleSpirv(r.spirv);
    expect(spv).toContain('OpCapability RayQueryKHR');
    expect(spv).toMatch(/%spirvIntrinsicType = OpTypeRuntimeArray %accelerationStructureNV/);
    expect(spv).toMatch(/%MyScene = OpVariable %_ptr_UniformConstant_spirvIntrinsicType UniformConstant/);
    expect(spv).toMatch(/OpDecorate %MyScene Binding 0/);
    expect(errors(`using I = vk::SpirvType<21, 4, 4, vk::Literal<vk::integral_constant<uint, 32> >, vk::Literal<vk::integral_constant<uint, 0> > >;\n[[vk::ext_storage_class(6)]] static I x;\nvoid main() {}`)).toEqual([
      "2:3 'vk::ext_storage_class' on a static variable is not supported: only a global of an opaque inline SPIR-V type may name its storage class",
    ]);
  });

  it('holds vk::ext_result_id<T> as a T', () => {
    const spv = text(`
      [[vk::ext_instruction(/* OpLoad */ 61)]] vk::ext_result_id<float> load([[vk::ext_reference]] float pointer, [[vk::ext_literal]] int memoryOperands);
      [[vk::ext_instruction(/* OpStore */ 62)]] void store([[vk::ext_reference]] float pointer, vk::ext_result_id<float> value, [[vk::ext_literal]] int memoryOperands);
      [numthreads(1, 1, 1)] void main() { float foo, bar; vk::ext_result_id<float> v = load(foo, 0); store(bar, v, /* Volatile */ 1); }`, compute);
    expect(spv).toMatch(/OpLoad %float %foo None/);
    expect(spv).toMatch(/OpStore %bar %\d+ Volatile/);
  });

  it('refuses malformed operands', () => {
    expect(errors(`typedef vk::SpirvOpaqueType<28, Texture2D, vk::Literal<bool> > Invalid;\nvoid main() {}`)).toEqual([
      '1:44 The template argument to vk::Literal must be a vk::integral_constant',
    ]);
    expect(errors(`typedef vk::SpirvOpaqueType<28, Texture2D, 4> Invalid;\nvoid main() {}`)).toEqual([
      '1:44 the operands of \'vk::SpirvOpaqueType\' are types: write a constant as vk::integral_constant<T, V> or vk::Literal<vk::integral_constant<T, V>>',
    ]);
    expect(errors(`using O = vk::SpirvOpaqueType<5341>;\nO scene;\nvoid main() {}`)).toEqual([
      "2:3 global 'scene' has the opaque inline SPIR-V type 'vk::SpirvOpaqueType<5341>', which a uniform buffer cannot hold: make it static or groupshared",
    ]);
  });
});

describe('capabilities and extensions on declarations', () => {
  it('are declared when the typedef, variable or member is part of the module, not otherwise', () => {
    const used = text(`
      [[vk::ext_capability(/* Int8 */ 39)]] typedef ${UINT8} uint8_t;
      [[vk::ext_capability(/* SampleMaskPostDepthCoverage */ 4447)]] static uint8_t val;
      float4 main() : SV_Target { uint8_t v = val; return 0; }`);
    expect(used).toContain('OpCapability Int8');
    expect(used).toContain('OpCapability SampleMaskPostDepthCoverage');
    expect(used).toContain('OpExtension "SPV_KHR_post_depth_coverage"');
    const unused = text(`
      using uint8_t [[vk::ext_capability(39), vk::ext_extension("ext_on_type")]] = ${UINT8};
      struct T { [[vk::ext_extension("ext_on_field")]] [[vk::ext_capability(/* StorageBuffer8BitAccess */ 4448)]] int v; };
      void main() {}`);
    expect(unused).not.toMatch(/Int8|ext_on_type|ext_on_field|StorageBuffer8BitAccess/);
  });

  it('refuses an extension the module\'s SPIR-V version cannot have', () => {
    expect(errors(`[[vk::ext_capability(/* WorkgroupMemoryExplicitLayoutKHR */ 4428)]] void main() {}`)).toEqual([
      '1:1 SPV_KHR_workgroup_memory_explicit_layout requires SPIR-V 1.4 or later, but the module is SPIR-V 1.0: choose a later -fspv-target-env',
    ]);
  });
});

describe('inline SPIR-V decorations', () => {
  it('decorate functions, parameters, locals, globals and struct members', () => {
    const spv = text(`
      struct S { [[vk::ext_decorate(/* RelaxedPrecision */ 0)]] float a; float b; };
      [[vk::ext_decorate(/* Restrict */ 19)]] RWStructuredBuffer<float> buf;
      [[vk::ext_decorate(/* RelaxedPrecision */ 0)]] [noinline] float twice(float x) { return x * 2; }
      void add([[vk::ext_decorate(/* Aliased */ 20)]] inout float a, [[vk::ext_decorate(20)]] inout float b) { a += 1; b += 2; }
      [numthreads(1, 1, 1)] void main() {
        [[vk::ext_decorate(20)]] float x = 43.0;
        [[vk::ext_decorate_id(/* UniformId */ 27, /* Subgroup */ 3)]] int bar = 1;
        add(x, x);
        S s = { 1, 2 };
        buf[0] = twice(x) + s.a + bar;
      }`, compute, ['vulkan1.3']);
    expect(spv).toMatch(/OpMemberDecorate %S 0 RelaxedPrecision/);
    expect(spv).toMatch(/OpDecorate %buf Restrict/);
    expect(spv).toMatch(/OpDecorate %twice RelaxedPrecision/);
    expect(spv).toMatch(/OpDecorate %a Aliased/);
    expect(spv).toMatch(/OpDecorate %b Aliased/);
    expect(spv).toMatch(/OpDecorate %x_0 Aliased/); // the local x (the parameter of twice is %x)
    expect(spv).toMatch(/OpDecorateId %bar UniformId %int_3/);
  });

  it('take a written Location as the stage variable\'s location, as vk::location', () => {
    const spv = text(`[[vk::ext_decorate(/* Location */ 30, 5)]]
      float4 main([[vk::ext_decorate(30, 3)]] float4 c : COLOR, [[vk::ext_decorate(/* Centroid */ 16)]] float4 d : TEXCOORD) : SV_Target { return c + d; }`);
    expect(spv).toMatch(/OpDecorate %in_var_COLOR Location 3\n/);
    expect(spv).toMatch(/OpDecorate %in_var_TEXCOORD Location 0\n/);
    expect(spv).toMatch(/OpDecorate %in_var_TEXCOORD Centroid/);
    expect(spv).toMatch(/OpDecorate %out_var_SV_Target Location 5\n/);
    expect(spv.match(/Location/g)?.length).toBe(3);
  });

  it('decorate the stage variables of entry parameters, results and stage struct members', () => {
    const spv = text(`
      struct PixelOutput { [[vk::location(0), vk::ext_decorate_string(/* UserSemantic */ 5635, "raster_order_group_0")]] float4 rt0 : SV_TARGET; };
      PixelOutput main([[vk::ext_decorate(/* Flat */ 14)]] float2 b0 : COLOR0) { PixelOutput o; o.rt0 = b0.xyxy; return o; }`);
    expect(spv).toMatch(/OpDecorateString %out_var_SV_TARGET UserSemantic "raster_order_group_0"/);
    expect(spv).toContain('OpExtension "SPV_GOOGLE_hlsl_functionality1"');
    expect(spv).toMatch(/OpDecorate %in_var_COLOR0 Flat/);
  });

  it('refuses what has no SPIR-V form or is not supported yet', () => {
    expect(errors(`[[vk::ext_decorate_string(5636, "myType")]] uint f(uint x) { return x; }\n[[vk::ext_decorate_id(27, 13)]] uint g(uint x) { return x; }\nRWStructuredBuffer<uint> buf;\n[numthreads(1, 1, 1)] void main() { buf[0] = f(1) + g(2); }`, compute)).toEqual([
      '1:3 vk::ext_decorate_string is not supported on functions',
      '2:3 vk::ext_decorate_id is not supported on functions',
    ]);
    expect(errors(`struct S { [[vk::ext_decorate_id(27, 13)]] int a; };\nvoid main() { S s; }`)).toEqual([
      '1:14 vk::ext_decorate_id is not supported on struct members (SPIR-V has no OpMemberDecorateId)',
    ]);
    expect(errors(`int f() { return 3; }\nvoid main() { [[vk::ext_decorate_id(46, f())]] int x = 1; }`)).toEqual(["2:41 the operands of 'vk::ext_decorate_id' must be compile-time constants: OpDecorateId takes ids of constant instructions (DXC passes a run-time value's id, e.g. a call's result, relying on -Vd)"]);
    expect(errors(`[[vk::ext_decorate(/* BuiltIn */ 11, /* FragStencilRefEXT */ 5014)]] int main() : SV_Target0 { return 3; }`)).toEqual([
      "1:74 vk::ext_decorate(BuiltIn) on the stage variable of 'SV_Target0' is not supported yet: use vk::location or vk::builtin",
    ]);
  });

  it('the WGSL target refuses decorations and inline types where they are written', () => {
    const wgsl = (source: string) => errors(source, { ...compute, target: 'wgsl' });
    expect(wgsl(`RWStructuredBuffer<uint> o;\n[numthreads(1, 1, 1)] void main() {\n  [[vk::ext_decorate(0)]] uint x = 1;\n  o[0] = x;\n}`)).toEqual([
      '3:5 the SPIR-V decoration 0 ([[vk::ext_decorate]]) is not supported by the WGSL target (WGSL has no inline SPIR-V)',
    ]);
    expect(wgsl(`using Word = vk::SpirvType<21, 4, 4, vk::Literal<vk::integral_constant<uint, 32> >, vk::Literal<vk::integral_constant<bool, false> > >;\nRWStructuredBuffer<Word> o;\n[numthreads(1, 1, 1)] void main() { o[0] = o[1]; }`)).toEqual([
      "1:14 the inline SPIR-V type 'vk::SpirvType<21, 4, 4, vk::Literal<32>, vk::Literal<0>>' is not supported by the WGSL target (WGSL has no inline SPIR-V)",
    ]);
    expect(wgsl(`struct S { [[vk::ext_capability(39)]] uint a; };\nRWStructuredBuffer<S> o;\n[numthreads(1, 1, 1)] void main() { o[0] = o[1]; }`)).toEqual([
      '1:14 a SPIR-V capability or extension request ([[vk::ext_capability]], [[vk::ext_extension]]) is not supported by the WGSL target (WGSL has no inline SPIR-V)',
    ]);
    // Execution modes, called or declared: refused where written, never dropped.
    expect(wgsl(`RWStructuredBuffer<uint> o;\n[numthreads(1, 1, 1)] void main() {\n  vk::ext_execution_mode(4446);\n  o[0] = 1;\n}`)).toEqual([
      '3:3 the SPIR-V execution mode 4446 (vk::ext_execution_mode, [[vk::spvexecutionmode]]) is not supported by the WGSL target (WGSL has no inline SPIR-V)',
    ]);
    expect(wgsl(`RWStructuredBuffer<uint> o;\n[[vk::spvexecutionmode(4446)]]\n[numthreads(1, 1, 1)] void main() { o[0] = 1; }`)).toEqual([
      '2:3 the SPIR-V execution mode 4446 (vk::ext_execution_mode, [[vk::spvexecutionmode]]) is not supported by the WGSL target (WGSL has no inline SPIR-V)',
    ]);
  });
});
