// Work-graph node objects (SM 6.8 node shaders): the input-record, output and output-record types,
// their methods and indexing. A node object is a place rooted at a node entry's parameter, a
// helper's parameter (a reference to the caller's object) or a local initialised from
// GetThreadNodeOutputRecords/GetGroupNodeOutputRecords; a record of it is its `element` place
// (Get() is element 0), so member reads and writes are ordinary places.
import type { Loc } from '../diagnostics.js';
import type { IrExpr, IrPlace, NodeCall } from '../ir/ir.js';
import type * as ast from '../parse/ast.js';
import { BOOL, UINT, VOID, sameType, typeToString, type NodeObject, type NodeType, type Type } from '../types.js';
import type { Checker } from './checker.js';
import type { ExpressionChecker } from './expressions.js';
import type { Scope } from './scope.js';
import { resourceValue } from './texture-methods.js';
import type { Value } from './value.js';

/** Each node object type: whether it takes a record type, and what kind of object it is. */
const NODE_OBJECTS: Record<NodeObject, { templated: boolean; role: 'input' | 'output' | 'outputArray' | 'records'; writable: boolean; many: boolean }> = {
  DispatchNodeInputRecord: { templated: true, role: 'input', writable: false, many: false },
  RWDispatchNodeInputRecord: { templated: true, role: 'input', writable: true, many: false },
  GroupNodeInputRecords: { templated: true, role: 'input', writable: false, many: true },
  RWGroupNodeInputRecords: { templated: true, role: 'input', writable: true, many: true },
  ThreadNodeInputRecord: { templated: true, role: 'input', writable: false, many: false },
  RWThreadNodeInputRecord: { templated: true, role: 'input', writable: true, many: false },
  EmptyNodeInput: { templated: false, role: 'input', writable: false, many: true },
  NodeOutput: { templated: true, role: 'output', writable: false, many: false },
  EmptyNodeOutput: { templated: false, role: 'output', writable: false, many: false },
  NodeOutputArray: { templated: true, role: 'outputArray', writable: false, many: false },
  EmptyNodeOutputArray: { templated: false, role: 'outputArray', writable: false, many: false },
  GroupNodeOutputRecords: { templated: true, role: 'records', writable: true, many: true },
  ThreadNodeOutputRecords: { templated: true, role: 'records', writable: true, many: true },
};

export function isNodeObjectName(name: string): name is NodeObject {
  return Object.hasOwn(NODE_OBJECTS, name);
}

export function nodeRole(t: NodeType): 'input' | 'output' | 'outputArray' | 'records' {
  return NODE_OBJECTS[t.object].role;
}

/** `NodeOutput<R>` and friends: one struct template argument; the Empty* kinds none (an empty record). */
export function nodeObjectType(c: Checker, spec: ast.TypeSpec, scope: Scope, object: NodeObject): Type | undefined {
  const args = spec.templateArgs ?? [];
  if (!NODE_OBJECTS[object].templated) {
    if (args.length) c.error(`'${object}' is not a template`, spec.loc, spec.name.length);
    return { kind: 'node', object, record: { kind: 'struct', name: '', fields: [], id: c.newId() } };
  }
  const arg = args[0];
  const record = args.length === 1 && arg?.kind === 'TypeSpec' ? c.resolveType(arg, scope, arg.modifiers ?? []) : undefined;
  if (!record) {
    if (!(args.length === 1 && arg?.kind === 'TypeSpec')) c.error(`'${object}' takes one template argument, the record struct`, spec.loc, spec.name.length);
    return undefined;
  }
  if (record.kind !== 'struct') {
    c.error(`the record type of '${object}' must be a struct, not '${typeToString(record)}'`, arg!.loc);
    return undefined;
  }
  return { kind: 'node', object, record };
}

/** A node object of an output array's element (`outputs[i]`): its output kind. */
function elementObject(t: NodeType): NodeObject {
  return t.object === 'EmptyNodeOutputArray' ? 'EmptyNodeOutput' : 'NodeOutput';
}

