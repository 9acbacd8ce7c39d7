// WGSL spellings of IR value types. HLSL matrices follow the SPIR-V back end (seed 000/001): an
// HLSL float RxC is WGSL `matRxC<f32>`, R columns of C components, so WGSL column i is HLSL row i
// and `mul(M, v)` is `v * M`; non-float matrices are arrays of row vectors; Rx1/1xC are vectors.
import { typeToString, type MatrixType, type ScalarType, type StructType, type Type } from '../types.js';
import { unsupported } from './errors.js';

/** Shape of an HLSL matrix in WGSL (the same as the SPIR-V back end's). */
/** Components of a value as WGSL holds it: a vector's size, a 1xN/Nx1 matrix's N (a WGSL vector), else 1. */
export function componentCount(t: Type): number {
  if (t.kind === 'vector') return t.size;
  if (t.kind === 'matrix' && matrixShape(t) === 'vector') return t.rows * t.cols;
  return 1;
}

export function matrixShape(t: MatrixType): 'scalar' | 'vector' | 'matrix' | 'array' {
  if (t.rows === 1 && t.cols === 1) return 'scalar';
  if (t.rows === 1 || t.cols === 1) return 'vector';
  return t.element.base === 'float' ? 'matrix' : 'array';
}

export function scalarName(t: ScalarType): string {
  if (t.width === 64) throw unsupported(`the 64-bit type '${typeToString(t)}'`, undefined, 'WGSL has no 64-bit types');
  if (t.width === 16) {
    if (t.base === 'float') return 'f16';
    throw unsupported(`the 16-bit integer type '${typeToString(t)}'`, undefined, 'WGSL has no 16-bit integers');
  }
  switch (t.base) {
    case 'bool':
      return 'bool';
    case 'int':
      return 'i32';
    case 'uint':
      return 'u32';
    case 'float':
      return 'f32';
  }
}

export function vectorName(el: ScalarType, n: number): string {
  return n === 1 ? scalarName(el) : `vec${n}<${scalarName(el)}>`;
}

/** Names of the WGSL structs declared for IR structs (by declaration id), owned by one module write. */
export class StructNames {
  private readonly names = new Map<number, string>();
  private readonly used = new Set<string>();
  readonly declarations: string[] = [];

  /**
   * `padding`: `@size(n)` per member of the structs buffers declare directly (buffer-structs.ts);
   * decided before the first name is asked for.
   */
  constructor(
    private readonly typeName: (t: Type) => string,
    private readonly padding: ReadonlyMap<number, readonly (number | undefined)[]> = new Map(),
  ) {}

  name(t: StructType): string {
    const known = this.names.get(t.id);
    if (known) return known;
    if (t.fields.length === 0) throw unsupported(`the empty struct '${t.name || '<anonymous>'}'`, undefined, 'WGSL structs need a member');
    let name = `S_${identifier(t.name || 'anon')}`;
    while (this.used.has(name)) name += '_';
    this.used.add(name);
    this.names.set(t.id, name);
    const sizes = this.padding.get(t.id);
    const members = t.fields.map((f, i) => {
      const size = sizes?.[i];
      // A runtime-sized array is the last member of a storage buffer's block.
      const type = f.type.kind === 'array' && f.type.length === null ? `array<${this.typeName(f.type.element)}>` : this.typeName(f.type);
      return `  ${size !== undefined ? `@size(${size}) ` : ''}${memberName(f.name, i)}: ${type},`;
    });
    this.declarations.push(`struct ${name} {\n${members.join('\n')}\n}`);
    return name;
  }
}

/** A WGSL identifier from an HLSL name: letters, digits and `_` (never a leading or double `_`). */
export function identifier(name: string): string {
  const s = name.replace(/[^A-Za-z0-9_]/g, '_').replace(/_+/g, '_').replace(/^_+/, '');
  return s === '' ? 'x' : /^[0-9]/.test(s) ? `x${s}` : s;
}

/** Struct members are `m<i>_<name>`: unique, and never a WGSL keyword. */
export function memberName(name: string, index: number): string {
  return `m${index}_${identifier(name || 'member')}`.replace(/_$/, '');
}

/** The WGSL value type of an IR type (not buffers or resources; those are declared by the module). */
export function wgslType(t: Type, structs: StructNames): string {
  switch (t.kind) {
    case 'scalar':
      return scalarName(t);
    case 'vector':
      return vectorName(t.element, t.size);
    case 'matrix': {
      const shape = matrixShape(t);
      if (shape === 'scalar') return scalarName(t.element);
      if (shape === 'vector') return vectorName(t.element, t.rows * t.cols);
      if (shape === 'matrix') return `mat${t.rows}x${t.cols}<${scalarName(t.element)}>`;
      return `array<${vectorName(t.element, t.cols)}, ${t.rows}>`;
    }
    case 'array':
      if (t.length === null) throw unsupported('a runtime-sized array outside a buffer');
      return `array<${wgslType(t.element, structs)}, ${t.length}>`;
    case 'struct':
      return structs.name(t);
    case 'void':
      return '';
    case 'resource':
    case 'sampler':
    case 'rayQuery':
      throw unsupported(`a value of type '${typeToString(t)}' (resources are only globals in WGSL)`);
    case 'stream':
      throw unsupported(`a value of type '${typeToString(t)}'`, undefined, 'WebGPU has no geometry stage');
    case 'pointer':
      throw unsupported(`the buffer pointer type '${typeToString(t)}'`, undefined, 'WebGPU has no buffer device addresses');
    case 'spirvType':
      throw unsupported(`the inline SPIR-V type '${typeToString(t)}'`, undefined, 'WGSL has no inline SPIR-V');
    case 'node':
      throw unsupported(`the node object type '${typeToString(t)}'`, undefined, 'WebGPU has no work graphs');
  }
}

/** Whether a type (or anything in it) is 16-bit float, which needs `enable f16;`. */
export function usesF16(t: Type): boolean {
  switch (t.kind) {
    case 'scalar':
      return t.base === 'float' && t.width === 16;
    case 'vector':
    case 'matrix':
      return usesF16(t.element);
    case 'array':
      return usesF16(t.element);
    case 'struct':
      return t.fields.some((f) => usesF16(f.type));
    default:
      return false;
  }
}
