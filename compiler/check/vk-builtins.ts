// `[[vk::builtin("…")]]` on stage inputs/outputs (the manual's list of Vulkan builtins without an
// HLSL semantic), checked as DXC checks them: the declared type, where each may appear, and never
// together with vk::location (a builtin takes no location). DXC's messages, word for word.
import type { ShaderStage } from '../common/stage.js';
import type { Loc } from '../diagnostics.js';
import type { Type } from '../types.js';

type TypeRule = 'float' | 'bool' | 'int32';

interface VkBuiltinRule {
  type: TypeRule;
  /** Where it may appear: a predicate over (stage, direction), and DXC's wording when it may not. */
  allowed: (stage: ShaderStage, dir: 'in' | 'out') => boolean;
  /** DXC's fixed message where one wording covers every misuse (else "cannot be used as <SigPoint>"). */
  onlyAs?: string;
}

const TESSELLATION_OR_GEOMETRY: readonly ShaderStage[] = ['hull', 'domain', 'geometry'];

export const VK_BUILTINS: Record<string, VkBuiltinRule> = {
  // DXC also accepts a pixel-shader input, which must then stay unread (pixel-point-size.ts).
  PointSize: { type: 'float', allowed: (s, d) => (d === 'out' ? s === 'vertex' || s === 'mesh' || TESSELLATION_OR_GEOMETRY.includes(s) : TESSELLATION_OR_GEOMETRY.includes(s) || s === 'pixel') },
  HelperInvocation: { type: 'bool', allowed: (s, d) => s === 'pixel' && d === 'in', onlyAs: 'can only be used as pixel shader input' },
  BaseVertex: { type: 'int32', allowed: (s, d) => s === 'vertex' && d === 'in' },
  BaseInstance: { type: 'int32', allowed: (s, d) => s === 'vertex' && d === 'in' },
  // DXC also lets mesh and amplification shaders read DrawIndex (vkCmdDrawMeshTasksIndirectCount).
  DrawIndex: { type: 'int32', allowed: (s, d) => (s === 'vertex' || s === 'mesh' || s === 'amplification') && d === 'in' },
  DeviceIndex: { type: 'int32', allowed: (_s, d) => d === 'in', onlyAs: 'can only be used as shader input' },
};

const TYPE_WORDING: Record<TypeRule, string> = { float: 'float type', bool: 'boolean type', int32: '32-bit scalar integer type' };

/** DXC's signature-point names for the messages (VSIn, PSOut, …). */
const SIG_POINT_PREFIX: Partial<Record<ShaderStage, string>> = {
  vertex: 'VS', pixel: 'PS', compute: 'CS', geometry: 'GS', hull: 'HS', domain: 'DS', mesh: 'MS', amplification: 'AS',
};

function typeMatches(rule: TypeRule, t: Type): boolean {
  if (t.kind !== 'scalar') return false;
  if (rule === 'float') return t.base === 'float';
  if (rule === 'bool') return t.base === 'bool';
  return (t.base === 'int' || t.base === 'uint') && t.width === 32;
}

export interface VkBuiltinUse {
  builtin: string;
  type: Type;
  dir: 'in' | 'out';
  hasLocation: boolean;
  loc: Loc;
}

/** Every problem with one vk::builtin use, in DXC's order. */
export function vkBuiltinErrors(use: VkBuiltinUse, stage: ShaderStage): string[] {
  const rule = VK_BUILTINS[use.builtin];
  if (!rule) return [`unknown Vulkan builtin '${use.builtin}' (supported: ${Object.keys(VK_BUILTINS).join(', ')})`];
  const errors: string[] = [];
  if (use.hasLocation) errors.push('cannot use vk::builtin and vk::location together');
  if (!typeMatches(rule.type, use.type)) errors.push(`${use.builtin} builtin must be of ${TYPE_WORDING[rule.type]}`);
  if (!rule.allowed(stage, use.dir)) {
    errors.push(`${use.builtin} builtin ${rule.onlyAs ?? `cannot be used as ${SIG_POINT_PREFIX[stage] ?? stage}${use.dir === 'in' ? 'In' : 'Out'}`}`);
  }
  return errors;
}
