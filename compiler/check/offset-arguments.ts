// Texture offsets that are constants only once a loop is unrolled or a function specialised:
// `[unroll] for (int i = 0; i < 3; i++) t.SampleLevel(s, uv, 0, int2(i, 0))`, or the counter passed
// to a helper whose parameter is the offset. Vulkan needs a constant offset on every image
// instruction but gathers (VUID-StandaloneSpirv-Offset-04663); DXC gets there by unrolling and
// inlining in legalization. Here a syntactic look decides which loops to unroll (loop-unroll.ts) and
// which parameters to bind to constant arguments (resource-calls.ts); the offset itself is still
// checked where it is lowered, so a genuinely variable offset stays an error. Locals on the way
// (`int2 o = int2(i, 0);`) that nothing writes fold to their constant initializer.
import type * as ast from '../parse/ast.js';
import { isCombinedTexture, separateTextureKind, type ResourceType } from '../types.js';
import type { Checker } from './checker.js';
import { mayWriteIn, walk } from './resource-constants.js';
import type { FunctionSymbol, Scope } from './scope.js';

/**
 * The argument position of the offset of each sample method and Load, on a texture with a separate
 * sampler (one less on a combined image sampler; Load: its multisampled form has the sample first).
 * Gathers are left out: they take a run-time offset (and four-offset gathers fall back to four).
 */
const OFFSET_AT: Record<string, number> = {
  Sample: 2,
  SampleLevel: 3,
  SampleBias: 3,
  SampleGrad: 4,
  SampleCmp: 3,
  SampleCmpLevelZero: 3,
  SampleCmpLevel: 4,
  SampleCmpBias: 4,
  SampleCmpGrad: 5,
  Load: 1,
};

/** Whether `e` reads one of `names`. */
function mentions(e: ast.Expr, names: ReadonlySet<string>): boolean {
  return walk(e, (node) => node.kind === 'Name' && names.has((node as ast.NameExpr).name));
}

/** The texture type of a method's object when the scope names it (`t`, `ts[k]`). */
function textureOf(object: ast.Expr, scope: Scope): ResourceType | undefined {
  let root = object;
  while (root.kind === 'Index') root = root.object;
  const entry = root.kind === 'Name' ? scope.lookup(root.name) : undefined;
  let t = entry?.kind === 'variable' ? entry.type : undefined;
  while (t?.kind === 'array') t = t.element;
  return t?.kind === 'resource' ? t : undefined;
}

/**
 * The argument positions of `call` that may be a texture offset: from the first (undefined: not a
 * texture offset method), and whether that position is exact (the texture's type is known here).
 */
function offsetPosition(call: ast.CallExpr, scope: Scope): { first: number; exact: boolean } | undefined {
  const callee = call.callee;
  if (callee.kind !== 'Member' || !Object.hasOwn(OFFSET_AT, callee.member)) return undefined;
  const at = OFFSET_AT[callee.member]!;
  const t = textureOf(callee.object, scope);
  // Not known here (a member, a local declared in the loop): also the combined sampler's position.
  if (!t) return { first: at - 1, exact: false };
  // Buffers' and storage textures' Load take no offset (their second argument is the out status).
  const kind = separateTextureKind(t.resource);
  if (!kind.startsWith('Texture') || kind === 'TextureBuffer') return undefined;
  if (callee.member === 'Load') return { first: kind.startsWith('Texture2DMS') ? 2 : 1, exact: true };
  return { first: isCombinedTexture(t.resource) ? at - 1 : at, exact: true };
}

/** Whether argument `i` of `call` is an `in` operand of a texture offset method (before its status). */
export function readOnlyTextureArgument(call: ast.CallExpr, i: number, scope: Scope): boolean {
  const at = offsetPosition(call, scope);
  return !!at && (at.exact ? i <= at.first : i < at.first);
}

/**
 * Whether code under `root` passes a value computed from `names` (or from locals it assigns from
 * them) to a texture offset, directly or through a parameter of a function that does.
 */
export function feedsOffset(c: Checker, root: unknown, names: ReadonlySet<string>, scope: Scope, visiting = new Set<FunctionSymbol>()): boolean {
  const derived = new Set(names);
  const locals: ast.Declarator[] = [];
  const found = walk(root, (node) => {
    if (node.kind === 'VarDecl') {
      for (const d of (node as ast.VarDecl).declarators) {
        if (d.init && mentions(d.init, derived)) {
          derived.add(d.name);
          locals.push(d);
        }
      }
      return false;
    }
    if (node.kind === 'Assign') {
      const a = node as ast.AssignExpr;
      if (a.target.kind === 'Name' && mentions(a.value, derived)) derived.add(a.target.name);
      return false;
    }
    if (node.kind !== 'Call') return false;
    const call = node as ast.CallExpr;
    const at = offsetPosition(call, scope);
    if (at) return call.args.some((a, i) => i >= at.first && mentions(a, derived));
    if (call.callee.kind !== 'Name') return false;
    const entry = scope.lookup(call.callee.name);
    if (entry?.kind !== 'functions') return false;
    return call.args.some((a, i) => mentions(a, derived) && entry.overloads.some((o) => !o.instances && offsetParams(c, o, visiting).has(i)));
  });
  // `int2 o = int2(i, 0);` is a constant once `i` is: reads of `o` fold where nothing writes it.
  if (found) for (const d of locals) if (!d.arrayDims.length && !mayWriteIn(root, d.name, scope)) c.foldedLocals.add(d);
  return found;
}

/** The parameters of `fn` whose value reaches a texture offset (cached on the symbol). */
export function offsetParams(c: Checker, fn: FunctionSymbol, visiting = new Set<FunctionSymbol>()): ReadonlySet<number> {
  if (fn.offsetParams) return fn.offsetParams;
  if (visiting.has(fn) || !fn.decl.body) return new Set();
  visiting.add(fn);
  const scope = fn.templateScope ?? fn.scope;
  const found = new Set<number>();
  // One walk first: a body that passes nothing in an offset position (itself or through a callee's
  // parameter) has no such parameter, and most functions are that; only then one walk per parameter.
  if (passesOffset(c, fn.decl.body, scope, visiting)) {
    fn.params.forEach((p, i) => {
      if (p.direction === 'in' && p.name && feedsOffset(c, fn.decl.body!, new Set([p.name]), scope, visiting)) found.add(i);
    });
  }
  visiting.delete(fn);
  return (fn.offsetParams = found);
}

/** Whether code under `root` passes any argument in a texture offset position, or to a parameter of a function that does. */
function passesOffset(c: Checker, root: unknown, scope: Scope, visiting: Set<FunctionSymbol>): boolean {
  return walk(root, (node) => {
    if (node.kind !== 'Call') return false;
    const call = node as ast.CallExpr;
    const at = offsetPosition(call, scope);
    if (at) return call.args.length > at.first;
    if (call.callee.kind !== 'Name') return false;
    const entry = scope.lookup(call.callee.name);
    return entry?.kind === 'functions' && entry.overloads.some((o) => !o.instances && offsetParams(c, o, visiting).size > 0);
  });
}
