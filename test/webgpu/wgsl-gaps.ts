// Execution cases that cannot run (fully) as WGSL, each with where it fails and the error it gives,
// asserted by both-targets.ts: the case fails if the error changes or the case starts passing; its
// SPIR-V half always runs. Keys are "<file under test/> > <describe> > <it>".
//   at 'compile': our compiler's WGSL target reports `error`;
//   at 'webgpu':  Dawn rejects what we produced (Tint the module, or WebGPU the pipeline) with `error`;
//   at 'result':  the WGSL runs but a check differs from HLSL's value; `error` names the check.
// Each entry says whether it is a WebGPU limit or a back-end bug (reported in WGSL-FINDINGS.md).
export interface WgslGap {
  at: 'compile' | 'webgpu' | 'result';
  error: RegExp;
  why: string;
}

export const WGSL_GAPS: Readonly<Record<string, WgslGap>> = {
  'compiler/language/engine-spellings.test.ts > engine spellings DXC accepts > 1.#INF is +infinity': {
    at: 'compile',
    error: /the non-finite constant Infinity is not supported by the WGSL target \(WGSL constant expressions must be finite\)/,
    why: 'WebGPU limit: WGSL constant expressions must be finite',
  },
  'compiler/resources/sampled-texture-gpu.test.ts > vk::SampledTexture2D and vk::SampledTexture2DArray > reads through each descriptor’s own sampler on the driver': {
    at: 'compile',
    error: /the resource type 'vk::SampledTexture2D<float4>' is not supported by the WGSL target \(WebGPU has no combined image samplers/,
    why: 'WebGPU limit: no combined image samplers (vk::SampledTexture*)',
  },
  'compiler/language/hlsl2021.test.ts > HLSL 2021 language forms > 64-bit enums and literal suffixes': {
    at: 'compile',
    error: /64-bit .* is not supported by the WGSL target \(WGSL has no 64-bit types\)/,
    why: 'WebGPU limit: WGSL has no 64-bit types',
  },
  'compiler/exec/intrinsics.test.ts > intrinsics > asdouble and asuint(double) round-trip 64-bit patterns': {
    at: 'compile',
    error: /the 64-bit type 'double' is not supported by the WGSL target \(WGSL has no 64-bit types\)/,
    why: 'WebGPU limit: WGSL has no 64-bit types',
  },
  'compiler/exec/intrinsics.test.ts > intrinsics > asdouble and asuint(double) on vectors and matrices: component i from (lo[i], hi[i])': {
    at: 'compile',
    error: /the 64-bit type 'double' is not supported by the WGSL target \(WGSL has no 64-bit types\)/,
    why: 'WebGPU limit: WGSL has no 64-bit types',
  },
  'compiler/resources/methods-gpu.test.ts > texture, texel-buffer and byte-address methods > computes the expected values on the driver': {
    at: 'compile',
    error: /the resource type 'Buffer<float4>' is not supported by the WGSL target \(WebGPU has no texel buffers\), in 'tbuf'/,
    why: 'WebGPU limit: no texel buffers (Buffer<T>/RWBuffer<T>)',
  },
  'compiler/resources/draw-gpu.test.ts > Texture2D.Sample in a pixel shader > reads the texel under each pixel, and the LOD from the implicit derivatives': {
    at: 'compile',
    error: /CalculateLevelOfDetail is not supported by the WGSL target \(WGSL has no LOD query\), in function 'ps_main'/,
    why: 'WebGPU limit: WGSL has no LOD query',
  },
  'compiler/resources/texture-accessors-gpu.test.ts > GatherRed(s, uv, o0, o1, o2, o3) > texel k is the (i0, j0) texel of the footprint moved by offset k, in both forms': {
    at: 'compile',
    error: /Gather with four offsets is not supported by the WGSL target \(WGSL gathers take one offset\), in function 'main'/,
    why: 'WebGPU limit: textureGather takes one offset',
  },
  'compiler/resources/texture-accessors-gpu.test.ts > texel references as out/inout arguments > copy in, call, write back with OpImageWrite': {
    at: 'compile',
    error: /reading and writing the rgba32float storage texture 'RWTexture2D<float4>' in one shader is not supported by the WGSL target \(WebGPU allows read_write storage textures of r32float, r32sint and r32uint only\), in 'img'/,
    why: 'WebGPU limit: read_write storage textures are r32float/r32sint/r32uint only',
  },
  'compiler/resources/texture-accessors-gpu.test.ts > 16-bit specialization constants > read their defaults on the driver': {
    at: 'compile',
    error: /the 16-bit integer type 'int16_t' is not supported by the WGSL target \(WGSL has no 16-bit integers\), in 'offsetI'/,
    why: 'WebGPU limit: no 16-bit integers',
  },
  'compiler/exec/operators.test.ts > conversions > truncate toward zero, wrap unsigned, map bools to 0/1 and numbers to bools': {
    at: 'result',
    error: /wrong checks: \[21: asuint\(-0\.0f\) = 0, expected 2147483648\]/,
    why:
      'Dawn 0.3.8 (Tint) bug: the back end writes -0.0 through its bits (bitcast<f32>(0x80000000u)), but once the module also ' +
      'uses the constant 0.0f, the -0.0 constant is merged with it and reads 0 (alone it reads 0x80000000); see WGSL-FINDINGS.md 9',
  },
};
