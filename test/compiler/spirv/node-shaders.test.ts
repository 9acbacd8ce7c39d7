// Work-graph node shaders (SM 6.8, `[Shader("node")]`) as SPV_AMDX_shader_enqueue, checked against
// what DXC's CodeGenSPIRV node.*.hlsl tests CHECK: one OpTypeNodePayloadArrayAMDX per node parameter
// with its decorations (PayloadNodeNameAMDX, NodeMaxPayloadsAMDX, …), the input as a NodePayloadAMDX
// variable, OpAllocateNodePayloadsAMDX / OpEnqueueNodePayloadsAMDX / OpIsNodePayloadValidAMDX /
// OpNodePayloadArrayLengthAMDX / OpFinishWritingNodePayloadAMDX, the AMDX execution modes, SM 6.8
// Barrier's flags. Unlike DXC (whose tests disable validation for this), no NodePayloadAMDX pointer
// crosses a function boundary: every module passes spirv-val (SPIRV-Tools 2025.1 for vulkan1.3).
// Nothing here executes: Mesa 25.0.7 lavapipe advertises VK_AMDX_shader_enqueue (spec version 2) and
// creates a device with it, but its ICD resolves none of the extension's commands
// (vkCreateExecutionGraphPipelinesAMDX, vkCmdDispatchGraphAMDX, … are NULL from vk_icdGetInstanceProcAddr
// and vkGetDeviceProcAddr; the build leaves out provisional entry points), so no graph can be built.
import { describe, expect, it } from 'vitest';
import { compile, formatDiagnostic, type CompileOptions } from '../../../compiler/index.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

const ENV = ['vulkan1.3'];

function dis(source: string, options: CompileOptions = {}): string {
  return disassembleSpirv(compileValid(source, options, ENV).spirv);
}

function errorsOf(source: string, options: CompileOptions = {}): string[] {
  return compile(source, { targetEnv: 'vulkan1.3', ...options })
    .diagnostics.filter((d) => d.severity === 'error')
    .map((d) => formatDiagnostic(d, () => source).split('\n')[0]!);
}

/** The id a line defines, e.g. idOf(text, /OpTypeNodePayloadArrayAMDX %RECORD/). */
function idOf(text: string, pattern: RegExp): string {
  const line = text.split('\n').find((l) => pattern.test(l));
  const m = line && /^\s*(%\S+) = /.exec(line);
  if (!m) throw new Error(`no line defining ${pattern}`);
  return m[1]!;
}

const BROADCAST = `
struct RECORD { uint a; uint b; float3 v; };
struct OUT_RECORD { uint value; float3 dir; };
RWBuffer<uint> result;

[Shader("node")]
[NodeLaunch("broadcasting")]
[NodeDispatchGrid(256, 1, 1)]
[NumThreads(64, 1, 1)]
void main(DispatchNodeInputRecord<RECORD> input, [MaxRecords(4)] NodeOutput<OUT_RECORD> output, uint3 tid : SV_DispatchThreadID) {
  result[tid.x] = input.Get().b;
  ThreadNodeOutputRecords<OUT_RECORD> records = output.GetThreadNodeOutputRecords(1);
  records.Get().value = input.Get().a + tid.x;
  records[0].dir = input.Get().v;
  records.OutputComplete();
}
`;