/** A record of a node object: element `index` of its payload array. */
function record(obj: Value & { place: IrPlace }, t: NodeType, index: IrExpr, loc: Loc): Value {
  const place: IrPlace = { kind: 'element', base: obj.place, index, type: t.record };
  return { type: t.record, loc, place, readonly: !NODE_OBJECTS[t.object].writable };
}

const uintConst = (value: number): IrExpr => ({ op: 'const', type: UINT, value: { kind: 'scalar', type: UINT, value } });

/** `obj[i]`: a record of an input or output-records object, or an output of an output array. */
export function nodeIndex(c: Checker, x: ExpressionChecker, obj: Value, t: NodeType, idx: Value, loc: Loc): Value | undefined {
  if (!obj.place) {
    c.error(`operator[] needs a node object variable, not a temporary`, obj.loc);
    return undefined;
  }
  const role = nodeRole(t);
  const index = x.convert(idx, UINT, idx.loc, 'node object index');
  if (!index) return undefined;
  if (role === 'outputArray') {
    const type: NodeType = { kind: 'node', object: elementObject(t), record: t.record };
    return { type, loc, place: { kind: 'element', base: obj.place, index, type }, readonly: true };
  }
  if (!NODE_OBJECTS[t.object].many || !NODE_OBJECTS[t.object].templated) {
    c.error(`operator[] is not available on '${typeToString(t)}'`, loc);
    return undefined;
  }
  return record(obj as Value & { place: IrPlace }, t, index, loc);
}

/** An output (or an output array's element) as the allocation and validity calls name it. */
function outputOf(place: IrPlace): { output: IrPlace; index?: IrExpr } {
  if (place.kind === 'element' && place.base.type.kind === 'node' && nodeRole(place.base.type) === 'outputArray') return { output: place.base, index: place.index };
  return { output: place };
}

function call(type: Type, c: NodeCall, loc: Loc): Value {
  return resourceValue(type, c, loc);
}

/** `obj.Method(args)` on a node object. */
export function nodeMethod(c: Checker, x: ExpressionChecker, obj: Value, t: NodeType, method: string, args: Value[], loc: Loc, memberLoc: Loc): Value | undefined {
  if (!obj.place) {
    c.error(`'${method}' needs a node object variable, not a temporary`, obj.loc);
    return undefined;
  }
  const self = obj as Value & { place: IrPlace };
  const role = nodeRole(t);
  const count = (n: number): boolean => {
    if (args.length === n) return true;
    c.error(`'${method}' of '${typeToString(t)}' takes ${n} argument${n === 1 ? '' : 's'}, but ${args.length} were given`, loc);
    return false;
  };
  const templated = NODE_OBJECTS[t.object].templated;
  switch (method) {
    case 'Get':
      if ((role !== 'input' && role !== 'records') || !templated || args.length > 1) break;
      if (args.length === 1 && !NODE_OBJECTS[t.object].many) break;
      {
        const index = args[0] ? x.convert(args[0], UINT, args[0].loc, `argument 1 of 'Get'`) : uintConst(0);
        return index && record(self, t, index, loc);
      }
    case 'Count':
      if (role !== 'input' || !NODE_OBJECTS[t.object].many || !count(0)) break;
      return call(UINT, { kind: 'nodeCount', input: self.place, loc }, loc);
    case 'FinishedCrossGroupSharing':
      if (t.object !== 'RWDispatchNodeInputRecord' || !count(0)) break;
      if (t.record.kind === 'struct' && !t.record.trackRWInputSharing) {
        c.error(`Use of FinishedCrossGroupSharing() requires NodeTrackRWInputSharing attribute to be specified on the record struct type`, memberLoc, method.length);
        return undefined;
      }
      return call(BOOL, { kind: 'nodeFinishSharing', input: self.place, loc }, loc);
    case 'OutputComplete':
      if (role !== 'records' || !count(0)) break;
      return call(VOID, { kind: 'nodeComplete', records: self.place, loc }, loc);
    case 'IsValid':
      if (role !== 'output' || !count(0)) break;
      return call(BOOL, { kind: 'nodeValid', ...outputOf(self.place), loc }, loc);
    case 'GetThreadNodeOutputRecords':
    case 'GetGroupNodeOutputRecords':
    case 'ThreadIncrementOutputCount':
    case 'GroupIncrementOutputCount': {
      const allocates = method.startsWith('Get');
      if (role !== 'output' || (allocates && !templated) || !count(1)) break;
      const n = x.convert(args[0]!, UINT, args[0]!.loc, `argument 1 of '${method}'`);
      if (!n) return undefined;
      const group = method.includes('Group');
      const type: Type = allocates ? { kind: 'node', object: group ? 'GroupNodeOutputRecords' : 'ThreadNodeOutputRecords', record: t.record } : VOID;
      return call(type, { kind: 'nodeAllocate', ...outputOf(self.place), count: n, group, loc }, loc);
    }
  }
  if (args.length >= 0) c.error(`no method '${method}' with ${args.length} argument${args.length === 1 ? '' : 's'} on '${typeToString(t)}'`, memberLoc, method.length);
  return undefined;
}

