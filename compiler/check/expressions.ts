// Type-checks expressions and lowers them to IR expressions and places.
import { binaryEnumRefusal, enumResult, implicitEnumRefusal, unaryEnumRefusal, withoutEnum } from './enum-types.js';
import { holdsRayQuery } from './ray-types.js';
import { nodeAssignable } from './node-objects.js';
import type { Loc } from '../diagnostics.js';
import { NO_PLACE } from '../locations.js';
import type { BinaryOperator, IrExpr, IrPlace, IrStmt } from '../ir/ir.js';
import type * as ast from '../parse/ast.js';
import {
  BOOL,
  componentCount,
  elementScalar,
  FLOAT,
  INT,
  isNumeric,
  numericLeaves,
  sameType,
  scalar,
  typeToString,
  UINT,
  vector,
  type ScalarType,
  type StructType,
  type Type,
} from '../types.js';
import type { Checker } from './checker.js';
import { convertScalar } from './constant-eval.js';
import { commonScalar, commonShape, conversionCost, withScalar, type NumericType } from './conversions.js';
import { checkUserCall } from './calls.js';
import { checkApart, lazyLogical, lazySelect, mergeEffects, mustBeLazy } from './short-circuit.js';
import { checkIntrinsicCall, isIntrinsic } from './intrinsics.js';
import { argumentDependentLookup } from './argument-lookup.js';
import { checkPrintf } from './printf.js';
import { checkRawBufferCall, RAW_BUFFER_CALLS } from './vk-namespace.js';
import { BUFFER_POINTER_CALLS, checkBufferPointerCall, pointerConversion } from './buffer-pointers.js';
import { variableTemplateValue } from './variable-templates.js';
import { checkExecutionModeCall, checkExecutionModeIdCall } from './inline-spirv.js';
import { checkMethodCall, interlocked, isInterlocked } from './methods.js';
import { checkAccessFullyMapped } from './texture-methods.js';
import type { Scope } from './scope.js';
import { checkSizeof } from './sizeof.js';
import { isLvalue, isSimpleExpr, storeBitfield, storeScatter, toExpr, type Value } from './value.js';
import { halfValue } from './half-spelling.js';
import { operatorCall } from './operator-overloads.js';
import { flatConvert } from './flat-conversion.js';
import { checkInitializerList } from './initializer-lists.js';
import { index, member } from './member-access.js';
import { isHeapName, type HeapRef } from './descriptor-heaps.js';
import { assignHeld, checkResolved, heldValue, holdsResource, invalidate, startOf } from './resource-aliases.js';
import { constExpr, rowType, zeroConst } from './ir-constants.js';

const ARITH: Record<string, BinaryOperator> = { '+': 'add', '-': 'sub', '*': 'mul', '/': 'div', '%': 'rem' };
const BITWISE: Record<string, BinaryOperator> = { '&': 'bitand', '|': 'bitor', '^': 'bitxor', '<<': 'shl', '>>': 'shr' };
const COMPARE: Record<string, BinaryOperator> = { '<': 'lt', '>': 'gt', '<=': 'le', '>=': 'ge', '==': 'eq', '!=': 'ne' };
const UINT64 = scalar('uint', 64);

/**
 * Statements produced while checking an expression that must run before it (the write-back of
 * `out` arguments, increments). The statement lowerer drains this after each expression.
 */
export interface SideEffects {
  before: IrStmt[];
  after: IrStmt[];
}

export class ExpressionChecker {
  /** Set by the statement lowerer while a function body is lowered. */
  effects: SideEffects | undefined;
  newLocal: ((name: string, type: Type) => IrPlace) | undefined;
  /** Inside an operand that may not run (`?:` arms, the right of `&&`/`||`): resource aliases cannot change there. */
  conditionalArms = 0;
  /** The left side of the assignment being checked (resource aliases may be unset there). */
  private assignTarget: ast.Expr | undefined;

  constructor(private readonly c: Checker) {}

  rvalue(v: Value): IrExpr {
    if (v.held?.kind === 'struct' || v.held?.kind === 'array') this.c.error(`a struct holding resources ('${typeToString(v.type)}') can only be copied, passed or have its members used`, v.loc);
    return toExpr(v);
  }

  /** A struct derived (directly or not) from `base`: converts to it by taking its base part. */
  isDerivedFrom(t: Type, base: Type): boolean {
    return t.kind === 'struct' && base.kind === 'struct' && (this.c.baseDistance(t, base) ?? 0) > 0;
  }

  /** The `base` part of a value of a struct derived from it (member 0 at each step), or the value itself. */
  upcast(v: Value, base: StructType): Value {
    let r = v;
    while (r.type.kind === 'struct' && r.type.id !== base.id) {
      const parent = this.c.structBases.get(r.type.id);
      if (!parent) break;
      r = r.place
        ? { type: parent, loc: r.loc, place: { kind: 'member', base: r.place, index: 0, type: parent }, readonly: r.readonly }
        : { type: parent, loc: r.loc, expr: { op: 'extract', type: parent, arg: this.rvalue(r), index: 0 }, readonly: true };
    }
    return r;
  }

