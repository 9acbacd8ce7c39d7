// The checker: resolves names and types of a parsed program and lowers it to the IR in the same walk
// (the way clang's Sema produces a typed tree). Declarations are collected first; function bodies are
// lowered on demand from the entry points, so only reachable code is checked deeply and emitted.
import type { DiagnosticSink, Loc } from '../diagnostics.js';
import { BUILTIN_HEADER_DIR } from '../headers/index.js';
import type { IrConst, IrEntryPoint, IrExpr, IrFunction, IrGlobal, IrModule, IrVar } from '../ir/ir.js';
import { hlslVersionNumber, type CompileOptions, type EntryPointRequest } from '../options.js';
import type * as ast from '../parse/ast.js';
import {
  arrayOf,
  isResourceOrArrayOf,
  VOID,
  type Bitfield,
  type Majorness,
  type StructField,
  type StructType,
  type Type,
  typeKey,
  typeToString,
} from '../types.js';
import { assignBindings } from './bindings.js';
import { aliasMembers, resolveTypeName } from './type-names.js';
import { DescriptorHeaps } from './descriptor-heaps.js';
import { flattenArray } from './flatten-arrays.js';
import { resourceGlobal } from './resource-globals.js';

export { isBufferResource } from './resource-globals.js';
import { applyImageFormat, counterGlobal, counterStruct, pushConstantGlobal, resourceDecorations, specConstantGlobal, viewType } from './resource-decls.js';
import { evaluateConstant } from './constant-eval.js';
import { refuseSpirvAttributes, spirvAttributes, spirvDecorations } from './spirv-decorations.js';
import { checkExtTypesDefined, ExtTypes, uniformConstantStorage, refuseOpaqueUniform, withTypeRequirements } from './spirv-types.js';
import { collectEntryPoints, libraryExports, lowerEntryPoint, referencedGlobals } from './entry-points.js';
import { callsGetAttributeAtVertex, checkAttributeInputs } from './attribute-evaluation.js';
import { builtinGlobal } from './builtin-globals.js';
import { declareStrings, isStringDecl } from './printf.js';
import { ExpressionChecker } from './expressions.js';
import { shaderRecord } from './ray-types.js';
import { declarePredeclared, FIRST_FREE_ID } from './predeclared.js';
import { declaredExecutionModes, spirvRequirements } from './inline-spirv.js';
import { declareStaticAlias, holdsResource } from './resource-aliases.js';
import { declareResourceStruct } from './resource-structs.js';
import { lowerDeferredStatics, type DeferredStatics } from './deferred-statics.js';
import { declarePrivateGlobal } from './private-globals.js';
import { defineDeclared, irGlobalPlace, Scope, type FunctionSymbol, type ParamInfo } from './scope.js';
import { lowerFunctionBody } from './statements.js';
import { addDataMembers, packOffsetBytes } from './struct-members.js';
import { declareOutOfLineStatic, declareSpecialization, defineOutOfLine } from './struct-templates.js';
import { halfFlag } from './half-spelling.js';
import { refuseStreamVariable } from './stage-types.js';
import { refuseNodeParameter, refuseNodeVariable } from './node-objects.js';
import { declareEnum, defineStaticMember, zeroInitializeStatics } from './enums-and-statics.js';
import { declareForwardStruct, forwardDeclared } from './forward-structs.js';
import { declareVariableTemplate } from './variable-templates.js';

/** A global awaiting its binding, with the annotations the binding passes read. */
export interface ResourceDecl {
  global: IrGlobal;
  attributes: ast.Attribute[];
  registers: ast.RegisterAnnotation[];
  loc: Loc;
  /** For the counter block of a RW/Append/Consume structured buffer: that buffer's declaration. */
  counterOf?: ResourceDecl;
  /** -fspv-flatten-resource-arrays: the element variables, bound consecutively from `global`'s binding. */
  elements?: IrGlobal[];
  /** A RWStructuredBuffer counter: bound only if code uses it, after the declared resources (as DXC). */
  deferred?: boolean;
  /** A deferred counter no code uses: removed from the module. */
  dropped?: boolean;
}

