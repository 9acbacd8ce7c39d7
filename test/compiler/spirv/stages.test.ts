// Geometry, hull and domain entry points: the manual's execution-mode tables, DXC's diagnostics for
// what a stage requires, and the WGSL target refusing stages WebGPU lacks at the entry's line:col.
import { describe, expect, it } from 'vitest';
import { compile, type CompileOptions } from '../../../compiler/index.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

const gs = (source: string, options: CompileOptions = {}) => compileValid(source, { entryPoints: [{ name: 'main', stage: 'geometry' }], optimizationLevel: 0, ...options });
const errors = (source: string, stage: 'geometry' | 'hull' | 'domain', options: CompileOptions = {}) =>
  compile(source, { entryPoints: [{ name: 'main', stage }], ...options }).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.column} ${d.message}`);

const INPUTS = [
  ['point', 1, 'InputPoints'],
  ['line', 2, 'InputLines'],
  ['triangle', 3, 'Triangles'],
  ['lineadj', 4, 'InputLinesAdjacency'],
  ['triangleadj', 6, 'InputTrianglesAdjacency'],
] as const;
const STREAMS = [
  ['PointStream', 'OutputPoints'],
  ['LineStream', 'OutputLineStrip'],
  ['TriangleStream', 'OutputTriangleStrip'],
] as const;

describe('geometry shaders', () => {
  for (const [qualifier, count, inputMode] of INPUTS) {
    for (const [stream, outputMode] of STREAMS) {
      it(`${qualifier} input, ${stream}: ${inputMode}, ${outputMode}, per-vertex arrays of ${count}`, () => {
        const source = `
          struct V { float4 pos : SV_Position; float3 n : NORMAL; };
          [maxvertexcount(${count * 2})] [instance(3)]
          void main(${qualifier} V v[${count}], inout ${stream}<V> s) {
            for (uint i = 0; i < ${count}; ++i) { s.Append(v[i]); s.Append(v[i]); }
            s.RestartStrip();
          }`;
        const text = disassembleSpirv(gs(source).spirv);
        expect(text).toMatch(/OpCapability Geometry/);
        for (const mode of [inputMode, outputMode, `OutputVertices ${count * 2}`, 'Invocations 3']) expect(text).toMatch(new RegExp(`OpExecutionMode %main ${mode}\\n`));
        expect(text).toMatch(new RegExp(`%in_var_NORMAL = OpVariable %_ptr_Input__arr_v3float_uint_${count} Input`));
        expect(text).toMatch(/%out_var_NORMAL = OpVariable %_ptr_Output_v3float Output/);
        expect(text.match(/OpEmitVertex/g)).toHaveLength(2);
        expect(text).toMatch(/OpEndPrimitive/);
      });
    }
  }

  it('appends from a helper function that takes the stream as inout', () => {
    const source = `
      struct V { float4 pos : SV_Position; };
      void emit(inout LineStream<V> s, float4 p) { V v; v.pos = p; s.Append(v); }
      [maxvertexcount(2)]
      void main(line V v[2], inout LineStream<V> s) { emit(s, v[0].pos); emit(s, v[1].pos); }`;
    const text = disassembleSpirv(gs(source).spirv);
    expect(text).toMatch(/%emit = OpFunction %void None/);
    expect(text.match(/OpEmitVertex/g)).toHaveLength(1);
  });

  it('reports what a geometry shader requires, at the entry', () => {
    const V = 'struct V { float4 pos : SV_Position; };';
    expect(errors(`${V} void main(point V v[1], inout PointStream<V> s) { s.Append(v[0]); }`, 'geometry')).toEqual([
      "1:46 geometry entry point 'main' needs a [maxvertexcount(N)] attribute",
    ]);
    expect(errors(`${V} [maxvertexcount(1)] void main(V v[1], inout PointStream<V> s) {}`, 'geometry')[0]).toMatch(/needs input array parameters qualified with one primitive type/);
    expect(errors(`${V} [maxvertexcount(1)] void main(triangle V v[2], inout PointStream<V> s) {}`, 'geometry')[0]).toMatch(/the 'triangle' input of geometry entry point 'main' must be an array of 3 vertices/);
    expect(errors(`${V} [maxvertexcount(1)] void main(point V v[1]) {}`, 'geometry')[0]).toMatch(/it needs one inout PointStream, LineStream or TriangleStream parameter/);
    expect(errors(`${V} [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) { s.Emit(v[0]); }`, 'geometry')[0]).toMatch(/no method 'Emit' on 'PointStream<V>'/);
  });
});

describe('tessellation stages', () => {
  const HS = (attributes: string) => `
    struct CP { float3 p : POSITION; };
    struct PC { float e[4] : SV_TessFactor; float i[2] : SV_InsideTessFactor; float3 center : CENTER; };
    PC constants(InputPatch<CP, 4> ip, OutputPatch<CP, 4> op, uint id : SV_PrimitiveID) {
      PC pc; pc.e = (float[4])id; pc.i = (float[2])2; pc.center = 0.25 * (op[0].p + op[1].p + op[2].p + ip[3].p); return pc;
    }
    ${attributes}
    CP main(InputPatch<CP, 4> ip, uint i : SV_OutputControlPointID) { return ip[i]; }`;
  const ALL = '[domain("quad")] [partitioning("fractional_odd")] [outputtopology("triangle_ccw")] [outputcontrolpoints(4)] [patchconstantfunc("constants")]';

  it('hull: modes, arrayed control points, Patch outputs, the patch-constant function on invocation 0', () => {
    const text = disassembleSpirv(compileValid(HS(ALL), { entryPoints: [{ name: 'main', stage: 'hull' }], optimizationLevel: 0 }).spirv);
    for (const mode of ['Quads', 'SpacingFractionalOdd', 'VertexOrderCcw', 'OutputVertices 4']) expect(text).toMatch(new RegExp(`OpExecutionMode %main ${mode}\\n`));
    expect(text).toMatch(/%out_var_POSITION = OpVariable %_ptr_Output__arr_v3float_uint_4 Output/);
    expect(text).toMatch(/OpDecorate %out_var_CENTER Patch/);
    expect(text).not.toMatch(/OpDecorate %out_var_POSITION Patch/);
    // Outputs take locations by semantic name (DXC), so CENTER comes before POSITION.
    expect(text).toMatch(/OpDecorate %out_var_CENTER Location 0/);
    expect(text).toMatch(/OpDecorate %out_var_POSITION Location 1/);
    expect(text).toMatch(/OpControlBarrier %uint_2 %uint_4 %uint_0[\s\S]*OpIEqual %bool %\w+ %uint_0[\s\S]*OpFunctionCall %PC %constants/);
  });

  it('domain: per-patch inputs, TessCoord narrowed to the declared float2, the domain mode', () => {
    const source = `
      struct CP { float3 p : POSITION; };
      struct PC { float e[4] : SV_TessFactor; float i[2] : SV_InsideTessFactor; float3 center : CENTER; };
      [domain("quad")]
      float4 main(PC pc, float2 uv : SV_DomainLocation, OutputPatch<CP, 4> patch) : SV_Position {
        return float4(lerp(patch[0].p, pc.center, uv.x) * pc.e[0], 1);
      }`;
    const text = disassembleSpirv(compileValid(source, { entryPoints: [{ name: 'main', stage: 'domain' }], optimizationLevel: 0 }).spirv);
    expect(text).toMatch(/OpEntryPoint TessellationEvaluation %main/);
    expect(text).toMatch(/OpExecutionMode %main Quads\n/);
    expect(text).toMatch(/OpDecorate %in_var_CENTER Patch/);
    expect(text).toMatch(/%gl_TessCoord = OpVariable %_ptr_Input_v3float Input/);
    expect(text).toMatch(/%gl_TessLevelOuter = OpVariable %_ptr_Input__arr_float_uint_4 Input/);
    expect(text).toMatch(/%in_var_POSITION = OpVariable %_ptr_Input__arr_v3float_uint_4 Input/);
  });

  it('hull without [domain] or [partitioning] (DXC accepts them): no primitive or spacing mode, a warning for the spacing', () => {
    const result = compileValid(HS('[outputtopology("triangle_ccw")] [outputcontrolpoints(4)] [patchconstantfunc("constants")]'), { entryPoints: [{ name: 'main', stage: 'hull' }] });
    const text = disassembleSpirv(result.spirv);
    expect(text).toMatch(/OpExecutionMode %main VertexOrderCcw\n/);
    expect(text).not.toMatch(/OpExecutionMode %main (Quads|Triangles|Isolines|Spacing)/);
    expect(result.diagnostics.map((d) => d.message)).toEqual([expect.stringMatching(/hull entry point 'main' has no \[partitioning\(\.\.\.\)\]: the tessellation spacing must then come from the domain shader/)]);
  });

  it('reports missing and unsupported hull attributes at their place', () => {
    expect(errors(HS('[domain("quad")] [partitioning("integer")] [outputtopology("triangle_cw")] [patchconstantfunc("constants")]'), 'hull')).toEqual([
      "8:8 hull entry point 'main' needs a [outputcontrolpoints(N)] attribute",
    ]);
    expect(errors(HS(ALL.replace('fractional_odd', 'pow2')), 'hull')).toEqual(['7:23 pow2 partitioning has no equivalent in Vulkan']);
    expect(errors(HS(ALL.replace('"constants"', '"nothere"')), 'hull')[0]).toMatch(/patch constant function 'nothere' of hull entry point 'main' not found/);
    expect(errors(HS(ALL.replace('triangle_ccw', 'triangle')), 'hull')[0]).toMatch(/\[outputtopology\] of a hull shader expects one of/);
    expect(errors('[domain("hex")] float4 main() : SV_Position { return 0; }', 'domain')[0]).toMatch(/\[domain\] expects one of "tri", "quad", "isoline"/);
  });
});

describe('the WGSL target', () => {
  it('refuses geometry, hull and domain entries at the entry function', () => {
    const source = `struct V { float4 pos : SV_Position; };
