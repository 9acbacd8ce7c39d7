// Detects the classic include guard: a file whose first directive is `#ifndef X` (or
// `#if !defined X` / `#if !defined(X)`) and whose matching `#endif` ends the file, with no
// `#else`/`#elif` at that level. While X stays defined, including the file again yields nothing,
// so the preprocessor skips it without rescanning (the multiple-include optimisation of clang).
import type { Token } from '../lex/token.js';

export function findIncludeGuard(tokens: readonly Token[]): string | undefined {
  if (tokens.length < 3 || !isDirectiveStart(tokens, 0)) return undefined;
  const macro = guardCondition(tokens, 1);
  if (macro === undefined) return undefined;
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    if (!isDirectiveStart(tokens, i)) continue;
    const name = tokens[i + 1];
    if (name === undefined || name.lineStart || name.kind !== 'identifier') continue;
    switch (name.text) {
      case 'if':
      case 'ifdef':
      case 'ifndef':
        depth++;
        break;
      case 'elif':
      case 'else':
        if (depth === 1) return undefined;
        break;
      case 'endif':
        if (--depth === 0) {
          let j = i + 2;
          while (j < tokens.length && !tokens[j]!.lineStart) j++;
          return tokens[j]?.kind === 'eof' ? macro : undefined;
        }
        break;
    }
  }
  return undefined;
}

function isDirectiveStart(tokens: readonly Token[], i: number): boolean {
  const t = tokens[i]!;
  return t.lineStart && t.kind === 'punct' && t.text === '#';
}

/** The guarded macro if the directive whose name is at `i` is `ifndef X` or `if !defined X` / `(X)`. */
function guardCondition(tokens: readonly Token[], i: number): string | undefined {
  const line: Token[] = [];
  for (let j = i; j < tokens.length && !tokens[j]!.lineStart; j++) line.push(tokens[j]!);
  const texts = line.map((t) => t.text);
  const identifierAt = (k: number): string | undefined => (line[k]?.kind === 'identifier' ? line[k]!.text : undefined);
  if (texts[0] === 'ifndef' && line.length === 2) return identifierAt(1);
  if (texts[0] !== 'if' || texts[1] !== '!' || texts[2] !== 'defined') return undefined;
  if (line.length === 4) return identifierAt(3);
  if (line.length === 6 && texts[3] === '(' && texts[5] === ')') return identifierAt(4);
  return undefined;
}
