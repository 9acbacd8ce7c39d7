// `[[vk::builtin("PointSize")]]` as a pixel-shader input. DXC accepts it (a vertex shader's output
// struct is often reused as the pixel input) and declares the Input variable; Vulkan allows BuiltIn
// PointSize only in vertex, tessellation, geometry and mesh shaders, and spirv-val rejects a Fragment
// entry that loads it (VUID-PointSize-PointSize-04314). DXC's output is valid only when its optimizer
// removes the load because nothing reads the value. Here: the variable is declared and never loaded
// (the back end gives the member no value), and a shader whose code may read it is an error.
import type * as ast from '../parse/ast.js';
import type { IrEntryPoint, IrFunction, IrPlace, IrVar } from '../ir/ir.js';
import { walkStmts } from '../ir/walk.js';
import type { Type } from '../types.js';
import type { Checker } from './checker.js';

type Step = number | '*';

export function checkPixelPointSize(c: Checker, ep: IrEntryPoint, decl: ast.FunctionDecl): void {
  if (ep.stage !== 'pixel') return;
  ep.params.forEach((p, i) => {
    if (p.direction === 'out') return;
    for (const path of pointSizePaths(p.var.type, p.io.builtin, [])) {
      if (!readsPart(ep.function, p.var, path)) continue;
      const at = decl.params[i]?.loc ?? decl.nameLoc;
      c.error(
        `the PointSize builtin input of pixel shader '${decl.name}' is read: Vulkan allows BuiltIn PointSize only in vertex, tessellation, geometry and mesh shaders (VUID-PointSize-PointSize-04314); a pixel shader may declare it but not use it`,
        at,
      );
    }
  });
}

/** Member paths of the PointSize leaves of a stage value. */
function pointSizePaths(t: Type, builtin: string | undefined, path: number[]): number[][] {
  if (t.kind !== 'struct') return builtin === 'PointSize' ? [path] : [];
  return t.fields.flatMap((f, i) => pointSizePaths(f.type, f.builtin, [...path, i]));
}

/** Whether the function may read the part `path` of `param`: a load of it, of what contains it or of a part of it, or passing it out/inout. */
function readsPart(fn: IrFunction, param: IrVar, path: number[]): boolean {
  let reads = false;
  const check = (p: IrPlace): void => {
    const steps = stepsOf(p, param);
    if (steps && steps.every((s, k) => k >= path.length || s === '*' || s === path[k])) reads = true;
  };
  walkStmts(fn.body, {
    expr: (e) => {
      if (e.op === 'load') check(e.place);
    },
    argument: check,
  });
  return reads;
}

/** The member steps from `param` down to a place rooted at it (`*` for an element), or undefined. */
function stepsOf(p: IrPlace, param: IrVar): Step[] | undefined {
  if (p.kind === 'local') return p.local === param ? [] : undefined;
  if (p.kind === 'member') {
    const b = stepsOf(p.base, param);
    return b && [...b, p.index];
  }
  if (p.kind === 'element') {
    const b = stepsOf(p.base, param);
    return b && [...b, '*'];
  }
  return undefined;
}
