// Macro definition and expansion: C99 6.10.3, checked against the examples of 6.10.3.5.
import { describe as group, expect, it } from 'vitest';
import { cTokens, run } from './helpers.js';

group('C99 6.10.3.5 examples', () => {
  it('EXAMPLE 3: rescanning, hide sets, placemarkers and stringizing', () => {
    const r = run(`#define x 3
#define f(a) f(x * (a))
#undef x
#define x 2
#define g f
#define z z[0]
#define h g(~
#define m(a) a(w)
#define w 0,1
#define t(a) a
#define p() int
#define q(x) x
#define r(x,y) x ## y
#define str(x) # x
f(y+1) + f(f(z)) % t(t(g)(0) + t)(1);
g(x+(3,4)-w) | h 5) & m
(f)^m(m);
p() i[q()] = { q(1), r(2,3), r(4,), r(,5), r(,) };
char c[2][6] = { str(hello), str() };
`);
    expect(r.diagnostics).toEqual([]);
    expect(r.text).toBe(
      cTokens(`f(2 * (y+1)) + f(2 * (f(2 * (z[0])))) % f(2 * (0)) + t(1);
f(2 * (2+(3,4)-0,1)) | f(2 * (~ 5)) & f(2 * (0,1))^m(0,1);
int i[] = { 1, 23, 4, 5, };
char c[2][6] = { "hello", "" };`),
    );
  });

  it('EXAMPLE 4: # and ## with strings, character constants and an include by macro', () => {
    const source = `#define str(s) # s
#define xstr(s) str(s)
#define debug(s, t) printf("x" # s "= %d, x" # t "= %s", \\
 x ## s, x ## t)
#define INCFILE(n) vers ## n
#define glue(a, b) a ## b
#define xglue(a, b) glue(a, b)
#define HIGHLOW "hello"
#define LOW LOW ", world"
debug(1, 2);
fputs(str(strncmp("abc\\0d", "abc", '\\4') // this goes away
 == 0) str(: @\\n), s);
#include xstr(INCFILE(2).h)
glue(HIGH, LOW);
xglue(HIGH, LOW)
`;
    const r = run(source, {}, { '/src/vers2.h': 'included_vers2' });
    expect(r.text).toBe(
      cTokens(`printf("x" "1" "= %d, x" "2" "= %s", x1, x2);
fputs("strncmp(\\"abc\\\\0d\\", \\"abc\\", '\\\\4') == 0" ": @\\n", s);
included_vers2
"hello";
"hello" ", world"`),
    );
    // The standard's text holds `@` and a stray backslash, which HLSL's lexer rejects (they still
    // stringize correctly above).
    expect(r.diagnostics).toEqual([
      "12:14: error: invalid character '@' in source",
      "12:15: error: invalid character '\\' in source",
    ]);
    expect(r.result.files).toEqual(['/src/main.hlsl', '/src/vers2.h']);
  });

  it('EXAMPLE 5: placemarkers in chains of ##', () => {
    const r = run(`#define t(x,y,z) x ## y ## z
int j[] = { t(1,2,3), t(,4,5), t(6,,7), t(8,9,),
 t(10,,), t(,11,), t(,,12), t(,,) };`);
    expect(r.diagnostics).toEqual([]);
    expect(r.text).toBe(cTokens('int j[] = { 123, 45, 67, 89, 10, 11, 12, };'));
  });

  it('EXAMPLE 6: valid redefinitions are silent, differing ones warn', () => {
    const r = run(`#define OBJ_LIKE (1-1)
#define OBJ_LIKE /* white space */ (1-1) /* other */
#define FUNC_LIKE(a) ( a )
#define FUNC_LIKE( a )( /* note the white space */ \\
 a /* other stuff on this line
 */ )
#define OBJ_LIKE (0)
#define OBJ_LIKE (1 - 1)
#define FUNC_LIKE(b) ( a )
#define FUNC_LIKE(b) ( b )
`);
    expect(r.diagnostics).toEqual([
      "7:9: warning: 'OBJ_LIKE' macro redefined",
      "8:9: warning: 'OBJ_LIKE' macro redefined",
      "9:9: warning: 'FUNC_LIKE' macro redefined",
      "10:9: warning: 'FUNC_LIKE' macro redefined",
    ]);
    expect(r.items[0]!.notes.map((n) => `${n.line}:${n.column}: ${n.message}`)).toEqual(['2:9: previous definition is here']);
    expect(r.items[1]!.notes.map((n) => `${n.line}:${n.column}: ${n.message}`)).toEqual(['7:9: previous definition is here']);
  });

  it('EXAMPLE 7: variadic macros', () => {
    const r = run(`#define debug(...) fprintf(stderr, __VA_ARGS__)
#define showlist(...) puts(#__VA_ARGS__)
#define report(test, ...) ((test)?puts(#test):\\
 printf(__VA_ARGS__))
debug("Flag");
debug("X = %d\\n", x);
showlist(The first, second, and third items.);
report(x>y, "x is %d but y is %d", x, y);`);
    expect(r.diagnostics).toEqual([]);
    expect(r.text).toBe(
      cTokens(`fprintf(stderr, "Flag" );
fprintf(stderr, "X = %d\\n", x );
puts( "The first, second, and third items." );
((x>y)?puts("x>y"): printf("x is %d but y is %d", x, y));`),
    );
  });
});

