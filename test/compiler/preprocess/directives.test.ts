// #line, #error/#warning, #pragma and _Pragma, null and unknown directives, builtin and
// predefined macros.
import { describe as group, expect, it } from 'vitest';
import { findIncludeGuard } from '../../../compiler/preprocess/include-guard.js';
import { tokenize } from '../../../compiler/lex/lexer.js';
import { DiagnosticSink } from '../../../compiler/diagnostics.js';
import type { PreprocessOptions } from '../../../compiler/preprocess/index.js';
import { describeWithFile, run } from './helpers.js';

group('#line and builtin macros', () => {
  it('expands __LINE__, __FILE__ and __COUNTER__', () => {
    const r = run(`a __LINE__ __FILE__
__COUNTER__ __COUNTER__ __COUNTER__
#define HERE __LINE__
HERE`);
    expect(r.text).toBe('a 1 "/src/main.hlsl" 0 1 2 4');
  });

  it('answers __has_feature in text and conditions (DXC: hlsl_vk_buffer_pointer under SPIR-V)', () => {
    const r = run(`#if __has_feature(hlsl_vk_buffer_pointer) && !__has_feature(cxx_lambdas) && defined(__has_feature)
yes __has_feature(hlsl_vk_buffer_pointer) __has_feature(unknown_thing)
#endif
__has_feature 1`);
    expect(r.text).toBe('yes 1 0 1');
    expect(r.diagnostics).toEqual(['4:15: error: __has_feature takes a parenthesized feature name']);
  });

  it('renumbers the following lines and renames the file', () => {
    const r = run(`first
#line 100
at100 __LINE__
#line 200 "renamed.hlsl"
at200 __LINE__ __FILE__
#define L 7
#line L
seven __LINE__
# 50 "marker.hlsl" 1
fifty __LINE__ __FILE__
#error here`);
    expect(r.text).toBe('first at100 100 at200 200 "renamed.hlsl" seven 7 fifty 50 "marker.hlsl"');
    expect(r.tokens.map((t) => r.at(t.loc)).map((l) => `${l.file}:${l.line}:${l.column}`).slice(0, 3)).toEqual([
      '/src/main.hlsl:1:1',
      '/src/main.hlsl:100:1',
      '/src/main.hlsl:100:7',
    ]);
    expect(r.at(r.tokens[3]!.loc).file).toBe('renamed.hlsl');
    expect(r.items.map(describeWithFile)).toEqual(['marker.hlsl:51:2: error: here']);
  });

  it('applies #line to diagnostics of the lexer and of macros', () => {
    const r = run(`#line 10 "x.hlsl"
@
#define F(a) a
F(1`);
    expect(r.items.map(describeWithFile)).toEqual([
      "x.hlsl:10:1: error: invalid character '@' in source",
      'x.hlsl:12:1: error: unterminated function-like macro invocation',
    ]);
  });

  it('rejects malformed #line directives', () => {
    const r = run(`#line
#line x
#line 0x10
#line 5 name
#line 5 "f" extra`);
    expect(r.diagnostics).toEqual([
      '1:6: error: #line directive requires a positive integer argument',
      '2:7: error: #line directive requires a positive integer argument',
      '3:7: error: #line directive requires a simple digit sequence',
      '4:9: error: invalid filename for #line directive',
      '5:13: warning: extra tokens at end of #line directive',
    ]);
  });

  it('keeps the file name of an included file, with its own #line', () => {
    const r = run('#include "inc.h"\n__FILE__ __LINE__', {}, { '/src/inc.h': '__FILE__ __LINE__\n#line 9 "v.h"\n__FILE__ __LINE__' });
    expect(r.text).toBe('"/src/inc.h" 1 "v.h" 9 "/src/main.hlsl" 2');
  });
});

group('#error and #warning', () => {
  it('reports the text as written, at the directive name', () => {
    const r = run(`#warning don't use   this "yet"
#error  unsupported: SM < 6.0
after`);
    expect(r.diagnostics).toEqual(['1:2: warning: don\'t use   this "yet"', '2:2: error: unsupported: SM < 6.0']);
    expect(r.text).toBe('after');
  });
});