  /** A use of a resource alias must name a known global; the target of `alias = …` need not. */
  check(e: ast.Expr, scope: Scope): Value | undefined {
    const v = this.checkExpr(e, scope);
    if (v && !this.c.enable16) {
      if (!v.half && halfValue(this.c, this.checked, e, v, scope)) v.half = true;
      this.checked.set(e, v);
    }
    if (!v?.held || e === this.assignTarget) return v;
    if (v.held.kind === 'resource') v.held.reads++;
    return checkResolved(this.c, v, startOf(e)) ? v : undefined;
  }

  /** A call argument: a resource alias is not required to hold a resource yet (resource-calls.ts decides by direction). */
  checkArgument(e: ast.Expr, scope: Scope): Value | undefined {
    const saved = this.assignTarget;
    this.assignTarget = e;
    try {
      return this.check(e, scope);
    } finally {
      this.assignTarget = saved;
    }
  }

  /** Values of the subexpressions checked so far (for `half` spellings, see halfValue). */
  private readonly checked = new Map<ast.Expr, Value>();

  private checkExpr(e: ast.Expr, scope: Scope): Value | undefined {
    switch (e.kind) {
      case 'IntLiteral':
        return this.intLiteral(e);
      case 'FloatLiteral':
        return this.floatLiteral(e);
      case 'BoolLiteral':
        return constValue(BOOL, e.value, e.loc);
      case 'StringLiteral':
        this.c.error(`string literals are only allowed in attributes`, e.loc);
        return undefined;
      case 'Name':
        return this.name(e, scope);
      case 'Unary':
        return this.unary(e, scope);
      case 'Postfix':
        return this.increment(e.operand, e.op, false, e.loc, scope);
      case 'Binary':
        return this.binary(e, scope);
      case 'Assign':
        return this.assign(e, scope);
      case 'Conditional':
        return this.conditional(e, scope);
      case 'Cast':
        return this.cast(e, scope);
      case 'Construct':
        return this.construct(e, scope);
      case 'Call':
        return this.call(e, scope);
      case 'Member':
        return member(this.c, this, e, scope);
      case 'Index':
        return index(this.c, this, e, scope);
      case 'InitList':
        this.c.error(`initializer list is only allowed in a declaration`, e.loc);
        return undefined;
      case 'Sizeof':
        return checkSizeof(this.c, e, scope);
    }
  }

  // -------------------------------------------------------------------------------------------
  // Literals and names

  private intLiteral(e: ast.IntLiteral): Value {
    const suffix = e.suffix;
    const unsigned = suffix.includes('u');
    const long = suffix.includes('l');
    // HLSL 202x: C++'s literal types (DXC: no literal int; the first of int, uint, int64, uint64 that holds it).
    const modern = this.c.languageVersion >= HLSL_202X && !long;
    const t: ScalarType = modern ? cppLiteralType(e) : long ? scalar(unsigned ? 'uint' : 'int', 64) : unsigned ? UINT : INT;
    const fits = long ? e.value : BigInt.asIntN(64, e.value);
    const value = t.width === 64 ? BigInt.asIntN(64, fits) : convertScalar(fits, t);
    const v = constValue(t, value, e.loc);
    if (!suffix && !modern) v.literal = 'int';
    return v;
  }

  private floatLiteral(e: ast.FloatLiteral): Value {
    const fixed = /f(16|32|64)$/i.exec(e.text);
    if (fixed?.[1] === '16' && !this.c.enable16) this.c.error(`16-bit floating-point literal suffix '${fixed[0]}' requires '-enable-16bit-types'`, e.loc, e.text.length);
    const t = e.suffix === 'l' ? scalar('float', 64) : e.suffix === 'h' && this.c.enable16 ? scalar('float', 16) : FLOAT;
    const v = constValue(t, t.width === 64 ? e.value : Math.fround(e.value), e.loc);
    if (!e.suffix && this.c.languageVersion < HLSL_202X) v.literal = 'float';
    return v;
  }

  /** A name's symbol; `Box<int>::f` is looked up among the members of that instantiation. */
  private lookupName(e: ast.NameExpr, scope: Scope) {
    if (!e.scopeType) return scope.lookup(e.name);
    const owner = this.c.resolveType(e.scopeType, scope, []);
    // The type's error was reported (an undefined template instantiation): nothing more to say.
    if (!owner) return { kind: 'invalid' as const, name: e.name, loc: e.loc };
    const members = owner?.kind === 'struct' ? this.c.structMembers.get(owner.id) : undefined;
    const rest = e.name.split('::').slice(e.scopeType.name.split('::').length);
    return rest.length === 1 ? members?.lookupMember(rest[0]!) : members?.lookup(rest.join('::'));
  }

  name(e: ast.NameExpr, scope: Scope): Value | undefined {
    const entry = this.lookupName(e, scope);
    if (!entry && !e.scopeType && isHeapName(e.name)) return this.c.heaps.value(e.name, e.loc);
    if (!entry) {
      this.c.error(`use of undeclared identifier '${e.name}'`, e.loc, e.name.length);
      return undefined;
    }
    if (entry.kind === 'invalid') return undefined; // its declaration's error was reported
    if (entry.kind === 'varTemplate') return variableTemplateValue(this.c, entry, e, scope);
    if (entry.kind === 'variable') {
      const what = `variable '${e.name}'`;
      if (entry.held) return heldValue(this.c, entry.held, e.loc, entry.readonly);
      if (entry.constant) return { type: entry.type, loc: e.loc, expr: { op: 'const', type: entry.type, value: entry.constant }, readonly: true, what };
      if (entry.bitfield) return { type: entry.type, loc: e.loc, bitfield: { place: entry.place, field: entry.bitfield }, readonly: entry.readonly, what: `bit-field '${e.name}'` };
      return { type: entry.type, loc: e.loc, place: entry.place, readonly: entry.readonly, what };
    }
    this.c.error(`'${e.name}' is a ${entry.kind === 'functions' ? 'function' : entry.kind}, not a value`, e.loc, e.name.length);
    return undefined;
  }

