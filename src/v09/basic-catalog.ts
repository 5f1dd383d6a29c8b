/**
 * The v0.9 basic catalog: the v0.9.1 schemas (generated) with the v0.9 function set. v0.9 has the
 * same fourteen functions as v1.0, but its validators (`required`, `regex`, `length`, `numeric`,
 * `email`) return booleans, so a failed check shows the CheckRule's own message (which v0.9
 * requires), and `and` / `or` / `not` read JavaScript truthiness, not the v1.0 DynamicBoolean table.
 * There is no `@index`, no RPC and no `userMessage` in v0.9; those are refused when messages are
 * upgraded, and inside formatString templates, where calls are only known when they run.
 */
import { Catalog, type CatalogDefinition } from '../catalog/catalog.ts';
import { basicCatalogV09 as definition } from '../catalog/definitions/basic-v09.ts';
import { toBoolean } from '../coerce.ts';
import { basicFunctions, templateFormatter } from '../functions/basic/index.ts';
import { needing, needingAs } from '../functions/pieces.ts';
import { ExpressionError } from '../errors.ts';
import type { FunctionContext, FunctionImplementation } from '../functions/types.ts';

/** The v0.9 basic catalog id (also used by v0.9.1 streams). */
export const BASIC_V09_CATALOG_ID = definition.catalogId;

const VALIDATORS = ['required', 'regex', 'length', 'numeric', 'email'] as const;

/**
 * A validator body returning the `valid` boolean of the v1.0 body's ValidationResult (once it
 * has loaded, when that body waits for its code: a message calling it waits as for the v1.0 body).
 */
const asBoolean = (body: FunctionImplementation): FunctionImplementation =>
  needingAs(body, (args, ctx) => {
    const result = body(args, ctx);
    return result instanceof Promise ? result.then(toBoolean) : toBoolean(result);
  });

/** `and` / `or` operands: at least two (as in v1.0). */
function operands(values: unknown, fn: string): unknown[] {
  if (!Array.isArray(values) || values.length < 2) throw new ExpressionError(`${fn}: 'values' must be an array of at least 2 values`);
  return values;
}

/** The v0.9 basic function bodies, by name. */
export const basicV09Functions: Readonly<Record<string, FunctionImplementation>> = Object.freeze({
  ...basicFunctions,
  ...Object.fromEntries(VALIDATORS.map((name) => [name, asBoolean(basicFunctions[name]!)])),
  // v0.9 logic reads truthiness: a `{valid: false}` object is a (truthy) object, not a failed result.
  and: (args) => operands(args.values, 'and').every(Boolean),
  or: (args) => operands(args.values, 'or').some(Boolean),
  not: (args) => !args.value,
});

/** A fresh v0.9 basic catalog (catalogs are mutable through `implement`, so each store gets its own). */
export function basicCatalogV09(): Catalog {
  const catalog: Catalog = new Catalog(definition as unknown as CatalogDefinition, {
    ...basicV09Functions,
    formatString: needing(templateFormatter, (args, ctx) =>
      basicV09Functions.formatString!(args, { ...ctx, call: (name, a, id) => localCall(catalog, name, a, id, ctx.call) }),
    ),
  });
  return catalog;
}

/**
 * A call written inside a formatString template. v1.0 sends a function the catalog does not
 * implement to the agent, and knows `@index`; v0.9 has neither, so such a call is an expression
 * error here.
 */
function localCall(catalog: Catalog, name: string, args: Record<string, unknown>, catalogId: string | undefined, call: FunctionContext['call']): unknown {
  if (name.startsWith('@')) throw new ExpressionError(`System function '${name}' is v1.0 only`);
  if ((catalogId === undefined || catalogId === catalog.id) && !catalog.function(name)?.implementation) {
    throw new ExpressionError(`Unknown function '${name}' in catalog '${catalog.id}' (v0.9 cannot call the agent)`);
  }
  return call(name, args, catalogId);
}
