// A readable text form of the IR, so that a middle-end pass's test reads as before → after (as
// Tint's IR transform tests do). Not parsed back; the form is stable: names, not ids, except for
// locals that share a name (`x#2`).
import { typeToString, type Type } from '../types.js';
import type { ImageOperands, IrCallArg, IrConst, IrExpr, IrFunction, IrModule, IrPlace, IrStmt, IrVar, ResourceCall } from './ir.js';

export function printModule(m: IrModule): string {
  const out: string[] = [];
  for (const g of m.globals) out.push(`${g.space} ${typeToString(g.type)} ${g.name}${g.init ? ` = ${printConst(g.init)}` : ''}`);
  for (const f of m.functions) out.push(printFunction(f));
  for (const ep of m.entryPoints) {
    const params = ep.params.map((p) => `${p.direction} ${p.var.name} : ${p.io.semantic ?? p.io.builtin ?? `location ${p.io.location ?? '?'}`}`);
    out.push(`entry ${ep.stage} ${ep.name} = ${ep.function.name}(${params.join(', ')})`);
  }
  return out.join('\n');
}

export function printFunction(f: IrFunction): string {
  const names = new VarNames();
  const params = f.params.map((p) => `${p.direction} ${typeToString(p.var.type)} ${names.of(p.var)}`);
  const lines = [`fn ${f.name}(${params.join(', ')}) -> ${typeToString(f.returnType)} {`];
  for (const v of f.locals) lines.push(`  var ${typeToString(v.type)} ${names.of(v)}`);
  printStmts(f.body, '  ', names, lines);
  lines.push('}');
  return lines.join('\n');
}

/** Statements alone (one per line, nested blocks indented), for tests of a function body. */
export function printStmts(list: readonly IrStmt[], indent = '', names = new VarNames(), lines: string[] = []): string[] {
  const p = new Printer(names);
  for (const s of list) p.stmt(s, indent, lines);
  return lines;
}

/** Distinct names for distinct variables that share a source name. */
class VarNames {
  private readonly map = new Map<IrVar, string>();
  private readonly used = new Map<string, number>();
  of(v: IrVar): string {
    let name = this.map.get(v);
    if (name === undefined) {
      const n = (this.used.get(v.name) ?? 0) + 1;
      this.used.set(v.name, n);
      name = n === 1 ? v.name : `${v.name}#${n}`;
      this.map.set(v, name);
    }
    return name;
  }
}

export function printConst(c: IrConst): string {
  if (c.kind === 'scalar') return scalarText(c.type, c.value);
  return `${typeToString(c.type)}(${c.parts.map(printConst).join(', ')})`;
}

function scalarText(type: Type, value: number | bigint | boolean): string {
  if (typeof value === 'boolean') return String(value);
  const t = typeToString(type);
  if (typeof value === 'bigint') return `${value}${t.startsWith('u') ? 'u' : ''}L`;
  if (t === 'float' || t === 'half' || t === 'double' || t.startsWith('min16float') || t.startsWith('float')) return Number.isInteger(value) ? `${value}.0` : String(value);
  return t.startsWith('u') ? `${value}u` : String(value);
}

const BINARY: Record<string, string> = {
  add: '+', sub: '-', mul: '*', div: '/', rem: '%', shl: '<<', shr: '>>', bitand: '&', bitor: '|', bitxor: '^',
  logand: '&&', logor: '||', eq: '==', ne: '!=', lt: '<', le: '<=', gt: '>', ge: '>=',
};
const UNARY: Record<string, string> = { neg: '-', lognot: '!', bitnot: '~' };

class Printer {
  constructor(private readonly names: VarNames) {}

  stmt(s: IrStmt, indent: string, lines: string[]): void {
    const block = (label: string, body: readonly IrStmt[]) => {
      lines.push(`${indent}${label} {`);
      for (const x of body) this.stmt(x, indent + '  ', lines);
      lines.push(`${indent}}`);
    };
    switch (s.op) {
      case 'store':
        return void lines.push(`${indent}${this.place(s.place)} = ${this.expr(s.value)}`);
      case 'storeSwizzle':
        return void lines.push(`${indent}${this.place(s.place)}.${swizzleText(s.components)} = ${this.expr(s.value)}`);
      case 'eval':
        return void lines.push(`${indent}${this.expr(s.expr)}`);
      case 'if':
        block(`if ${this.expr(s.cond)}${s.hint ? ` [${s.hint}]` : ''}`, s.then);
        if (s.else.length) block('else', s.else);
        return;
      case 'loop':
        block('loop', s.body);
        if (s.continuing.length) block('continuing', s.continuing);
        return;
      case 'switch':
        lines.push(`${indent}switch ${this.expr(s.selector)} {`);
        for (const c of s.cases) block(`${[...c.values.map(String), ...(c.isDefault ? ['default'] : [])].join(', ')}:`, c.body);
        lines.push(`${indent}}`);
        return;
      case 'return':
        return void lines.push(`${indent}return${s.value ? ` ${this.expr(s.value)}` : ''}`);
      case 'break':
      case 'continue':
      case 'discard':
        return void lines.push(`${indent}${s.op}`);
      case 'emitVertex':
        return void lines.push(`${indent}emitVertex ${this.place(s.stream)}, ${this.expr(s.value)}`);
      case 'endPrimitive':
        return void lines.push(`${indent}endPrimitive ${this.place(s.stream)}`);
    }
  }

  place(p: IrPlace): string {
    switch (p.kind) {
      case 'global':
        return p.global.name;
      case 'local':
        return this.names.of(p.local);
      case 'member':
        return `${this.place(p.base)}.${p.index}`;
      case 'element':
        return `${this.place(p.base)}[${this.expr(p.index)}]`;
      case 'texel':
        return `${this.place(p.image)}.texel[${this.expr(p.coord)}]`;
      case 'address':
        return `*(${this.expr(p.address)})`;
    }
  }

