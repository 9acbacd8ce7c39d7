// Vertex shader inputs as WebGPU vertex attributes: the GPUVertexFormat that feeds each location.

import type { EntryPoint, LayoutType, Reflection, ScalarKind, SourceLanguage } from '../../compiler/reflect/types.js';
import { keyedRecord, type Data } from './literal.js';

/** GPUVertexFormat by scalar kind and component count (WebGPU spec's vertex formats table). */
const VERTEX_FORMATS: Partial<Record<ScalarKind, readonly (string | undefined)[]>> = {
  // index = component count
  f32: [undefined, 'float32', 'float32x2', 'float32x3', 'float32x4'],
  i32: [undefined, 'sint32', 'sint32x2', 'sint32x3', 'sint32x4'],
  u32: [undefined, 'uint32', 'uint32x2', 'uint32x3', 'uint32x4'],
  f16: [undefined, 'float16', 'float16x2', undefined, 'float16x4'],
  i16: [undefined, 'sint16', 'sint16x2', undefined, 'sint16x4'],
  u16: [undefined, 'uint16', 'uint16x2', undefined, 'uint16x4'],
  i8: [undefined, 'sint8', 'sint8x2', undefined, 'sint8x4'],
  u8: [undefined, 'uint8', 'uint8x2', undefined, 'uint8x4'],
};

const COMPONENT_BYTES: Partial<Record<ScalarKind, number>> = { f32: 4, i32: 4, u32: 4, f16: 2, i16: 2, u16: 2, i8: 1, u8: 1 };

interface Slot {
  scalar: ScalarKind;
  count: number;
}

/**
 * The locations a stage input fills, one vector each. A matrix takes one location per SPIR-V
 * column: for HLSL (where reflection has undone the transpose) that is one per HLSL row.
 */
function slotsOf(type: LayoutType, language: SourceLanguage): Slot[] | undefined {
  switch (type.kind) {
    case 'scalar':
      return [{ scalar: type.scalar, count: 1 }];
    case 'vector':
      return [{ scalar: type.scalar, count: type.count }];
    case 'matrix': {
      const hlsl = language === 'HLSL';
      const vectors = hlsl ? type.rows : type.columns;
      const count = hlsl ? type.columns : type.rows;
      return Array.from({ length: vectors }, () => ({ scalar: type.scalar, count }));
    }
    case 'array': {
      const element = slotsOf(type.element, language);
      if (element === undefined || type.length === 0) return undefined;
      return Array.from({ length: type.length }, () => element).flat();
    }
    case 'struct':
      return undefined;
  }
}

function entryVertexInputs(entry: EntryPoint, language: SourceLanguage, warn: (message: string) => void, names: Readonly<Record<string, string>> = {}): Data {
  const attributes: Data[] = [];
  for (const input of entry.inputs) {
    if (input.location === undefined) continue; // builtins (SV_VertexID, ...) are not vertex attributes
    const slots = slotsOf(input.type, language);
    if (slots === undefined) {
      warn(`vertex input "${input.name}" of "${entry.name}" has a type no vertex attribute can feed`);
      continue;
    }
    for (const [index, slot] of slots.entries()) {
      const format = VERTEX_FORMATS[slot.scalar]?.[slot.count];
      if (format === undefined) {
        warn(`vertex input "${input.name}" of "${entry.name}": WebGPU has no vertex format for ${slot.count} x ${slot.scalar}`);
      }
      attributes.push({
        // The HLSL member or parameter name where the compiler gave it (`position`), else the SPIR-V's (`in.var.POSITION`).
        name: (input.semantic !== undefined ? names[input.semantic] : undefined) ?? input.name,
        semantic: input.semantic ?? null,
        shaderLocation: input.location + index,
        format: format ?? null,
        byteSize: format === undefined ? null : slot.count * COMPONENT_BYTES[slot.scalar]!,
      });
    }
  }
  return attributes;
}

/** Vertex attributes per vertex entry point, keyed by entry point name. */
export function vertexInputs(
  reflection: Reflection,
  warn: (message: string) => void,
  inputNames: Readonly<Record<string, Readonly<Record<string, string>>>> = {},
): Data {
  return keyedRecord(
    reflection.entryPoints
      .filter((entry) => entry.stage === 'vertex')
      .map((entry) => ({
        name: entry.name,
        fallback: 'vertex',
        value: entryVertexInputs(entry, reflection.sourceLanguage, warn, inputNames[entry.name]),
      })),
  );
}
