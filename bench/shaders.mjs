// Generated, realistic shaders for the compile and scaling benches: a lit pixel shader made of
// `functions` shading helpers (cbuffer arrays, texture sampling, loops, branches, swizzles,
// intrinsics) that the entry point all calls, so none is dead code. Both our compiler and
// glslangValidator compile it; about 13 lines per helper.

function helper(i) {
  return `float3 shade${i}(float3 n, float3 l, float2 uv, float k) {
  float ndl = saturate(dot(n, l));
  float3 h = normalize(l + float3(0.0, 0.0, 1.0));
  float spec = pow(saturate(dot(n, h)), ${(i % 8) + 8}.0 + k);
  float3 c = lights[${i % 8}].color.rgb * ndl + spec * lights[${i % 8}].position.w;
  for (int j = 0; j < 4; ++j) {
    c += lights[j].color.rgb * (0.25 * (float)j) * ndl;
  }
  if (k > 0.5) c = lerp(c, float3(1.0, 0.0, 0.0), saturate(k - 0.5));
  else c *= 0.5 + ${(i % 5) / 10};
  return c * albedo.Sample(linearSampler, uv * ${(i % 3) + 1}.0 + float2(k, ${i % 7}.0 / 7.0)).rgb;
}
`;
}

/** A pixel shader of about `lines` lines; its entry point is `main`. */
export function litShader(lines) {
  const functions = Math.max(1, Math.round((lines - 30) / 14));
  const parts = [
    `// entry: main pixel
struct Light { float4 position; float4 color; };
cbuffer Frame : register(b0) {
  float4x4 viewProj;
  float3 eye;
  float time;
  Light lights[8];
};
Texture2D<float4> albedo : register(t0);
SamplerState linearSampler : register(s0);
struct PSInput {
  float4 position : SV_Position;
  float3 normal : NORMAL;
  float2 uv : TEXCOORD0;
};
`,
  ];
  for (let i = 0; i < functions; i++) parts.push(helper(i));
  parts.push(`float4 main(PSInput input) : SV_Target {
  float3 n = normalize(input.normal);
  float3 l = normalize(eye - input.position.xyz);
  float3 acc = float3(0.0, 0.0, 0.0);
`);
  for (let i = 0; i < functions; i++) parts.push(`  acc += shade${i}(n, l, input.uv, acc.x * 0.001 + time);\n`);
  parts.push(`  return float4(acc / ${functions}.0, 1.0);
}
`);
  return parts.join('');
}

/**
 * A compute shader of about `lines` lines, one branch each: an accumulator merged at every branch,
 * a dominator tree as deep as the shader is long (the shape of long generated or unrolled code).
 * Its entry point is `main`.
 */
export function branchShader(lines) {
  const branches = Math.max(1, lines - 8);
  const body = Array.from({ length: branches }, (_, k) => `  if (v > ${k}u) acc += ${(k % 7) + 1}u;`);
  return [
    '// entry: main compute',
    'StructuredBuffer<uint> limit : register(t0);',
    'RWStructuredBuffer<uint> result : register(u1);',
    '[numthreads(1, 1, 1)] void main() {',
    '  uint v = limit[0];',
    '  uint acc = 0;',
    ...body,
    '  result[0] = acc;',
    '}',
    '',
  ].join('\n');
}

/** The smallest valid shader of each stage: glslang's start-up plus fixed costs, subtracted from its times. */
export const EMPTY_SHADER = {
  vertex: 'float4 main() : SV_Position { return float4(0, 0, 0, 1); }\n',
  pixel: 'float4 main() : SV_Target { return float4(0, 0, 0, 1); }\n',
  compute: '[numthreads(1, 1, 1)]\nvoid main() {}\n',
  geometry: [
    'struct V { float4 position : SV_Position; };',
    '[maxvertexcount(1)]',
    'void main(point V input[1], inout PointStream<V> stream) { stream.Append(input[0]); }',
    '',
  ].join('\n'),
  hull: [
    'struct P { float4 position : POSITION; };',
    'struct C { float edges[3] : SV_TessFactor; float inside : SV_InsideTessFactor; };',
    'C constants(InputPatch<P, 3> patch) { C c; c.edges[0] = 1; c.edges[1] = 1; c.edges[2] = 1; c.inside = 1; return c; }',
    '[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")] [outputcontrolpoints(3)] [patchconstantfunc("constants")]',
    'P main(InputPatch<P, 3> patch, uint id : SV_OutputControlPointID) { return patch[id]; }',
    '',
  ].join('\n'),
  domain: [
    'struct P { float4 position : POSITION; };',
    'struct C { float edges[3] : SV_TessFactor; float inside : SV_InsideTessFactor; };',
    '[domain("tri")]',
    'float4 main(C c, float3 uvw : SV_DomainLocation, const OutputPatch<P, 3> patch) : SV_Position { return patch[0].position; }',
    '',
  ].join('\n'),
  mesh: [
    'struct V { float4 position : SV_Position; };',
    '[outputtopology("triangle")] [numthreads(1, 1, 1)]',
    'void main(out indices uint3 triangles[1], out vertices V vertices[3]) { SetMeshOutputCounts(0, 0); }',
    '',
  ].join('\n'),
  amplification: ['struct Payload { uint x; };', 'groupshared Payload payload;', '[numthreads(1, 1, 1)]', 'void main() { DispatchMesh(0, 1, 1, payload); }', ''].join('\n'),
  raygeneration: '[shader("raygeneration")]\nvoid main() {}\n',
  intersection: '[shader("intersection")]\nvoid main() {}\n',
  miss: 'struct Payload { float4 color; };\n[shader("miss")]\nvoid main(inout Payload payload) {}\n',
  closesthit: 'struct Payload { float4 color; };\nstruct Attributes { float2 barycentrics; };\n[shader("closesthit")]\nvoid main(inout Payload payload, in Attributes hit) {}\n',
  anyhit: 'struct Payload { float4 color; };\nstruct Attributes { float2 barycentrics; };\n[shader("anyhit")]\nvoid main(inout Payload payload, in Attributes hit) {}\n',
  callable: 'struct Data { float4 color; };\n[shader("callable")]\nvoid main(inout Data data) {}\n',
};

/** `// entry: main compute, other pixel` of a fixture's header: [{ name, stage }], or undefined without one. */
export function headerEntries(source) {
  const header = /^\/\/ entry: (.*)$/m.exec(source);
  if (!header) return undefined;
  return header[1].split(',').map((part) => {
    const [name, stage] = part.trim().split(/\s+/);
    return { name, stage };
  });
}

/** `// targets: vulkan1.2 …` of a fixture's header: its first target environment (vulkan1.1 without one). */
export function headerTargetEnv(source) {
  return /^\/\/ targets: (.*)$/m.exec(source)?.[1].trim().split(/\s+/)[0] ?? 'vulkan1.1';
}

/**
 * The compile benches' workload: one compile per header entry of each fixtures/compiler shader, then the
 * generated lit shaders of 300 and 1000 lines. `readFile(name)` reads a fixture; `{ source, options }` each.
 */
export function fixtureCompileJobs(fixtureNames, readFile) {
  const jobs = [];
  const add = (filename, source) => {
    const targetEnv = headerTargetEnv(source);
    for (const entry of headerEntries(source) ?? []) jobs.push({ source, options: { filename, entryPoints: [entry], targetEnv } });
  };
  for (const name of fixtureNames) add(name, readFile(name));
  for (const lines of [300, 1000]) add(`/lit-${lines}.hlsl`, litShader(lines));
  return jobs;
}

