// parseArgs against DXC's option spellings. Expected values come from DXC's option table
// (HLSLOptions.td forms: JoinedOrSeparate, Separate, Joined `=`, MultiArg) and the manual's option list.
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/bin/args.js';
import { OPTION_TABLE } from '../../src/bin/option-table.js';

const CWD = '/work/proj';
const BASE = ['-T', 'cs_6_0', 'in.hlsl'];

function parse(...argv: string[]) {
  return parseArgs(argv, CWD);
}

describe('parseArgs: DXC flag forms → CompileOptions', () => {
  const cases: { argv: string[]; expected: Record<string, unknown> }[] = [
    { argv: ['-T', 'cs_6_0'], expected: { shaderModel: { major: 6, minor: 0 }, entryPoints: [{ name: 'main', stage: 'compute' }] } },
    { argv: ['-Tcs_6_5'], expected: { shaderModel: { major: 6, minor: 5 }, entryPoints: [{ name: 'main', stage: 'compute' }] } },
    { argv: ['-T', 'vs_6_1', '-E', 'VSMain'], expected: { shaderModel: { major: 6, minor: 1 }, entryPoints: [{ name: 'VSMain', stage: 'vertex' }] } },
    { argv: ['-T', 'ps_6_0', '-EPSMain'], expected: { entryPoints: [{ name: 'PSMain', stage: 'pixel' }] } },
    { argv: ['-T', 'gs_6_0'], expected: { entryPoints: [{ name: 'main', stage: 'geometry' }] } },
    { argv: ['-T', 'hs_6_0'], expected: { entryPoints: [{ name: 'main', stage: 'hull' }] } },
    { argv: ['-T', 'ds_6_0'], expected: { entryPoints: [{ name: 'main', stage: 'domain' }] } },
    { argv: ['-T', 'ms_6_5'], expected: { entryPoints: [{ name: 'main', stage: 'mesh' }] } },
    { argv: ['-T', 'as_6_6'], expected: { entryPoints: [{ name: 'main', stage: 'amplification' }] } },
    // A library compiles every marked entry point; DXC ignores -E with lib profiles.
    { argv: ['-T', 'lib_6_3', '-E', 'ignored'], expected: { shaderModel: { major: 6, minor: 3 }, entryPoints: undefined, library: true } },
    // The last -T / -E wins, as with LLVM's getLastArgValue.
    { argv: ['-T', 'vs_6_0', '-T', 'cs_6_2', '-E', 'a', '-E', 'b'], expected: { shaderModel: { major: 6, minor: 2 }, entryPoints: [{ name: 'b', stage: 'compute' }] } },
    { argv: ['-T', 'cs_6_0', '-D', 'A=2', '-DB=x y', '-D', 'C', '-DD=', '-D', 'E=a=b'], expected: { defines: { A: '2', B: 'x y', C: '1', D: '', E: 'a=b' } } },
    { argv: ['-T', 'cs_6_0', '-D', 'A=1', '-D', 'A=2'], expected: { defines: { A: '2' } } },
    { argv: ['-T', 'cs_6_0', '-I', 'inc', '-I/abs/dir', '-I', '../up'], expected: { includeDirs: ['/work/proj/inc', '/abs/dir', '/work/up'] } },
    { argv: ['-T', 'cs_6_0', '-spirv'], expected: {} },
    { argv: ['-T', 'cs_6_0', '-fspv-target-env=vulkan1.0'], expected: { targetEnv: 'vulkan1.0' } },
    { argv: ['-T', 'cs_6_0', '-fspv-target-env=vulkan1.1'], expected: { targetEnv: 'vulkan1.1' } },
    { argv: ['-T', 'cs_6_0', '-fspv-target-env=vulkan1.2'], expected: { targetEnv: 'vulkan1.2' } },
    { argv: ['-T', 'cs_6_0', '-fspv-target-env=vulkan1.3'], expected: { targetEnv: 'vulkan1.3' } },
    { argv: ['-T', 'cs_6_0', '-fspv-target-env=vulkan1.1spirv1.4'], expected: { targetEnv: 'vulkan1.1spirv1.4' } },
    { argv: ['-T', 'cs_6_0', '-fspv-target-env=universal1.5'], expected: { targetEnv: 'universal1.5' } },
    { argv: ['-T', 'cs_6_0', '-HV', '202x'], expected: { hlslVersion: '202x' } },
    { argv: ['-T', 'cs_6_10'], expected: { shaderModel: { major: 6, minor: 10 } } },
    { argv: ['-T', 'vs_5_0'], expected: { shaderModel: { major: 5, minor: 0 }, entryPoints: [{ name: 'main', stage: 'vertex' }] } },
    { argv: ['-T', 'ps_4_1'], expected: { shaderModel: { major: 4, minor: 1 } } },
    { argv: ['-T', 'lib_6_9'], expected: { shaderModel: { major: 6, minor: 9 }, entryPoints: undefined } },
    { argv: ['-T', 'vs_6_0', '-fvk-invert-y'], expected: { invertY: true } },
    { argv: ['-T', 'lib_6_3', '-fvk-invert-y'], expected: { invertY: true } },
    { argv: ['-T', 'ps_6_0', '-fvk-use-dx-position-w'], expected: { useDxPositionW: true } },
    { argv: ['-T', 'vs_6_0', '-fvk-support-nonzero-base-vertex'], expected: { supportNonzeroBaseVertex: true } },
    { argv: ['-T', 'vs_6_0', '-fvk-support-nonzero-base-instance'], expected: { supportNonzeroBaseInstance: true } },
    { argv: ['-T', 'cs_6_0', '-fspv-use-unknown-image-format'], expected: { useUnknownImageFormat: true } },
    { argv: ['-T', 'cs_6_0', '-denorm', 'preserve'], expected: { denorm: 'preserve' } },
    { argv: ['-T', 'cs_6_0', '-denormftz'], expected: { denorm: 'ftz' } },
    { argv: ['-T', 'cs_6_0', '-Gis'], expected: { ieeeStrict: true } },
    { argv: ['-T', 'cs_6_0', '-ffinite-math-only'], expected: { finiteMathOnly: true } },
    { argv: ['-T', 'cs_6_0', '-fspv-use-vulkan-memory-model'], expected: { vulkanMemoryModel: true } },
    { argv: ['-T', 'cs_6_0', '-fspv-enable-maximal-reconvergence'], expected: { maximalReconvergence: true } },
    { argv: ['-T', 'cs_6_0', '-fspv-entrypoint-name=main2'], expected: { entryPointName: 'main2' } },
    { argv: ['-T', 'cs_6_0', '-fspv-max-id', '400'], expected: { maxId: 400 } },
    { argv: ['-T', 'vs_6_0', '-fvk-stage-io-order=alpha'], expected: { stageIoOrder: 'alpha' } },
    { argv: ['-T', 'cs_6_2', '-fspv-use-legacy-buffer-matrix-order'], expected: { useLegacyBufferMatrixOrder: true } },
    { argv: ['-T', 'vs_6_0', '-pack-optimized'], expected: { packOptimized: true } },
    { argv: ['-T', 'vs_6_0', '-pack_optimized'], expected: { packOptimized: true } },
    { argv: ['-T', 'vs_6_0', '-fvk-stage-io-order=decl'], expected: { stageIoOrder: 'decl' } },
    { argv: ['-T', 'cs_6_0', '-fspv-extension=SPV_KHR_16bit_storage', '-fspv-extension=KHR'], expected: { allowedExtensions: ['SPV_KHR_16bit_storage', 'KHR'] } },
    { argv: ['-T', 'cs_6_0', '-fvk-use-dx-layout'], expected: { layoutRule: 'dx' } },
    { argv: ['-T', 'cs_6_0', '-fvk-use-gl-layout'], expected: { layoutRule: 'gl' } },
    { argv: ['-T', 'cs_6_0', '-fvk-use-scalar-layout'], expected: { layoutRule: 'scalar' } },
    { argv: ['-T', 'cs_6_0', '-fvk-use-dx-layout', '-fvk-use-dx-layout'], expected: { layoutRule: 'dx' } },
    { argv: ['-T', 'cs_6_0', '-Zpr'], expected: { defaultMajorness: 'row_major' } },
    { argv: ['-T', 'cs_6_0', '-fvk-auto-shift-bindings'], expected: { autoShiftBindings: true } },
    { argv: ['-T', 'cs_6_0', '-Zpc'], expected: { defaultMajorness: 'column_major' } },
    // DXC's `/` spellings of flags; any other `/…` argument is an input path.
    { argv: ['-T', 'cs_6_0', '/Zpr', '/Gis', '/O0'], expected: { defaultMajorness: 'row_major', ieeeStrict: true, optimizationLevel: 0 } },
    {
      argv: ['-T', 'cs_6_0', '-fvk-b-shift', '10', '0', '-fvk-t-shift', '20', 'all', '-fvk-s-shift', '30', '1', '-fvk-u-shift', '40', '2'],
      expected: {
        bindingShifts: [
          { registerKind: 'b', shift: 10, space: 0 },
          { registerKind: 't', shift: 20, space: 'all' },
          { registerKind: 's', shift: 30, space: 1 },
          { registerKind: 'u', shift: 40, space: 2 },
        ],
      },
    },
    // Several spaces for one kind; for the same space the last option takes effect (the manual).
    {
      argv: ['-T', 'cs_6_0', '-fvk-b-shift', '1', '0', '-fvk-b-shift', '2', '1', '-fvk-b-shift', '3', '0'],
      expected: { bindingShifts: [{ registerKind: 'b', shift: 2, space: 1 }, { registerKind: 'b', shift: 3, space: 0 }] },
    },
    { argv: ['-T', 'cs_6_0', '-fvk-bind-globals', '3', '1'], expected: { bindGlobals: { binding: 3, set: 1 } } },
    { argv: ['-T', 'cs_6_6', '-fvk-bind-resource-heap', '4', '7'], expected: { resourceHeapBinding: { binding: 4, set: 7 } } },
    { argv: ['-T', 'cs_6_6', '-fvk-bind-sampler-heap', '2', '0'], expected: { samplerHeapBinding: { binding: 2, set: 0 } } },
    { argv: ['-T', 'cs_6_6', '-fvk-bind-counter-heap', '1', '3'], expected: { counterHeapBinding: { binding: 1, set: 3 } } },
    { argv: ['-T', 'cs_6_0', '-fspv-flatten-resource-arrays'], expected: { flattenResourceArrays: true } },
    { argv: ['-T', 'cs_6_0', '-auto-binding-space', '4'], expected: { autoBindingSpace: 4 } },
    // The manual: -fvk-bind-register xX Y N M binds register(xX, spaceY) to set M, binding N; -vkbr is its alias.
    {
      argv: ['-T', 'cs_6_0', '-fvk-bind-register', 't3', '1', '5', '2', '-vkbr', 'u0', '0', '7', '0'],
      expected: { bindRegister: [{ register: 't3', space: 1, binding: 5, set: 2 }, { register: 'u0', space: 0, binding: 7, set: 0 }] },
    },
    { argv: ['-T', 'cs_6_0', '-HV', '2016'], expected: { hlslVersion: 2016 } },
    { argv: ['-T', 'cs_6_0', '-HV', '2017'], expected: { hlslVersion: 2017 } },
    { argv: ['-T', 'cs_6_0', '-HV', '2018'], expected: { hlslVersion: 2018 } },
    { argv: ['-T', 'cs_6_0', '-HV', '2021'], expected: { hlslVersion: 2021 } },
    { argv: ['-T', 'cs_6_2', '-enable-16bit-types'], expected: { enable16BitTypes: true } },
    { argv: ['-T', 'cs_6_2', '-HV', '2018', '-enable-16bit-types'], expected: { enable16BitTypes: true, hlslVersion: 2018 } },
  ];

  it.each(cases)('$argv', ({ argv, expected }) => {
    const parsed = parse(...argv, 'shader.hlsl');
    expect(parsed.errors).toEqual([]);
    expect(parsed.input).toBe('/work/proj/shader.hlsl');
    expect(parsed.options.filename).toBe('/work/proj/shader.hlsl');
    for (const [key, value] of Object.entries(expected)) {
      expect(parsed.options[key as keyof typeof parsed.options], key).toEqual(value);
    }
  });

  it('leaves every option DXC defaults unset when no flag asks for it', () => {
    expect(parse(...BASE).options).toEqual({
      filename: '/work/proj/in.hlsl',
      shaderModel: { major: 6, minor: 0 },
      entryPoints: [{ name: 'main', stage: 'compute' }],
    });
  });

  it('accepts options and the input in any order', () => {
    const parsed = parse('in.hlsl', '-Fo', 'out.spv', '-E', 'k', '-T', 'cs_6_0');
    expect(parsed.errors).toEqual([]);
    expect(parsed.input).toBe('/work/proj/in.hlsl');
    expect(parsed.output).toBe('/work/proj/out.spv');
    expect(parsed.options.entryPoints).toEqual([{ name: 'k', stage: 'compute' }]);
  });
});

