// An entry point's stage inputs and outputs: its Input/Output interface variables.
import { Decoration, StorageClass } from '../spirv-spec/spec.js';
import { builtInName, interpolationDecorations } from './enum-names.js';
import type { LayoutBuilder } from './layout.js';
import type { EntryPointDecl, SpirvModule } from './module.js';
import type { RayDataVariable, StageVariable } from './types.js';

export function stageVariables(
  module: SpirvModule,
  layout: LayoutBuilder,
  entry: EntryPointDecl,
): { inputs: StageVariable[]; outputs: StageVariable[] } {
  const inputs: StageVariable[] = [];
  const outputs: StageVariable[] = [];
  const seen = new Set<number>();
  for (const id of entry.interface) {
    const variable = module.variables.get(id);
    if (variable === undefined) entry.inst.fail(`interface %${id} is not a global variable`);
    const list =
      variable.storageClass === StorageClass.Input ? inputs : variable.storageClass === StorageClass.Output ? outputs : undefined;
    if (list === undefined || seen.has(id)) continue;
    seen.add(id);
    list.push(describe(module, layout, id, variable.typeId, variable.inst));
  }
  return { inputs, outputs };
}

function describe(
  module: SpirvModule,
  layout: LayoutBuilder,
  id: number,
  typeId: number,
  inst: Parameters<LayoutBuilder['layoutOf']>[1],
): StageVariable {
  const { decorations } = module;
  const builtIn = decorations.literal(id, Decoration.BuiltIn);
  // Optimised modules (DXC's, ours above -O0) leave builtin variables unnamed: named after the builtin.
  const name = module.names.get(id) ?? (builtIn !== undefined ? `gl_${builtInName(builtIn)}` : '');
  const stageVariable: StageVariable = { name, type: layout.layoutOf(typeId, inst) };
  const location = decorations.literal(id, Decoration.Location);
  if (location !== undefined) stageVariable.location = location;
  const component = decorations.literal(id, Decoration.Component);
  if (component !== undefined) stageVariable.component = component;
  if (builtIn !== undefined) stageVariable.builtin = builtInName(builtIn);
  const semantic = decorations.get(id, Decoration.UserSemantic)?.strings[0] ?? semanticFromName(stageVariable.name);
  if (semantic !== undefined) stageVariable.semantic = semantic;
  const interpolation = interpolationDecorations.filter(([decoration]) => decorations.has(id, decoration)).map(([, name]) => name);
  if (interpolation.length > 0) stageVariable.interpolation = interpolation;
  return stageVariable;
}

/**
 * Without -fspv-reflect a module carries no semantic strings, but DXC (and our compiler) name each
 * location-assigned stage variable after its semantic: `in.var.TEXCOORD0`, `out.var.SV_Target1`.
 */
function semanticFromName(name: string): string | undefined {
  return /^(?:in|out)\.var\.(.+)$/.exec(name)?.[1];
}

/** Storage classes of ray-tracing data variables, by the name reflection gives their kind. */
const RAY_DATA_KINDS: ReadonlyMap<number, RayDataVariable['kind']> = new Map([
  [StorageClass.RayPayloadKHR, 'payload'],
  [StorageClass.IncomingRayPayloadKHR, 'incoming-payload'],
  [StorageClass.HitAttributeKHR, 'hit-attributes'],
  [StorageClass.CallableDataKHR, 'callable-data'],
  [StorageClass.IncomingCallableDataKHR, 'incoming-callable-data'],
]);

/** A ray-tracing entry's payload, hit-attribute and callable-data interface variables. */
export function rayDataVariables(module: SpirvModule, layout: LayoutBuilder, entry: EntryPointDecl): RayDataVariable[] {
  const out: RayDataVariable[] = [];
  for (const id of new Set(entry.interface)) {
    const variable = module.variables.get(id);
    const kind = variable && RAY_DATA_KINDS.get(variable.storageClass);
    if (!variable || !kind) continue;
    out.push({ name: module.names.get(id) ?? '', kind, type: layout.layoutOf(variable.typeId, variable.inst) });
  }
  return out;
}
