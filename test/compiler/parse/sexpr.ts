// A compact S-expression printer for the syntax tree, so tests compare one readable line per
// declaration with hand-written expectations instead of walking objects field by field.
import type {
  Attribute, Decl, Declarator, Expr, Modifier, Param, Program, RegisterAnnotation, Stmt, TemplateArg,
  TemplateParam, TypeSpec,
} from '../../../compiler/parse/ast.js';

export function programToSexpr(program: Program): string[] {
  return program.decls.map(declToSexpr);
}

function list(...items: (string | undefined | false)[]): string {
  return `(${items.filter((x): x is string => typeof x === 'string' && x !== '').join(' ')})`;
}

function attrs(a: Attribute[]): string {
  return a
    .map((x) => {
      const inner = [x.name, ...x.args.map(exprToSexpr)].join(' ');
      return x.syntax === 'bracket' ? `[${inner}]` : `[[${inner}]]`;
    })
    .join(' ');
}

function mods(m: Modifier[] | undefined): string {
  return m && m.length ? m.join(' ') : '';
}

export function typeToSexpr(t: TypeSpec): string {
  if (t.struct) return declToSexpr(t.struct);
  const args = t.templateArgs ? `<${t.templateArgs.map(templateArg).join(',')}>` : '';
  const prefix = t.modifiers?.length ? `${t.modifiers.join(' ')} ` : '';
  return `${prefix}${t.global ? '::' : ''}${t.name}${args}`;
}

function templateArg(a: TemplateArg): string {
  return a.kind === 'TypeSpec' ? typeToSexpr(a) : exprToSexpr(a);
}

function templateParam(t: TemplateParam): string {
  const head = t.paramKind === 'type' ? `typename ${t.name}` : `${typeToSexpr(t.valueType!)} ${t.name}`;
  return t.default ? `${head}=${templateArg(t.default)}` : head;
}

function dims(d: (Expr | null)[]): string {
  return d.map((x) => `[${x ? exprToSexpr(x) : ''}]`).join('');
}

function register(r: RegisterAnnotation): string {
  return list('register', r.profile, r.slot, r.space !== undefined && `space=${r.space}`);
}

function declarator(d: Declarator): string {
  return list(
    `${d.name}${dims(d.arrayDims)}`,
    d.semantic && `: ${d.semantic.name}`,
    ...d.registers.map(register),
    d.packOffset && `(packoffset ${d.packOffset.register}${d.packOffset.component ? `.${d.packOffset.component}` : ''})`,
    d.init && `= ${exprToSexpr(d.init)}`,
  );
}

function param(p: Param): string {
  return list(
    'param', attrs(p.attributes), mods(p.modifiers), typeToSexpr(p.type), `${p.name}${dims(p.arrayDims)}`,
    p.semantic && `: ${p.semantic.name}`, p.default && `= ${exprToSexpr(p.default)}`,
  );
}

export function declToSexpr(d: Decl): string {
  switch (d.kind) {
    case 'VarDecl':
      return list('var', attrs(d.attributes), mods(d.modifiers), typeToSexpr(d.type), ...d.declarators.map(declarator));
    case 'FunctionDecl':
      return list(
        'function', attrs(d.attributes), d.templateParams && `<${d.templateParams.map(templateParam).join(', ')}>`,
        mods(d.modifiers), typeToSexpr(d.returnType), d.name, list(...d.params.map(param)),
        d.returnSemantic && `: ${d.returnSemantic.name}`, d.body && stmtToSexpr(d.body),
      );
    case 'StructDecl':
      return list(
        d.keyword, attrs(d.attributes), d.templateParams && `<${d.templateParams.map(templateParam).join(', ')}>`,
        d.name || '<anonymous>', d.bases.length > 0 && `: ${d.bases.map(typeToSexpr).join(', ')}`,
        ...d.members.map(declToSexpr),
      );
    case 'BufferDecl':
      return list(d.bufferKind, attrs(d.attributes), d.name, ...d.registers.map(register), ...d.members.map(declToSexpr));
    case 'TypedefDecl':
      return list('typedef', mods(d.modifiers), typeToSexpr(d.type), ...d.declarators.map((x) => `${x.name}${dims(x.arrayDims)}`));
    case 'EnumDecl':
      return list(
        'enum', d.scoped && 'class', d.name, d.underlying && `: ${typeToSexpr(d.underlying)}`,
        ...d.members.map((m) => list(m.name, m.value && exprToSexpr(m.value))),
      );
    case 'NamespaceDecl':
      return list('namespace', d.name, ...d.decls.map(declToSexpr));
    case 'UsingDecl':
      return d.alias ? list('using', d.alias.name, '=', typeToSexpr(d.alias.type)) : list('using namespace', d.namespace);
    case 'PackMatrixPragma':
      return list('pack_matrix', d.majorness);
  }
}

