// Hand-built reflections with offsets taken from DXC's manual (seeds/002, "Memory layout rules").
// Until the SPIR-V reader lands these stand in for its output; every number here is from the
// manual's tables or follows from its layout rules as spelled out in the comments.

import type {
  DescriptorBinding,
  LayoutType,
  MatrixType,
  Reflection,
  ScalarKind,
  StructMember,
  StructType,
} from '../../../compiler/reflect/types.js';

export const scalar = (kind: ScalarKind): LayoutType => ({ kind: 'scalar', scalar: kind });
export const vector = (kind: ScalarKind, count: number): LayoutType => ({ kind: 'vector', scalar: kind, count });
export const matrix = (rows: number, columns: number, majorness: 'row' | 'column', stride: number): MatrixType => ({
  kind: 'matrix',
  scalar: 'f32',
  rows,
  columns,
  majorness,
  stride,
});
export const array = (element: LayoutType, length: number, stride: number): LayoutType => ({
  kind: 'array',
  element,
  length,
  stride,
});
export const member = (name: string, offset: number, size: number, type: LayoutType): StructMember => ({
  name,
  offset,
  size,
  type,
});
export const struct = (name: string, size: number, members: StructMember[]): StructType => ({
  kind: 'struct',
  name,
  size,
  members,
});

export function uniformBuffer(name: string, block: StructType, set = 0, binding = 0): DescriptorBinding {
  return { name, set, binding, kind: 'uniform-buffer', count: 1, access: 'read', block, usedBy: ['main'] };
}

export function storageBuffer(name: string, block: StructType, set = 0, binding = 0, access: DescriptorBinding['access'] = 'read-write'): DescriptorBinding {
  return { name, set, binding, kind: 'storage-buffer', count: 1, access, block, usedBy: ['main'] };
}

export function computeReflection(bindings: DescriptorBinding[], extra: Partial<Reflection> = {}): Reflection {
  return {
    sourceLanguage: 'HLSL',
    spirvVersion: '1.0',
    entryPoints: [{ name: 'main', stage: 'compute', workgroupSize: { x: 8, y: 8, z: 1 }, inputs: [], outputs: [], executionModes: [] }],
    bindings,
    pushConstants: [],
    specConstants: [],
    ...extra,
  };
}

/**
 * `cbuffer Params { float time; float3 tint; float4x4 xform; int counts[4]; }` — DXC: offsets
 * 0, 4, 16, 80; float3 packs after the float (vector-relaxed std140); counts has ArrayStride 16;
 * size 144. float4x4 is column_major by default, MatrixStride 16.
 */
export const PARAMS = struct('type_Params', 144, [
  member('time', 0, 4, scalar('f32')),
  member('tint', 4, 12, vector('f32', 3)),
  member('xform', 16, 64, matrix(4, 4, 'column', 16)),
  member('counts', 80, 64, array(scalar('i32'), 4, 16)),
]);

const S_UNIFORM = struct('S', 12, [member('f', 0, 12, vector('f32', 3))]);

/**
 * The manual's `struct T` in a uniform buffer, column "1 (VK)": a_float 0, b_float3 4,
 * c_S_float3 16, d_float2x3 32, e_float2x3 80, f_int_3 112, g_float2_2 160. In std140 matrix
 * vectors and array elements are 16 apart: d (column_major 2x3) is 3 columns of float2 (48 bytes),
 * e (row_major) 2 rows of float3 (32 bytes), f 3 x 16, g 2 x 16; T ends at 192.
 */
export const T_UNIFORM = struct('type_ConstantBuffer_T', 192, [
  member('a_float', 0, 4, scalar('f32')),
  member('b_float3', 4, 12, vector('f32', 3)),
  member('c_S_float3', 16, 16, S_UNIFORM),
  member('d_float2x3', 32, 48, matrix(2, 3, 'column', 16)),
  member('e_float2x3', 80, 32, matrix(2, 3, 'row', 16)),
  member('f_int_3', 112, 48, array(scalar('i32'), 3, 16)),
  member('g_float2_2', 160, 32, array(vector('f32', 2), 2, 16)),
]);

/**
 * The same struct in a storage buffer, column "1 (VK)": 0, 4, 16, 32, 64, 96, 112. std430 packs
 * d's float2 columns 8 apart (24 bytes), e's float3 rows stay 16 apart, f has stride 4, g stride 8.
 */
export const T_STORAGE_ELEMENT = struct('T', 128, [
  member('a_float', 0, 4, scalar('f32')),
  member('b_float3', 4, 12, vector('f32', 3)),
  member('c_S_float3', 16, 12, S_UNIFORM),
  member('d_float2x3', 32, 24, matrix(2, 3, 'column', 8)),
  member('e_float2x3', 64, 32, matrix(2, 3, 'row', 16)),
  member('f_int_3', 96, 12, array(scalar('i32'), 3, 4)),
  member('g_float2_2', 112, 16, array(vector('f32', 2), 2, 8)),
]);
