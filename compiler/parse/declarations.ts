// Declarations: variables, functions, structs/classes/interfaces, cbuffer/tbuffer, typedef, enum,
// namespace, using, templates and `#pragma pack_matrix`. Each parser returns the declarations it
// produced (a struct defined together with variables yields two).
import type {
  Attribute,
  BufferDecl,
  Decl,
  DeclStmt,
  Declarator,
  EnumDecl,
  Expr,
  FunctionDecl,
  Modifier,
  NamespaceDecl,
  PackMatrixPragma,
  Param,
  StructDecl,
  TemplateArg,
  TemplateParam,
  TypedefDecl,
  TypeSpec,
  UsingDecl,
  VarDecl,
} from './ast.js';
import type { Token } from '../lex/token.js';
import { parseAnnotations, parseAttributes } from './attributes.js';
import { parseAssignment, parseExpression, parseInitializer } from './expressions.js';
import { MODIFIERS, RESERVED } from './keywords.js';
import { recovering, stopAtDeclaration } from './recovery.js';
import { TypeScope } from './scope.js';
import type { ParserState } from './state.js';
import { parseBlock } from './statements.js';
import {
  atName,
  expectName,
  joinName,
  parseModifiers,
  parseQualifiedName,
  parseTemplateArgs,
  parseTemplateParams,
  parseTypeSpec,
  qualifiedNameLength,
  type QualifiedName,
} from './types.js';
import { exact, joined, none, orNone } from './lists.js';

/** Where a declaration stands; decides what may appear (namespaces only at file/namespace scope…). */
export type DeclContext = 'global' | 'namespace' | 'struct' | 'cbuffer' | 'local';

/** Declarations until `atEnd()` (or end of input), each recovering on its own from syntax errors. */
export function parseDeclarationList(p: ParserState, ctx: DeclContext, out: Decl[], atEnd: () => boolean): void {
  while (!p.atEof() && !atEnd()) recovering(p, () => out.push(...parseDeclaration(p, ctx)), stopAtDeclaration);
}

function parseDeclaration(p: ParserState, ctx: DeclContext): Decl[] {
  const t = p.peek();
  if (t.kind === 'pragma') return parsePragma(p, ctx);
  if (p.accept(';')) return []; // a stray `;` (e.g. after a function body) declares nothing
  const attributes = parseAttributes(p);
  const w = p.peek();
  if (w.kind === 'identifier') {
    switch (w.text) {
      case 'template':
        return parseTemplated(p, attributes, ctx);
      case 'namespace':
        if (ctx !== 'global' && ctx !== 'namespace') p.fail('namespaces can only be declared at file or namespace scope');
        return [parseNamespace(p)];
      case 'typedef':
        return parseTypedef(p, attributes);
      case 'using':
        return [parseUsing(p)];
      case 'enum':
        return [parseEnum(p)];
      case 'technique':
      case 'Technique':
      case 'technique10':
      case 'technique11':
        if (ctx === 'global' || ctx === 'namespace') {
          skipEffectBlock(p, 'effect technique ignored - effect syntax is deprecated');
          return [];
        }
        break;
      case 'cbuffer':
      case 'tbuffer':
        if (ctx !== 'global' && ctx !== 'namespace') p.fail(`'${w.text}' can only be declared at file or namespace scope`);
        return [parseBuffer(p, attributes)];
      default:
        break;
    }
  }
  return parseSpecified(p, attributes, ctx, p.scopes.current);
}