export class Checker {
  readonly global = new Scope(undefined, 'global');
  /** The program being checked (set by checkProgram). */
  private program: ast.Program | undefined;
  private perVertex: boolean | undefined;
  /**
   * The program calls GetAttributeAtVertex: helpers' nointerpolation parameters hold three vertices
   * (attribute-evaluation.ts). A walk of the whole program, made on the first question (few programs
   * have a parameter it is asked for).
   */
  get perVertexProgram(): boolean {
    return (this.perVertex ??= this.program !== undefined && callsGetAttributeAtVertex(this.program));
  }
  /** Some code lowered to an 'interpolate' expression (attribute-evaluation.ts): only then are their inputs checked. */
  madeInterpolation = false;
  /** Such parameters' variables (T[3]). */
  readonly perVertexVars = new Set<IrVar>();
  /** The functions compiled as entry points (their parameters are the stage's inputs). */
  readonly entrySymbols = new Set<FunctionSymbol>();
  readonly globals: IrGlobal[] = [];
  readonly functions: IrFunction[] = [];
  readonly resources: ResourceDecl[] = [];
  /** Loose uniform globals, gathered into the `$Globals` cbuffer. */
  readonly looseUniforms: { field: StructField; register?: number; loc: Loc }[] = [];
  private nextId = FIRST_FREE_ID;
  private packMatrix: Majorness | undefined;
  readonly enable16: boolean;
  readonly defaultMajorness: Majorness;
  /** The language version as DXC numbers it (202x is 2029). */
  readonly languageVersion: number;
  readonly exprs: ExpressionChecker;
  /** `static` globals whose initializers run at the start of every entry point. */
  private staticInitFn: IrFunction | undefined;
  /** Member scopes of structs by struct id: methods, static members, nested types. */
  readonly structMembers = new Map<number, Scope>();
  /** The base struct of each derived struct, by struct id (the base is its member 0). */
  readonly structBases = new Map<number, StructType>();
  /** Structs declared but not yet defined (forward-structs.ts), by id. */
  readonly incompleteStructs = new Set<number>();
  /** Above 0 while resolving a buffer pointer's pointee or a typedef: an incomplete struct may be named. */
  incompleteAllowed = 0;
  /** Set when a resource alias (resource-aliases.ts) was used: DXC would have run legalization. */
  legalizedResources = false;
  /** Inline SPIR-V declared the VulkanMemoryModel capability (inline-spirv.ts): so does the module. */
  vulkanMemoryModel = false;
  /** Statics whose initializer runs in code (static-initialization function or a guarded local): no zero start. */
  readonly initializedAtRunTime = new Set<IrGlobal>();
  /** Static initializers that call functions defined after them (deferred-statics.ts). */
  readonly deferredStatics: DeferredStatics = { inits: [], names: new Set() };
  /** A global struct of resources was split (resource-structs.ts): resource arrays take one binding per element, as DXC. */
  splitResourceStructs = false;
  /** Parameters no code writes (`in` ones the body never assigns, hidden resource-index ones): never spilled. */
  readonly unwritten = new Set<IrVar>();
  /** Locals that carry a loop counter or parameter to a texture offset and are never written: a constant initializer folds their reads (offset-arguments.ts). */
  readonly foldedLocals = new WeakSet<ast.Declarator>();
  /** -fspv-flatten-resource-arrays: each flattened array global and its element variables. */
  readonly flattened = new Map<IrGlobal, IrGlobal[]>();
  /** SM 6.6 ResourceDescriptorHeap / SamplerDescriptorHeap: globals made as code reads them. */
  readonly heaps = new DescriptorHeaps(this);
  /** `vk::ext_type<N>` types, defined as their ext_type_def functions are called. */
  readonly extTypes = new ExtTypes();

  constructor(
    readonly sink: DiagnosticSink,
    readonly options: CompileOptions,
  ) {
    this.enable16 = options.enable16BitTypes ?? false;
    this.defaultMajorness = options.defaultMajorness ?? 'column_major';
    this.languageVersion = hlslVersionNumber(options.hlslVersion);
    this.exprs = new ExpressionChecker(this);
    declarePredeclared(this.global);
  }

  newId(): number {
    return this.nextId++;
  }

  error(message: string, loc: Loc, length = 1): void {
    this.sink.error(message, loc, length);
  }

  // -------------------------------------------------------------------------------------------
  // Program

  checkProgram(program: ast.Program, filename: string): IrModule | undefined {
    this.program = program;
    this.perVertex = undefined;
    this.declareAll(program.decls, this.global);
    lowerDeferredStatics(this);
    const globalsBlock = this.buildGlobalsCBuffer();

    const requests: EntryPointRequest[] | undefined = this.options.entryPoints;
    const entries = collectEntryPoints(this, requests);
    for (const entry of entries) this.entrySymbols.add(entry.symbol);
    const entryPoints: IrEntryPoint[] = [];
    for (const entry of entries) {
      const ep = lowerEntryPoint(this, entry.symbol, entry.stage);
      if (ep) entryPoints.push(ep);
    }
    // Export functions stay for other modules to link to (a library's whether called or not).
    const exports = [...new Set([...libraryExports(this, entries.length), ...this.functions.filter((fn) => fn.linkage)])];
    if (this.madeInterpolation) checkAttributeInputs(this, this.functions, entryPoints);
    checkExtTypesDefined(this);
    zeroInitializeStatics(this.globals, this.initializedAtRunTime);
    // Bindings come after codegen, as in DXC: which counters exist depends on the code.
    const exported = new Set(exports.flatMap(referencedGlobals));
    const used = (g: IrGlobal) => exported.has(g) || entryPoints.some((ep) => ep.globals.includes(g));
    assignBindings(this, globalsBlock, used);
    this.heaps.assignBindings(used);
    if (this.sink.hasErrors()) return undefined;
    return {
      globals: this.globals,
      functions: this.functions,
      entryPoints,
      defaultMajorness: this.defaultMajorness,
      sourceFile: filename,
      ...(this.legalizedResources ? { legalizedResources: true } : {}),
      ...(this.vulkanMemoryModel ? { vulkanMemoryModel: true } : {}),
      ...(exports.length ? { exports } : {}),
    };
  }

  private declareAll(decls: ast.Decl[], scope: Scope): void {
    for (const decl of decls) this.declare(decl, scope);
  }

