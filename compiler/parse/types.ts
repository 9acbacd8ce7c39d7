// Types as written: qualified names, template argument lists, template parameter lists, and the
// decision "does a type start here?" that separates declarations and casts from expressions.
import type { Modifier, TemplateArg, TemplateParam, TypeSpec } from './ast.js';
import { parseAssignment } from './expressions.js';
import { MODIFIERS, RESERVED } from './keywords.js';
import type { ParserState } from './state.js';
import type { Loc } from '../diagnostics.js';
import { exact, orNone } from './lists.js';

export interface QualifiedName {
  parts: string[];
  global: boolean;
  loc: Loc;
}

export function joinName(q: QualifiedName): string {
  // Almost every name has one part: no join (and no new string) for it.
  return q.parts.length === 1 ? q.parts[0]! : q.parts.join('::');
}

/** Is the token at `n` an identifier that may name something (not a reserved word)? */
export function atName(p: ParserState, n = 0): boolean {
  const t = p.peek(n);
  return t.kind === 'identifier' && !RESERVED.has(t.text);
}

export function expectName(p: ParserState, what = 'identifier'): { name: string; loc: Loc } {
  if (!atName(p)) p.fail(`expected ${what}`);
  const t = p.next();
  return { name: t.text, loc: t.loc };
}

/** `a`, `ns::a`, `::a`, `A::B::c`. */
export function parseQualifiedName(p: ParserState): QualifiedName {
  const loc = p.peek().loc;
  const global = p.accept('::');
  if (!atName(p)) p.fail('expected identifier');
  const parts = [p.next().text];
  while (p.at('::') && atName(p, 1)) {
    p.next();
    parts.push(p.next().text);
  }
  return { parts, global, loc };
}

/** Modifiers in a declaration's specifier sequence (before its type); see MODIFIERS for contextual ones. */
export function parseModifiers(p: ParserState): Modifier[] {
  const mods: Modifier[] = [];
  for (;;) {
    const t = p.peek();
    const entry = t.kind === 'identifier' ? MODIFIERS.get(t.text) : undefined;
    if (!entry || (entry.contextual && p.peek(1).kind !== 'identifier')) return orNone(mods);
    p.next();
    mods.push(entry.modifier);
  }
}

/** A word that is a modifier wherever it appears (it cannot be a name). */
export function atHardModifier(p: ParserState, n = 0): boolean {
  const t = p.peek(n);
  return t.kind === 'identifier' && MODIFIERS.get(t.text)?.contextual === false;
}

/**
 * A type: `float4`, `ns::S`, `Texture2D<float4>`, `vector<float, 3>`, `S<int, 4>`. In type position a
 * `<` after the name always opens template arguments, whether or not the name is known.
 */
export function parseTypeSpec(p: ParserState, modifiers?: Modifier[]): TypeSpec {
  const q = parseQualifiedName(p);
  return finishTypeSpec(p, q, modifiers);
}

export function finishTypeSpec(p: ParserState, q: QualifiedName, modifiers?: Modifier[]): TypeSpec {
  const type: TypeSpec = { kind: 'TypeSpec', loc: q.loc, name: joinName(q) };
  if (type.name === 'unsigned' && !q.global) {
    // `unsigned int`, `unsigned int2`, `unsigned` alone: the unsigned type, as DXC reads C's spelling.
    const next = p.peek();
    const signed = next.kind === 'identifier' ? /^(min16int|int(?:16_t|32_t|64_t)?)([1-4](?:x[1-4])?)?$/.exec(next.text) : null;
    if (signed) p.next();
    type.name = signed ? `${signed[1] === 'min16int' ? 'min16uint' : `u${signed[1]}`}${signed[2] ?? ''}` : 'uint';
  }
  if (q.global) type.global = true;
  if (p.at('<')) type.templateArgs = parseTemplateArgs(p);
  if (modifiers && modifiers.length > 0) type.modifiers = modifiers;
  return type;
}

export function parseTemplateArgs(p: ParserState): TemplateArg[] {
  return p.nested(() => {
    p.expect('<');
    const args: TemplateArg[] = [];
    if (!p.at('>') && !p.at('>>')) {
      do args.push(parseTemplateArg(p));
      while (p.accept(','));
    }
    p.expectCloseAngle();
    return exact(args);
  });
}

/** A type (`float4`, `unorm float4`, `vector<float,3>`) or a constant expression (`4`, `N + 1`). */
function parseTemplateArg(p: ParserState): TemplateArg {
  if (startsType(p)) {
    const loc = p.peek().loc;
    const mods = parseModifiers(p);
    const type = parseTypeSpec(p, mods);
    type.loc = loc;
    // `Load<float2x3[3]>`: an array type.
    while (p.at('[')) {
      p.next();
      (type.arrayDims ??= []).push(parseAssignment(p));
      p.expect(']', 'to close the array dimension');
    }
    return type;
  }
  return parseAssignment(p, true);
}

/**
 * Does a type start at the cursor? True for a modifier, or a (qualified) name the scopes know as a
 * type. Used where an expression could also start: template arguments, casts, `sizeof(…)`.
 */
export function startsType(p: ParserState): boolean {
  const t = p.peek();
  if (t.kind === 'identifier' && MODIFIERS.has(t.text) && (atHardModifier(p) || p.peek(1).kind === 'identifier')) {
    return true;
  }
  if (t.kind === 'identifier') {
    // The common case, a single name, without building anything.
    const next = p.peek(1);
    if (!(next.kind === 'punct' && next.text === '::')) return !RESERVED.has(t.text) && p.scopes.isTypeName(t.text);
  } else if (!(t.kind === 'punct' && t.text === '::')) return false;
  return p.lookahead(() => {
    const q = parseQualifiedName(p);
    return p.scopes.isType(q.parts, q.global);
  });
}

/** How many tokens a qualified name (`a`, `::a`, `a::b::c`) at the cursor spans; 0 if none is here. */
export function qualifiedNameLength(p: ParserState): number {
  let n = 0;
  if (p.peek(0).kind === 'punct' && p.peek(0).text === '::') n++;
  if (!atName(p, n)) return 0;
  n++;
  for (;;) {
    const sep = p.peek(n);
    if (!(sep.kind === 'punct' && sep.text === '::' && atName(p, n + 1))) return n;
    n += 2;
  }
}

/** `template <typename T, class U, int N = 4>`: declares the type parameters in the current scope. */
export function parseTemplateParams(p: ParserState): TemplateParam[] {
  p.next(); // template
  p.expect('<', "after 'template'");
  const params: TemplateParam[] = [];
  if (!p.at('>')) {
    do {
      const loc = p.peek().loc;
      if (p.atWord('typename') || p.atWord('class')) {
        p.next();
        // `template <class, class>`: a parameter may go unnamed.
        const { name } = p.at(',') || p.at('>') || p.at('=') ? { name: '' } : expectName(p, 'template parameter name');
        const param: TemplateParam = { loc, paramKind: 'type', name };
        if (name) p.scopes.declareType(name);
        if (p.accept('=')) param.default = parseTemplateArg(p);
        params.push(param);
      } else {
        const valueType = parseTypeSpec(p);
        const { name } = expectName(p, 'template parameter name');
        const param: TemplateParam = { loc, paramKind: 'value', name, valueType };
        if (p.accept('=')) param.default = parseAssignment(p, true);
        params.push(param);
      }
    } while (p.accept(','));
  }
  p.expectCloseAngle();
  return exact(params);
}
