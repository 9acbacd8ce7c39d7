// "Can WGSL express this module, and what does writing it need?", answered before writing: the
// stages, and how globals are used (atomics decide a buffer's word type, comparisons make a texture
// a depth texture, reads make a storage texture read_write, 16-bit floats need `enable f16;`).
import type { IrFunction, IrGlobal, IrModule, IrVar } from '../ir/ir.js';
import type { Loc } from '../locations.js';
import { rootGlobal, walkStmts } from '../ir/walk.js';
import type { ShaderStage } from '../common/stage.js';
import { unsupported } from './errors.js';
import { usesF16 } from './types.js';
import { typeToString, type PointerType, type Type } from '../types.js';

const STAGES: readonly ShaderStage[] = ['compute', 'vertex', 'pixel'];

export interface ModuleUsage {
  /** Globals that atomics touch, with the word type their view needs. */
  atomics: Map<IrGlobal, 'u32' | 'i32'>;
  /** Textures sampled or gathered with a comparison. */
  depthTextures: Set<IrGlobal>;
  /** Storage textures that are read (declared read_write; otherwise write-only). */
  readTextures: Set<IrGlobal>;
  /** Storage textures that are written. */
  writtenTextures: Set<IrGlobal>;
  f16: boolean;
}

export function analyzeModule(ir: IrModule): ModuleUsage {
  for (const ep of ir.entryPoints) {
    if (!STAGES.includes(ep.stage)) throw unsupported(`the ${ep.stage} stage (entry point '${ep.name}')`, ep.loc, 'WebGPU has compute, vertex and fragment stages only');
  }
  const signedness = new Map<IrGlobal, Set<'signed' | 'unsigned' | 'any'>>();
  const usage: ModuleUsage = { atomics: new Map(), depthTextures: new Set(), readTextures: new Set(), writtenTextures: new Set(), f16: false };
  const note = (g: IrGlobal, kind: 'signed' | 'unsigned' | 'any') => {
    let s = signedness.get(g);
    if (!s) signedness.set(g, (s = new Set()));
    s.add(kind);
  };
  // A buffer pointer anywhere (a buffer's member, a local, a value) is refused before writing: at
  // the global that holds one where there is such a global, else at a declared local or parameter,
  // else at the entry point whose function has a value of that type, or at a helper's first call.
  for (const g of ir.globals) {
    const pointer = pointerIn(g.type);
    if (pointer) throw unsupported(`the buffer pointer type '${typeToString(pointer)}' (in '${g.name}')`, g.loc, 'WebGPU has no buffer device addresses');
  }
  const refuseDeclared = (v: IrVar) => {
    const pointer = v.loc === undefined ? undefined : pointerIn(v.type);
    if (pointer) throw unsupported(`the buffer pointer type '${typeToString(pointer)}' (in '${v.name}')`, v.loc, 'WebGPU has no buffer device addresses');
  };
  for (const fn of ir.functions) {
    for (const p of fn.params) refuseDeclared(p.var);
    for (const v of fn.locals) refuseDeclared(v);
  }
  let walked: IrFunction | undefined;
  const visitor = {
    // An inout texel argument is read before the call.
    argument(p: import('../ir/ir.js').IrPlace) {
      if (!hasTexel(p)) return;
      const g = rootGlobal(p);
      if (g) usage.readTextures.add(g);
    },
    written(p: import('../ir/ir.js').IrPlace) {
      if (!hasTexel(p)) return;
      const g = rootGlobal(p);
      if (g) usage.writtenTextures.add(g);
    },
    // Writing one component of a texel reads the texel first.
    place(p: import('../ir/ir.js').IrPlace) {
      if ((p.kind === 'element' || p.kind === 'member') && hasTexel(p.base)) {
        const g = rootGlobal(p);
        if (g) usage.readTextures.add(g);
      }
    },
    expr(e: import('../ir/ir.js').IrExpr) {
      if (usesF16(e.type)) usage.f16 = true;
      const pointer = pointerIn(e.type);
      if (pointer) {
        const ep = ir.entryPoints.find((p) => p.function === walked);
        const call = ep === undefined && walked !== undefined ? firstCallOf(ir, walked) : undefined;
        const where = ep ? ` (in entry point '${ep.name}')` : call ? ` (in '${walked!.name}', called here)` : '';
        throw unsupported(`the buffer pointer type '${typeToString(pointer)}'${where}`, ep?.loc ?? call, 'WebGPU has no buffer device addresses');
      }
      if (e.op === 'load' && hasTexel(e.place)) {
        const g = rootGlobal(e.place);
        if (g) usage.readTextures.add(g);
      }
      if (e.op !== 'resource') return;
      const c = e.call;
      if (c.kind === 'rayQuery') throw unsupported(`RayQuery.${c.method}`, c.loc, 'WebGPU has no ray queries or acceleration structures');
      if (c.kind === 'raySystemValue' || c.kind === 'traceRay' || c.kind === 'reportHit' || c.kind === 'callShader' || c.kind === 'rayTerminate') {
        throw unsupported(`the ray-tracing intrinsic '${c.kind === 'raySystemValue' ? c.value : c.kind}'`, c.loc, 'WebGPU has no ray-tracing stages');
      }
      if (c.kind.startsWith('node')) throw unsupported('work-graph node methods', 'loc' in c ? c.loc : undefined, 'WebGPU has no work graphs');
      if ((c.kind === 'sample' || c.kind === 'gather') && c.dref) {
        const g = rootGlobal(c.image);
        if (g) usage.depthTextures.add(g);
      }
      if (c.kind === 'fetch') {
        const g = rootGlobal(c.image);
        if (g) usage.readTextures.add(g);
      }
      if (c.kind === 'atomic') {
        const g = rootGlobal(c.target);
        const signed = e.type.kind === 'scalar' && e.type.base === 'int';
        if (g) note(g, c.operation === 'min' || c.operation === 'max' ? (signed ? 'signed' : 'unsigned') : 'any');
      }
      if (c.kind === 'counter') usage.atomics.set(c.counter, 'i32');
    },
  };
  for (const fn of ir.functions) {
    walked = fn;
    walkStmts(fn.body, visitor);
  }
  walked = undefined;
  for (const ep of ir.entryPoints) if (ep.staticInit) walkStmts(ep.staticInit.body, visitor);
  for (const g of ir.globals) if (g.init && usesF16(g.type)) usage.f16 = true;
  for (const [g, kinds] of signedness) {
    if (kinds.has('signed') && kinds.has('unsigned')) throw unsupported(`both signed and unsigned InterlockedMin/Max on '${g.name}'`, g.loc, 'one WGSL atomic type per buffer');
    usage.atomics.set(g, kinds.has('signed') ? 'i32' : 'u32');
  }
  return usage;
}

/** Where `fn` is first called (for a diagnostic inside a helper: the IR's values carry no location). */
function firstCallOf(ir: IrModule, fn: IrFunction): Loc | undefined {
  let found: Loc | undefined;
  const visitor = {
    expr(e: import('../ir/ir.js').IrExpr) {
      if (found === undefined && e.op === 'call' && e.callee === fn) found = e.loc;
    },
  };
  for (const caller of ir.functions) if (found === undefined) walkStmts(caller.body, visitor);
  return found;
}

/**
 * The first buffer pointer type in `t` (itself, an element, a member at any depth). A struct holds
 * itself only through a pointer, where the search stops, so it ends without a visited set.
 */
function pointerIn(t: Type): PointerType | undefined {
  if (t.kind === 'pointer') return t;
  if (t.kind === 'array') return pointerIn(t.element);
  if (t.kind === 'struct') {
    for (const f of t.fields) {
      const found = pointerIn(f.type);
      if (found) return found;
    }
  }
  return undefined;
}

function hasTexel(p: import('../ir/ir.js').IrPlace): boolean {
  return p.kind === 'texel' || ((p.kind === 'member' || p.kind === 'element') && hasTexel(p.base));
}
