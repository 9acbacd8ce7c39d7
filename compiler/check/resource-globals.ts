// The IR global of a resource declaration (manual, buffer and texture sections): textures and samplers
// are handles; ConstantBuffer<T>/TextureBuffer<T> hold T itself, structured buffers `{ T data[]; }`,
// byte-address buffers `{ uint data[]; }`, named as DXC names their block types. Arrays of resources
// wrap the block in the declared array dimensions.
import type { Loc } from '../diagnostics.js';
import type { BufferForm, IrGlobal } from '../ir/ir.js';
import { arrayOf, scalar, type ResourceType, type Type } from '../types.js';
import type { Checker } from './checker.js';

export function isBufferResource(kind: string): boolean {
  return kind.endsWith('Buffer') && kind !== 'Buffer' && kind !== 'RWBuffer';
}

function innermost(t: Type): Type {
  return t.kind === 'array' ? innermost(t.element) : t;
}

function wrapArrays(declared: Type, inner: Type): Type {
  return declared.kind === 'array' ? arrayOf(wrapArrays(declared.element, inner), declared.length) : inner;
}

/** The resource global of declared type `t` (a resource, or an array of them). */
export function resourceGlobal(c: Checker, name: string, t: Type, loc: Loc): IrGlobal {
  const res = innermost(t);
  if (res.kind === 'resource' && isBufferResource(res.resource)) {
    const global = bufferGlobal(c, name, res, t, loc);
    // Rasterizer-ordered buffers: their accesses run inside the fragment interlock (spirv/interlock.ts).
    if (res.rasterizerOrdered) global.rasterizerOrdered = true;
    return global;
  }
  return { id: c.newId(), name, type: t, space: 'handle', readonly: res.kind === 'resource' ? !res.resource.startsWith('RW') : true, loc };
}

function bufferGlobal(c: Checker, name: string, res: ResourceType, declared: Type, loc: Loc): IrGlobal {
  const elementName = res.element.kind === 'struct' ? res.element.name : typeNameOf(res.element);
  const kind = res.resource;
  let type: Type;
  let typeName: string;
  if (kind === 'ConstantBuffer' || kind === 'TextureBuffer') {
    type = res.element;
    typeName = `type.${kind}.${elementName}`;
  } else if (kind === 'ByteAddressBuffer' || kind === 'RWByteAddressBuffer') {
    type = { kind: 'struct', name: `type.${kind}`, fields: [{ name: '', type: arrayOf(scalar('uint'), null) }], id: c.newId() };
    typeName = `type.${kind}`;
  } else {
    typeName = `type.${kind}.${elementName}`;
    type = { kind: 'struct', name: typeName, fields: [{ name: '', type: arrayOf(res.element, null) }], id: c.newId() };
  }
  if (declared.kind === 'array') type = wrapArrays(declared, type);
  const readonly = !(kind.startsWith('RW') || kind === 'AppendStructuredBuffer' || kind === 'ConsumeStructuredBuffer');
  return {
    id: c.newId(),
    name,
    type,
    space: kind === 'ConstantBuffer' ? 'uniform' : 'storage',
    buffer: kind as BufferForm,
    typeName,
    readonly,
    loc,
  };
}

/** DXC's spelling of an element type inside block type names (`v4float`, `mat3v4float`). */
function typeNameOf(t: Type): string {
  switch (t.kind) {
    case 'scalar':
      return ({ bool: 'bool', int: 'int', uint: 'uint', float: 'float' } as const)[t.base] + (t.width === 32 || t.base === 'bool' ? '' : t.width === 64 ? '64' : '16');
    case 'vector':
      return `v${t.size}${typeNameOf(t.element)}`;
    case 'matrix':
      return `mat${t.rows}v${t.cols}${typeNameOf(t.element)}`;
    case 'struct':
      return t.name;
    case 'array':
      return `_arr_${typeNameOf(t.element)}`;
    default:
      return t.kind;
  }
}
