// IR functions as WGSL: statements (structured control flow, HLSL switch fallthrough lowered by
// duplicating the cases fallen into), places (WGSL references, buffer word views, texels) and
// expressions, each evaluated once into a `let` in IR order. `out`/`inout` parameters are
// `ptr<function, T>`; callers pass a temporary and copy back, as the SPIR-V back end does.
import type { GuardNeed, IrCallArg, IrExpr, IrFunction, IrGlobal, IrPlace, IrStmt, IrVar } from '../ir/ir.js';
import { elementScalar, UINT, type MatrixType, type ScalarType, type Type } from '../types.js';
import { unsupported } from './errors.js';
import { f32ToF16 } from './float-narrowing.js';
import { writeIntrinsic } from './intrinsics.js';
import { constLiteral, scalarLiteral } from './literals.js';
import { elementPlace, loadMemory, memberPlace, storeMemory, type CodeSink, type MemoryPlace } from './memory.js';
import { loadTexel, storeTexel, writeResourceCall, type TexelPlace } from './resources.js';
import { componentCount, matrixShape, memberName, vectorName } from './types.js';

/** What a function writer needs from the module writer. */
export interface ModuleScope {
  typeName(t: Type): string;
  /** A global as WGSL sees it. */
  global(g: IrGlobal): GlobalAccess;
  functionName(fn: IrFunction): string;
  enable(extension: 'f16' | 'subgroups'): void;
  /** The private copy of a stage builtin read by function code (subgroup size / invocation id). */
  builtinCopy(builtin: 'subgroup_size' | 'subgroup_invocation_id'): string;
  /** A texture used with comparisons, declared `texture_depth_*`. */
  isDepthTexture(name: string): boolean;
}

export type GlobalAccess =
  | { kind: 'variable'; name: string }
  | { kind: 'memory'; place: MemoryPlace }
  | { kind: 'value'; name: string }
  | { kind: 'handle'; name: string };

/** A WGSL reference (`v`, `(*p)`, `v.m0_x[i]`): loads and stores are plain. */
export interface RefPlace {
  kind: 'ref';
  text: string;
  type: Type;
}

export type Place = RefPlace | MemoryPlace | TexelPlace;

const SWIZZLE = 'xyzw';

export class FunctionWriter implements CodeSink {
  private readonly lines: string[] = [];
  private depth = 1;
  private counter = 0;
  private readonly locals = new Map<IrVar, string>();

  constructor(readonly scope: ModuleScope) {}

  // ------------------------------------------------------------------------------------------
  // CodeSink

  fresh(prefix: string): string {
    return `${prefix}_${this.counter++}`;
  }