  /** Declares one declaration in a scope (global, namespace, struct, or a function's block scope). */
  declare(decl: ast.Decl, scope: Scope): void {
    switch (decl.kind) {
      case 'PackMatrixPragma':
        this.packMatrix = decl.majorness;
        return;
      case 'StructDecl':
        if (decl.templateParams?.length && !this.templatesAllowed(decl.templateLoc ?? decl.loc)) return;
        if (decl.specializationArgs) {
          if (!this.templatesAllowed(decl.templateLoc ?? decl.loc)) return;
          declareSpecialization(this, decl, scope);
        } else if (decl.templateParams?.length) {
          const own = scope.own(decl.name);
          // A forward-declared template (`template <class T> class S;`) is completed by its definition.
          if (own?.kind === 'template' && (own.decl.forward || decl.forward)) {
            if (!decl.forward) own.decl = decl;
            return;
          }
          const prev = scope.define({ kind: 'template', name: decl.name, decl, scope, instances: new Map(), bindings: new Map(), outOfLine: [], specializations: new Map() });
          if (prev) this.error(`redefinition of '${decl.name}'`, decl.loc, decl.name.length);
        } else if (decl.forward) declareForwardStruct(this, decl, scope);
        else this.declareStruct(decl, scope);
        return;
      case 'TypedefDecl':
        this.declareTypedef(decl, scope);
        return;
      case 'FunctionDecl':
        if (decl.templateParams?.length && !this.templatesAllowed(decl.templateLoc ?? decl.loc)) return;
        this.declareFunction(decl, scope);
        return;
      case 'BufferDecl':
        this.declareBuffer(decl, scope);
        return;
      case 'VarDecl':
        this.declareGlobalVar(decl, scope);
        return;
      case 'NamespaceDecl': {
        const existing = scope.own(decl.name);
        const ns = existing?.kind === 'namespace' ? existing.scope : new Scope(scope, 'namespace');
        if (!existing) scope.define({ kind: 'namespace', name: decl.name, scope: ns });
        this.declareAll(decl.decls, ns);
        return;
      }
      case 'EnumDecl':
        declareEnum(this, decl, scope);
        return;
      case 'UsingDecl':
        if (decl.alias?.templateParams) {
          if (!this.templatesAllowed(decl.templateLoc ?? decl.loc)) return;
          const { name, templateParams, type, attributes } = decl.alias;
          const prev = scope.define({ kind: 'aliasTemplate', name, decl: { templateParams, type, ...(attributes ? { attributes } : {}) }, scope, loc: decl.loc });
          if (prev) this.error(`redefinition of '${name}'`, decl.loc, name.length);
        } else if (decl.alias) {
          const resolved = this.resolveType(decl.alias.type, scope, []);
          const t = resolved && withTypeRequirements(this, resolved, decl.alias.attributes, scope);
          if (t) scope.define({ kind: 'type', name: decl.alias.name, type: t, loc: decl.loc, ...aliasMembers(this, t, decl.alias.type, scope), ...this.halfFlag(decl.alias.type, scope) });
        } else if (decl.member) {
          const target = scope.lookup(decl.member.target);
          if (!target) this.error(`no member named '${decl.member.name}' in '${decl.member.target.slice(0, decl.member.target.lastIndexOf('::')) || '::'}'`, decl.loc);
          else if (target.kind === 'functions') scope.define({ kind: 'functions', name: decl.member.name, overloads: [...target.overloads] });
          else scope.define({ ...target, name: decl.member.name });
        } else if (decl.namespace) {
          const ns = scope.lookup(decl.namespace);
          if (ns?.kind !== 'namespace') this.error(`'${decl.namespace}' is not a namespace`, decl.loc);
          else scope.use(ns.scope);
        }
        return;
    }
  }

  /** Templates are HLSL 2021: before it, DXC reserves the keyword. */
  private templatesAllowed(loc: Loc): boolean {
    if (this.languageVersion >= 2021) return true;
    this.error("'template' is a reserved keyword in HLSL", loc);
    return false;
  }

  // -------------------------------------------------------------------------------------------
  // Types

  /** The outermost type spelled in the user's source being resolved: where a built-in header's inline types are "written". */
  typeUseSite: Loc | undefined;

  /** Resolves a written type, applying majorness modifiers (explicit, else `#pragma pack_matrix`). */
  resolveType(spec: ast.TypeSpec, scope: Scope, modifiers: readonly ast.Modifier[]): Type | undefined {
    if (this.typeUseSite !== undefined || this.sink.locations.fileOf(spec.loc).startsWith(BUILTIN_HEADER_DIR)) return this.resolveTypeAt(spec, scope, modifiers);
    this.typeUseSite = spec.loc;
    try { return this.resolveTypeAt(spec, scope, modifiers); } finally { this.typeUseSite = undefined; }
  }

  private resolveTypeAt(spec: ast.TypeSpec, scope: Scope, modifiers: readonly ast.Modifier[]): Type | undefined {
    const named = resolveTypeName(this, spec, scope);
    const t = named && spec.arrayDims ? this.arrayType(named, spec.arrayDims, scope, false) : named;
    if (!t) return undefined;
    const explicit = modifiers.includes('row_major')
      ? 'row_major'
      : modifiers.includes('column_major')
        ? 'column_major'
        : spec.modifiers?.includes('row_major')
          ? 'row_major'
          : spec.modifiers?.includes('column_major')
            ? 'column_major'
            : undefined;
    const majorness = explicit ?? this.packMatrix;
    return majorness ? withMajorness(t, majorness) : t;
  }

