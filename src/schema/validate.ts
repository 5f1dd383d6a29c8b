/**
 * A small JSON Schema (draft 2020-12 subset) validator for A2UI catalogs and common types, small
 * enough for the script-tag bundle (ajv is not); `interpret.ts` lists the keywords. Both halves
 * load on first use: the compiled validator (compiled.ts), which decides, with what runs only with
 * it (validation.ts: the component rules, the argument checks, the common types, the built-in
 * catalogs' component schemas) when the first store is created; the interpreter (interpret.ts),
 * which says why a value is refused, with the first refusal. Until the piece a message needs has
 * arrived, the code that needs it throws a `LoadPending` (lazy.ts) and the store holds the message
 * and the ones after it, applying them in order once it is there.
 */
import { lazyModule } from '../lazy.ts';

export { schemaExplainer } from './explainer.ts';

/**
 * The schema validator and everything that runs only with it (validation.ts), loaded when the
 * first store is created: a message with components waits for it.
 */
export const schemaValidator = lazyModule('the schema validator', () => import('../validation.ts'));