describe('parseArgs: outputs and CLI switches', () => {
  it.each([
    [['-Fo', 'a.spv'], 'output', '/work/proj/a.spv'],
    [['-Foa.spv'], 'output', '/work/proj/a.spv'],
    [['-Fo', '/tmp/x/a.spv'], 'output', '/tmp/x/a.spv'],
    [['-Fc', 'a.spvasm'], 'disassemblyOutput', '/work/proj/a.spvasm'],
    [['-Fcb.spvasm'], 'disassemblyOutput', '/work/proj/b.spvasm'],
    [['-Fe', 'errs.txt'], 'diagnosticsOutput', '/work/proj/errs.txt'],
    [['--reflect', 'r.json'], 'reflectOutput', '/work/proj/r.json'],
    [['--emit-module', 'm.js'], 'moduleOutput', '/work/proj/m.js'],
  ] as const)('%j sets %s', (argv, field, value) => {
    const parsed = parse(...BASE, ...argv);
    expect(parsed.errors).toEqual([]);
    expect(parsed[field]).toBe(value);
  });

  it('without -Fo there is no output file (the disassembly goes to stdout)', () => {
    expect(parse(...BASE).output).toBeUndefined();
  });

  it.each([['-WX', 'warningsAsErrors'], ['-no-warnings', 'noWarnings']] as const)('%s sets %s', (flag, field) => {
    expect(parse(...BASE)[field]).toBe(false);
    const parsed = parse(...BASE, flag);
    expect(parsed.errors).toEqual([]);
    expect(parsed[field]).toBe(true);
  });

  it.each(['-help', '--help', '-?'])('%s asks for usage, even without input or profile', (flag) => {
    const parsed = parse(flag);
    expect(parsed.help).toBe(true);
    expect(parsed.errors).toEqual([]);
  });

  it('--version asks for the version, even without input or profile', () => {
    const parsed = parse('--version');
    expect(parsed.version).toBe(true);
    expect(parsed.errors).toEqual([]);
  });
});

