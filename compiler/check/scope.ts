// Names in scope while checking: variables (as IR places), resources, types, function overload sets
// and namespaces. Scopes chain to their parent; lookups of `a::b` walk namespace scopes.
import type { Loc } from '../diagnostics.js';
import type { IrConst, IrFunction, IrGlobal, IrPlace } from '../ir/ir.js';
import type { FunctionDecl } from '../parse/ast.js';
import { UINT, type Bitfield, type StructType, type Type } from '../types.js';
import type { Held } from './resource-aliases.js';

export interface VariableSymbol {
  kind: 'variable';
  name: string;
  type: Type;
  place: IrPlace;
  readonly: boolean;
  /** Known value of a `static const` (or enum member) usable in constant expressions. */
  constant?: IrConst;
  loc: Loc;
  /** A bitfield of `this` seen by name in a method: `place` is its storage member. */
  bitfield?: Bitfield;
  /** Declared with a `half` spelling (float without -enable-16bit-types): only overload ranking tells it apart. */
  half?: boolean;
  /** A resource alias or a struct holding resources: what it holds (its `place` is unused). */
  held?: Held;
}

export interface ParamInfo {
  name: string;
  type: Type;
  direction: 'in' | 'out' | 'inout';
  hasDefault: boolean;
  /** The default argument, checked at each call site that omits it (in the declaring scope). */
  defaultExpr?: import('../parse/ast.js').Expr;
  /** Spelled `half…` without -enable-16bit-types: the same type as float, but a distinct overload (DXC's HalfFloat). */
  half?: boolean;
}

/**
 * A definition of a function declared earlier: the body (and the parameter names it sees) become the
 * definition's; default arguments may come from either declaration (C++).
 */
export function defineDeclared(declared: FunctionSymbol, definition: FunctionSymbol): void {
  declared.decl = definition.decl;
  declared.params = declared.params.map((p, i) => {
    const d = definition.params[i]!;
    const defaultExpr = p.defaultExpr ?? d.defaultExpr;
    return { ...p, name: d.name, hasDefault: p.hasDefault || d.hasDefault, ...(defaultExpr ? { defaultExpr } : {}) };
  });
}

export interface FunctionSymbol {
  kind: 'function';
  name: string;
  decl: FunctionDecl;
  params: ParamInfo[];
  returnType: Type;
  /** The scope the function was declared in (its body sees these names). */
  scope: Scope;
  ir?: IrFunction;
  /** True while its body is being lowered: a call back into it is recursion, which HLSL forbids. */
  lowering: boolean;
  /** For a (non-static) member function: the struct `this` points to, passed as a hidden first parameter. */
  thisType?: StructType;
  /** For a template function: its instantiations by argument-type key; params/returnType are unused. */
  instances?: Map<string, FunctionSymbol>;
  /** Cached: it returns a resource or calls a function that does (resource-constants.ts). */
  choosesResources?: boolean;
  /** Cached: the parameters whose value reaches a texture offset (offset-arguments.ts). */
  offsetParams?: ReadonlySet<number>;
  /** Lowerings per combination of argument resources (resource-calls.ts), by origin key. */
  specializations?: Map<string, { ir: IrFunction; returned?: (IrPlace | undefined)[]; outs?: Map<number, IrPlace>; paramVars: Map<import('../ir/ir.js').IrVar, number>; indexVars: Set<import('../ir/ir.js').IrVar> }>;
  /** The return type is spelled `half…` (see Checker.halfFlag). */
  half?: boolean;
  /** Template parameters bound for an instantiation (`T` → float), visible in its body. */
  templateScope?: Scope;
}

export type SymbolEntry =
  | VariableSymbol
  /** A type; a struct's `members` scope holds its methods, static members and nested types (`S::f`). */
  | { kind: 'type'; name: string; type: Type; loc: Loc; members?: Scope; /** A typedef of a `half` spelling (see Checker.halfFlag). */ half?: boolean }
  | { kind: 'functions'; name: string; overloads: FunctionSymbol[] }
  | { kind: 'namespace'; name: string; scope: Scope }
  /**
   * A variable whose declaration had an error (its type did not resolve): the name is known, so
   * its uses report nothing more (clang's invalid declarations; no cascade after the first error).
   */
  | { kind: 'invalid'; name: string; loc: Loc }
  /** `string s = "…";` at global scope: a constant text, only ever a printf format (printf.ts). */
  | { kind: 'string'; name: string; text: string; loc: Loc }
  /** `template <typename T> using A = …;`: the aliased type resolved per argument list (alias-templates.ts). */
  | { kind: 'aliasTemplate'; name: string; decl: { templateParams: import('../parse/ast.js').TemplateParam[]; type: import('../parse/ast.js').TypeSpec; attributes?: import('../parse/ast.js').Attribute[] }; scope: Scope; loc: Loc }
  /** `template <class A, class B> static const bool is_same_v = …;`: a constant per argument list (variable-templates.ts). */
  | { kind: 'varTemplate'; name: string; decl: import('../parse/ast.js').VarDecl; scope: Scope; specializations: { decl: import('../parse/ast.js').VarDecl; scope: Scope }[]; instances: Map<string, import('../ir/ir.js').IrConst> }
  /** `template <typename T> struct Box { … }`: instantiated per argument list (struct-templates.ts). */
  | { kind: 'template'; name: string; decl: import('../parse/ast.js').StructDecl; scope: Scope; instances: Map<string, StructType>; bindings: Map<number, (Type | number)[]>; /** Members defined outside the template (`T Box<T>::get() { … }`). */ outOfLine: import('../parse/ast.js').FunctionDecl[]; /** Explicit specializations (`template <> struct Box<int> { … }`) by argument key. */ specializations: Map<string, { decl: import('../parse/ast.js').StructDecl; scope: Scope }>; /** Partial specializations (`template <class T> struct Box<vector<T, 4> >`), in declaration order. */ partials?: { decl: import('../parse/ast.js').StructDecl; scope: Scope }[]; /** Static data members defined outside the template (`T Box<T>::table[2] = …`). */ outOfLineVars?: import('../parse/ast.js').VarDecl[] };

