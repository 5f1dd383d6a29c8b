/**
 * A catalog: the components and functions a surface may use, as JSON Schema documents keyed by
 * name, plus the renderer's implementations of those functions. Several catalogs live side by side
 * in a store; components and calls pick theirs by id.
 */
import { CatalogError } from '../errors.ts';
import type { FunctionImplementation, ReturnType } from '../functions/types.ts';
import { isObject } from '../json.ts';
import { childPositions, type ChildPosition } from './child-positions.ts';
import { resolveLocal, type CatalogDefinition, type JsonSchema } from './definition.ts';

export { resolveLocal, type CatalogDefinition, type JsonSchema } from './definition.ts';

/** Who may call a function (`allowedCallers`). */
export type AllowedCallers = 'rendererOnly' | 'agentOnly' | 'rendererOrAgent';

/** A component type of a catalog, with what the store needs precomputed. */
export interface ComponentType {
  readonly name: string;
  /**
   * Its schema. A built-in catalog's (basic, MCP) arrives with the schema validator: reading it
   * before throws a {@link CatalogError} (see {@link Catalog.definition}).
   */
  readonly schema: JsonSchema;
  /** Its child positions: where it holds references to other components (ComponentId, Child, ChildList). */
  readonly slots: readonly ChildPosition[];
  readonly allowedParents?: readonly string[];
  readonly allowedChildren?: readonly string[];
  /** Names of the properties the schema declares (for the legacy envelope-key rule). */
  readonly properties: ReadonlySet<string>;
}

/** A function a catalog declares, and the renderer's body for it when there is one. */
export interface FunctionDeclaration {
  readonly name: string;
  /** Schema of the wire FunctionCall (`properties.args` holds the argument schema). */
  readonly schema: JsonSchema;
  readonly argsSchema: JsonSchema | undefined;
  readonly returnType: ReturnType;
  readonly allowedCallers: AllowedCallers;
  readonly requiresUserActivation: boolean;
  /** Per-call timeout for agent-routed calls in ms (0 = none); catalogs may set `timeoutMs`. */
  readonly timeoutMs?: number;
  implementation?: FunctionImplementation;
}

/** What the store needs of a component type besides its schema (generated for the built-in catalogs). */
export interface ComponentIndexEntry {
  /** The property names its schema declares. */
  readonly properties: readonly string[];
  /** Its child positions (none when absent). */
  readonly slots?: readonly ChildPosition[];
  readonly allowedParents?: readonly string[];
  readonly allowedChildren?: readonly string[];
}

/** What the store needs of a function declaration besides its schema (generated for the built-in catalogs). */
export interface FunctionIndexEntry {
  readonly returnType: ReturnType;
  /** When not `rendererOnly`. */
  readonly allowedCallers?: AllowedCallers;
  /** When true. */
  readonly requiresUserActivation?: boolean;
  readonly timeoutMs?: number;
}

/**
 * A built-in catalog (basic, MCP) as the store's first load has it: its id and version, and what
 * the store needs of each component and function without their schemas. The whole document, which
 * only validation and argument checks read, arrives with the schema validator. Generated from the
 * definitions by scripts/gen-catalog-definitions.ts, with this class.
 */
export interface CatalogIndex {
  readonly catalogId: string;
  readonly protocolVersion: string;
  readonly components: Readonly<Record<string, ComponentIndexEntry>>;
  readonly functions: Readonly<Record<string, FunctionIndexEntry>>;
}

/** Indexes of the built-in catalogs, with what gives their whole document (what `new Catalog(index)` recognises). */
const builtIns = new WeakMap<object, () => CatalogDefinition | undefined>();

/**
 * A built-in catalog (catalog/basic.ts, catalog/mcp.ts), made from its index; `whole` gives its
 * document once the schema validator has arrived. Trusted: the tests check the generated definitions.
 */
export function builtInCatalog(index: CatalogIndex, whole: () => CatalogDefinition | undefined, implementations: Record<string, FunctionImplementation> = {}): Catalog {
  builtIns.set(index, whole);
  return new Catalog(index as unknown as CatalogDefinition, implementations);
}

/**
 * The catalog rules (rules.ts: UAX #31 names, the reserved `Surface`, `$ref`s, the v1.0 document
 * rules), once the schema validator, which they arrive with, has given them (validation.ts).
 */
let rules: ((definition: CatalogDefinition, id: string) => void) | undefined;

/**
 * Catalogs made before the rules arrived: their definition until the validator first uses them,
 * then, if they break the rules, the CatalogError every later use is refused with.
 */