describe('parseArgs: accepted and ignored options', () => {
  const ignored = [
    ['-Vd'],
    ['-fspv-fix-func-call-arguments'],
    ['-nologo'], ['-Qembed_debug'], ['-Qstrip_priv'], ['-Qstrip_rootsignature'],
    ['-Zss'], ['-Zsb'], ['-Oconfig=--loop-unroll,--scalar-replacement=300'], ['-fspv-reduce-load-size'],
    ['-fspv-print-all'], ['-Qunused-arguments'], ['-Wall'],
    ['-fdiagnostics-show-option'], ['-fno-diagnostics-show-option'],
  ];
  it.each(ignored)('%s', (flag) => {
    const parsed = parse(...BASE, flag!);
    expect(parsed.errors).toEqual([]);
    expect(parsed.options).toEqual(parse(...BASE).options);
  });

  it('every ignored option in the table is covered above', () => {
    const tested = new Set(ignored.map(([flag]) => OPTION_TABLE.find((s) => s.group === 'ignored' && flag!.startsWith(s.name))?.name));
    const table = OPTION_TABLE.filter((s) => s.group === 'ignored').map((s) => s.name);
    expect(table.filter((name) => !tested.has(name))).toEqual([]);
  });
});

describe('parseArgs: `/` spellings', () => {
  it('only whole DXC flags: other arguments starting with / are input paths', () => {
    expect(parse('-T', 'cs_6_0', '/Zpr', '/abs/Zpr.hlsl').input).toBe('/abs/Zpr.hlsl');
    expect(parse('-T', 'cs_6_0', '/Zpr.hlsl').input).toBe('/Zpr.hlsl');
    expect(parse('-T', 'cs_6_0', '/T', 'x.hlsl').errors).toEqual(["only one input file is supported without -Fo-dir, got '/T', 'x.hlsl'"]);
  });
});

