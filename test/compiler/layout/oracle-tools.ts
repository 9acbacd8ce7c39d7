// Running the independent oracles: glslangValidator compiles, spirv-val validates (every module a test
// produces), spirv-cross reflects offsets and strides as JSON. Both our layouts and the reflection are
// flattened into "facts" (`path.offset`, `path.arrayStride`, ...) so that a mismatch shows as a diff.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Layout } from '../../../compiler/layout/index.js';

export type Facts = Record<string, number | boolean>;

export interface ReflectedMember {
  name: string;
  type: string;
  offset: number;
  array?: number[];
  array_stride?: number;
  matrix_stride?: number;
  row_major?: boolean;
}

export interface Reflection {
  types: Record<string, { name: string; members: ReflectedMember[] }>;
  ubos?: { type: string; name: string }[];
  ssbos?: { type: string; name: string }[];
}

function run(command: string, args: string[]): void {
  try {
    execFileSync(command, args, { encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }
}

/**
 * Compiles `source` with glslangValidator, validates the module with spirv-val and returns
 * spirv-cross's reflection. `glslangArgs` selects the language; `valArgs` the block layout rules.
 */
export function compileAndReflect(source: string, fileName: string, glslangArgs: string[], valArgs: string[]): Reflection {
  const dir = mkdtempSync(join(tmpdir(), 'layout-oracle-'));
  try {
    const input = join(dir, fileName);
    const spv = join(dir, 'out.spv');
    writeFileSync(input, source);
    run('glslangValidator', [...glslangArgs, input, '-o', spv]);
    run('spirv-val', [...valArgs, spv]);
    const json = execFileSync('spirv-cross', [spv, '--reflect', 'json'], { encoding: 'utf8' });
    return JSON.parse(json) as Reflection;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The reflected struct type of the block (or buffer struct) called `name`. */
export function blockType(reflection: Reflection, name: string): string {
  const block = [...(reflection.ubos ?? []), ...(reflection.ssbos ?? [])].find((b) => b.name === name);
  if (!block) throw new Error(`block ${name} not in the reflection`);
  return block.type;
}

/** Facts of a reflected struct type, recursively; `majorFlip` for HLSL sources, whose SPIR-V is transposed. */
export function reflectedFacts(reflection: Reflection, typeId: string, majorFlip: boolean, prefix = '', facts: Facts = {}): Facts {
  const type = reflection.types[typeId];
  if (!type) throw new Error(`type ${typeId} not in the reflection`);
  type.members.forEach((m, index) => {
    const path = `${prefix}${index}`;
    facts[`${path}.offset`] = m.offset;
    if (m.array) facts[`${path}.arrayStride`] = m.array_stride!;
    if (m.matrix_stride !== undefined) {
      facts[`${path}.matrixStride`] = m.matrix_stride;
      facts[`${path}.rowMajor`] = !!m.row_major !== majorFlip;
    }
    if (reflection.types[m.type]) reflectedFacts(reflection, m.type, majorFlip, `${path}.`, facts);
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
