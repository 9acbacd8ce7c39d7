// Entry points: which functions are compiled as shader stages, and their HLSL signature with the
// semantics the back end maps to builtins and locations.
import type { Loc } from '../locations.js';
import type { IrEntryCommon, IrEntryParam, IrEntryPoint, IrFunction, IrGlobal, IrPlace, IrStmt, IrExpr, StageValue } from '../ir/ir.js';
import type { EntryPointRequest } from '../options.js';
import type * as ast from '../parse/ast.js';
import type { ShaderStage } from '../common/stage.js';
import type { Interpolation, Type } from '../types.js';
import type { Checker } from './checker.js';
import { resourceCallParts } from './methods.js';
import { vkBuiltinErrors } from './vk-builtins.js';
import { checkPixelPointSize } from './pixel-point-size.js';
import type { FunctionSymbol } from './scope.js';
import { inferEntryPoints } from './stage-inference.js';
import { stagePayload } from './stage-payloads.js';
import { checkStageIntrinsics } from './mesh-stage.js';
import { holdsStream } from './stage-types.js';

/** `[shader("…")]` values and the stage each names. */
const SHADER_ATTRIBUTE_STAGES: Record<string, ShaderStage> = {
  vertex: 'vertex',
  pixel: 'pixel',
  fragment: 'pixel',
  compute: 'compute',
  geometry: 'geometry',
  hull: 'hull',
  domain: 'domain',
  mesh: 'mesh',
  amplification: 'amplification',
  raygeneration: 'raygeneration',
  intersection: 'intersection',
  anyhit: 'anyhit',
  closesthit: 'closesthit',
  miss: 'miss',
  callable: 'callable',
  node: 'node',
};

const INTERPOLATION_MODIFIERS: readonly Interpolation[] = ['linear', 'centroid', 'nointerpolation', 'noperspective', 'sample'];

export interface EntryCandidate {
  symbol: FunctionSymbol;
  stage: ShaderStage;
}

export function collectEntryPoints(c: Checker, requests: EntryPointRequest[] | undefined): EntryCandidate[] {
  const out: EntryCandidate[] = [];
  if (requests?.length) {
    for (const req of requests) {
      const entry = c.global.lookup(req.name);
      const symbol = entry?.kind === 'functions' ? entry.overloads.find((f) => f.decl.body) : undefined;
      if (!symbol) {
        c.error(`entry point '${req.name}' not found`, inputStart(c));
        continue;
      }
      out.push({ symbol, stage: req.stage });
    }
    return out;
  }
  for (const fn of functionsOf(c)) {
    // Attribute names and stage strings are case-insensitive, as in DXC (`[Shader("node")]`).
    const shaderAttr = fn.decl.attributes.find((a) => a.name.toLowerCase() === 'shader');
    if (shaderAttr) {
      const arg = shaderAttr.args[0];
      const stage = arg?.kind === 'StringLiteral' ? SHADER_ATTRIBUTE_STAGES[arg.value.toLowerCase()] : undefined;
      if (!stage) c.error(`unknown shader stage in [shader(...)]; expected one of ${Object.keys(SHADER_ATTRIBUTE_STAGES).join(', ')}`, shaderAttr.loc);
      else out.push({ symbol: fn, stage });
    } else if (fn.decl.attributes.some((a) => a.name === 'numthreads')) out.push({ symbol: fn, stage: 'compute' });
  }
  // A library's entry points are the marked functions; its export functions need none (libraryExports).
  if (out.length === 0 && c.options.library) return out;
  if (out.length === 0) {
    return inferEntryPoints(c, functionsOf(c), c.options.defaultStage, inputStart(c));
  }
  return out;
}

/**
 * A library's `export` functions (-T lib_6_x), lowered whether or not an entry point calls them, as
 * DXC queues them; a library with neither an entry point nor an export function has nothing to emit.
 */
export function libraryExports(c: Checker, entryCount: number): IrFunction[] {
  if (!c.options.library) return [];
  const exported = functionsOf(c).filter((f) => f.decl.modifiers.includes('export') && !f.instances);
  if (entryCount === 0 && exported.length === 0) {
    c.error(`a library (-T lib_6_x) needs an entry point ([shader("stage")]) or an export function`, inputStart(c));
  }
  return exported.flatMap((f) => c.lowerFunction(f, f.decl.nameLoc) ?? []);
}