describe('node shaders: the broadcasting core', () => {
  for (const optimizationLevel of [0, 3] as const) {
    it(`reads the input record, allocates, writes and enqueues output records (-O${optimizationLevel})`, () => {
      const text = dis(BROADCAST, { optimizationLevel });
      expect(text).toContain('OpCapability ShaderEnqueueAMDX');
      expect(text).toContain('OpExtension "SPV_AMDX_shader_enqueue"');
      // The entry point is GLCompute, LocalSize first, then the AMDX modes (node.dispatch-grid.hlsl).
      expect(text).toMatch(/OpEntryPoint GLCompute %main "main" [^\n]*%input/);
      expect(text).toMatch(/OpExecutionMode %main LocalSize 64 1 1\n\s*OpExecutionModeId %main ShaderIndexAMDX %uint_0\n\s*OpExecutionModeId %main StaticNumWorkgroupsAMDX %uint_256 %uint_1 %uint_1/);
      expect(text).not.toContain('CoalescingAMDX');
      // One payload array type per parameter: the output's named after it, both with their max records.
      const name = idOf(text, /OpConstantStringAMDX "output"/);
      const outArr = new RegExp(`OpDecorateId (%\\S+) PayloadNodeNameAMDX ${name}`).exec(text)![1]!;
      const inArr = [...text.matchAll(/(%\S+) = OpTypeNodePayloadArrayAMDX/g)].map((m) => m[1]!).find((id) => id !== outArr)!;
      expect(text).toMatch(new RegExp(`${inArr} = OpTypeNodePayloadArrayAMDX %RECORD`));
      expect(text).toContain(`OpDecorateId ${outArr} NodeMaxPayloadsAMDX %uint_4`);
      expect(text).toContain(`OpDecorateId ${inArr} NodeMaxPayloadsAMDX %uint_1`);
      expect(text).not.toMatch(new RegExp(`OpDecorateId ${inArr} PayloadNodeNameAMDX`));
      // The input is a NodePayloadAMDX variable; records are laid out explicitly (DXC's scalar rule).
      expect(text).toMatch(/%input = OpVariable %_ptr_NodePayloadAMDX_\S+ NodePayloadAMDX/);
      expect(text).toContain('OpMemberDecorate %RECORD 2 Offset 8');
      expect(text).toContain('OpMemberDecorate %OUT_RECORD 1 Offset 4');
      expect(text).toMatch(new RegExp(`${outArr} = OpTypeNodePayloadArrayAMDX %OUT_RECORD`));
      // input.Get().b: one chain, record 0 then member 1.
      expect(text).toMatch(/OpAccessChain %_ptr_NodePayloadAMDX_uint %input %uint_0 %int_1/);
      // GetThreadNodeOutputRecords(1): Invocation scope (4), one record, shader index 0 (node.output-complete.hlsl).
      const records = /(%\S+) = OpAllocateNodePayloadsAMDX %_ptr_NodePayloadAMDX_\S+ %uint_4 %uint_1 %uint_0/.exec(text)?.[1];
      expect(records).toBeDefined();
      expect(text).toMatch(new RegExp(`OpAccessChain %_ptr_NodePayloadAMDX_uint ${records} %uint_0 %int_0`));
      expect(text).toMatch(new RegExp(`OpAccessChain %_ptr_NodePayloadAMDX_v3float ${records} %uint_0 %int_1`));
      expect(text).toContain(`OpEnqueueNodePayloadsAMDX ${records}`);
      // No node object lives in a Function variable or crosses a call.
      expect(text).not.toMatch(/OpTypePointer Function %_payloadarr/);
      expect(text).not.toMatch(/OpFunctionParameter %_ptr_NodePayloadAMDX/);
    });
  }

  it('group records are allocated at Workgroup scope; assignment renames records (node.get-node-output-record.multiple.hlsl)', () => {
    const text = dis(`
      struct RECORD { int i; float3 foo; };
      [Shader("node")] [NodeLaunch("broadcasting")] [NumThreads(64, 1, 1)] [NodeDispatchGrid(8, 1, 1)]
      void main(NodeOutput<RECORD> output) {
        GroupNodeOutputRecords<RECORD> a = output.GetGroupNodeOutputRecords(1);
        ThreadNodeOutputRecords<RECORD> b = output.GetThreadNodeOutputRecords(5);
        ThreadNodeOutputRecords<RECORD> c = output.GetThreadNodeOutputRecords(1);
        a.OutputComplete();
        b.OutputComplete();
        b = c;
        b.OutputComplete();
      }`);
    const a = /(%\S+) = OpAllocateNodePayloadsAMDX \S+ %uint_2 %uint_1 %uint_0/.exec(text)?.[1];
    const b = /(%\S+) = OpAllocateNodePayloadsAMDX \S+ %uint_4 %uint_5 %uint_0/.exec(text)?.[1];
    const c = /(%\S+) = OpAllocateNodePayloadsAMDX \S+ %uint_4 %uint_1 %uint_0/.exec(text)?.[1];
    expect([a, b, c].every(Boolean)).toBe(true);
    const enqueued = [...text.matchAll(/OpEnqueueNodePayloadsAMDX (%\S+)/g)].map((m) => m[1]);
    expect(enqueued).toEqual([a, b, c]);
  });
});

