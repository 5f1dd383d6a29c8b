/**
 * A small JSON Schema (draft 2020-12 subset) validator for A2UI catalogs and common types, small
 * enough for the script-tag bundle (ajv is not); `interpret.ts` lists the keywords. Both halves
 * load on first use: the compiled validator (compiled.ts), which decides, with the first value to
 * validate (a store starts loading it when it is created); the interpreter (interpret.ts), which
 * says why a value is refused, with the first refusal. Until the half a value needs has arrived,
 * {@link validate} throws {@link SchemaPending} and the caller asks again once it is there (the
 * store holds the message and the ones after it meanwhile, so messages keep their order).
 */
import { lazyModule } from '../lazy.ts';
import type { JsonSchema, SchemaContext, SchemaIssue } from './types.ts';

/** The compiled validator (compiled.ts), loaded with the first value to validate. */
export const schemaValidator = lazyModule('the schema validator', () => import('./compiled.ts'));

/** The interpreter that says why a value is invalid (interpret.ts), loaded with the first refused value. */
export const schemaExplainer = lazyModule('the schema validator', () => import('./interpret.ts'));

/**
 * Thrown by {@link validate} while the validator, or for a refused value the interpreter, loads:
 * not an A2uiError, so nothing reports it as a refusal. `loading` settles when it has arrived or failed.
 */
export class SchemaPending {
  constructor(readonly loading: Promise<unknown>) {}
}

/** While set, the validator or the interpreter could not be loaded: a refusal is this one issue. */
let unexplained: SchemaIssue | undefined;

/**
 * Validates `value` against `schema`. Local `#/...` refs in `schema` resolve into `ctx.root` (the
 * catalog), `common_types.json#/...` into the common types, so validate against a common type with
 * `{ $ref: 'common_types.json#/$defs/DynamicString' }`, not with the def object itself. Returns no
 * issues when valid; identical issues are reported once.
 * @throws SchemaPending before the validator has loaded, and for an invalid value before the interpreter has.
 */
export function validate(value: unknown, schema: JsonSchema, ctx: SchemaContext): SchemaIssue[] {
  const compiled = schemaValidator.loaded;
  if (!compiled) {
    if (unexplained) return [unexplained];
    throw new SchemaPending(schemaValidator.load());
  }
  try {
    if (compiled.accepts(value, schema, ctx)) return [];
  } catch (e) {
    if (e === compiled.TOO_COMPLEX) return [compiled.TOO_COMPLEX_ISSUE];
    // Anything else (a hostile getter) is the interpreter's to report.
  }
  const explainer = schemaExplainer.loaded;
  if (explainer) return explainer.interpret(value, schema, ctx);
  if (unexplained) return [unexplained];
  throw new SchemaPending(schemaExplainer.load());
}

/**
 * Runs `f` with every value to validate refused by one generic issue naming `cause` (the validator
 * or the interpreter failed to load); afterwards the next value tries the load again.
 */
export function withoutExplanation<R>(cause: unknown, f: () => R): R {
  const reason = cause instanceof Error ? cause.message : String(cause);
  unexplained = { path: '', message: `Value is invalid (${reason.charAt(0).toLowerCase()}${reason.slice(1)})` };
  try {
    return f();
  } finally {
    unexplained = undefined;
  }
}