function functionsOf(c: Checker): FunctionSymbol[] {
  const fns: FunctionSymbol[] = [];
  for (const name of c.global.visibleNames()) {
    const e = c.global.own(name);
    if (e?.kind === 'functions') fns.push(...e.overloads.filter((f) => f.decl.body));
  }
  const at = new Map(fns.map((f) => [f, c.sink.locations.resolve(f.decl.loc)]));
  return fns.sort((a, b) => at.get(a)!.offset - at.get(b)!.offset || at.get(a)!.file.localeCompare(at.get(b)!.file));
}

/** Line 1, column 1 of the input: where a problem of the whole shader is reported. */
function inputStart(c: Checker): Loc {
  return c.sink.locations.start(c.options.filename ?? '/input.hlsl');
}

function stageValue(c: Checker, semantic: ast.Semantic | undefined, attributes: ast.Attribute[], modifiers: readonly ast.Modifier[]): StageValue {
  const io: StageValue = {};
  if (semantic) io.semantic = semantic.name;
  const loc = attributes.find((a) => a.name === 'vk::location');
  if (loc) {
    const n = c.attrInt(loc, 0, c.global);
    if (n !== undefined) io.location = n;
  }
  const index = attributes.find((a) => a.name === 'vk::index');
  if (index) {
    const n = c.attrInt(index, 0, c.global);
    if (n !== undefined) io.index = n;
  }
  const builtin = attributes.find((a) => a.name === 'vk::builtin');
  if (builtin) {
    const arg = builtin.args[0];
    if (arg?.kind === 'StringLiteral') io.builtin = arg.value;
    else c.error(`vk::builtin needs a string argument, e.g. [[vk::builtin("PointSize")]]`, builtin.loc);
  }
  const interp = INTERPOLATION_MODIFIERS.filter((m) => modifiers.includes(m));
  if (interp.length) io.interpolation = interp;
  return io;
}

/** A function compiled as stage code: its IR with the semantics of its parameters and result. */
function lowerStageFunction(c: Checker, symbol: FunctionSymbol): { function: IrFunction; params: IrEntryParam[]; result?: StageValue } | undefined {
  const fn = c.lowerFunction(symbol, symbol.decl.nameLoc);
  if (!fn) return undefined;
  const decl = symbol.decl;
  const params: IrEntryParam[] = fn.params.map((p, i) => {
    const io = stageValue(c, decl.params[i]!.semantic, decl.params[i]!.attributes, decl.params[i]!.modifiers);
    // A stage parameter's ext_decorate attributes decorate its stage variable (as DXC), not the parameter.
    if (p.var.decorations) io.decorations = p.var.decorations;
    delete p.var.decorations;
    return { var: p.var, direction: p.direction, io };
  });
  // Stage inputs and outputs are whole values with semantics: a bitfield has neither.
  let packed = false;
  fn.params.forEach((p, i) => {
    const field = bitfieldIn(p.var.type);
    if (field) packed = true;
    if (field) c.error(`bit-field '${field}' cannot be a stage input or output of entry point '${decl.name}'`, decl.params[i]!.loc, decl.params[i]!.name.length || 1);
  });
  const resultField = bitfieldIn(fn.returnType);
  if (resultField) c.error(`bit-field '${resultField}' cannot be a stage output of entry point '${decl.name}'`, decl.nameLoc, decl.name.length);
  if (packed || resultField) return undefined;
  const result = fn.returnType.kind !== 'void' ? stageValue(c, decl.returnSemantic, decl.attributes.filter((a) => a.name === 'vk::location' || a.name === 'vk::builtin' || a.name === 'vk::index'), []) : undefined;
  // The entry function's ext_decorate attributes decorate its result's stage variable (as DXC).
  if (fn.decorations && result) result.decorations = fn.decorations;
  else if (fn.decorations) c.error(`vk::ext_decorate on entry point '${decl.name}' decorates its result, but it returns nothing`, decl.nameLoc, decl.name.length);
  delete fn.decorations;
  return { function: fn, params, ...(result ? { result } : {}) };
}