/** `#pragma pack_matrix(row_major)` arrives as one `pragma` token whose text is `pack_matrix(row_major)`. */
function parsePragma(p: ParserState, ctx: DeclContext): Decl[] {
  const t = p.next();
  const m = /^\s*pack_matrix\s*\(\s*([A-Za-z_]*)\s*\)\s*$/.exec(t.text);
  if (!m) {
    if (/^\s*pack_matrix\b/.test(t.text)) p.error("expected '#pragma pack_matrix(row_major)' or '#pragma pack_matrix(column_major)'", t.loc);
    return []; // other pragmas carry nothing for the syntax tree
  }
  if (m[1] !== 'row_major' && m[1] !== 'column_major') {
    p.error(`unknown matrix packing '${m[1]}' in '#pragma pack_matrix' (expected row_major or column_major)`, t.loc);
    return [];
  }
  if (ctx !== 'global' && ctx !== 'namespace') {
    p.warning("'#pragma pack_matrix' is only honoured at file or namespace scope; ignored", t.loc, 1, 'ignored-pragmas');
    return [];
  }
  return [{ kind: 'PackMatrixPragma', loc: t.loc, majorness: m[1] } satisfies PackMatrixPragma];
}

/** `template <…>` then a struct or function; the parameters are types only inside it. */
function parseTemplated(p: ParserState, attributes: Attribute[], ctx: DeclContext): Decl[] {
  if (ctx === 'local' || ctx === 'cbuffer') p.fail('templates can only be declared at file, namespace or struct scope');
  const outer = p.scopes.current;
  p.scopes.push(new TypeScope(outer));
  const templateLoc = p.peek().loc;
  const params = parseTemplateParams(p);
  if (params.length && p.atWord('using')) {
    // `template <typename T> using A = Box<T>;`: an alias template, named outside the parameters' scope.
    const decl = parseUsing(p);
    p.scopes.pop();
    if (!decl.alias) p.fail('only an alias declaration can follow a template parameter list here', decl.loc);
    decl.alias.templateParams = params;
    decl.templateLoc = templateLoc;
    outer.addType(decl.alias.name);
    outer.addTemplate(decl.alias.name);
    return [decl];
  }
  const decls = parseSpecified(p, joined(attributes, parseAttributes(p)), ctx, outer, params);
  p.scopes.pop();
  for (const d of decls) {
    if ((d.kind === 'StructDecl' && (d.templateParams || d.specializationArgs)) || (d.kind === 'FunctionDecl' && d.templateParams)) d.templateLoc = templateLoc;
  }
  return decls;
}

/**
 * Modifiers and a type (or a struct definition), then either a function or variable declarators.
 * `declScope` receives the names declared (the scope outside any template parameter scope).
 */
