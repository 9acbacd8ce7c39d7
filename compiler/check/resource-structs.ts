// A global of a struct type holding resources (`struct S { Texture2D t; SamplerState s; }; S g;`):
// DXC legalises it into one resource variable per member, named `g.t`, `g.s`, bound in member
// order at consecutive bindings where the struct stands among the globals (vk.binding.global-struct-
// of-resources.*). Here each resource member becomes such a global at once, and the name `g` is a
// struct of alias cells fixed to them (resource-aliases.ts), so member access, copies and calls that
// take the struct work as for any struct holding resources. An array of such structs (`S g[2][3]`) is
// split element by element (`g[0][1].t`), and a member array of resources stays one array variable
// taking a binding per element (bindings.ts), as DXC's desc_sroa leaves them
// (vk.binding.global-struct-of-resources.2/.4/.optimized).
import type * as ast from '../parse/ast.js';
import type { IrPlace } from '../ir/ir.js';
import { typeToString, type Type } from '../types.js';
import type { Checker } from './checker.js';
import { cells, declareInvalidAlias, makeHeld } from './resource-aliases.js';
import type { Scope } from './scope.js';

/** Buffers DXC refuses in a global struct ("global structures containing buffers are not supported"). */
const BUFFERS: ReadonlySet<string> = new Set(['ConstantBuffer', 'TextureBuffer', 'StructuredBuffer', 'RWStructuredBuffer', 'AppendStructuredBuffer', 'ConsumeStructuredBuffer', 'ByteAddressBuffer', 'RWByteAddressBuffer']);

/**
 * Why a struct (or an array of structs) cannot be split, or undefined when every leaf is a texture,
 * texel buffer or sampler, or an array of them. `member` names the member being looked at.
 */
function unsupportedShape(t: Type, member?: string): string | undefined {
  if (t.kind === 'array') return t.length === null ? 'an array of structs holding resources must have a size' : unsupportedShape(t.element, member);
  if (t.kind === 'struct') {
    for (const f of t.fields) {
      const why = unsupportedShape(f.type, f.name);
      if (why) return why;
    }
    return undefined;
  }
  if (t.kind === 'resource' && BUFFERS.has(t.resource)) return `its member '${member}' is a ${t.resource}: global structures containing buffers are not supported (as in DXC)`;
  if (t.kind === 'resource' || t.kind === 'sampler') return undefined;
  return `its member '${member}' is not a resource: a global struct mixing resources and data is not supported yet`;
}

export function declareResourceStruct(c: Checker, decl: ast.VarDecl, d: ast.Declarator, t: Type, scope: Scope): void {
  const why = unsupportedShape(t) ?? (d.registers.length || decl.attributes.some((a) => a.name === 'vk::binding') ? 'an explicit binding on a global struct of resources is not supported yet' : undefined);
  if (why) {
    c.error(`global '${d.name}' of type '${typeToString(t)}' holds resources: ${why}`, d.loc, d.name.length);
    declareInvalidAlias(c, d, t, scope);
    return;
  }
  const noData = (): IrPlace => {
    throw new Error('internal: a global struct of resources has no data members');
  };
  c.splitResourceStructs = true;
  const held = makeHeld(t, d.name, noData, undefined, d.loc)!;
  for (const cell of cells(held)) {
    // The member's own global, declared where the struct stands: its binding follows the previous one.
    const member: ast.Declarator = { ...d, name: cell.name, registers: [], arrayDims: [] };
    const memberDecl: ast.VarDecl = { ...decl, attributes: decl.attributes.filter((a) => a.name !== 'vk::binding') };
    const global = c.declareResource(memberDecl, member, cell.type, scope, false);
    cell.origin = global ? { kind: 'place', place: { kind: 'global', global, type: global.type } } : { kind: 'invalid' };
    cell.fixed = `the members of global '${d.name}' are its own resources; assigning them is not supported`;
  }
  const place: IrPlace = { kind: 'local', local: { id: c.newId(), name: d.name, type: t }, type: t };
  if (scope.define({ kind: 'variable', name: d.name, type: t, place, readonly: true, loc: d.loc, held })) c.error(`redefinition of '${d.name}'`, d.loc, d.name.length);
}
