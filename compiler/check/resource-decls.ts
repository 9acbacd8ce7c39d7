// Vulkan-specific parts of resource declarations (manual, "Vulkan specific attributes"): the
// counter blocks of RW/Append/Consume structured buffers, [[vk::image_format]],
// [[vk::input_attachment_index]], globallycoherent, [[vk::push_constant]] and [[vk::constant_id]].
import type { Loc } from '../diagnostics.js';
import type { IrGlobal } from '../ir/ir.js';
import type * as ast from '../parse/ast.js';
import { INT, typeToString, type ResourceType, type StructType, type Type } from '../types.js';
import type { Checker } from './checker.js';
import { evaluateConstant } from './constant-eval.js';
import type { Scope } from './scope.js';

/** FORMAT names of the manual's `[[vk::image_format("FORMAT")]]` table. */
const IMAGE_FORMATS: ReadonlySet<string> = new Set([
  'unknown', 'rgba32f', 'rgba16f', 'r32f', 'rgba8', 'rgba8snorm', 'rg32f', 'rg16f', 'r11g11b10f', 'r16f', 'rgba16',
  'rgb10a2', 'rg16', 'rg8', 'r16', 'r8', 'rgba16snorm', 'rg16snorm', 'rg8snorm', 'r16snorm', 'r8snorm', 'rgba32i',
  'rgba16i', 'rgba8i', 'r32i', 'rg32i', 'rg16i', 'rg8i', 'r16i', 'r8i', 'rgba32ui', 'rgba16ui', 'rgba8ui', 'r32ui',
  'rgb10a2ui', 'rg32ui', 'rg16ui', 'rg8ui', 'r16ui', 'r8ui', 'r64ui', 'r64i',
]);

const COUNTED: ReadonlySet<string> = new Set(['RWStructuredBuffer', 'AppendStructuredBuffer', 'ConsumeStructuredBuffer']);

function innermost(t: Type): Type {
  return t.kind === 'array' ? innermost(t.element) : t;
}

function replaceInnermost(t: Type, inner: Type): Type {
  return t.kind === 'array' ? { ...t, element: replaceInnermost(t.element, inner) } : inner;
}

/** Applies `[[vk::image_format("…")]]` to the declared texture type (arrays of textures included). */
export function applyImageFormat(c: Checker, attributes: readonly ast.Attribute[], t: Type): Type {
  const attr = attributes.find((a) => a.name === 'vk::image_format');
  if (!attr) return t;
  const res = innermost(t);
  const arg = attr.args[0];
  if (res.kind !== 'resource' || !(res.resource.startsWith('RW') || res.resource.startsWith('Texture') || res.resource === 'Buffer') || res.resource.endsWith('StructuredBuffer') || res.resource === 'RWByteAddressBuffer') {
    c.error(`'vk::image_format' applies to textures and typed buffers, not '${typeToString(res)}'`, attr.loc);
    return t;
  }
  if (!arg || arg.kind !== 'StringLiteral' || !IMAGE_FORMATS.has(arg.value)) {
    const given = arg?.kind === 'StringLiteral' ? `'${arg.value}'` : 'a non-string argument';
    c.error(`'vk::image_format' needs one of the manual's format names (rgba8, r32f, …), not ${given}`, arg?.loc ?? attr.loc);
    return t;
  }
  return replaceInnermost(t, { ...(res as ResourceType), format: arg.value });
}

/**
 * The counter of a RW/Append/Consume structured buffer: `counter.var.<name>` of type
 * `type.ACSBuffer.counter { int }` (manual, Append/ConsumeStructuredBuffer). An array of such buffers
 * gets an array of counters of the same length (one binding, as DXC), indexed like the buffers.
 */
export function counterGlobal(c: Checker, buffer: IrGlobal, declared: Type, counterType: () => StructType): IrGlobal | undefined {
  const res = declared.kind === 'array' && declared.element.kind !== 'array' ? declared.element : declared;
  if (res.kind !== 'resource' || !COUNTED.has(res.resource)) return undefined;
  return {
    id: c.newId(),
    name: `counter.var.${buffer.name}`,
    type: declared.kind === 'array' ? { ...declared, element: counterType() } : counterType(),
    space: 'storage',
    buffer: 'Counter',
    typeName: 'type.ACSBuffer.counter',
    readonly: false,
    loc: buffer.loc,
  };
}