function parseSpecified(
  p: ParserState,
  attributes: Attribute[],
  ctx: DeclContext,
  declScope: TypeScope,
  templateParams?: TemplateParam[],
): Decl[] {
  const loc = p.peek().loc;
  let modifiers = parseModifiers(p);
  const decls: Decl[] = [];
  let type: TypeSpec;
  if (p.atWord('struct') || p.atWord('class') || p.atWord('interface')) {
    const keyword = p.peek().text as StructDecl['keyword'];
    const spec = parseStructSpecifier(p, declScope, templateParams);
    type = spec.type;
    if (!spec.decl && modifiers.length === 0 && p.accept(';')) {
      // `class S;`: a forward declaration names a type the code defines later (or only C++ uses).
      declScope.addType(spec.type.name);
      // A struct declared ahead of its definition may be pointed at meanwhile (vk::BufferPointer<S>).
      if (!templateParams?.length) return ctx === 'local' ? [] : [{ kind: 'StructDecl', loc: spec.type.loc, attributes, keyword, name: spec.type.name, bases: [], members: [], forward: true }];
      // `template <class T> class S;`: the template exists (its explicit specializations may follow).
      declScope.addTemplate(spec.type.name);
      return [{ kind: 'StructDecl', loc: spec.type.loc, attributes, keyword, name: spec.type.name, bases: none(), members: none(), templateParams, forward: true }];
    }
    if (spec.decl) {
      if (p.accept(';')) {
        spec.decl.attributes = joined(attributes, spec.decl.attributes);
        if (!spec.decl.name) p.warning('declaration does not declare anything', spec.decl.loc, 1, 'missing-declarations');
        return spec.decl.name ? [spec.decl] : [];
      }
      if (missingSemicolonAfterStruct(p)) {
        // `struct S { … }` then a new declaration: report and go on as if the `;` were there.
        p.error(`expected ';' after ${spec.decl.keyword}`, p.endOfPrevious());
        return spec.decl.name ? [spec.decl] : [];
      }
      if (spec.decl.name) decls.push(spec.decl);
    }
  } else {
    if (!atName(p) && !p.at('::')) p.fail(ctx === 'struct' ? 'expected member declaration' : 'expected a declaration');
    type = parseTypeSpec(p);
  }
  // Qualifiers may also follow the type, as in C: `float const x`, `uint static const N`.
  modifiers = joined(modifiers, parseModifiers(p));
  const nameLoc = p.peek().loc;
  const name = parseDeclaratorName(p);
  if (p.at('(')) {
    if (name.specializationArgs || templateParams?.length === 0) p.fail("explicit specializations ('template <>') are supported for struct, class and variable templates only", nameLoc);
    const fn = parseFunction(p, { loc, attributes, modifiers, returnType: type, name, nameLoc, templateParams });
    if (ctx === 'local') {
      // A prototype inside a function (C style) declares the global function: nothing to add here.
      if (fn.body) p.error('function definitions are not allowed inside a function', nameLoc);
      return [];
    }
    if (templateParams) declScope.addTemplate(name.parts[name.parts.length - 1]!);
    if (templateParams && ctx === 'struct') p.scopes.memberTemplates.add(name.parts[name.parts.length - 1]!);
    return [fn];
  }
  // `template <typename T> const static T Box<T>::table[2] = { … };` defines a static member of a struct template.
  const outOfLineMember = !!templateParams?.length && name.parts.length > 1 && (ctx === 'global' || ctx === 'namespace');
  // `template <class A, class B> static const bool is_same_v = false;` (and its specializations): a variable template.
  const variableTemplate = !!templateParams && name.parts.length === 1 && (ctx === 'global' || ctx === 'namespace');
  if (templateParams && !outOfLineMember && !variableTemplate) p.fail('only structs, functions and variables can be templates', nameLoc);
  if (templateParams?.length === 0 && !name.specializationArgs) p.fail("explicit specializations ('template <>') are supported for struct, class and variable templates only", nameLoc);
  if (variableTemplate) {
    declScope.addTemplate(name.parts[0]!);
    p.scopes.variableTemplates.add(name.parts[0]!);
  }
  if (name.parts.length > 1 && ctx !== 'global' && ctx !== 'namespace') {
    p.fail('a qualified name is only allowed for a definition at file or namespace scope', nameLoc);
  }
  const variables = parseVariables(p, { loc, attributes, modifiers, type }, joinName(name), nameLoc, ctx);
  if (outOfLineMember || variableTemplate) variables.templateParams = templateParams;
  if (name.specializationArgs) variables.specializationArgs = name.specializationArgs;
  decls.push(variables);
  return decls;
}

/** After `struct S { … }`: anything but a declarator name, or a new line starting with a type or keyword. */
function missingSemicolonAfterStruct(p: ParserState): boolean {
  if (!atName(p)) return true;
  const t = p.peek();
  if (!t.lineStart) return false;
  return MODIFIERS.has(t.text) || p.scopes.isTypeName(t.text);
}

interface DeclaratorName extends QualifiedName {
  text: string;
  /** `v<T, T>`: the arguments of a variable template's specialization. */
  specializationArgs?: TemplateArg[];
}

/** A variable or function name: `x`, `S::f` (out-of-line member), `operator+` (HLSL 2021). */
/** The operator after `operator` (`+`, `()`, `[]`): the name `operator…` a member operator is declared as. */
function operatorName(p: ParserState): string {
  const op = p.peek();
  if (op.kind !== 'punct') p.fail("expected an operator after 'operator'");
  p.next();
  let text = op.text;
  if (text === '(' || text === '[') text += p.expect(text === '(' ? ')' : ']').text;
  return `operator${text}`;
}