describe('parseArgs: -P', () => {
  it('preprocesses to <input>.i, or to the -Fi file', () => {
    expect(parse('-T', 'ps_6_0', '-P', 'src/a.hlsl').preprocessOutput).toBe('/work/proj/src/a.i');
    expect(parse('-T', 'ps_6_0', '-P', 'noext').preprocessOutput).toBe('/work/proj/noext.i');
    expect(parse('-T', 'ps_6_0', '-P', '-Fi', 'out/a.pp', 'a.hlsl').preprocessOutput).toBe('/work/proj/out/a.pp');
    expect(parse('-T', 'ps_6_0', '-Fi', 'out/a.pp', 'a.hlsl').preprocessOutput).toBeUndefined();
    expect(parse('-T', 'ps_6_0', '-P', '-Fo-dir', 'out', 'a.hlsl').errors).toEqual(['-P cannot be used with -Fo-dir']);
  });
});

describe('parseArgs: warning groups', () => {
  it('-Wno-<flag>, -Werror=<flag> and -Wno-error=<flag> set one group each; the last one wins', () => {
    expect(parse(...BASE, '-Wno-vk-binding-overlap', '-Werror=conversion').options.warnings).toEqual({ flags: { 'vk-binding-overlap': 'off', conversion: 'error' } });
    expect(parse(...BASE, '-Werror=conversion', '-Wno-error=conversion').options.warnings).toEqual({ flags: { conversion: 'warning' } });
  });

  it('-WX makes every warning an error and wins over -no-warnings; a group flag wins over both', () => {
    expect(parse(...BASE, '-WX').options.warnings).toEqual({ all: 'error', flags: {} });
    expect(parse(...BASE, '-no-warnings').options.warnings).toEqual({ all: 'off', flags: {} });
    expect(parse(...BASE, '-no-warnings', '-WX', '-Wno-conversion').options.warnings).toEqual({ all: 'error', flags: { conversion: 'off' } });
    expect(parse(...BASE).options.warnings).toBeUndefined();
  });
});

