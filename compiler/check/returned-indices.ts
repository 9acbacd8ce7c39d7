// The run-time index of a resource a function returns (`return heap[NonUniformResourceIndex(a.y)];`)
// must mean the same thing in the caller, which names the returned array element itself (DXC inlines the
// callee, so its access chain indexes with the caller's values). An index qualifies when it is computed
// only from constants, `in` parameters the body never writes, and values no code can change (uniform
// globals at such indices): the caller recomputes it from its own arguments.
import type { IrExpr, IrPlace, IrVar } from '../ir/ir.js';
import { mapExpr } from '../ir/map.js';

/**
 * A key of an index expression equal for equal computations (`#2` for the third parameter), or
 * undefined when the caller could not recompute it. `param` gives the index of an unwritten `in`
 * parameter's variable.
 */
export function indexKey(e: IrExpr, param: (v: IrVar) => number | undefined): string | undefined {
  const parts = (list: IrExpr[]): string | undefined => {
    const keys = list.map((x) => indexKey(x, param));
    return keys.some((k) => k === undefined) ? undefined : keys.join(',');
  };
  switch (e.op) {
    case 'const':
      return e.value.kind === 'scalar' ? `${String(e.value.value)}:${typeKey(e)}` : undefined;
    case 'load':
      return placeKey(e.place, param);
    case 'intrinsic':
      // The one intrinsic an index is wrapped in; others (wave ops, derivatives) depend on where they run.
      return e.name === 'NonUniformResourceIndex' ? wrap('nonuniform', parts(e.args)) : undefined;
    case 'unary':
      return wrap(`${e.operator}:${typeKey(e)}`, parts([e.arg]));
    case 'binary':
      return wrap(`${e.operator}:${typeKey(e)}`, parts([e.left, e.right]));
    case 'convert':
    case 'splat':
      return wrap(`${e.op}:${typeKey(e)}`, parts([e.arg]));
    case 'extract':
      return wrap(`extract${e.index}`, parts([e.arg]));
    case 'swizzle':
      return wrap(`swizzle${e.components.join('')}`, parts([e.arg]));
    case 'construct':
      return wrap(`construct:${typeKey(e)}`, parts(e.parts));
    case 'dynamicExtract':
      return wrap('dynamicExtract', parts([e.arg, e.index]));
    case 'select':
      return wrap('select', parts([e.cond, e.then, e.else]));
    default:
      return undefined;
  }
}

function wrap(head: string, inner: string | undefined): string | undefined {
  return inner === undefined ? undefined : `${head}(${inner})`;
}

function typeKey(e: IrExpr): string {
  const t = e.type;
  return t.kind === 'scalar' ? `${t.base}${t.width}` : t.kind === 'vector' ? `${t.element.base}${t.element.width}x${t.size}` : t.kind;
}

function placeKey(p: IrPlace, param: (v: IrVar) => number | undefined): string | undefined {
  switch (p.kind) {
    case 'local': {
      const i = param(p.local);
      return i === undefined ? undefined : `#${i}`;
    }
    case 'global':
      return p.global.readonly && (p.global.space === 'uniform' || p.global.space === 'spec-constant') ? `g${p.global.id}` : undefined;
    case 'member': {
      const b = placeKey(p.base, param);
      return b === undefined ? undefined : `${b}.${p.index}`;
    }
    case 'element': {
      const b = placeKey(p.base, param);
      const i = indexKey(p.index, param);
      return b === undefined || i === undefined ? undefined : `${b}[${i}]`;
    }
    default:
      return undefined;
  }
}

/**
 * The caller's copy of a qualifying index: each parameter replaced by the caller's argument
 * (`argument(i)`: a scalar constant, or a load of a local holding the argument's value); constants and
 * uniform loads are shared as they are.
 */
export function rebaseIndex(e: IrExpr, param: (v: IrVar) => number | undefined, argument: (i: number) => IrExpr): IrExpr {
  const paramOf = (p: IrPlace): number | undefined => (p.kind === 'local' ? param(p.local) : undefined);
  return mapExpr(e, {
    // Part of a parameter (`a.y`, `a[1]`): the same part of the local holding the argument.
    place: (p) => {
      const i = paramOf(p);
      const arg = i === undefined ? undefined : argument(i);
      return arg?.op === 'load' ? arg.place : undefined;
    },
    // A whole scalar parameter whose argument is a constant: the constant.
    expr: (x) => {
      const i = x.op === 'load' ? paramOf(x.place) : undefined;
      return i === undefined ? undefined : argument(i);
    },
  });
}
