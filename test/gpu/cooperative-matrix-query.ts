// The cooperative matrix configurations a driver offers (vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR,
// runner/coopmat.c): a test picks a shape and component types from them instead of assuming one.
import { FrameWriter, JOB_KIND, TAG, u32At, type ResultRecord } from './protocol.js';

/** VkComponentTypeKHR by value (core values, then those of later extensions: VK_KHR_shader_bfloat16, VK_EXT_shader_float8). */
const COMPONENT_TYPES: Readonly<Record<number, string>> = {
  ...Object.fromEntries(['float16', 'float32', 'float64', 'sint8', 'sint16', 'sint32', 'sint64', 'uint8', 'uint16', 'uint32', 'uint64'].map((t, i) => [i, t])),
  1000141000: 'bfloat16',
  1000491002: 'float8_e4m3',
  1000491003: 'float8_e5m2',
};
/** 'float32', 'sint8', … ('VkComponentTypeKHR(N)' for a value this list does not name). */
export type ComponentType = string;

/** VkScopeKHR by value. */
const SCOPES: Readonly<Record<number, CooperativeMatrixScope>> = { 1: 'device', 2: 'workgroup', 3: 'subgroup', 5: 'queueFamily' };
export type CooperativeMatrixScope = 'device' | 'workgroup' | 'subgroup' | 'queueFamily';

/** One VkCooperativeMatrixPropertiesKHR: A is M x K, B is K x N, C and the result M x N. */
export interface CooperativeMatrixProperties {
  M: number;
  N: number;
  K: number;
  A: ComponentType;
  B: ComponentType;
  C: ComponentType;
  result: ComponentType;
  saturatingAccumulation: boolean;
  scope: CooperativeMatrixScope;
}

export const COOPERATIVE_MATRIX_EXTENSION = 'VK_KHR_cooperative_matrix';

/** The query job: it names the extension (the device is created with it), nothing else. */
export function encodeCooperativeMatrixQuery(): Uint8Array {
  return new FrameWriter().record(TAG.kind, [JOB_KIND.coopmatQuery]).text(TAG.features, '').text(TAG.extensions, COOPERATIVE_MATRIX_EXTENSION).finish();
}

export function decodeCooperativeMatrixProperties(records: readonly ResultRecord[]): CooperativeMatrixProperties[] {
  const record = records.find((r) => r.tag === TAG.coopmatOut);
  if (!record) throw new Error('gpu runner: cooperative matrix query without a result record');
  const count = u32At(record.payload, 0);
  const type = (v: number): ComponentType => COMPONENT_TYPES[v] ?? `VkComponentTypeKHR(${v})`;
  return Array.from({ length: count }, (_, i) => {
    const w = (k: number) => u32At(record.payload, 1 + 9 * i + k);
    const scope = SCOPES[w(8)];
    if (!scope) throw new Error(`gpu runner: unknown VkScopeKHR ${w(8)}`);
    return { M: w(0), N: w(1), K: w(2), A: type(w(3)), B: type(w(4)), C: type(w(5)), result: type(w(6)), saturatingAccumulation: w(7) !== 0, scope };
  });
}
