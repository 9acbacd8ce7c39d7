// Geometry shaders (manual, "Geometry shaders"): the input primitive's vertices arrive as per-vertex
// arrays; the stream's vertex type is flattened to Output variables that every `Append` writes
// before OpEmitVertex (so function code, not the wrapper, writes the outputs); `RestartStrip` is
// OpEndPrimitive. Execution modes from the manual's tables.
import type { GsInputPrimitive, StreamTopology } from '../../ir/ir.js';
import { sameType, typeToString } from '../../types.js';
import { Capability, ExecutionMode, ExecutionModel, Op } from '../../spirv-spec/spec.js';
import { FunctionEmitter } from '../function.js';
import { beginWrapper, declareStageVariables, endWrapper, flatten, loadLeaves, storeLeaves, type Leaf } from '../stage-io.js';
import type { StageEmitter } from './index.js';

const INPUT_MODES: Record<GsInputPrimitive, keyof typeof ExecutionMode> = {
  point: 'InputPoints',
  line: 'InputLines',
  triangle: 'Triangles',
  lineadj: 'InputLinesAdjacency',
  triangleadj: 'InputTrianglesAdjacency',
};

const OUTPUT_MODES: Record<StreamTopology, keyof typeof ExecutionMode> = {
  point: 'OutputPoints',
  line: 'OutputLineStrip',
  triangle: 'OutputTriangleStrip',
};

export const geometryStage: StageEmitter<'geometry'> = {
  model: ExecutionModel.Geometry,
  prepare(m, ep, errors) {
    const stream = ep.params[ep.streamParam]!.var.type;
    if (stream.kind !== 'stream') throw new Error('internal: geometry stream parameter is not a stream');
    if (m.streamInterface) {
      // Function code is shared: every geometry entry of the module must write the same outputs.
      if (!sameType(m.streamInterface.type, stream.element)) errors.push(`geometry entry points of one module must stream the same vertex type, not '${typeToString(stream.element)}'`);
      return;
    }
    const leaves: Leaf[] = [];
    flatten(stream.element, {}, [], leaves, errors);
    const ids = declareStageVariables(new FunctionEmitter(m), ep, [], leaves, errors);
    m.streamInterface = { type: stream.element, ids };
    m.streamOutput = (fe, value, type) => storeLeaves(fe, value, type, leaves);
  },
  wrapper({ m, fe, ep, srcId, errors, copies }) {
    const b = fe.b;
    const t = fe.t;
    const inputs: Leaf[][] = ep.params.map((p, i) => {
      if (i === ep.streamParam) return [];
      if (p.direction !== 'in') {
        errors.push(`parameter '${p.var.name}' of geometry entry point '${ep.name}': outputs go through the stream, not out parameters`);
        return [];
      }
      const leaves: Leaf[] = [];
      const type = p.var.type;
      if (ep.inputParams.includes(i) && type.kind === 'array') {
        flatten(type.element, p.io, [], leaves, errors);
        for (const leaf of leaves) leaf.arrayed = ep.inputVertices;
      } else flatten(type, p.io, [], leaves, errors);
      return leaves;
    });
    const interfaceIds = [...declareStageVariables(fe, ep, inputs.flat(), [], errors), ...(m.streamInterface?.ids ?? [])];
    const id = beginWrapper(fe, ep, copies);
    const args: number[] = [];
    ep.params.forEach((p, i) => {
      if (i === ep.streamParam) return;
      const temp = fe.temp(p.var.type, `param.var.${p.var.name}`);
      fe.storePtr(temp, loadLeaves(fe, p.var.type, inputs[i]!), p.var.type);
      args.push(temp.id);
    });
    fe.f.emit(Op.FunctionCall, [t.void(), b.id(), srcId, ...args]);
    endWrapper(fe);
    return { id, interfaceIds };
  },
  modes(b, id, ep) {
    b.capability(Capability.Geometry);
    b.executionMode(id, ExecutionMode.Invocations, ep.invocations);
    b.executionMode(id, ExecutionMode[INPUT_MODES[ep.inputPrimitive]]);
    b.executionMode(id, ExecutionMode[OUTPUT_MODES[ep.outputTopology]]);
    b.executionMode(id, ExecutionMode.OutputVertices, ep.maxVertexCount);
  },
};
