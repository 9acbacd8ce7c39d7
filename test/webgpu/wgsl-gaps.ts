// Execution cases the WGSL back end cannot compile yet, each with the error it gives (asserted by
// both-targets.ts: the case fails if the error changes or the case starts compiling). Keys are
// "<file under test/> > <describe> > <it>". Every entry is a construct missing from compiler/wgsl/,
// not a WebGPU limit: those are compile errors tested where the back end is.
export const WGSL_GAPS: Readonly<Record<string, RegExp>> = {
  'compiler/slice-gpu.test.ts > foundation slice on a Vulkan driver > computes time * tint.x + xform[1][2] + counts[3] from a buffer packed at DXC offsets':
    /this compile \(the WGSL writer is being built on branch wgsl\) is not supported by the WGSL target/,
  'compiler/exec/control-flow.test.ts > control flow and functions > loops, early returns, switch fallthrough and short-circuit evaluation':
    /this compile \(the WGSL writer is being built on branch wgsl\) is not supported by the WGSL target/,
  'compiler/exec/control-flow.test.ts > control flow and functions > out/inout copies, methods, templates, defaults, statics, namespaces, enums':
    /this compile \(the WGSL writer is being built on branch wgsl\) is not supported by the WGSL target/,
  'compiler/exec/intrinsics.test.ts > intrinsics > trigonometry, exponentials and logarithms':
    /this compile \(the WGSL writer is being built on branch wgsl\) is not supported by the WGSL target/,
  'compiler/exec/intrinsics.test.ts > intrinsics > rounding, ranges and interpolation':
    /this compile \(the WGSL writer is being built on branch wgsl\) is not supported by the WGSL target/,
  'compiler/exec/intrinsics.test.ts > intrinsics > vector geometry':
    /this compile \(the WGSL writer is being built on branch wgsl\) is not supported by the WGSL target/,
  'compiler/exec/intrinsics.test.ts > intrinsics > bits, reinterpretation, classification and out-parameter intrinsics':
    /this compile \(the WGSL writer is being built on branch wgsl\) is not supported by the WGSL target/,
  'compiler/exec/intrinsics.test.ts > intrinsics > asdouble and asuint(double) round-trip 64-bit patterns':
    /this compile \(the WGSL writer is being built on branch wgsl\) is not supported by the WGSL target/,
  'compiler/exec/intrinsics.test.ts > intrinsics > D3DCOLORtoUBYTE4 is int4(c.zyxw * 255.002) (manual)':
    /this compile \(the WGSL writer is being built on branch wgsl\) is not supported by the WGSL target/,
  'compiler/exec/language.test.ts > language features > struct inheritance: base fields, base methods, overriding names, copies':
    /this compile \(the WGSL writer is being built on branch wgsl\) is not supported by the WGSL target/,
  'compiler/exec/language.test.ts > language features > sizeof of types and expressions (C-like packing as DXC)':
    /this compile \(the WGSL writer is being built on branch wgsl\) is not supported by the WGSL target/,
  'compiler/exec/language.test.ts > language features > using namespace, local struct/typedef/enum':
    /this compile \(the WGSL writer is being built on branch wgsl\) is not supported by the WGSL target/,
  'compiler/exec/language.test.ts > language features > static locals with run-time initializers run them once':
    /this compile \(the WGSL writer is being built on branch wgsl\) is not supported by the WGSL target/,
  'compiler/exec/language.test.ts > language features > [branch]/[flatten] selections and swizzled literals':
    /this compile \(the WGSL writer is being built on branch wgsl\) is not supported by the WGSL target/,
  'compiler/exec/matrices.test.ts > matrices > mul in all forms on non-square float matrices, element access and writes':
    /this compile \(the WGSL writer is being built on branch wgsl\) is not supported by the WGSL target/,
  'compiler/exec/matrices.test.ts > matrices > integer matrices (arrays of vectors) and 1xN / Nx1 matrices (vectors)':
    /this compile \(the WGSL writer is being built on branch wgsl\) is not supported by the WGSL target/,
  'compiler/exec/operators.test.ts > integer and float operators > divide, remainder, shift and bitwise like C on 32-bit integers':
    /this compile \(the WGSL writer is being built on branch wgsl\) is not supported by the WGSL target/,
  'compiler/exec/operators.test.ts > integer and float operators > assignments, increments and swizzle writes':
    /this compile \(the WGSL writer is being built on branch wgsl\) is not supported by the WGSL target/,
  'compiler/exec/operators.test.ts > conversions > truncate toward zero, wrap unsigned, map bools to 0/1 and numbers to bools':
    /this compile \(the WGSL writer is being built on branch wgsl\) is not supported by the WGSL target/,
  'compiler/resources/layout-gpu.test.ts > the relaxed rules > every member written by the generated writer is read back by the shader':
    /this compile \(the WGSL writer is being built on branch wgsl\) is not supported by the WGSL target/,
  'compiler/resources/layout-gpu.test.ts > the gl rules > every member written by the generated writer is read back by the shader':
    /this compile \(the WGSL writer is being built on branch wgsl\) is not supported by the WGSL target/,
  'compiler/resources/layout-gpu.test.ts > the scalar rules > every member written by the generated writer is read back by the shader':
    /this compile \(the WGSL writer is being built on branch wgsl\) is not supported by the WGSL target/,
  'compiler/resources/layout-gpu.test.ts > the dx rules > every member written by the generated writer is read back by the shader':
    /this compile \(the WGSL writer is being built on branch wgsl\) is not supported by the WGSL target/,
};