  let(expr: string): string {
    if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(expr) || /^-?[0-9][0-9.e+-]*[iufh]?$/.test(expr) || expr === 'true' || expr === 'false') return expr;
    const name = this.fresh('t');
    this.line(`let ${name} = ${expr};`);
    return name;
  }

  line(code: string): void {
    if (code.startsWith('}')) this.depth--;
    this.lines.push('  '.repeat(Math.max(this.depth, 0)) + code);
    if (code.endsWith('{')) this.depth++;
  }

  typeName(t: Type): string {
    return this.scope.typeName(t);
  }

  /** A `var` of type `t` (optionally initialised), named fresh. */
  temp(t: Type, init?: string): string {
    const name = this.fresh('tmp');
    this.line(`var ${name}: ${this.typeName(t)}${init !== undefined ? ` = ${init}` : ''};`);
    return name;
  }

  // ------------------------------------------------------------------------------------------
  // Functions

  /** The WGSL text of an IR function under `name`. */
  writeFunction(fn: IrFunction, name: string): string {
    const params = fn.params.map((p) => {
      const pname = `p_${p.var.id}_${safe(p.var.name)}`;
      if (p.direction === 'in') {
        // HLSL may assign to `in` parameters; WGSL parameters are immutable: copy to a var.
        this.locals.set(p.var, `${pname}_v`);
        this.line(`var ${pname}_v = ${pname};`);
        return `${pname}: ${this.typeName(p.var.type)}`;
      }
      this.locals.set(p.var, `(*${pname})`);
      return `${pname}: ptr<function, ${this.typeName(p.var.type)}>`;
    });
    for (const v of fn.locals) {
      const lname = `v_${v.id}_${safe(v.name)}`;
      this.locals.set(v, lname);
      this.line(`var ${lname}: ${this.typeName(v.type)};`);
    }
    this.stmts(fn.body);
    const ret = fn.returnType.kind === 'void' ? '' : ` -> ${this.typeName(fn.returnType)}`;
    // A function whose end is reachable must still return a value in WGSL: HLSL leaves it undefined.
    if (fn.returnType.kind !== 'void' && fallsThrough(fn.body)) this.line(`return ${this.temp(fn.returnType)};`);
    return `fn ${name}(${params.join(', ')})${ret} {\n${this.lines.join('\n')}\n}`;
  }

  /** Body lines written so far (the entry wrapper writes its own function around them). */
  body(): string[] {
    return this.lines;
  }

  // ------------------------------------------------------------------------------------------
  // Statements

  stmts(list: IrStmt[]): void {
    for (const s of list) {
      this.stmt(s);
      if (isJump(s)) return; // the rest is unreachable (WGSL warns about it)
    }
  }

  private stmt(s: IrStmt): void {
    switch (s.op) {
      case 'store':
        return this.store(this.place(s.place), this.expr(s.value));
      case 'storeSwizzle': {
        const place = this.place(s.place);
        const value = this.expr(s.value);
        if (place.kind === 'ref') {
          // Component by component: groupshared vectors may have their other components written by other invocations.
          s.components.forEach((c, j) => this.line(`${place.text}[${c}] = ${s.components.length === 1 ? value : `${value}.${SWIZZLE[j]}`};`));
          return;
        }
        if (place.kind === 'memory') {
          // Only the written components' words are stored (other invocations may own the rest).
          s.components.forEach((c, j) => storeMemory(this, elementPlace(this, place, `${c}`), s.components.length === 1 ? value : `${value}.${SWIZZLE[j]}`));
          return;
        }
        const vt = place.type as Extract<Type, { kind: 'vector' }>;
        const old = this.load(place);
        const parts = Array.from({ length: vt.size }, (_, i) => {
          const j = s.components.indexOf(i);
          return j < 0 ? `${old}.${SWIZZLE[i]}` : s.components.length === 1 ? value : `${value}.${SWIZZLE[j]}`;
        });
        return this.store(place, `${this.typeName(vt)}(${parts.join(', ')})`);
      }
      case 'eval':
        if (s.expr.op === 'call' && s.expr.type.kind === 'void') {
          this.call(s.expr.callee, s.expr.args, s.expr.type);
          return;
        }
        this.expr(s.expr);
        return;
      case 'if': {
        const c = this.expr(s.cond);
        this.line(`if (${c}) {`);
        this.stmts(s.then);
        if (s.else.length) {
          this.line('} else {');
          this.stmts(s.else);
        }
        this.line('}');
        return;
      }
      case 'loop':
        return this.loop(s);
      case 'switch':
        return this.switchStmt(s);
      case 'break':
        return this.line('break;');
      case 'continue':
        return this.line('continue;');
      case 'return':
        if (s.value) return this.line(`return ${this.expr(s.value)};`);
        return this.line('return;');
      case 'discard':
        return this.line('discard;');
      case 'emitVertex':
      case 'endPrimitive':
        // Only geometry shaders have streams, and capabilities.ts refuses that stage first.
        throw unsupported('geometry shader output streams', undefined, 'WebGPU has no geometry stage');
    }
  }

  private loop(s: Extract<IrStmt, { op: 'loop' }>): void {
    this.line('loop {');
    this.stmts(s.body);
    if (s.continuing.length) {
      // A do-while's test (`if (!cond) break;` last) becomes `break if`; WGSL allows no other exit there.
      const last = s.continuing[s.continuing.length - 1]!;
      const exit = last.op === 'if' && last.then.length === 0 && last.else.length === 1 && last.else[0]!.op === 'break' ? last : undefined;
      const rest = exit ? s.continuing.slice(0, -1) : s.continuing;
      if (rest.some(containsExit)) throw unsupported('a break, return or discard in a loop\'s continuing statements');
      this.line('continuing {');
      this.stmts(rest);
      if (exit) this.line(`break if !(${this.expr(exit.cond)});`);
      this.line('}');
    }
    this.line('}');
  }

  private switchStmt(s: Extract<IrStmt, { op: 'switch' }>): void {
    const sel = this.expr(s.selector);
    const el = elementScalar(s.selector.type)!;
    const selType: ScalarType = { kind: 'scalar', base: el.base === 'uint' ? 'uint' : 'int', width: 32 };
    this.line(`switch (${sel}) {`);
    s.cases.forEach((k, i) => {
      const labels = k.values.map((v) => scalarLiteral(selType, v));
      if (k.isDefault) labels.push('default');
      this.line(`case ${labels.join(', ')}: {`);
      // HLSL falls through into the next case; WGSL does not: append the cases fallen into.
      let j = i;
      let body = s.cases[j]!.body;
      this.stmts(body);
      while (fallsThrough(body) && ++j < s.cases.length) {
        body = s.cases[j]!.body;
        this.stmts(body);
      }
      this.line('}');
    });
    if (!s.cases.some((k) => k.isDefault)) this.line('default: {}');
    this.line('}');
  }

  // ------------------------------------------------------------------------------------------
  // Places

  place(p: IrPlace): Place {
    switch (p.kind) {
      case 'local': {
        const name = this.locals.get(p.local);
        if (!name) throw new Error(`internal: local '${p.local.name}' has no variable`);
        return { kind: 'ref', text: name, type: p.type };
      }
      case 'global': {
        const g = this.scope.global(p.global);
        if (g.kind === 'memory') return g.place;
        if (g.kind === 'variable' || g.kind === 'value' || g.kind === 'handle') return { kind: 'ref', text: g.name, type: p.type };
        throw new Error('internal: unknown global');
      }
      case 'member': {
        const base = this.place(p.base);
        if (base.kind === 'memory') return memberPlace(base, p.index, p.type);
        if (base.kind === 'texel') throw unsupported('a struct texel member');
        return { kind: 'ref', text: `${base.text}.${memberName(fieldName(base.type, p.index), p.index)}`, type: p.type };
      }
      case 'element': {
        const base = this.place(p.base);
        const index = this.expr(p.index);
        if (base.kind === 'memory') return elementPlace(this, base, index, p.type);
        if (base.kind === 'texel') return { ...base, component: index, type: p.type };
        const bt = base.type;
        // A 1xN matrix is a vector: its only row is the vector itself; a 1x1 is a scalar.
        if (bt.kind === 'matrix' && (bt.rows === 1 || matrixShape(bt) === 'scalar')) return { ...base, type: p.type };
        return { kind: 'ref', text: `${base.text}[${index}]`, type: p.type };
      }
      case 'texel': {
        const image = this.place(p.image);
        if (image.kind !== 'ref') throw new Error('internal: texel of a non-handle');
        return { kind: 'texel', image: image.text, resource: image.type, coord: this.expr(p.coord), type: p.type };
      }
      case 'address':
        throw unsupported('memory at a device address (vk::RawBufferLoad/Store, vk::BufferPointer)', undefined, 'WebGPU has no buffer device addresses');
    }
  }

  load(place: Place): string {
    if (place.kind === 'memory') return loadMemory(this, place);
    if (place.kind === 'texel') return loadTexel(this, place);
    return this.let(place.text);
  }

  store(place: Place, value: string): void {
    if (place.kind === 'memory') return storeMemory(this, place, value);
    if (place.kind === 'texel') return storeTexel(this, place, value);
    this.line(`${place.text} = ${value};`);
  }

  // ------------------------------------------------------------------------------------------
  // Expressions

  expr(e: IrExpr): string {
    switch (e.op) {
      case 'const':
        return constLiteral(e.value, (t) => this.typeName(t));
      case 'load':
        return this.load(this.place(e.place));
      case 'unary':
        return this.unary(e);
      case 'binary':
        return this.binary(e.operator, e.type, e.left.type, this.expr(e.left), this.expr(e.right), e.guard);
      case 'convert':
        return this.convert(this.expr(e.arg), e.arg.type, e.type, e.guard);
      case 'construct':
        return this.construct(e.type, e.parts.map((p) => this.expr(p)));
      case 'extract': {
        const arg = this.expr(e.arg);
        return this.let(this.extract(arg, e.arg.type, e.index));
      }
      case 'dynamicExtract': {
        const arg = this.expr(e.arg);
        const index = this.expr(e.index);
        const at = e.arg.type;
        if (at.kind === 'vector') return this.let(`${arg}[${index}]`);
        if (at.kind === 'matrix' && at.rows === 1) return arg;
        // Arrays and matrices are indexed dynamically through a variable.
        const tmp = this.temp(at, arg);
        return this.let(`${tmp}[${index}]`);
      }
      case 'swizzle': {
        const v = this.expr(e.arg);
        if (e.arg.type.kind !== 'vector') return this.splat(v, e.type);
        return this.let(`${v}.${e.components.map((c) => SWIZZLE[c]).join('')}`);
      }
      case 'splat':
        return this.splat(this.expr(e.arg), e.type);
      case 'select': {
        const c = this.expr(e.cond);
        const a = this.expr(e.then);
        const b = this.expr(e.else);
        if (e.type.kind === 'scalar' || e.type.kind === 'vector' || (e.type.kind === 'matrix' && matrixShape(e.type) !== 'matrix' && matrixShape(e.type) !== 'array')) {
          return this.let(`select(${b}, ${a}, ${c})`);
        }
        if (e.cond.type.kind !== 'scalar') {
          // A component-wise select on a matrix: row by row.
          return this.perRow(e.type, [c, a, b], [e.cond.type, e.type, e.type], (_, [cr, ar, br]) => `select(${br}, ${ar}, ${cr})`);
        }
        const tmp = this.temp(e.type, b);
        this.line(`if (${c}) { ${tmp} = ${a}; }`);
        return this.let(tmp);
      }
      case 'call':
        return this.call(e.callee, e.args, e.type);
      case 'intrinsic':
        return writeIntrinsic(this, e);
      case 'resource':
        return writeResourceCall(this, e);
      case 'spirv':
        throw unsupported(`inline SPIR-V (vk::ext_instruction ${e.instruction.set ? `${e.instruction.set} ` : ''}${e.instruction.opcode})`, e.loc, 'WGSL has no inline SPIR-V');
      case 'printf':
        throw unsupported('printf', e.loc, 'WGSL has no debug printf');
      case 'interpolate':
        throw e.mode === 'vertex' || e.mode === 'vertices'
          ? unsupported('GetAttributeAtVertex', e.loc, 'WGSL has no per-vertex fragment inputs')
          : unsupported(`EvaluateAttribute${e.mode === 'sample' ? 'AtSample' : e.mode === 'centroid' ? 'Centroid' : 'Snapped'}`, e.loc, 'WGSL has no interpolateAt functions');
    }
  }

  extract(arg: string, t: Type, index: number): string {
    switch (t.kind) {
      case 'vector':
        return `${arg}.${SWIZZLE[index]}`;
      case 'struct':
        return `${arg}.${memberName(t.fields[index]!.name, index)}`;
      case 'array':
        return `${arg}[${index}]`;
      case 'matrix':
        if (t.rows === 1) return arg;
        if (matrixShape(t) === 'vector') return `${arg}[${index}]`;
        return `${arg}[${index}]`;
      default:
        throw new Error(`internal: extract from ${t.kind}`);
    }
  }

  private unary(e: Extract<IrExpr, { op: 'unary' }>): string {
    // Negated constants are folded here: WGSL constant folding loses the sign of -(0.0).
    if (e.operator === 'neg' && e.arg.op === 'const' && e.arg.value.kind === 'scalar' && typeof e.arg.value.value === 'number') {
      return constLiteral({ ...e.arg.value, value: -e.arg.value.value }, (t) => this.typeName(t));
    }
    const arg = this.expr(e.arg);
    const op = e.operator === 'lognot' ? '!' : e.operator === 'bitnot' ? '~' : '-';
    // WGSL has no unary minus on unsigned integers: HLSL's wraps, as 0 - x does.
    const unsigned = e.operator === 'neg' && elementScalar(e.type)?.base === 'uint';
    return this.perRow(e.type, [arg], [e.arg.type], (rt, [a]) => (unsigned ? `${vectorName(elementScalar(rt)!, componentCount(rt))}(0u) - ${a}` : `${op}(${a})`));
  }

  /** `guard` 'none': the shift amount is known to be below the width (opt/guard-elision.ts), no mask. */
  binary(op: Extract<IrExpr, { op: 'binary' }>['operator'], type: Type, operandType: Type, l: string, r: string, guard?: GuardNeed): string {
    const el = elementScalar(operandType)!;
    return this.perRow(type, [l, r], [operandType, operandType], (rowType, [a, b]) => {
      const n = componentCount(rowType);
      switch (op) {
        case 'add':
          return `${a} + ${b}`;
        case 'sub':
          return `${a} - ${b}`;
        case 'mul':
          return `${a} * ${b}`;
        case 'div':
        case 'rem': {
          // WGSL defines a / 0 = a, a % 0 = 0, INT_MIN / -1 = INT_MIN, INT_MIN % -1 = 0 and a truncated %:
          // the definition the SPIR-V back end applies too (spirv/defined-arithmetic.ts), so both agree.
          return `${a} ${op === 'div' ? '/' : '%'} ${b}`;
        }
        case 'shl':
        case 'shr': {
          // HLSL masks the shift amount to the operand's width; WGSL wants it u32 and in range.
          const unsigned = `${vectorName(UINT, n)}(${b})`;
          const amount = guard === 'none' ? unsigned : `${unsigned} & ${vectorName(UINT, n)}(${el.width - 1}u)`;
          return `${a} ${op === 'shl' ? '<<' : '>>'} (${amount})`;
        }
        case 'bitand':
          return `${a} & ${b}`;
        case 'bitor':
          return `${a} | ${b}`;
        case 'bitxor':
          return `${a} ^ ${b}`;
        case 'logand':
          return `${a} & ${b}`;
        case 'logor':
          return `${a} | ${b}`;
        case 'eq':
          return `${a} == ${b}`;
        case 'ne':
          return `${a} != ${b}`;
        case 'lt':
          return `${a} < ${b}`;
        case 'le':
          return `${a} <= ${b}`;
        case 'gt':
          return `${a} > ${b}`;
        case 'ge':
          return `${a} >= ${b}`;
      }
    });
  }

  /**
   * A component-wise operation: WGSL operators do not work component-wise on matrices (`*` is the
   * matrix product, `/` and comparisons are absent), so a matrix is done HLSL row by row.
   */
  perRow(type: Type, args: string[], argTypes: Type[], f: (rowType: Type, args: string[]) => string): string {
    const mt = argTypes.find((t) => t.kind === 'matrix' && (matrixShape(t) === 'matrix' || matrixShape(t) === 'array')) as MatrixType | undefined;
    if (!mt) return this.let(f(type, args));
    const el = elementScalar(type)!;
    const rowType: Type = { kind: 'vector', element: el, size: mt.cols as 2 | 3 | 4 };
    const rows = Array.from({ length: mt.rows }, (_, r) =>
      this.let(f(rowType, args.map((a, i) => (argTypes[i]!.kind === 'matrix' ? `${a}[${r}]` : a)))),
    );
    return this.let(`${this.typeName(type)}(${rows.join(', ')})`);
  }

  /** `guard` (float → int): 'none' converts bare, 'nan' keeps only NaN → 0 (opt/guard-elision.ts). */
  convert(value: string, from: Type, to: Type, guard?: GuardNeed): string {
    const fs = elementScalar(from);
    const ts = elementScalar(to);
    if (!fs || !ts) throw new Error('internal: conversion of a non-numeric type');
    if (fs.base === ts.base && fs.width === ts.width) return value;
    return this.perRow(to, [value], [from], (rt, [v]) => {
      const n = componentCount(rt);
      const target = vectorName(ts, n);
      if (ts.base === 'bool') return `${v} != ${vectorName(fs, n)}(${scalarLiteral(fs, 0)})`;
      if (fs.base === 'bool') return `select(${target}(${scalarLiteral(ts, 0)}), ${target}(${scalarLiteral(ts, 1)}), ${v})`;
      if (fs.base === 'float' && ts.base !== 'float' && guard === 'nan') {
        // Classified by bits: WGSL may assume no NaN (see saturatingFloatToInt).
        const f = fs.width === 32 ? v : `${vectorName({ kind: 'scalar', base: 'float', width: 32 }, n)}(${v})`;
        const u = vectorName(UINT, n);
        return `select(${target}(${f}), ${target}(${scalarLiteral(ts, 0)}), (bitcast<${u}>(${f}) & ${u}(0x7fffffffu)) > ${u}(0x7f800000u))`;
      }
      if (fs.base === 'float' && ts.base !== 'float' && guard !== 'none') return this.saturatingFloatToInt(v, fs, ts, n);
      if (fs.base === 'float' && ts.base === 'float' && fs.width === 32 && ts.width === 16) return f32ToF16(this, v, n);
      return `${target}(${v})`;
    });
  }

  /**
   * float → i32/u32 as the SPIR-V back end defines it (D3D's rule): saturating to the integer range,
   * NaN → 0. WGSL's own conversion clamps to the largest float below the range (2147483520, not
   * INT_MAX) and leaves NaN to the implementation, which may also assume there are none: so the
   * value is classified by its bits (magnitude ≥ 2^31 is 0x4f000000, ≥ 2^32 is 0x4f800000).
   */
  private saturatingFloatToInt(v: string, fs: ScalarType, ts: ScalarType, n: number): string {
    const u = vectorName(UINT, n);
    const f = fs.width === 32 ? v : `${vectorName({ kind: 'scalar', base: 'float', width: 32 }, n)}(${v})`;
    const bits = this.let(`bitcast<${u}>(${f})`);
    const magnitude = this.let(`${bits} & ${u}(0x7fffffffu)`);
    const negative = `(${bits} >> ${u}(31u)) == ${u}(1u)`;
    const nan = `${magnitude} > ${u}(0x7f800000u)`;
    const target = vectorName(ts, n);
    const converted = ts.base === 'int'
      ? `select(${target}(${f}), select(${target}(2147483647), ${target}(-2147483648), ${negative}), ${magnitude} >= ${u}(0x4f000000u))`
      : `select(select(${target}(${f}), ${target}(0xffffffffu), ${magnitude} >= ${u}(0x4f800000u)), ${target}(0u), ${negative})`;
    return `select(${converted}, ${target}(${scalarLiteral(ts, 0)}), ${nan})`;
  }

  construct(type: Type, parts: string[]): string {
    if (type.kind === 'scalar') return parts[0]!;
    if (type.kind === 'matrix') {
      const shape = matrixShape(type);
      if (shape === 'scalar' || (shape === 'vector' && type.rows === 1)) return parts[0]!;
    }
    return this.let(`${this.typeName(type)}(${parts.join(', ')})`);
  }

  splat(s: string, t: Type): string {
    if (t.kind === 'scalar') return s;
    if (t.kind === 'vector') return this.let(`${this.typeName(t)}(${s})`);
    if (t.kind === 'matrix') {
      const shape = matrixShape(t);
      if (shape === 'scalar') return s;
      if (shape === 'vector') return this.let(`${vectorName(t.element, t.rows * t.cols)}(${s})`);
      const row = this.let(`${vectorName(t.element, t.cols)}(${s})`);
      return this.let(`${this.typeName(t)}(${Array(t.rows).fill(row).join(', ')})`);
    }
    throw new Error(`internal: splat to ${t.kind}`);
  }

  /** Copy-in/copy-out through function variables, as HLSL's out/inout semantics require. */
  private call(callee: IrFunction, args: IrCallArg[], type: Type): string {
    const passed: string[] = [];
    const back: { tmp: string; place: Place }[] = [];
    args.forEach((a, i) => {
      const p = callee.params[i]!;
      if (a.kind === 'value') {
        // A pointer parameter (out/inout, or `this` of a method called on a temporary) gets a
        // temporary holding the value; nothing is written back.
        if (p.direction !== 'in') passed.push(`&${this.temp(p.var.type, this.expr(a.value))}`);
        else passed.push(this.expr(a.value));
        return;
      }
      const place = this.place(a.place);
      const tmp = this.temp(p.var.type, p.direction === 'inout' ? this.load(place) : undefined);
      passed.push(`&${tmp}`);
      back.push({ tmp, place });
    });
    const call = `${this.scope.functionName(callee)}(${passed.join(', ')})`;
    let result = '';
    if (type.kind === 'void') this.line(`${call};`);
    else {
      result = this.fresh('t');
      this.line(`let ${result} = ${call};`);
    }
    for (const b of back) this.store(b.place, b.tmp);
    return result;
  }
}