export function counterStruct(c: Checker): StructType {
  return { kind: 'struct', name: 'type.ACSBuffer.counter', fields: [{ name: 'counter', type: INT }], id: c.newId() };
}

/** Decorations a resource variable carries besides its binding. */
export function resourceDecorations(c: Checker, global: IrGlobal, modifiers: readonly ast.Modifier[], attributes: readonly ast.Attribute[], scope: Scope): void {
  if (modifiers.includes('globallycoherent')) global.coherent = true;
  const attachment = attributes.find((a) => a.name === 'vk::input_attachment_index');
  if (!attachment) return;
  const res = innermost(global.type);
  if (res.kind !== 'resource' || !res.resource.startsWith('Subpass')) {
    c.error(`'vk::input_attachment_index' applies to SubpassInput and SubpassInputMS only`, attachment.loc);
    return;
  }
  const index = c.attrInt(attachment, 0, scope);
  if (index !== undefined) global.inputAttachmentIndex = index;
}

/**
 * `[[vk::constant_id(N)]] const T x = default;`: a specialization constant (bool, int, uint, float scalars
 * of 16, 32 or 64 bits). DXC accepts it without `const` too; it is read-only either way.
 */
export function specConstantGlobal(c: Checker, attr: ast.Attribute, d: ast.Declarator, t: Type, scope: Scope, loc: Loc): IrGlobal | undefined {
  const id = c.attrInt(attr, 0, scope);
  if (id === undefined) return undefined;
  if (t.kind !== 'scalar') {
    c.error(`'vk::constant_id' needs a global of a bool, int, uint or float scalar type, not '${typeToString(t)}'`, d.loc, d.name.length);
    return undefined;
  }
  if (!d.init) {
    c.error(`specialization constant '${d.name}' needs a default value`, d.loc, d.name.length);
    return undefined;
  }
  const v = c.exprs.checkInitializer(d.init, t, scope);
  const init = v ? evaluateConstant(v) : undefined;
  if (!init) {
    if (v) c.error(`the default value of specialization constant '${d.name}' must be a constant`, d.init.loc);
    return undefined;
  }
  return { id: c.newId(), name: d.name, type: t, space: 'spec-constant', readonly: true, init, specId: id, loc };
}

/** `[[vk::push_constant]] S pc;`: one per shader (manual: "At most one variable can be marked as push_constant"). */
export function pushConstantGlobal(c: Checker, d: ast.Declarator, declared: Type): IrGlobal | undefined {
  // `[[vk::push_constant]] ConstantBuffer<S> pc;` is the block of S too, named after the ConstantBuffer (DXC).
  const cbuffer = declared.kind === 'resource' && declared.resource === 'ConstantBuffer' && declared.element.kind === 'struct';
  const t = cbuffer ? declared.element : declared;
  if (t.kind !== 'struct') {
    c.error(`'vk::push_constant' applies to global variables of struct type, not '${typeToString(t)}'`, d.loc, d.name.length);
    return undefined;
  }
  const first = c.globals.find((g) => g.space === 'push-constant');
  if (first) {
    const note = c.sink.note(`'${first.name}' is the first push constant block`, first.loc);
    c.sink.error(`at most one push constant block is allowed per shader; '${d.name}' is a second one`, d.loc, d.name.length, [note]);
    return undefined;
  }
  return { id: c.newId(), name: d.name, type: t, space: 'push-constant', buffer: 'PushConstant', typeName: `type.${cbuffer ? 'ConstantBuffer' : 'PushConstant'}.${t.name}`, readonly: true, loc: d.loc };
}

/** How code sees a resource variable: ConstantBuffer<T>/TextureBuffer<T> are T itself (their block is T). */
export function viewType(t: Type): Type {
  const res = innermost(t);
  if (res.kind === 'resource' && (res.resource === 'ConstantBuffer' || res.resource === 'TextureBuffer')) return replaceInnermost(t, res.element);
  return t;
}
