// Wave intrinsics as WGSL subgroup builtins (`enable subgroups;`, WebGPU's 'subgroups' feature).
// Lane count and index are entry-point builtins in WGSL: function code reads private copies that
// each entry wrapper fills.
import type { IrExpr } from '../ir/ir.js';
import type { IntrinsicName } from '../ir/intrinsics.js';
import { elementScalar } from '../types.js';
import { unsupported } from './errors.js';
import type { FunctionWriter } from './function.js';

/** HLSL wave intrinsic → WGSL subgroup builtin (or how it is expanded: see writeWaveIntrinsic). */
const WAVE_BUILTINS: Readonly<Partial<Record<IntrinsicName, string>>> = {
  WaveGetLaneCount: 'subgroup_size',
  WaveGetLaneIndex: 'subgroup_invocation_id',
  WaveIsFirstLane: 'subgroupElect',
  WaveActiveAnyTrue: 'subgroupAny',
  WaveActiveAllTrue: 'subgroupAll',
  WaveActiveBallot: 'subgroupBallot',
  WaveActiveCountBits: 'subgroupAdd',
  WavePrefixCountBits: 'subgroupExclusiveAdd',
  WaveActiveAllEqual: 'subgroupBroadcastFirst',
  WaveReadLaneFirst: 'subgroupBroadcastFirst',
  WaveReadLaneAt: 'subgroupShuffle',
  WaveActiveSum: 'subgroupAdd',
  WaveActiveProduct: 'subgroupMul',
  WaveActiveMin: 'subgroupMin',
  WaveActiveMax: 'subgroupMax',
  WavePrefixSum: 'subgroupExclusiveAdd',
  WavePrefixProduct: 'subgroupExclusiveMul',
  WaveActiveBitAnd: 'subgroupAnd',
  WaveActiveBitOr: 'subgroupOr',
  WaveActiveBitXor: 'subgroupXor',
  QuadReadAcrossX: 'quadSwapX',
  QuadReadAcrossY: 'quadSwapY',
  QuadReadAcrossDiagonal: 'quadSwapDiagonal',
  QuadReadLaneAt: 'quadBroadcast',
};

export function writeWaveIntrinsic(w: FunctionWriter, e: Extract<IrExpr, { op: 'intrinsic' }>): string {
  if (e.name === 'GetGroupWaveCount' || e.name === 'GetGroupWaveIndex') {
    throw unsupported(`'${e.name}'`, e.loc, 'core WGSL with the subgroups extension has no num_subgroups or subgroup_id builtin');
  }
  if (e.name === 'WaveMatch' || e.name.startsWith('WaveMultiPrefix')) {
    throw unsupported(`'${e.name}'`, e.loc, 'WGSL subgroup operations have no partitions of lanes (SPIR-V: SPV_NV_shader_subgroup_partitioned)');
  }
  w.scope.enable('subgroups');
  const builtin = WAVE_BUILTINS[e.name];
  if (!builtin) throw new Error(`internal: '${e.name}' is not a wave intrinsic`);
  const args = e.args.map((a) => w.expr(a));
  const [x, y] = args;
  switch (e.name) {
    case 'WaveGetLaneCount':
    case 'WaveGetLaneIndex':
      return w.scope.builtinCopy(builtin as 'subgroup_size' | 'subgroup_invocation_id');
    case 'WaveIsFirstLane':
      return w.let('subgroupElect()');
    case 'WaveActiveCountBits':
    case 'WavePrefixCountBits':
      return w.let(`${builtin}(select(0u, 1u, ${x}))`);
    case 'WaveActiveAllEqual': {
      // Component-wise, as HLSL's (and SPIR-V's) AllEqual: a bool vector for a vector argument.
      const first = w.let(`subgroupBroadcastFirst(${x})`);
      const t = e.args[0]!.type;
      if (t.kind !== 'vector') return w.let(`subgroupAll(${first} == ${x})`);
      const parts = Array.from({ length: t.size }, (_, i) => `subgroupAll(${first}[${i}] == ${x}[${i}])`);
      return w.let(`vec${t.size}<bool>(${parts.join(', ')})`);
    }
    case 'WaveReadLaneAt':
      return w.let(`subgroupShuffle(${x}, u32(${y}))`);
    case 'QuadReadLaneAt': {
      const lane = e.args[1]!;
      if (lane.op !== 'const') throw unsupported('QuadReadLaneAt with a non-constant lane', undefined, 'quadBroadcast needs a constant');
      return w.let(`quadBroadcast(${x}, ${y})`);
    }
    case 'WaveActiveBitAnd':
    case 'WaveActiveBitOr':
    case 'WaveActiveBitXor':
    case 'WaveActiveMin':
    case 'WaveActiveMax':
    case 'WaveActiveSum':
    case 'WaveActiveProduct':
    case 'WavePrefixSum':
    case 'WavePrefixProduct': {
      const el = elementScalar(e.args[0]!.type);
      if (el?.base === 'bool') throw unsupported(`${e.name} on bool`);
      return w.let(`${builtin}(${x})`);
    }
    default:
      return w.let(`${builtin}(${args.join(', ')})`);
  }
}
