// The HLSL syntax tree. It records what the source says, not what it means: names are unresolved,
// `float3(…)` is a Construct whether or not the arguments fit, and semantics/registers stay text.
// The checker (compiler/check) gives it meaning. Every node carries the location a user would look at.
import type { Loc } from '../diagnostics.js';

export interface NodeBase {
  loc: Loc;
}

// ---------------------------------------------------------------------------------------------
// Attributes, modifiers, annotations

/** `[numthreads(8,8,1)]` (bracket) or `[[vk::binding(0, 1)]]` (double-bracket); name keeps its `vk::` scope. */
export interface Attribute extends NodeBase {
  name: string;
  args: Expr[];
  syntax: 'bracket' | 'double-bracket';
}

export type Modifier =
  | 'static'
  | 'const'
  | 'uniform'
  | 'extern'
  | 'groupshared'
  | 'shared'
  | 'volatile'
  | 'precise'
  | 'inline'
  // Added by the parser: DXC's `export` on library functions.
  | 'export'
  | 'nointerpolation'
  | 'linear'
  | 'centroid'
  | 'noperspective'
  | 'sample'
  | 'row_major'
  | 'column_major'
  | 'snorm'
  | 'unorm'
  | 'in'
  | 'out'
  | 'inout'
  | 'globallycoherent'
  // Geometry/mesh shader parameter modifiers.
  | 'point'
  | 'line'
  | 'triangle'
  | 'lineadj'
  | 'triangleadj'
  | 'vertices'
  | 'indices'
  | 'primitives'
  | 'payload';

/** `: SV_Target1`; `name` is the text as written, the checker splits the trailing index. */
export interface Semantic extends NodeBase {
  name: string;
}

/** `: register(t3, space1)` or `: register(ps_6_0, b0)`; `slot` is the register text (`t3`, `c10`), empty for `register(space1)`. */
export interface RegisterAnnotation extends NodeBase {
  slot: string;
  space?: number;
  profile?: string;
}

/** `: packoffset(c1.y)`; `component` is the swizzle letter if any. */
export interface PackOffsetAnnotation extends NodeBase {
  register: string;
  component?: string;
}

// ---------------------------------------------------------------------------------------------
// Types as written

export type TemplateArg = TypeSpec | Expr;

/**
 * A type as written: `float4`, `vector<float, 3>`, `Texture2D<float4>`, `ns::S`, `S<int>`.
 * `name` joins scope parts with `::`; `global` is a leading `::`.
 */
export interface TypeSpec extends NodeBase {
  kind: 'TypeSpec';
  name: string;
  global?: boolean;
  templateArgs?: TemplateArg[];
  /** Modifiers attached to the type itself (`const`, `row_major`, `snorm`…) inside a template argument. */
  modifiers?: Modifier[];
  /** Added by the parser: the anonymous struct defined in place (`struct { float a; } s;`); `name` is ''. */
  struct?: StructDecl;
  /** Added by the parser: array dimensions of a template argument type (`Load<float[4]>`), outermost first. */
  arrayDims?: Expr[];
}

export interface TemplateParam extends NodeBase {
  /** `typename T` / `class T` is a type parameter; `int N` is a value parameter. */
  paramKind: 'type' | 'value';
  name: string;
  valueType?: TypeSpec;
  default?: TemplateArg;
}

// ---------------------------------------------------------------------------------------------
// Declarations

export interface Declarator extends NodeBase {
  name: string;
  /** Array dimensions outermost first; `null` is an unsized dimension (`a[]`). */
  arrayDims: (Expr | null)[];
  semantic?: Semantic;
  registers: RegisterAnnotation[];
  packOffset?: PackOffsetAnnotation;
  init?: Expr;
  /** `uint flags : 8;`: a struct member's bit width. */
  bitfieldWidth?: Expr;
}

export interface VarDecl extends NodeBase {
  kind: 'VarDecl';
  attributes: Attribute[];
  modifiers: Modifier[];
  type: TypeSpec;
  declarators: Declarator[];
  /**
   * `template <typename T> const static T Box<T>::table[2] = { … };`: a struct template's static member
   * defined outside it; with an unqualified name, a variable template (`template <class A, class B>
   * static const bool is_same_v = false;`); empty for an explicit specialization.
   */
  templateParams?: TemplateParam[];
  /** `is_same_v<T, T> = true`: the arguments a variable template's (partial) specialization is for. */
  specializationArgs?: TemplateArg[];
}

export interface Param extends NodeBase {
  attributes: Attribute[];
  modifiers: Modifier[];
  type: TypeSpec;
  name: string;
  arrayDims: (Expr | null)[];
  semantic?: Semantic;
  default?: Expr;
}

export interface FunctionDecl extends NodeBase {
  kind: 'FunctionDecl';
  attributes: Attribute[];
  modifiers: Modifier[];
  templateParams?: TemplateParam[];
  /** Where `template` stands. */
  templateLoc?: Loc;
  returnType: TypeSpec;
  /** For out-of-line member definitions (`float S::f()`), the qualified name `S::f`. */
  name: string;
  nameLoc: Loc;
  params: Param[];
  returnSemantic?: Semantic;
  /** Absent for a declaration without a body. */
  body?: Block;
}

