// Stage attributes on an entry function (`[numthreads]`, `[maxvertexcount]`, `[domain]`, …): one
// handler per attribute, each saying which stages read it and how its arguments parse. The stage
// payload builders (stage-payloads.ts) read the parsed values; a new stage adds rows here.
import type { TessDomain, TessPartitioning, WorkgroupSize } from '../ir/ir.js';
import type * as ast from '../parse/ast.js';
import type { ShaderStage } from '../common/stage.js';
import type { Checker } from './checker.js';

/** Parsed stage attributes of one entry function; absent: not written. */
export interface StageAttributes {
  numthreads?: WorkgroupSize;
  maxvertexcount?: number;
  instance?: number;
  domain?: TessDomain;
  partitioning?: TessPartitioning;
  /** Tessellation (`triangle_cw`, …) or mesh (`triangle`, `line`) topology, as written; each stage vets it. */
  outputtopology?: string;
  outputcontrolpoints?: number;
  patchconstantfunc?: string;
  maxtessfactor?: number;
  earlydepthstencil?: true;
}

/** Attribute values with the attribute itself, so that a stage's builder can point at it. */
export type StageAttributeSite = { [K in keyof StageAttributes]?: ast.Attribute };

interface Handler<K extends keyof StageAttributes> {
  stages: readonly ShaderStage[];
  parse(c: Checker, attr: ast.Attribute): StageAttributes[K] | undefined;
}

const TESSELLATION: readonly ShaderStage[] = ['hull', 'domain'];

function positiveInt(c: Checker, attr: ast.Attribute, index: number): number | undefined {
  const n = c.attrInt(attr, index, c.global);
  if (n === undefined) return undefined;
  if (n < 1) {
    c.error(`[${attr.name}] argument must be a positive integer constant`, attr.args[index]?.loc ?? attr.loc);
    return undefined;
  }
  return n;
}

/** A string argument from a fixed set (`[domain("tri")]`), case-insensitive as in DXC. */
function oneOf<T extends string>(values: readonly T[]) {
  return (c: Checker, attr: ast.Attribute): T | undefined => {
    const arg = attr.args[0];
    const value = arg?.kind === 'StringLiteral' ? (arg.value.toLowerCase() as T) : undefined;
    if (value !== undefined && values.includes(value)) return value;
    c.error(`[${attr.name}] expects one of ${values.map((v) => `"${v}"`).join(', ')}`, arg?.loc ?? attr.loc);
    return undefined;
  };
}

const HANDLERS: { [K in keyof StageAttributes]-?: Handler<K> } = {
  numthreads: {
    stages: ['compute', 'mesh', 'amplification', 'node'],
    parse(c, attr) {
      const dims = [0, 1, 2].map((i) => c.attrInt(attr, i, c.global));
      if (dims.some((d) => d === undefined || d < 1)) {
        c.error(`[numthreads] arguments must be positive integer constants`, attr.loc);
        return undefined;
      }
      return dims as WorkgroupSize;
    },
  },
  maxvertexcount: { stages: ['geometry'], parse: (c, attr) => positiveInt(c, attr, 0) },
  instance: { stages: ['geometry'], parse: (c, attr) => positiveInt(c, attr, 0) },
  domain: { stages: TESSELLATION, parse: oneOf<TessDomain>(['tri', 'quad', 'isoline']) },
  partitioning: { stages: ['hull'], parse: oneOf<TessPartitioning>(['integer', 'fractional_even', 'fractional_odd', 'pow2']) },
  outputtopology: {
    stages: ['hull', 'mesh'],
    parse(c, attr) {
      const arg = attr.args[0];
      if (arg?.kind === 'StringLiteral') return arg.value.toLowerCase();
      c.error(`[outputtopology] expects a string, e.g. [outputtopology("triangle_cw")]`, arg?.loc ?? attr.loc);
      return undefined;
    },
  },
  outputcontrolpoints: { stages: ['hull'], parse: (c, attr) => positiveInt(c, attr, 0) },
  patchconstantfunc: {
    stages: ['hull'],
    parse(c, attr) {
      const arg = attr.args[0];
      if (arg?.kind === 'StringLiteral') return arg.value;
      c.error(`[patchconstantfunc] expects the function's name as a string`, arg?.loc ?? attr.loc);
      return undefined;
    },
  },
  maxtessfactor: {
    stages: ['hull'],
    parse(c, attr) {
      const arg = attr.args[0];
      if (arg?.kind === 'FloatLiteral') return arg.value;
      if (arg?.kind === 'IntLiteral') return Number(arg.value);
      c.error(`[maxtessfactor] expects a number`, arg?.loc ?? attr.loc);
      return undefined;
    },
  },
  earlydepthstencil: { stages: ['pixel'], parse: () => true },
};

function isStageAttribute(name: string): name is keyof StageAttributes {
  return Object.hasOwn(HANDLERS, name);
}

/**
 * Parses the stage attributes of an entry function that its stage reads. Others are left alone, as
 * DXC ignores e.g. `[numthreads]` on a vertex shader.
 */
export function readStageAttributes(c: Checker, decl: ast.FunctionDecl, stage: ShaderStage): { values: StageAttributes; sites: StageAttributeSite } {
  const values: Record<string, unknown> = {};
  const sites: Record<string, ast.Attribute> = {};
  for (const attr of decl.attributes) {
    const name = attr.name.toLowerCase();
    if (!isStageAttribute(name)) continue;
    const handler: Handler<keyof StageAttributes> = HANDLERS[name];
    if (!handler.stages.includes(stage)) continue;
    const value = handler.parse(c, attr);
    if (value === undefined) continue;
    values[name] = value;
    sites[name] = attr;
  }
  return { values: values as StageAttributes, sites: sites as StageAttributeSite };
}