[maxvertexcount(1)]
void main(point V v[1], inout PointStream<V> s) { s.Append(v[0]); }`;
    const r = compile(source, { target: 'wgsl', entryPoints: [{ name: 'main', stage: 'geometry' }] });
    expect(r.success).toBe(false);
    expect(r.diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`)).toContain(
      "3:6 the geometry stage (entry point 'main') is not supported by the WGSL target (WebGPU has compute, vertex and fragment stages only)",
    );
  });
});

describe('output streams outside a geometry shader', () => {
  const V = 'struct V { float4 pos : SV_Position; };';
  it('refuses stream variables, members and non-geometry stream parameters', () => {
    expect(errors(`${V} V main(float4 p : POSITION) { TriangleStream<V> s; V v; v.pos = p; return v; }`, 'geometry')[0]).toMatch(
      /'s' of type 'TriangleStream<V>': an output stream can only be a geometry shader's inout parameter/,
    );
    expect(errors(`${V} struct S { LineStream<V> s; }; [maxvertexcount(1)] void main(point V v[1], inout LineStream<V> s) {}`, 'geometry')[0]).toMatch(/'s' of type 'LineStream<V>'/);
    const vertex = compile(`${V} V main(float4 p : POSITION, inout PointStream<V> s) { V v; v.pos = p; return v; }`, { entryPoints: [{ name: 'main', stage: 'vertex' }] });
    expect(vertex.diagnostics.map((d) => d.message)).toContain("parameter 's' of vertex entry point 'main': only geometry shaders have output streams");
  });
});

describe('pixel stage attributes', () => {
  it('[earlydepthstencil] is EarlyFragmentTests', () => {
    const source = `[earlydepthstencil] float4 main(float4 p : SV_Position) : SV_Target { return p; }`;
    const text = disassembleSpirv(compileValid(source, { entryPoints: [{ name: 'main', stage: 'pixel' }] }).spirv);
    expect(text).toMatch(/OpExecutionMode %main OriginUpperLeft\n/);
    expect(text).toMatch(/OpExecutionMode %main EarlyFragmentTests\n/);
  });
});
