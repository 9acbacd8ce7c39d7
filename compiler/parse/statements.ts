// Statements. A statement that starts with a type followed by a name is a declaration (as in C,
// `S x;` can never be an expression); everything else is an expression statement.
import type { Attribute, Block, DeclStmt, Expr, ExprStmt, ForStmt, Stmt, SwitchCase, SwitchStmt, VarDecl } from './ast.js';
import { parseAttributes } from './attributes.js';
import { atConditionDeclaration, parseConditionDeclaration, parseLocalDeclaration, startsLocalDeclaration } from './declarations.js';
import { parseExpression } from './expressions.js';
import { recovering, stopAtStatement } from './recovery.js';
import type { ParserState } from './state.js';
import { exact, none } from './lists.js';
import type { Token } from '../lex/token.js';

/** `{ … }`; reports an unclosed block at the end of input with a note at its `{`. */
export function parseBlock(p: ParserState, attributes: Attribute[] = none()): Block {
  // Not a nesting level of its own: nested blocks are counted by parseStatements.
  const open = p.expect('{');
  const body: Stmt[] = [];
  p.scopes.push();
  while (!p.at('}') && !p.atEof()) recovering(p, () => body.push(...parseStatements(p)), stopAtStatement);
  p.scopes.pop();
  const close = p.peek();
  p.expectCloseBrace(open);
  const block: Block = { kind: 'Block', loc: open.loc, attributes, body: exact(body) };
  if (close.kind === 'punct' && close.text === '}') block.endLoc = close.loc;
  return block;
}

/** One statement, as the body of `if`/`for`/`while`/`do`. */
function parseStatement(p: ParserState): Stmt {
  const stmts = parseStatements(p);
  if (stmts.length === 1) return stmts[0]!;
  // `if (c) struct S { … } s;` declares two things; keep them together.
  return { kind: 'Block', loc: stmts[0]?.loc ?? p.peek().loc, attributes: none(), body: stmts };
}

/** One statement; a local declaration of a struct together with variables yields two. */
export function parseStatements(p: ParserState): Stmt[] {
  p.enter();
  const stmts = parseStatementsAt(p);
  p.leave();
  return stmts;
}

function parseStatementsAt(p: ParserState): Stmt[] {
  const attributes = parseAttributes(p);
  const t = p.peek();
  if (t.kind === 'pragma') {
    p.next();
    p.warning(`'#pragma ${t.text}' is only honoured at file or namespace scope; ignored`, t.loc, 1, 'ignored-pragmas');
    return [{ kind: 'Empty', loc: t.loc, attributes }];
  }
  if (t.kind === 'punct') {
    if (t.text === '{') return [parseBlock(p, attributes)];
    if (t.text === ';') {
      p.next();
      return [{ kind: 'Empty', loc: t.loc, attributes }];
    }
  }
  if (t.kind === 'identifier') {
    const keyword = STATEMENT_PARSERS.get(t.text);
    if (keyword) return [keyword(p, attributes)];
    if (startsLocalDeclaration(p)) {
      return parseLocalDeclaration(p, attributes).map((decl): DeclStmt => {
        if (decl.kind === 'VarDecl') return { kind: 'DeclStmt', loc: decl.loc, attributes: none(), decl };
        return { kind: 'DeclStmt', loc: decl.loc, attributes, decl };
      });
    }
  }
  const expr = parseExpression(p);
  p.expect(';', 'after expression');
  return [{ kind: 'ExprStmt', loc: t.loc, attributes, expr } satisfies ExprStmt];
}

type StatementParser = (p: ParserState, attributes: Attribute[]) => Stmt;

/** Statements introduced by a keyword (a Map: identifiers like `toString` must not hit a prototype). */
const STATEMENT_PARSERS: ReadonlyMap<string, StatementParser> = new Map(Object.entries({
  if: (p, attributes) => {
    const loc = p.next().loc;
    const { cond, decl } = parseCondition(p, 'if', true);
    const then = parseStatement(p);
    const stmt: Stmt = { kind: 'If', loc, attributes, cond, then };
    if (p.acceptWord('else')) stmt.else = parseStatement(p);
    return declaredFirst(decl, stmt);
  },
  for: (p, attributes) => {
    const loc = p.next().loc;
    p.expect('(', "after 'for'");
    p.scopes.push(); // a declaration in the initialiser is scoped to the loop
    let init: ForStmt['init'];
    if (!p.accept(';')) {
      if (startsLocalDeclaration(p)) {
        const decl = parseLocalDeclaration(p, none()).at(-1)!;
        init = { kind: 'DeclStmt', loc: decl.loc, attributes: none(), decl };
      } else {
        const iloc = p.peek().loc;
        init = { kind: 'ExprStmt', loc: iloc, attributes: none(), expr: parseExpression(p) };
        p.expect(';', "in 'for' statement specifier");
      }
    }
    const cond = p.at(';') ? undefined : parseExpression(p);
    p.expect(';', "in 'for' statement specifier");
    const step = p.at(')') ? undefined : parseExpression(p);
    p.expect(')', "to close the 'for' header");
    const stmt: ForStmt = { kind: 'For', loc, attributes, body: parseStatement(p) };
    if (init) stmt.init = init;
    if (cond) stmt.cond = cond;
    if (step) stmt.step = step;
    p.scopes.pop();
    return stmt;
  },
  while: (p, attributes) => {
    const loc = p.next().loc;
    const { cond, decl } = parseCondition(p, 'while', true);
    const body = parseStatement(p);
    if (!decl) return { kind: 'While', loc, attributes, cond, body };
    // `while (T x = e) body`: x is declared and tested before every iteration, as C++ defines it.
    const exit: Stmt = { kind: 'If', loc: cond.loc, attributes: none(), cond: { kind: 'Unary', loc: cond.loc, op: '!', operand: cond }, then: { kind: 'Break', loc: cond.loc, attributes: none() } };
    const always: Expr = { kind: 'BoolLiteral', loc: cond.loc, value: true };
    return { kind: 'While', loc, attributes, cond: always, body: { kind: 'Block', loc: body.loc, attributes: none(), body: [declStmt(decl), exit, body] } };
  },
  do: (p, attributes) => {
    const loc = p.next().loc;
    const body = parseStatement(p);
    if (!p.acceptWord('while')) p.fail("expected 'while' in do/while loop");
    const { cond } = parseCondition(p, 'while', false);
    p.expect(';', 'after do/while statement');
    return { kind: 'DoWhile', loc, attributes, body, cond };
  },
  switch: parseSwitch,
  break: (p, attributes) => jump(p, 'Break', attributes),
  continue: (p, attributes) => jump(p, 'Continue', attributes),
  discard: (p, attributes) => jump(p, 'Discard', attributes),
  return: (p, attributes) => {
    const loc = p.next().loc;
    const stmt: Stmt = { kind: 'Return', loc, attributes };
    if (!p.at(';')) stmt.value = parseExpression(p);
    p.expect(';', 'after return statement');
    return stmt;
  },
  case: (p) => p.fail("'case' statement not in switch statement"),
  default: (p) => p.fail("'default' statement not in switch statement"),
  else: (p) => p.fail("'else' without a previous 'if'"),
} satisfies Record<string, StatementParser>));

