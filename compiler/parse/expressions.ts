// Expressions, C precedence and associativity: comma < assignment (right) < ?: < || < && < | < ^ <
// & < equality < relational < shift < additive < multiplicative < unary/cast < postfix < primary.
import type { AssignOp, BinaryOp, Expr, InitListExpr, TemplateArg, TypeSpec, UnaryOp } from './ast.js';
import { decodeQuoted, parseNumber } from './literals.js';
import { exact, orNone } from './lists.js';
import { SpeculationKind, type ParserState } from './state.js';
import {
  atName,
  finishTypeSpec,
  parseModifiers,
  parseQualifiedName,
  parseTemplateArgs,
  parseTypeSpec,
  startsType,
  joinName,
} from './types.js';

/** Binary operator precedence (higher binds tighter); `,` is handled separately. */
const BINARY_PRECEDENCE: ReadonlyMap<string, number> = new Map([
  ['||', 1], ['&&', 2], ['|', 3], ['^', 4], ['&', 5],
  ['==', 6], ['!=', 6], ['<', 7], ['>', 7], ['<=', 7], ['>=', 7],
  ['<<', 8], ['>>', 8], ['+', 9], ['-', 9], ['*', 10], ['/', 10], ['%', 10],
]);

const ASSIGN_OPS: ReadonlySet<string> = new Set(['=', '+=', '-=', '*=', '/=', '%=', '<<=', '>>=', '&=', '|=', '^=']);
const PREFIX_OPS: ReadonlySet<string> = new Set(['+', '-', '!', '~', '++', '--']);

/** A full expression, comma operator included. */
export function parseExpression(p: ParserState): Expr {
  let left = parseAssignment(p);
  while (p.at(',')) {
    const loc = p.next().loc;
    const right = parseAssignment(p);
    left = { kind: 'Binary', loc, op: ',', left, right };
  }
  return left;
}

/**
 * An assignment-expression (no top-level comma). `inTemplateArgs` stops at `>` / `>>`, which close
 * the template argument list instead of comparing (`vector<float, N>`).
 */
export function parseAssignment(p: ParserState, inTemplateArgs = false): Expr {
  p.enter();
  const target = parseConditional(p, inTemplateArgs);
  const t = p.peek();
  let result = target;
  if (t.kind === 'punct' && ASSIGN_OPS.has(t.text)) {
    p.next();
    const value = parseAssignment(p, inTemplateArgs);
    result = { kind: 'Assign', loc: t.loc, op: t.text as AssignOp, target, value };
  }
  p.leave();
  return result;
}

function parseConditional(p: ParserState, inTemplateArgs: boolean): Expr {
  const cond = parseBinary(p, 1, inTemplateArgs);
  if (!p.at('?')) return cond;
  const loc = p.next().loc;
  const then = parseExpression(p);
  p.expect(':', "in conditional expression");
  const otherwise = parseAssignment(p, inTemplateArgs);
  return { kind: 'Conditional', loc, cond, then, else: otherwise };
}

/** Precedence climbing: left-associative binary operators of at least `minPrec`. */
function parseBinary(p: ParserState, minPrec: number, inTemplateArgs: boolean): Expr {
  let left = parseUnary(p);
  for (;;) {
    const t = p.peek();
    if (t.kind !== 'punct') return left;
    const prec = BINARY_PRECEDENCE.get(t.text);
    if (prec === undefined || prec < minPrec) return left;
    if (inTemplateArgs && (t.text === '>' || t.text === '>>')) return left;
    p.next();
    const right = parseBinary(p, prec + 1, inTemplateArgs);
    left = { kind: 'Binary', loc: t.loc, op: t.text as BinaryOp, left, right };
  }
}

function parseUnary(p: ParserState): Expr {
  const t = p.peek();
  if (t.kind === 'punct' && PREFIX_OPS.has(t.text)) {
    p.next();
    const operand = parseNestedUnary(p);
    return { kind: 'Unary', loc: t.loc, op: t.text as UnaryOp, operand };
  }
  if (t.kind === 'punct' && t.text === '(') {
    const cast = tryParseCastPrefix(p);
    if (cast) {
      const operand = parseNestedUnary(p);
      return { kind: 'Cast', loc: t.loc, type: cast.type, arrayDims: cast.arrayDims, operand };
    }
  }
  if (t.kind === 'identifier' && t.text === 'sizeof') return parseSizeof(p);
  return parsePostfix(p, parsePrimary(p));
}