  /** `{ half: true }` for a type spelled with `half` while half is float (half-spelling.ts). */
  halfFlag(spec: ast.TypeSpec, scope: Scope): { half?: true } {
    return halfFlag(this, spec, scope);
  }

  /** Applies array dimensions (outermost first) to an element type. */
  arrayType(element: Type, dims: readonly (ast.Expr | null)[], scope: Scope, allowUnsized: boolean): Type | undefined {
    let t = element;
    for (let i = dims.length - 1; i >= 0; i--) {
      const d = dims[i];
      if (d === null || d === undefined) {
        if (!allowUnsized) return arrayOf(t, null);
        t = arrayOf(t, null);
        continue;
      }
      const n = this.constantInt(d, scope);
      if (n === undefined) return undefined;
      if (n <= 0) {
        this.error(`array size must be greater than zero`, d.loc);
        return undefined;
      }
      t = arrayOf(t, n);
    }
    return t;
  }

  /** Evaluates an integer constant expression (array sizes, template arguments, attribute args). */
  constantInt(expr: ast.Expr, scope: Scope): number | undefined {
    const value = this.constantValue(expr, scope);
    if (value === undefined) return undefined;
    if (value.kind !== 'scalar') {
      this.error(`expression must be an integer constant`, expr.loc);
      return undefined;
    }
    // A bool converts as in C++ (a bool template parameter passed on as an argument).
    return Number(value.value);
  }

  constantValue(expr: ast.Expr, scope: Scope, notConstant = 'expression is not a compile-time constant'): IrConst | undefined {
    const errorsBefore = this.sink.errorCount;
    const v = this.exprs.check(expr, scope);
    if (!v || this.sink.errorCount > errorsBefore) return undefined;
    const c = evaluateConstant(this.exprs.rvalue(v));
    if (!c) this.error(notConstant, expr.loc);
    return c;
  }

  // -------------------------------------------------------------------------------------------
  // Declarations

  /** Struct types of anonymous struct definitions (`struct { … } s;`), declared once each. */
  private readonly anonymousStructs = new Map<ast.StructDecl, StructType>();

  /** `struct { … } s;` or `typedef struct { … } Name;` (then the struct takes the typedef's name, as in DXC). */
  anonymousStruct(decl: ast.StructDecl, scope: Scope, typedefName?: string): StructType | undefined {
    const known = this.anonymousStructs.get(decl);
    if (known) return known;
    const struct = this.declareStruct(decl, scope, typedefName);
    if (struct) this.anonymousStructs.set(decl, struct);
    return struct;
  }

  declareStruct(decl: ast.StructDecl, scope: Scope, typeName = decl.name): StructType | undefined {
    const forward = forwardDeclared(this, decl.name, scope);
    const struct: StructType = forward ?? { kind: 'struct', name: typeName, fields: [], id: this.newId() };
    if (forward) this.incompleteStructs.delete(forward.id);
    if (decl.attributes.some((a) => a.name.toLowerCase() === 'nodetrackrwinputsharing')) struct.trackRWInputSharing = true;
    const base = this.structBase(decl, scope);
    // A derived struct's member scope sees its base's members (methods, static members, nested types).
    const inner = (forward && !base && this.structMembers.get(forward.id)) || new Scope(base ? this.structMembers.get(base.id) : scope, 'struct');
    if (decl.name) scope.define({ kind: 'type', name: decl.name, type: struct, loc: decl.loc, members: inner });
    this.structMembers.set(struct.id, inner);
    if (base) {
      // As DXC lays it out: the base is an unnamed first member, its fields reached through it.
      struct.fields.push({ name: '', type: base });
      this.structBases.set(struct.id, base);
    }
    for (const member of decl.members) {
      if (member.kind === 'FunctionDecl') {
        // Member functions take `this` as a hidden first parameter (manual: struct/class methods).
        this.declareFunction(member, inner, member.modifiers.includes('static') ? undefined : struct);
        continue;
      }
      if (member.kind !== 'VarDecl') {
        if (member.kind === 'StructDecl' || member.kind === 'TypedefDecl' || member.kind === 'EnumDecl' || member.kind === 'UsingDecl') this.declare(member, inner);
        else this.error(`this member kind is not supported in structs`, member.loc);
        continue;
      }
      if (member.modifiers.includes('static')) {
        // Static data members are Private globals (manual: "static member variables").
        this.declareGlobalVar(member, inner);
        continue;
      }
      addDataMembers(this, struct, member, inner);
    }
    return struct;
  }

  /** The base of `struct D : B`: one struct (HLSL has single inheritance of structs only). */
  private structBase(decl: ast.StructDecl, scope: Scope): StructType | undefined {
    const [first, ...rest] = decl.bases;
    for (const extra of rest) this.error(`multiple inheritance is not allowed: '${decl.name}' already derives from '${first!.name}'`, extra.loc, extra.name.length);
    if (!first) return undefined;
    const t = this.resolveType(first, scope, []);
    if (!t) return undefined;
    if (t.kind !== 'struct') {
      this.error(`base of '${decl.name}' must be a struct, not '${typeToString(t)}'`, first.loc, first.name.length);
      return undefined;
    }
    return t;
  }

