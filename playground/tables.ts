// Tables of what the plugin generates for a shader: entry points, bindings, buffer layouts, and
// code (the WGSL, or the SPIR-V disassembly). No WebGPU needed.

interface FieldType {
  kind: string;
  scalar?: string;
  count?: number;
  rows?: number;
  columns?: number;
  length?: number;
  element?: FieldType;
}
export interface DescribedShader {
  entryPoints: Record<string, { name: string; stage: string; workgroupSize: { x: number; y: number; z: number } | null }>;
  bindings: Record<string, { name: string; set: number; binding: number; kind: string; access: string }>;
  layouts: Record<string, { size: number; fields: Record<string, { offset: number; size: number; type: FieldType }> }>;
  vertexInputs?: Record<string, { semantic: string | null; shaderLocation: number; format: string | null; byteSize: number | null }[]>;
}

function cell(row: HTMLTableRowElement, text: string, tag: 'td' | 'th' = 'td'): void {
  const el = document.createElement(tag);
  el.textContent = text;
  row.append(el);
}

export function table(className: string, caption: string, headers: string[], rows: string[][]): HTMLTableElement {
  const t = document.createElement('table');
  t.className = className;
  t.createCaption().textContent = caption;
  const head = t.createTHead().insertRow();
  for (const h of headers) cell(head, h, 'th');
  const body = t.createTBody();
  for (const r of rows) {
    const row = body.insertRow();
    for (const c of r) cell(row, c);
  }
  return t;
}

function typeName(type: FieldType): string {
  switch (type.kind) {
    case 'scalar':
      return type.scalar!;
    case 'vector':
      return `${type.scalar}x${type.count}`;
    case 'matrix':
      return `${type.scalar} ${type.rows}x${type.columns}`;
    case 'array':
      return `${typeName(type.element!)}[${type.length || ''}]`;
    default:
      return type.kind;
  }
}

/** Entry points, bindings and one table per buffer layout. */
export function describe(shader: DescribedShader): HTMLElement[] {
  const parts: HTMLElement[] = [
    table('entry-points', 'Entry points', ['name', 'stage', 'workgroup size'],
      Object.values(shader.entryPoints).map((e) => [e.name, e.stage, e.workgroupSize ? `${e.workgroupSize.x}×${e.workgroupSize.y}×${e.workgroupSize.z}` : '']),
    ),
    table('bindings', 'Bindings', ['name', 'set', 'binding', 'kind', 'access'],
      Object.values(shader.bindings).map((b) => [b.name, String(b.set), String(b.binding), b.kind, b.access]),
    ),
  ];
  const attributes = Object.entries(shader.vertexInputs ?? {}).flatMap(([entry, inputs]) =>
    inputs.map((a) => [entry, a.semantic ?? '', String(a.shaderLocation), a.format ?? '(none)', String(a.byteSize ?? '')]),
  );
  if (attributes.length > 0) parts.push(table('vertex-inputs', 'Vertex attributes', ['entry point', 'semantic', 'location', 'format', 'bytes'], attributes));
  for (const [layoutName, layout] of Object.entries(shader.layouts)) {
    const rows = Object.entries(layout.fields).map(([field, info]) => [field, String(info.offset), String(info.size), typeName(info.type)]);
    const t = table('layout', `${layoutName} (${layout.size} bytes)`, ['member', 'offset', 'size', 'type'], rows);
    t.dataset.layout = layoutName;
    parts.push(t);
  }
  return parts;
}

export function codeBlock(title: string, className: string, text: string): HTMLElement[] {
  const heading = document.createElement('h3');
  heading.textContent = title;
  const pre = document.createElement('pre');
  pre.className = className;
  pre.textContent = text;
  return [heading, pre];
}