function fieldName(t: Type, index: number): string {
  if (t.kind !== 'struct') throw new Error(`internal: member of ${t.kind}`);
  return t.fields[index]!.name;
}

function safe(name: string): string {
  return name.replace(/[^A-Za-z0-9_]/g, '_').replace(/_+/g, '_').replace(/^_+|_+$/g, '') || 'v';
}

function isJump(s: IrStmt): boolean {
  return s.op === 'break' || s.op === 'continue' || s.op === 'return' || s.op === 'discard';
}

/** Whether control can reach the end of a statement list (conservatively: yes unless provably not). */
export function fallsThrough(list: IrStmt[]): boolean {
  const last = list[list.length - 1];
  if (!last) return true;
  if (isJump(last)) return false;
  if (last.op === 'if') return fallsThrough(last.then) || fallsThrough(last.else);
  if (last.op === 'switch') return switchFallsThrough(last);
  return true;
}

/**
 * Whether a switch's end is reachable as WGSL's behaviour analysis sees it: without a default, or when
 * a case (with the cases it falls into, as switchStmt writes them) reaches its end or breaks out.
 */
function switchFallsThrough(s: Extract<IrStmt, { op: 'switch' }>): boolean {
  if (!s.cases.some((k) => k.isDefault)) return true;
  return s.cases.some((_, i) => {
    for (let j = i; j < s.cases.length; j++) {
      const body = s.cases[j]!.body;
      if (breaksOut(body)) return true;
      if (!fallsThrough(body)) return false;
    }
    return true;
  });
}

/** A `break` that leaves the enclosing switch (not one of a nested loop or switch). */
function breaksOut(list: IrStmt[]): boolean {
  return list.some((s) => s.op === 'break' || (s.op === 'if' && (breaksOut(s.then) || breaksOut(s.else))));
}

function containsExit(s: IrStmt): boolean {
  switch (s.op) {
    case 'break':
    case 'return':
    case 'discard':
      return true;
    case 'if':
      return s.then.some(containsExit) || s.else.some(containsExit);
    default:
      return false;
  }
}
