// The intrinsics an IR `intrinsic` node can name: the checker's HLSL intrinsics that reach the IR
// (some lower to others: asfloat → bitcast, modf → modfStruct), wave intrinsics and vk:: ones. A
// back end maps them with a Record<IntrinsicName, …>, so `tsc` says when one is missing.

export const INTRINSIC_NAMES = [
  // Component-wise math (the manual's intrinsic sections).
  'abs', 'sign', 'min', 'max', 'clamp', 'mad', 'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'sinh', 'cosh', 'tanh',
  'exp', 'exp2', 'log', 'log2', 'log10', 'sqrt', 'rsqrt', 'rcp', 'floor', 'ceil', 'round', 'trunc', 'frac', 'saturate',
  'radians', 'degrees', 'ddx', 'ddy', 'ddx_coarse', 'ddy_coarse', 'ddx_fine', 'ddy_fine', 'fwidth', 'pow', 'atan2',
  'fmod', 'step', 'ldexp', 'lerp', 'smoothstep', 'fma', 'faceforward', 'countbits', 'reversebits', 'firstbithigh',
  'firstbitlow', 'isnan', 'isinf', 'isfinite', 'all', 'any',
  // Vectors and matrices.
  'dot', 'length', 'distance', 'cross', 'normalize', 'reflect', 'refract', 'mul', 'transpose', 'determinant',
  // Bit patterns and half floats (asfloat/asint/asuint/asdouble lower to bitcast).
  'bitcast', 'f32tof16', 'f16tof32',
  // modf/frexp lower to one struct-returning call.
  'modfStruct', 'frexpStruct',
  // Barriers.
  'GroupMemoryBarrier', 'GroupMemoryBarrierWithGroupSync', 'DeviceMemoryBarrier', 'DeviceMemoryBarrierWithGroupSync',
  'AllMemoryBarrier', 'AllMemoryBarrierWithGroupSync',
  // SM 6.8 Barrier(memory type flags, semantic flags): two uint constants.
  'Barrier',
  // Wave and quad intrinsics.
  'WaveGetLaneCount', 'WaveGetLaneIndex', 'GetGroupWaveCount', 'GetGroupWaveIndex', 'WaveIsFirstLane', 'WaveActiveAnyTrue', 'WaveActiveAllTrue', 'WaveActiveBallot',
  'WaveActiveCountBits', 'WavePrefixCountBits', 'WaveActiveAllEqual', 'WaveReadLaneFirst', 'WaveReadLaneAt', 'WaveActiveSum',
  'WaveActiveProduct', 'WaveActiveMin', 'WaveActiveMax', 'WavePrefixSum', 'WavePrefixProduct', 'WaveActiveBitAnd',
  'WaveActiveBitOr', 'WaveActiveBitXor', 'QuadReadAcrossX', 'QuadReadAcrossY', 'QuadReadAcrossDiagonal', 'QuadReadLaneAt',
  // SM 6.5: lanes of equal value, and prefix operations within each partition of lanes a mask names.
  'WaveMatch', 'WaveMultiPrefixSum', 'WaveMultiPrefixProduct', 'WaveMultiPrefixBitAnd', 'WaveMultiPrefixBitOr', 'WaveMultiPrefixBitXor',
  'vk::ReadClock',
  // SM 6.6: whether this pixel-shader invocation is a helper (OpIsHelperInvocationEXT).
  'IsHelperLane',
  // SM 6.10: NonSemantic.DebugBreak.
  'DebugBreak',
  // SM 6.6 8-bit packing: a 4-vector's low bytes into a uint; a uint's bytes sign- or zero-extended.
  'pack8', 'unpack8s', 'unpack8u',
  // SM 6.4: the dot product of two uints' four bytes (unsigned or signed), without the accumulator.
  'dot4u8packed', 'dot4i8packed',
  // Mesh and amplification shaders (SM 6.5): DispatchMesh's last argument loads the payload global.
  'SetMeshOutputCounts', 'DispatchMesh',
  // A resource-array index that varies across invocations (NonUniform decorations).
  'NonUniformResourceIndex',
] as const;

export type IntrinsicName = (typeof INTRINSIC_NAMES)[number];

/** Wave and quad intrinsics (SPIR-V group operations, WGSL subgroup builtins). */
export function isWaveIntrinsicName(name: IntrinsicName): boolean {
  return name.startsWith('Wave') || name.startsWith('Quad') || name === 'GetGroupWaveCount' || name === 'GetGroupWaveIndex';
}

const NAMES: ReadonlySet<string> = new Set(INTRINSIC_NAMES);

/** The IR name of a checked intrinsic; an internal error if the checker lowers to a name the IR lacks. */
export function intrinsicName(name: string): IntrinsicName {
  if (!NAMES.has(name)) throw new Error(`internal: '${name}' is not an IR intrinsic`);
  return name as IntrinsicName;
}
