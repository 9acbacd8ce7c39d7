// One layout object per buffer block (uniform/storage buffers and push constants): its size,
// field descriptions and writer methods, emitted as JavaScript and as declarations.

import type { ArrayType, StructType } from '../../compiler/reflect/types.js';
import { dataCode, dataType } from './literal.js';
import { readProperty, stringLiteral } from './names.js';
import { fieldsInfo, memberKeys } from './type-info.js';
import type { ValueTypeEmitter } from './value-types.js';
import { typeSize, type BlockWriterNames, type WriterEmitter, type WriterNames } from './writer.js';

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
function runtimeArrayOf(block: StructType): { offset: number; key: string; type: ArrayType } | undefined {
  const last = block.members[block.members.length - 1];
  if (last === undefined || last.type.kind !== 'array' || last.type.length !== 0) return undefined;
  return { offset: last.offset, key: memberKeys(block)[block.members.length - 1]!, type: last.type };
}

/**
 * Statements packing `value` at byte `at` of the buffer `views` covers: the word-view variant when
 * `at` is 4-byte aligned and the `bytes` from there lie inside the word views, else the DataView one.
 * A constant `at` (a fresh buffer) has its alignment decided here.
 */
function dispatch(writer: WriterNames, views: string, at: string | number, bytes: string, value: string): string {
  const bytesCall = `${writer.bytes}(${views}.dv, ${at}, ${value});`;
  if (typeof at === 'number' && at % 4 !== 0) return bytesCall;
  const aligned = typeof at === 'number' ? `${at} + ${bytes} <= ${views}.f32.byteLength` : `(${at} & 3) === 0 && ${at} + ${bytes} <= ${views}.f32.byteLength`;
  const word = typeof at === 'number' ? String(at / 4) : `${at} / 4`;
  return `if (${aligned}) ${writer.words}(${views}.f32, ${views}.u32, ${views}.dv, ${word}, ${value});\n    else ${bytesCall}`;
}

/**
 * `bind()` of a block of fixed size: views of the block itself are made once, and each write is one
 * call into the block variant (constant indices), or into the DataView variant when the word views
 * are empty: an unaligned or big-endian target, or a buffer detached or shrunk since (the DataView
 * then throws rather than storing nowhere).
 */
function boundFixed(writer: BlockWriterNames, size: number, label: string): string[] {
  return [
    `  bind(target, byteOffset = 0) {`,
    `    checkRange(target, byteOffset, ${size}, ${label});`,
    `    const { f32: f, u32: u, dv } = blockViews(ArrayBuffer.isView(target) ? target.buffer : target, targetStart(target) + byteOffset, ${size});`,
    `    return { write(value) { if (f.length !== 0) ${writer.block}(f, u, dv, value); else ${writer.bytes}(dv, 0, value); } };`,
    `  },`,
  ];
}

/** `bind()` of a block ending in a runtime array: the extent comes from each value, so each write checks it. */
function boundGrowing(writer: WriterNames, size: number, arrayCheck: string[], extent: string, label: string): string[] {
  return [
    `  bind(target, byteOffset = 0) {`,
    `    checkRange(target, byteOffset, ${size}, ${label});`,
    `    const views = bufferViews(ArrayBuffer.isView(target) ? target.buffer : target);`,
    `    const at = targetStart(target) + byteOffset;`,
    `    return {`,
    `      write(value) {`,
    ...arrayCheck.map((line) => `    ${line}`),
    `        ${dispatch(writer, 'views', 'at', extent, 'value').replace('\n    else', '\n        else')}`,
    `      },`,
    `    };`,
    `  },`,
  ];
}