function parseDeclaratorName(p: ParserState): DeclaratorName {
  if (p.atWord('operator')) {
    const loc = p.next().loc;
    const name = operatorName(p);
    return { parts: [name], global: false, loc, text: name };
  }
  if (!atName(p) && !p.at('::')) p.fail('expected a name for the declaration');
  const q = parseQualifiedName(p);
  // `void S::operator()() { … }`: a member operator defined outside its struct.
  if (p.at('::') && p.peek(1).kind === 'identifier' && p.peek(1).text === 'operator') {
    p.next();
    p.next();
    q.parts.push(operatorName(p));
    return { parts: q.parts, global: q.global, loc: q.loc, text: joinName(q) };
  }
  // `T Box<T>::get()`: a member of a struct template defined outside it; the arguments repeat the
  // template's parameters, which the definition's own `template <…>` declares.
  while (p.at('<') && p.scopes.isTemplate(q.parts)) {
    const args = parseTemplateArgs(p);
    // `template <class T> const bool is_same_v<T, T> = true;`: a variable template's specialization.
    if (p.at('=') || p.at(';')) return { parts: q.parts, global: q.global, loc: q.loc, text: joinName(q), specializationArgs: args };
    if (!p.at('::')) p.fail("expected '::' after the template arguments of an out-of-line member");
    p.next();
    q.parts.push(expectName(p, 'a member name').name);
  }
  return { parts: q.parts, global: q.global, loc: q.loc, text: joinName(q) };
}

interface FunctionHead {
  loc: FunctionDecl['loc'];
  attributes: Attribute[];
  modifiers: Modifier[];
  returnType: TypeSpec;
  name: DeclaratorName;
  nameLoc: FunctionDecl['nameLoc'];
  templateParams: TemplateParam[] | undefined;
}

function parseFunction(p: ParserState, head: FunctionHead): FunctionDecl {
  const params = parseParams(p);
  const fn: FunctionDecl = {
    kind: 'FunctionDecl',
    loc: head.loc,
    attributes: head.attributes,
    modifiers: head.modifiers,
    returnType: head.returnType,
    name: head.name.text,
    nameLoc: head.nameLoc,
    params,
  };
  if (head.templateParams) fn.templateParams = head.templateParams;
  const annotations = parseAnnotations(p);
  if (annotations.semantic) fn.returnSemantic = annotations.semantic;
  const misplaced = annotations.registers[0] ?? annotations.packOffset;
  if (misplaced) p.error('a function cannot have a register or packoffset annotation', misplaced.loc);
  if (!p.at('{')) {
    p.expect(';', 'after function declaration');
    return fn;
  }
  // The body of `float S::f() {…}` sees S's nested types.
  const owner = head.name.parts.length > 1 ? p.scopes.resolveScope(head.name.parts.slice(0, -1), head.name.global) : undefined;
  const pushed = owner ? p.scopes.pushWithAncestors(owner) : 0;
  fn.body = parseBlock(p);
  for (let i = 0; i < pushed; i++) p.scopes.pop();
  return fn;
}

function parseParams(p: ParserState): Param[] {
  p.expect('(');
  const params: Param[] = [];
  if (p.atWord('void') && p.peek(1).kind === 'punct' && p.peek(1).text === ')') p.next();
  if (!p.at(')')) {
    do params.push(parseParam(p));
    while (p.accept(','));
  }
  p.expect(')', 'to close the parameter list');
  return exact(params);
}

function parseParam(p: ParserState): Param {
  const loc = p.peek().loc;
  const attributes = parseAttributes(p);
  let modifiers = parseModifiers(p);
  if (!atName(p) && !p.at('::')) p.fail('expected a parameter type');
  const type = parseTypeSpec(p);
  modifiers = joined(modifiers, parseModifiers(p));
  const name = atName(p) ? p.next().text : '';
  const param: Param = { loc, attributes, modifiers, type, name, arrayDims: parseArrayDims(p) };
  const annotations = parseAnnotations(p);
  if (annotations.semantic) param.semantic = annotations.semantic;
  const misplaced = annotations.registers[0] ?? annotations.packOffset;
  if (misplaced) p.error('a parameter cannot have a register or packoffset annotation', misplaced.loc);
  if (p.accept('=')) param.default = parseAssignment(p);
  return param;
}