group('#pragma', () => {
  it('emits pack_matrix as one pragma token in stream order and ignores other pragmas', () => {
    const r = run(`float2x2 a;
#pragma pack_matrix(row_major)
float2x2 b;
#pragma warning(disable: 3557)
#pragma def(x)
#pragma
#pragma pack_matrix (column_major)
float2x2 c;`);
    expect(r.tokens.map((t) => `${t.kind}:${t.text}`).filter((s) => !s.startsWith('punct') && !/:[abc]$/.test(s))).toEqual([
      'identifier:float2x2',
      'pragma:pack_matrix(row_major)',
      'identifier:float2x2',
      'pragma:pack_matrix(column_major)',
      'identifier:float2x2',
    ]);
    const pragma = r.tokens.find((t) => t.kind === 'pragma')!;
    expect(`${r.at(pragma.loc).line}:${r.at(pragma.loc).column}`).toBe('2:9');
    expect(r.diagnostics).toEqual([]);
  });

  it('does not macro-expand pack_matrix arguments, and warns about malformed ones', () => {
    const r = run(`#define RM row_major
#pragma pack_matrix(RM)
#pragma pack_matrix row_major
#pragma pack_matrix(row_major
x`);
    expect(r.text).toBe('x');
    expect(r.diagnostics).toEqual([
      "2:21: warning: expected 'row_major' or 'column_major' in '#pragma pack_matrix' - ignoring",
      "3:21: warning: missing '(' after '#pragma pack_matrix' - ignoring",
      "4:30: warning: missing ')' after '#pragma pack_matrix' - ignoring",
    ]);
  });

  it('runs _Pragma, also from a macro', () => {
    const r = run(`#define ROWS _Pragma("pack_matrix(row_major)")
a ROWS b _Pragma("once") _Pragma("unknown stuff") c
_Pragma(x)`);
    expect(r.tokens.map((t) => `${t.kind}:${t.text}`)).toEqual(['identifier:a', 'pragma:pack_matrix(row_major)', 'identifier:b', 'identifier:c', 'identifier:x', 'punct:)']);
    expect(r.at(r.tokens[1]!.loc).column).toBe(3);
    expect(r.diagnostics).toEqual(['2:10: warning: #pragma once in main file', '3:9: error: _Pragma takes a parenthesized string literal']);
  });
});

group('other directives', () => {
  it('ignores the null directive and rejects unknown ones', () => {
    const r = run(`#
  #   
#include_next "x"
#ident "v1"
#"str"
ok`);
    expect(r.diagnostics).toEqual(['3:2: error: invalid preprocessing directive', '4:2: error: invalid preprocessing directive', '5:2: error: invalid preprocessing directive']);
    expect(r.text).toBe('ok');
  });

  it('treats a # that is not first on its line, or comes from a macro, as a token', () => {
    const r = run(`#define H # define X
a # b
H`);
    expect(r.text).toBe('a # b # define X');
  });

  it('reports #undef errors and extra tokens', () => {
    const r = run(`#undef
#undef 1
#undef A B`);
    expect(r.diagnostics).toEqual(['1:7: error: macro name missing', '2:8: error: macro name must be an identifier', '3:10: warning: extra tokens at end of #undef directive']);
  });
});

