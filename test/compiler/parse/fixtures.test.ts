// Each positive fixture parses without diagnostics into exactly the tree written out by hand here
// (one S-expression per top-level declaration; see sexpr.ts for the notation).
import { describe, expect, it } from 'vitest';
import { formatAll, parseText, readFixture } from './helpers.js';
import { programToSexpr } from './sexpr.js';

const EXPECTED: Record<string, string[]> = {
  'types.hlsl': [
    '(struct S (var float (x)))',
    '(var bool (b))', '(var int (i))', '(var uint (u))', '(var dword (dw))', '(var half (h))', '(var float (f))',
    '(var double (d))',
    '(var min16float (m16f))', '(var min10float (m10f))', '(var min16int (m16i))', '(var min12int (m12i))',
    '(var min16uint (m16u))',
    '(var int16_t (i16))', '(var uint16_t (u16))', '(var int32_t (i32))', '(var uint32_t (u32))',
    '(var int64_t (i64))', '(var uint64_t (u64))',
    '(var float16_t (f16))', '(var float32_t (f32))', '(var float64_t (f64))',
    '(var float4 (v4))', '(var min16float3x3 (m33))', '(var float16_t4 (h4))', '(var uint64_t2 (ul2))',
    '(var bool1x4 (b14))',
    '(var vector<float,3> (vt))', '(var matrix<min16float,2,3> (mt))', '(var vector (vdefault))',
    '(var matrix (mdefault))',
    '(var Texture2D<float4> (tex))', '(var Texture2D (texNoArgs))', '(var RWTexture2D<unorm float4> (rwtex))',
    '(var StructuredBuffer<S> (sb))', '(var ConstantBuffer<S> (cbt))', '(var Texture2DMS<float4,4> (ms))',
    '(var RWStructuredBuffer<vector<float,3>> (rwsb))', '(var RWStructuredBuffer<vector<float,3>> (rwsb2))',
    '(var Buffer<row_major float2x2> (rm))', '(var SamplerState (ss))', '(var SamplerComparisonState (scs))',
    '(var ByteAddressBuffer (bab))',
    '(var float (grid[4][2]))', '(var float (unsized[]))', '(var Texture2D<float> (texArr[8] (register t0 space=2)))',
    '(typedef float4 Color Palette[4])',
    '(typedef const uint Index)',
    '(using Vec = vector<float,2>)',
    '(enum Mode (ModeA) (ModeB 4) (ModeC))',
    '(enum class Flags : uint (None 0) (Bit (<< 1 2)))',
  ],
  'structs.hlsl': [
    '(struct Light (var float3 (dir : DIRECTION)) (var nointerpolation linear float (intensity)) ' +
      '(var static const int (Kind = 2)) (struct Inner (var int (x))) (var Inner (inner)) (enum Shape (Point) (Spot)) ' +
      '(typedef float Scalar) (function float Power () (block (return (* intensity 2)))) ' +
      '(function Scalar Scaled ((param Scalar k))))',
    '(function float Light::Scaled ((param Scalar k)) (block (var Inner (n)) (return (* intensity k))))',
    '(class Spot : Light (var float (angle)))',
    '(interface IShade (function float3 Shade ((param float3 n))))',
    '(struct <typename T, int N=4> Array (var T (items[N])))',
    '(var Array<float,2> (pair))',
    '(var (struct <anonymous> (var float (a))) (anonymous))',
    '(struct Pair (var int (a) (b)))',
    '(var Pair (p1) (p2[2]))',
    '(var Light (l2))',
  ],
  'buffers.hlsl': [
    '(cbuffer Frame (register b0) (var float4x4 (viewProj)) (var float4 (tint (packoffset c4.y))) ' +
      '(var float (time (packoffset c5))))',
    '(tbuffer Lights (register t1 space=3) (var float4 (lightPos[4])))',
    '(cbuffer Legacy (register ps_5_0 b2) (var float (legacy)))',
    '(var [[vk::binding 0 1]] Texture2D<float4> (albedo (register t0)))',
    '(var [[vk::binding 3]] [[vk::image_format "rgba8"]] RWTexture2D<float4> (image))',
    '(struct PC (var float4 (c)))',
    '(var [[vk::push_constant]] ConstantBuffer<PC> (pc))',
    '(var [[vk::constant_id 3]] const int (specConst = 1))',
    '(var [[vk::binding 1]] [[vk::combinedImageSampler]] SamplerState (linearSampler (register s0 space=1)))',
    '(var SamplerState (old (register ps_5_0 s1 space=4)))',
  ],
  'functions.hlsl': [
    '(function float4 Shade ((param float3 n) (param in float3 l) (param out float3 r) (param inout float k) ' +
      '(param uniform float s = 1f)))',
    '(function inline static float Twice ((param float x)) (block (return (+ x x))))',
    '(function export float LibFn ((param float x)) (block (return x)))',
    '(function float4 PSMain ((param float4 pos : SV_Position) (param [[vk::location 1]] float2 uv : TEXCOORD0)) ' +
      ': SV_Target (block (return pos)))',
    '(function [shader "compute"] [numthreads 8 8 1] void CSMain ((param uint3 id : SV_DispatchThreadID)) (block))',
    '(function <typename T> T Add ((param T a) (param T b)) (block (return (+ a b))))',
    '(function float UseTemplate ((param float x)) (block (return (+ (call Add<float> x 2) (call Add x x)))))',
    '(function [maxvertexcount 3] void GSMain ((param triangle float4 input[3] : SV_Position) ' +
      '(param inout TriangleStream<float4> stream)) (block))',
    '(function [outputtopology "triangle"] [numthreads 64 1 1] void MSMain ((param out vertices float4 verts[64]) ' +
      '(param out indices uint3 tris[128]) (param in payload float p)) (block))',
    '(function precise float4 Exact ())',
    '(function Pair operator+ ((param Pair a) (param Pair b)))',
  ],
  'statements.hlsl': [
    '(function void Statements ((param int n)) (block ' +
      '(block) ' +
      '(empty) ' +
      '(var int (a = 0) (b[2] = {1 2})) ' +
      '(if (> n 0) (= a 1) (if (< n 0) (= a (- 1)) (block (= a 0)))) ' +
      '[branch] (if a (post++ a)) ' +
      '(for (var int (i = 0)) (< i n) (post++ i) (+= a i)) ' +
      '(for _ _ _ (break)) ' +
      '[unroll 4] (for (, (= a 0) (= ([] b 0) 1)) (< a 4) (, (++ a) (-- ([] b 0))) (continue)) ' +
      '[loop] (while (< a 10) (*= a 2)) ' +
      '(do (block (post-- a)) (> a 0)) ' +
      '[forcecase] (switch n (case (0 1) (= a 1)) (case (2) (block (= a 2) (break))) (case (default) (= a 3) (break))) ' +
      '(typedef int Count) ' +
      '(var Count (c = 3)) ' +
      '(struct Local (var float (x))) ' +
      '(var Local (loc)) ' +
      '(if a (discard)) ' +
      '(return)))',
  ],
  'expressions.hlsl': [
    '(struct S (var float (v)))',
    '(typedef float2 F2)',
    '(var static const float (k1 = (- (+ 1 (* 2 3)) (% (/ 4 5) 6))))',
    '(var static const bool (k2 = (|| (&& (| (^ (& (== (< (<< 1 2) 3) 4) 5) 6) 7) 8) 9)))',
    '(var static const int (k3 = (= a (+= b (-= c (*= d (/= e (%= f (<<= g (>>= h (&= i (|= j (^= l m)))))))))))))',
    '(var static const int (k4 = (? c d (? e f g))))',
    '(var static const int (k5 = (- (+ (- (~ (! (+ (post++ x))))) (-- y)) (+ (post-- z)))))',
    '(var static const float3 (k6 = (+ (+ (+ (+ (cast float3 1) (cast S 0)) (cast float[2] arr)) (cast F2 x)) y)))',
    '(var static const float4 (k7 = (+ (+ (construct float4 1 2 3 4) (. (construct vector<float,2> 5 6) xyxy)) ' +
      '(. (construct F2 7 8) xyxy))))',
    '(var static const int (k8 = (+ (+ (+ (+ (+ (+ (+ (+ (+ (+ 1u 1f) 1.5h) 1l) 31u) 0.001) 0.5) 1) 15) 10ull) 200f)))',
    '(var static const int (k9 = (+ (+ (+ (+ (sizeof float4) (sizeof x)) S::Count) ::g) ns::h)))',
    '(var static const string (k10 = "a\\tbc"))',
    '(var static const int (k11 = (+ (+ (+ (. (call (. t Sample) s uv) x) ([] ([] m 1) 2)) (call (call f a b) c)) ' +
      '(. (. a b) c))))',
    '(var static const int (k12 = (, a b)) (c))',
    '(var static const int (k13 = {1 {2 3}}))',
    '(var static const bool (k14 = (&& true false)))',
  ],
  'namespaces.hlsl': [
    '(namespace Outer (struct T (var float (x))) (namespace Inner (typedef float4 V) (function V Get ())) ' +
      '(pack_matrix row_major))',
    '(namespace A (namespace B (var int (c))))',
    '(using namespace Outer)',
    '(using Alias = Outer::Inner::V)',
    '(var Outer::T (t1))',
    '(var ::Outer::T (t2))',
    '(var static const Inner::V (v = (+ (+ (cast Inner::V 0) (cast T 0)) (call Outer::Inner::Get))))',
    '(pack_matrix column_major)',
    '(var row_major float4x4 (m1))',
    '(var column_major float3x4 (m2))',
  ],
  'contextual.hlsl': [
    '(function float3 Foo ((param float3 sample) (param float precise)) (block (return (* sample precise))))',
    '(function float Bar () (block (var float (line = 1) (point = 2) (triangle = 3) (payload = 4)) ' +
      '(var float (globallycoherent = 5)) (= sample (+ line point)) (var precise float (p = (* line triangle))) ' +
      '(return (+ payload globallycoherent))))',
    '(struct Vertices (var float (vertices)) (var float (indices)))',
    '(var globallycoherent RWTexture2D<float4> (uav))',
  ],
};

describe('parser fixtures', () => {
  for (const [name, expected] of Object.entries(EXPECTED)) {
    it(`parses ${name}`, () => {
      const text = readFixture(name);
      const { program, sink } = parseText(text, name);
      expect(formatAll(sink, text)).toBe('');
      expect(programToSexpr(program)).toEqual(expected);
    });
  }
});