  /** The path of member indices to a field by name, searching the base chain; undefined if absent. */
  fieldPath(t: StructType, name: string): { path: number[]; type: Type; bitfield?: Bitfield } | undefined {
    // A bitfield is found in the member that stores it (the first one's name is the member's too).
    const packed = t.fields.findIndex((f) => f.bitfields?.some((b) => b.name === name));
    if (packed >= 0) return { path: [packed], type: t.fields[packed]!.type, bitfield: t.fields[packed]!.bitfields!.find((b) => b.name === name)! };
    const index = t.fields.findIndex((f) => f.name === name && name !== '');
    if (index >= 0) return { path: [index], type: t.fields[index]!.type };
    const base = this.structBases.get(t.id);
    const inBase = base && this.fieldPath(base, name);
    return inBase && { ...inBase, path: [0, ...inBase.path] };
  }

  /** How many base steps lead from `derived` up to `base` (0 for the same struct), or undefined. */
  baseDistance(derived: StructType, base: StructType): number | undefined {
    let steps = 0;
    for (let t: StructType | undefined = derived; t; t = this.structBases.get(t.id), steps++) if (t.id === base.id) return steps;
    return undefined;
  }

  attrInt(attr: ast.Attribute, index: number, scope: Scope): number | undefined {
    const arg = attr.args[index];
    if (!arg) {
      this.error(`attribute '${attr.name}' needs argument ${index + 1}`, attr.loc);
      return undefined;
    }
    return this.constantInt(arg, scope);
  }

  private declareTypedef(decl: ast.TypedefDecl, scope: Scope): void {
    if (decl.type.struct && !decl.type.struct.name) this.anonymousStruct(decl.type.struct, scope, decl.declarators[0]?.name);
    // A typedef may name a struct declared but not yet defined (`typedef struct S T;`).
    this.incompleteAllowed++;
    const resolved = this.resolveType(decl.type, scope, decl.modifiers);
    this.incompleteAllowed--;
    const base = resolved && withTypeRequirements(this, resolved, decl.attributes, scope);
    if (!base) return;
    for (const d of decl.declarators) {
      const t = this.arrayType(base, d.arrayDims, scope, false);
      if (t) scope.define({ kind: 'type', name: d.name, type: t, loc: d.loc, ...aliasMembers(this, t, decl.type, scope), ...this.halfFlag(decl.type, scope) });
    }
  }

  private declareFunction(decl: ast.FunctionDecl, scope: Scope, thisType?: StructType): void {
    let name = decl.name;
    if (name.includes('::')) {
      // Out-of-line member definition `float S::f() { … }`: declare it in S's member scope.
      const owner = scope.lookup(name.slice(0, name.lastIndexOf('::')));
      if (owner?.kind === 'namespace') {
        // `float A::B::f() { … }`: a function of namespace A::B defined outside it.
        this.declareFunction({ ...decl, name: name.slice(name.lastIndexOf('::') + 2) }, owner.scope);
        return;
      }
      if (owner?.kind === 'template') {
        // `template <typename T> T Box<T>::get() { … }`: defined in every instantiation, now and later.
        owner.outOfLine.push(decl);
        for (const struct of owner.instances.values()) defineOutOfLine(this, owner, decl, struct);
        return;
      }
      if (owner?.kind !== 'type' || !owner.members || owner.type.kind !== 'struct') {
        this.error(`'${name.slice(0, name.lastIndexOf('::'))}' is not a struct`, decl.nameLoc, name.length);
        return;
      }
      name = name.slice(name.lastIndexOf('::') + 2);
      const previous = owner.members.own(name);
      const isStatic = previous?.kind === 'functions' && previous.overloads.every((o) => !o.thisType);
      scope = owner.members;
      thisType = isStatic ? undefined : owner.type;
    }
    let symbol: FunctionSymbol | undefined;
    if (decl.templateParams?.length) {
      symbol = { kind: 'function', name, decl, params: [], returnType: VOID, scope, lowering: false, instances: new Map(), ...(thisType ? { thisType } : {}) };
    } else {
      symbol = this.functionSymbol(decl, name, scope, scope, thisType);
      if (!symbol) {
        // Its signature's error was reported: calls to it say nothing more.
        if (!scope.own(name)) scope.define({ kind: 'invalid', name, loc: decl.nameLoc });
        return;
      }
    }
    const existing = scope.own(name);
    if (existing?.kind === 'functions') {
      const same = symbol.instances ? undefined : existing.overloads.find((o) => !o.instances && sameSignature(o.params, symbol.params));
      if (same) {
        if (same.decl.body && decl.body) {
          this.error(`redefinition of '${name}'`, decl.nameLoc, decl.name.length);
          return;
        }
        if (decl.body) defineDeclared(same, symbol);
        return;
      }
    } else if (existing) {
      this.error(`'${name}' redeclared as a different kind of symbol`, decl.nameLoc, decl.name.length);
      return;
    }
    scope.define({ kind: 'functions', name, overloads: [symbol] });
  }