describe('parseArgs: reflection and debug information', () => {
  it('-fspv-reflect asks for the reflection-only decorations', () => {
    expect(parse(...BASE, '-fspv-reflect').options.reflect).toBe(true);
    expect(parse(...BASE).options.reflect).toBeUndefined();
  });

  it('-Zi and -fspv-debug=file record the file name; -Qstrip_debug drops it; other categories add nothing', () => {
    expect(parse(...BASE, '-Zi').options.debugInfo).toBe(true);
    expect(parse(...BASE, '-fspv-debug=file').options.debugInfo).toBe(true);
    expect(parse(...BASE, '-Zi', '-Qstrip_debug').options.debugInfo).toBeUndefined();
    expect(parse(...BASE, '-fspv-debug=line').options).toEqual(parse(...BASE).options);
    expect(parse(...BASE, '-fspv-debug=vulkan-with-source').options).toEqual(parse(...BASE).options);
  });
});

describe('parseArgs: optimization options (they decide which unused resources stay)', () => {
  it.each([
    [['-O0'], { optimizationLevel: 0 }],
    [['-Od'], { optimizationLevel: 0 }],
    [['-O1'], { optimizationLevel: 1 }],
    [['-O3'], { optimizationLevel: 3 }],
    [['-O0', '-O2'], { optimizationLevel: 2 }],
    [['-fcgl'], { codeGenHighLevel: true }],
    [['-fspv-preserve-bindings'], { preserveBindings: true }],
    [['-fspv-preserve-interface'], { preserveInterface: true }],
  ])('%j', (flags, expected) => {
    const parsed = parse(...BASE, ...flags);
    expect(parsed.errors).toEqual([]);
    expect(parsed.options).toEqual({ ...parse(...BASE).options, ...expected });
  });
});

