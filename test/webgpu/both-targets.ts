// One HLSL case, two targets: the SPIR-V runs on lavapipe (test/gpu) and the WGSL of the same source
// on Dawn over SwiftShader (or Mesa 25: startTargets({ webgpuDriver })), with the same input bytes. Jobs are written once, in the
// Vulkan harness's terms (set/binding of the SPIR-V); the WGSL job is derived through the two
// reflections (a binding keeps its name; WebGPU may move it, e.g. a sampler sharing its texture's
// binding, and push constants become a uniform buffer). Results come back under the Vulkan keys, so a
// test compares the two targets directly.
//
// A case that cannot run as WGSL is listed in wgsl-gaps.ts with where it fails (our compile, Dawn (Tint or pipeline validation), or
// the results) and the error it gives; the case then asserts that error (and still runs on SPIR-V).
// An unlisted failure, or a listed case that no longer fails that way, fails the test.

import { expect } from 'vitest';
import { compile, formatDiagnostic, type CompileOptions } from '../../compiler/index.js';
import type { DescriptorBinding, Reflection } from '../../compiler/reflect/types.js';
import { startGpuRunner, type GpuRunner } from '../gpu/harness.js';
import type { Binding as VulkanBinding, ComputeJob as VulkanComputeJob, ComputeResult, RenderJob as VulkanRenderJob, RenderResult } from '../gpu/types.js';
import { startWebGpu, wgslFeatures, type WebGpuRunner } from './harness.js';
import type { Binding as WebGpuBinding, WebGpuDriver } from './types.js';
import { WGSL_GAPS, type WgslGap } from './wgsl-gaps.js';
import { expectSameResults, otherLevelSpirv, unoptimisedWgsl } from './both-levels.js';

export interface Targets {
  vulkan: GpuRunner;
  webgpu: WebGpuRunner;
  close(): Promise<void>;
}

/** Both runners, one per test file; Dawn on `webgpuDriver` (default SwiftShader). */
export async function startTargets(options: { webgpuDriver?: WebGpuDriver } = {}): Promise<Targets> {
  const [vulkan, webgpu] = await Promise.all([startGpuRunner(), startWebGpu(options.webgpuDriver ? { driver: options.webgpuDriver } : {})]);
  return { vulkan, webgpu, close: async () => void (await Promise.all([vulkan.close(), webgpu.close()])) };
}

export interface WgslCompiled {
  code: string;
  reflection: Reflection;
}