  // -------------------------------------------------------------------------------------------
  // Operators

  private numericOperand(v: Value, op: string): v is Value & { type: NumericType } {
    if (isNumeric(v.type)) return true;
    this.c.error(`invalid operand of type '${typeToString(v.type)}' to operator '${op}'`, v.loc);
    return false;
  }

  /** Refuses what the enum rules refuse of a unary operator (enum-types.ts); unscoped enums go on as their underlying type. */
  private enumOperand(op: string, v: Value, loc: Loc): boolean {
    const refusal = unaryEnumRefusal(op, v.type);
    if (refusal) this.c.error(refusal, loc);
    return !refusal;
  }

  private unary(e: ast.UnaryExpr, scope: Scope): Value | undefined {
    if (e.op === '++' || e.op === '--') return this.increment(e.operand, e.op, true, e.loc, scope);
    const v = this.check(e.operand, scope);
    if (v?.type.kind === 'struct') return operatorCall(this.c, this, e.op, v, undefined, e.loc, scope);
    if (!v || !this.numericOperand(v, e.op) || !this.enumOperand(e.op, v, e.loc)) return undefined;
    if (e.op === '+') return { ...v, type: withoutEnum(v.type), place: undefined, swizzle: undefined, expr: this.rvalue(v), readonly: true };
    if (e.op === '!') {
      const t = withScalar(v.type, BOOL);
      return { type: t, loc: e.loc, expr: { op: 'unary', type: t, operator: 'lognot', arg: this.coerce(v, t) }, readonly: true };
    }
    const el = elementScalar(v.type)!;
    if (e.op === '~' && el.base === 'float') {
      this.c.error(`operator '~' requires an integer operand, not '${typeToString(v.type)}'`, e.loc);
      return undefined;
    }
    const t = el.base === 'bool' ? withScalar(v.type, INT) : withoutEnum(v.type);
    const result: Value = {
      type: t,
      loc: e.loc,
      expr: { op: 'unary', type: t, operator: e.op === '-' ? 'neg' : 'bitnot', arg: this.coerce(v, t) },
      readonly: true,
    };
    if (v.literal) result.literal = v.literal;
    return result;
  }

  private increment(target: ast.Expr, op: '++' | '--', prefix: boolean, loc: Loc, scope: Scope): Value | undefined {
    const v = this.check(target, scope);
    if (!v || !this.numericOperand(v, op) || !this.enumOperand(op, v, loc) || !this.writable(v, loc)) return undefined;
    const one = constValue(elementScalar(v.type)!, convertScalar(1, elementScalar(v.type)!), loc);
    const oldValue = this.spill(this.rvalue(v), v.type);
    const updated: IrExpr = { op: 'binary', type: v.type, operator: op === '++' ? 'add' : 'sub', left: oldValue, right: this.coerce(one, v.type) };
    this.emitBefore(this.storeTo(v, updated));
    // `++a` is `a` itself (an lvalue, as in C++): `++a = b`, `f(++a)` for an out parameter.
    if (prefix) return { ...v, loc };
    return { type: v.type, loc, expr: oldValue, readonly: true };
  }

  private binary(e: ast.BinaryExpr, scope: Scope): Value | undefined {
    if (e.op === ',') {
      const l = this.check(e.left, scope);
      if (l) this.emitBefore({ op: 'eval', expr: this.rvalue(l) });
      return this.check(e.right, scope);
    }
    if ((e.op === '&&' || e.op === '||') && this.effects && this.newLocal) {
      const l = this.check(e.left, scope);
      const { value: r, effects } = checkApart(this, e.right, scope);
      if (!l || !r) return undefined;
      if (isScalarValue(l) && isScalarValue(r) && mustBeLazy(this.rvalue(r), effects)) {
        return { type: BOOL, loc: e.loc, expr: lazyLogical(this, e.op, this.coerce(l, BOOL), r, effects), readonly: true };
      }
      mergeEffects(this, effects);
      return this.binaryValues(e.op, l, r, e.loc);
    }
    const l = this.check(e.left, scope);
    const r = this.check(e.right, scope);
    if (!l || !r) return undefined;
    if (l.type.kind === 'struct') return operatorCall(this.c, this, e.op, l, r, e.loc, scope);
    return this.binaryValues(e.op, l, r, e.loc);
  }