export interface StructDecl extends NodeBase {
  kind: 'StructDecl';
  attributes: Attribute[];
  /** `struct` or `class` (HLSL treats them alike but `class` members default to private in DXC; kept for messages). */
  keyword: 'struct' | 'class' | 'interface';
  /** Empty for an anonymous struct (`struct { float a; } s;`). */
  name: string;
  templateParams?: TemplateParam[];
  /** Where `template` stands. */
  templateLoc?: Loc;
  /**
   * `template <> struct S<int> { … }`: an explicit specialization of the template S for these arguments;
   * with template parameters, a partial one (`template <class T> struct S<vector<T, 4> >`): a pattern.
   */
  specializationArgs?: TemplateArg[];
  /** `template <class T> struct S;`: a template declared without a body (only its specializations define types). */
  forward?: true;
  bases: TypeSpec[];
  /** Fields (VarDecl, possibly static), methods, nested types, typedefs. */
  members: Decl[];
}

/** `cbuffer Name : register(b0) { … }` / `tbuffer`. */
export interface BufferDecl extends NodeBase {
  kind: 'BufferDecl';
  bufferKind: 'cbuffer' | 'tbuffer';
  attributes: Attribute[];
  name: string;
  registers: RegisterAnnotation[];
  members: Decl[];
}

export interface TypedefDecl extends NodeBase {
  kind: 'TypedefDecl';
  type: TypeSpec;
  /** `[[vk::ext_capability(N)]] typedef …`: attributes before the typedef. */
  attributes?: Attribute[];
  modifiers: Modifier[];
  declarators: { name: string; arrayDims: (Expr | null)[]; loc: Loc }[];
}

export interface EnumDecl extends NodeBase {
  kind: 'EnumDecl';
  name: string;
  scoped: boolean;
  underlying?: TypeSpec;
  members: { name: string; value?: Expr; loc: Loc }[];
}

export interface NamespaceDecl extends NodeBase {
  kind: 'NamespaceDecl';
  name: string;
  decls: Decl[];
}

/** `using X = T;` (HLSL 2021 alias) or `using namespace N;`. */
export interface UsingDecl extends NodeBase {
  kind: 'UsingDecl';
  /** `using A [[attributes]] = T;` */
  alias?: { name: string; type: TypeSpec; attributes?: Attribute[]; /** `template <typename T> using A = …;` */ templateParams?: TemplateParam[] };
  /** Where `template` stands (alias templates). */
  templateLoc?: Loc;
  namespace?: string;
  /** `using ns::f;`: `name` (the last part) stands for `target` here. */
  member?: { name: string; target: string };
}

/** `#pragma pack_matrix(row_major)`: affects declarations that follow it in the file. */
export interface PackMatrixPragma extends NodeBase {
  kind: 'PackMatrixPragma';
  majorness: 'row_major' | 'column_major';
}

export type Decl =
  | VarDecl
  | FunctionDecl
  | StructDecl
  | BufferDecl
  | TypedefDecl
  | EnumDecl
  | NamespaceDecl
  | UsingDecl
  | PackMatrixPragma;

export interface Program {
  kind: 'Program';
  decls: Decl[];
}

// ---------------------------------------------------------------------------------------------
// Statements

interface StmtBase extends NodeBase {
  /** `[unroll(4)]`, `[loop]`, `[branch]`, `[flatten]`, `[forcecase]`, `[call]`, … */
  attributes: Attribute[];
}

export interface Block extends StmtBase {
  kind: 'Block';
  body: Stmt[];
  /** Where the closing `}` is (absent when the block is unterminated or synthesized). */
  endLoc?: Loc;
}

export interface DeclStmt extends StmtBase {
  kind: 'DeclStmt';
  decl: VarDecl | TypedefDecl | StructDecl | EnumDecl | UsingDecl;
}

export interface ExprStmt extends StmtBase {
  kind: 'ExprStmt';
  expr: Expr;
}

export interface IfStmt extends StmtBase {
  kind: 'If';
  cond: Expr;
  then: Stmt;
  else?: Stmt;
}

export interface ForStmt extends StmtBase {
  kind: 'For';
  init?: DeclStmt | ExprStmt;
  cond?: Expr;
  step?: Expr;
  body: Stmt;
}

export interface WhileStmt extends StmtBase {
  kind: 'While';
  cond: Expr;
  body: Stmt;
}

export interface DoWhileStmt extends StmtBase {
  kind: 'DoWhile';
  body: Stmt;
  cond: Expr;
}

export interface SwitchCase extends NodeBase {
  /** `case` values; `null` stands for `default`. Consecutive labels share one body. */
  labels: (Expr | null)[];
  body: Stmt[];
}