export function emitLayout(source: LayoutSource, writers: WriterEmitter, valueTypes: ValueTypeEmitter): EmittedLayout {
  const { block, local } = source;
  const runtimeArray = runtimeArrayOf(block);
  const fixed = runtimeArray === undefined ? writers.blockWriter(block) : undefined;
  const writer = fixed ?? writers.structWriter(block, true);
  const valueType = valueTypes.structType(block, source.exportName);
  const fields = fieldsInfo(block);
  const label = (method: string): string => stringLiteral(`${source.name}.${method}`);
  const allocation = Math.ceil(block.size / 16) * 16;
  for (const helper of ['checkRange', 'bufferViews', 'createViewCache', 'targetStart']) writers.helpers.add(helper);
  if (fixed) writers.helpers.add('blockViews');

  // The runtime array's extent is only known from the value: check it before the first store.
  const arrayCheck: string[] = [];
  let extent = String(block.size);
  if (runtimeArray !== undefined) {
    const { offset, key, type } = runtimeArray;
    const elementSize = typeSize(type.element);
    arrayCheck.push(
      `    const array = ${readProperty('value', key)};`,
      `    let end = ${block.size};`,
      `    if (array !== undefined && array.length > 0) {`,
      `      checkRange(target, byteOffset + ${offset}, (array.length - 1) * ${type.stride} + ${elementSize}, ${stringLiteral(`${source.name}.${key}`)});`,
      `      end = Math.max(end, ${offset} + (array.length - 1) * ${type.stride} + ${elementSize});`,
      `    }`,
    );
    extent = 'end';
  }

  const members = [
    `  size: ${block.size},`,
    `  fields: ${dataCode(fields, '  ')},`,
    `  write(target, value, byteOffset = 0) {`,
    `    checkRange(target, byteOffset, ${block.size}, ${label('write')});`,
    ...arrayCheck,
    `    const views = viewsOf(target);`,
    `    const at = targetStart(target) + byteOffset;`,
    // At the buffer's start (the common case) the whole-buffer views start at the block.
    ...(fixed ? [`    if (at === 0 && ${block.size} <= views.f32.byteLength) ${fixed.block}(views.f32, views.u32, views.dv, value);`, `    else ${dispatch(writer, 'views', 'at', extent, 'value')}`] : [`    ${dispatch(writer, 'views', 'at', extent, 'value')}`]),
    `  },`,
    ...(fixed ? boundFixed(fixed, block.size, label('bind')) : boundGrowing(writer, block.size, arrayCheck, extent, label('bind'))),
    `  create(value) {`,
    `    const buffer = new ArrayBuffer(${allocation});`,
    `    if (value === undefined) return buffer;`,
    `    const views = bufferViews(buffer);`,
    fixed
      ? `    if (views.f32.length !== 0) ${fixed.block}(views.f32, views.u32, views.dv, value);\n    else ${writer.bytes}(views.dv, 0, value);`
      : `    ${dispatch(writer, 'views', 0, String(block.size), 'value')}`,
    `    return buffer;`,
    `  },`,
  ];
  let dtsType = `rt.BufferLayout<${valueType}, ${dataType(fields)}, ${block.size}>`;

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
      `    const offset = byteOffset + ${offset} + index * ${type.stride};`,
      `    checkRange(target, offset, ${elementSize}, ${label('writeElement')});`,
      `    const views = viewsOf(target);`,
      `    const at = targetStart(target) + offset;`,
      `    ${dispatch(elementWriter, 'views', 'at', String(elementSize), 'value')}`,
      `  },`,
      `  createArray(count, values) {`,
      `    if (!(Number.isInteger(count) && count >= 0)) throw new RangeError(${label('createArray')} + ": count " + count + " is not a non-negative integer");`,
      `    const buffer = new ArrayBuffer(alignTo16(${offset} + count * ${type.stride}));`,
      `    if (values === undefined) return buffer;`,
      `    if (!(values.length <= count)) throw new RangeError(${label('createArray')} + ": " + values.length + " values for " + count + " elements");`,
      `    const views = bufferViews(buffer);`,
      `    for (let i = 0; i < values.length; i++) {`,
      `      const element = values[i];`,
      `      if (element === undefined) continue;`,
      `      const at = ${offset} + i * ${type.stride};`,
      `      ${dispatch(elementWriter, 'views', 'at', String(elementSize), 'element')}`,
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