  binaryValues(op: Exclude<ast.BinaryOp, ','>, lv: Value, rv: Value, loc: Loc): Value | undefined {
    if (!this.numericOperand(lv, op) || !this.numericOperand(rv, op)) return undefined;
    const refusal = binaryEnumRefusal(op, lv.type, rv.type);
    if (refusal) {
      this.c.error(refusal, loc);
      return undefined;
    }
    // Enum operands take part as their underlying type (the result is no enum).
    const l = { ...lv, type: withoutEnum(lv.type) as NumericType };
    const r = { ...rv, type: withoutEnum(rv.type) as NumericType };
    const shape = commonShape(l.type, r.type);
    if (typeof shape === 'string') {
      this.c.error(`${shape}: '${typeToString(l.type)}' ${op} '${typeToString(r.type)}'`, loc);
      return undefined;
    }
    if (shape.truncated) this.c.sink.warning(`implicit truncation of vector type`, loc, 1, [], 'conversion');
    const ls = elementScalar(l.type)!;
    const rs = elementScalar(r.type)!;
    let el = commonScalar(ls, l.literal, rs, r.literal);
    let resultEl: ScalarType;
    let irOp: BinaryOperator;
    if (op in COMPARE) {
      irOp = COMPARE[op]!;
      resultEl = BOOL;
    } else if (op === '&&' || op === '||') {
      irOp = op === '&&' ? 'logand' : 'logor';
      el = BOOL;
      resultEl = BOOL;
    } else if (op in BITWISE) {
      irOp = BITWISE[op]!;
      if (el.base === 'float' || (ls.base === 'float' || rs.base === 'float')) {
        this.c.error(`operator '${op}' requires integer operands, not '${typeToString(l.type)}' and '${typeToString(r.type)}'`, loc);
        return undefined;
      }
      if (el.base === 'bool') el = INT;
      // Shifts take the left operand's type.
      if (irOp === 'shl' || irOp === 'shr') el = ls.base === 'bool' ? INT : l.literal && !r.literal ? INT : ls;
      resultEl = el;
    } else {
      irOp = ARITH[op]!;
      if (el.base === 'bool') el = INT;
      resultEl = el;
    }
    // DXC: two unscoped enums combine to the left one's type, as does a shift of one (`A | B` is still an enum).
    const keptEnum = enumResult(irOp, lv.type, rv.type);
    if (keptEnum && sameType(withoutEnum(keptEnum), resultEl)) resultEl = keptEnum;
    const operandType = withScalar(shape.shape, el);
    const resultType = withScalar(shape.shape, resultEl);
    const result: Value = {
      type: resultType,
      loc,
      expr: { op: 'binary', type: resultType, operator: irOp, left: this.coerce(l, operandType), right: this.coerce(r, operandType) },
      readonly: true,
    };
    if (l.literal && r.literal && resultEl !== BOOL) result.literal = l.literal === 'float' || r.literal === 'float' ? 'float' : 'int';
    return result;
  }

  private assign(e: ast.AssignExpr, scope: Scope): Value | undefined {
    this.assignTarget = e.target;
    const target = this.check(e.target, scope);
    this.assignTarget = undefined;
    const value = this.check(e.value, scope);
    if (target && !target.held && holdsResource(target.type)) {
      // Global resources are uniform, implicitly const (as in DXC); aliases are the local kind.
      this.c.error(`cannot assign to ${target.what ?? 'a resource'}: global resources are read-only; assign to a local resource variable instead`, startOf(e.target));
      return undefined;
    }
    if (target?.held) {
      if (e.op !== '=') this.c.error(`operator '${e.op}' cannot be applied to a resource`, e.loc);
      if (this.conditionalArms > 0) this.c.error(`the resource assigned to '${startOfName(e.target)}' here cannot be tracked statically: this operand of '?:', '&&' or '||' may not run`, startOf(e.target));
      const ok = !!value && e.op === '=' && this.conditionalArms === 0 && assignHeld(this.c, target.held, value, startOf(e.target), (st) => this.emitBefore(st), (x) => this.spill(x, x.type));
      if (!ok) invalidate(target.held);
      return ok ? value : undefined;
    }
    if (target?.type.kind === 'node' && !nodeAssignable(this.c, e, scope, this.conditionalArms > 0, startOf(e.target))) return undefined;
    if (target && holdsRayQuery(target.type)) {
      this.c.error(`a RayQuery cannot be assigned or copied: each query variable is one traversal`, startOf(e.target));
      return undefined;
    }
    if (!target || !value || !this.writable(target, target.loc)) return undefined;
    let rhs: Value | undefined = value;
    if (e.op !== '=') {
      const op = e.op.slice(0, -1) as Exclude<ast.BinaryOp, ','>;
      // `a += b` on a struct: its `operator+=` if it has one, else `a = a.operator+(b)`.
      const members = target.type.kind === 'struct' ? this.c.structMembers.get(target.type.id) : undefined;
      if (members?.lookupMember(`operator${e.op}`)?.kind === 'functions') return operatorCall(this.c, this, e.op, target, value, e.loc, scope);
      rhs = target.type.kind === 'struct'
        ? operatorCall(this.c, this, op, { ...target, readonly: true }, value, e.loc, scope)
        : this.binaryValues(op, { ...target, readonly: true }, value, e.loc);
      if (!rhs) return undefined;
    }
    const converted = this.convert(rhs, target.type, e.loc, 'assignment');
    if (!converted) return undefined;
    this.emitBefore(this.storeTo(target, converted));
    // The result is the target itself (an lvalue, as in C++): `(a += b) = c`.
    return { ...target, loc: e.loc };
  }

