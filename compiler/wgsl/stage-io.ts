// Entry points in WGSL (seed 004): the HLSL entry function stays an ordinary function; a wrapper
// `@compute`/`@vertex`/`@fragment` function takes the stage inputs as parameters (`@builtin` or
// `@location` with interpolation), builds the HLSL arguments, calls it, and returns the outputs
// in a struct. Locations are the SPIR-V back end's (read from its reflection by semantic), so the
// vertex inputs and the vertex→pixel interface are the same on both targets.
import type { IrEntryPoint, StageValue } from '../ir/ir.js';
import type { Loc } from '../diagnostics.js';
import type { EntryPoint as ReflectedEntryPoint } from '../reflect/types.js';
import type { ShaderStage } from '../common/stage.js';
import { elementScalar, typeToString, type ScalarType, type Type } from '../types.js';
import { unsupported } from './errors.js';
import { inheritSemantic, nextLeafSemantic, type InheritedSemantic } from '../ir/semantic-inheritance.js';
import type { FunctionWriter } from './function.js';
import { memberName, vectorName } from './types.js';

interface BuiltinRule {
  stages: ShaderStage[];
  dir: 'in' | 'out';
  builtin: string;
  /** The WGSL builtin's type: scalar and component count. */
  scalar: 'f32' | 'u32' | 'bool';
  count: number;
}

/** SV_* semantics → WGSL builtins (upper-case semantic without index). */
const BUILTINS: Readonly<Record<string, BuiltinRule[]>> = {
  SV_POSITION: [
    { stages: ['vertex'], dir: 'out', builtin: 'position', scalar: 'f32', count: 4 },
    { stages: ['pixel'], dir: 'in', builtin: 'position', scalar: 'f32', count: 4 },
  ],
  SV_VERTEXID: [{ stages: ['vertex'], dir: 'in', builtin: 'vertex_index', scalar: 'u32', count: 1 }],
  SV_INSTANCEID: [{ stages: ['vertex'], dir: 'in', builtin: 'instance_index', scalar: 'u32', count: 1 }],
  SV_ISFRONTFACE: [{ stages: ['pixel'], dir: 'in', builtin: 'front_facing', scalar: 'bool', count: 1 }],
  SV_DEPTH: [{ stages: ['pixel'], dir: 'out', builtin: 'frag_depth', scalar: 'f32', count: 1 }],
  SV_SAMPLEINDEX: [{ stages: ['pixel'], dir: 'in', builtin: 'sample_index', scalar: 'u32', count: 1 }],
  SV_COVERAGE: [
    { stages: ['pixel'], dir: 'in', builtin: 'sample_mask', scalar: 'u32', count: 1 },
    { stages: ['pixel'], dir: 'out', builtin: 'sample_mask', scalar: 'u32', count: 1 },
  ],
  SV_DISPATCHTHREADID: [{ stages: ['compute'], dir: 'in', builtin: 'global_invocation_id', scalar: 'u32', count: 3 }],
  SV_GROUPID: [{ stages: ['compute'], dir: 'in', builtin: 'workgroup_id', scalar: 'u32', count: 3 }],
  SV_GROUPTHREADID: [{ stages: ['compute'], dir: 'in', builtin: 'local_invocation_id', scalar: 'u32', count: 3 }],
  SV_GROUPINDEX: [{ stages: ['compute'], dir: 'in', builtin: 'local_invocation_index', scalar: 'u32', count: 1 }],
};

/** SV semantics that are plain attributes as vertex inputs (the SPIR-V back end's PASSED_THROUGH for vertex:in). */
const VERTEX_ATTRIBUTE_SVS: ReadonlySet<string> = new Set(['SV_POSITION', 'SV_CLIPDISTANCE', 'SV_CULLDISTANCE', 'SV_RENDERTARGETARRAYINDEX', 'SV_VIEWPORTARRAYINDEX']);

const STAGE_ATTRIBUTE: Partial<Record<ShaderStage, string>> = { compute: '@compute', vertex: '@vertex', pixel: '@fragment' };

function splitSemantic(s: string): { base: string; index: number } {
  const m = /^(.*?)(\d*)$/.exec(s)!;
  return { base: m[1]!.toUpperCase(), index: m[2] ? Number(m[2]) : 0 };
}

/** A semantic-bearing scalar/vector of an entry point's signature, with its access path in the HLSL value. */
interface Leaf {
  path: string;
  type: Type;
  io: StageValue;
}