/** `[4]`, `[N][2]`, `[]` (unsized, `null`). */
function parseArrayDims(p: ParserState): (Expr | null)[] {
  const dims: (Expr | null)[] = [];
  while (p.accept('[')) {
    if (p.accept(']')) {
      dims.push(null);
      continue;
    }
    dims.push(parseExpression(p));
    p.expect(']', 'to close the array dimension');
  }
  return orNone(dims);
}

/** `: 24` after a member name is a bitfield width; `: SEMANTIC`, `: register(…)` are annotations. */
function startsBitfieldWidth(p: ParserState): boolean {
  const t = p.peek(1);
  return t.kind === 'number' || (t.kind === 'punct' && ['(', '-', '+', '~'].includes(t.text)) || (t.kind === 'identifier' && p.peek(2).kind === 'punct' && ['+', '-', '*', '<<', ')'].includes(p.peek(2).text));
}

/** A bitfield width: a constant expression without assignment or comma (it ends at `;`, `,`, `=`, `:`). */
function parseConditionalWidth(p: ParserState): Expr {
  return parseAssignment(p, true);
}

/**
 * DXC's legacy effect syntax after a declarator, parsed and ignored with DXC's warning: an annotation
 * block `< string UIName = "x"; >`.
 */
function skipEffectAnnotation(p: ParserState): void {
  if (!p.at('<')) return;
  const open = p.next();
  p.warning('possible effect annotation ignored - effect syntax is deprecated', open.loc, 1, 'effects-syntax');
  while (!p.atEof() && !p.at('>')) p.next();
  p.expect('>', 'to close the effect annotation');
}

/** `{ Filter = MIN_MAG_MIP_LINEAR; AddressU = Clamp; }` (or `sampler_state { … }`): skipped to its matching `}`. */
function skipEffectBlock(p: ParserState, warning: string): void {
  p.warning(warning, p.peek().loc, p.peek().text.length, 'effects-syntax');
  while (!p.atEof() && !p.at('{')) p.next();
  const open = p.expect('{');
  let depth = 1;
  while (!p.atEof() && depth > 0) {
    const t = p.next();
    if (t.kind === 'punct' && t.text === '{') depth++;
    else if (t.kind === 'punct' && t.text === '}') depth--;
  }
  if (depth > 0) p.expectCloseBrace(open);
}

type VarHead = Pick<VarDecl, 'loc' | 'attributes' | 'modifiers' | 'type'>;

/** `a[2] : SEM = x, b : register(t0), c;` after the type; the first name is already read. */
function parseVariables(p: ParserState, head: VarHead, firstName: string, firstLoc: VarDecl['loc'], ctx: DeclContext): VarDecl {
  const declarators: Declarator[] = [];
  let name = firstName;
  let loc = firstLoc;
  for (;;) {
    const d: Declarator = { loc, name, arrayDims: parseArrayDims(p), registers: none() };
    if (p.at(':') && startsBitfieldWidth(p)) {
      const colon = p.next();
      d.bitfieldWidth = parseConditionalWidth(p);
      if (ctx !== 'struct') p.error('bit-fields are only allowed as struct members', colon.loc);
      else if (head.modifiers.includes('static')) p.error(`static member '${name}' cannot be a bit-field`, loc, name.length);
    }
    const annotations = parseAnnotations(p);
    if (annotations.semantic) d.semantic = annotations.semantic;
    d.registers = annotations.registers;
    if (annotations.packOffset) d.packOffset = annotations.packOffset;
    skipEffectAnnotation(p);
    if (p.accept('=')) {
      if (p.atWord('sampler_state')) skipEffectBlock(p, "effect sampler_state assignment ignored - effect syntax is deprecated");
      else d.init = parseInitializer(p);
    } else if (p.at('{')) {
      skipEffectBlock(p, 'effect state block ignored - effect syntax is deprecated. To use braces as an initializer use them with equal signs.');
    }
    declarators.push(d);
    if (!p.accept(',')) break;
    loc = p.peek().loc;
    name = expectName(p, 'a variable name').name;
  }
  p.expect(';', 'after declaration');
  return { kind: 'VarDecl', loc: head.loc, attributes: head.attributes, modifiers: head.modifiers, type: head.type, declarators: exact(declarators) };
}