group('predefined macros', () => {
  const stageValue = (stage?: PreprocessOptions['stage']) => run('__SHADER_TARGET_STAGE', stage === undefined ? {} : { stage }).text;

  it('defines the __SHADER_STAGE_* constants with DXC ShaderKind values', () => {
    const r = run(
      '__SHADER_STAGE_PIXEL __SHADER_STAGE_VERTEX __SHADER_STAGE_GEOMETRY __SHADER_STAGE_HULL __SHADER_STAGE_DOMAIN __SHADER_STAGE_COMPUTE __SHADER_STAGE_LIBRARY __SHADER_STAGE_MESH __SHADER_STAGE_AMPLIFICATION',
    );
    // DxilConstants.h: Pixel = 0, Vertex, Geometry, Hull, Domain, Compute, Library, 7 ray tracing kinds .. Callable = 12, Mesh, Amplification.
    expect(r.text).toBe('0 1 2 3 4 5 6 13 14');
  });

  it('sets __SHADER_TARGET_STAGE from the stage', () => {
    expect(['vertex', 'pixel', 'geometry', 'hull', 'domain', 'compute', 'mesh', 'amplification', 'library'].map((s) => stageValue(s as never))).toEqual([
      '1', '0', '2', '3', '4', '5', '13', '14', '6',
    ]);
    // Ray tracing entry points are compiled with a lib_6_x profile in DXC.
    expect(stageValue('raygeneration')).toBe('6');
    expect(stageValue()).toBe('__SHADER_TARGET_STAGE');
  });

  it('matches a stage test the way DXC sources write it', () => {
    const source = `#if __SHADER_TARGET_STAGE == __SHADER_STAGE_COMPUTE
cs
#elif __SHADER_TARGET_STAGE == __SHADER_STAGE_PIXEL
ps
#endif`;
    expect(run(source, { stage: 'compute' }).text).toBe('cs');
    expect(run(source, { stage: 'pixel' }).text).toBe('ps');
  });

  it('defines the version, target and SPIR-V macros', () => {
    expect(run('__HLSL_VERSION __SHADER_TARGET_MAJOR __SHADER_TARGET_MINOR __spirv__ __hlsl_dx_compiler __HLSL_ENABLE_16_BIT').text).toBe(
      '2021 6 0 1 1 __HLSL_ENABLE_16_BIT',
    );
    expect(run('__HLSL_VERSION __SHADER_TARGET_MAJOR __SHADER_TARGET_MINOR __HLSL_ENABLE_16_BIT', { hlslVersion: 2018, shaderModel: { major: 6, minor: 6 }, enable16BitTypes: true }).text).toBe(
      '2018 6 6 1',
    );
  });

  it('gives each run its own predefined macros: #undef, redefinition and -D there leave the next run alone', () => {
    const redefined = run('#undef __spirv__\n#define __DXC_VERSION_MAJOR 7\n#undef __LINE__\n__spirv__ __DXC_VERSION_MAJOR __LINE__ __HLSL_VERSION', { defines: { __HLSL_VERSION: '2016' } });
    expect(redefined.text).toBe('__spirv__ 7 __LINE__ 2016');
    expect(redefined.diagnostics).toEqual(["2:9: warning: '__DXC_VERSION_MAJOR' macro redefined", '3:8: warning: undefining builtin macro']);
    expect(redefined.items[0]!.notes.map((n) => `${n.file}:${n.line}:${n.column}`)).toEqual(['<built-in>:1:1']);
    const fresh = run('__spirv__ __DXC_VERSION_MAJOR __LINE__ __HLSL_VERSION\n#define __spirv__ 1');
    expect(fresh.text).toBe('1 1 1 2021');
    expect(fresh.diagnostics).toEqual([]);
  });

  it('adds -D defines: valued, empty, function-like; redefining one in the source warns', () => {
    const r = run('A B [C] F(2)\n#define A 2\nA', { defines: { A: '1', B: 'x y', C: '', 'F(v)': 'v * v' } });
    expect(r.text).toBe('1 x y [ ] 2 * 2 2');
    expect(r.diagnostics).toEqual(["2:9: warning: 'A' macro redefined"]);
    expect(r.items[0]!.notes.map((n) => `${n.file}:${n.line}:${n.column}`)).toEqual(['<command line>:1:1']);
  });
});

group('include guard detection', () => {
  const guardOf = (text: string) => findIncludeGuard(tokenize(text, '/g.h', new DiagnosticSink()));
  it('finds #ifndef and #if !defined guards that span the whole file', () => {
    expect(guardOf('#ifndef G\n#define G\n#if 1\n#endif\n#endif\n')).toBe('G');
    expect(guardOf('/* c */\n#if !defined G\n#endif')).toBe('G');
    expect(guardOf('#if !defined(G)\n#endif')).toBe('G');
  });
  it('rejects files with text outside the block or an #else at the top level', () => {
    expect(guardOf('x\n#ifndef G\n#endif')).toBeUndefined();
    expect(guardOf('#ifndef G\n#endif\nx')).toBeUndefined();
    expect(guardOf('#ifndef G\n#else\n#endif')).toBeUndefined();
    expect(guardOf('#ifndef G\n#endif\n#ifndef H\n#endif')).toBeUndefined();
    expect(guardOf('#ifdef G\n#endif')).toBeUndefined();
  });
});