  private conditional(e: ast.ConditionalExpr, scope: Scope): Value | undefined {
    const cond = this.check(e.cond, scope);
    const { value: a, effects: aEffects } = checkApart(this, e.then, scope);
    const { value: b, effects: bEffects } = checkApart(this, e.else, scope);
    if (!cond || !a || !b) return undefined;
    let type: Type;
    if (isNumeric(a.type) && isNumeric(b.type)) {
      const shape = commonShape(a.type, b.type);
      if (typeof shape === 'string') {
        this.c.error(`${shape}: '${typeToString(a.type)}' and '${typeToString(b.type)}'`, e.loc);
        return undefined;
      }
      type = withScalar(shape.shape, commonScalar(elementScalar(a.type)!, a.literal, elementScalar(b.type)!, b.literal));
    } else if (holdsResource(a.type) && sameType(a.type, b.type)) {
      this.c.error(`the resource chosen by '?:' cannot be determined statically: resources must resolve to one global at compile time`, e.loc);
      return undefined;
    } else if (sameType(a.type, b.type)) type = a.type;
    else {
      this.c.error(`operands of '?:' have different types '${typeToString(a.type)}' and '${typeToString(b.type)}'`, e.loc);
      return undefined;
    }
    if (!isNumeric(cond.type)) {
      this.c.error(`condition of '?:' must be numeric, not '${typeToString(cond.type)}'`, cond.loc);
      return undefined;
    }
    const then = this.coerce(a, type);
    const other = this.coerce(b, type);
    if (cond.type.kind === 'scalar' && this.effects && this.newLocal) {
      // HLSL 2021: a scalar condition evaluates one branch only; aggregates need a branch too, as
      // OpSelect on composites with a scalar condition needs SPIR-V 1.4.
      const aggregate = type.kind !== 'scalar' && type.kind !== 'vector';
      if (aggregate || mustBeLazy(then, aEffects) || mustBeLazy(other, bEffects)) {
        const expr = lazySelect(this, this.coerce(cond, BOOL), type, { value: then, effects: aEffects }, { value: other, effects: bEffects });
        return { type, loc: e.loc, expr, readonly: true };
      }
    }
    mergeEffects(this, aEffects);
    mergeEffects(this, bEffects);
    const condType = isNumeric(type) && type.kind !== 'scalar' ? withScalar(type, BOOL) : BOOL;
    let condExpr = this.coerce(cond, cond.type.kind === 'scalar' ? BOOL : condType);
    if (cond.type.kind === 'scalar' && condType.kind === 'vector') condExpr = { op: 'splat', type: condType, arg: condExpr };
    return { type, loc: e.loc, expr: { op: 'select', type, cond: condExpr, then, else: other }, readonly: true };
  }

  private cast(e: ast.CastExpr, scope: Scope): Value | undefined {
    const base = this.c.resolveType(e.type, scope, e.type.modifiers ?? []);
    const v = this.check(e.operand, scope);
    if (!base || !v) return undefined;
    const target = e.arrayDims.length ? this.c.arrayType(base, e.arrayDims, scope, false) : base;
    if (!target) return undefined;
    if (v.heap) {
      // `(Texture2D)ResourceDescriptorHeap[i]`: the cast gives the heap element its type.
      const place = v.heap.index ? this.c.heaps.element(v.heap, target, e.loc) : this.c.heaps.untyped(v as Value & { heap: HeapRef });
      return place && { type: place.type, loc: e.loc, place, readonly: true };
    }
    // `(Base)derived` names the base part of the object (DXC): an lvalue when the operand is one, so
    // `(Base)d2 = (Base)d;` writes d2's base fields.
    if (target.kind === 'struct' && v.place && !sameType(v.type, target) && this.isDerivedFrom(v.type, target)) {
      return { ...this.upcast(v, target), loc: e.loc };
    }
    const expr = this.explicitConvert(v, target, e.loc);
    return expr && { type: target, loc: e.loc, expr, readonly: true };
  }

  private construct(e: ast.ConstructExpr, scope: Scope): Value | undefined {
    const t = this.c.resolveType(e.type, scope, []);
    if (!t) return undefined;
    const args = e.args.map((a) => this.check(a, scope));
    if (args.some((a) => !a)) return undefined;
    if ((t.kind === 'struct' || t.kind === 'pointer') && args.length === 1) {
      // `S(x)`, `vk::BufferPointer<T>(address)` through a typedef: a function-style cast, as `(S)x`.
      const expr = this.explicitConvert(args[0]!, t, e.loc);
      return expr && { type: t, loc: e.loc, expr, readonly: true };
    }
    if (!isNumeric(t)) {
      this.c.error(`cannot construct '${typeToString(t)}' with a constructor call`, e.loc);
      return undefined;
    }
    const values = args as Value[];
    if (values.length === 1 && isNumeric(values[0]!.type) && componentCount(values[0]!.type as NumericType) === 1) {
      return { type: t, loc: e.loc, expr: this.splat(this.coerce(values[0]!, elementScalar(t)!), t), readonly: true };
    }
    const expr = this.fromComponents(values, t, e.loc);
    return expr && { type: t, loc: e.loc, expr, readonly: true };
  }

  /** Builds a numeric value from the flattened components of `values` (constructors and initializer lists). */
  fromComponents(values: Value[], t: NumericType, loc: Loc): IrExpr | undefined {
    const el = elementScalar(t)!;
    const comps: IrExpr[] = [];
    for (const v of values) {
      // A struct or array of numbers gives its components in member order, as HLSL flattens it (DXC).
      if (!isNumeric(v.type) && !numericLeaves(v.type)) {
        this.c.error(`cannot use '${typeToString(v.type)}' as a component of '${typeToString(t)}'`, v.loc);
        return undefined;
      }
      comps.push(...this.components(this.rvalue(v), v.type).map((x) => this.convertExpr(x, el)));
    }
    const need = componentCount(t);
    if (comps.length !== need) {
      this.c.error(`'${typeToString(t)}' needs ${need} components, but ${comps.length} were given`, loc);
      return undefined;
    }
    return this.assemble(comps, t);
  }