function leaves(type: Type, io: StageValue, path: string, out: Leaf[], loc?: Loc, inherited?: InheritedSemantic): void {
  if (type.kind === 'struct') {
    // DXC: a semantic on the struct itself names its leaves (semantic-inheritance.ts).
    const enclosing = inherited ?? (io.semantic ? inheritSemantic(io.semantic) : undefined);
    type.fields.forEach((f, i) => {
      const fio: StageValue = { ...(f.semantic && !enclosing ? { semantic: f.semantic } : {}), ...(f.location !== undefined ? { location: f.location } : {}), ...(f.builtin !== undefined ? { builtin: f.builtin } : {}), ...(f.interpolation ? { interpolation: f.interpolation } : io.interpolation ? { interpolation: io.interpolation } : {}) };
      leaves(f.type, fio, `${path}.${memberName(f.name, i)}`, out, loc, enclosing);
    });
    return;
  }
  if (inherited) io = { ...io, semantic: nextLeafSemantic(inherited) };
  if (!io.semantic) throw unsupported(`a stage ${path.includes('.') ? 'struct member' : 'parameter'} without a semantic`);
  if (io.builtin !== undefined) throw unsupported(`[[vk::builtin("${io.builtin}")]] on '${path}'`, loc, 'a Vulkan builtin WGSL has no equivalent of');
  out.push({ path, type, io });
}

/** Interpolation attribute of a user-location value (integers must be flat in WGSL). */
function interpolation(leaf: Leaf, stage: ShaderStage, dir: 'in' | 'out'): string {
  if ((stage === 'vertex' && dir === 'in') || (stage === 'pixel' && dir === 'out')) return '';
  const el = elementScalar(leaf.type);
  const modes = leaf.io.interpolation ?? [];
  if (el?.base !== 'float' || modes.includes('nointerpolation')) return ' @interpolate(flat)';
  const kind = modes.includes('noperspective') ? 'linear' : 'perspective';
  const sampling = modes.includes('sample') ? ', sample' : modes.includes('centroid') ? ', centroid' : '';
  return kind === 'perspective' && !sampling ? '' : ` @interpolate(${kind}${sampling})`;
}

function ioType(w: FunctionWriter, t: Type): string {
  const el = elementScalar(t);
  if (!el || (t.kind !== 'scalar' && t.kind !== 'vector') || el.base === 'bool') throw unsupported(`the stage input/output type '${typeToString(t)}'`, undefined, 'WGSL stage I/O is numeric scalars and vectors');
  return w.typeName(t);
}

/** A builtin's value as the HLSL type (fewer components, other signedness). */
function fromBuiltin(value: string, rule: BuiltinRule, to: Type): string {
  const el = elementScalar(to)!;
  const n = to.kind === 'vector' ? to.size : 1;
  const take = rule.count === n ? value : n === 1 ? `${value}.x` : `${value}.${'xyzw'.slice(0, n)}`;
  return convertScalar(take, rule.scalar, el, n);
}

function toBuiltin(value: string, from: Type, rule: BuiltinRule): string {
  const el = elementScalar(from)!;
  const n = from.kind === 'vector' ? from.size : 1;
  if (n !== rule.count) throw unsupported(`a ${n}-component value for @builtin(${rule.builtin})`);
  const target: ScalarType = { kind: 'scalar', base: rule.scalar === 'f32' ? 'float' : rule.scalar === 'u32' ? 'uint' : 'bool', width: 32 };
  if (el.base === target.base) return value;
  if (el.base !== 'bool' && target.base !== 'bool' && el.base !== 'float' && target.base !== 'float') return `bitcast<${vectorName(target, n)}>(${value})`;
  return `${vectorName(target, n)}(${value})`;
}

function convertScalar(value: string, from: 'f32' | 'u32' | 'bool', to: ScalarType, n: number): string {
  const fromBase = from === 'f32' ? 'float' : from === 'u32' ? 'uint' : 'bool';
  if (to.base === fromBase) return value;
  if (to.base !== 'float' && fromBase !== 'float' && to.base !== 'bool' && fromBase !== 'bool') return `bitcast<${vectorName(to, n)}>(${value})`;
  return `${vectorName(to, n)}(${value})`;
}