/**
 * `struct S : Base { … }`, `struct { … }` or an elaborated `struct S` used as a type. Returns the
 * type to declare variables with and, for a definition, the StructDecl.
 */
function parseStructSpecifier(
  p: ParserState,
  declScope: TypeScope,
  templateParams?: TemplateParam[],
): { type: TypeSpec; decl?: StructDecl } {
  const keywordToken = p.next();
  const keyword = keywordToken.text as StructDecl['keyword'];
  const attributes = parseAttributes(p);
  const nameToken = atName(p) ? p.next() : undefined;
  const name = nameToken?.text ?? '';
  // `template <> struct S<int, float> { … }`: the arguments this explicit specialization is for.
  // With parameters too (`template <class T, int N> struct S<vector<T, N> >`): a partial specialization.
  const specializationArgs = templateParams && nameToken && p.at('<') ? parseTemplateArgs(p) : undefined;
  if (templateParams?.length === 0 && !specializationArgs) p.fail("expected template arguments after the name of an explicit specialization ('template <>')");
  if (!p.at('{') && !p.at(':')) {
    if (!nameToken) p.fail(`expected a name or '{' after '${keyword}'`);
    return { type: { kind: 'TypeSpec', loc: nameToken.loc, name } };
  }
  if (name) {
    declScope.addType(name);
    if (templateParams) declScope.addTemplate(name);
  }
  const bases: TypeSpec[] = [];
  if (p.accept(':')) {
    do bases.push(parseTypeSpec(p));
    while (p.accept(','));
  }
  const decl: StructDecl = { kind: 'StructDecl', loc: keywordToken.loc, attributes, keyword, name, bases, members: [] };
  if (specializationArgs) decl.specializationArgs = specializationArgs;
  if (templateParams && (templateParams.length || !specializationArgs)) decl.templateParams = templateParams;
  const open = p.expect('{', `to open the ${keyword} body`);
  p.nested(() => {
    p.scopes.push(name ? declScope.child(name) : new TypeScope(p.scopes.current));
    parseDeclarationList(p, 'struct', decl.members, () => p.at('}'));
    p.scopes.pop();
  });
  p.expectCloseBrace(open);
  const type: TypeSpec = { kind: 'TypeSpec', loc: nameToken?.loc ?? keywordToken.loc, name };
  if (!name) type.struct = decl;
  return { type, decl };
}

function parseNamespace(p: ParserState): NamespaceDecl {
  const loc = p.next().loc;
  const q = parseQualifiedName(p); // `namespace A::B {` opens nested namespaces
  const open = p.expect('{', 'to open the namespace');
  const decls: Decl[] = [];
  p.nested(() => {
    for (const part of q.parts) p.scopes.push(p.scopes.current.child(part));
    parseDeclarationList(p, 'namespace', decls, () => p.at('}'));
    for (let i = 0; i < q.parts.length; i++) p.scopes.pop();
  });
  p.expectCloseBrace(open);
  let ns: NamespaceDecl = { kind: 'NamespaceDecl', loc, name: q.parts[q.parts.length - 1]!, decls };
  for (let i = q.parts.length - 2; i >= 0; i--) ns = { kind: 'NamespaceDecl', loc, name: q.parts[i]!, decls: [ns] };
  return ns;
}

function parseBuffer(p: ParserState, attributes: Attribute[]): BufferDecl {
  const keyword = p.next();
  const { name } = expectName(p, `a name for the ${keyword.text}`);
  const annotations = parseAnnotations(p);
  if (annotations.semantic || annotations.packOffset) {
    p.error(`a ${keyword.text} takes only register annotations`, (annotations.semantic ?? annotations.packOffset)!.loc);
  }
  const open = p.expect('{', `to open the ${keyword.text} body`);
  const members: Decl[] = [];
  // Members of a constant buffer are global names: no scope of their own.
  p.nested(() => parseDeclarationList(p, 'cbuffer', members, () => p.at('}')));
  p.expectCloseBrace(open);
  p.accept(';');
  return {
    kind: 'BufferDecl',
    loc: keyword.loc,
    bufferKind: keyword.text as BufferDecl['bufferKind'],
    attributes,
    name,
    registers: annotations.registers,
    members,
  };
}