  /** Splits a numeric value into its scalar components, row by row for matrices. */
  components(e: IrExpr, t: Type): IrExpr[] {
    if (t.kind === 'scalar') return [e];
    if (t.kind === 'vector') return Array.from({ length: t.size }, (_, i) => ({ op: 'extract', type: t.element, arg: e, index: i }) as IrExpr);
    if (t.kind === 'matrix') {
      const row = rowType(t);
      const out: IrExpr[] = [];
      for (let r = 0; r < t.rows; r++) out.push(...this.components({ op: 'extract', type: row, arg: e, index: r }, row));
      return out;
    }
    if (t.kind === 'struct') return t.fields.flatMap((f, i) => this.components({ op: 'extract', type: f.type, arg: e, index: i }, f.type));
    if (t.kind === 'array') return Array.from({ length: t.length ?? 0 }, (_, i) => this.components({ op: 'extract', type: t.element, arg: e, index: i }, t.element)).flat();
    return [e];
  }

  assemble(comps: IrExpr[], t: NumericType): IrExpr {
    if (t.kind === 'scalar') return comps[0]!;
    if (t.kind === 'vector') return { op: 'construct', type: t, parts: comps };
    const row = rowType(t);
    const rows: IrExpr[] = [];
    for (let r = 0; r < t.rows; r++) {
      const slice = comps.slice(r * t.cols, (r + 1) * t.cols);
      rows.push(row.kind === 'scalar' ? slice[0]! : { op: 'construct', type: row, parts: slice });
    }
    return { op: 'construct', type: t, parts: rows };
  }

  splat(scalarExpr: IrExpr, t: Type): IrExpr {
    return t.kind === 'scalar' ? scalarExpr : { op: 'splat', type: t, arg: scalarExpr };
  }

  // -------------------------------------------------------------------------------------------
  // Calls

  private call(e: ast.CallExpr, scope: Scope): Value | undefined {
    if (e.callee.kind === 'Member') return this.methodCall(e, e.callee, scope);
    if (e.callee.kind !== 'Name') {
      this.c.error(`called object is not a function`, e.callee.loc);
      return undefined;
    }
    const name = e.callee.name;
    const entry = this.lookupName(e.callee, scope);
    if (!entry && name === 'printf') return checkPrintf(this.c, this, e, scope);
    if (entry?.kind === 'variable' && entry.type.kind === 'struct') {
      // `f(args)` on a struct value: its `operator()`.
      const self = this.check(e.callee, scope);
      const args = e.args.map((a) => this.check(a, scope));
      if (!self || args.some((a) => !a)) return undefined;
      return operatorCall(this.c, this, '()', self, args as Value[], e.loc, scope);
    }
    // A user function's resource argument is resolved by the call: an `out` one may be unassigned yet.
    const args = e.args.map((a) => (entry?.kind === 'functions' ? this.checkArgument(a, scope) : this.check(a, scope)));
    if (entry?.kind === 'invalid') return undefined; // a function whose signature had an error
    if (args.some((a) => !a)) return undefined;
    const values = args as Value[];
    const found = entry ?? (e.callee.scopeType || name.includes('::') ? undefined : argumentDependentLookup(this.c, name, values));
    if (found?.kind === 'functions') {
      return checkUserCall(this.c, this, found.overloads, values, { name, loc: e.loc, scope, ...(e.callee.templateArgs ? { templateArgs: e.callee.templateArgs } : {}) });
    }
    if (!entry && isInterlocked(name)) return interlocked(this.c, this, name, values, e.loc);
    if (!entry && name === 'CheckAccessFullyMapped') return checkAccessFullyMapped(this.c, this, values, e.loc);
    if (!entry && RAW_BUFFER_CALLS.has(name)) return checkRawBufferCall(this.c, this, name, values, e.callee.templateArgs, scope, e.loc);
    if (!entry && name === 'vk::ext_execution_mode') return checkExecutionModeCall(this.c, this, values, e.loc);
    if (!entry && name === 'vk::ext_execution_mode_id') return checkExecutionModeIdCall(this.c, this, values, e.loc);
    if (!entry && BUFFER_POINTER_CALLS.has(name)) return checkBufferPointerCall(this.c, this, name, values, e.callee.templateArgs, scope, e.loc);
    if (!entry && isIntrinsic(name)) return checkIntrinsicCall(this.c, this, name, values, e.loc);
    if (!entry) this.c.error(`use of undeclared identifier '${name}'`, e.callee.loc, name.length);
    else this.c.error(`'${name}' is not a function`, e.callee.loc, name.length);
    return undefined;
  }

  private methodCall(e: ast.CallExpr, callee: ast.MemberExpr, scope: Scope): Value | undefined {
    const obj = this.check(callee.object, scope);
    if (!obj) return undefined;
    if (obj.type.kind === 'struct') return this.structMethodCall(e, callee, obj, scope);
    const args = e.args.map((a) => this.check(a, scope));
    if (args.some((a) => !a)) return undefined;
    return checkMethodCall(this.c, this, obj, callee, args as Value[], scope, callee.memberLoc);
  }