describe('node shaders: attributes', () => {
  it('launch modes, grids, recursion, shared input and node index become execution modes', () => {
    const text = dis(`
      struct R { uint x; };
      [Shader("node")] [NodeLaunch("coalescing")] [NumThreads(32, 1, 1)] [NodeID("bin", 3)] [NodeMaxRecursionDepth(16)]
      void coalesce([MaxRecords(8)] GroupNodeInputRecords<R> input) {}
      [Shader("node")] [NodeLaunch("thread")] [NodeShareInputOf("coalesce", 2)]
      void thread(ThreadNodeInputRecord<R> input) {}
      struct G { uint3 grid : SV_DispatchGrid; };
      [Shader("node")] [NodeLaunch("broadcasting")] [NodeMaxDispatchGrid(64, 2, 1)] [NumThreads(8, 8, 1)]
      void broadcast(DispatchNodeInputRecord<G> input) {}
    `);
    expect(text).toContain('OpExecutionMode %coalesce LocalSize 32 1 1');
    expect(text).toContain('OpExecutionMode %coalesce CoalescingAMDX');
    expect(text).toContain('OpExecutionModeId %coalesce ShaderIndexAMDX %uint_3');
    expect(text).toContain('OpExecutionModeId %coalesce MaxNodeRecursionAMDX %uint_16');
    // A thread node is a coalescing one of one thread (node.thread.num-threads.none.hlsl).
    expect(text).toContain('OpExecutionMode %thread LocalSize 1 1 1');
    expect(text).toContain('OpExecutionMode %thread CoalescingAMDX');
    const shared = idOf(text, /OpConstantStringAMDX "coalesce"/);
    expect(text).toContain(`OpExecutionModeId %thread SharesInputWithAMDX ${shared} %uint_2`);
    expect(text).toContain('OpExecutionModeId %broadcast MaxNumWorkgroupsAMDX %uint_64 %uint_2 %uint_1');
    expect(text).not.toContain('OpExecutionMode %broadcast CoalescingAMDX');
    expect(text).toMatch(/OpDecorateId %_payloadarr_R\S* NodeMaxPayloadsAMDX %uint_8/);
  });

  it('output decorations: MaxRecordsSharedWith, NodeID index, sparse arrays, array size (node.max-records, node.sparse-nodes)', () => {
    const text = dis(`
      struct R { uint v; };
      [Shader("node")] [NodeLaunch("thread")]
      void main(ThreadNodeInputRecord<R> input,
                [MaxRecords(5)] NodeOutput<R> first,
                [MaxRecordsSharedWith(first)] NodeOutput<R> second,
                [MaxRecords(31)] [NodeID("targets", 2)] [AllowSparseNodes] [NodeArraySize(129)] NodeOutputArray<R> many,
                [MaxRecords(7)] [UnboundedSparseNodes] EmptyNodeOutputArray empties) {
        ThreadNodeOutputRecords<R> r = many[1].GetThreadNodeOutputRecords(2);
        r.OutputComplete();
        empties[3].ThreadIncrementOutputCount(4);
      }`);
    const first = idOf(text, /OpConstantStringAMDX "first"/);
    const firstArr = new RegExp(`OpDecorateId (%\\S+) PayloadNodeNameAMDX ${first}`).exec(text)![1]!;
    const second = idOf(text, /OpConstantStringAMDX "second"/);
    const secondArr = new RegExp(`OpDecorateId (%\\S+) PayloadNodeNameAMDX ${second}`).exec(text)![1]!;
    expect(text).toContain(`OpDecorateId ${firstArr} NodeMaxPayloadsAMDX %uint_5`);
    expect(text).toContain(`OpDecorateId ${secondArr} NodeSharesPayloadLimitsWithAMDX ${firstArr}`);
    const targets = idOf(text, /OpConstantStringAMDX "targets"/);
    const manyArr = new RegExp(`OpDecorateId (%\\S+) PayloadNodeNameAMDX ${targets}`).exec(text)![1]!;
    expect(text).toContain(`OpDecorateId ${manyArr} PayloadNodeBaseIndexAMDX %uint_2`);
    expect(text).toContain(`OpDecorateId ${manyArr} NodeMaxPayloadsAMDX %uint_31`);
    expect(text).toContain(`OpDecorate ${manyArr} PayloadNodeSparseArrayAMDX`);
    expect(text).toContain(`OpDecorateId ${manyArr} PayloadNodeArraySizeAMDX %uint_129`);
    const emptiesArr = new RegExp(`OpDecorateId (%\\S+) PayloadNodeNameAMDX ${idOf(text, /OpConstantStringAMDX "empties"/)}`).exec(text)![1]!;
    expect(text).toContain(`OpDecorate ${emptiesArr} PayloadNodeSparseArrayAMDX`);
    expect(text).toMatch(new RegExp(`${emptiesArr} = OpTypeNodePayloadArrayAMDX %_struct_\\d+`));
    // An element of an output array: its index is the shader index (node.sparse-nodes.hlsl).
    expect(text).toMatch(/OpAllocateNodePayloadsAMDX %\S+ %uint_4 %uint_2 %uint_1/);
    expect(text).toMatch(/OpAllocateNodePayloadsAMDX %\S+ %uint_4 %uint_4 %uint_3/);
  });

  it('SV_DispatchGrid (nested too) and NodeTrackRWInputSharing decorate the record', () => {
    const text = dis(`
      struct INNER { uint c; uint3 grid : SV_DispatchGrid; };
      struct [NodeTrackRWInputSharing] RECORD { uint a; INNER b; };
      [Shader("node")] [NodeLaunch("broadcasting")] [NodeMaxDispatchGrid(16, 16, 1)] [NumThreads(4, 4, 4)]
      void main(RWDispatchNodeInputRecord<RECORD> input) {
        input.Get().a = input.Get().b.grid.x;
        if (input.FinishedCrossGroupSharing()) input.Get().a = 0;
      }`);
    expect(text).toContain('OpMemberDecorate %INNER 1 PayloadDispatchIndirectAMDX');
    expect(text).toContain('OpDecorate %RECORD TrackFinishWritingAMDX');
    expect(text).toMatch(/OpFinishWritingNodePayloadAMDX %bool %input/);
  });
});

