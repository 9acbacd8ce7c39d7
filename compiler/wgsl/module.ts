// The WGSL module writer: enables, structs, globals (buffers as word views, textures, samplers,
// private/workgroup variables, overrides), functions and entry-point wrappers, from the same IR as
// the SPIR-V back end and with its buffer layouts.
import { bufferLayout, bufferLayoutOptions } from '../layout/buffer-layout.js';
import { layoutOf } from '../layout/index.js';
import type { IrFunction, IrGlobal, IrModule } from '../ir/ir.js';
import type { LayoutRuleOption } from '../options.js';
import type { Reflection } from '../reflect/types.js';
import type { Type } from '../types.js';
import type { WgslBinding } from './bindings.js';
import { analyzeModule } from './capabilities.js';
import { planBufferStruct, type StructPadding } from './buffer-structs.js';
import { unsupported, WgslError } from './errors.js';
import { FunctionWriter, type GlobalAccess, type ModuleScope } from './function.js';
import { constLiteral } from './literals.js';
import type { MemoryPlace, WordView } from './memory.js';
import { writeEntryPoint } from './stage-io.js';
import { handleType } from './textures.js';
import { identifier, StructNames, wgslType } from './types.js';

export interface WgslWriteOptions {
  layoutRule: LayoutRuleOption;
  bindings: (g: IrGlobal) => WgslBinding;
  /** The SPIR-V reflection of the same IR: stage I/O locations. */
  reflection: Reflection;
  /** The source file's name, with debug information only (`-Zi`). */
  debugSourceName?: string;
}

