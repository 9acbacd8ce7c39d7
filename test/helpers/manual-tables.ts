// Tables typed in from DXC's SPIR-V manual (seeds/002, "Memory layout rules"), shared by the tests
// that check our layouts and our compiled modules against them.
import type { LayoutRuleOption } from '../../compiler/index.js';

// struct S { float3 f; };
// struct T { float a_float; float3 b_float3; S c_S_float3; float2x3 d_float2x3;
//            row_major float2x3 e_float2x3; int f_int_3[3]; float2 g_float2_2[2]; };

/** The rows of the manual's struct T table: T's members, in declaration order. */
export const MANUAL_STRUCT_T_MEMBERS = ['a_float', 'b_float3', 'c_S_float3', 'd_float2x3', 'e_float2x3', 'f_int_3', 'g_float2_2'];

/** The manual's struct T offsets, column by column: 1 (VK), 2 (DX), 3 (GL), 4 (Scalar) for uniform and storage buffers. */
export const MANUAL_STRUCT_T_OFFSETS: Record<'uniform' | 'storage', Record<LayoutRuleOption, number[]>> = {
  uniform: {
    relaxed: [0, 4, 16, 32, 80, 112, 160],
    dx: [0, 4, 16, 32, 80, 112, 160],
    gl: [0, 16, 32, 48, 96, 128, 176],
    scalar: [0, 4, 16, 28, 52, 76, 88],
  },
  storage: {
    relaxed: [0, 4, 16, 32, 64, 96, 112],
    dx: [0, 4, 16, 28, 52, 76, 88],
    gl: [0, 16, 32, 48, 80, 112, 128],
    scalar: [0, 4, 16, 28, 52, 76, 88],
  },
};