export function stmtToSexpr(s: Stmt): string {
  const a = attrs(s.attributes);
  const body = ((): string => {
    switch (s.kind) {
      case 'Block':
        return list('block', ...s.body.map(stmtToSexpr));
      case 'DeclStmt':
        return declToSexpr(s.decl);
      case 'ExprStmt':
        return exprToSexpr(s.expr);
      case 'If':
        return list('if', exprToSexpr(s.cond), stmtToSexpr(s.then), s.else && stmtToSexpr(s.else));
      case 'For':
        return list(
          'for', s.init ? stmtToSexpr(s.init) : '_', s.cond ? exprToSexpr(s.cond) : '_',
          s.step ? exprToSexpr(s.step) : '_', stmtToSexpr(s.body),
        );
      case 'While':
        return list('while', exprToSexpr(s.cond), stmtToSexpr(s.body));
      case 'DoWhile':
        return list('do', stmtToSexpr(s.body), exprToSexpr(s.cond));
      case 'Switch':
        return list(
          'switch', exprToSexpr(s.selector),
          ...s.cases.map((c) =>
            list('case', list(...c.labels.map((l) => (l ? exprToSexpr(l) : 'default'))), ...c.body.map(stmtToSexpr)),
          ),
        );
      case 'Return':
        return list('return', s.value && exprToSexpr(s.value));
      case 'Break':
      case 'Continue':
      case 'Discard':
      case 'Empty':
        return list(s.kind.toLowerCase());
    }
  })();
  return a ? `${a} ${body}` : body;
}

export function exprToSexpr(e: Expr): string {
  switch (e.kind) {
    case 'IntLiteral':
    case 'FloatLiteral':
      return `${e.value}${e.suffix}`;
    case 'BoolLiteral':
      return String(e.value);
    case 'StringLiteral':
      return JSON.stringify(e.value);
    case 'Name':
      return `${e.global ? '::' : ''}${e.name}${e.templateArgs ? `<${e.templateArgs.map(templateArg).join(',')}>` : ''}`;
    case 'Unary':
      return list(e.op, exprToSexpr(e.operand));
    case 'Postfix':
      return list(`post${e.op}`, exprToSexpr(e.operand));
    case 'Binary':
      return list(e.op, exprToSexpr(e.left), exprToSexpr(e.right));
    case 'Assign':
      return list(e.op, exprToSexpr(e.target), exprToSexpr(e.value));
    case 'Conditional':
      return list('?', exprToSexpr(e.cond), exprToSexpr(e.then), exprToSexpr(e.else));
    case 'Cast':
      return list('cast', `${typeToSexpr(e.type)}${e.arrayDims.map((d) => `[${exprToSexpr(d)}]`).join('')}`, exprToSexpr(e.operand));
    case 'Construct':
      return list('construct', typeToSexpr(e.type), ...e.args.map(exprToSexpr));
    case 'Call':
      return list('call', exprToSexpr(e.callee), ...e.args.map(exprToSexpr));
    case 'Member':
      return list('.', exprToSexpr(e.object), `${e.member}${e.templateArgs ? `<${e.templateArgs.map(templateArg).join(',')}>` : ''}`);
    case 'Index':
      return list('[]', exprToSexpr(e.object), exprToSexpr(e.index));
    case 'InitList':
      return `{${e.elements.map(exprToSexpr).join(' ')}}`;
    case 'Sizeof':
      return list('sizeof', e.operand.kind === 'TypeSpec' ? typeToSexpr(e.operand) : exprToSexpr(e.operand));
  }
}