function jump(p: ParserState, kind: 'Break' | 'Continue' | 'Discard', attributes: Attribute[]): Stmt {
  const t = p.next();
  p.expect(';', `after ${t.text} statement`);
  return { kind, loc: t.loc, attributes };
}

/**
 * `(e)`, or with `declares` a C++ condition declaration `(T x = e)`: then `cond` names x, and the
 * caller puts the declaration where it runs (before an `if` or `switch`, at the top of each `while` iteration).
 */
function parseCondition(p: ParserState, keyword: string, declares: boolean): { cond: Expr; decl?: VarDecl } {
  p.expect('(', `after '${keyword}'`);
  if (declares && atConditionDeclaration(p)) {
    const decl = parseConditionDeclaration(p);
    p.expect(')', `after ${keyword} condition`);
    const d = decl.declarators[0]!;
    return { cond: { kind: 'Name', loc: d.loc, name: d.name }, decl };
  }
  const cond = parseExpression(p);
  p.expect(')', `after ${keyword} condition`);
  return { cond };
}

function declStmt(decl: VarDecl): DeclStmt {
  return { kind: 'DeclStmt', loc: decl.loc, attributes: none(), decl };
}

/** `if`/`switch` with a condition declaration: `{ T x = e; if (x) … }`, x scoped to the statement. */
function declaredFirst(decl: VarDecl | undefined, stmt: Stmt): Stmt {
  return decl ? { kind: 'Block', loc: stmt.loc, attributes: none(), body: [declStmt(decl), stmt] } : stmt;
}

/** `switch (x) { case 1: case 2: …; default: … }`: consecutive labels share one SwitchCase. */
function isSwitchLabel(t: Token): boolean {
  return t.kind === 'identifier' && (t.text === 'case' || t.text === 'default');
}

/** `case value:` or `default:`; consecutive labels share one body. */
function parseSwitchLabel(p: ParserState, cases: SwitchCase[]): void {
  const t = p.next();
  const value = t.text === 'case' ? parseExpression(p) : null;
  p.expect(':', `after '${t.text}'`);
  const last = cases[cases.length - 1];
  if (last && last.body.length === 0) last.labels.push(value);
  else cases.push({ loc: t.loc, labels: [value], body: [] });
}

function parseSwitch(p: ParserState, attributes: Attribute[]): Stmt {
  const loc = p.next().loc;
  const { cond: selector, decl } = parseCondition(p, 'switch', true);
  p.expect('{', 'to open the switch body');
  const cases: SwitchCase[] = [];
  p.scopes.push();
  while (!p.at('}') && !p.atEof()) {
    recovering(
      p,
      () => {
        const t = p.peek();
        if (isSwitchLabel(t)) return parseSwitchLabel(p, cases);
        // `case 6: { case 7: break; }`: labels that open a nested block label the block itself, as
        // DXC accepts; a label after a statement of a nested block stays an error.
        if (p.at('{') && isSwitchLabel(p.peek(1))) {
          const open = p.next();
          p.scopes.push();
          while (isSwitchLabel(p.peek())) parseSwitchLabel(p, cases);
          const body: Stmt[] = [];
          while (!p.at('}') && !p.atEof()) recovering(p, () => body.push(...parseStatements(p)), stopAtStatement);
          p.scopes.pop();
          p.expectCloseBrace(open);
          cases[cases.length - 1]!.body.push({ kind: 'Block', loc: open.loc, attributes: [], body });
          return;
        }
        // Statements before the first label are unreachable but legal, as in C.
        if (cases.length === 0) cases.push({ loc: t.loc, labels: [], body: [] });
        cases[cases.length - 1]!.body.push(...parseStatements(p));
      },
      stopAtStatement,
    );
  }
  p.scopes.pop();
  p.expect('}', 'to close the switch body');
  for (const c of cases) {
    c.labels = exact(c.labels);
    c.body = exact(c.body);
  }
  const stmt: SwitchStmt = { kind: 'Switch', loc, attributes, selector, cases: exact(cases) };
  return declaredFirst(decl, stmt);
}
