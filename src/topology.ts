/**
 * The graph rules checked when components change (topology-check.ts: no cycles, the catalog's
 * `allowedParents` / `allowedChildren`), which arrive with the schema validator.
 */
import type { ComponentRecord } from './component.ts';
import type { A2uiError } from './errors.ts';
import { schemaValidator } from './schema/validate.ts';
import type { Surface } from './surface.ts';

/**
 * Checks the staged graph around `changed`; returns the first violation, if any. Records come only
 * from the validator (component-validation.ts), so it is there whenever there are any.
 */
export function checkTopology(surface: Surface, changed: readonly ComponentRecord[], pathOf: (id: string) => string): A2uiError | undefined {
  return changed.length ? schemaValidator.need().checkTopology(surface, changed, pathOf) : undefined;
}
