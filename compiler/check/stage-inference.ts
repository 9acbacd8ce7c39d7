// Entry points of a file that marks none (HLSL written for `dxc -T ps_6_0 -E main` has no
// `[shader("…")]`): the stage comes from the caller's hint (the plugin reads it from the file name),
// else from what the function writes: SV_Target*/SV_Depth*/SV_Coverage/SV_StencilRef → pixel,
// SV_Position → vertex; stage attributes first ([maxvertexcount] → geometry, [patchconstantfunc] →
// hull, [domain] alone → domain), since those stages also write SV_Position. `main`, DXC's default entry name, is preferred; otherwise every function
// whose signature names a stage is one; anything unclear is an error that lists the candidates.
import type * as ast from '../parse/ast.js';
import type { ShaderStage } from '../common/stage.js';
import type { Type } from '../types.js';
import type { Checker } from './checker.js';
import type { EntryCandidate } from './entry-points.js';
import type { FunctionSymbol } from './scope.js';

/** Output semantics that only one stage writes (base names, upper case, index stripped). */
const OUTPUT_STAGES: ReadonlyArray<[RegExp, ShaderStage]> = [
  [/^SV_TARGET\d*$/, 'pixel'],
  [/^SV_DEPTH(GREATEREQUAL|LESSEQUAL)?$/, 'pixel'],
  [/^SV_COVERAGE$/, 'pixel'],
  [/^SV_STENCILREF$/, 'pixel'],
  [/^SV_POSITION$/, 'vertex'],
];

function semanticsOf(t: Type | undefined, own: string | undefined): string[] {
  const mine = own ? [own.toUpperCase()] : [];
  if (t?.kind !== 'struct') return mine;
  return [...mine, ...t.fields.flatMap((f) => semanticsOf(f.type, f.semantic))];
}

/** The stage a function's outputs imply, if they imply exactly one. */
export function stageFromSignature(fn: FunctionSymbol): ShaderStage | undefined {
  // Template functions have no resolved signature: they are never entry points.
  if (fn.instances) return undefined;
  const decl = fn.decl;
  const attributes = new Set(decl.attributes.map((a) => a.name.toLowerCase()));
  if (attributes.has('maxvertexcount')) return 'geometry';
  if (attributes.has('patchconstantfunc')) return 'hull';
  if (attributes.has('domain')) return 'domain';
  const outputs = [
    ...semanticsOf(fn.returnType, decl.returnSemantic?.name),
    ...fn.params.flatMap((p, i) => (p.direction === 'in' ? [] : semanticsOf(p.type, decl.params[i]?.semantic?.name))),
  ];
  const stages = new Set(outputs.flatMap((s) => OUTPUT_STAGES.filter(([pattern]) => pattern.test(s)).map(([, stage]) => stage)));
  return stages.size === 1 ? [...stages][0] : undefined;
}

/**
 * Entry points for a file with no `[shader]`/`[numthreads]` function. Returns the candidates, or
 * reports one error (at `at`) saying what was looked for and what was found.
 */
export function inferEntryPoints(c: Checker, functions: FunctionSymbol[], hint: ShaderStage | undefined, at: ast.NodeBase['loc']): EntryCandidate[] {
  const main = functions.filter((f) => f.decl.name === 'main');
  if (main.length === 1) {
    const stage = hint ?? stageFromSignature(main[0]!);
    if (stage) return [{ symbol: main[0]!, stage }];
    c.error(
      `cannot tell which stage 'main' is: its outputs name none (SV_Position → vertex, SV_Target → pixel) and nothing marks it; ` +
        `add [shader("stage")] or [numthreads(x, y, z)], or name the stage (-T, the stage query, or a file name such as x.frag.hlsl)`,
      main[0]!.decl.nameLoc,
    );
    return [];
  }
  const typed = functions.map((symbol) => ({ symbol, stage: stageFromSignature(symbol) })).filter((x): x is EntryCandidate => x.stage !== undefined);
  const matching = hint ? typed.filter((x) => x.stage === hint) : typed;
  if (matching.length > 0) return matching;
  const seen = typed.map((x) => `'${x.symbol.decl.name}' (${x.stage})`).join(', ');
  c.error(
    `no entry point found: mark a function with [shader("stage")] or [numthreads(x, y, z)], or name one (-E/-T, or the entry/stage query)` +
      (hint ? `; the file name says ${hint}, and no function 'main' or function with ${hint} outputs exists` : '') +
      (seen ? `; functions whose outputs name a stage: ${seen}` : ''),
    at,
  );
  return [];
}
