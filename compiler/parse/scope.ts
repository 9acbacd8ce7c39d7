// The parser's table of type names. HLSL, like C, cannot be parsed without knowing which names are
// types: `(S)x` is a cast only if S names a type, `f<float>(x)` is a template call only if f is a
// template. Names are scoped like the language: namespaces, structs, blocks, template parameters.
import { BUILTIN_TYPES, VK_TEMPLATE_TYPES } from './keywords.js';

export class TypeScope {
  // Made on first use: a scope is pushed for every block and most declare no type, so empty
  // Sets and Maps made up front were a large share of the parser's short-lived garbage.
  private types: Set<string> | undefined;
  /** Names declared with `template<…>` (functions and structs): `name<` starts template arguments. */
  private templates: Set<string> | undefined;
  /** Named child scopes reachable as `Name::…` (namespaces, structs, enums). */
  private children: Map<string, TypeScope> | undefined;
  /** `using namespace N;` makes N's names visible here. */
  private usings: TypeScope[] | undefined;

  constructor(readonly parent?: TypeScope) {}

  addType(name: string): void {
    (this.types ??= new Set()).add(name);
  }

  addTemplate(name: string): void {
    (this.templates ??= new Set()).add(name);
  }

  addUsing(scope: TypeScope): void {
    (this.usings ??= []).push(scope);
  }

  child(name: string): TypeScope {
    let scope = this.children?.get(name);
    if (!scope) {
      scope = new TypeScope(this);
      (this.children ??= new Map()).set(name, scope);
    }
    return scope;
  }

  /** Is `name` declared here, or in a namespace this scope imports with `using namespace`? */
  has(name: string, template: boolean): boolean {
    if ((template ? this.templates : this.types)?.has(name)) return true;
    if (this.usings) for (const u of this.usings) if ((template ? u.templates : u.types)?.has(name)) return true;
    return false;
  }

  /** The child scope `name`, here or in an imported namespace. */
  findChild(name: string): TypeScope | undefined {
    const direct = this.children?.get(name);
    if (direct) return direct;
    if (this.usings) {
      for (const u of this.usings) {
        const found = u.children?.get(name);
        if (found) return found;
      }
    }
    return undefined;
  }
}

/** The scopes visible at the parser's position, innermost last. */
export class ScopeStack {
  readonly global = new TypeScope();
  /**
   * Names of member function templates of any struct: after `.` or `Type::` such a name followed by
   * `<` starts template arguments (`m.Store<Layout>(…)`, `Alias::Load<Layout>(…)`), since the parser
   * cannot tell which struct an object or alias has.
   */
  readonly memberTemplates = new Set<string>();
  /** Names of variable templates: `is_same_v<A, B>` is a value, its arguments followed by anything. */
  readonly variableTemplates = new Set<string>();
  private readonly stack: TypeScope[] = [this.global];

  constructor() {
    // The implicit `vk` namespace's templates (inline SPIR-V types): `vk::Literal<…>` as an argument is a type.
    const vk = this.global.child('vk');
    for (const name of VK_TEMPLATE_TYPES) {
      vk.addType(name);
      vk.addTemplate(name);
    }
  }

  get current(): TypeScope {
    return this.stack[this.stack.length - 1]!;
  }

  push(scope: TypeScope = new TypeScope(this.current)): TypeScope {
    this.stack.push(scope);
    return scope;
  }

  pop(): void {
    if (this.stack.length > 1) this.stack.pop();
  }

  /** Restores the stack height after error recovery unwound past `pop` calls. */
  truncate(height: number): void {
    this.stack.length = Math.max(1, Math.min(this.stack.length, height));
  }

  get height(): number {
    return this.stack.length;
  }

  declareType(name: string, template = false): void {
    this.current.addType(name);
    if (template) this.current.addTemplate(name);
  }

  declareTemplate(name: string): void {
    this.current.addTemplate(name);
  }

  /**
   * Pushes a named scope reached by qualification (`float ns::S::f() {…}`) with its enclosing scopes,
   * so lookups inside see the same names as inside the struct itself. Returns how many were pushed.
   */
  pushWithAncestors(scope: TypeScope): number {
    const chain: TypeScope[] = [];
    for (let s: TypeScope | undefined = scope; s && s !== this.global; s = s.parent) chain.unshift(s);
    for (const s of chain) this.push(s);
    return chain.length;
  }

  /** Is the (possibly qualified) name a type? `parts` are the `::`-separated components. */
  isType(parts: readonly string[], global = false): boolean {
    const last = parts[parts.length - 1]!;
    if (parts.length === 1 && !global) return BUILTIN_TYPES.has(last) || this.findUnqualified(last, false);
    const owner = this.resolveScope(parts.slice(0, -1), global);
    return owner !== undefined && owner.has(last, false);
  }

  /** `isType([name])` without the array: an unqualified name. */
  isTypeName(name: string): boolean {
    return BUILTIN_TYPES.has(name) || this.findUnqualified(name, false);
  }

  isTemplate(parts: readonly string[], global = false): boolean {
    const last = parts[parts.length - 1]!;
    if (parts.length === 1 && !global) return this.findUnqualified(last, true);
    if (this.memberTemplates.has(last) && this.isType(parts.slice(0, -1), global)) return true;
    const owner = this.resolveScope(parts.slice(0, -1), global);
    return owner !== undefined && owner.has(last, true);
  }

  /** The scope a qualifier like `A::B` names, searching outward from the current position. */
  resolveScope(parts: readonly string[], global = false): TypeScope | undefined {
    if (parts.length === 0) return global ? this.global : this.current;
    let scope: TypeScope | undefined;
    if (global) scope = this.global.findChild(parts[0]!);
    else for (let i = this.stack.length - 1; i >= 0 && !scope; i--) scope = this.stack[i]!.findChild(parts[0]!);
    for (let i = 1; i < parts.length && scope; i++) scope = scope.findChild(parts[i]!);
    return scope;
  }

  /** Scopes are pushed with their enclosing ones, so the stack alone is the lookup path. */
  private findUnqualified(name: string, template: boolean): boolean {
    for (let i = this.stack.length - 1; i >= 0; i--) if (this.stack[i]!.has(name, template)) return true;
    return false;
  }
}