/** `(float3)`, `(S)`, `(float[2])`, `(const uint)`: the parenthesised type of a C cast, if one is here. */
function tryParseCastPrefix(p: ParserState): { type: TypeSpec; arrayDims: Expr[] } | undefined {
  if (!startsTypeAfterNext(p)) return undefined;
  return p.speculateOnce(SpeculationKind.Cast, () => {
    p.next(); // (
    const loc = p.peek().loc;
    const type = parseTypeSpec(p, parseModifiers(p));
    type.loc = loc;
    const arrayDims: Expr[] = [];
    while (p.accept('[')) {
      arrayDims.push(parseExpression(p));
      p.expect(']');
    }
    if (!p.accept(')')) return undefined;
    return { type, arrayDims: orNone(arrayDims) };
  });
}

/**
 * Does a type start after the current token? (At every `(` and `<`: no closure, no snapshot. The
 * token stepped over stays in the parser's window without one: it is the previous token.)
 */
function startsTypeAfterNext(p: ParserState): boolean {
  const pos = p.pos;
  if (p.peek().kind === 'eof') return false;
  p.pos++;
  try {
    return startsType(p);
  } finally {
    p.pos = pos;
  }
}

function parseSizeof(p: ParserState): Expr {
  const loc = p.next().loc;
  if (p.at('(')) {
    const typed = p.speculateOnce(SpeculationKind.Sizeof, () => {
      p.next();
      if (!startsType(p)) return undefined;
      const spec = parseTypeSpec(p, parseModifiers(p));
      // `sizeof(int16_t3[2])`: an array type.
      const dims: Expr[] = [];
      while (p.accept('[')) {
        dims.push(parseExpression(p));
        p.expect(']', 'to close the array dimension');
      }
      return p.accept(')') ? { spec, dims } : undefined;
    });
    if (typed) return { kind: 'Sizeof', loc, operand: typed.spec, ...(typed.dims.length ? { arrayDims: typed.dims } : {}) };
  }
  return { kind: 'Sizeof', loc, operand: parseNestedUnary(p) };
}

function parseNestedUnary(p: ParserState): Expr {
  p.enter();
  const e = parseUnary(p);
  p.leave();
  return e;
}

function parsePostfix(p: ParserState, operand: Expr): Expr {
  let expr = operand;
  for (;;) {
    const t = p.peek();
    if (t.kind !== 'punct') return expr;
    switch (t.text) {
      case '[': {
        p.next();
        const index = parseExpression(p);
        p.expect(']', 'to close the index');
        expr = { kind: 'Index', loc: t.loc, object: expr, index };
        break;
      }
      case '(':
        expr = { kind: 'Call', loc: expr.loc, callee: expr, args: parseCallArgs(p) };
        break;
      case '.': {
        p.next();
        // `obj.template f<T>()`: the member is a template (C++'s disambiguator).
        const saysTemplate = p.atWord('template') && p.peek(1).kind === 'identifier' ? (p.next(), true) : false;
        const m = p.peek();
        // Any identifier may follow `.` (swizzles, fields, methods like `Sample`).
        if (m.kind !== 'identifier') p.fail("expected a member name after '.'");
        p.next();
        expr = { kind: 'Member', loc: t.loc, object: expr, member: m.text, memberLoc: m.loc };
        const templateArgs = tryTemplateArgsBeforeCall(p, saysTemplate || p.scopes.memberTemplates.has(m.text));
        if (templateArgs) expr.templateArgs = templateArgs;
        break;
      }
      case '++':
      case '--':
        p.next();
        expr = { kind: 'Postfix', loc: t.loc, op: t.text, operand: expr };
        break;
      default:
        return expr;
    }
  }
}

export function parseCallArgs(p: ParserState): Expr[] {
  p.expect('(');
  const args: Expr[] = [];
  if (!p.at(')')) {
    do args.push(parseAssignment(p));
    while (p.accept(','));
  }
  p.expect(')', 'to close the argument list');
  return exact(args);
}

/**
 * Explicit template arguments of a call (`f<float>(x)`, `buf.Load<float4>(0)`): taken when the name
 * is a known template or the first argument is a type, and the list is followed by `(`.
 */
function tryTemplateArgsBeforeCall(p: ParserState, knownTemplate: boolean): TemplateArg[] | undefined {
  if (!p.at('<')) return undefined;
  if (!knownTemplate && !startsTypeAfterNext(p)) return undefined;
  return p.speculateOnce(SpeculationKind.CallTemplateArgs, () => {
    const args = parseTemplateArgs(p);
    return p.at('(') ? args : undefined;
  });
}