  /** `obj.f(args)` on a struct: its member functions. */
  private structMethodCall(e: ast.CallExpr, callee: ast.MemberExpr, obj: Value, scope: Scope): Value | undefined {
    const t = obj.type as StructType;
    // Member functions of the struct, else of its bases (found through the chained member scopes).
    const entry = this.c.structMembers.get(t.id)?.lookupMember(callee.member);
    if (entry?.kind !== 'functions') {
      this.c.error(`no member function named '${callee.member}' in '${typeToString(t)}'`, callee.memberLoc, callee.member.length);
      return undefined;
    }
    const args = e.args.map((a) => this.check(a, scope));
    if (args.some((a) => !a)) return undefined;
    const site = { name: callee.member, loc: callee.memberLoc, scope, self: obj, ...(callee.templateArgs ? { templateArgs: callee.templateArgs } : {}) };
    return checkUserCall(this.c, this, entry.overloads, args as Value[], site);
  }

  // -------------------------------------------------------------------------------------------
  // Member access, swizzles, indexing

  // -------------------------------------------------------------------------------------------
  // Conversions

  /** Implicit conversion for assignment, initialization, arguments and returns (warns on truncation). */
  convert(v: Value, to: Type, loc: Loc, context: string): IrExpr | undefined {
    const refusal = implicitEnumRefusal(v.type, to);
    if (refusal) {
      this.c.error(`${refusal} (in ${context})`, loc);
      return undefined;
    }
    if (sameType(v.type, to)) return this.rvalue(v);
    if (this.isDerivedFrom(v.type, to)) return this.rvalue(this.upcast(v, to as StructType));
    const cost = conversionCost(v.type, to, v.literal);
    if (cost === undefined && (v.type.kind === 'struct' || v.type.kind === 'array') && v.type.kind === to.kind) {
      // Structs (arrays) of another type with the same scalars: DXC's implicit flat conversion.
      const flat = flatConvert(this, this.rvalue(v), v.type, to, false);
      if (flat) return flat;
    }
    if (cost === undefined) {
      this.c.error(`cannot implicitly convert from '${typeToString(v.type)}' to '${typeToString(to)}' in ${context}`, loc);
      return undefined;
    }
    if (cost >= 4) this.c.sink.warning(`implicit truncation of vector type`, loc, 1, [], 'conversion');
    return this.coerce(v, to);
  }

  /** Conversion the checker has already justified: splat, truncate and change scalar type as needed. */
  coerce(v: Value, to: Type): IrExpr {
    return this.coerceExpr(this.rvalue(v), v.type, to);
  }

  coerceExpr(e: IrExpr, from: Type, to: Type): IrExpr {
    if (sameType(from, to)) return e;
    if (!isNumeric(from) || !isNumeric(to)) return e;
    const toEl = elementScalar(to)!;
    if (from.kind === 'scalar') {
      const s = this.convertExpr(e, toEl);
      return this.splat(s, to);
    }
    if (to.kind === 'scalar') return this.convertExpr(this.components(e, from)[0]!, toEl);
    if (from.kind === 'vector' && to.kind === 'vector') {
      const truncated = from.size === to.size ? e : ({ op: 'swizzle', type: vector(from.element, to.size), arg: e, components: [...Array(to.size).keys()] } as IrExpr);
      return this.convertExpr(truncated, toEl, to);
    }
    if (from.kind === 'matrix' && to.kind === 'matrix') {
      if (from.rows === to.rows && from.cols === to.cols) return this.convertExpr(e, toEl, to);
      const rows: IrExpr[] = [];
      for (let r = 0; r < to.rows; r++) {
        const row: IrExpr = { op: 'extract', type: rowType(from), arg: e, index: r };
        rows.push(this.coerceExpr(row, rowType(from), rowType(to)));
      }
      return { op: 'construct', type: to, parts: rows };
    }
    // vector <-> matrix: equal component counts reshape, one component splats, more truncate (float1x4 → float2).
    const comps = this.components(e, from).map((x) => this.convertExpr(x, toEl));
    const count = to.kind === 'vector' ? to.size : to.rows * to.cols;
    if (comps.length === 1 && count > 1) return this.splat(comps[0]!, to);
    return this.assemble(comps.slice(0, count), to);
  }

  /** Changes the scalar type of a scalar/vector/matrix expression, keeping its shape. */
  convertExpr(e: IrExpr, to: ScalarType, shape?: Type): IrExpr {
    const from = e.type;
    const target = shape ?? (isNumeric(from) ? withScalar(from, to) : to);
    if (sameType(from, target)) return e;
    if (e.op === 'const' && e.value.kind === 'scalar' && target.kind === 'scalar') {
      return constExpr(target, convertScalar(e.value.value, to, elementScalar(from)));
    }
    return { op: 'convert', type: target, arg: e };
  }

