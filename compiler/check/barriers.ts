// SM 6.8's `Barrier(memoryTypeFlags | object, semanticFlags)` and its flag constants (DXIL's
// MemoryTypeFlag and BarrierSemanticFlag). Both arguments are constants, as DXC requires; a node
// record object as the first argument stands for every memory type, as DXC reads it.
import { HLSL_BUILTIN, type Loc } from '../locations.js';
import { UINT, VOID } from '../types.js';
import type { Checker } from './checker.js';
import { evaluateConstant } from './constant-eval.js';
import type { ExpressionChecker } from './expressions.js';
import type { SymbolEntry } from './scope.js';
import { uintConstant } from './scope.js';
import type { Value } from './value.js';

const FLAGS: Record<string, number> = {
  UAV_MEMORY: 0x1,
  GROUP_SHARED_MEMORY: 0x2,
  NODE_INPUT_MEMORY: 0x4,
  NODE_OUTPUT_MEMORY: 0x8,
  ALL_MEMORY: 0xf,
  GROUP_SYNC: 0x1,
  GROUP_SCOPE: 0x2,
  DEVICE_SCOPE: 0x4,
};

const LOC: Loc = HLSL_BUILTIN;

/** The flag constants of the global scope (predeclared.ts freezes and defines them). */
export function barrierFlagEntries(newId: () => number): SymbolEntry[] {
  return Object.entries(FLAGS).map(([name, value]) => uintConstant(name, value, newId(), LOC));
}

function flags(c: Checker, x: ExpressionChecker, v: Value, which: string): number | undefined {
  if (which === 'memory' && (v.type.kind === 'node' || v.type.kind === 'resource')) return 0xffffffff;
  const isInt = v.type.kind === 'scalar' && (v.type.base === 'int' || v.type.base === 'uint');
  const k = isInt ? evaluateConstant(x.coerce(v, UINT)) : undefined;
  const n = k?.kind === 'scalar' ? Number(k.value) : undefined;
  if (n === undefined || n < 0) {
    c.error(`Barrier's ${which} flags must be a non-negative integer constant`, v.loc);
    return undefined;
  }
  return n >>> 0;
}

/** `Barrier(memory, semantics)`: the IR `Barrier` intrinsic of two uint constants. */
export function checkBarrier(c: Checker, x: ExpressionChecker, args: Value[], loc: Loc): Value | undefined {
  if (args.length !== 2) {
    c.error(`'Barrier' takes 2 arguments, but ${args.length} ${args.length === 1 ? 'was' : 'were'} given`, loc);
    return undefined;
  }
  const memory = flags(c, x, args[0]!, 'memory');
  const semantics = flags(c, x, args[1]!, 'semantic');
  if (memory === undefined || semantics === undefined) return undefined;
  const u = (value: number) => ({ op: 'const' as const, type: UINT, value: { kind: 'scalar' as const, type: UINT, value } });
  return { type: VOID, loc, expr: { op: 'intrinsic', type: VOID, name: 'Barrier', args: [u(memory), u(semantics)], loc }, readonly: true };
}
