// Mesh and amplification shaders as SPV_EXT_mesh_shader, checked against DXC's CodeGenSPIRV
// meshshading.ext.* expectations (execution modes, builtins, PerPrimitiveEXT, locations shared by
// vertex then primitive outputs, TaskPayloadWorkgroupEXT, OpSetMeshOutputsEXT/OpEmitMeshTasksEXT)
// and DXC's mesh-shading diagnostics (meshshading.nv.error*.hlsl, word for word where DXC has one);
// before SPIR-V 1.4 DXC's SPV_NV_mesh_shader form (meshshading.nv.*), checked by spirv-val only: no
// driver here runs NV mesh shaders.
// Every module passes spirv-val; exec/mesh-shading.test.ts runs the EXT form on Mesa 25 lavapipe.
import { describe, expect, it } from 'vitest';
import { compile, type CompileOptions } from '../../../compiler/index.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

// Structure as the manual maps it (unoptimised: names of locals and functions kept, no inlining).
const MESH = { entryPoints: [{ name: 'main', stage: 'mesh' as const }], optimizationLevel: 0 as const };
const AMPLIFICATION = { entryPoints: [{ name: 'main', stage: 'amplification' as const }] };
const MODERN = ['vulkan1.2', 'vulkan1.3'];

function errorsOf(source: string, options: CompileOptions): string[] {
  return compile(source, { targetEnv: 'vulkan1.2', ...options }).diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
}

const TRIANGLES = `
  struct MeshPerVertex {
    float4 position : SV_Position;
    [[vk::builtin("PointSize")]] float psize : PSIZE;
    float2 userVertAttr : USER;
    float4 userVertAttrArr[2] : USER_ARR;
    float4x4 userVertAttrMat : USER_MAT;
  };
  struct MeshPerPrimitive {
    int primId : SV_PrimitiveID;
    int layer : SV_RenderTargetArrayIndex;
    int vpIdx : SV_ViewportArrayIndex;
    bool cullPrim : SV_CullPrimitive;
    float3 userPrimAttr : PRIM_USER;
    float4 userPrimAttrArr[2] : PRIM_USER_ARR;
  };
  struct MeshPayload { float dummy[10]; float4 pos; };
  [outputtopology("triangle")]
  [numthreads(128, 1, 1)]
  void main(out vertices MeshPerVertex verts[64], out indices uint3 primitiveInd[81],
            out primitives MeshPerPrimitive prims[81], in payload MeshPayload pld,
            [[vk::builtin("DrawIndex")]] in int drawId : DRAW, in uint3 gtid : SV_GroupThreadID,
            in uint2 gid : SV_GroupID, in uint tid : SV_DispatchThreadID, in uint tig : SV_GroupIndex) {
    SetMeshOutputCounts(64, 81);
    verts[tid].position.x = 11.0;
    verts[tid].position.yw = float2(12.0, 14.0);
    verts[tid].psize = 50.0;
    verts[tid].userVertAttrArr[1] = float4(27.0, 28.0, 29.0, 30.0);
    verts[tid].userVertAttrMat[3] = float4(7.0, 8.0, 9.0, 10.0);
    MeshPerVertex vert = (MeshPerVertex)0;
    vert.position = pld.pos;
    verts[tid + 1] = vert;
    prims[tig].primId = 10;
    prims[tig].layer = drawId;
    prims[tig].cullPrim = true;
    prims[tig].userPrimAttr = float3(14.0, 15.0, 16.0);
    primitiveInd[4].yz = uint2(2, 3);
    primitiveInd[tid] = uint3(11, 12, 13);
  }`;

