// -fspv-flatten-resource-arrays (manual, command-line options): an array of N resources becomes N
// resource variables `x[0]` … `x[N-1]` with N consecutive bindings, as D3D registers number them (what
// DXC's optimizer makes of it: descriptor scalar replacement). The array is only a name then: a
// constant index names its element here, a run-time one stays an element of the array until
// opt/flatten-resource-arrays.ts turns the statement into a switch over the elements.
import type { Loc } from '../diagnostics.js';
import type { IrGlobal, IrPlace } from '../ir/ir.js';
import { typeToString, type StructType, type Type } from '../types.js';
import type { Checker } from './checker.js';
import { evaluateConstant } from './constant-eval.js';
import { counterGlobal } from './resource-decls.js';
import { irGlobalPlace } from './scope.js';

/** The element variables of a flattened array (their counters hang on each), or undefined to keep it whole. */
export function flattenArray(c: Checker, array: IrGlobal, declared: Type, counterType: () => StructType, loc: Loc): IrGlobal[] | undefined {
  if (declared.kind !== 'array' || declared.length === null) return undefined;
  if (declared.element.kind === 'array') {
    c.error(`-fspv-flatten-resource-arrays: the multi-dimensional resource array '${array.name}' is not supported yet`, loc, array.name.length);
    return undefined;
  }
  return Array.from({ length: declared.length }, (_, i) => {
    const element = c.resourceGlobal(`${array.name}[${i}]`, declared.element, loc);
    if (array.coherent) element.coherent = true;
    if (array.inputAttachmentIndex !== undefined) element.inputAttachmentIndex = array.inputAttachmentIndex;
    const counter = counterGlobal(c, element, declared.element, counterType);
    if (counter) element.counter = counter;
    return element;
  });
}

/** `x[k]` of a flattened array: the element variable; with a run-time index, the array's element. */
export function flattenedElement(c: Checker, array: IrGlobal, elements: readonly IrGlobal[], index: import('../ir/ir.js').IrExpr, elementType: Type, loc: Loc): IrPlace | undefined {
  const value = evaluateConstant(index);
  const k = value?.kind === 'scalar' && typeof value.value !== 'boolean' ? Number(value.value) : undefined;
  if (k === undefined) return { kind: 'element', base: irGlobalPlace(array), index, type: elementType };
  const element = elements[k];
  if (!element) {
    c.error(`index ${k} is out of bounds for '${typeToString(array.type)}'`, loc);
    return undefined;
  }
  return irGlobalPlace(element);
}