  /** Resolves a function's signature in `typeScope`; its body will see `bodyScope`. */
  functionSymbol(decl: ast.FunctionDecl, name: string, typeScope: Scope, bodyScope: Scope, thisType?: StructType): FunctionSymbol | undefined {
    const returnType = this.resolveType(decl.returnType, typeScope, decl.modifiers);
    if (!returnType || refuseNodeVariable(this, returnType, `${name}()`, decl.nameLoc, false)) return undefined;
    const params: ParamInfo[] = [];
    for (const p of decl.params) {
      const base = this.resolveType(p.type, typeScope, p.modifiers);
      if (!base) return undefined;
      const t = this.arrayType(base, p.arrayDims, typeScope, false);
      if (!t || refuseNodeParameter(this, t, p)) return undefined;
      // HLSL passes a RayQuery by reference (one query object): as an inout place, which the back end
      // passes as the caller's variable itself, never a copy that would split its state in two.
      const direction = t.kind === 'rayQuery' || p.modifiers.includes('inout') || (p.modifiers.includes('in') && p.modifiers.includes('out'))
        ? 'inout'
        : p.modifiers.includes('out')
          ? 'out'
          : 'in';
      params.push({ name: p.name, type: t, direction, hasDefault: p.default !== undefined, ...(p.default ? { defaultExpr: p.default } : {}), ...this.halfFlag(p.type, typeScope) });
    }
    for (let i = 1; i < params.length; i++) {
      if (params[i - 1]!.hasDefault && !params[i]!.hasDefault) {
        this.error(`missing default argument on parameter '${params[i]!.name}'`, decl.params[i]!.loc, params[i]!.name.length || 1);
        return undefined;
      }
    }
    return { kind: 'function', name, decl, params, returnType, scope: bodyScope, lowering: false, ...(thisType ? { thisType } : {}), ...this.halfFlag(decl.returnType, typeScope) };
  }

  /** The function that runs non-constant `static` initializers; entry wrappers call it first. */
  staticInit(): IrFunction {
    if (!this.staticInitFn) {
      this.staticInitFn = { id: this.newId(), name: 'init.statics', params: [], returnType: VOID, locals: [], body: [] };
      this.functions.push(this.staticInitFn);
    }
    return this.staticInitFn;
  }

  get hasStaticInit(): boolean {
    return !!this.staticInitFn?.body.length;
  }

  /** Execution modes (vk::ext_execution_mode, [[vk::spvexecutionmode]]) of the function being lowered. */
  executionModes: { mode: number; operands: number[]; /** vk::ext_execution_mode_id: OpExecutionModeId's constant operands. */ ids?: IrExpr[]; loc?: Loc }[] = [];
  /** Set once SetMeshOutputCounts or DispatchMesh is lowered: only then is there a stage to check per entry point (mesh-stage.ts). */
  stageIntrinsicsLowered = false;

  /** Lowers a function body the first time it is called (or as an entry point). */
  lowerFunction(symbol: FunctionSymbol, callLoc: Loc): IrFunction | undefined {
    if (symbol.ir) return symbol.ir;
    if (symbol.lowering) {
      this.error(`recursive call to '${symbol.name}': recursion is not allowed in HLSL`, callLoc, symbol.name.length);
      return undefined;
    }
    if (!symbol.decl.body) {
      this.error(`function '${symbol.name}' is declared but never defined`, callLoc, symbol.name.length);
      return undefined;
    }
    symbol.lowering = true;
    const outerModes = this.executionModes;
    this.executionModes = declaredExecutionModes(this, symbol.decl.attributes, symbol.scope);
    const fn = lowerFunctionBody(this, symbol);
    if (fn && this.executionModes.length) fn.executionModes = this.executionModes;
    this.executionModes = outerModes;
    symbol.lowering = false;
    symbol.ir = fn;
    const requirements = fn && spirvRequirements(this, symbol.decl.attributes, symbol.scope);
    if (fn && requirements) fn.requirements = requirements;
    const decorations = fn && spirvDecorations(this, symbol.decl.attributes, symbol.scope, 'function');
    if (fn && decorations) fn.decorations = decorations;
    if (fn && symbol.decl.modifiers.includes('export')) fn.linkage = { name: symbol.name, loc: symbol.decl.nameLoc };
    if (fn) this.functions.push(fn);
    return fn;
  }

