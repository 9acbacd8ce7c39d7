// One layout object per buffer block (uniform/storage buffers and push constants): its size,
// field descriptions and writer methods, emitted as JavaScript and as declarations.

import type { ArrayType, StructType } from '../../compiler/reflect/types.js';
import { dataCode, dataType } from './literal.js';
import { stringLiteral } from './names.js';
import { fieldsInfo } from './type-info.js';
import type { ValueTypeEmitter } from './value-types.js';
import { typeSize, type WriterEmitter } from './writer.js';

export interface LayoutSource {
  /** The block's name in the shader, for error messages (`Params`, `particles`). */
  name: string;
  /** The local binding in the generated module (`layout0`). */
  local: string;
  /** The export name chosen for it (`Params`, `Globals`). */
  exportName: string;
  block: StructType;
}

export interface EmittedLayout {
  code: string;
  dts: string;
}

/** The runtime array a storage block ends with, if any (every HLSL structured buffer has one). */
function runtimeArrayOf(block: StructType): { offset: number; type: ArrayType } | undefined {
  const last = block.members[block.members.length - 1];
  if (last === undefined || last.type.kind !== 'array' || last.type.length !== 0) return undefined;
  return { offset: last.offset, type: last.type };
}

export function emitLayout(source: LayoutSource, writers: WriterEmitter, valueTypes: ValueTypeEmitter): EmittedLayout {
  const { block, local } = source;
  const writer = writers.structWriter(block);
  const valueType = valueTypes.structType(block, source.exportName);
  const fields = fieldsInfo(block);
  const label = (method: string): string => stringLiteral(`${source.name}.${method}`);
  const allocation = Math.ceil(block.size / 16) * 16;
  writers.helpers.add('dataViewOf');
  writers.helpers.add('checkRange');

  const members = [
    `  size: ${block.size},`,
    `  fields: ${dataCode(fields, '  ')},`,
    `  write(target, value, byteOffset = 0) {`,
    `    const dv = dataViewOf(target);`,
    `    checkRange(dv, byteOffset, ${block.size}, ${label('write')});`,
    `    ${writer}(dv, byteOffset, value);`,
    `  },`,
    `  create(value) {`,
    `    const buffer = new ArrayBuffer(${allocation});`,
    `    if (value !== undefined) ${writer}(new DataView(buffer), 0, value);`,
    `    return buffer;`,
    `  },`,
  ];
  let dtsType = `rt.BufferLayout<${valueType}, ${dataType(fields)}, ${block.size}>`;

  const runtimeArray = runtimeArrayOf(block);
  if (runtimeArray !== undefined) {
    const { offset, type } = runtimeArray;
    const elementSize = typeSize(type.element);
    const elementWriter = writers.valueWriter(type.element, `${source.name}[]`);
    writers.helpers.add('alignTo16');
    members.push(
      `  arrayOffset: ${offset},`,
      `  elementSize: ${elementSize},`,
      `  stride: ${type.stride},`,
      `  writeElement(target, index, value, byteOffset = 0) {`,
      `    if (!(Number.isInteger(index) && index >= 0)) throw new RangeError(${label('writeElement')} + ": index " + index + " is not a non-negative integer");`,
      `    const dv = dataViewOf(target);`,
      `    const at = byteOffset + ${offset} + index * ${type.stride};`,
      `    checkRange(dv, at, ${elementSize}, ${label('writeElement')});`,
      `    ${elementWriter}(dv, at, value);`,
      `  },`,
      `  createArray(count, values) {`,
      `    if (!(Number.isInteger(count) && count >= 0)) throw new RangeError(${label('createArray')} + ": count " + count + " is not a non-negative integer");`,
      `    const buffer = new ArrayBuffer(alignTo16(${offset} + count * ${type.stride}));`,
      `    if (values === undefined) return buffer;`,
      `    if (!(values.length <= count)) throw new RangeError(${label('createArray')} + ": " + values.length + " values for " + count + " elements");`,
      `    const dv = new DataView(buffer);`,
      `    for (let i = 0; i < values.length; i++) {`,
      `      const element = values[i];`,
      `      if (element !== undefined) ${elementWriter}(dv, ${offset} + i * ${type.stride}, element);`,
      `    }`,
      `    return buffer;`,
      `  },`,
    );
    const elementType = valueTypes.valueType(type.element);
    dtsType =
      `rt.RuntimeArrayLayout<${valueType}, ${elementType}, ${dataType(fields)}, ${block.size}>` +
      ` & { readonly arrayOffset: ${offset}; readonly elementSize: ${elementSize}; readonly stride: ${type.stride} }`;
  }

  return {
    code: `const ${local} = {\n${members.join('\n')}\n};`,
    dts: `declare const ${local}: ${dtsType};`,
  };
}
