/**
 * A small JSON Schema (draft 2020-12 subset) validator for A2UI catalogs and common types, small
 * enough for the script-tag bundle (ajv is not); `interpret.ts` lists the keywords. Both halves
 * load on first use: the compiled validator (compiled.ts), which decides, with the first value to
 * validate (a store starts loading it when it is created); the interpreter (interpret.ts), which
 * says why a value is refused, with the first refusal. Until the half a value needs has arrived,
 * {@link validate} throws a `LoadPending` (lazy.ts) and the caller asks again once it is there (the
 * store holds the message and the ones after it meanwhile, so messages keep their order).
 */
import { lazyModule, type LazyModule } from '../lazy.ts';
import type { JsonSchema, SchemaContext, SchemaIssue } from './types.ts';

/** The compiled validator (compiled.ts), loaded with the first value to validate. */
export const schemaValidator = lazyModule('the schema validator', () => import('./compiled.ts'));

/** The interpreter that says why a value is invalid (interpret.ts), loaded with the first refused value. */
export const schemaExplainer = lazyModule('the schema validator', () => import('./interpret.ts'));

/**
 * Validates `value` against `schema`. Local `#/...` refs in `schema` resolve into `ctx.root` (the
 * catalog), `common_types.json#/...` into the common types, so validate against a common type with
 * `{ $ref: 'common_types.json#/$defs/DynamicString' }`, not with the def object itself. Returns no
 * issues when valid; identical issues are reported once.
 * @throws LoadPending before the validator has loaded, and for an invalid value before the interpreter has.
 */
export function validate(value: unknown, schema: JsonSchema, ctx: SchemaContext): SchemaIssue[] {
  const compiled = schemaValidator.loaded ?? needed(schemaValidator);
  if (!compiled) return [unexplained(schemaValidator)];
  try {
    if (compiled.accepts(value, schema, ctx)) return [];
  } catch (e) {
    if (e === compiled.TOO_COMPLEX) return [compiled.TOO_COMPLEX_ISSUE];
    // Anything else (a hostile getter) is the interpreter's to report.
  }
  const explainer = schemaExplainer.loaded ?? needed(schemaExplainer);
  return explainer ? explainer.interpret(value, schema, ctx) : [unexplained(schemaExplainer)];
}

/** The module, or undefined when its load failed (inside `afterFailedLoad`); throws LoadPending while it loads. */
function needed<M>(piece: LazyModule<M>): M | undefined {
  return piece.unavailable ? undefined : piece.need();
}

/** The one generic issue of a value that could not be validated or explained: its piece failed to load. */
function unexplained(piece: LazyModule<unknown>): SchemaIssue {
  const reason = piece.unavailable!.message;
  return { path: '', message: `Value is invalid (${reason.charAt(0).toLowerCase()}${reason.slice(1)})` };
}