describe('node shaders: helper functions taking node objects', () => {
  const HELPERS = `
struct R { uint v; float3 p; };
void emit(NodeOutput<R> o, uint v, float3 p) {
  ThreadNodeOutputRecords<R> r = o.GetThreadNodeOutputRecords(1);
  r.Get().v = v;
  r.Get().p = p;
  r.OutputComplete();
}
uint total(GroupNodeInputRecords<R> inputs) {
  uint sum = 0;
  for (uint i = 0; i < inputs.Count(); i++) sum += inputs[i].v;
  return sum;
}
void forward(NodeOutput<R> o, uint v) {
  if (v == 0) return;
  emit(o, v, float3(1, 2, 3));
}
[Shader("node")] [NodeLaunch("coalescing")] [NumThreads(8, 1, 1)]
void main([MaxRecords(8)] GroupNodeInputRecords<R> inputs, NodeOutput<R> out1) {
  uint s = total(inputs);
  emit(out1, s, float3(0, 0, 0));
  forward(out1, s);
}`;
  for (const optimizationLevel of [0, 3] as const) {
    it(`are inlined at every call, their parameters naming the caller's node objects (-O${optimizationLevel})`, () => {
      const text = dis(HELPERS, { optimizationLevel });
      // No function but the entry's (and its wrapper) remains: every helper lives inlined.
      expect([...text.matchAll(/= OpFunction /g)].length).toBe(2);
      expect(text).toMatch(/OpNodePayloadArrayLengthAMDX %uint %inputs/);
      const allocations = [...text.matchAll(/(%\S+) = OpAllocateNodePayloadsAMDX %\S+ %uint_4 %uint_1 %uint_0/g)].map((m) => m[1]);
      expect(allocations).toHaveLength(2);
      expect([...text.matchAll(/OpEnqueueNodePayloadsAMDX (%\S+)/g)].map((m) => m[1])).toEqual(allocations);
    });
  }
});

