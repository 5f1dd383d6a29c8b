/**
 * {@link validate}: the compiled validator (compiled.ts) decides; a refused value is re-run in the
 * interpreter (interpret.ts, loaded with the first refusal) for its issues, so the messages,
 * pointers and their order have one source. This module arrives with the schema validator
 * (`schemaValidator`, validate.ts), so nothing here waits for the compiled half.
 */
import { accepts, TOO_COMPLEX, TOO_COMPLEX_ISSUE } from './compiled.ts';
import { needed, schemaExplainer, unexplained } from './explainer.ts';
import type { JsonSchema, SchemaContext, SchemaIssue } from './types.ts';

/**
 * Validates `value` against `schema`. Local `#/...` refs in `schema` resolve into `ctx.root` (the
 * catalog), `common_types.json#/...` into the common types, so validate against a common type with
 * `{ $ref: 'common_types.json#/$defs/DynamicString' }`, not with the def object itself. Returns no
 * issues when valid; identical issues are reported once.
 * @throws LoadPending for an invalid value before the interpreter has loaded.
 */
export function validate(value: unknown, schema: JsonSchema, ctx: SchemaContext): SchemaIssue[] {
  try {
    if (accepts(value, schema, ctx)) return [];
  } catch (e) {
    if (e === TOO_COMPLEX) return [TOO_COMPLEX_ISSUE];
    // Anything else (a hostile getter) is the interpreter's to report.
  }
  const explainer = schemaExplainer.loaded ?? needed(schemaExplainer);
  return explainer ? explainer.interpret(value, schema, ctx) : [unexplained(schemaExplainer)];
}