export class Scope {
  private readonly symbols = new Map<string, SymbolEntry>();
  /** Namespaces made visible here by `using namespace N;`. */
  private readonly usings: Scope[] = [];

  constructor(
    readonly parent: Scope | undefined,
    readonly kind: 'global' | 'namespace' | 'function' | 'block' | 'struct',
  ) {}

  define(entry: SymbolEntry): SymbolEntry | undefined {
    const previous = this.symbols.get(entry.name);
    if (previous && previous.kind === 'functions' && entry.kind === 'functions') {
      previous.overloads.push(...entry.overloads);
      return undefined;
    }
    this.symbols.set(entry.name, entry);
    // C++: a variable may take the name of a struct of its scope (`ConstantBuffer<Constants> Constants;`,
    // as DXC accepts); the name then means the variable.
    if (previous?.kind === 'type' && previous.type.kind === 'struct' && (entry.kind === 'variable' || entry.kind === 'invalid')) return undefined;
    return previous;
  }

  /** `using namespace`: the namespace's names become visible in this scope (after its own names). */
  use(namespace: Scope): void {
    if (!this.usings.includes(namespace)) this.usings.push(namespace);
  }

  own(name: string): SymbolEntry | undefined {
    return this.symbols.get(name);
  }

  /** Looks up `a`, or `ns::a` through namespace scopes, innermost scope first. */
  lookup(name: string): SymbolEntry | undefined {
    // Most names are unqualified: no split (this runs for every name the checker meets).
    if (!name.includes(':')) {
      for (let scope: Scope | undefined = this; scope; scope = scope.parent) {
        const found = scope.symbols.get(name) ?? scope.fromUsings(name);
        if (found) return found;
      }
      return undefined;
    }
    const parts = name.split('::');
    for (let scope: Scope | undefined = this; scope; scope = scope.parent) {
      let found = scope.symbols.get(parts[0]!) ?? scope.fromUsings(parts[0]!);
      for (let i = 1; found && i < parts.length; i++) {
        const inner = found.kind === 'namespace' ? found.scope : found.kind === 'type' ? found.members : undefined;
        found = inner?.symbols.get(parts[i]!);
      }
      if (found) return found;
    }
    return undefined;
  }

  private fromUsings(name: string): SymbolEntry | undefined {
    for (const ns of this.usings) {
      const found = ns.symbols.get(name) ?? ns.fromUsings(name);
      if (found) return found;
    }
    return undefined;
  }

  /** Looks up a member of a struct scope, then of its bases' scopes (the chain of struct scopes). */
  lookupMember(name: string): SymbolEntry | undefined {
    for (let scope: Scope | undefined = this; scope?.kind === 'struct'; scope = scope.parent) {
      const found = scope.symbols.get(name);
      if (found) return found;
    }
    return undefined;
  }

  /** All variable names visible from here (for "did you mean" suggestions). */
  visibleNames(): string[] {
    const names: string[] = [];
    for (let scope: Scope | undefined = this; scope; scope = scope.parent) names.push(...scope.symbols.keys());
    return names;
  }
}

export function irGlobalPlace(global: IrGlobal): IrPlace {
  return { kind: 'global', global, type: global.type };
}

/** A predeclared `const uint` (vk scopes, ray flags, barrier flags): a read-only local holding its value. */
export function uintConstant(name: string, value: number, id: number, loc: Loc): VariableSymbol {
  const place: IrPlace = { kind: 'local', local: { id, name, type: UINT }, type: UINT };
  return { kind: 'variable', name, type: UINT, place, readonly: true, constant: { kind: 'scalar', type: UINT, value }, loc };
}
