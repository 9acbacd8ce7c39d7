// Attributes (`[numthreads(8,8,1)]`, `[[vk::binding(0, 1)]]`) and the `:` annotations that follow
// declarators (semantics, `register(…)`, `packoffset(…)`).
import type { Attribute, PackOffsetAnnotation, RegisterAnnotation, Semantic } from './ast.js';
import { parseAssignment } from './expressions.js';
import type { ParserState } from './state.js';
import { atName, expectName } from './types.js';
import { orNone } from './lists.js';

/** Any number of `[…]` / `[[…]]` groups, each holding one or more comma-separated attributes. */
export function parseAttributes(p: ParserState): Attribute[] {
  const attributes: Attribute[] = [];
  while (p.at('[')) {
    const double = p.peek(1).kind === 'punct' && p.peek(1).text === '[';
    p.next();
    if (double) p.next();
    const syntax = double ? 'double-bracket' : 'bracket';
    if (!p.at(']')) {
      do attributes.push(parseAttribute(p, syntax));
      while (p.accept(','));
    }
    p.expect(']', 'to close the attribute');
    if (double) p.expect(']', 'to close the attribute');
  }
  return orNone(attributes);
}

function parseAttribute(p: ParserState, syntax: Attribute['syntax']): Attribute {
  const loc = p.peek().loc;
  // Attribute names are not reserved: `[loop]`, `[unroll]`, `[vk::binding]`, even `[[vk::push_constant]]`.
  if (p.peek().kind !== 'identifier') p.fail('expected attribute name');
  let name = p.next().text;
  while (p.at('::') && p.peek(1).kind === 'identifier') {
    p.next();
    name += `::${p.next().text}`;
  }
  const args = [];
  if (p.accept('(')) {
    if (!p.at(')')) {
      do args.push(parseAssignment(p));
      while (p.accept(','));
    }
    p.expect(')', 'to close the attribute arguments');
  }
  return { loc, name, args: orNone(args), syntax };
}

export interface Annotations {
  semantic?: Semantic;
  registers: RegisterAnnotation[];
  packOffset?: PackOffsetAnnotation;
}

/** `: SV_Target0`, `: register(t0, space1)`, `: packoffset(c1.y)`, in any number and order. */
export function parseAnnotations(p: ParserState): Annotations {
  const out: Annotations = { registers: [] };
  while (p.at(':')) {
    p.next();
    const t = p.peek();
    const call = p.peek(1).kind === 'punct' && p.peek(1).text === '(';
    if (t.kind === 'identifier' && t.text === 'register' && call) out.registers.push(parseRegister(p));
    else if (t.kind === 'identifier' && t.text === 'packoffset' && call) out.packOffset = parsePackOffset(p);
    else if (t.kind === 'identifier') {
      p.next();
      if (out.semantic) p.error(`more than one semantic on a declaration`, t.loc, t.text.length);
      out.semantic = { loc: t.loc, name: t.text };
    } else p.fail("expected a semantic, 'register' or 'packoffset' after ':'");
  }
  out.registers = orNone(out.registers);
  return out;
}

const SPACE = /^space([0-9]+)$/;

/** `register(t3)`, `register(t3, space1)`, `register(space1)`, `register(ps_5_0, s0)`, `register(ps_5_0, s0, space2)`. */
function parseRegister(p: ParserState): RegisterAnnotation {
  const loc = p.next().loc;
  p.expect('(', "after 'register'");
  const items: { text: string; loc: typeof loc }[] = [];
  do {
    const t = p.peek();
    if (t.kind !== 'identifier') p.fail('expected a register name such as t0, b1 or space2');
    p.next();
    items.push({ text: t.text, loc: t.loc });
  } while (p.accept(','));
  p.expect(')', 'to close the register annotation');
  const last = items[items.length - 1]!;
  const hasSpace = items.length > 1 && SPACE.test(last.text);
  if (items.length > 1 && !hasSpace && last.text.startsWith('space')) {
    p.error(`invalid register space '${last.text}' (expected 'space' followed by a number)`, last.loc, last.text.length);
  }
  if (items.length > 3 || (items.length === 3 && !hasSpace)) {
    p.error("expected 'register(slot)', 'register(slot, spaceN)' or 'register(profile, slot[, spaceN])'", loc, 8);
  }
  // `register(spaceN)` alone (DXC accepts it): a space, no slot.
  if (items.length === 1 && SPACE.test(last.text)) return { loc, slot: '', space: Number(SPACE.exec(last.text)![1]) };
  const slotIndex = items.length === 1 || (items.length === 2 && hasSpace) ? 0 : 1;
  const annotation: RegisterAnnotation = { loc, slot: items[slotIndex]?.text ?? '' };
  if (slotIndex === 1) annotation.profile = items[0]!.text;
  if (hasSpace) annotation.space = Number(SPACE.exec(last.text)![1]);
  if (SPACE.test(annotation.slot)) p.error(`expected a register slot before '${annotation.slot}'`, items[0]!.loc);
  return annotation;
}

/** `packoffset(c1)` or `packoffset(c1.y)`. */
function parsePackOffset(p: ParserState): PackOffsetAnnotation {
  const loc = p.next().loc;
  p.expect('(', "after 'packoffset'");
  const register = expectName(p, 'a constant register such as c1').name;
  const annotation: PackOffsetAnnotation = { loc, register };
  if (p.accept('.')) {
    if (!atName(p)) p.fail('expected a component (x, y, z or w) after "."');
    annotation.component = p.next().text;
  }
  p.expect(')', 'to close the packoffset annotation');
  return annotation;
}