function parsePrimary(p: ParserState): Expr {
  const t = p.peek();
  switch (t.kind) {
    case 'number':
      return parseNumberLiteral(p);
    case 'string':
      return parseStringLiteral(p);
    case 'char': {
      p.next();
      const { value, error } = decodeQuoted(t.text);
      if (error) p.error(error, t.loc, t.text.length);
      if ([...value].length !== 1) p.error('character literal must hold exactly one character', t.loc, t.text.length);
      return { kind: 'IntLiteral', loc: t.loc, value: BigInt(value.codePointAt(0) ?? 0), suffix: '', text: t.text };
    }
    case 'identifier':
      if (t.text === 'true' || t.text === 'false') {
        p.next();
        return { kind: 'BoolLiteral', loc: t.loc, value: t.text === 'true' };
      }
      if (t.text === 'this') {
        p.next();
        return { kind: 'Name', loc: t.loc, name: 'this' };
      }
      if (atName(p)) return parseNameOrConstruct(p);
      break;
    case 'punct':
      if (t.text === '::') return parseNameOrConstruct(p);
      if (t.text === '(') {
        p.next();
        const inner = parseExpression(p);
        p.expect(')', 'to close the parenthesised expression');
        return inner;
      }
      break;
    default:
      break;
  }
  return p.fail('expected expression');
}

/** `x`, `ns::x`, `E::Value`, `f<float>` (before a call), or a type: `float3(…)`, `vector<float, 2>(…)`. */
function parseNameOrConstruct(p: ParserState): Expr {
  const q = parseQualifiedName(p);
  if (p.scopes.isType(q.parts, q.global)) {
    if (p.at('(') || p.at('<')) {
      const type = finishTypeSpec(p, q);
      const nextName = (at: number) => atName(p, at) || (p.atWord('template', at) && atName(p, at + 1));
      if (type.templateArgs && p.at('::') && nextName(1)) {
        // `Box<int>::member`: a static member or nested name of a template instantiation;
        // `Sel<A, B>::template Convert<T>(x)` says that the member is a template, as C++ does.
        const parts = [...q.parts];
        let saysTemplate = false;
        while (p.at('::') && nextName(1)) {
          p.next();
          if (p.atWord('template')) {
            p.next();
            saysTemplate = true;
          }
          parts.push(p.next().text);
        }
        const member: Expr = { kind: 'Name', loc: q.loc, name: parts.join('::'), scopeType: type };
        if (p.at('<')) {
          const templateArgs = tryTemplateArgsBeforeCall(p, saysTemplate || p.scopes.memberTemplates.has(parts[parts.length - 1]!));
          if (templateArgs) member.templateArgs = templateArgs;
        }
        return member;
      }
      if (!p.at('(')) p.fail("expected '(' for function-style cast or type construction");
      return { kind: 'Construct', loc: q.loc, type, args: parseCallArgs(p) };
    }
  }
  const expr: Expr = { kind: 'Name', loc: q.loc, name: joinName(q) };
  if (q.global) expr.global = true;
  if (p.at('<')) {
    const variable = p.scopes.variableTemplates.has(q.parts[q.parts.length - 1]!) && p.scopes.isTemplate(q.parts, q.global);
    const templateArgs = variable ? parseTemplateArgs(p) : tryTemplateArgsBeforeCall(p, p.scopes.isTemplate(q.parts, q.global));
    if (templateArgs) expr.templateArgs = templateArgs;
  }
  return expr;
}

function parseNumberLiteral(p: ParserState): Expr {
  const t = p.next();
  const n = parseNumber(t.text);
  switch (n.kind) {
    case 'int':
      return { kind: 'IntLiteral', loc: t.loc, value: n.value, suffix: n.suffix, text: t.text };
    case 'float':
      return { kind: 'FloatLiteral', loc: t.loc, value: n.value, suffix: n.suffix, text: t.text };
    case 'error':
      // The literal is unusable but the expression around it is fine: report and keep parsing.
      p.error(n.message, t.loc, t.text.length);
      return { kind: 'IntLiteral', loc: t.loc, value: 0n, suffix: '', text: t.text };
  }
}

/** Adjacent string literals concatenate (`"a" "b"` is `"ab"`). */
function parseStringLiteral(p: ParserState): Expr {
  const loc = p.peek().loc;
  let value = '';
  while (p.peek().kind === 'string') {
    const t = p.next();
    const decoded = decodeQuoted(t.text);
    if (decoded.error) p.error(decoded.error, t.loc, t.text.length);
    value += decoded.value;
  }
  return { kind: 'StringLiteral', loc, value };
}

/** `= 1`, `= {1, {2, 3}}` (trailing comma allowed). */
export function parseInitializer(p: ParserState): Expr {
  if (!p.at('{')) return parseAssignment(p);
  return p.nested((): InitListExpr => {
    const loc = p.next().loc;
    const elements: Expr[] = [];
    while (!p.at('}')) {
      elements.push(parseInitializer(p));
      if (!p.accept(',')) break;
    }
    p.expect('}', 'to close the initializer list');
    return { kind: 'InitList', loc, elements: exact(elements) };
  });
}