describe('mesh shaders (SPV_EXT_mesh_shader)', () => {
  const text = disassembleSpirv(compileValid(TRIANGLES, MESH, MODERN).spirv);

  it('declares the capability, extension, MeshEXT entry point and the manual execution modes', () => {
    expect(text).toMatch(/OpCapability MeshShadingEXT/);
    expect(text).toMatch(/OpExtension "SPV_EXT_mesh_shader"/);
    expect(text).toMatch(/OpEntryPoint MeshEXT %main "main"/);
    expect(text).toMatch(/OpExecutionMode %main LocalSize 128 1 1/);
    expect(text).toMatch(/OpExecutionMode %main OutputVertices 64/);
    // OutputPrimitivesEXT/OutputTrianglesEXT share their values with the NV names spirv-dis prints.
    expect(text).toMatch(/OpExecutionMode %main OutputPrimitives(EXT|NV) 81/);
    expect(text).toMatch(/OpExecutionMode %main OutputTriangles(EXT|NV)/);
  });

  it('gives each output member an Output array: builtins, PerPrimitiveEXT, locations as DXC numbers them', () => {
    expect(text).toMatch(/%gl_Position = OpVariable %_ptr_Output__arr_v4float_uint_64 Output/);
    expect(text).toMatch(/OpDecorate %gl_PointSize BuiltIn PointSize/);
    expect(text).toMatch(/OpDecorate %(\w+) BuiltIn PrimitiveTriangleIndicesEXT/);
    expect(text).toMatch(/= OpVariable %_ptr_Output__arr_v3uint_uint_81 Output/);
    for (const builtin of ['PrimitiveId', 'Layer', 'ViewportIndex', 'CullPrimitiveEXT']) {
      const id = new RegExp(`OpDecorate %(\\w+) BuiltIn ${builtin}\\b`).exec(text)?.[1];
      expect(id, builtin).toBeDefined();
      expect(text).toMatch(new RegExp(`OpDecorate %${id} PerPrimitive(EXT|NV)`));
    }
    expect(text).toMatch(/= OpVariable %_ptr_Output__arr_bool_uint_81 Output/); // SV_CullPrimitive stays bool
    // Locations run through the vertex outputs, then the primitive outputs (DXC: 0, 1, 3, 7, 8).
    expect(text).toMatch(/OpDecorate %out_var_USER Location 0/);
    expect(text).toMatch(/OpDecorate %out_var_USER_ARR Location 1/);
    expect(text).toMatch(/OpDecorate %out_var_USER_MAT Location 3/);
    expect(text).toMatch(/OpDecorate %out_var_PRIM_USER Location 7/);
    expect(text).toMatch(/OpDecorate %out_var_PRIM_USER_ARR Location 8/);
    expect(text).toMatch(/OpDecorate %out_var_PRIM_USER PerPrimitive(EXT|NV)/);
    expect(text).not.toMatch(/OpDecorate %out_var_USER PerPrimitive/);
  });

  it('writes outputs in place and reads the payload from TaskPayloadWorkgroupEXT', () => {
    expect(text).toMatch(/OpSetMeshOutputsEXT %uint_64 %uint_81/);
    expect(text).toMatch(/= OpAccessChain %_ptr_Output_v4float %gl_Position %\w+\n[^\n]*= OpAccessChain %_ptr_Output_float %\w+ %int_0\n\s*OpStore %\w+ %float_11/); // verts[tid].position.x
    expect(text).toMatch(/= OpVariable %_ptr_TaskPayloadWorkgroupEXT_MeshPayload TaskPayloadWorkgroupEXT/);
    expect(text).toMatch(/OpDecorate %\w+ BuiltIn DrawIndex/);
    // No copy-out after the entry function: the wrapper's last instructions are the call and return.
    expect(text).toMatch(/OpFunctionCall %void %src_main[^\n]*\n\s*OpReturn/);
  });

  it('decorates outputs with their interpolation modifiers, as DXC (spirv.interpolation.mesh.hlsl)', () => {
    const source = `
      struct MeshOutput { float4 pos : SV_POSITION; nointerpolation uint vertexIndex : VERTEX_INDEX; noperspective float2 uv : UV; };
      [outputtopology("triangle")] [numthreads(4, 1, 1)]
      void main(uint i : SV_GroupThreadID, out indices uint3 tris[2], out vertices MeshOutput verts[4]) {
        SetMeshOutputCounts(4, 2);
        verts[i].pos = float4(0, 0, 0, 1); verts[i].vertexIndex = i; verts[i].uv = float2(i, 0);
      }`;
    for (const env of ['vulkan1.0', 'vulkan1.2'] as const) {
      const text = disassembleSpirv(compileValid(source, { ...MESH, targetEnv: env }, [env]).spirv);
      expect(text).toMatch(/OpDecorate %out_var_VERTEX_INDEX Flat/);
      expect(text).toMatch(/OpDecorate %out_var_UV NoPerspective/);
    }
  });

  it('packs SV_ClipDistance/SV_CullDistance members into one float array per vertex, by semantic index (DXC: offset + k)', () => {
    const source = `
      struct V {
        float4 position : SV_Position;
        float3 clipdis4 : SV_ClipDistance4;
        float  culldis5 : SV_CullDistance5;
        float2 clipdis3 : SV_ClipDistance3;
        float2 culldis6 : SV_CullDistance6;
      };
      [outputtopology("triangle")] [numthreads(64, 1, 1)]
      void main(uint tid : SV_GroupIndex, out vertices V verts[64], out indices uint3 tris[81]) {
        SetMeshOutputCounts(64, 81);
        verts[tid].clipdis4.yxz = float3(0.0, 1.0, 2.0);
        verts[tid].clipdis3 = float2(11.0, 12.0);
        verts[tid].culldis6.y = 14.0;
      }`;
    for (const env of ['vulkan1.0', 'vulkan1.2'] as const) {
      const text = disassembleSpirv(compileValid(source, { ...MESH, targetEnv: env }, [env]).spirv);
      expect(text).toMatch(/%gl_ClipDistance = OpVariable %_ptr_Output__arr__arr_float_uint_5_uint_64 Output/);
      expect(text).toMatch(/%gl_CullDistance = OpVariable %_ptr_Output__arr__arr_float_uint_3_uint_64 Output/);
      // clipdis4 follows clipdis3 (index 3 before 4): its .y is element 2 + 1; culldis6 follows culldis5: .y is 1 + 1.
      expect(text).toMatch(/OpIAdd %uint %uint_2 %u?int_1\n\s*%\w+ = OpAccessChain %_ptr_Output_float %gl_ClipDistance/);
      expect(text).toMatch(/OpIAdd %uint %uint_1 %u?int_1\n\s*%\w+ = OpAccessChain %_ptr_Output_float %gl_CullDistance/);
    }
  });

  it('writes ViewportMaskNV per primitive under SPV_NV_mesh_shader only', () => {
    const source = `
      struct V { float4 p : SV_Position; };
      struct P { [[vk::builtin("ViewportMaskNV")]] int mask[1] : VMASK; };
      [outputtopology("triangle")] [numthreads(1, 1, 1)]
      void main(out vertices V verts[3], out indices uint3 tris[1], out primitives P prims[1]) {
        SetMeshOutputCounts(3, 1);
        prims[0].mask[0] = 32;
      }`;
    const text = disassembleSpirv(compileValid(source, { ...MESH, targetEnv: 'vulkan1.0' }, ['vulkan1.0']).spirv);
    expect(text).toMatch(/%gl_ViewportMaskNV = OpVariable %_ptr_Output__arr__arr_int_uint_1_uint_1 Output/);
    expect(text).toMatch(/OpDecorate %gl_ViewportMaskNV PerPrimitive(NV|EXT)/);
    const errors = errorsOf(source, { ...MESH, targetEnv: 'vulkan1.2' });
    expect(errors.some((e) => e.includes("is SPV_NV_mesh_shader's (SPIR-V before 1.4), not SPV_EXT_mesh_shader's")), errors.join('\n')).toBe(true);
  });

  it('maps line and point topologies to their execution modes and index builtins', () => {
    const source = (topology: string, index: string) => `
      struct V { float4 p : SV_Position; };
      [outputtopology("${topology}")] [numthreads(2, 1, 1)]
      void main(uint i : SV_GroupIndex, out vertices V v[4], out indices ${index} prims[3]) {
        SetMeshOutputCounts(4, 3);
        v[i].p = float4(i, 0, 0, 1);
        prims[i] = (${index})i;
      }`;
    const lines = disassembleSpirv(compileValid(source('line', 'uint2'), MESH, MODERN).spirv);
    expect(lines).toMatch(/OpExecutionMode %main OutputLines(EXT|NV)/);
    expect(lines).toMatch(/BuiltIn PrimitiveLineIndicesEXT/);
    const points = disassembleSpirv(compileValid(source('point', 'uint'), MESH, MODERN).spirv);
    expect(points).toMatch(/OpExecutionMode %main OutputPoints/);
    expect(points).toMatch(/BuiltIn PrimitivePointIndicesEXT/);
  });
});

