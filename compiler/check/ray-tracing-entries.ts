// Ray-tracing entry signatures (the manual's ray-tracing section): ray generation and intersection
// shaders take nothing; miss shaders an inout payload; closest-hit and any-hit shaders an inout
// payload and in attributes; callable shaders inout callable data. Payloads, attributes and
// callable data are user-defined structs; every entry returns void.
import type { RayStage } from '../ir/ray-tracing.js';
import { typeToString } from '../types.js';
import type { PayloadSite } from './stage-payloads.js';

interface ParamRule {
  what: string;
  direction: 'inout' | 'in';
}

const PAYLOAD: ParamRule = { what: 'payload', direction: 'inout' };
const ATTRIBUTES: ParamRule = { what: 'hit attributes', direction: 'in' };
const CALLABLE: ParamRule = { what: 'callable data', direction: 'inout' };

const SIGNATURES: Record<RayStage, readonly ParamRule[]> = {
  raygeneration: [],
  intersection: [],
  miss: [PAYLOAD],
  closesthit: [PAYLOAD, ATTRIBUTES],
  anyhit: [PAYLOAD, ATTRIBUTES],
  callable: [CALLABLE],
};

function describe(rules: readonly ParamRule[]): string {
  return rules.length ? rules.map((r) => `${r.direction} <struct> ${r.what}`).join(', ') : 'no parameters';
}

/** Checks an entry's signature against its stage's; the stage adds nothing else to the entry. */
export function rayTracingEntry(stage: RayStage) {
  return (s: PayloadSite): Record<never, never> | undefined => {
    const { c, decl, entry } = s;
    const rules = SIGNATURES[stage];
    let ok = true;
    if (entry.function.returnType.kind !== 'void') {
      c.error(`${stage} entry point '${decl.name}' must return void`, decl.nameLoc, decl.name.length);
      ok = false;
    }
    if (entry.params.length !== rules.length) {
      c.error(`${stage} entry point '${decl.name}' takes ${describe(rules)}`, decl.nameLoc, decl.name.length);
      return undefined;
    }
    rules.forEach((rule, i) => {
      const p = entry.params[i]!;
      const param = decl.params[i]!;
      if (p.var.type.kind !== 'struct') {
        c.error(`the ${rule.what} of ${stage} entry point '${decl.name}' must be a user-defined struct, not '${typeToString(p.var.type)}'`, param.loc, param.name.length || 1);
        ok = false;
      } else if (p.direction !== rule.direction) {
        c.error(`the ${rule.what} of ${stage} entry point '${decl.name}' must be '${rule.direction}'`, param.loc, param.name.length || 1);
        ok = false;
      }
    });
    return ok ? {} : undefined;
  };
}