const unchecked = new WeakMap<Catalog, CatalogDefinition | CatalogError>();

/** Gives catalog.ts the catalog rules (validation.ts, when the schema validator arrives). */
export function provideCatalogRules(check: (definition: CatalogDefinition, id: string) => void): void {
  rules = check;
}

/**
 * For the code that arrives with the validator, before it uses `catalog`: checks a catalog made
 * before the rules arrived (once) and throws the {@link CatalogError} of one that breaks them.
 */
export function checkCatalogRules(catalog: Catalog): void {
  let state = unchecked.get(catalog);
  if (state === undefined || !rules) return;
  if (!(state instanceof CatalogError)) {
    try {
      rules(state, catalog.id);
      unchecked.delete(catalog);
      return;
    } catch (e) {
      if (!(e instanceof CatalogError)) throw e;
      unchecked.set(catalog, (state = e));
    }
  }
  throw state;
}

/** A loaded, checked catalog. */
export class Catalog {
  readonly id: string;
  readonly protocolVersion: string;
  /** The major part of {@link protocolVersion} (`1` of `1.0`), for {@link speaks}. */
  private readonly major: string;
  /** The definition, or (a built-in catalog) what gives it once the schema validator has arrived. */
  private readonly source: CatalogDefinition | (() => CatalogDefinition | undefined);
  private readonly componentTypes = new Map<string, ComponentType>();
  private readonly functionDecls = new Map<string, FunctionDeclaration>();

  /**
   * Loads a catalog definition (its JSON document); throws {@link CatalogError} when it is no object with a `catalogId`,
   * a component or function schema is no object, or an implementation is for a function it does
   * not declare; and when it breaks the catalog rules (UAX #31 names, reserved `Surface`, `@`
   * function names, `$ref` outside itself and the common types, the v1.0 document rules), which
   * arrive with the schema validator: at once when it is there (a store starts loading it when it
   * is created; `await schemaValidator.load()`); a catalog made before that is checked when the
   * validator first uses it, and, if it breaks them, every component and function call that uses it
   * is refused with that CatalogError. Nothing is ever fetched.
   */
  constructor(definition: CatalogDefinition, implementations: Record<string, FunctionImplementation> = {}) {
    if (!isObject(definition)) throw new CatalogError('Catalog must be an object');
    if (typeof definition.catalogId !== 'string' || definition.catalogId === '') {
      throw new CatalogError('Catalog is missing catalogId');
    }
    this.id = definition.catalogId;
    this.protocolVersion = String(definition.protocolVersion ?? '0.9').replace(/^v/, '');
    this.major = this.protocolVersion.split('.', 1)[0];
    const whole = builtIns.get(definition);
    if (whole) {
      const index = definition as unknown as CatalogIndex;
      this.source = whole;
      for (const [name, entry] of Object.entries(index.components)) this.componentTypes.set(name, indexedType(this, name, entry));
      for (const [name, entry] of Object.entries(index.functions)) this.functionDecls.set(name, indexedFunction(this, name, entry));
    } else {
      this.source = definition;
      this.load(definition);
    }
    for (const [name, impl] of Object.entries(implementations)) {
      if (!this.functionDecls.has(name)) {
        throw new CatalogError(`Catalog ${this.id}: implementation for undeclared function '${name}'`);
      }
      this.functionDecls.get(name)!.implementation = impl;
    }
  }

  /** Indexes a definition's components and functions (the rules are catalogRules'). */
  private load(definition: CatalogDefinition): void {
    for (const [name, schema] of Object.entries(definition.components ?? {})) {
      if (!isObject(schema)) throw new CatalogError(`Catalog ${this.id}: component '${name}' must be a schema object`);
      this.componentTypes.set(name, componentType(name, schema, definition));
    }
    for (const [name, schema] of Object.entries(definition.functions ?? {})) {
      if (!isObject(schema)) throw new CatalogError(`Catalog ${this.id}: function '${name}' must be a schema object`);
      this.functionDecls.set(name, functionDeclaration(name, schema));
    }
    if (rules) rules(definition, this.id);
    else unchecked.set(this, definition);
  }

  /**
   * The catalog definition (its JSON document); a built-in catalog's (basic, MCP) is complete once the schema validator
   * has arrived (in every entry's first load; a store asks for it when it is created): before that,
   * reading it throws a {@link CatalogError}; `await schemaValidator.load()` first.
   */
  get definition(): CatalogDefinition {
    const d = typeof this.source === 'function' ? this.source() : this.source;
    if (!d) throw new CatalogError(`Catalog ${this.id}: its definition arrives with the schema validator (await schemaValidator.load() first)`);
    return d;
  }