describe('amplification shaders', () => {
  it('moves the DispatchMesh payload to TaskPayloadWorkgroupEXT and ends with OpEmitMeshTasksEXT', () => {
    const source = `
      struct MeshPayload { float dummy[10]; float4 pos; };
      groupshared MeshPayload pld;
      groupshared uint scratch;
      [numthreads(128, 1, 1)]
      void main([[vk::builtin("DrawIndex")]] in int drawId : DRAW, in uint3 gtid : SV_GroupThreadID, in uint tig : SV_GroupIndex) {
        scratch = tig;
        pld.pos = float4(gtid.x, scratch, 0, 1);
        DispatchMesh(128, drawId, drawId, pld);
      }`;
    const text = disassembleSpirv(compileValid(source, AMPLIFICATION, MODERN).spirv);
    expect(text).toMatch(/OpEntryPoint TaskEXT %main "main"[^\n]*%pld/);
    expect(text).toMatch(/%pld = OpVariable %_ptr_TaskPayloadWorkgroupEXT_MeshPayload TaskPayloadWorkgroupEXT/);
    expect(text).toMatch(/%scratch = OpVariable %_ptr_Workgroup_uint Workgroup/);
    expect(text).toMatch(/OpControlBarrier %uint_2 %uint_2 %uint_264\n\s*OpEmitMeshTasksEXT %uint_128 %\w+ %\w+ %pld/);
  });
});

