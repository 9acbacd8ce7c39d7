// Value conversions the function emitter makes: between numeric types (HLSL's conversions, with the
// defined results of defined-arithmetic.ts and float-narrowing.ts), and between a buffer's stored form
// of a value (laid-out aggregates, bools as uint) and its plain form.
import type { GuardNeed } from '../ir/ir.js';
import { elementScalar, type ScalarType, type Type } from '../types.js';
import { Op } from '../spirv-spec/spec.js';
import { nanToZero, saturatingFloatToInt } from './defined-arithmetic.js';
import { narrowFloat } from './float-narrowing.js';
import { componentCount, type FunctionEmitter } from './function.js';
import { conversionOpcode } from './operators.js';
import { matrixShape, type LayoutContext } from './types.js';

/** `guard` (float → int): 'none' converts bare, 'nan' keeps only NaN → 0 (opt/guard-elision.ts). */
export function convertValue(fe: FunctionEmitter, value: number, from: Type, to: Type, guard?: GuardNeed): number {
  const fs = elementScalar(from);
  const ts = elementScalar(to);
  if (!fs || !ts) throw new Error(`internal: conversion from non-numeric type`);
  return fe.perRow(to, [value], (t, [v]) => {
    const count = componentCount(t);
    if (ts.base === 'bool') {
      if (fs.base === 'bool') return v!;
      const id = fe.b.id();
      const zero = fe.zeroOf(fs, count);
      fe.f.emit(fs.base === 'float' ? Op.FOrdNotEqual : Op.INotEqual, [fe.t.type(t), id, v!, zero]);
      return id;
    }
    if (fs.base === 'bool') {
      const id = fe.b.id();
      fe.f.emit(Op.Select, [fe.t.type(t), id, v!, fe.splatConst(ts, 1, count), fe.zeroOf(ts, count)]);
      return id;
    }
    if (fs.base === 'float' && ts.base !== 'float' && fe.m.arithmetic === 'defined') {
      if (guard === undefined) return saturatingFloatToInt(fe, fs, ts, t, v!);
      if (guard === 'nan') v = nanToZero(fe, fs, t, v!);
    }
    if (fs.base === 'float' && ts.base === 'float' && ts.width < fs.width && fe.m.arithmetic === 'defined') return narrowFloat(fe, fs, ts, t, v!);
    const opcode = conversionOpcode(fs, ts);
    if (opcode === undefined) return v!;
    const id = fe.b.id();
    if (opcode === Op.UConvert && ts.base === 'int') {
      // OpUConvert yields an unsigned type: zero-extend to uint of the target width, then reinterpret.
      const unsigned: ScalarType = { ...ts, base: 'uint' };
      fe.f.emit(Op.UConvert, [count > 1 ? fe.t.vector(unsigned, count) : fe.t.scalar(unsigned), id, v!]);
      const cast = fe.b.id();
      fe.f.emit(Op.Bitcast, [fe.t.type(t), cast, id]);
      return cast;
    }
    fe.f.emit(opcode, [fe.t.type(t), id, v!]);
    return id;
  }, from);
}

/** Converts a value loaded from a buffer (laid-out aggregates, bools as uint) to its plain type. */
export function fromStorage(fe: FunctionEmitter, id: number, t: Type, ctx: LayoutContext): number {
  if (!needsConversion(t)) return id;
  if (t.kind === 'scalar' || t.kind === 'vector') {
    const zero = fe.zeroOf({ kind: 'scalar', base: 'uint', width: 32 }, t.kind === 'vector' ? t.size : 1);
    const r = fe.b.id();
    fe.f.emit(Op.INotEqual, [fe.t.type(t), r, id, zero]);
    return r;
  }
  return rebuild(fe, id, t, ctx, (part, pt) => fromStorage(fe, part, pt, ctx), false);
}

export function toStorage(fe: FunctionEmitter, id: number, t: Type, ctx: LayoutContext): number {
  if (!needsConversion(t)) return id;
  if (t.kind === 'scalar' || t.kind === 'vector') {
    const n = t.kind === 'vector' ? t.size : 1;
    const u: ScalarType = { kind: 'scalar', base: 'uint', width: 32 };
    const r = fe.b.id();
    fe.f.emit(Op.Select, [fe.t.vector(u, n), r, id, fe.splatConst(u, 1, n), fe.zeroOf(u, n)]);
    return r;
  }
  return rebuild(fe, id, t, ctx, (part, pt) => toStorage(fe, part, pt, ctx), true);
}

/** Extracts every member of an aggregate, converts it, and constructs the other variant. */
export function rebuild(fe: FunctionEmitter, id: number, t: Type, ctx: LayoutContext, convert: (part: number, t: Type) => number, toLayout: boolean): number {
  const parts: [number, Type][] =
    t.kind === 'struct'
      ? t.fields.map((f, i) => [i, f.type])
      : t.kind === 'array'
        ? Array.from({ length: t.length ?? 0 }, (_, i) => [i, t.element] as [number, Type])
        : t.kind === 'matrix'
          ? Array.from({ length: t.rows }, (_, i) => [i, { kind: 'vector', element: t.element, size: t.cols } as Type] as [number, Type])
          : [];
  const fromCtx = toLayout ? undefined : ctx;
  const ids = parts.map(([i, pt]) => {
    const e = fe.b.id();
    fe.f.emit(Op.CompositeExtract, [fe.t.type(pt, fromCtx), e, id, i]);
    return convert(e, pt);
  });
  const r = fe.b.id();
  fe.f.emit(Op.CompositeConstruct, [fe.t.type(t, toLayout ? ctx : undefined), r, ...ids]);
  return r;
}

function needsConversion(t: Type): boolean {
  switch (t.kind) {
    case 'scalar':
      return t.base === 'bool';
    case 'vector':
    case 'matrix':
      return t.element.base === 'bool' || (t.kind === 'matrix' && matrixShape(t) === 'array');
    case 'array':
      return true;
    case 'struct':
      return true;
    default:
      return false;
  }
}