export interface SwitchStmt extends StmtBase {
  kind: 'Switch';
  selector: Expr;
  cases: SwitchCase[];
}

export interface JumpStmt extends StmtBase {
  kind: 'Break' | 'Continue' | 'Discard' | 'Empty';
}

export interface ReturnStmt extends StmtBase {
  kind: 'Return';
  value?: Expr;
}

export type Stmt =
  | Block
  | DeclStmt
  | ExprStmt
  | IfStmt
  | ForStmt
  | WhileStmt
  | DoWhileStmt
  | SwitchStmt
  | JumpStmt
  | ReturnStmt;

// ---------------------------------------------------------------------------------------------
// Expressions

export interface IntLiteral extends NodeBase {
  kind: 'IntLiteral';
  value: bigint;
  /** Lower-cased suffix: '', 'u', 'l', 'ul', 'll', 'ull'. */
  suffix: string;
  text: string;
}

export interface FloatLiteral extends NodeBase {
  kind: 'FloatLiteral';
  value: number;
  /** Lower-cased suffix: '', 'f', 'h', 'l'. */
  suffix: string;
  text: string;
}

export interface BoolLiteral extends NodeBase {
  kind: 'BoolLiteral';
  value: boolean;
}

export interface StringLiteral extends NodeBase {
  kind: 'StringLiteral';
  /** The decoded string (escapes resolved, adjacent literals concatenated). */
  value: string;
}

/** A possibly qualified name: `x`, `ns::x`, `S::CONST`, `::g`; may carry template args (`f<float>`). */
export interface NameExpr extends NodeBase {
  kind: 'Name';
  name: string;
  global?: boolean;
  templateArgs?: TemplateArg[];
  /** Added by the parser: `Box<int>::f`, the template instantiation whose member `name`'s last part names. */
  scopeType?: TypeSpec;
}

export type UnaryOp = '+' | '-' | '!' | '~' | '++' | '--';

export interface UnaryExpr extends NodeBase {
  kind: 'Unary';
  op: UnaryOp;
  operand: Expr;
}

export interface PostfixExpr extends NodeBase {
  kind: 'Postfix';
  op: '++' | '--';
  operand: Expr;
}

export type BinaryOp =
  | '*' | '/' | '%' | '+' | '-' | '<<' | '>>'
  | '<' | '>' | '<=' | '>=' | '==' | '!='
  | '&' | '^' | '|' | '&&' | '||' | ',';

export interface BinaryExpr extends NodeBase {
  kind: 'Binary';
  op: BinaryOp;
  left: Expr;
  right: Expr;
}

export type AssignOp = '=' | '+=' | '-=' | '*=' | '/=' | '%=' | '<<=' | '>>=' | '&=' | '|=' | '^=';

export interface AssignExpr extends NodeBase {
  kind: 'Assign';
  op: AssignOp;
  target: Expr;
  value: Expr;
}

export interface ConditionalExpr extends NodeBase {
  kind: 'Conditional';
  cond: Expr;
  then: Expr;
  else: Expr;
}

/** `(float3)x`, `(S)0`. */
export interface CastExpr extends NodeBase {
  kind: 'Cast';
  type: TypeSpec;
  arrayDims: Expr[];
  operand: Expr;
}

/** `float3(a, b)`, `vector<float, 2>(x, y)`: a constructor call on a type name. */
export interface ConstructExpr extends NodeBase {
  kind: 'Construct';
  type: TypeSpec;
  args: Expr[];
}

/** `f(x)`, `obj.Method(x)` (callee is a Member), `ns::f<int>(x)`. */
export interface CallExpr extends NodeBase {
  kind: 'Call';
  callee: Expr;
  args: Expr[];
}

/** `v.xyz`, `s.field`, `m._m01`: swizzle or field, the checker decides. */
export interface MemberExpr extends NodeBase {
  kind: 'Member';
  object: Expr;
  member: string;
  memberLoc: Loc;
  /** Added by the parser: explicit template arguments of a method call (`buf.Load<float4>(0)`). */
  templateArgs?: TemplateArg[];
}

export interface IndexExpr extends NodeBase {
  kind: 'Index';
  object: Expr;
  index: Expr;
}

/** `{ 1, 2, { 3, 4 } }` in an initializer. */
export interface InitListExpr extends NodeBase {
  kind: 'InitList';
  elements: Expr[];
}

export interface SizeofExpr extends NodeBase {
  kind: 'Sizeof';
  operand: TypeSpec | Expr;
  /** `sizeof(float[4])`: dimensions of an array type operand, outermost first. */
  arrayDims?: Expr[];
}

export type Expr =
  | IntLiteral
  | FloatLiteral
  | BoolLiteral
  | StringLiteral
  | NameExpr
  | UnaryExpr
  | PostfixExpr
  | BinaryExpr
  | AssignExpr
  | ConditionalExpr
  | CastExpr
  | ConstructExpr
  | CallExpr
  | MemberExpr
  | IndexExpr
  | InitListExpr
  | SizeofExpr;