/** The current test's key in WGSL_GAPS: "<file under test/> > <describe> > <it>". */
export function currentCaseKey(): string {
  const state = expect.getState();
  const file = (state.testPath ?? '').replace(/^.*\/test\//, '');
  return `${file} > ${state.currentTestName ?? ''}`;
}

/**
 * The WGSL of `source`, or undefined when the current case is a listed gap (whose error is asserted
 * here). Throws when compilation fails unlisted, or when a listed case compiles.
 */
export function compileWgslForCase(source: string, options: CompileOptions = {}): WgslCompiled | undefined {
  const key = currentCaseKey();
  const gap = wgslGapForCase('compile');
  const result = compile(source, { ...options, target: 'wgsl' });
  const errors = result.diagnostics.filter((d) => d.severity === 'error').map((d) => formatDiagnostic(d, () => source));
  if (gap) {
    if (result.success) throw new Error(`WGSL gap listed for "${key}" but the case compiles now: remove it from test/webgpu/wgsl-gaps.ts`);
    expect(errors.join('\n')).toMatch(gap.error);
    return undefined;
  }
  if (!result.success || !result.wgsl) {
    throw new Error(`WGSL compile failed for "${key}" (list it in test/webgpu/wgsl-gaps.ts if the back end cannot do it yet):\n${errors.join('\n')}`);
  }
  return result.wgsl;
}

/** The current case's listed gap, if it is listed as failing at `at`. */
export function wgslGapForCase(at: WgslGap['at']): WgslGap | undefined {
  const gap = WGSL_GAPS[currentCaseKey()];
  return gap?.at === at ? gap : undefined;
}

/** Runs the WGSL half of a case listed as failing at `at`: it must fail with the listed error. */
export async function expectListedWgslFailure(gap: WgslGap, run: () => unknown): Promise<void> {
  let failure: unknown;
  try {
    await run();
  } catch (error) {
    failure = error;
  }
  if (failure === undefined) throw new Error(`WGSL gap listed for "${currentCaseKey()}" (${gap.at}) but the case passes now: remove it from test/webgpu/wgsl-gaps.ts`);
  expect(String((failure as Error).message ?? failure)).toMatch(gap.error);
}

/** The WGSL place of a Vulkan job's binding; undefined when the module declares none there (unused, so removed as DXC does). */
function findWgslBinding(spirv: Reflection, wgsl: Reflection, set: number, binding: number, sampler: boolean): DescriptorBinding | undefined {
  const own = spirv.bindings.filter((b) => b.set === set && b.binding === binding);
  const match = own.find((b) => (b.kind === 'sampler') === sampler) ?? own[0];
  if (!match) return undefined;
  const moved = wgsl.bindings.filter((b) => b.name === match.name && (b.kind === 'sampler') === (match.kind === 'sampler'));
  if (moved.length !== 1) throw new Error(`the WGSL reflection has ${moved.length} bindings named '${match.name}'`);
  return moved[0]!;
}

/** The WebGPU bindings of a Vulkan job, placed by the WGSL reflection. */
export function toWebGpuBindings(job: Pick<VulkanComputeJob, 'bindings' | 'push'>, spirv: Reflection, wgsl: Reflection): { bindings: WebGpuBinding[]; keys: Map<string, string> } {
  const bindings: WebGpuBinding[] = [];
  // WebGPU "group:binding" → Vulkan "set:binding", to report results under the Vulkan keys.
  const keys = new Map<string, string>();
  const add = (vulkan: VulkanBinding, place: DescriptorBinding, binding: WebGpuBinding) => {
    keys.set(`${place.set}:${place.binding}`, `${vulkan.set ?? 0}:${vulkan.binding}`);
    bindings.push({ ...binding, group: place.set, binding: place.binding, ...(vulkan.name ? { name: vulkan.name } : {}) } as WebGpuBinding);
  };
  for (const b of job.bindings ?? []) {
    const place = findWgslBinding(spirv, wgsl, b.set ?? 0, b.binding, b.kind === 'sampler');
    // A WebGPU bind group holds exactly the layout's entries: a binding the shader does not use is left out.
    if (!place) continue;
    if (b.kind === 'acceleration-structure') throw new Error('WebGPU has no acceleration structures');
    const contents = { ...(b.kind !== 'sampler' && b.data ? { data: b.data } : {}), ...(b.kind !== 'sampler' && b.sentinel !== undefined ? { sentinel: b.sentinel } : {}) };
    switch (b.kind) {
      case 'uniform-buffer':
        add(b, place, { kind: 'uniform-buffer', binding: 0, ...contents, ...(b.size ? { size: b.size } : {}) });
        break;
      case 'storage-buffer':
        add(b, place, { kind: place.access === 'read' ? 'read-only-storage-buffer' : 'storage-buffer', binding: 0, ...contents, ...(b.size ? { size: b.size } : {}) });
        break;
      case 'sampled-image':
      case 'storage-image': {
        if (b.dimension === '1d-array') throw new Error('WebGPU has no 1d-array textures');
        const texture = { format: b.format, width: b.width, ...(b.height ? { height: b.height } : {}), ...(b.depthOrLayers ? { depthOrLayers: b.depthOrLayers } : {}), ...(b.dimension ? { dimension: b.dimension } : {}), ...contents };
        if (b.kind === 'sampled-image') add(b, place, { kind: 'texture', binding: 0, ...texture });
        else add(b, place, { kind: 'storage-texture', binding: 0, access: place.access === 'read' ? 'read-only' : place.access === 'write' ? 'write-only' : 'read-write', ...texture });
        break;
      }
      case 'sampler':
        if (b.addressMode === 'clamp-to-border') throw new Error('WebGPU has no clamp-to-border address mode');
        add(b, place, { kind: 'sampler', binding: 0, ...(b.filter ? { filter: b.filter } : {}), ...(b.addressMode ? { addressMode: b.addressMode === 'mirrored-repeat' ? 'mirror-repeat' : b.addressMode } : {}) });
        break;
      default:
        throw new Error(`binding kind ${b.kind} has no WebGPU equivalent in this harness`);
    }
  }
  if (job.push) {
    const block = spirv.pushConstants[0];
    const place = block && wgsl.bindings.find((b) => b.name === block.name && b.kind === 'uniform-buffer');
    if (!place) throw new Error('the job has push constants but the WGSL reflection has no uniform buffer for them');
    const bytes = new Uint8Array(job.push.buffer, job.push.byteOffset, job.push.byteLength);
    // A uniform buffer binding holds the block's whole size (WebGPU checks minBindingSize).
    const size = Math.max(place.block?.size ?? 0, bytes.byteLength);
    bindings.push({ kind: 'uniform-buffer', group: place.set, binding: place.binding, data: bytes, size: Math.ceil(size / 16) * 16, sentinel: 0 });
  }
  return { bindings, keys };
}

export interface BothResults {
  spirv: ComputeResult;
  /** Undefined when the case is a listed WGSL gap. */
  wgsl?: ComputeResult;
}

/**
 * Runs `job` (a Vulkan job, its SPIR-V compiled from `source`) on lavapipe, and the WGSL of the same
 * source with the same bytes on WebGPU. WGSL results are keyed like the Vulkan ones.
 */
export async function runComputeOnBoth(
  targets: Targets,
  source: string,
  options: CompileOptions,
  job: VulkanComputeJob,
  spirvReflection: Reflection,
  /** Checks on the WGSL compile before it runs (e.g. its generated writers). */
  inspect?: (wgsl: WgslCompiled) => void | Promise<void>,
): Promise<BothResults> {
  const wgsl = compileWgslForCase(source, options);
  const spirv = await targets.vulkan.runCompute(job);
  // Issue 19: the other optimisation level gives the same results.
  const other = otherLevelSpirv(source, options, job.spirv);
  if (other) expectSameResults('SPIR-V on lavapipe', spirv, await targets.vulkan.runCompute({ ...job, spirv: other }));
  if (!wgsl) return { spirv };
  await inspect?.(wgsl);
  const { bindings, keys } = toWebGpuBindings(job, spirvReflection, wgsl.reflection);
  const unoptimised = unoptimisedWgsl(source, options, wgsl.code);
  const run = (code = wgsl.code) => targets.webgpu.runCompute({
    wgsl: code,
    entry: job.entry ?? 'main',
    groups: job.groups,
    bindings,
    features: wgslFeatures(wgsl.code),
    ...(job.sentinel !== undefined ? { sentinel: job.sentinel } : {}),
  });
  const webgpuGap = wgslGapForCase('webgpu');
  if (webgpuGap) {
    await expectListedWgslFailure(webgpuGap, run);
    return { spirv };
  }
  const result = await run();
  if (unoptimised) expectSameResults('WGSL on WebGPU', result, await run(unoptimised));
  const rekey = (record: Record<string, Uint8Array>) =>
    Object.fromEntries(Object.entries(record).map(([key, bytes]) => [keys.get(key) ?? key, bytes]));
  return { spirv, wgsl: { buffers: rekey(result.buffers), images: rekey(result.images) } };
}

export interface BothRenders {
  spirv: RenderResult;
  /** Undefined when the case is a listed WGSL gap. */
  wgsl?: RenderResult;
}

/**
 * Draws `job` (a Vulkan job) on lavapipe, and the WGSL of the same source (one module with both entry
 * points) with the same vertices and bindings on WebGPU. Conventions differ as the APIs do: Vulkan's
 * NDC y points down, WebGPU's (and Direct3D's) up, so a shader that does not flip y draws mirrored
 * images on the two; tests state what each target must show.
 */
export async function renderTriangleOnBoth(targets: Targets, source: string, options: CompileOptions, job: VulkanRenderJob): Promise<BothRenders> {
  const wgsl = compileWgslForCase(source, options);
  const spirv = await targets.vulkan.renderTriangle(job);
  // Issue 19: the other optimisation level draws the same image.
  const otherVertex = otherLevelSpirv(source, options, job.vertexSpirv);
  const otherPixel = job.pixelSpirv && otherLevelSpirv(source, options, job.pixelSpirv);
  if (otherVertex || otherPixel) {
    const again = await targets.vulkan.renderTriangle({ ...job, vertexSpirv: otherVertex ?? job.vertexSpirv, ...(job.pixelSpirv ? { pixelSpirv: otherPixel ?? job.pixelSpirv } : {}) });
    expectSameResults('SPIR-V draw on lavapipe', spirv, again);
  }
  if (!wgsl) return { spirv };
  // The SPIR-V reflection of the same entry points, to place the job's bindings by name.
  const spirvCompile = compile(source, { ...options, target: 'spirv' });
  if (!spirvCompile.reflection) throw new Error('the SPIR-V compile of the draw has no reflection');
  const { bindings, keys } = toWebGpuBindings(job, spirvCompile.reflection, wgsl.reflection);
  const unoptimised = unoptimisedWgsl(source, options, wgsl.code);
  const run = (code = wgsl.code) => targets.webgpu.renderTriangle({
    vertexWgsl: code,
    vertexEntry: job.vertexEntry ?? 'main',
    pixelEntry: job.pixelEntry ?? 'main',
    ...(job.vertices ? { vertices: job.vertices } : {}),
    ...(job.stride ? { stride: job.stride } : {}),
    ...(job.attributes ? { attributes: job.attributes } : {}),
    ...(job.vertexCount !== undefined ? { vertexCount: job.vertexCount } : {}),
    ...(job.width ? { width: job.width } : {}),
    ...(job.height ? { height: job.height } : {}),
    ...(job.format ? { format: job.format } : {}),
    ...(job.clear ? { clear: job.clear } : {}),
    bindings,
    features: wgslFeatures(wgsl.code),
  });
  const webgpuGap = wgslGapForCase('webgpu');
  if (webgpuGap) {
    await expectListedWgslFailure(webgpuGap, run);
    return { spirv };
  }
  const result = await run();
  if (unoptimised) expectSameResults('WGSL draw on WebGPU', result, await run(unoptimised));
  const rekey = (record: Record<string, Uint8Array>) =>
    Object.fromEntries(Object.entries(record).map(([key, bytes]) => [keys.get(key) ?? key, bytes]));
  return { spirv, wgsl: { ...result, buffers: rekey(result.buffers), images: rekey(result.images) } };
}
