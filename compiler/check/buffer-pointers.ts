// vk::BufferPointer<T, A> (DXC's buffer device addresses): a PhysicalStorageBuffer pointer to a T laid
// out as in a storage buffer. `p.Get()` is the T it points at (readable and writable); it converts
// from and to uint64_t (OpConvertUToPtr / OpConvertPtrToU); vk::static_pointer_cast (to a base
// struct, never to a greater alignment) and vk::reinterpret_pointer_cast change the pointee (OpBitcast).
// A = 0 (not given): accesses are aligned as T's layout says.
import type { Loc } from '../diagnostics.js';
import type { IrExpr } from '../ir/ir.js';
import type * as ast from '../parse/ast.js';
import { isNumeric, sameType, scalar, typeToString, type PointerType, type Type } from '../types.js';
import type { Checker } from './checker.js';
import type { ExpressionChecker } from './expressions.js';
import type { Scope } from './scope.js';
import type { Value } from './value.js';
import { refuseIncomplete } from './forward-structs.js';

const UINT64 = scalar('uint', 64);

export const BUFFER_POINTER_CALLS: ReadonlySet<string> = new Set(['vk::BufferPointer', 'vk::static_pointer_cast', 'vk::reinterpret_pointer_cast']);

/** `vk::BufferPointer<T[, A]>` from its template arguments (T a struct, array or numeric type; A a power of two). */
export function bufferPointerType(c: Checker, name: string, args: readonly ast.TemplateArg[], scope: Scope, loc: Loc): PointerType | undefined {
  const spec = args[0];
  if (!spec || spec.kind !== 'TypeSpec' || args.length > 2) {
    c.error(`'${name}' takes a type and an optional alignment: vk::BufferPointer<T[, A]>`, loc, name.length);
    return undefined;
  }
  // The pointee may be a struct not yet defined (a linked list's node points at its own type).
  c.incompleteAllowed++;
  const pointee = c.resolveType(spec, scope, spec.modifiers ?? []);
  c.incompleteAllowed--;
  if (!pointee) return undefined;
  if (!isNumeric(pointee) && pointee.kind !== 'struct' && pointee.kind !== 'array' && pointee.kind !== 'pointer') {
    c.error(`a buffer pointer points at numeric values, structs, arrays or buffer pointers, not '${typeToString(pointee)}'`, spec.loc);
    return undefined;
  }
  let alignment = 0;
  const a = args[1];
  if (a) {
    alignment = a.kind === 'TypeSpec' ? -1 : (c.constantInt(a, scope) ?? -1);
    if (!(alignment > 0 && (alignment & (alignment - 1)) === 0)) {
      c.error(`the alignment of '${name}' must be a constant power of two`, a.loc);
      return undefined;
    }
  }
  return { kind: 'pointer', pointee, alignment };
}

/** `vk::BufferPointer<T, A>(address)`, `vk::static_pointer_cast<T, A>(p)`, `vk::reinterpret_pointer_cast<T, A>(p)`. */
export function checkBufferPointerCall(c: Checker, x: ExpressionChecker, name: string, args: Value[], templateArgs: readonly ast.TemplateArg[] | undefined, scope: Scope, loc: Loc): Value | undefined {
  const type = bufferPointerType(c, name, templateArgs ?? [], scope, loc);
  if (!type) return undefined;
  if (args.length !== 1) {
    c.error(`'${name}' takes 1 argument, but ${args.length} were given`, loc, name.length);
    return undefined;
  }
  const arg = args[0]!;
  if (name === 'vk::BufferPointer') {
    const address = x.convert(arg, UINT64, arg.loc, `the address of '${name}'`);
    return address && { type, loc, expr: { op: 'convert', type, arg: address }, readonly: true };
  }
  if (arg.type.kind !== 'pointer') {
    c.error(`'${name}' casts a vk::BufferPointer, not '${typeToString(arg.type)}'`, arg.loc);
    return undefined;
  }
  if (alignmentOf(type) > alignmentOf(arg.type)) {
    c.error(`a buffer pointer cannot be cast to a greater alignment (${alignmentOf(arg.type)} to ${alignmentOf(type)})`, loc, name.length);
    return undefined;
  }
  if (name === 'vk::static_pointer_cast' && !sameType(type.pointee, arg.type.pointee) && !x.isDerivedFrom(arg.type.pointee, type.pointee)) {
    c.error(`vk::static_pointer_cast needs a base struct of '${typeToString(arg.type.pointee)}', not '${typeToString(type.pointee)}'`, loc, name.length);
    return undefined;
  }
  return { type, loc, expr: { op: 'convert', type, arg: x.rvalue(arg) }, readonly: true };
}

/** The alignment a pointer's root accesses state (0 in the type: T's own, which only a layout can tell; taken as 1 for casts). */
function alignmentOf(t: PointerType): number {
  return t.alignment || 1;
}

/** `p.Get()`: the pointee, a place in PhysicalStorageBuffer memory. */
export function bufferPointerMethod(c: Checker, x: ExpressionChecker, obj: Value, method: string, args: Value[], loc: Loc): Value | undefined {
  const t = obj.type as PointerType;
  if (method !== 'Get') {
    c.error(`no method named '${method}' in '${typeToString(t)}'`, loc, method.length);
    return undefined;
  }
  if (args.length !== 0) {
    c.error(`'Get' takes no arguments, but ${args.length} were given`, loc, 3);
    return undefined;
  }
  // A struct declared but never defined has no layout to read or write.
  if (t.pointee.kind === 'struct' && refuseIncomplete(c, t.pointee, loc, method.length)) return undefined;
  // Evaluated once, even when the place is read and written (`p.Get() += 1`).
  const value = x.rvalue(obj);
  const address = value.op === 'load' || value.op === 'const' ? value : x.spill(value, t);
  // A temporary copy may point where any other pointer does: AliasedPointer, never a restrict promise.
  if (address !== value && address.op === 'load' && address.place.kind === 'local') address.place.local.aliasedPointer = true;
  return { type: t.pointee, loc, place: { kind: 'address', address, alignment: t.alignment, type: t.pointee }, readonly: false };
}

/** Explicit casts between buffer pointers and uint64_t (DXC's IntegralToBufferPointer / BufferPointerToIntegral). */
export function pointerConversion(from: Type, to: Type, e: IrExpr): IrExpr | undefined {
  const integral = (t: Type) => t.kind === 'scalar' && t.base !== 'bool' && t.base !== 'float' && t.width === 64;
  if (to.kind === 'pointer' && integral(from)) return { op: 'convert', type: to, arg: e };
  if (from.kind === 'pointer' && integral(to)) return { op: 'convert', type: to, arg: e };
  return undefined;
}
