// `hlslc -help`: generated from the option table so it cannot drift from what is parsed.
import { OPTION_TABLE, type OptionGroup, type OptionSpec } from './option-table.js';

const SECTIONS: readonly { group: OptionGroup; title: string }[] = [
  { group: 'compile', title: 'Compilation options' },
  { group: 'spirv', title: 'SPIR-V options' },
  { group: 'output', title: 'Output options' },
  { group: 'info', title: 'Information' },
];

function spelling(spec: OptionSpec): string {
  const metavar = spec.metavar ?? '';
  if (spec.form === 'joined') return `${spec.name}${metavar}`;
  return metavar ? `${spec.name} ${metavar}` : spec.name;
}

export function usage(): string {
  const lines = [
    'OVERVIEW: HLSL to SPIR-V compiler (DXC-compatible options, SPIR-V only)',
    '',
    'USAGE: hlslc -T <profile> [-E <entry>] [options] <input.hlsl>',
    '       hlslc -T <profile> [-E <entry>] [options] -Fo-dir <dir> <a.hlsl> <b.hlsl> ...',
    '       (any argument may be @<file>: a response file holding more arguments)',
    '',
    'Without -Fo the SPIR-V disassembly is printed to stdout (needs spirv-dis on PATH or the',
    'spirv-tools npm package). Exit status: 0 success, 1 compile error, 2 usage error.',
  ];
  for (const { group, title } of SECTIONS) {
    const specs = OPTION_TABLE.filter((s) => s.group === group);
    const width = Math.max(...specs.map((s) => spelling(s).length));
    lines.push('', `${title}:`);
    for (const spec of specs) lines.push(`  ${spelling(spec).padEnd(width)}  ${spec.help}`);
  }
  const ignored = OPTION_TABLE.filter((s) => s.group === 'ignored');
  lines.push('', 'Accepted and ignored (they cannot change what the SPIR-V does):');
  lines.push(...wrap(ignored.map((s) => (s.form === 'joined' ? `${s.name}…` : s.name)).join(' ')));
  lines.push('', 'Other DXC options are rejected with an error rather than silently ignored.');
  return lines.join('\n') + '\n';
}

function wrap(text: string, width = 96): string[] {
  const out: string[] = [];
  let line = ' ';
  for (const word of text.split(' ')) {
    if (line.length + word.length + 1 > width) {
      out.push(line);
      line = ' ';
    }
    line += ` ${word}`;
  }
  out.push(line);
  return out;
}