describe('SPV_NV_mesh_shader before SPIR-V 1.4 (DXC\'s choice for vulkan1.0 and vulkan1.1)', () => {
  const LEGACY = ['vulkan1.0', 'vulkan1.1'];

  it('writes a flat PrimitiveIndicesNV array, PrimitiveCountNV and reads the payload from PerTaskNV inputs', () => {
    const source = `
      struct V { float4 p : SV_Position; };
      struct P { uint id : SV_PrimitiveID; };
      struct MeshPayload { float dummy[10]; float4 pos; };
      [outputtopology("triangle")] [numthreads(4, 1, 1)]
      void main(uint i : SV_GroupIndex, in payload MeshPayload pld, out vertices V verts[8], out indices uint3 tris[4], out primitives P prims[4]) {
        SetMeshOutputCounts(8, 4);
        verts[i].p = pld.pos;
        tris[i] = uint3(0, 1, 2) + i;
        tris[i].yz = uint2(5, 6);
        prims[i].id = i;
      }`;
    const text = disassembleSpirv(compileValid(source, { ...MESH, targetEnv: 'vulkan1.0' }, LEGACY).spirv);
    expect(text).toMatch(/OpCapability MeshShadingNV/);
    expect(text).toMatch(/OpExtension "SPV_NV_mesh_shader"/);
    expect(text).toMatch(/OpEntryPoint MeshNV %main/);
    expect(text).toMatch(/%gl_PrimitiveIndicesNV = OpVariable %_ptr_Output__arr_uint_uint_12 Output/);
    expect(text).toMatch(/OpStore %gl_PrimitiveCountNV %uint_4/);
    // tris[i].z: component 2 of element i is i * 3 + 2, as DXC computes it.
    expect(text).toMatch(/OpIMul %uint %\w+ %uint_3\n\s*%\w+ = OpIAdd %uint %\w+ %int_2\n\s*%\w+ = OpAccessChain %_ptr_Output_uint %gl_PrimitiveIndicesNV/);
    expect(text).toMatch(/OpDecorate %in_var_dummy PerTaskNV/);
    expect(text).toMatch(/OpDecorate %in_var_dummy Offset 0/);
    expect(text).toMatch(/OpDecorate %in_var_pos Offset 48/);
    expect(text).toMatch(/OpDecorate %gl_PrimitiveId PerPrimitive(NV|EXT)/);
  });

  it('copies the groupshared payload to PerTaskNV outputs and writes TaskCountNV in DispatchMesh', () => {
    const source = `
      struct MeshPayload { float dummy[10]; float4 pos; };
      groupshared MeshPayload pld;
      [numthreads(8, 1, 1)]
      void main(uint i : SV_GroupIndex) {
        pld.pos = float4(i, 0, 0, 1);
        DispatchMesh(8, 2, 1, pld);
      }`;
    const text = disassembleSpirv(compileValid(source, { ...AMPLIFICATION, targetEnv: 'vulkan1.0' }, LEGACY).spirv);
    const taskCount = /OpDecorate (%\w+) BuiltIn TaskCountNV/.exec(text)![1]!;
    expect(text).toMatch(new RegExp(`OpEntryPoint TaskNV %main "main"[^\\n]*%out_var_dummy %out_var_pos ${taskCount}`));
    expect(text).toMatch(/%pld = OpVariable %_ptr_Workgroup_MeshPayload Workgroup/);
    expect(text).toMatch(/OpDecorate %out_var_pos PerTaskNV/);
    expect(text).toMatch(/OpDecorate %out_var_pos Offset 48/);
    expect(text).toMatch(new RegExp(`OpIMul %uint %uint_8 %uint_2\\n\\s*(%\\w+) = OpIMul %uint %\\w+ %uint_1\\n\\s*OpStore ${taskCount} \\1`));
    expect(text).not.toMatch(/EmitMeshTasks/);
  });

  it('is also chosen on SPIR-V 1.4 when -fspv-extension allows it but not SPV_EXT_mesh_shader (DXC: meshshading.nv.request-nv-with-spv1.4)', () => {
    const source = `
      struct V { float4 p : SV_Position; };
      [outputtopology("triangle")] [numthreads(32, 1, 1)]
      void main(uint i : SV_GroupIndex, out vertices V verts[3], out indices uint3 tris[1]) {
        SetMeshOutputCounts(3, 1);
        if (i < 3) verts[i].p = float4(i, 0, 0, 1);
        if (i == 0) tris[0] = uint3(0, 1, 2);
      }`;
    const options = { ...MESH, targetEnv: 'vulkan1.1spirv1.4' as const };
    const nv = disassembleSpirv(compileValid(source, { ...options, allowedExtensions: ['SPV_NV_mesh_shader'] }, ['vulkan1.1spirv1.4']).spirv);
    expect(nv).toMatch(/OpEntryPoint MeshNV %main/);
    expect(nv).not.toMatch(/SPV_EXT_mesh_shader/);
    const ext = disassembleSpirv(compileValid(source, options, ['vulkan1.1spirv1.4']).spirv);
    expect(ext).toMatch(/OpEntryPoint MeshEXT %main/);
  });
});