/** `typedef const float4 Color, Palette[4];` (a struct may be defined in place). */
function parseTypedef(p: ParserState, attributes: Attribute[] = []): Decl[] {
  const loc = p.next().loc;
  let modifiers = parseModifiers(p);
  const decls: Decl[] = [];
  let type: TypeSpec;
  if (p.atWord('struct') || p.atWord('class')) {
    const keyword = p.peek().text as StructDecl['keyword'];
    const spec = parseStructSpecifier(p, p.scopes.current);
    if (spec.decl?.name) decls.push(spec.decl);
    // `typedef struct S T;` before S is defined declares S, as `struct S;` would.
    else if (!spec.decl && !p.scopes.isTypeName(spec.type.name)) {
      p.scopes.declareType(spec.type.name);
      decls.push({ kind: 'StructDecl', loc: spec.type.loc, attributes: [], keyword, name: spec.type.name, bases: [], members: [], forward: true });
    }
    type = spec.type;
  } else {
    if (!atName(p) && !p.at('::')) p.fail("expected a type after 'typedef'");
    type = parseTypeSpec(p);
  }
  modifiers = joined(modifiers, parseModifiers(p));
  const declarators: TypedefDecl['declarators'] = [];
  do {
    const { name, loc: nameLoc } = expectName(p, 'a name for the typedef');
    declarators.push({ name, arrayDims: parseArrayDims(p), loc: nameLoc });
    p.scopes.declareType(name);
  } while (p.accept(','));
  p.expect(';', 'after typedef');
  decls.push({ kind: 'TypedefDecl', loc, type, modifiers, declarators, ...(attributes.length ? { attributes } : {}) });
  return decls;
}

/** `using namespace A::B;` or `using Alias = Type;`. */
function parseUsing(p: ParserState): UsingDecl {
  const loc = p.next().loc;
  if (p.acceptWord('namespace')) {
    const q = parseQualifiedName(p);
    p.expect(';', 'after using directive');
    const scope = p.scopes.resolveScope(q.parts, q.global);
    if (scope && scope !== p.scopes.current) p.scopes.current.addUsing(scope);
    return { kind: 'UsingDecl', loc, namespace: joinName(q) };
  }
  if (p.at('::') || (atName(p) && p.peek(1).kind === 'punct' && p.peek(1).text === '::')) {
    // `using ns::name;`: a using-declaration brings one name into this scope.
    const q = parseQualifiedName(p);
    p.expect(';', 'after using declaration');
    const last = q.parts[q.parts.length - 1]!;
    if (p.scopes.isType(q.parts, q.global)) p.scopes.declareType(last);
    return { kind: 'UsingDecl', loc, member: { name: last, target: joinName(q) } };
  }
  const { name } = expectName(p, "a name or 'namespace' after 'using'");
  const attributes = parseAttributes(p);
  p.expect('=', 'in alias declaration');
  const typeLoc = p.peek().loc;
  const type = parseTypeSpec(p, parseModifiers(p));
  type.loc = typeLoc;
  p.expect(';', 'after alias declaration');
  p.scopes.declareType(name);
  return { kind: 'UsingDecl', loc, alias: { name, type, ...(attributes.length ? { attributes } : {}) } };
}

