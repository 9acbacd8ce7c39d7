// Types only some stages have: a geometry shader's output streams (`TriangleStream<T>` and its
// `Append`/`RestartStrip` methods) and tessellation's patches (`InputPatch<T, N>`/`OutputPatch<T, N>`,
// typed as arrays `T[N]`: indexing is their only operation; the stage payload remembers which
// parameter was a patch).
import type { Loc } from '../diagnostics.js';
import type * as ast from '../parse/ast.js';
import { arrayOf, typeToString, type StreamType, type Type } from '../types.js';
import type { Checker } from './checker.js';
import type { ExpressionChecker } from './expressions.js';
import type { Scope } from './scope.js';
import { voidValue } from './texture-methods.js';
import type { Value } from './value.js';

const STREAMS: Record<string, StreamType['topology']> = { PointStream: 'point', LineStream: 'line', TriangleStream: 'triangle' };

export function stageTemplateType(c: Checker, spec: ast.TypeSpec, scope: Scope): Type | undefined {
  const args = spec.templateArgs ?? [];
  const first = args[0];
  const element = first?.kind === 'TypeSpec' ? c.resolveType(first, scope, first.modifiers ?? []) : undefined;
  const topology = STREAMS[spec.name];
  if (topology) {
    if (args.length !== 1 || !element) {
      if (!element && first?.kind === 'TypeSpec') return undefined;
      c.error(`'${spec.name}' takes one template argument, the vertex type`, spec.loc, spec.name.length);
      return undefined;
    }
    return { kind: 'stream', topology, element };
  }
  if (args.length !== 2 || !element || args[1]!.kind === 'TypeSpec') {
    if (!element && first?.kind === 'TypeSpec') return undefined;
    c.error(`'${spec.name}' takes two template arguments, the control-point type and their count`, spec.loc, spec.name.length);
    return undefined;
  }
  const n = c.constantInt(args[1] as ast.Expr, scope);
  if (n === undefined) return undefined;
  if (n < 1 || n > 32) {
    c.error(`'${spec.name}' control-point count must be from 1 to 32`, args[1]!.loc);
    return undefined;
  }
  return arrayOf(element, n);
}

/** Whether a type is or holds an output stream. */
export function holdsStream(t: Type): boolean {
  if (t.kind === 'stream') return true;
  if (t.kind === 'array') return holdsStream(t.element);
  return t.kind === 'struct' && t.fields.some((f) => holdsStream(f.type));
}

/**
 * Streams exist only as a geometry entry's `inout` parameter (and helper parameters it is passed
 * to): a stream variable or member would be a stream no stage writes. True after reporting one.
 */
export function refuseStreamVariable(c: Checker, t: Type, name: string, loc: Loc): boolean {
  if (!holdsStream(t)) return false;
  c.error(`'${name}' of type '${typeToString(t)}': an output stream can only be a geometry shader's inout parameter`, loc, name.length || 1);
  return true;
}

/** `stream.Append(v)` and `stream.RestartStrip()`. */
export function streamMethod(c: Checker, x: ExpressionChecker, obj: Value, t: StreamType, callee: ast.MemberExpr, args: Value[], loc: Loc): Value | undefined {
  if (!obj.place) {
    c.error(`'${callee.member}' needs the stream parameter, not a temporary`, obj.loc);
    return undefined;
  }
  if (callee.member === 'Append') {
    if (args.length !== 1) {
      c.error(`'Append' of '${typeToString(t)}' takes 1 argument, but ${args.length} were given`, loc);
      return undefined;
    }
    const value = x.convert(args[0]!, t.element, args[0]!.loc, 'Append argument');
    if (!value) return undefined;
    x.emitBefore({ op: 'emitVertex', stream: obj.place, value });
    return voidValue(loc);
  }
  if (callee.member === 'RestartStrip') {
    if (args.length !== 0) {
      c.error(`'RestartStrip' takes no arguments`, loc);
      return undefined;
    }
    x.emitBefore({ op: 'endPrimitive', stream: obj.place });
    return voidValue(loc);
  }
  c.error(`no method '${callee.member}' on '${typeToString(t)}'; streams have Append and RestartStrip`, callee.memberLoc, callee.member.length);
  return undefined;
}