  private declareBuffer(decl: ast.BufferDecl, scope: Scope): void {
    const struct: StructType = { kind: 'struct', name: `type.${decl.name}`, fields: [], id: this.newId() };
    const isTbuffer = decl.bufferKind === 'tbuffer';
    const global: IrGlobal = {
      id: this.newId(),
      name: decl.name,
      type: struct,
      space: isTbuffer ? 'storage' : 'uniform',
      buffer: decl.bufferKind,
      typeName: `type.${decl.name}`,
      readonly: true,
      loc: decl.loc,
    };
    let hoisted = false;
    for (const member of decl.members) {
      if (member.kind !== 'VarDecl') {
        this.declare(member, scope);
        continue;
      }
      const base = this.resolveType(member.type, scope, member.modifiers);
      if (!base) continue;
      for (const d of member.declarators) {
        const t = this.arrayType(base, d.arrayDims, scope, false);
        if (!t) continue;
        if (isResourceOrArrayOf(t)) {
          // As DXC: a resource declared in a cbuffer is a global of its own, bound before the buffer.
          this.declareResource(member, d, t, scope);
          hoisted = true;
          continue;
        }
        const field: StructField = { name: d.name, type: t };
        for (const attr of member.attributes) if (attr.name === 'vk::offset') field.vkOffset = this.attrInt(attr, 0, scope);
        Object.assign(field, spirvAttributes(this, member.attributes, scope, true));
        if (d.packOffset) field.packOffset = packOffsetBytes(d.packOffset);
        const index = struct.fields.length;
        struct.fields.push(field);
        const place = { kind: 'member' as const, base: irGlobalPlace(global), index, type: t };
        const prev = scope.define({ kind: 'variable', name: d.name, type: t, place, readonly: true, loc: d.loc, ...this.halfFlag(member.type, scope) });
        if (prev) this.error(`redefinition of '${d.name}'`, d.loc, d.name.length);
      }
    }
    // A buffer left with nothing but resources is not a buffer at all (DXC emits none).
    if (hoisted && struct.fields.length === 0) return;
    this.globals.push(global);
    this.resources.push({ global, attributes: decl.attributes, registers: decl.registers, loc: decl.loc });
  }

  private declareGlobalVar(decl: ast.VarDecl, scope: Scope): void {
    if (isStringDecl(decl)) return declareStrings(this, decl, scope);
    if (decl.templateParams && decl.declarators[0]?.name.includes('::')) return declareOutOfLineStatic(this, decl, scope);
    if (decl.templateParams) return declareVariableTemplate(this, decl, scope);
    const base = this.resolveType(decl.type, scope, decl.modifiers);
    if (!base) {
      for (const d of decl.declarators) scope.define({ kind: 'invalid', name: d.name, loc: d.loc });
      return;
    }
    const isStatic = decl.modifiers.includes('static');
    const groupshared = decl.modifiers.includes('groupshared');
    for (const d of decl.declarators) {
      let t = this.arrayType(base, d.arrayDims, scope, true);
      if (!t || refuseStreamVariable(this, t, d.name, d.loc) || refuseNodeVariable(this, t, d.name, d.loc, false)) continue;
      if (t.kind === 'array' && t.length === null && d.init?.kind === 'InitList') t = arrayOf(t.element, d.init.elements.length);
      if (d.name.includes('::')) {
        defineStaticMember(this, d, t, scope);
        continue;
      }
      const builtinIo = builtinGlobal(this, decl, d, t, scope, isStatic);
      if (builtinIo !== undefined) {
        if (builtinIo) this.globals.push(builtinIo);
        const place = builtinIo ? irGlobalPlace(builtinIo) : undefined;
        if (scope.define(builtinIo && place ? { kind: 'variable', name: d.name, type: t, place, readonly: builtinIo.readonly, loc: d.loc } : { kind: 'invalid', name: d.name, loc: d.loc })) this.error(`redefinition of '${d.name}'`, d.loc, d.name.length);
        continue;
      }
      const specId = decl.attributes.find((a) => a.name === 'vk::constant_id');
      if (specId) {
        refuseSpirvAttributes(this, decl.attributes, 'a specialization constant');
        const g = specConstantGlobal(this, specId, d, t, scope, d.loc);
        if (g) this.globals.push(g);
        if (g && scope.define({ kind: 'variable', name: d.name, type: t, place: irGlobalPlace(g), readonly: true, loc: d.loc })) this.error(`redefinition of '${d.name}'`, d.loc, d.name.length);
        continue;
      }
      const isResource = isResourceOrArrayOf(t);
      if (isStatic && holdsResource(t)) {
        refuseSpirvAttributes(this, decl.attributes, 'a static resource alias');
        declareStaticAlias(this, d, t, scope, decl.modifiers.includes('globallycoherent'));
        continue;
      }
      if (!isResource && !groupshared && holdsResource(t)) {
        declareResourceStruct(this, decl, d, t, scope);
        continue;
      }
      if (isResource || decl.attributes.some((a) => a.name === 'vk::push_constant') || (!isStatic && !groupshared && uniformConstantStorage(this, decl.attributes, t, scope))) {
        this.declareResource(decl, d, t, scope);
        continue;
      }
      if (groupshared || isStatic) {
        declarePrivateGlobal(this, decl, d, t, scope);
        continue;
      }
      // A loose uniform: a member of $Globals.
      if (refuseOpaqueUniform(this, t, d.name, d.loc)) continue;
      const register = d.registers.find((r) => r.slot[0] === 'c');
      const field: StructField = { name: d.name, type: t, ...spirvAttributes(this, decl.attributes, scope, true) };
      this.looseUniforms.push({ field, ...(register ? { register: Number(register.slot.slice(1)) } : {}), loc: d.loc });
      const first = !this.globalsBlockGlobal;
      const holder = this.globalsHolder();
      // $Globals takes its binding in declaration order, where the first loose uniform stands.
      if (first) this.resources.push({ global: holder, attributes: [], registers: [], loc: d.loc });
      const place = { kind: 'member' as const, base: irGlobalPlace(holder), index: this.looseUniforms.length - 1, type: t };
      const prev = scope.define({ kind: 'variable', name: d.name, type: t, place, readonly: true, loc: d.loc, ...this.halfFlag(decl.type, scope) });
      if (prev) this.error(`redefinition of '${d.name}'`, d.loc, d.name.length);
    }
  }

