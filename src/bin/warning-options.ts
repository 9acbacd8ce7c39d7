// DXC's -WX (warnings become errors) and -no-warnings (warnings are dropped), applied to what the
// compiler reported. -WX wins when both are given, as a warning must not silently pass a -WX build.
import type { Diagnostic } from '../../compiler/index.js';

export function applyWarningOptions(
  diagnostics: readonly Diagnostic[],
  options: { warningsAsErrors: boolean; noWarnings: boolean },
): Diagnostic[] {
  if (options.warningsAsErrors) {
    return diagnostics.map((d) => (d.severity === 'warning' ? { ...d, severity: 'error' } : d));
  }
  if (options.noWarnings) return diagnostics.filter((d) => d.severity !== 'warning');
  return [...diagnostics];
}