  expr(e: IrExpr): string {
    switch (e.op) {
      case 'const':
        return printConst(e.value);
      case 'load':
        return this.place(e.place);
      case 'unary':
        return `${UNARY[e.operator]}(${this.expr(e.arg)})`;
      case 'binary':
        return `(${this.expr(e.left)} ${BINARY[e.operator]} ${this.expr(e.right)})`;
      case 'convert':
        return `${typeToString(e.type)}(${this.expr(e.arg)})`;
      case 'construct':
        return `${typeToString(e.type)}{${e.parts.map((x) => this.expr(x)).join(', ')}}`;
      case 'extract':
        return `${this.expr(e.arg)}.${e.index}`;
      case 'dynamicExtract':
        return `${this.expr(e.arg)}[${this.expr(e.index)}]`;
      case 'swizzle':
        return `${this.expr(e.arg)}.${swizzleText(e.components)}`;
      case 'splat':
        return `${typeToString(e.type)}(${this.expr(e.arg)})`;
      case 'select':
        return `(${this.expr(e.cond)} ? ${this.expr(e.then)} : ${this.expr(e.else)})`;
      case 'call':
        return `${e.callee.name}(${e.args.map((a) => this.arg(a)).join(', ')})`;
      case 'intrinsic':
        return `${e.name}(${e.args.map((x) => this.expr(x)).join(', ')})`;
      case 'printf':
        return `printf(${JSON.stringify(e.format)}${e.args.map((x) => `, ${this.expr(x)}`).join('')})`;
      case 'interpolate':
        return `interpolate.${e.mode}(&${this.place(e.input)}${e.arg ? `, ${this.expr(e.arg)}` : ''})`;
      case 'resource':
        return this.resource(e.call);
      case 'spirv':
        return `spirv.${e.instruction.opcode}(${e.instruction.operands.map((o) => (o.kind === 'value' ? this.expr(o.value) : o.kind === 'pointer' ? `&${this.place(o.place)}` : o.kind === 'type' ? typeToString(o.type) : String(o.value))).join(', ')})`;
    }
  }

  private arg(a: IrCallArg): string {
    return a.kind === 'value' ? this.expr(a.value) : `&${this.place(a.place)}`;
  }

  private resource(c: ResourceCall): string {
    const operands = (o: ImageOperands) =>
      Object.entries(o)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `, ${k}: ${Array.isArray(v) ? v.map((x: IrExpr) => this.expr(x)).join(' ') : this.expr(v as IrExpr)}`)
        .join('');
    switch (c.kind) {
      case 'sample':
      case 'gather':
        return `${c.kind}(${this.place(c.image)}, ${c.sampler ? this.place(c.sampler) : 'combined'}, ${this.expr(c.coord)}${c.dref ? `, dref: ${this.expr(c.dref)}` : ''}${operands(c.operands)})`;
      case 'fetch':
        return `fetch(${this.place(c.image)}, ${this.expr(c.coord)}${operands(c.operands)})`;
      case 'texelsResident':
        return `texelsResident(${this.expr(c.status)})`;
      case 'querySize':
        return `querySize(${this.place(c.image)}${c.lod ? `, ${this.expr(c.lod)}` : ''})`;
      case 'queryLevels':
      case 'querySamples':
        return `${c.kind}(${this.place(c.image)})`;
      case 'queryLod':
        return `queryLod(${this.place(c.image)}, ${c.sampler ? this.place(c.sampler) : 'combined'}, ${this.expr(c.coord)})`;
      case 'atomic':
        return `atomic.${c.operation}(${this.place(c.target)}, ${this.expr(c.value)}${c.comparator ? `, ${this.expr(c.comparator)}` : ''})`;
      case 'counter':
        return `counter(${c.counter.name}, ${c.delta})`;
      case 'arrayLength':
        return `arrayLength(${this.place(c.buffer)})`;
      case 'subpassLoad':
        return `subpassLoad(${this.place(c.image)})`;
      case 'rayQuery':
        return `rayQuery.${c.method}(${[this.place(c.query), ...(c.accel ? [this.place(c.accel)] : []), ...c.args.map((x) => this.expr(x))].join(', ')})`;
      case 'raySystemValue':
        return c.value;
      case 'traceRay':
        return `TraceRay(${[this.place(c.accel), ...c.args.map((x) => this.expr(x)), `&${this.place(c.payload)}`].join(', ')})`;
      case 'reportHit':
        return `ReportHit(${c.args.map((x) => this.expr(x)).join(', ')})`;
      case 'callShader':
        return `CallShader(${this.expr(c.index)}, &${this.place(c.data)})`;
      case 'rayTerminate':
        return c.ignore ? 'IgnoreHit()' : 'AcceptHitAndEndSearch()';
      case 'nodeAllocate':
        return `nodeAllocate.${c.group ? 'group' : 'thread'}(${[this.place(c.output), ...(c.index ? [this.expr(c.index)] : []), this.expr(c.count)].join(', ')})`;
      case 'nodeValid':
        return `nodeValid(${[this.place(c.output), ...(c.index ? [this.expr(c.index)] : [])].join(', ')})`;
      case 'nodeComplete':
        return `nodeComplete(${this.place(c.records)})`;
      case 'nodeCount':
      case 'nodeFinishSharing':
        return `${c.kind}(${this.place(c.input)})`;
      case 'nodeRecursionLevels':
        return 'GetRemainingRecursionLevels()';
    }
  }
}

function swizzleText(components: readonly number[]): string {
  return components.map((i) => 'xyzw'[i]).join('');
}
