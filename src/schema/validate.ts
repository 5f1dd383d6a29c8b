/**
 * A small JSON Schema (draft 2020-12 subset) validator for A2UI catalogs and common types, small
 * enough for the script-tag bundle (ajv is not); `interpret.ts` lists the keywords. The compiled
 * validator (compiled.ts) decides; a refused value is explained by the interpreter
 * (interpret.ts), which is loaded with the first refusal: until it has arrived, {@link validate}
 * throws {@link ExplanationPending} and the caller asks again once it is there (the store holds
 * the message and the ones after it meanwhile).
 */
import { lazyModule } from '../lazy.ts';
import { accepts, TOO_COMPLEX, TOO_COMPLEX_ISSUE } from './compiled.ts';
import type { JsonSchema, SchemaContext, SchemaIssue } from './types.ts';

/** The interpreter that says why a value is invalid (interpret.ts), loaded with the first refused value. */
export const schemaExplainer = lazyModule('the schema validator', () => import('./interpret.ts'));

/**
 * Thrown by {@link validate} for a refused value while the interpreter loads: not an A2uiError,
 * so nothing reports it as a refusal. `loading` settles when the interpreter has arrived or failed.
 */
export class ExplanationPending {
  constructor(readonly loading: Promise<unknown>) {}
}

/** While set, the interpreter could not be loaded: a refusal is this one issue. */
let unexplained: SchemaIssue | undefined;

/**
 * Validates `value` against `schema`. Local `#/...` refs in `schema` resolve into `ctx.root` (the
 * catalog), `common_types.json#/...` into the common types, so validate against a common type with
 * `{ $ref: 'common_types.json#/$defs/DynamicString' }`, not with the def object itself. Returns no
 * issues when valid; identical issues are reported once.
 * @throws ExplanationPending for an invalid value before the interpreter has loaded.
 */
export function validate(value: unknown, schema: JsonSchema, ctx: SchemaContext): SchemaIssue[] {
  try {
    if (accepts(value, schema, ctx)) return [];
  } catch (e) {
    if (e === TOO_COMPLEX) return [TOO_COMPLEX_ISSUE];
    // Anything else (a hostile getter) is the interpreter's to report.
  }
  const explainer = schemaExplainer.loaded;
  if (explainer) return explainer.interpret(value, schema, ctx);
  if (unexplained) return [unexplained];
  throw new ExplanationPending(schemaExplainer.load());
}

/**
 * Runs `f` with every refusal answered by one generic issue naming `cause` (the interpreter
 * failed to load); afterwards the next refusal tries the load again.
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