describe('node shaders: methods and intrinsics', () => {
  it('Count, IsValid, Group/ThreadIncrementOutputCount and GetRemainingRecursionLevels', () => {
    const text = dis(`
      struct R { uint v; };
      RWBuffer<uint> buf0;
      [Shader("node")] [NodeLaunch("coalescing")] [NumThreads(16, 1, 1)] [NodeMaxRecursionDepth(4)]
      void main([MaxRecords(16)] GroupNodeInputRecords<R> inputs, NodeOutput<R> output, [MaxRecords(8)] EmptyNodeOutput empty,
                [NodeID("more", 5)] NodeOutput<R> more, NodeOutputArray<R> many, uint gi : SV_GroupIndex) {
        buf0[0] = inputs.Count() + (output.IsValid() ? 1 : 0) + GetRemainingRecursionLevels() + (more.IsValid() ? 1 : 0) + (many[gi].IsValid() ? 2 : 0);
        empty.GroupIncrementOutputCount(2);
        output.ThreadIncrementOutputCount(1);
        buf0[1] = inputs[gi].v;
      }`);
    expect(text).toMatch(/OpNodePayloadArrayLengthAMDX %uint %inputs/);
    // IsValid asks about the output's payload array, through a Function variable of it (as DXC):
    // one per output asked about, whose type is that output's payload array.
    const valid = [...text.matchAll(/OpIsNodePayloadValidAMDX %bool (%\S+) (%\S+)/g)].map((m) => [m[1]!, m[2]!]);
    expect(valid).toHaveLength(3);
    const arrayOf = (v: string) => new RegExp(`${v} = OpVariable %_ptr_Function_(\\S+) Function`).exec(text)?.[1];
    const named = (name: string) => new RegExp(`OpDecorateId %(\\S+) PayloadNodeNameAMDX ${idOf(text, new RegExp(`OpConstantStringAMDX "${name}"`))}`).exec(text)?.[1];
    expect(valid.map(([v]) => arrayOf(v!))).toEqual([named('output'), named('more'), named('many')]);
    // Without a subscript, [NodeID]'s index is the node index (DXC); with one, the subscript.
    expect(valid.map(([, i]) => i)).toEqual(['%uint_0', '%uint_5', expect.not.stringMatching(/^%uint_/)]);
    // The builtin variable (unnamed at -O3, as DXC leaves builtins) is in the entry's interface.
    const recursion = /OpDecorate (%\S+) BuiltIn RemainingRecursionLevelsAMDX/.exec(text)?.[1];
    expect(recursion).toBeDefined();
    expect(text).toMatch(/OpAllocateNodePayloadsAMDX %\S+ %uint_2 %uint_2 %uint_0/);
    expect(text).toMatch(/OpAllocateNodePayloadsAMDX %\S+ %uint_4 %uint_1 %uint_0/);
    expect(/OpEntryPoint GLCompute %main "main" ([^\n]*)/.exec(text)?.[1]?.split(' ')).toContain(recursion);
  });

  it('SM 6.8 Barrier: DXC scopes and semantics; NODE_OUTPUT_MEMORY moves to the Vulkan memory model (node.barrier.*)', () => {
    const text = dis(`
      struct R { uint v; };
      RWBuffer<float> uav;
      [Shader("node")] [NodeLaunch("coalescing")] [NumThreads(16, 1, 1)]
      void main(GroupNodeInputRecords<R> input) {
        Barrier(1, 3);
        Barrier(GROUP_SHARED_MEMORY, GROUP_SYNC | GROUP_SCOPE);
        Barrier(UAV_MEMORY | GROUP_SHARED_MEMORY | NODE_INPUT_MEMORY | NODE_OUTPUT_MEMORY, DEVICE_SCOPE);
        Barrier(input, 5);
        Barrier(uav, 0);
        Barrier(0, 0);
      }`);
    const barriers = [...text.matchAll(/Op(Control|Memory)Barrier[^\n]*/g)].map((m) => m[0]);
    expect(barriers).toEqual([
      'OpControlBarrier %uint_2 %uint_2 %uint_72',
      'OpControlBarrier %uint_2 %uint_2 %uint_264',
      'OpMemoryBarrier %uint_5 %uint_4424',
      'OpControlBarrier %uint_2 %uint_5 %uint_4424',
      'OpMemoryBarrier %uint_4 %uint_4424',
    ]);
    expect(text).toContain('OpMemoryModel Logical Vulkan');
  });

  it('Barrier without node-output memory keeps the GLSL450 memory model and Device scope', () => {
    const text = dis(`
      [Shader("compute")] [NumThreads(8, 1, 1)]
      void main() { Barrier(UAV_MEMORY, DEVICE_SCOPE | GROUP_SYNC); }`);
    expect(text).toContain('OpControlBarrier %uint_2 %uint_1 %uint_72');
    expect(text).toContain('OpMemoryModel Logical GLSL450');
  });
});