group('object-like and function-like macros', () => {
  it('expands, undefines and leaves a function-like name without ( alone', () => {
    const r = run(`#define N 4
#define SQ(v) ((v) * (v))
float a[N]; SQ(N + 1) SQ
#undef N
N`);
    expect(r.text).toBe(cTokens('float a[4]; ((4 + 1) * (4 + 1)) SQ N'));
    expect(r.diagnostics).toEqual([]);
  });

  it('finds the ( of a call on a later line and across a directive', () => {
    const r = run(`#define F(x) [x]
F
#define G 7
(G)`);
    expect(r.text).toBe('[ 7 ]');
  });

  it('stops self-reference, directly and through another macro (6.10.3.4p2)', () => {
    const r = run(`#define foo foo + 1
#define a b
#define b a
#define f(x) f(x) g
#define g f
foo; a; b; f(1)(2)`);
    // g's f is produced while f's own expansion is being rescanned, so it stays unexpanded.
    expect(r.text).toBe(cTokens('foo + 1; a; b; f(1) f(2)'));
  });

  it('expands the 6.10.3.4p4 example as 2*9*g (the reading GCC and clang take)', () => {
    const r = run(`#define f(a) a*g
#define g(a) f(a)
f(2)(9)`);
    expect(r.text).toBe(cTokens('2*9*g'));
  });

  it('pre-expands arguments except next to # and ##', () => {
    const r = run(`#define ONE 1
#define str(x) #x
#define xstr(x) str(x)
#define cat(a, b) a ## b
#define id(x) x
str(ONE) xstr(ONE) cat(ON, E) id(cat(O, NE)) cat(ONE, 2)`);
    expect(r.text).toBe(cTokens('"ONE" "1" 1 1 ONE2'));
  });

  it('stringizes with single spaces and escapes strings and characters', () => {
    const r = run(`#define s(...) #__VA_ARGS__
s(  a   +   b  ) s("q\\"" '\\\\' x) s() s(a,b ,  c) s(f(1,
   2))`);
    expect(r.tokens.map((t) => t.text)).toEqual(['"a + b"', '"\\"q\\\\\\"\\" \'\\\\\\\\\' x"', '""', '"a,b , c"', '"f(1, 2)"']);
  });

  it('pastes into new tokens and reports an invalid paste', () => {
    const r = run(`#define cat(a, b) a ## b
cat(x, 1) cat(<, <=) cat(1, .5e+3) cat(+, -)`);
    expect(r.tokens.map((t) => [t.kind, t.text])).toEqual([
      ['identifier', 'x1'],
      ['punct', '<<='],
      ['number', '1.5e+3'],
      ['punct', '+'],
      ['punct', '-'],
    ]);
    expect(r.diagnostics).toEqual(["2:36: error: pasting formed '+-', an invalid preprocessing token"]);
  });

  it('supports GNU named variadics and the `, ## __VA_ARGS__` comma elision', () => {
    const r = run(`#define log(fmt, ...) printf(fmt, ## __VA_ARGS__)
#define named(args...) g(args)
log("a"); log("b", 1, 2); named(1, 2)`);
    expect(r.text).toBe(cTokens('printf("a"); printf("b", 1, 2); g(1, 2)'));
  });

  it('treats an empty argument list as one empty argument', () => {
    const r = run(`#define one(x) [x]
#define none() N
#define va(...) <__VA_ARGS__>
one() none() va() va(,)`);
    expect(r.text).toBe(cTokens('[] N <> <,>'));
    expect(r.diagnostics).toEqual([]);
  });
});

