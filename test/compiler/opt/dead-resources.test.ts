// The dead-resource pass on hand-made IR: which globals stay for each option set, independent of the
// front end (the compiled behaviour is in test/compiler/resources/dead-resources.test.ts).
import { describe, expect, it } from 'vitest';
import type { AddressSpace, IrEntryPoint, IrGlobal, IrModule } from '../../../compiler/ir/ir.js';
import { eliminateDeadResources } from '../../../compiler/opt/dead-resources.js';
import { FLOAT, VOID } from '../../../compiler/types.js';
import { NO_PLACE } from '../../../compiler/locations.js';

const loc = NO_PLACE;
let nextId = 1;
const global = (name: string, space: AddressSpace, binding?: number): IrGlobal => ({
  id: nextId++, name, type: FLOAT, space, readonly: true, loc, ...(binding !== undefined ? { binding: { set: 0, binding } } : {}),
});

const usedTex = global('usedTex', 'handle', 0);
const deadTex = global('deadTex', 'handle', 1);
const deadBuf = global('deadBuf', 'storage', 2);
const deadPush = global('deadPush', 'push-constant');
const deadSpec = global('deadSpec', 'spec-constant');
const privateVar = global('privateVar', 'private');
const shared = global('shared', 'workgroup');

function module(legalizedResources = false): IrModule {
  const fn = { id: nextId++, name: 'main', params: [], returnType: VOID, locals: [], body: [] };
  const ep: IrEntryPoint = { name: 'main', stage: 'compute', function: fn, params: [], globals: [usedTex], workgroupSize: [1, 1, 1], loc };
  return {
    globals: [usedTex, deadTex, deadBuf, deadPush, deadSpec, privateVar, shared],
    functions: [fn],
    entryPoints: [ep],
    defaultMajorness: 'column_major',
    sourceFile: '/t.hlsl',
    ...(legalizedResources ? { legalizedResources } : {}),
  };
}

const names = (m: IrModule) => m.globals.map((g) => g.name);

describe('eliminateDeadResources', () => {
  it('by default keeps used resources and every non-resource global', () => {
    expect(names(eliminateDeadResources(module(), {}))).toEqual(['usedTex', 'privateVar', 'shared']);
  });

  it('keeps the bindings of what stays (the pass never renumbers)', () => {
    expect(eliminateDeadResources(module(), {}).globals[0]!.binding).toEqual({ set: 0, binding: 0 });
  });

  it('-O0 keeps everything unless resources were legalized', () => {
    expect(names(eliminateDeadResources(module(), { optimizationLevel: 0 }))).toEqual(names(module()));
    expect(names(eliminateDeadResources(module(true), { optimizationLevel: 0 }))).toEqual(['usedTex', 'privateVar', 'shared']);
  });

  it('-fcgl keeps everything', () => {
    expect(names(eliminateDeadResources(module(true), { codeGenHighLevel: true }))).toEqual(names(module()));
  });

  it('-fspv-preserve-bindings keeps bound resources only', () => {
    expect(names(eliminateDeadResources(module(), { preserveBindings: true }))).toEqual(['usedTex', 'deadTex', 'deadBuf', 'privateVar', 'shared']);
  });

  it('returns the same module when nothing is dead', () => {
    const m = module();
    m.globals = [usedTex, privateVar];
    expect(eliminateDeadResources(m, {})).toBe(m);
  });
});
