/**
 * Upgrade of one v0.9 component definition to v1.0 shape: the bare envelope keys `checks` and
 * `accessibility` become `@checks` / `@accessibility`, and every property is upgraded by its
 * catalog schema (see `values.ts`). `@`-prefixed keys are v1.0 syntax and refused; a bare
 * `catalogId` or `metadata` is an ordinary property in v0.9, so one the catalog does not declare
 * is refused too (v1.0 would read it as an envelope key).
 */
import { ValidationError } from '../errors.ts';
import { isObject } from '../json.ts';
import { childPointer } from '../json-pointer.ts';
import type { Surface } from '../surface.ts';
import { propertySchemas, shapeOf } from './positions.ts';
import { DYNAMIC_BOOLEAN, DYNAMIC_STRING, upgradeValue, type ValueContext } from './values.ts';

/** What a component upgrade needs: the surface and its catalog. */
export interface ComponentContext extends ValueContext {
  readonly surface: Surface;
}

/** Upgrades component `index` of an updateComponents message. Throws ValidationError. */
export function upgradeComponent(raw: unknown, index: number, ctx: ComponentContext): Record<string, unknown> {
  const path = `/components/${index}`;
  const where = (sub = '') => ({ surfaceId: ctx.surfaceId, path: path + sub });
  if (!isObject(raw)) throw new ValidationError('A component must be an object', where());
  const id = raw.id;
  if (id === undefined) throw new ValidationError(`Component at index ${index} is missing an 'id'`, where('/id'));
  if (typeof id !== 'string' || id === '') throw new ValidationError('Component id must be a non-empty string', where('/id'));
  if (typeof raw.component !== 'string') {
    const why = ctx.surface.peek(id) ? `Component ${id} has no component type` : `Cannot create component ${id} without a type`;
    throw new ValidationError(why, where('/component'));
  }
  const type = ctx.catalog.component(raw.component);
  const shape = type ? shapeOf([type.schema], ctx.catalog.definition) : undefined;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const at = childPointer(path, key);
    if (key === 'id' || key === 'component') out[key] = value;
    else if (key.startsWith('@')) throw new ValidationError(`'${key}' is v1.0 syntax; v0.9 components write 'checks' and 'accessibility' bare`, where(`/${key}`));
    else if (key === 'checks') out['@checks'] = Array.isArray(value) ? value.map((r, i) => checkRule(r, ctx, `${at}/${i}`)) : value;
    else if (key === 'accessibility') out['@accessibility'] = accessibility(value, ctx, at);
    else if ((key === 'catalogId' || key === 'metadata') && !type?.properties.has(key)) {
      throw new ValidationError(`'${key}' is not a property of '${raw.component}' (v0.9 components have no ${key})`, where(`/${key}`));
    } else out[key] = upgradeValue(value, shape ? propertySchemas(shape, key) : [], ctx, at);
  }
  return out;
}

/**
 * A CheckRule: the condition is a DynamicBoolean. The shorthand the v0.9 text uses in its examples,
 * a rule that is itself a call (`{"call", "args", "message"}`), is read as `{condition, message}`.
 */
function checkRule(rule: unknown, ctx: ValueContext, path: string): unknown {
  if (!isObject(rule)) return rule;
  if (!Object.hasOwn(rule, 'condition') && typeof rule.call === 'string') {
    const { message, ...condition } = rule;
    rule = { condition, ...(message === undefined ? {} : { message }) };
  }
  const r = rule as Record<string, unknown>;
  return Object.hasOwn(r, 'condition') ? { ...r, condition: upgradeValue(r.condition, DYNAMIC_BOOLEAN, ctx, `${path}/condition`) } : r;
}

function accessibility(value: unknown, ctx: ValueContext, path: string): unknown {
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = { ...value };
  for (const k of ['label', 'description']) if (Object.hasOwn(out, k)) out[k] = upgradeValue(out[k], DYNAMIC_STRING, ctx, `${path}/${k}`);
  if (Object.hasOwn(out, 'hidden')) out.hidden = upgradeValue(out.hidden, DYNAMIC_BOOLEAN, ctx, `${path}/hidden`);
  return out;
}
