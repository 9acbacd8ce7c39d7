// Name lookups over the SPIR-V enumerant tables, and the tables mapping SPIR-V enumerants onto the
// vocabulary of the Reflection contract (types.ts).
import {
  BuiltIn,
  Decoration,
  Dim,
  ExecutionMode,
  ExecutionModel,
  ImageFormat,
  Op,
  SourceLanguage as SpirvSourceLanguage,
} from '../spirv-spec/spec.js';
import type { ImageInfo, ShaderStage, SourceLanguage } from './types.js';

function invert<T extends Record<string, number>>(table: T): ReadonlyMap<number, string> {
  return new Map(Object.entries(table).map(([name, value]) => [value, name]));
}

const opNames = invert(Op);
const builtInNames = invert(BuiltIn);
const executionModeNames = invert(ExecutionMode);

/** `OpLoad`, or `Op#1234` for opcodes not in the table. */
export function opName(opcode: number): string {
  const name = opNames.get(opcode);
  return name === undefined ? `Op#${opcode}` : `Op${name}`;
}

export function builtInName(value: number): string {
  return builtInNames.get(value) ?? `BuiltIn#${value}`;
}

export function executionModeName(value: number): string {
  return executionModeNames.get(value) ?? `ExecutionMode#${value}`;
}

export const stageOfExecutionModel: ReadonlyMap<number, ShaderStage> = new Map<number, ShaderStage>([
  [ExecutionModel.Vertex, 'vertex'],
  [ExecutionModel.TessellationControl, 'hull'],
  [ExecutionModel.TessellationEvaluation, 'domain'],
  [ExecutionModel.Geometry, 'geometry'],
  [ExecutionModel.Fragment, 'pixel'],
  [ExecutionModel.GLCompute, 'compute'],
  [ExecutionModel.TaskNV, 'amplification'],
  [ExecutionModel.TaskEXT, 'amplification'],
  [ExecutionModel.MeshNV, 'mesh'],
  [ExecutionModel.MeshEXT, 'mesh'],
  [ExecutionModel.RayGenerationKHR, 'raygeneration'],
  [ExecutionModel.IntersectionKHR, 'intersection'],
  [ExecutionModel.AnyHitKHR, 'anyhit'],
  [ExecutionModel.ClosestHitKHR, 'closesthit'],
  [ExecutionModel.MissKHR, 'miss'],
  [ExecutionModel.CallableKHR, 'callable'],
]);

export const sourceLanguageOf: ReadonlyMap<number, SourceLanguage> = new Map<number, SourceLanguage>([
  [SpirvSourceLanguage.HLSL, 'HLSL'],
  [SpirvSourceLanguage.GLSL, 'GLSL'],
  [SpirvSourceLanguage.ESSL, 'GLSL'],
]);

export const dimOf: ReadonlyMap<number, ImageInfo['dim']> = new Map<number, ImageInfo['dim']>([
  [Dim['1D'], '1d'],
  [Dim['2D'], '2d'],
  [Dim['3D'], '3d'],
  [Dim.Cube, 'cube'],
  [Dim.Rect, 'rect'],
  [Dim.Buffer, 'buffer'],
  [Dim.SubpassData, 'subpass'],
]);

/** DXC's `[[vk::image_format]]` spelling of each SPIR-V ImageFormat (lower case, R11fG11fB10f shortened). */
export const imageFormatName: ReadonlyMap<number, string> = new Map(
  Object.entries(ImageFormat).map(([name, value]) => [
    value,
    value === ImageFormat.R11fG11fB10f ? 'r11g11b10f' : name.toLowerCase(),
  ]),
);

/** Interpolation decorations and the names StageVariable.interpolation uses for them. */
export const interpolationDecorations: ReadonlyArray<readonly [number, string]> = [
  [Decoration.Flat, 'flat'],
  [Decoration.NoPerspective, 'noperspective'],
  [Decoration.Centroid, 'centroid'],
  [Decoration.Sample, 'sample'],
];