/** `enum E { A, B = 2 };`, `enum class E : uint { … };`. */
function parseEnum(p: ParserState): EnumDecl {
  const loc = p.next().loc;
  const scoped = p.acceptWord('class') || p.acceptWord('struct');
  const name = atName(p) ? p.next().text : '';
  if (scoped && !name) p.fail('a scoped enumeration must have a name');
  const decl: EnumDecl = { kind: 'EnumDecl', loc, name, scoped, members: [] };
  if (p.accept(':')) decl.underlying = parseTypeSpec(p);
  if (name) {
    p.scopes.declareType(name);
    p.scopes.current.child(name);
  }
  const open = p.expect('{', 'to open the enum body');
  while (!p.at('}')) {
    const { name: member, loc: memberLoc } = expectName(p, 'an enumerator name');
    const entry: EnumDecl['members'][number] = { name: member, loc: memberLoc };
    if (p.accept('=')) entry.value = parseAssignment(p);
    decl.members.push(entry);
    if (!p.accept(',')) break;
  }
  p.expectCloseBrace(open);
  p.expect(';', 'after enum');
  return decl;
}

// ---- Declarations inside function bodies ------------------------------------------------------

const LOCAL_DECLARATION_KEYWORDS: ReadonlySet<string> = new Set([
  'struct', 'class', 'interface', 'enum', 'typedef', 'using', 'template', 'namespace', 'cbuffer', 'tbuffer',
]);

/**
 * Does a declaration start here (inside a function)? A modifier, a declaration keyword, or a type
 * followed by a name: `S x` is a declaration even if S is unknown (the checker reports that).
 */
export function startsLocalDeclaration(p: ParserState): boolean {
  const t: Token = p.peek();
  if (t.kind === 'identifier') {
    if (LOCAL_DECLARATION_KEYWORDS.has(t.text)) return true;
    const modifier = MODIFIERS.get(t.text);
    if (modifier && (!modifier.contextual || p.peek(1).kind === 'identifier')) return true;
  } else if (!(t.kind === 'punct' && t.text === '::')) return false;
  const length = qualifiedNameLength(p);
  if (length === 0) return false;
  const after = p.peek(length);
  if (after.kind === 'punct' && after.text === '<') {
    return p.lookahead(() => {
      parseTypeSpec(p);
      return atName(p);
    });
  }
  // `float x`, or a qualifier after the type: `float const x`.
  return after.kind === 'identifier' && (!RESERVED.has(after.text) || MODIFIERS.get(after.text)?.contextual === false);
}

/**
 * Whether a condition is `T x = e`: the type and name must be followed by `=`, since in an expression
 * condition `a < b || c > d` also reads as a template type `a<…>` and a name.
 */
export function atConditionDeclaration(p: ParserState): boolean {
  return startsLocalDeclaration(p) && p.lookahead(() => {
    parseModifiers(p);
    parseTypeSpec(p);
    parseModifiers(p);
    return atName(p) && p.peek(1).kind === 'punct' && p.peek(1).text === '=';
  });
}

/** `T x = e` as the condition of `if`/`while`/`switch` (a C++ condition declaration): one variable, no `;`. */
export function parseConditionDeclaration(p: ParserState): VarDecl {
  const loc = p.peek().loc;
  let modifiers = parseModifiers(p);
  const type = parseTypeSpec(p);
  modifiers = joined(modifiers, parseModifiers(p));
  const name = expectName(p, 'a variable name');
  p.expect('=', 'after the variable a condition declares');
  const declarator: Declarator = { loc: name.loc, name: name.name, arrayDims: none(), registers: none(), init: parseInitializer(p) };
  return { kind: 'VarDecl', loc, attributes: none(), modifiers, type, declarators: [declarator] };
}

export function parseLocalDeclaration(p: ParserState, attributes: Attribute[]): DeclStmt['decl'][] {
  const t = p.peek();
  switch (t.text) {
    case 'typedef':
      return parseTypedef(p, attributes) as DeclStmt['decl'][];
    case 'using':
      return [parseUsing(p)];
    case 'enum':
      return [parseEnum(p)];
    case 'template':
    case 'namespace':
    case 'cbuffer':
    case 'tbuffer':
      return p.fail(`'${t.text}' is not allowed inside a function`);
    default:
      return parseSpecified(p, attributes, 'local', p.scopes.current) as DeclStmt['decl'][];
  }
}