describe('mesh-shading diagnostics', () => {
  const mesh = (attributes: string, params: string, body = '') => `
    struct V { float4 p : SV_Position; };
    struct P { uint id : SV_PrimitiveID; };
    struct Payload { float4 x; };
    ${attributes}
    void main(${params}) { ${body} }`;
  const ok = `out vertices V verts[4], out indices uint3 tris[2]`;

  it.each([
    ['[numthreads(4, 1, 1)]', ok, '', 'mesh entry point must have a valid outputtopology attribute'],
    ['[outputtopology("triangle")] [numthreads(4, 1, 1)]', 'in vertices V verts[4], out indices uint3 tris[2]', '', "'vertices' object must be an out parameter"],
    ['[outputtopology("triangle")] [numthreads(4, 1, 1)]', 'out vertices V verts[4], in indices uint3 tris[2]', '', "'indices' object must be an out parameter"],
    ['[outputtopology("triangle")] [numthreads(4, 1, 1)]', `${ok}, in primitives P prims[2]`, '', "'primitives' object must be an out parameter"],
    ['[outputtopology("triangle")] [numthreads(4, 1, 1)]', `${ok}, out payload Payload pl`, '', "'payload' object must be an in parameter"],
    ['[outputtopology("triangle")] [numthreads(4, 1, 1)]', 'out indices uint3 tris[2]', '', 'expected vertices object declaration'],
    ['[outputtopology("point")] [numthreads(4, 1, 1)]', 'out vertices V verts[4]', '', 'expected indices object declaration'],
    ['[outputtopology("line")] [numthreads(4, 1, 1)]', 'out vertices V verts, out indices uint2 tris[2]', '', 'expected 1D array of indices/vertices/primitives object'],
    ['[outputtopology("line")] [numthreads(4, 1, 1)]', `${ok}`, '', 'expected 1D array of uint2 type'],
    ['[outputtopology("line")] [numthreads(4, 1, 1)]', 'out vertices V verts[4], out vertices V more[4], out indices uint2 tris[2]', '', "only one object with 'vertices' modifier is allowed"],
    ['[outputtopology("triangle")] [numthreads(4, 1, 1)]', `${ok}, out primitives P prims[3]`, '', "array size of primitives object should match 'indices' object"],
    ['[outputtopology("triangle")] [numthreads(4, 1, 1)]', `${ok}, in float3 userAttrIn : USER_IN`, '', "invalid usage of semantic 'USER_IN' in shader profile ms"],
    ['[outputtopology("triangle")] [numthreads(16, 16, 1)]', ok, '', "mesh entry point's numthreads (16 x 16 x 1) exceeds 128 threads"],
    ['[outputtopology("triangle")] [numthreads(4, 1, 1)]', ok, 'V all[4] = verts;', "mesh output 'verts' can only be used element by element (verts[i]), not as a whole array"],
  ])('%s %s %s → %s', (attributes, params, body, message) => {
    const errors = errorsOf(mesh(attributes, params, body), MESH);
    expect(errors.some((e) => e.includes(message)), errors.join('\n')).toBe(true);
  });

  it('needs groupshared memory for the DispatchMesh payload, and rejects user semantics in amplification shaders', () => {
    const local = `struct P { float4 x; }; [numthreads(1, 1, 1)] void main() { P p = (P)0; DispatchMesh(1, 1, 1, p); }`;
    expect(errorsOf(local, AMPLIFICATION)).toContain('expected groupshared object as argument to DispatchMesh()');
    const user = `[numthreads(1, 1, 1)] void main(in uint tig : SV_GroupIndex, in float3 userAttrIn : USER_IN) {}`;
    expect(errorsOf(user, AMPLIFICATION)).toContain("invalid usage of semantic 'USER_IN' in shader profile as");
  });

  it('rejects DispatchMesh in a mesh shader', () => {
    const source = mesh('[outputtopology("triangle")] [numthreads(4, 1, 1)]', ok, 'DispatchMesh(1, 1, 1, taskData);').replace('struct Payload { float4 x; };', 'struct Payload { float4 x; }; groupshared Payload taskData;');
    const errors = errorsOf(source, MESH);
    expect(errors.some((e) => e.includes("DispatchMesh can only be used in amplification shaders, not in the mesh entry point 'main'")), errors.join('\n')).toBe(true);
  });

  it('rejects SetMeshOutputCounts reached from a compute shader', () => {
    const source = `void helper() { SetMeshOutputCounts(3, 1); } [numthreads(1, 1, 1)] void main() { helper(); }`;
    const errors = errorsOf(source, { entryPoints: [{ name: 'main', stage: 'compute' }] });
    expect(errors.some((e) => e.includes('SetMeshOutputCounts can only be used in mesh shaders')), errors.join('\n')).toBe(true);
  });

  it('has no SV_CullPrimitive under SPV_NV_mesh_shader (before SPIR-V 1.4)', () => {
    const source = `
      struct V { float4 p : SV_Position; };
      struct P { bool cull : SV_CullPrimitive; };
      [outputtopology("triangle")] [numthreads(1, 1, 1)]
      void main(out vertices V verts[3], out indices uint3 tris[1], out primitives P prims[1]) { SetMeshOutputCounts(3, 1); }`;
    const errors = errorsOf(source, { ...MESH, targetEnv: 'vulkan1.1' });
    expect(errors.some((e) => e.includes('needs SPV_EXT_mesh_shader: compile with -fspv-target-env=vulkan1.2 or later')), errors.join('\n')).toBe(true);
  });

  it('rejects clip distances outside the vertices array', () => {
    const source = `
      struct V { float4 p : SV_Position; };
      struct P { float c : SV_ClipDistance0; };
      [outputtopology("triangle")] [numthreads(1, 1, 1)]
      void main(out vertices V verts[3], out indices uint3 tris[1], out primitives P prims[1]) { SetMeshOutputCounts(3, 1); }`;
    const errors = errorsOf(source, MESH);
    expect(errors.some((e) => e.includes("SV_ClipDistance0 is a per-vertex output: it belongs in the vertices array")), errors.join('\n')).toBe(true);
  });
});
