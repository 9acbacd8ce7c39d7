// CFG simplification on the structured IR: an `if` on a constant condition keeps the branch taken
// (the other may hold code its stage cannot have, as DXC's optimiser drops it), and statements after
// a `return`, `break` or `continue` in the same block, which never run, go. (`discard` is not a
// terminator everywhere: WGSL's demotes the invocation and goes on.)
import type { IrModule, IrStmt } from '../ir/ir.js';

export function simplifyCfg(module: IrModule): boolean {
  let changed = false;
  const block = (list: IrStmt[]): IrStmt[] => {
    const out: IrStmt[] = [];
    for (const s of list) {
      if (s.op === 'if' && s.cond.op === 'const' && s.cond.value.kind === 'scalar') {
        changed = true;
        out.push(...block(s.cond.value.value ? s.then : s.else));
      } else out.push(nested(s));
      const last = out[out.length - 1];
      if (last && (last.op === 'return' || last.op === 'break' || last.op === 'continue')) {
        if (s !== list[list.length - 1]) changed = true;
        break;
      }
    }
    return out;
  };
  const nested = (s: IrStmt): IrStmt => {
    switch (s.op) {
      case 'if':
        return { ...s, then: block(s.then), else: block(s.else) };
      case 'loop':
        return { ...s, body: block(s.body), continuing: block(s.continuing) };
      case 'switch':
        return { ...s, cases: s.cases.map((c) => ({ ...c, body: block(c.body) })) };
      default:
        return s;
    }
  };
  for (const fn of module.functions) fn.body = block(fn.body);
  return changed;
}