/** `GetRemainingRecursionLevels()`: the RemainingRecursionLevelsAMDX builtin. */
export function remainingRecursionLevels(c: Checker, args: Value[], loc: Loc): Value | undefined {
  if (args.length) {
    c.error(`'GetRemainingRecursionLevels' takes no arguments`, loc);
    return undefined;
  }
  return call(UINT, { kind: 'nodeRecursionLevels', loc }, loc);
}

/**
 * `records = other;` names other's records from here on: only in the block that declares `records`
 * and unconditionally, so that every later use sees one allocation (SPIR-V keeps it as a pointer
 * value, which no variable or phi may hold).
 */
export function nodeAssignable(c: Checker, e: ast.AssignExpr, scope: Scope, conditional: boolean, loc: Loc): boolean {
  const name = e.target.kind === 'Name' ? e.target.name : undefined;
  if (name !== undefined && e.op === '=' && !conditional && scope.own(name)) return true;
  c.error(`a node object can be assigned only with '=', unconditionally, in the block that declares it`, loc);
  return false;
}

/**
 * Where a node object may live besides a node entry's parameters: only output records, in a local
 * initialised where it is declared. Globals, struct members, arrays and copies of inputs or outputs
 * would be node objects no entry binds. True after reporting one.
 */
export function refuseNodeVariable(c: Checker, t: Type, name: string, loc: Loc, local: boolean): boolean {
  let inner = t;
  while (inner.kind === 'array') inner = inner.element;
  if (inner.kind !== 'node') return false;
  if (local && t.kind === 'node' && nodeRole(t) === 'records') return false;
  const what = local ? 'a local node object must be output records (GroupNodeOutputRecords or ThreadNodeOutputRecords)' : 'node objects are only parameters of node entry points and their output records locals';
  c.error(`'${name}' of type '${typeToString(t)}': ${what}`, loc, name.length || 1);
  return true;
}

/** Whether a function is a `[Shader("node")]` entry. */
export function isNodeEntry(decl: ast.FunctionDecl): boolean {
  const arg = decl.attributes.find((a) => a.name.toLowerCase() === 'shader')?.args[0];
  return arg?.kind === 'StringLiteral' && arg.value.toLowerCase() === 'node';
}

/** A node object parameter is a reference to the caller's: only `in` (its records are written through it). */
export function refuseNodeParameter(c: Checker, t: Type, p: ast.Param): boolean {
  if (t.kind !== 'node' || !p.modifiers.some((m) => m === 'out' || m === 'inout')) return false;
  c.error(`parameter '${p.name}' of type '${typeToString(t)}': a node object is passed by reference, never 'out' or 'inout'`, p.loc, p.name.length || 1);
  return true;
}

/**
 * A node object argument: the caller's whole node object (a parameter or records local), which the
 * callee's parameter names (the back end inlines such calls: SPIR-V has no NodePayloadAMDX parameters).
 */
export function nodeArgument(c: Checker, a: Value, t: NodeType): IrPlace | undefined {
  if (a.place?.kind === 'local' && sameType(a.type, t)) return a.place;
  c.error(`a '${typeToString(t)}' argument must be a node object variable of that type${a.place?.kind === 'element' ? ' (an element of a node output array cannot be passed on)' : ''}`, a.loc);
  return undefined;
}
