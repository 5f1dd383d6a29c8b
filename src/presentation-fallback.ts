/**
 * The tolerant reading of `partialUpdates`: a component whose only fault is an unknown value of an
 * enum that only chooses how it looks (a Text `variant`, a Row `align`, a ChoicePicker `variant`
 * such as the `singleSelection` the official v0.9 shell sends) is shown with that property's
 * default instead of a placeholder, and the agent still gets one `error` with the property's path.
 * Enums that change what a component does or hides (TextField `variant: obscured`, Icon `name`) are
 * not in the list: they stay refused.
 */
import type { Catalog } from './catalog/catalog.ts';
import { resolveLocal } from './catalog/definition.ts';
import { ValidationError } from './errors.ts';
import { isObject } from './json.ts';

/** The presentation enums of the basic catalog (v1.0 and v0.9), by component. */
const PRESENTATION: Readonly<Record<string, readonly string[]>> = {
  Text: ['variant'],
  Image: ['fit', 'variant'],
  Row: ['justify', 'align'],
  Column: ['justify', 'align'],
  List: ['direction', 'align'],
  Divider: ['axis'],
  Button: ['variant'],
  ChoicePicker: ['variant', 'displayStyle'],
};

/** A component shown with a default in place of a value it could not use, and the error that tells the agent. */
export interface PresentationFallback {
  readonly component: Record<string, unknown>;
  readonly error: ValidationError;
}

/**
 * When `error` (from checking `raw` at `componentPath`) is an unknown value of a presentation enum
 * that `catalog` declares with a `default`: `raw` without that property, and the error to send.
 */
export function presentationFallback(error: unknown, raw: unknown, componentPath: string, catalog: Catalog | undefined): PresentationFallback | undefined {
  if (!(error instanceof ValidationError) || !isObject(raw) || !catalog || typeof raw.component !== 'string') return undefined;
  const property = error.where.path?.startsWith(componentPath + '/') ? error.where.path.slice(componentPath.length + 1) : undefined;
  if (property === undefined || !PRESENTATION[raw.component]?.includes(property) || typeof raw[property] !== 'string') return undefined;
  const fallback = declaredDefault(catalog, raw.component, property);
  if (fallback === undefined) return undefined;
  const { [property]: _unknown, ...component } = raw;
  return { component, error: new ValidationError(`${error.message}; shown with the default '${fallback}'`, error.where) };
}

/** The `default` of a string-enum property in the component's schema (properties, allOf, local refs). */
function declaredDefault(catalog: Catalog, type: string, property: string): string | undefined {
  let schema: unknown;
  try {
    schema = catalog.component(type)?.schema;
  } catch {
    return undefined; // a built-in catalog's schema not here yet
  }
  const find = (s: unknown, depth: number): string | undefined => {
    if (!isObject(s) || depth > 8) return undefined;
    const p = isObject(s.properties) ? s.properties[property] : undefined;
    if (isObject(p) && Array.isArray(p.enum) && typeof p.default === 'string') return p.default;
    if (typeof s.$ref === 'string' && s.$ref.startsWith('#/')) return find(resolveLocal(catalog.definition, s.$ref), depth + 1);
    if (!Array.isArray(s.allOf)) return undefined;
    for (const sub of s.allOf) {
      const found = find(sub, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return find(schema, 0);
}