  private globalsBlockGlobal: IrGlobal | undefined;
  /** One `type.ACSBuffer.counter` struct shared by every counter block. */
  private counterType: StructType | undefined;

  /** The `$Globals` cbuffer global, created on first loose uniform; its struct is filled at the end. */
  private globalsHolder(): IrGlobal {
    if (!this.globalsBlockGlobal) {
      this.globalsBlockGlobal = {
        id: this.newId(),
        name: '$Globals',
        type: { kind: 'struct', name: 'type.$Globals', fields: [], id: this.newId() },
        space: 'uniform',
        buffer: 'Globals',
        typeName: 'type.$Globals',
        readonly: true,
        loc: this.looseUniforms[0]?.loc ?? { file: '', line: 1, column: 1, offset: 0 },
      };
    }
    return this.globalsBlockGlobal;
  }

  private buildGlobalsCBuffer(): IrGlobal | undefined {
    const g = this.globalsBlockGlobal;
    if (!g) return undefined;
    const struct = g.type as StructType;
    for (const u of this.looseUniforms) {
      struct.fields.push(u.register !== undefined ? { ...u.field, packOffset: u.register * 16 } : u.field);
    }
    g.loc = this.looseUniforms[0]!.loc;
    this.globals.push(g);
    return g;
  }

  /** The IR global of a resource (or array of resources) of declared type `t`. */
  resourceGlobal(name: string, t: Type, loc: Loc): IrGlobal {
    return resourceGlobal(this, name, t, loc);
  }

  /** A resource global (or array of them) with its binding and counter; `define` names it in `scope`. */
  declareResource(decl: ast.VarDecl, d: ast.Declarator, declared: Type, scope: Scope, define = true): IrGlobal | undefined {
    const t = applyImageFormat(this, decl.attributes, declared);
    let global = this.resourceGlobal(d.name, t, d.loc);
    if (decl.attributes.some((a) => a.name === 'vk::push_constant')) {
      const pc = pushConstantGlobal(this, d, t);
      if (!pc) return undefined;
      global = pc;
    }
    if (!shaderRecord(this, global, decl.attributes, d)) return undefined;
    Object.assign(global, spirvAttributes(this, decl.attributes, scope));
    resourceDecorations(this, global, decl.modifiers, decl.attributes, scope);
    const counterType = () => (this.counterType ??= counterStruct(this));
    const elements = this.options.flattenResourceArrays && global.space !== 'push-constant' && global.space !== 'shader-record' ? flattenArray(this, global, t, counterType, d.loc) : undefined;
    if (elements) {
      // The array itself is only a name and a binding chunk; its elements are the variables.
      this.flattened.set(global, elements);
      global.elements = elements;
      for (const e of elements) this.globals.push(e, ...(e.counter ? [e.counter] : []));
    } else this.globals.push(global);
    if (global.space !== 'push-constant' && global.space !== 'shader-record') {
      const main: ResourceDecl = { global, attributes: decl.attributes, registers: d.registers, loc: d.loc, ...(elements ? { elements } : {}) };
      this.resources.push(main);
      const counter = counterGlobal(this, global, t, counterType);
      if (counter) {
        global.counter = counter;
        if (!elements) this.globals.push(counter);
        const counters = elements?.map((e) => e.counter!);
        if (counters) counter.elements = counters;
        // Append/Consume: DXC creates the counter right after its buffer (the next binding in pass 3);
        // RWStructuredBuffer: only when a counter method is used (bindings.ts binds it late).
        const element = innermost(t);
        const deferred = element.kind === 'resource' && element.resource === 'RWStructuredBuffer';
        this.resources.push({ global: counter, attributes: [], registers: [], loc: d.loc, counterOf: main, ...(counters ? { elements: counters } : {}), ...(deferred ? { deferred } : {}) });
      }
    }
    if (!define) return global;
    const prev = scope.define({ kind: 'variable', name: d.name, type: viewType(t), place: irGlobalPlace(global), readonly: global.readonly, loc: d.loc });
    if (prev) this.error(`redefinition of '${d.name}'`, d.loc, d.name.length);
    return global;
  }
}

/** An alias (`using A = E;`, `typedef E A;`) names the members of what it aliases too: `A::X` is `E::X`. */
function withMajorness(t: Type, majorness: Majorness): Type {
  if (t.kind === 'matrix') return t.majorness ? t : { ...t, majorness };
  if (t.kind === 'array') return { ...t, element: withMajorness(t.element, majorness) };
  return t;
}


function innermost(t: Type): Type {
  return t.kind === 'array' ? innermost(t.element) : t;
}

function sameSignature(a: ParamInfo[], b: ParamInfo[]): boolean {
  return a.length === b.length && a.every((p, i) => typeKey(p.type) === typeKey(b[i]!.type) && p.direction === b[i]!.direction && !!p.half === !!b[i]!.half);
}