describe('node shaders: what is refused, with a location', () => {
  const HEADER = `struct R { uint v; };\n`;
  it('node object arguments: whole node objects, by reference', () => {
    const source = `${HEADER}void take(NodeOutput<R> o) {}
void give(out NodeOutput<R> o) {}
[Shader("node")] [NodeLaunch("thread")]
void main(ThreadNodeInputRecord<R> input, NodeOutputArray<R> many) {
  take(many[1]);
}`;
    expect(errorsOf(source)).toEqual([
      `/input.hlsl:3:11: error: parameter 'o' of type 'NodeOutput<R>': a node object is passed by reference, never 'out' or 'inout'`,
      `/input.hlsl:6:12: error: a 'NodeOutput<R>' argument must be a node object variable of that type (an element of a node output array cannot be passed on)`,
    ]);
  });

  it('node objects anywhere but entry parameters and output-records locals; calls of node entries', () => {
    const source = `${HEADER}static ThreadNodeOutputRecords<R> g;
struct S { NodeOutput<R> m; };
ThreadNodeOutputRecords<R> make() { }
[Shader("node")] [NodeLaunch("thread")]
void other(ThreadNodeInputRecord<R> input) {}
[Shader("node")] [NodeLaunch("thread")]
void main(ThreadNodeInputRecord<R> input, NodeOutput<R> o) {
  NodeOutput<R> copy = o;
  other(input);
}`;
    expect(errorsOf(source)).toEqual([
      `/input.hlsl:2:35: error: 'g' of type 'ThreadNodeOutputRecords<R>': node objects are only parameters of node entry points and their output records locals`,
      `/input.hlsl:3:12: error: 'm' of type 'NodeOutput<R>': node objects are only parameters of node entry points and their output records locals`,
      `/input.hlsl:4:28: error: 'make()' of type 'ThreadNodeOutputRecords<R>': node objects are only parameters of node entry points and their output records locals`,
      `/input.hlsl:9:17: error: 'copy' of type 'NodeOutput<R>': a local node object must be output records (GroupNodeOutputRecords or ThreadNodeOutputRecords)`,
      `/input.hlsl:10:3: error: 'other' is a node entry point: it cannot be called`,
    ]);
  });

  it('node-object assignment under a condition, and records without an initializer', () => {
    const source = `${HEADER}[Shader("node")] [NodeLaunch("thread")]
void main(NodeOutput<R> o, uint3 id : SV_DispatchThreadID) {
  ThreadNodeOutputRecords<R> a = o.GetThreadNodeOutputRecords(1);
  ThreadNodeOutputRecords<R> b = o.GetThreadNodeOutputRecords(1);
  if (id.x > 0) { a = b; }
  ThreadNodeOutputRecords<R> c;
  a.OutputComplete();
}`;
    expect(errorsOf(source)).toEqual([
      `/input.hlsl:6:19: error: a node object can be assigned only with '=', unconditionally, in the block that declares it`,
      `/input.hlsl:7:30: error: node object 'c' must be initialized where it is declared (from GetThreadNodeOutputRecords or GetGroupNodeOutputRecords)`,
    ]);
  });

  it('methods a node object does not have, and records of a read-only input', () => {
    const source = `${HEADER}[Shader("node")] [NodeLaunch("broadcasting")] [NodeDispatchGrid(1, 1, 1)] [NumThreads(1, 1, 1)]
void main(DispatchNodeInputRecord<R> input, EmptyNodeOutput e) {
  input.Get().v = 1;
  e.GetThreadNodeOutputRecords(1);
  uint n = input.Count();
}`;
    const errors = errorsOf(source);
    expect(errors[0]).toBe('/input.hlsl:4:14: error: cannot assign to a read-only value');
    expect(errors.slice(1)).toEqual([
      `/input.hlsl:5:5: error: no method 'GetThreadNodeOutputRecords' with 1 argument on 'EmptyNodeOutput'`,
      `/input.hlsl:6:18: error: no method 'Count' with 0 arguments on 'DispatchNodeInputRecord<R>'`,
    ]);
  });

  it("what a node's launch, attributes and input must agree on (DXC's Sema rules, its words)", () => {
    const source = `${HEADER}struct G { uint3 grid : SV_DispatchGrid; };
[Shader("node")] [NodeLaunch("thread")] [NumThreads(2, 1, 1)]
void t(ThreadNodeInputRecord<R> r) {}
[Shader("node")] [NodeLaunch("coalescing")]
void c(DispatchNodeInputRecord<R> r) {}
[Shader("node")] [NodeLaunch("broadcasting")] [NumThreads(1, 1, 1)]
void b0(DispatchNodeInputRecord<R> r) {}
[Shader("node")] [NodeLaunch("broadcasting")] [NumThreads(1, 1, 1)] [NodeDispatchGrid(1, 1, 1)] [NodeMaxDispatchGrid(4, 1, 1)]
void b1(DispatchNodeInputRecord<G> r) {}
[Shader("node")] [NodeLaunch("broadcasting")] [NumThreads(1, 1, 1)] [NodeMaxDispatchGrid(4, 1, 1)]
void b2(DispatchNodeInputRecord<R> r) {}
[Shader("node")] [NodeLaunch("thread")] [NodeDispatchGrid(1, 1, 1)] [NodeMaxRecursionDepth(33)]
void t2(ThreadNodeInputRecord<R> r, ThreadNodeInputRecord<R> s) {}
[Shader("node")] [NodeLaunch("broadcasting")] [NumThreads(1, 1, 1)] [NodeDispatchGrid(1, 1, 1)]
void f(RWDispatchNodeInputRecord<R> r) { bool done = r.FinishedCrossGroupSharing(); }`;
    expect(errorsOf(source)).toEqual([
      `/input.hlsl:3:42: error: Thread launch nodes must have a thread group size of (1,1,1)`,
      `/input.hlsl:6:6: error: Node shader 'c' with coalescing launch type requires 'NumThreads' attribute`,
      `/input.hlsl:6:8: error: 'DispatchNodeInputRecord' may not be used with coalescing nodes (only GroupNodeInputRecords, RWGroupNodeInputRecords, or EmptyNodeInput)`,
      `/input.hlsl:8:6: error: Broadcasting node shader 'b0' must have either the NodeDispatchGrid or NodeMaxDispatchGrid attribute`,
      `/input.hlsl:9:98: error: Node shader 'b1' may not use both 'NodeDispatchGrid' and 'NodeMaxDispatchGrid'`,
      `/input.hlsl:12:6: error: Broadcasting node shader 'b2' with NodeMaxDispatchGrid attribute must declare an input record containing a field with SV_DispatchGrid semantic`,
      `/input.hlsl:13:42: error: 'NodeDispatchGrid' may only be used with broadcasting nodes`,
      `/input.hlsl:14:37: error: Node shader 't2' may not have more than one input record`,
      `/input.hlsl:13:70: error: NodeMaxRecursionDepth may not exceed 32`,
      `/input.hlsl:16:56: error: Use of FinishedCrossGroupSharing() requires NodeTrackRWInputSharing attribute to be specified on the record struct type`,
    ]);
  });

  it('targets before Vulkan 1.3', () => {
    for (const targetEnv of ['vulkan1.0', 'vulkan1.1', 'vulkan1.2'] as const) {
      expect(errorsOf(`${HEADER}[Shader("node")] [NodeLaunch("thread")] void main(ThreadNodeInputRecord<R> r) {}`, { targetEnv })).toEqual([
        `/input.hlsl:2:46: error: node shader 'main' needs SPV_AMDX_shader_enqueue, a Vulkan 1.3 extension: compile with -fspv-target-env=vulkan1.3`,
      ]);
    }
  });

  it('mesh nodes (DXC has none either) and the WGSL back end', () => {
    expect(errorsOf(`${HEADER}[Shader("node")] [NodeLaunch("mesh")] [NumThreads(1, 1, 1)] void main() {}`)[0]).toMatch(/^\/input\.hlsl:2:30: error: \[NodeLaunch\("mesh"\)\]: mesh nodes are not supported/);
    const wgsl = compile(`${HEADER}[Shader("node")] [NodeLaunch("thread")] void main(ThreadNodeInputRecord<R> r) {}`, { target: 'wgsl' });
    const message = wgsl.diagnostics.filter((d) => d.severity === 'error').map((d) => formatDiagnostic(d, () => '').split('\n')[0]);
    expect(message).toEqual([expect.stringMatching(/^\/input\.hlsl:2:46: error: .*node stage.*WebGPU has compute, vertex and fragment stages only/)]);
  });
});
