// A linked list of vk::BufferPointer nodes executed on lavapipe (fixtures/resources/buffer-pointer-list.hlsl):
// the node struct is declared ahead (`typedef struct Node Node;`) and holds a pointer to itself, so the
// SPIR-V needs OpTypeForwardPointer before the struct and its OpTypePointer after it, as DXC emits. The
// shader links 8 nodes in an order the host picks and walks the list from the head to the null pointer;
// the expected walk follows from that order and the node values, not from the compiler.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { startGpuRunner, type GpuRunner } from '../../gpu/harness.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

const source = readFileSync(new URL('../../../fixtures/resources/buffer-pointer-list.hlsl', import.meta.url), 'utf8');
const entryPoints = [{ name: 'main', stage: 'compute' as const }];

const NODES = 8;
const ORDER = [5, 2, 7, 0, 3, 6, 1, 4];
const STRIDE = 32; // Node: float4 at 0, pointer at 16, uint at 24; 16-byte aligned

let gpu: GpuRunner;
beforeAll(async () => {
  gpu = await startGpuRunner();
});
afterAll(() => gpu?.close());

function nodeBytes(): Uint8Array {
  const view = new DataView(new ArrayBuffer(NODES * STRIDE));
  for (let n = 0; n < NODES; n++) for (let k = 0; k < 4; k++) view.setFloat32(n * STRIDE + k * 4, n * 10 + k, true);
  return new Uint8Array(view.buffer);
}

/** Runs the walk; `nodes` (binding 2, no descriptor in the shader) is reached through its address only. */
async function walk(spirv: Uint32Array) {
  const { buffers } = await gpu.runCompute({
    spirv,
    groups: [1, 1, 1],
    push: new Uint8Array(8),
    bindings: [
      { binding: 0, kind: 'storage-buffer', data: new Uint32Array(ORDER), name: 'order' },
      { binding: 1, kind: 'storage-buffer', size: 2 * NODES * 16, name: 'walked' },
      { binding: 2, kind: 'storage-buffer', data: nodeBytes(), name: 'nodes' },
    ],
    addresses: [{ binding: 2, pushOffset: 0 }],
  });
  return { walked: new Float32Array(buffers.walked!.slice().buffer), nodes: new DataView(buffers.nodes!.slice().buffer) };
}

describe('vk::BufferPointer linked list', () => {
  it('declares the self-referential node type with a forward pointer, as DXC', () => {
    const { spirv } = compileValid(source, { entryPoints, optimizationLevel: 0 });
    const text = disassembleSpirv(spirv);
    const forward = text.indexOf('OpTypeForwardPointer %_ptr_PhysicalStorageBuffer_Node PhysicalStorageBuffer');
    const struct = text.search(/%Node = OpTypeStruct %v4float %_ptr_PhysicalStorageBuffer_Node %uint/);
    const pointer = text.indexOf('%_ptr_PhysicalStorageBuffer_Node = OpTypePointer PhysicalStorageBuffer %Node');
    expect(forward).toBeGreaterThan(0);
    expect(struct).toBeGreaterThan(forward);
    expect(pointer).toBeGreaterThan(struct);
    expect(text).toMatch(/OpMemberDecorate %Node 1 Offset 16/);
    // [[vk::aliased_pointer]] variables alias; the others are restrict, as DXC decorates them.
    expect(text).toMatch(/OpDecorate %at AliasedPointer/);
    expect(text).toMatch(/OpDecorate %n AliasedPointer/);
    expect(text).toMatch(/OpDecorate %second RestrictPointer/);
  });

  for (const optimizationLevel of [0, 3] as const) {
    it(`links the nodes and walks them to the null pointer on the driver (-O${optimizationLevel})`, async () => {
      const { spirv } = compileValid(source, { entryPoints, optimizationLevel });
      const { walked, nodes } = await walk(spirv);
      const value = (n: number | undefined) => (n === undefined ? [0, 0, 0, 0] : [0, 1, 2, 3].map((k) => n * 10 + k));
      expect([...walked.slice(0, NODES * 4)]).toEqual(ORDER.flatMap((n) => value(n)));
      expect([...walked.slice(NODES * 4)]).toEqual(ORDER.flatMap((_, i) => value(ORDER[i + 2])));
      // Each node was visited once, in list order, and links to the next node's address (the last to null).
      const base = nodes.getBigUint64(ORDER[0]! * STRIDE + 16, true) - BigInt(ORDER[1]! * STRIDE);
      ORDER.forEach((n, i) => {
        expect(nodes.getUint32(n * STRIDE + 24, true)).toBe(i + 1);
        const next = ORDER[i + 1];
        expect(nodes.getBigUint64(n * STRIDE + 16, true)).toBe(next === undefined ? 0n : base + BigInt(next * STRIDE));
      });
    });
  }

  it('is refused by the WGSL target at the push constant holding the pointer (it was an internal error)', () => {
    const errors = compile(source, { entryPoints, target: 'wgsl', filename: '/list.hlsl' })
      .diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.file}:${d.line}:${d.column} ${d.message}`);
    expect(errors).toEqual([
      "/list.hlsl:18:32 the buffer pointer type 'vk::BufferPointer<Node, 16>' (in 'push') is not supported by the WGSL target (WebGPU has no buffer device addresses)",
    ]);
  });

  it('refuses an incomplete struct where its definition is needed', () => {
    const errors = compile('struct S;\nRWStructuredBuffer<uint> o;\nS make();\n[numthreads(1,1,1)] void main() { o[0] = 1; }', { entryPoints })
      .diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.column} ${d.message}`);
    expect(errors).toEqual(["3:1 'S' is an incomplete type: it is declared but not yet defined (only a vk::BufferPointer may point at it before its definition)"]);
    // A pointer to a struct that is never defined cannot be dereferenced.
    const never = compile('struct S;\nstruct P { vk::BufferPointer<S> p; };\n[[vk::push_constant]] P pc;\nRWStructuredBuffer<uint> o;\n[numthreads(1,1,1)] void main() { o[0] = sizeof(pc.p.Get()); }', { entryPoints })
      .diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.column} ${d.message}`);
    expect(never).toEqual(["5:54 'S' is an incomplete type: it is declared but not yet defined (only a vk::BufferPointer may point at it before its definition)"]);
  });
});