  /** True when this catalog is of the protocol major version of `version` (`1.0` and `v1.2` alike). */
  speaks(version: string): boolean {
    // Compared in place: this runs for every function call and every component checked.
    const at = version.charCodeAt(0) === 118 ? 1 : 0; // past a leading "v"
    const end = at + this.major.length;
    return version.startsWith(this.major, at) && (version.length === end || version.charCodeAt(end) === 46); // "."
  }

  /** The component type `name`, if this catalog defines it. */
  component(name: string): ComponentType | undefined {
    return this.componentTypes.get(name);
  }

  /** The function `name`, if this catalog declares it. */
  function(name: string): FunctionDeclaration | undefined {
    return this.functionDecls.get(name);
  }

  /** Component names, in definition order. */
  get componentNames(): string[] {
    return [...this.componentTypes.keys()];
  }

  /** Function names, in definition order. */
  get functionNames(): string[] {
    return [...this.functionDecls.keys()];
  }

  /** Gives (or replaces) the renderer's body for a declared function. */
  implement(name: string, implementation: FunctionImplementation): void {
    const decl = this.functionDecls.get(name);
    if (!decl) throw new CatalogError(`Catalog ${this.id}: cannot implement undeclared function '${name}'`);
    decl.implementation = implementation;
  }
}

function componentType(name: string, schema: JsonSchema, doc: CatalogDefinition): ComponentType {
  const properties = new Set<string>();
  collectProperties(schema, doc, properties, 0);
  return {
    name,
    schema,
    slots: childPositions(schema, doc),
    allowedParents: stringList(schema.allowedParents),
    allowedChildren: stringList(schema.allowedChildren),
    properties,
  };
}

/** A built-in catalog's component type: from its index entry, the schema from the whole document once it is there. */
function indexedType(catalog: Catalog, name: string, entry: ComponentIndexEntry): ComponentType {
  return {
    name,
    get schema() {
      return catalog.definition.components![name]!;
    },
    slots: entry.slots ?? [],
    allowedParents: entry.allowedParents,
    allowedChildren: entry.allowedChildren,
    properties: new Set(entry.properties),
  };
}

/** The argument schema of a function schema (`properties.args`). */
const argsOf = (schema: JsonSchema): JsonSchema | undefined => {
  const props = isObject(schema.properties) ? schema.properties : {};
  return isObject(props.args) ? (props.args as JsonSchema) : undefined;
};

function functionDeclaration(name: string, schema: JsonSchema): FunctionDeclaration {
  return {
    name,
    schema,
    argsSchema: argsOf(schema),
    returnType: (typeof schema.returnType === 'string' ? schema.returnType : 'any') as ReturnType,
    allowedCallers: (['agentOnly', 'rendererOrAgent'].includes(schema.allowedCallers as string)
      ? schema.allowedCallers
      : 'rendererOnly') as AllowedCallers,
    requiresUserActivation: schema.requiresUserActivation === true,
    timeoutMs: typeof schema.timeoutMs === 'number' ? schema.timeoutMs : undefined,
  };
}

/** A built-in catalog's function: from its index entry, the schemas from the whole document once it is there. */
function indexedFunction(catalog: Catalog, name: string, entry: FunctionIndexEntry): FunctionDeclaration {
  return {
    name,
    get schema() {
      return catalog.definition.functions![name]!;
    },
    get argsSchema() {
      return argsOf(this.schema);
    },
    returnType: entry.returnType,
    allowedCallers: entry.allowedCallers ?? 'rendererOnly',
    requiresUserActivation: entry.requiresUserActivation === true,
    timeoutMs: entry.timeoutMs,
  };
}

function stringList(v: unknown): string[] | undefined {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined;
}

/** Collects declared property names through allOf and local $refs. */
function collectProperties(schema: unknown, doc: CatalogDefinition, out: Set<string>, depth: number): void {
  if (!isObject(schema) || depth > 16) return;
  if (isObject(schema.properties)) for (const k of Object.keys(schema.properties)) out.add(k);
  if (Array.isArray(schema.allOf)) for (const s of schema.allOf) collectProperties(s, doc, out, depth + 1);
  if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#/')) {
    collectProperties(resolveLocal(doc, schema.$ref), doc, out, depth + 1);
  }
}