group('macro errors', () => {
  it('reports wrong argument counts at the offending token, with a note at the definition', () => {
    const r = run(`#define two(a, b) a b
#define none() x
two(1) two(1, 2, 3) none(1)`);
    expect(r.diagnostics).toEqual([
      '3:6: error: too few arguments provided to function-like macro invocation',
      '3:16: error: too many arguments provided to function-like macro invocation',
      '3:26: error: too many arguments provided to function-like macro invocation',
    ]);
    expect(r.items[0]!.notes.map((n) => `${n.line}:${n.column}: ${n.message}`)).toEqual(["1:9: macro 'two' defined here"]);
    expect(r.text).toBe('');
  });

  it('reports an unterminated invocation at the macro name', () => {
    const r = run(`#define f(x) x
a f(1, (2)
b`);
    expect(r.diagnostics).toEqual(['2:3: error: unterminated function-like macro invocation']);
    expect(r.text).toBe('a');
  });

  it('rejects malformed definitions', () => {
    const r = run(`#define
#define 3
#define defined
#define f(a, a) a
#define g(a b) a
#define h(a,) a
#define i(a
#define j(x) #y
#define k ## x
#define l x ##
#define m(1) x
#define n+1
n`);
    expect(r.diagnostics).toEqual([
      '1:8: error: macro name missing',
      '2:9: error: macro name must be an identifier',
      "3:9: error: 'defined' cannot be used as a macro name",
      "4:14: error: duplicate macro parameter name 'a'",
      '5:13: error: expected comma in macro parameter list',
      '6:13: error: expected identifier in macro parameter list',
      "7:12: error: missing ')' in macro parameter list",
      "8:14: error: '#' is not followed by a macro parameter",
      "9:11: error: '##' cannot appear at start of macro expansion",
      "10:13: error: '##' cannot appear at end of macro expansion",
      '11:11: error: invalid token in macro parameter list',
      '12:10: warning: ISO C99 requires whitespace after the macro name',
    ]);
    expect(r.text).toBe('+ 1');
  });

  it('warns on redefining and undefining builtin macros', () => {
    const r = run(`#define __LINE__ 5
__LINE__
#undef __FILE__
__FILE__`);
    expect(r.diagnostics).toEqual(['1:9: warning: redefining builtin macro', '3:8: warning: undefining builtin macro']);
    expect(r.text).toBe('5 __FILE__');
  });

  it('stops an exponential expansion with a diagnostic instead of hanging', () => {
    let source = '#define X0 a\n';
    for (let i = 1; i <= 24; i++) source += `#define X${i} X${i - 1} X${i - 1}\n`;
    source += 'X24 end';
    const r = run(source);
    expect(r.diagnostics).toEqual(['26:1: error: macro expansion produced more than 500000 tokens; expansion stopped']);
    expect(r.tokens[r.tokens.length - 1]!.text).toBe('end');
  });
});

group('nesting limit', () => {
  it('abandons macro calls nested too deeply inside arguments', () => {
    const depth = 70;
    const r = run(`#define F(x) x\n${'F('.repeat(depth)}a${')'.repeat(depth)} end`);
    // The expander 64 levels down must not pre-expand one more argument: the one starting at column 131.
    expect(r.diagnostics).toEqual(['2:131: error: macro arguments nested more than 64 levels deep']);
    expect(r.text).toBe('end');
    const ok = run(`#define F(x) x\n${'F('.repeat(60)}a${')'.repeat(60)}`);
    expect(ok).toMatchObject({ text: 'a', diagnostics: [] });
  });
});

group('locations of expanded tokens', () => {
  it('gives tokens from a macro body the expansion site, and expandedFrom the definition', () => {
    const r = run(`#define PLUS_ONE(v) (v + 1)
#define TWICE(v) PLUS_ONE(v) * 2
  x = TWICE(y);`);
    expect(r.text).toBe(cTokens('x = (y + 1) * 2;'));
    const at = (i: number) => {
      const t = r.tokens[i]!;
      const origin = t.expandedFrom && r.at(t.expandedFrom.loc);
      const from = t.expandedFrom ? ` from ${t.expandedFrom.macro}@${origin!.line}:${origin!.column}` : '';
      return `${t.text} ${r.at(t.loc).line}:${r.at(t.loc).column}${from}`;
    };
    expect(r.tokens.map((_, i) => at(i))).toEqual([
      'x 3:3',
      '= 3:5',
      '( 3:7 from PLUS_ONE@1:21',
      // An argument token keeps its own place in the source.
      'y 3:13',
      '+ 3:7 from PLUS_ONE@1:24',
      '1 3:7 from PLUS_ONE@1:26',
      ') 3:7 from PLUS_ONE@1:27',
      '* 3:7 from TWICE@2:30',
      '2 3:7 from TWICE@2:32',
      '; 3:15',
    ]);
    expect(r.at(r.tokens[2]!.loc).file).toBe('/src/main.hlsl');
  });

  it('keeps spaceBefore: the first token takes the call site spacing, the rest the definition', () => {
    const r = run(`#define P(a) a+  b
x=P(y) z`);
    expect(r.tokens.map((t) => `${t.spaceBefore ? ' ' : ''}${t.text}`).join('')).toBe('x=y+ b z');
  });
});