/** Writes the wrapper of one entry point; `src` is the WGSL name of the HLSL function. */
export function writeEntryPoint(w: FunctionWriter, ep: IrEntryPoint, src: string, staticInit: string | undefined, reflected: ReflectedEntryPoint | undefined, builtinCopies: Map<string, string>): { code: string; outputStruct?: string } {
  const stage = ep.stage;
  const rule = (semantic: string, dir: 'in' | 'out') => BUILTINS[splitSemantic(semantic).base]?.find((r) => r.dir === dir && r.stages.includes(stage));
  const locationOf = (leaf: Leaf, dir: 'in' | 'out'): number => {
    const { base, index } = splitSemantic(leaf.io.semantic!);
    if (base === 'SV_TARGET' && stage === 'pixel' && dir === 'out') return leaf.io.location ?? index;
    // A vertex shader's SV inputs without a builtin are attributes at the SPIR-V back end's locations.
    if (base.startsWith('SV_') && !(stage === 'vertex' && dir === 'in' && VERTEX_ATTRIBUTE_SVS.has(base))) throw unsupported(`the semantic '${leaf.io.semantic}' as a ${stage} ${dir === 'in' ? 'input' : 'output'}`, undefined, 'WGSL has no such builtin');
    const vars = dir === 'in' ? reflected?.inputs : reflected?.outputs;
    const found = vars?.find((v) => v.semantic?.toUpperCase() === leaf.io.semantic!.toUpperCase() && v.location !== undefined);
    if (!found) throw new Error(`internal: no SPIR-V location for '${leaf.io.semantic}'`);
    return found.location!;
  };

  const params: string[] = [];
  const outputs: string[] = [];
  const outputValues: string[] = [];
  const args: string[] = [];
  const inputs: { leaf: Leaf; param: string; arg: string; rule?: BuiltinRule }[] = [];
  const outs: { leaf: Leaf; arg: string }[] = [];
  ep.params.forEach((p, i) => {
    const arg = `arg_${i}`;
    w.line(`var ${arg}: ${w.typeName(p.var.type)};`);
    args.push(p.direction === 'in' ? arg : `&${arg}`);
    const ls: Leaf[] = [];
    leaves(p.var.type, p.io, arg, ls, ep.loc);
    if (p.direction !== 'out') ls.forEach((leaf, k) => inputs.push({ leaf, param: `in_${i}_${k}`, arg }));
    if (p.direction !== 'in') for (const leaf of ls) outs.push({ leaf, arg });
  });
  for (const input of inputs) {
    const r = rule(input.leaf.io.semantic!, 'in');
    if (r) {
      params.push(`@builtin(${r.builtin}) ${input.param}: ${r.count === 1 ? r.scalar : `vec${r.count}<${r.scalar}>`}`);
      let value = input.param;
      // HLSL's pixel SV_Position.w is the clip-space w; WGSL's (like Vulkan's) is its reciprocal.
      if (r.builtin === 'position' && stage === 'pixel') value = `vec4<f32>(${value}.xyz, 1.0f / ${value}.w)`;
      w.line(`${input.leaf.path} = ${fromBuiltin(value, r, input.leaf.type)};`);
    } else if (reflected && !splitSemantic(input.leaf.io.semantic!).base.startsWith('SV_') && !reflected.inputs.some((v) => v.semantic?.toUpperCase() === input.leaf.io.semantic!.toUpperCase())) {
      // The SPIR-V left this input out (optimised: the entry never reads it): not declared here either,
      // so both targets have one interface; the argument keeps its zero value.
      continue;
    } else {
      params.push(`@location(${locationOf(input.leaf, 'in')})${interpolation(input.leaf, stage, 'in')} ${input.param}: ${ioType(w, input.leaf.type)}`);
      w.line(`${input.leaf.path} = ${input.param};`);
    }
  }
  for (const [builtin, copy] of builtinCopies) {
    params.push(`@builtin(${builtin}) ${copy}_in: u32`);
    w.line(`${copy} = ${copy}_in;`);
  }
  if (staticInit) w.line(`${staticInit}();`);
  const resultLeaves: Leaf[] = [];
  if (ep.function.returnType.kind !== 'void') {
    w.line(`let result = ${src}(${args.join(', ')});`);
    leaves(ep.function.returnType, ep.result ?? {}, 'result', resultLeaves, ep.loc);
  } else w.line(`${src}(${args.join(', ')});`);
  const allOuts = [...outs.map((o) => o.leaf), ...resultLeaves];
  if (stage === 'vertex' && !allOuts.some((leaf) => rule(leaf.io.semantic ?? '', 'out')?.builtin === 'position')) {
    // A vertex shader that feeds a geometry or tessellation stage writes no position: WebGPU has no such pipeline.
    throw unsupported(`vertex entry point '${ep.name}' without an SV_Position output`, ep.loc, 'WebGPU requires a vertex shader to write @builtin(position)');
  }
  allOuts.forEach((leaf, k) => {
    const r = rule(leaf.io.semantic!, 'out');
    const name = `out_${k}`;
    if (r) {
      outputs.push(`  @builtin(${r.builtin}) ${name}: ${r.count === 1 ? r.scalar : `vec${r.count}<${r.scalar}>`},`);
      outputValues.push(toBuiltin(leaf.path, leaf.type, r));
    } else {
      outputs.push(`  @location(${locationOf(leaf, 'out')})${interpolation(leaf, stage, 'out')} ${name}: ${ioType(w, leaf.type)},`);
      outputValues.push(leaf.path);
    }
  });
  const attribute = STAGE_ATTRIBUTE[stage];
  if (!attribute) throw unsupported(`the ${stage} stage`);
  const size = ep.stage === 'compute' ? ` @workgroup_size(${ep.workgroupSize.join(', ')})` : '';
  const structName = `${ep.name}_Output`;
  let outputStruct: string | undefined;
  let ret = '';
  if (outputs.length) {
    outputStruct = `struct ${structName} {\n${outputs.join('\n')}\n}`;
    w.line(`return ${structName}(${outputValues.join(', ')});`);
    ret = ` -> ${structName}`;
  }
  const code = `${attribute}${size}\nfn ${ep.name}(${params.join(', ')})${ret} {\n${w.body().join('\n')}\n}`;
  return outputStruct ? { code, outputStruct } : { code };
}
