// `[unroll]` loops whose counter must be a constant in each copy of the body, as DXC makes it by
// unrolling before legalization: loops that reassign resource aliases (conditions on the counter
// then pick one resource) and loops that pass the counter to a texture offset (offset-arguments.ts:
// Vulkan needs a constant offset). Such a loop (and only such a loop: every other `[unroll]` loop
// keeps its Unroll loop control) is lowered as its body once per iteration, the counter bound to
// that iteration's constant value. It applies to the counted form
// `for (int i = A; i <op> B; i++ | i-- | i += C | i -= C)` whose body neither writes the counter nor
// leaves by break/continue/return, up to MAX_ITERATIONS.
import type { IrConst, IrStmt } from '../ir/ir.js';
import type * as ast from '../parse/ast.js';
import type { Checker } from './checker.js';
import { convertScalar } from './constant-eval.js';
import { feedsOffset } from './offset-arguments.js';
import { mayWriteIn, walk } from './resource-constants.js';
import { Scope } from './scope.js';

const MAX_ITERATIONS = 64;

const COMPARE: Record<string, (a: number, b: number) => boolean> = {
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '!=': (a, b) => a !== b,
};

/** Whether the loop body assigns a resource alias declared outside the loop. */
function reassignsOuterAlias(body: ast.Stmt, scope: Scope): boolean {
  const root = (e: ast.Expr): ast.Expr => (e.kind === 'Member' || e.kind === 'Index' ? root(e.object) : e);
  let found = false;
  walk(body, (node) => {
    if (found || node.kind !== 'Assign') return;
    const target = root((node as ast.AssignExpr).target);
    if (target.kind !== 'Name') return;
    const entry = scope.lookup(target.name);
    found = entry?.kind === 'variable' && !!entry.held;
    return found;
  });
  return found;
}

/** The counter's values, or undefined when the loop is not of the counted form. */
function iterations(c: Checker, s: ast.ForStmt, scope: Scope): { name: string; decl: ast.VarDecl; values: number[] } | undefined {
  const init = s.init;
  if (init?.kind !== 'DeclStmt' || init.decl.kind !== 'VarDecl' || init.decl.declarators.length !== 1) return undefined;
  const d = init.decl.declarators[0]!;
  if (!d.init || d.arrayDims.length || !['int', 'uint'].includes(init.decl.type.name)) return undefined;
  const name = d.name;
  const isCounter = (e: ast.Expr | undefined): boolean => e?.kind === 'Name' && e.name === name;
  // Literals and named constants only: anything else keeps the loop as it is (and checks it there).
  const constant = (e: ast.Expr): number | undefined => {
    if (e.kind === 'IntLiteral') return Number(e.value);
    if (e.kind === 'Unary' && e.op === '-' && e.operand.kind === 'IntLiteral') return -Number(e.operand.value);
    const entry = e.kind === 'Name' && !isCounter(e) ? scope.lookup(e.name) : undefined;
    const v = entry?.kind === 'variable' ? entry.constant : undefined;
    return v?.kind === 'scalar' && typeof v.value !== 'boolean' ? Number(v.value) : undefined;
  };
  const start = constant(d.init);
  const cond = s.cond;
  if (start === undefined || cond?.kind !== 'Binary' || !isCounter(cond.left) || !(cond.op in COMPARE)) return undefined;
  const bound = constant(cond.right);
  let step: number | undefined;
  const st = s.step;
  if ((st?.kind === 'Postfix' || st?.kind === 'Unary') && isCounter(st.operand) && (st.op === '++' || st.op === '--')) step = st.op === '++' ? 1 : -1;
  else if (st?.kind === 'Assign' && isCounter(st.target) && (st.op === '+=' || st.op === '-=')) {
    const k = constant(st.value);
    step = k === undefined ? undefined : st.op === '+=' ? k : -k;
  }
  if (bound === undefined || !step) return undefined;
  const values: number[] = [];
  for (let v = start; COMPARE[cond.op]!(v, bound); v += step) {
    if (values.length === MAX_ITERATIONS) return undefined;
    values.push(v);
  }
  return { name, decl: init.decl, values };
}

/**
 * Lowers `s` unrolled into `out` when it is an `[unroll]` counted loop that reassigns resource
 * aliases or feeds its counter to a texture offset; false (nothing lowered) otherwise.
 */
export function unrollForConstants(c: Checker, s: ast.ForStmt, scope: Scope, out: IrStmt[], lowerBody: (body: ast.Stmt, scope: Scope) => IrStmt[]): boolean {
  if (!s.attributes.some((a) => a.name === 'unroll')) return false;
  let leaves = false;
  walk(s.body, (node) => (leaves ||= node.kind === 'Break' || node.kind === 'Continue' || node.kind === 'Return'));
  const counted = !leaves && iterations(c, s, scope);
  if (!counted || mayWriteIn(s.body, counted.name, scope)) return false;
  if (!reassignsOuterAlias(s.body, scope) && !feedsOffset(c, s.body, new Set([counted.name]), scope)) return false;
  const type = c.resolveType(counted.decl.type, scope, counted.decl.modifiers);
  if (type?.kind !== 'scalar') return false;
  for (const v of counted.values) {
    const inner = new Scope(scope, 'block');
    const constant: IrConst = { kind: 'scalar', type, value: convertScalar(v, type) };
    const place = { kind: 'local' as const, local: { id: c.newId(), name: counted.name, type }, type };
    inner.define({ kind: 'variable', name: counted.name, type, place, readonly: true, constant, loc: counted.decl.loc });
    out.push(...lowerBody(s.body, inner));
  }
  return true;
}
