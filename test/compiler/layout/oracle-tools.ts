// The independent oracles, run through test/helpers/tools.ts: glslangValidator compiles, spirv-val
// validates (every module a test produces), spirv-cross reflects offsets and strides as JSON. Both our
// layouts and the reflection are flattened into "facts" (`path.offset`, `path.arrayStride`, ...) so
// that a mismatch shows as a diff.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Layout } from '../../../compiler/layout/index.js';
import { inTempDir, runTool, spirvCrossReflection, validateSpirvFile, type SpirvCrossReflection } from '../../helpers/tools.js';

export type Facts = Record<string, number | boolean>;

/**
 * Compiles `source` with glslangValidator, validates the module with spirv-val and returns
 * spirv-cross's reflection. `glslangArgs` selects the language; `valArgs` the block layout rules.
 */
export function compileAndReflect(source: string, fileName: string, glslangArgs: string[], valArgs: string[]): SpirvCrossReflection {
  return inTempDir((dir) => {
    const input = join(dir, fileName);
    const spv = join(dir, 'out.spv');
    writeFileSync(input, source);
    runTool('glslangValidator', [...glslangArgs, input, '-o', spv]);
    validateSpirvFile(spv, valArgs);
    return spirvCrossReflection(spv);
  }, 'layout-oracle-');
}

/** The reflected struct type of the block (or buffer struct) called `name`. */
export function blockType(reflection: SpirvCrossReflection, name: string): string {
  const block = [...(reflection.ubos ?? []), ...(reflection.ssbos ?? [])].find((b) => b.name === name);
  if (!block) throw new Error(`block ${name} not in the reflection`);
  return block.type;
}

/** Facts of a reflected struct type, recursively; `majorFlip` for HLSL sources, whose SPIR-V is transposed. */
export function reflectedFacts(reflection: SpirvCrossReflection, typeId: string, majorFlip: boolean, prefix = '', facts: Facts = {}): Facts {
  const type = reflection.types?.[typeId];
  if (!type) throw new Error(`type ${typeId} not in the reflection`);
  type.members.forEach((m, index) => {
    const path = `${prefix}${index}`;
    facts[`${path}.offset`] = m.offset;
    if (m.array) facts[`${path}.arrayStride`] = m.array_stride!;
    if (m.matrix_stride !== undefined) {
      facts[`${path}.matrixStride`] = m.matrix_stride;
      facts[`${path}.rowMajor`] = !!m.row_major !== majorFlip;
    }
    if (reflection.types?.[m.type]) reflectedFacts(reflection, m.type, majorFlip, `${path}.`, facts);
  });
  return facts;
}

/** The innermost non-array layout of a (possibly nested) array. */
function arrayElement(layout: Layout): Layout {
  let l = layout;
  while (l.kind === 'array') l = l.element!;
  return l;
}

/** Our facts for a struct layout, in the same shape as reflectedFacts. */
export function layoutFacts(layout: Layout, prefix = '', facts: Facts = {}): Facts {
  (layout.members ?? []).forEach((m, index) => {
    const path = `${prefix}${index}`;
    facts[`${path}.offset`] = m.offset;
    if (m.layout.kind === 'array') facts[`${path}.arrayStride`] = m.layout.arrayStride!;
    const inner = arrayElement(m.layout);
    if (inner.kind === 'matrix') {
      facts[`${path}.matrixStride`] = inner.matrixStride!;
      facts[`${path}.rowMajor`] = inner.majorness === 'row_major';
    }
    if (inner.kind === 'struct') layoutFacts(inner, `${path}.`, facts);
  });
  return facts;
}
