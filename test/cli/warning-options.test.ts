import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../compiler/index.js';
import { applyWarningOptions } from '../../src/bin/warning-options.js';

function diag(severity: Diagnostic['severity'], message: string): Diagnostic {
  return { severity, message, file: '/a.hlsl', line: 1, column: 1, length: 1, notes: [] };
}

const REPORTED = [diag('warning', 'w1'), diag('error', 'e1'), diag('note', 'n1')];

describe('applyWarningOptions', () => {
  it('keeps everything by default', () => {
    expect(applyWarningOptions(REPORTED, { warningsAsErrors: false, noWarnings: false })).toEqual(REPORTED);
  });

  it('-WX turns warnings into errors and leaves the rest', () => {
    expect(applyWarningOptions(REPORTED, { warningsAsErrors: true, noWarnings: false }).map((d) => [d.severity, d.message])).toEqual([
      ['error', 'w1'],
      ['error', 'e1'],
      ['note', 'n1'],
    ]);
  });

  it('-no-warnings drops warnings only', () => {
    expect(applyWarningOptions(REPORTED, { warningsAsErrors: false, noWarnings: true }).map((d) => d.message)).toEqual(['e1', 'n1']);
  });

  it('-WX wins over -no-warnings', () => {
    expect(applyWarningOptions(REPORTED, { warningsAsErrors: true, noWarnings: true }).map((d) => d.severity)).toEqual(['error', 'error', 'note']);
  });
});
