/**
 * Turns one agent component definition into a {@link ComponentRecord}, or says precisely why not.
 * The rules (component-check.ts) arrive with the schema validator, which a store starts loading
 * when it is created: until then a component waits (`LoadPending`: the store holds its message and
 * the ones after it), and if the validator cannot be loaded it is refused with one generic issue.
 */
import type { ComponentRecord } from './component.ts';
import type { ComponentContext } from './component-check.ts';
import { ValidationError } from './errors.ts';
import { needed, unexplained } from './schema/explainer.ts';
import { schemaValidator } from './schema/validate.ts';

export type { ComponentContext } from './component-check.ts';
export { MAX_ID_LENGTH } from './identifiers.ts';

/**
 * Validates one component definition (component-check.ts). Throws ValidationError / CatalogError.
 * @throws LoadPending while the schema validator loads.
 */
export function toComponentRecord(raw: unknown, ctx: ComponentContext, source?: string): ComponentRecord {
  const validator = needed(schemaValidator);
  if (!validator) throw new ValidationError(unexplained(schemaValidator).message, { surfaceId: ctx.surfaceId, path: ctx.path });
  return validator.checkComponent(raw, ctx, source);
}
