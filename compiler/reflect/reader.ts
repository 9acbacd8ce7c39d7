// reflect(): a SPIR-V binary in, the Reflection of types.ts out.
import { reflectBindings, reflectPushConstants } from './bindings.js';
import { sourceLanguageOf } from './enum-names.js';
import { reflectEntryPoints } from './entry-points.js';
import { LayoutBuilder } from './layout.js';
import { parseModule } from './module.js';
import { reflectSpecConstants } from './spec-constants.js';
import type { Reflection, SourceLanguage } from './types.js';
import { Usage } from './usage.js';
import { StorageClass } from '../spirv-spec/spec.js';

/**
 * Reflects a Vulkan SPIR-V module (ours, DXC's or glslang's). Throws SpirvReflectError, naming the
 * instruction and word offset, for a binary that is malformed, truncated or inconsistent.
 */
export function reflect(spirv: Uint32Array): Reflection {
  const module = parseModule(spirv);
  const language = module.sourceLanguage;
  const sourceLanguage: SourceLanguage = (language === undefined ? undefined : sourceLanguageOf.get(language)) ?? 'unknown';
  const layout = new LayoutBuilder(module, { hlslMatrices: sourceLanguage === 'HLSL' });
  const usage = new Usage(module);
  const shaderRecords = reflectPushConstants(module, layout, usage, StorageClass.ShaderRecordBufferKHR);
  return {
    sourceLanguage,
    spirvVersion: `${module.header.major}.${module.header.minor}`,
    entryPoints: reflectEntryPoints(module, layout),
    bindings: reflectBindings(module, layout, usage),
    pushConstants: reflectPushConstants(module, layout, usage),
    ...(shaderRecords.length ? { shaderRecords } : {}),
    specConstants: reflectSpecConstants(module),
  };
}