  /** Explicit cast: any numeric to numeric (truncation allowed silently), `(S)0` zero-initialises a struct. */
  explicitConvert(v: Value, to: Type, loc: Loc): IrExpr | undefined {
    if (sameType(v.type, to)) return this.rvalue(v);
    if (this.isDerivedFrom(v.type, to)) return this.rvalue(this.upcast(v, to as StructType));
    if (isNumeric(v.type) && isNumeric(to)) {
      const from = v.type;
      if (from.kind === 'scalar' || componentCount(from) >= componentCount(to) || conversionCost(from, to) !== undefined) {
        if (from.kind !== 'scalar' && to.kind !== 'scalar' && from.kind !== to.kind && componentCount(from) !== componentCount(to)) {
          this.c.error(`cannot convert from '${typeToString(from)}' to '${typeToString(to)}'`, loc);
          return undefined;
        }
        return this.coerce(v, to);
      }
    }
    if ((to.kind === 'struct' || to.kind === 'array') && isNumeric(v.type) && componentCount(v.type) === 1) {
      const zero = zeroConst(to, this.rvalue(v));
      if (zero) return zero;
    }
    // An integer of any width becomes an address as a uint64_t (DXC: the initialization, then IntegralToBufferPointer).
    const integral = to.kind === 'pointer' && v.type.kind === 'scalar' && v.type.base !== 'bool' && v.type.base !== 'float';
    const pointer = integral ? pointerConversion(UINT64, to, this.coerce(v, UINT64)) : pointerConversion(v.type, to, this.rvalue(v));
    if (pointer) return pointer;
    const flat = flatConvert(this, this.rvalue(v), v.type, to, true);
    if (flat) return flat;
    this.c.error(`cannot convert from '${typeToString(v.type)}' to '${typeToString(to)}'`, loc);
    return undefined;
  }

  /** Checks a declaration's initializer, flattening initializer lists as HLSL does. */
  checkInitializer(init: ast.Expr, t: Type, scope: Scope): IrExpr | undefined {
    if (init.kind !== 'InitList') {
      const v = this.check(init, scope);
      return v && this.convert(v, t, init.loc, 'initialization');
    }
    return checkInitializerList(this.c, this, init, t, scope);
  }

  // -------------------------------------------------------------------------------------------
  // Helpers for places and side effects

  writable(v: Value, loc: Loc): boolean {
    if (isLvalue(v) && !v.readonly) return true;
    const readOnly = v.what ? `cannot assign to read-only ${v.what}` : `cannot assign to a read-only value`;
    this.c.error(isLvalue(v) || v.what ? readOnly : `expression is not assignable`, loc);
    return false;
  }

  storeTo(target: Value, value: IrExpr): IrStmt {
    if (target.place) return { op: 'store', place: target.place, value };
    if (target.bitfield) return storeBitfield(target, value);
    if (target.scatter) return storeScatter(target, isSimpleExpr(value) ? value : this.spill(value, target.type));
    const s = target.swizzle!;
    return { op: 'storeSwizzle', place: s.place, components: s.components, value };
  }

  emitBefore(stmt: IrStmt): void {
    if (!this.effects) {
      this.c.error(`expression with side effects is not allowed here`, NO_PLACE);
      return;
    }
    this.effects.before.push(stmt);
  }

  /** Evaluates an expression once into a temporary, so it can be used twice. */
  spill(e: IrExpr, t: Type): IrExpr {
    if (e.op === 'const' || !this.newLocal || this.unchanging(e)) return e;
    const tmp = this.newLocal('tmp', t);
    this.emitBefore({ op: 'store', place: tmp, value: e });
    return { op: 'load', type: t, place: tmp };
  }

  /** A value no later code can change: (part of) a parameter no code writes, perhaps marked NonUniformResourceIndex. */
  unchanging(e: IrExpr): boolean {
    if (e.op === 'intrinsic' && e.name === 'NonUniformResourceIndex') return this.unchanging(e.args[0]!);
    const rooted = (p: IrPlace): boolean =>
      p.kind === 'local' ? this.c.unwritten.has(p.local) : p.kind === 'member' ? rooted(p.base) : p.kind === 'element' ? (p.index.op === 'const' || this.unchanging(p.index)) && rooted(p.base) : false;
    return e.op === 'load' && rooted(e.place);
  }
}

/** The source text of an assignment target's variable path (`s.buf`), for diagnostics. */
function startOfName(e: ast.Expr): string {
  if (e.kind === 'Name') return e.name;
  if (e.kind === 'Member') return `${startOfName(e.object)}.${e.member}`;
  if (e.kind === 'Index') return `${startOfName(e.object)}[…]`;
  return 'it';
}

function constValue(t: ScalarType, value: number | bigint | boolean, loc: Loc): Value {
  return { type: t, loc, expr: constExpr(t, value), readonly: true };
}

function isScalarValue(v: Value): boolean {
  return v.type.kind === 'scalar';
}




/** DXC's number for HLSL 202x: from it on, literals have C++ types. */
const HLSL_202X = 2029;

/** C++'s type of an int literal without `l`: decimal int → int64 → uint64; hex/octal and `u` may be unsigned. */
function cppLiteralType(e: ast.IntLiteral): ScalarType {
  const unsigned = e.suffix.includes('u');
  const decimal = !/^0[0-7xXbB]/.test(e.text);
  const fits = (bits: number, signed: boolean) => e.value <= (signed ? (1n << BigInt(bits - 1)) - 1n : (1n << BigInt(bits)) - 1n);
  const candidates: [ScalarType, boolean][] = unsigned
    ? [[UINT, false], [scalar('uint', 64), false]]
    : decimal
      ? [[INT, true], [scalar('int', 64), true], [scalar('uint', 64), false]]
      : [[INT, true], [UINT, false], [scalar('int', 64), true], [scalar('uint', 64), false]];
  return candidates.find(([t, signed]) => fits(t.width, signed))?.[0] ?? scalar('uint', 64);
}
