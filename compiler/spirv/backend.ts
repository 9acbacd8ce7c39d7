// The SPIR-V back end behind the Backend interface: emit, then reflect the binary.
import type { Backend, BackendError, SpirvCompile } from '../backend.js';
import type { IrExpr } from '../ir/ir.js';
import { isWaveIntrinsicName } from '../ir/intrinsics.js';
import { placeRoot, walkStmts } from '../ir/walk.js';
import type { IrModule } from '../ir/ir.js';
import type { ResolvedOptions } from '../options.js';
import { reflect } from '../reflect/index.js';
import { emitSpirv } from './emit.js';
import { unknownExtensionErrors } from './extension-policy.js';
import { rayTracingErrors } from './ray-tracing-checks.js';
import { nodeTargetErrors } from './stages/node.js';
import { linkageErrors } from './linkage.js';

export type { SpirvCompile };

export function compileSpirv(ir: IrModule, options: ResolvedOptions): SpirvCompile {
  const unknown = options.allowedExtensions ? unknownExtensionErrors(options.allowedExtensions) : [];
  if (unknown.length) return { errors: unknown.map((message) => ({ message })) };
  const emitted = emitSpirv(ir, {
    targetEnv: options.targetEnv,
    layoutRule: options.layoutRule,
    reflect: options.reflect,
    arithmetic: options.arithmetic,
    optimize: options.optimize,
    preserveInterface: options.preserveInterface,
    ...(options.debugSourceName !== undefined ? { debugSourceName: options.debugSourceName } : {}),
    stageIo: {
      invertY: options.invertY,
      useDxPositionW: options.useDxPositionW,
      nonzeroBaseVertex: options.supportNonzeroBaseVertex,
      nonzeroBaseInstance: options.supportNonzeroBaseInstance,
      alphaOrder: options.stageIoOrder === 'alpha',
      packSignature: options.packOptimized,
    },
    useUnknownImageFormat: options.useUnknownImageFormat,
    floatControls: { denorm: options.denorm, ieeeStrict: options.ieeeStrict },
    finiteMathOnly: options.finiteMathOnly,
    vulkanMemoryModel: options.vulkanMemoryModel,
    maximalReconvergence: options.maximalReconvergence,
    ...(options.entryPointName !== undefined ? { entryPointName: options.entryPointName } : {}),
    ...(options.allowedExtensions ? { allowedExtensions: options.allowedExtensions } : {}),
  });
  const errors = emitted.errors.map((e) =>
    e.loc ? { message: e.message, loc: e.loc } : e.global ? { message: e.message, loc: e.global.loc, length: e.global.name.length } : e.entry ? { message: e.message, loc: e.entry.loc, length: e.entry.name.length } : { message: e.message },
  );
  // -fspv-max-id: word 3 of the header is the id bound.
  const bound = emitted.spirv[3];
  if (options.maxId !== undefined && bound !== undefined && bound > options.maxId) {
    errors.push({ message: `the module's id bound ${bound} exceeds -fspv-max-id ${options.maxId}` });
  }
  if (errors.length) return { errors };
  return { errors, output: { spirv: emitted.spirv, reflection: reflect(emitted.spirv) } };
}

export const spirvBackend: Backend = {
  target: 'spirv',
  emit(ir, context) {
    // Checked only when SPIR-V is the output: the WGSL back end reflects the SPIR-V for layouts alone.
    const unavailable = [...targetEnvErrors(ir, context.options), ...unknownFormatAtomicErrors(ir, context.options), ...rayTracingErrors(ir.entryPoints, context.options.targetEnv, context.options.allowedExtensions?.includes('SPV_NV_ray_tracing') ?? false), ...nodeTargetErrors(ir.entryPoints, context.options.targetEnv), ...linkageErrors(ir, context.options.targetEnv)];
    if (unavailable.length) return { errors: unavailable };
    const { output, errors } = context.spirv();
    return output ? { errors, result: { spirv: output.spirv, reflection: output.reflection } } : { errors };
  },
};

/** Wave intrinsics are SPIR-V 1.3 group operations: Vulkan 1.1 or later (manual, wave intrinsics). */
function targetEnvErrors(ir: IrModule, options: ResolvedOptions): BackendError[] {
  if (options.targetEnv !== 'vulkan1.0') return [];
  const errors: BackendError[] = [];
  const visitor = {
    expr(e: IrExpr) {
      if (e.op !== 'intrinsic' || !isWaveIntrinsicName(e.name)) return;
      const error: BackendError = { message: `'${e.name}' requires Vulkan 1.1 (SPIR-V 1.3): compile with -fspv-target-env=vulkan1.1 or later` };
      errors.push(e.loc ? { ...error, loc: e.loc, length: e.name.length } : error);
    },
  };
  const functions = new Set([...ir.functions, ...ir.entryPoints.flatMap((ep) => (ep.staticInit ? [ep.staticInit] : []))]);
  for (const fn of functions) walkStmts(fn.body, visitor);
  return errors;
}

/**
 * Vulkan requires an image atomic's image to have an R32/R64 format: with -fspv-use-unknown-image-format
 * an image without [[vk::image_format]] has none, so an Interlocked* on one of its texels is an error.
 */
function unknownFormatAtomicErrors(ir: IrModule, options: ResolvedOptions): BackendError[] {
  if (!options.useUnknownImageFormat) return [];
  const errors: BackendError[] = [];
  const visitor = {
    expr(e: IrExpr) {
      if (e.op !== 'resource' || e.call.kind !== 'atomic' || e.call.target.kind !== 'texel') return;
      const place = e.call.target.image;
      const image = place.type;
      if (image.kind !== 'resource' || image.format !== undefined) return;
      const root = placeRoot(place);
      const global = root.kind === 'global' ? root.global : undefined;
      const message = `an atomic operation on a texel of ${global ? `'${global.name}'` : `a ${image.resource}`} needs an image format (R32ui, R32i, …): with -fspv-use-unknown-image-format give it [[vk::image_format("r32ui")]] (or r32i/r32f)`;
      errors.push(global ? { message, loc: global.loc, length: global.name.length } : { message });
    },
  };
  const functions = new Set([...ir.functions, ...ir.entryPoints.flatMap((ep) => (ep.staticInit ? [ep.staticInit] : []))]);
  for (const fn of functions) walkStmts(fn.body, visitor);
  return errors;
}
