// WebGPU objects built only from what a generated shader module describes: the WGSL code, the bind
// group layouts, the vertex attributes of an entry point and the buffer layouts' sizes. Nothing
// here knows a shader's offsets or binding numbers.

/// <reference types="@webgpu/types" />

/** What the playground reads from an imported shader module (the plugin's WGSL target). */
export interface ShaderModule {
  wgsl: string;
  entryPoints: Record<string, { name: string; stage: string; workgroupSize: { x: number; y: number; z: number } | null }>;
  bindings: Record<string, { name: string; set: number; binding: number; kind: string; access: string }>;
  bindGroupLayouts: GPUBindGroupLayoutDescriptor[];
  vertexInputs: Record<string, { name: string; semantic: string | null; shaderLocation: number; format: GPUVertexFormat; byteSize: number }[]>;
  layouts: Record<string, { size: number; fields: Record<string, unknown> }>;
}

export interface GpuContext {
  device: GPUDevice;
  format: GPUTextureFormat;
}

/** The device, or a sentence saying why there is none (no WebGPU in this browser, no adapter). */
export async function requestGpu(): Promise<GpuContext | string> {
  const gpu = (navigator as Navigator & { gpu?: GPU }).gpu;
  if (!gpu) return 'This browser has no WebGPU (navigator.gpu is missing): the scenes cannot run here. The tables below still show what the plugin generates.';
  const adapter = await gpu.requestAdapter().catch(() => null);
  if (!adapter) return 'WebGPU is present but no GPU adapter is available: the scenes cannot run here. The tables below still show what the plugin generates.';
  const device = await adapter.requestDevice();
  return { device, format: gpu.getPreferredCanvasFormat() };
}

/** A uniform or storage buffer sized for a layout (WGSL rounds uniform structs up to 16 bytes). */
export function bufferFor(device: GPUDevice, size: number, usage: GPUBufferUsageFlags, label: string): GPUBuffer {
  return device.createBuffer({ label, size: Math.max(16, Math.ceil(size / 16) * 16), usage });
}

/** GPUBindGroupLayouts for every group the module declares. */
export function bindGroupLayoutsOf(device: GPUDevice, module: ShaderModule): GPUBindGroupLayout[] {
  return module.bindGroupLayouts.map((descriptor, group) => device.createBindGroupLayout({ label: `group ${group}`, ...descriptor }));
}

/**
 * The module's group layouts as one pipeline sees them: a group none of whose bindings is visible
 * to `stages` (GPUShaderStage bits) becomes an empty layout, so a pass never binds resources its
 * pipeline does not use (a render pass may not hold a read-write storage buffer it also reads).
 */
export function layoutsForStages(device: GPUDevice, module: ShaderModule, layouts: GPUBindGroupLayout[], stages: GPUShaderStageFlags): GPUBindGroupLayout[] {
  return module.bindGroupLayouts.map((descriptor, group) =>
    [...descriptor.entries].some((entry) => (entry.visibility & stages) !== 0) ? layouts[group]! : device.createBindGroupLayout({ entries: [] }),
  );
}

/** A bind group whose entries come from the module's bindings, by name: `resources` maps binding names to resources. */
export function bindGroupOf(device: GPUDevice, module: ShaderModule, layouts: GPUBindGroupLayout[], group: number, resources: Record<string, GPUBuffer | GPUTextureView | GPUSampler>): GPUBindGroup {
  const entries = Object.values(module.bindings)
    .filter((b) => b.set === group)
    .map((b) => {
      const resource = resources[b.name];
      if (resource === undefined) throw new Error(`no resource given for binding "${b.name}"`);
      return { binding: b.binding, resource: resource instanceof GPUBuffer ? { buffer: resource } : resource };
    });
  return device.createBindGroup({ layout: layouts[group]!, entries });
}

/** One interleaved vertex buffer feeding an entry point's attributes, in location order, packed. */
export function vertexBufferLayout(module: ShaderModule, entry: string): { layout: GPUVertexBufferLayout & { arrayStride: number }; attributes: { name: string; semantic: string | null; offset: number; components: number }[] } {
  const inputs = [...(module.vertexInputs[entry] ?? [])].sort((a, b) => a.shaderLocation - b.shaderLocation);
  let offset = 0;
  const attributes = inputs.map((input) => {
    const placed = { name: input.name, semantic: input.semantic, offset, components: input.byteSize / 4 };
    offset += input.byteSize;
    return placed;
  });
  return {
    layout: {
      arrayStride: offset,
      attributes: inputs.map((input, i) => ({ shaderLocation: input.shaderLocation, format: input.format, offset: attributes[i]!.offset })),
    },
    attributes,
  };
}

/** Packs per-vertex values (by semantic) into the interleaved layout vertexBufferLayout() describes. */
export function packVertices(layout: ReturnType<typeof vertexBufferLayout>, count: number, values: Record<string, ArrayLike<number>>): Float32Array<ArrayBuffer> {
  const stride = layout.layout.arrayStride / 4;
  const out = new Float32Array(count * stride);
  for (const attribute of layout.attributes) {
    const source = values[attribute.semantic ?? attribute.name];
    if (!source) throw new Error(`no vertex data for ${attribute.semantic ?? attribute.name}`);
    for (let v = 0; v < count; v++) {
      for (let c = 0; c < attribute.components; c++) out[v * stride + attribute.offset / 4 + c] = source[v * attribute.components + c]!;
    }
  }
  return out;
}

/** The module's WGSL as a GPUShaderModule; rejects with Tint's messages when it does not compile. */
export async function shaderModuleOf(device: GPUDevice, module: ShaderModule, label: string): Promise<GPUShaderModule> {
  const shader = device.createShaderModule({ label, code: module.wgsl });
  const info = await shader.getCompilationInfo();
  const errors = info.messages.filter((m) => m.type === 'error');
  if (errors.length > 0) throw new Error(`${label}: WGSL does not compile:\n${errors.map((m) => `${m.lineNum}:${m.linePos}: ${m.message}`).join('\n')}`);
  return shader;
}

/** Runs `create` in a validation error scope: a pipeline that WebGPU rejects throws instead of drawing nothing. */
export async function validated<T>(device: GPUDevice, create: () => Promise<T> | T): Promise<T> {
  device.pushErrorScope('validation');
  let value: T;
  try {
    value = await create();
  } finally {
    const error = await device.popErrorScope();
    if (error) throw new Error(error.message);
  }
  return value;
}