export function lowerEntryPoint(c: Checker, symbol: FunctionSymbol, stage: ShaderStage): IrEntryPoint | undefined {
  const lowered = lowerStageFunction(c, symbol);
  if (!lowered) return undefined;
  const decl = symbol.decl;
  const stream = stage === 'geometry' ? undefined : lowered.params.findIndex((p) => holdsStream(p.var.type));
  if (stream !== undefined && stream >= 0) {
    c.error(`parameter '${decl.params[stream]!.name}' of ${stage} entry point '${decl.name}': only geometry shaders have output streams`, decl.params[stream]!.loc, decl.params[stream]!.name.length || 1);
    return undefined;
  }
  const common: IrEntryCommon = { name: decl.name, ...lowered, globals: referencedGlobals(lowered.function), loc: decl.nameLoc };
  const payload = stagePayload(stage, {
    c,
    decl,
    entry: common,
    lowerStageFunction: (other) => {
      const found = c.global.lookup(other.name);
      const sym = found?.kind === 'functions' ? found.overloads.find((f) => f.decl === other) : undefined;
      return sym && lowerStageFunction(c, sym);
    },
  });
  if (!payload) return undefined;
  const ep = { ...common, stage, ...payload } as IrEntryPoint;
  checkLocationMixing(c, ep, decl);
  checkPixelPointSize(c, ep, decl);
  checkStageIntrinsics(c, ep, decl);
  // Functions the stage calls besides the entry (the patch-constant function) reach globals too.
  if (ep.stage === 'hull') ep.globals = [...new Set([...ep.globals, ...referencedGlobals(ep.patchConstant.function)])];
  if (c.hasStaticInit) {
    const init = c.staticInit();
    ep.staticInit = init;
    ep.globals = [...new Set([...ep.globals, ...referencedGlobals(init)])];
  }
  return ep;
}

/**
 * The manual forbids mixing explicit `[[vk::location]]` and implicit locations within one SigPoint
 * (the inputs, or the outputs, of an entry point). Builtins (SV_* other than SV_Target) have no location.
 */
function checkLocationMixing(c: Checker, ep: IrEntryPoint, decl: ast.FunctionDecl): void {
  const inputs: StageLeaf[] = [];
  const outputs: StageLeaf[] = [];
  ep.params.forEach((p) => {
    const leaves = stageLeaves(p.var.type, p.io);
    if (p.direction !== 'out') inputs.push(...leaves);
    if (p.direction !== 'in') outputs.push(...leaves);
  });
  if (ep.result) outputs.push(...stageLeaves(ep.function.returnType, ep.result));
  for (const [which, leaves] of [['input', inputs], ['output', outputs]] as const) {
    for (const leaf of leaves.filter((l) => l.builtin !== undefined)) {
      const use = { builtin: leaf.builtin!, type: leaf.type, dir: which === 'input' ? ('in' as const) : ('out' as const), hasLocation: leaf.location !== undefined, loc: decl.nameLoc };
      for (const message of vkBuiltinErrors(use, ep.stage)) c.error(message, decl.nameLoc, decl.name.length);
    }
    // Ray tracing stages have no stage variables (payloads and attributes are their own storage
    // classes), so DXC assigns no locations there and checks no mixing.
    if (RAY_TRACING_STAGES.has(ep.stage)) continue;
    // A builtin (an SV_* semantic other than SV_Target, or vk::builtin) takes no location.
    const located = leaves.filter((l) => !isBuiltinSemantic(l.semantic) && l.builtin === undefined);
    const explicit = located.filter((l) => l.location !== undefined).length;
    if (explicit > 0 && explicit < located.length) {
      c.error(`partial explicit stage ${which} location assignment via vk::location(X) unsupported: give every ${which} of '${decl.name}' a location, or none`, decl.nameLoc, decl.name.length);
    }
  }
}

type StageLeaf = StageValue & { type: Type };