describe('parseArgs: unsupported and unknown options', () => {
  it.each([
    [['-Gec'], '-Gec'],
    [['-flegacy-macro-expansion'], '-flegacy-macro-expansion'],
    [['-Fh', 'out.h'], '-Fh'],
  ])('%j', (argv, name) => {
    // The input after the option proves multi-value options consumed exactly their values.
    const parsed = parse('-T', 'cs_6_0', ...argv, 'in.hlsl');
    expect(parsed.errors).toEqual([`option '${name}' is not supported yet`]);
  });

  it.each(['-fvk-invert-yy', '-foo', '--bogus', '-fspv-target-env', '-Werror', '-fvk-b-shift=1'])('unknown %s', (flag) => {
    expect(parse(...BASE, flag).errors).toEqual([`unknown argument: '${flag}'`]);
  });

  it('reports every bad option, not just the first', () => {
    expect(parse(...BASE, '-Gec', '-nope').errors).toEqual([
      "option '-Gec' is not supported yet",
      "unknown argument: '-nope'",
    ]);
  });
});

describe('parseArgs: bad values and combinations', () => {
  it.each([
    [['-T', 'cs_6_0', 'in.hlsl', '-E'], "argument to '-E' is missing (expected 1 value)"],
    [['-T', 'cs_6_0', 'in.hlsl', '-fvk-b-shift', '1'], "argument to '-fvk-b-shift' is missing (expected 2 values)"],
    [['in.hlsl'], 'target profile argument is missing (-T, e.g. -T cs_6_0; --dts alone needs none)'],
    [['-T', 'cs_6_0'], 'required input file argument is missing; use -help for usage'],
    [['-T', 'cs_6_0', 'a.hlsl', 'b.hlsl'], "only one input file is supported without -Fo-dir, got 'a.hlsl', 'b.hlsl'"],
    [['-T', 'cs_6_0', '-Fo-dir', 'out', 'a.hlsl', '-Fo', 'a.spv'], '-Fo names one output file and cannot be used with -Fo-dir'],
    [['-T', 'cs_6_0', '-Fo-dir', 'out', 'a.hlsl', '--reflect', 'a.json'], '--reflect names one output file and cannot be used with -Fo-dir'],
    [['-T', 'cs_6_0', '-Fo-dir', 'out', 'x/a.hlsl', 'y/a.hlsl'], "'/work/proj/x/a.hlsl' and '/work/proj/y/a.hlsl' would both be written to a.spv in the -Fo-dir directory"],
    [['-T', 'cs_5_2', 'in.hlsl'], "unsupported shader model in profile 'cs_5_2' (expected 6.0 … 6.10, or 4.0 … 5.1 for vs, ps, gs, hs, ds and cs)"],
    [['-T', 'lib_5_1', 'in.hlsl'], "unsupported shader model in profile 'lib_5_1' (expected 6.0 … 6.10, or 4.0 … 5.1 for vs, ps, gs, hs, ds and cs)"],
    [['-T', 'cs_6_11', 'in.hlsl'], "unsupported shader model in profile 'cs_6_11' (expected 6.0 … 6.10, or 4.0 … 5.1 for vs, ps, gs, hs, ds and cs)"],
    [['-T', 'ps_5_1', 'in.hlsl', '-enable-16bit-types'], 'enable-16bit-types is only allowed for shader model >= 6.2 and HLSL Language >= 2018.'],
    [['-T', 'xs_6_0', 'in.hlsl'], "unknown target profile 'xs_6_0' (expected vs, ps, gs, hs, ds, cs, lib, ms, as followed by _6_0 … _6_10, e.g. cs_6_0)"],
    [['-T', 'ms_6_4', 'in.hlsl'], "profile 'ms_6_4' needs shader model 6.5 or higher"],
    [[...BASE, '-HV', '2019'], 'Unknown HLSL version: 2019. Valid versions: 2016, 2017, 2018, 2021, 202x'],
    [[...BASE, '-fspv-target-env=vulkan2.0'], "unknown SPIR-V target environment 'vulkan2.0' (expected vulkan1.0, vulkan1.1, vulkan1.1spirv1.4, vulkan1.2, vulkan1.3, universal1.5)"],
    [[...BASE, '-denorm', 'bad'], "Unsupported value 'bad' for denorm option."],
    [[...BASE, '-fspv-max-id', 'x'], 'invalid -fspv-max-id argument: x'],
    [[...BASE, '-fvk-stage-io-order=random'], 'unknown Vulkan stage I/O location assignment order: random'],
    [['-T', 'ps_6_0', 'in.hlsl', '-fvk-invert-y'], '-fvk-invert-y can only be used in VS/DS/GS/MS/Lib'],
    [['-T', 'cs_6_0', 'in.hlsl', '-fvk-invert-y'], '-fvk-invert-y can only be used in VS/DS/GS/MS/Lib'],
    [[...BASE, '-fvk-b-shift', 'x', '0'], 'invalid -fvk-b-shift argument: x'],
    [[...BASE, '-fvk-t-shift', '-1', '0'], 'negative -fvk-t-shift argument: -1'],
    [[...BASE, '-fvk-u-shift', '1', 'space1'], 'invalid -fvk-u-shift argument: space1'],
    [[...BASE, '-fvk-s-shift', '1', 'all', '-fvk-s-shift', '2', '0'], 'setting all sets via -fvk-s-shift argument should be used alone'],
    [[...BASE, '-fvk-bind-globals', '1', 'x'], 'invalid -fvk-bind-globals argument: x'],
    [[...BASE, '-fvk-bind-resource-heap', '-1', '0'], 'invalid -fvk-bind-resource-heap argument: -1'],
    [[...BASE, '-auto-binding-space', 'two'], "Unsupported value 'two' for auto binding space."],
    [[...BASE, '-fvk-bind-register', 't0', 'x', '1', '2'], 'invalid -fvk-bind-register space number: x'],
    [[...BASE, '-vkbr', 't0', '0', '-1', '2'], 'invalid -vkbr binding number: -1'],
    [[...BASE, '-vkbr', 't0', '0', '1', 'set'], 'invalid -vkbr set number: set'],
    [[...BASE, '-vkbr', 'space0', '0', '1', '2'], 'invalid -vkbr register: space0'],
    [[...BASE, '-fvk-t-shift', '1', '0', '-vkbr', 't0', '0', '1', '2'], '-fvk-t-shift cannot be used together with -fvk-bind-register'],
    [[...BASE, '-D', '1X=3'], "macro name '1X' in -D 1X=3 is not an identifier"],
    [[...BASE, '-D', 'F(x)=x'], "function-like macro 'F(x)' in -D is not supported yet"],
    [[...BASE, '-Zpr', '-Zpc'], 'cannot specify -Zpr and -Zpc together'],
    [[...BASE, '-fvk-use-gl-layout', '-fvk-use-dx-layout'], 'cannot specify -fvk-use-gl-layout and -fvk-use-dx-layout together'],
    [[...BASE, '-enable-16bit-types'], 'enable-16bit-types is only allowed for shader model >= 6.2 and HLSL Language >= 2018.'],
    [['-T', 'cs_6_2', 'in.hlsl', '-HV', '2017', '-enable-16bit-types'], 'enable-16bit-types is only allowed for shader model >= 6.2 and HLSL Language >= 2018.'],
  ])('%j', (argv, message) => {
    expect(parse(...argv).errors).toEqual([message]);
  });
});

describe('parseArgs: -Fo-dir (many files)', () => {
  it('takes every input, resolved, and the output directory', () => {
    const args = parse('-T', 'cs_6_0', '-Fo-dir', 'out', 'a.hlsl', 'sub/b.hlsl');
    expect(args.errors).toEqual([]);
    expect(args.inputs).toEqual(['/work/proj/a.hlsl', '/work/proj/sub/b.hlsl']);
    expect(args.outputDir).toBe('/work/proj/out');
    expect(args.input).toBeUndefined();
  });

  it('is an exact option, not -Fo with the file name "-dir"', () => {
    expect(parse('-T', 'cs_6_0', '-Fo-dir', 'out', 'a.hlsl').output).toBeUndefined();
    expect(parse('-T', 'cs_6_0', '-Fo-x.spv', 'a.hlsl').output).toBe('/work/proj/-x.spv');
  });
});