export function writeWgslModule(ir: IrModule, options: WgslWriteOptions): string {
  const usage = analyzeModule(ir);
  const enables = new Set<string>();
  if (usage.f16) enables.add('f16');
  // Buffers WGSL's own layout can express are declared as their block struct (buffer-structs.ts).
  const padding: StructPadding = new Map();
  const structBuffers = new Set<IrGlobal>();
  for (const g of ir.globals) {
    if ((g.space !== 'uniform' && g.space !== 'storage' && g.space !== 'push-constant') || g.type.kind === 'array' || usage.atomics.has(g)) continue;
    const layout = bufferLayout(g, bufferLayoutOptions(g, options.layoutRule, ir.defaultMajorness));
    if (planBufferStruct(g.type, layout, g.space !== 'storage', padding)) structBuffers.add(g);
  }
  const structs: StructNames = new StructNames((t) => wgslType(t, structs), padding);
  const typeName = (t: Type) => wgslType(t, structs);
  const globalLines: string[] = [];
  const globals = new Map<IrGlobal, GlobalAccess>();
  const builtinCopies = new Map<string, string>();
  const functionNames = new Map<IrFunction, string>();
  const depthNames = new Set<string>();
  ir.functions.forEach((fn, i) => functionNames.set(fn, `f${i}_${identifier(fn.name)}`));

  const withLocation = <T>(g: IrGlobal, f: () => T): T => {
    try {
      return f();
    } catch (e) {
      if (e instanceof WgslError && !e.loc) throw new WgslError(`${e.message}, in '${g.name}'`, g.loc, g.name.length);
      throw e;
    }
  };
  const used = new Set(ir.entryPoints.flatMap((ep) => ep.globals));
  ir.globals.forEach((g, i) => {
    if (g.buffer === 'Counter' && !used.has(g)) return;
    withLocation(g, () => declareGlobal(g, `g${i}_${identifier(g.name)}`));
  });

  function declareGlobal(g: IrGlobal, name: string): void {
    const handle = g.type.kind === 'array' ? g.type.element : g.type;
    if (g.rasterizerOrdered || (handle.kind === 'resource' && handle.rasterizerOrdered)) {
      throw unsupported(`the rasterizer-ordered view '${g.name}'`, g.loc, 'WebGPU has no fragment shader interlock');
    }
    switch (g.space) {
      case 'uniform':
      case 'storage':
      case 'push-constant': {
        if (g.type.kind === 'array') throw unsupported(`the array of buffers '${g.name}'`, g.loc, 'WGSL binding arrays are not in core WebGPU');
        const ctx = bufferLayoutOptions(g, options.layoutRule, ir.defaultMajorness);
        const layout = bufferLayout(g, ctx);
        const { group, binding } = options.bindings(g);
        if (structBuffers.has(g)) {
          const space = g.space === 'storage' ? `storage, ${g.readonly ? 'read' : 'read_write'}` : 'uniform';
          globalLines.push(`@group(${group}) @binding(${binding}) var<${space}> ${name}: ${typeName(g.type)};`);
          globals.set(g, { kind: 'variable', name });
          return;
        }
        const atomic = usage.atomics.get(g);
        const view: WordView = { name, space: g.space === 'storage' ? 'storage' : 'uniform', atomic: atomic !== undefined, element: atomic ?? 'u32' };
        if (view.space === 'uniform') {
          globalLines.push(`@group(${group}) @binding(${binding}) var<uniform> ${name}: array<vec4<u32>, ${Math.max(1, Math.ceil(layout.size / 16))}>;`);
        } else {
          const access = g.readonly && !atomic ? 'read' : 'read_write';
          globalLines.push(`@group(${group}) @binding(${binding}) var<storage, ${access}> ${name}: array<${atomic ? `atomic<${atomic}>` : 'u32'}>;`);
        }
        const place: MemoryPlace = { kind: 'memory', view, offset: { constant: 0 }, type: g.type, layout };
        globals.set(g, { kind: 'memory', place });
        return;
      }
      case 'handle': {
        const { group, binding } = options.bindings(g);
        const depth = usage.depthTextures.has(g);
        if (depth) depthNames.add(name);
        globalLines.push(`@group(${group}) @binding(${binding}) var ${name}: ${handleType(g.type, depth, usage.readTextures.has(g), usage.writtenTextures.has(g))};`);
        globals.set(g, { kind: 'handle', name });
        return;
      }
      case 'private': {
        if (g.stageBuiltin) throw unsupported(`the builtin ${g.stageBuiltin.storage} variable '${g.name}' ([[vk::ext_builtin_${g.stageBuiltin.storage}]])`, g.loc, 'inline SPIR-V has no WGSL form');
        const init = g.init ? ` = ${constLiteral(g.init, typeName)}` : '';
        globalLines.push(`var<private> ${name}: ${typeName(g.type)}${init};`);
        globals.set(g, { kind: 'variable', name });
        return;
      }
      case 'workgroup': {
        const atomic = usage.atomics.get(g);
        if (atomic) {
          // Atomics on groupshared memory: a word view with tightly packed (scalar) layout.
          const layout = layoutOf(g.type, { rule: 'scalar', buffer: 'storage', defaultMajorness: ir.defaultMajorness });
          globalLines.push(`var<workgroup> ${name}: array<atomic<${atomic}>, ${Math.max(1, Math.ceil(layout.size / 4))}>;`);
          const view: WordView = { name, space: 'workgroup', atomic: true, element: atomic };
          globals.set(g, { kind: 'memory', place: { kind: 'memory', view, offset: { constant: 0 }, type: g.type, layout } });
          return;
        }
        globalLines.push(`var<workgroup> ${name}: ${typeName(g.type)};`);
        globals.set(g, { kind: 'variable', name });
        return;
      }
      case 'spec-constant': {
        if (!g.init || g.init.kind !== 'scalar') throw unsupported(`the specialization constant '${g.name}' without a scalar default`);
        globalLines.push(`@id(${g.specId}) override ${name}: ${typeName(g.type)} = ${constLiteral(g.init, typeName)};`);
        globals.set(g, { kind: 'value', name });
        return;
      }
      case 'function':
        throw new Error(`internal: global '${g.name}' in function storage`);
    }
  }

  const scope: ModuleScope = {
    typeName,
    global(g) {
      const access = globals.get(g);
      if (!access) throw new Error(`internal: global '${g.name}' was not declared`);
      return access;
    },
    functionName(fn) {
      return functionNames.get(fn)!;
    },
    enable(extension) {
      enables.add(extension);
    },
    builtinCopy(builtin) {
      let copy = builtinCopies.get(builtin);
      if (!copy) {
        copy = `wave_${builtin}`;
        builtinCopies.set(builtin, copy);
        globalLines.push(`var<private> ${copy}: u32;`);
      }
      return copy;
    },
    isDepthTexture(name) {
      return depthNames.has(name);
    },
  };

  const functionCode = ir.functions.map((fn) => withFunction(fn, () => new FunctionWriter(scope).writeFunction(fn, functionNames.get(fn)!)));
  const staticInits = new Map<IrFunction, string>();
  for (const ep of ir.entryPoints) {
    if (ep.staticInit && !functionNames.has(ep.staticInit)) {
      const name = `static_init_${identifier(ep.name)}`;
      functionNames.set(ep.staticInit, name);
      staticInits.set(ep.staticInit, name);
      functionCode.push(withFunction(ep.staticInit, () => new FunctionWriter(scope).writeFunction(ep.staticInit!, name)));
    }
  }
  const entryCode: string[] = [];
  const outputStructs: string[] = [];
  for (const ep of ir.entryPoints) {
    const reflected = options.reflection.entryPoints.find((r) => r.name === ep.name);
    const copies = ep.stage === 'vertex' ? new Map() : builtinCopies;
    if (ep.stage === 'vertex' && builtinCopies.size) throw unsupported(`wave intrinsics in the vertex entry point '${ep.name}'`, undefined, 'WGSL subgroups are compute and fragment only');
    const out = withFunction(ep.function, () =>
      writeEntryPoint(new FunctionWriter(scope), ep, functionNames.get(ep.function)!, ep.staticInit ? functionNames.get(ep.staticInit) : undefined, reflected, copies),
    );
    entryCode.push(out.code);
    if (out.outputStruct) outputStructs.push(out.outputStruct);
  }
  const header = [...enables].sort().map((e) => `enable ${e};`);
  // HLSL allows wave intrinsics in divergent control flow (the active lanes take part); WGSL's
  // uniformity analysis would reject them: switch that rule off as HLSL's semantics require.
  if (enables.has('subgroups')) header.push('diagnostic(off, subgroup_uniformity);');
  // Likewise derivatives and implicit-LOD sampling in divergent pixel-shader control flow: HLSL
  // accepts them (the derivatives are then undefined, as in D3D and Vulkan).
  if (ir.entryPoints.some((ep) => ep.stage === 'pixel')) header.push('diagnostic(off, derivative_uniformity);');
  return [
    // The source's name only with debug information (-Zi), as for SPIR-V: builds carry no local paths.
    `// Generated by unplugin-hlsl${options.debugSourceName !== undefined ? ` from ${options.debugSourceName}` : ''} (${options.layoutRule} layout).`,
    ...(header.length ? [header.join('\n')] : []),
    ...structs.declarations,
    ...outputStructs,
    globalLines.join('\n'),
    ...functionCode,
    ...entryCode,
  ]
    .filter((s) => s !== '')
    .join('\n\n')
    .concat('\n');
}

/** Errors inside a function without a location of their own are reported at the function. */
function withFunction<T>(fn: IrFunction, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof WgslError && !e.loc) throw new WgslError(`${e.message}, in function '${fn.name}'`);
    throw e;
  }
}