const RAY_TRACING_STAGES: ReadonlySet<ShaderStage> = new Set(['raygeneration', 'intersection', 'anyhit', 'closesthit', 'miss', 'callable']);

function stageLeaves(t: Type, io: StageValue): StageLeaf[] {
  if (t.kind !== 'struct') return [{ ...io, type: t }];
  return t.fields.flatMap((f) =>
    stageLeaves(f.type, {
      ...(f.semantic ? { semantic: f.semantic } : {}),
      ...(f.location !== undefined ? { location: f.location } : {}),
      ...(f.builtin !== undefined ? { builtin: f.builtin } : {}),
      ...(f.decorations ? { decorations: f.decorations } : {}),
    }),
  );
}

function isBuiltinSemantic(semantic: string | undefined): boolean {
  const s = (semantic ?? '').toUpperCase();
  return s.startsWith('SV_') && !s.startsWith('SV_TARGET');
}

/** Globals referenced by a function and everything it calls. */
export function referencedGlobals(root: IrFunction): IrGlobal[] {
  const found = new Set<IrGlobal>();
  const visited = new Set<IrFunction>();
  const place = (p: IrPlace): void => {
    if (p.kind === 'global') found.add(p.global);
    else if (p.kind === 'member') place(p.base);
    else if (p.kind === 'element') {
      place(p.base);
      expr(p.index);
    } else if (p.kind === 'texel') {
      place(p.image);
      expr(p.coord);
    } else if (p.kind === 'address') expr(p.address);
  };
  const expr = (e: IrExpr): void => {
    switch (e.op) {
      case 'load': place(e.place); break;
      case 'unary': case 'convert': case 'extract': case 'swizzle': case 'splat': expr(e.arg); break;
      case 'dynamicExtract': expr(e.arg); expr(e.index); break;
      case 'binary': expr(e.left); expr(e.right); break;
      case 'construct': e.parts.forEach(expr); break;
      case 'select': expr(e.cond); expr(e.then); expr(e.else); break;
      case 'intrinsic': e.args.forEach(expr); break;
      case 'interpolate': place(e.input); if (e.arg) expr(e.arg); break;
      case 'printf': e.args.forEach(expr); break;
      case 'resource': {
        const parts = resourceCallParts(e.call);
        parts.places.forEach(place);
        parts.exprs.forEach(expr);
        parts.globals.forEach((g) => found.add(g));
        break;
      }
      case 'call':
        for (const a of e.args) a.kind === 'value' ? expr(a.value) : place(a.place);
        fn(e.callee);
        break;
      case 'spirv':
        for (const o of e.instruction.operands) if (o.kind === 'value') expr(o.value); else if (o.kind === 'pointer') place(o.place);
        break;
      case 'const': break;
    }
  };
  const stmts = (list: IrStmt[]): void => {
    for (const s of list) {
      switch (s.op) {
        case 'store': case 'storeSwizzle': place(s.place); expr(s.value); break;
        case 'eval': expr(s.expr); break;
        case 'if': expr(s.cond); stmts(s.then); stmts(s.else); break;
        case 'loop': stmts(s.body); stmts(s.continuing); break;
        case 'switch': expr(s.selector); s.cases.forEach((k) => stmts(k.body)); break;
        case 'return': if (s.value) expr(s.value); break;
        case 'emitVertex': expr(s.value); break;
        default: break;
      }
    }
  };
  const fn = (f: IrFunction): void => {
    if (visited.has(f)) return;
    visited.add(f);
    stmts(f.body);
    // vk::ext_execution_mode_id operands: a specialization constant named there is the entry point's too.
    for (const m of f.executionModes ?? []) m.ids?.forEach(expr);
  };
  fn(root);
  return [...found];
}

/** The first bitfield in a stage I/O type (structs and arrays of them), if any. */
function bitfieldIn(t: Type): string | undefined {
  if (t.kind === 'array') return bitfieldIn(t.element);
  if (t.kind !== 'struct') return undefined;
  for (const f of t.fields) {
    const found = f.bitfields?.[0]?.name ?? bitfieldIn(f.type);
    if (found) return found;
  }
  return undefined;
}
