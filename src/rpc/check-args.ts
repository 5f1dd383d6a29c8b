/**
 * Argument checks of declared functions: arguments coerced as the `args` schema asks, checked
 * against it and given its defaults before a call runs or is sent. Client-controlled input is never
 * trusted blindly. It arrives with the schema validator (validation.ts); the store reaches it
 * through check-call.ts.
 */
import { checkCatalogRules, type Catalog, type FunctionDeclaration, type JsonSchema } from '../catalog/catalog.ts';
import { contextOf, validateAgainst } from '../catalog-schemas.ts';
import { toBoolean, toDisplayString } from '../coerce.ts';
import { FunctionCallError } from '../errors.ts';
import { isObject, setOwn } from '../json.ts';
import { afterFailedLoad, LoadPending } from '../lazy.ts';
import { applyDefaults } from '../schema/defaults.ts';

/**
 * Coerces resolved arguments as the schema asks (DynamicBoolean, DynamicString), checks the
 * required and undeclared ones, and applies defaults (after the catalog rules, for a catalog made
 * before they arrived). Dynamic positions were checked statically;
 * values are the function's to judge.
 */
export function checkArgs(catalog: Catalog, declaration: FunctionDeclaration, rawArgs: Record<string, unknown>): Record<string, unknown> {
  checkCatalogRules(catalog);
  if (!declaration.argsSchema) return rawArgs;
  const args = coerceArgs(declaration.argsSchema, rawArgs);
  const props = declaration.argsSchema.properties;
  if (isObject(props) && declaration.argsSchema.additionalProperties === false) {
    for (const k of Object.keys(args)) {
      if (!Object.hasOwn(props, k)) throw new FunctionCallError('INVALID_FUNCTION_CALL', `Function '${declaration.name}' has no argument '${k}'`);
    }
  }
  const required = declaration.argsSchema.required;
  if (Array.isArray(required)) {
    for (const k of required) {
      if (typeof k === 'string' && !Object.hasOwn(args, k)) {
        throw new FunctionCallError('INVALID_FUNCTION_CALL', `Function '${declaration.name}' requires argument '${k}'`);
      }
    }
  }
  return applyDefaults(args, declaration.argsSchema, contextOf(catalog));
}

/**
 * Before a call is sent to the agent, its resolved arguments must satisfy the declared schema.
 * A Promise when bad arguments wait for the schema validator's explanation (loaded on first use).
 */
export function checkAgentArgs(catalog: Catalog, declaration: FunctionDeclaration, args: Record<string, unknown>): void | Promise<void> {
  checkCatalogRules(catalog);
  if (!declaration.argsSchema) return;
  let issue;
  try {
    issue = validateAgainst(args, declaration.argsSchema, catalog)[0];
  } catch (e) {
    if (!(e instanceof LoadPending)) throw e;
    const again = () => checkAgentArgs(catalog, declaration, args);
    return e.loading.then(again, () => afterFailedLoad(again));
  }
  if (issue) {
    const where = issue.path ? ` argument '${issue.path.slice(1)}'` : '';
    throw new FunctionCallError('INVALID_FUNCTION_CALL', `Function '${declaration.name}'${where}: ${issue.message}`);
  }
}

/** The coercion an argument's schema asks for. */
type Coercion = 'boolean' | 'string' | 'booleans';

/** Per argument schema: the arguments to coerce (worked out once; declarations do not change). */
const coercions = new WeakMap<Record<string, JsonSchema>, ReadonlyMap<string, Coercion>>();

function coercionsOf(props: Record<string, JsonSchema>): ReadonlyMap<string, Coercion> {
  let plan = coercions.get(props);
  if (!plan) {
    const out = new Map<string, Coercion>();
    for (const k of Object.keys(props)) {
      const p = props[k];
      const ref = isObject(p) ? commonRef(p) : undefined;
      const itemRef = isObject(p) && isObject(p.items) ? commonRef(p.items as JsonSchema) : undefined;
      if (ref === 'DynamicBoolean') out.set(k, 'boolean');
      else if (ref === 'DynamicString') out.set(k, 'string');
      else if (itemRef === 'DynamicBoolean') out.set(k, 'booleans');
    }
    coercions.set(props, (plan = out));
  }
  return plan;
}

/** Applies the DynamicBoolean and DynamicString coercions the argument schema asks for. */
function coerceArgs(schema: JsonSchema | undefined, args: Record<string, unknown>): Record<string, unknown> {
  const props = schema && isObject(schema.properties) ? (schema.properties as Record<string, JsonSchema>) : undefined;
  if (!props) return args;
  const plan = coercionsOf(props);
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(args)) {
    const v = args[k];
    const c = Object.hasOwn(props, k) ? plan.get(k) : undefined;
    if (c === 'boolean') setOwn(out, k, toBoolean(v));
    else if (c === 'string' && v !== undefined) setOwn(out, k, toDisplayString(v));
    else if (c === 'booleans' && Array.isArray(v)) setOwn(out, k, v.map(toBoolean));
    else setOwn(out, k, v);
  }
  return out;
}

function commonRef(schema: JsonSchema): string | undefined {
  const ref = typeof schema.$ref === 'string' ? schema.$ref : undefined;
  if (ref) return /common_types\.json#\/\$defs\/(\w+)$/.exec(ref)?.[1];
  if (Array.isArray(schema.allOf)) {
    for (const s of schema.allOf) {
      const r = isObject(s) ? commonRef(s) : undefined;
      if (r) return r;
    }
  }
  return undefined;
}
