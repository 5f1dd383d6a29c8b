/**
 * Turns one agent component definition into a {@link ComponentRecord}, or says precisely why not:
 * identity rules, catalog resolution, envelope keys, the catalog schema, and the arguments of every
 * function call it contains. Paths in errors point into the message (`/components/3/text`). It
 * arrives with the schema validator (validation.ts); the store reaches it through
 * component-validation.ts.
 */
import { checkCatalogRules, type Catalog, type JsonSchema } from './catalog/catalog.ts';
import { childReferences, withStandInIds } from './catalog/child-references.ts';
import type { ComponentRecord } from './component.ts';
import { A2uiError, CatalogError, ValidationError } from './errors.ts';
import { isComponentId, MAX_ID_LENGTH } from './identifiers.ts';
import { isObject } from './json.ts';
import { childPointer, pointerEscapeError } from './json-pointer.ts';
import { needPieceOf } from './functions/pieces.ts';
import { checkMetadata } from './metadata.ts';
import { validateAgainst, validateComponentSchema } from './catalog-schemas.ts';

/** The envelope keys; their legacy bare spellings count only when the schema does not declare them. */
const ENVELOPE: ReadonlySet<string> = new Set(['catalogId', 'accessibility', 'metadata', 'checks']);
const DIRECTIVE = /^@([^@]|$)/;

export interface ComponentContext {
  readonly surfaceId: string;
  readonly surfaceCatalogId: string | undefined;
  catalog(id: string): Catalog | undefined;
  /** Pointer prefix of this component in the message, e.g. `/components/3`. */
  readonly path: string;
  /** Protocol version of the surface (`1.0`, `0.9`): catalogs of another version are refused. */
  readonly surfaceVersion: string;
}

/** Validates one component definition. Throws ValidationError / CatalogError. */
export function checkComponent(raw: unknown, ctx: ComponentContext, source?: string): ComponentRecord {
  const where = (sub = '') => ({ surfaceId: ctx.surfaceId, path: ctx.path + sub });
  if (!isObject(raw)) throw new ValidationError('A component must be an object', where());
  const { id, component: type } = raw;
  if (typeof id !== 'string') throw new ValidationError('Component id must be a string', where('/id'));
  if (id.length > MAX_ID_LENGTH) throw new ValidationError(`Component id is longer than ${MAX_ID_LENGTH} characters`, where('/id'));
  // v0.9 and draft-v1.0 ids are any string (their `ComponentId` has no pattern); v1.0 ids are UAX #31.
  const anyIds = ctx.surfaceVersion !== '1.0';
  if (!isComponentId(id, ctx.surfaceVersion)) throw new ValidationError(`Component id '${id}' must be a valid UAX #31 identifier`, where('/id'));
  if (typeof type !== 'string') throw new ValidationError(`Component '${id}' has no component type`, where('/component'));
  if (type === 'Surface') throw new ValidationError("The 'Surface' component cannot be created or modified", where('/component'));

  const explicit = raw['@catalogId'];
  if (explicit !== undefined && typeof explicit !== 'string') throw new ValidationError('@catalogId must be a string', where('/@catalogId'));
  const catalogId = (explicit as string | undefined) ?? ctx.surfaceCatalogId;
  if (catalogId === undefined) {
    throw new CatalogError(`Component '${id}' names no @catalogId and the surface has no default catalogId`, where());
  }
  const catalog = ctx.catalog(catalogId);
  if (!catalog) throw new CatalogError(`Catalog not found: ${catalogId}. Catalog '${catalogId}' is not supported by surface '${ctx.surfaceId}'.`, where());
  rulesOf(catalog, where());
  if (!catalog.speaks(ctx.surfaceVersion)) {
    throw new CatalogError(`Catalog '${catalog.id}' is protocol version ${catalog.protocolVersion}, the surface speaks ${ctx.surfaceVersion}`, where());
  }
  const componentType = catalog.component(type);
  if (!componentType) {
    throw new ValidationError(`Unknown component '${type}' in catalog '${catalog.id}'`, where('/component'));
  }

  // Split the envelope from the catalog properties.
  const envelope: Record<string, unknown> = {};
  const props: Record<string, unknown> = {};
  let legacy = false;
  for (const key of Object.keys(raw)) {
    if (key === 'id') continue;
    const value = raw[key];
    if (key.charCodeAt(0) === 64 /* @ */) {
      const bare = key.slice(1);
      if (!ENVELOPE.has(bare)) throw new ValidationError(`Unknown envelope key '${key}'`, where(`/${key}`));
      if (Object.hasOwn(envelope, bare)) throw new ValidationError(`Both '${key}' and '${bare}' are given`, where(`/${key}`));
      envelope[bare] = value;
    } else if (ENVELOPE.has(key) && !componentType.properties.has(key)) {
      if (Object.hasOwn(envelope, key)) throw new ValidationError(`Both '@${key}' and '${key}' are given`, where(`/${key}`));
      envelope[key] = value;
      legacy = true;
    } else if (key === '__proto__') {
      // defineProperty keeps a `__proto__` key an own data property.
      Object.defineProperty(props, key, { value, enumerable: true, writable: true, configurable: true });
    } else props[key] = value;
  }

  // Child references are component ids: report a bad one by the identifier rule, not a raw pattern.
  const children = childReferences(props, componentType.slots);
  for (const ref of children) {
    const childId = typeof ref === 'string' ? ref : ref.componentId;
    if (!isComponentId(childId, ctx.surfaceVersion)) throw new ValidationError(`Component id '${childId}' must be a valid UAX #31 identifier`, where());
  }

  // The wire component as the message schema sees it (legacy envelope keys renamed): envelope via
  // ComponentCommon, properties via the catalog schema, anything else rejected.
  // (A v0.9 or draft id was checked above; the v1.0 schemas would apply the identifier pattern to it
  // and to its child references.) A v1.0 component without legacy keys is its own wire form: it is
  // checked as it is, and the wire form is built only to report the issue of one that fails.
  if (anyIds || legacy || validateComponentSchema(raw, catalog).length) {
    const wire: Record<string, unknown> = anyIds ? { id: 'id', ...withStandInIds(props, componentType.slots, 'id') } : { id, ...props };
    for (const [k, v] of Object.entries(envelope)) wire['@' + k] = v;
    const issue = validateComponentSchema(wire, catalog)[0];
    if (issue) throw new ValidationError(`'${type}' ${issue.path ? issue.path.slice(1) + ': ' : ''}${issue.message}`, where(issue.path));
  }
  const metadata = checkMetadata(envelope.metadata, ctx.path + '/@metadata');
  checkCalls(props, ctx, where, '');
  if (envelope.checks !== undefined) checkCalls(envelope.checks, ctx, where, '/@checks');
  if (envelope.accessibility !== undefined) checkCalls(envelope.accessibility, ctx, where, '/@accessibility');

  return Object.freeze({
    id,
    type,
    catalog,
    componentType,
    props: Object.freeze(props),
    accessibility: envelope.accessibility as Record<string, unknown> | undefined,
    checks: envelope.checks as unknown[] | undefined,
    metadata,
    children,
    source,
  });
}

/**
 * Finds every `{"@call"}` and checks it statically: directive keys, catalog resolution, and the
 * arguments of declared functions against their schema; and the escapes of every `{"@path"}`. Undeclared functions are allowed: the
 * spec routes them to the agent.
 */
function checkCalls(
  value: unknown,
  ctx: ComponentContext,
  where: (sub?: string) => { surfaceId: string; path: string },
  path: string,
  depth = 0,
): void {
  if (depth > 64) throw new ValidationError('Value is nested too deeply', where(path));
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      // Only containers can hold calls; a leaf is looked at for its depth alone.
      if (typeof v === 'object' && v !== null) checkCalls(v, ctx, where, `${path}/${i}`, depth + 1);
      else if (depth + 1 > 64 && i in value) throw new ValidationError('Value is nested too deeply', where(`${path}/${i}`));
    }
    return;
  }
  if (!isObject(value)) return;
  const call = value['@call'];
  if (typeof call === 'string' && call.startsWith('@') && call !== '@index') {
    throw new ValidationError(`Unknown system function '${call}'`, where(path));
  }
  if (typeof call === 'string' && !call.startsWith('@')) {
    const catalogId = typeof value.catalogId === 'string' ? value.catalogId : ctx.surfaceCatalogId;
    if (catalogId === undefined) {
      throw new CatalogError(`Function '${call}' names no catalogId and the surface has no default catalogId`, where(path));
    }
    const catalog = ctx.catalog(catalogId);
    if (!catalog) throw new CatalogError(`Catalog not found: ${catalogId}`, where(path));
    rulesOf(catalog, where(path));
    if (!catalog.speaks(ctx.surfaceVersion)) {
      throw new CatalogError(`Catalog '${catalog.id}' is protocol version ${catalog.protocolVersion}, the surface speaks ${ctx.surfaceVersion}`, where(path));
    }
    const decl = catalog.function(call);
    if (decl?.implementation) {
      try {
        needPieceOf(decl.implementation);
      } catch (e) {
        // A piece that failed to load refuses the call where it is (a LoadPending holds the message).
        throw e instanceof A2uiError ? new A2uiError(e.code, e.message, where(path)) : e;
      }
    }
    if (decl?.argsSchema) {
      const issue = validateAgainst(value.args ?? {}, decl.argsSchema as JsonSchema, catalog)[0];
      if (issue) {
        const arg = issue.path ? ` argument '${issue.path.slice(1)}'` : '';
        throw new ValidationError(`Function '${call}'${arg}: ${issue.message}`, where(`${path}/args${issue.path}`));
      }
    }
  }
  const pointer = value['@path'];
  const invalid = typeof pointer === 'string' ? pointerEscapeError(pointer) : undefined;
  if (invalid) throw new ValidationError(invalid, where(`${path}/@path`));
  for (const k of Object.keys(value)) {
    if (k.charCodeAt(0) === 64 /* @ */ && DIRECTIVE.test(k) && k !== '@call' && k !== '@path' && k !== '@checks') {
      throw new ValidationError(`Unknown directive '${k}'`, where(`${path}/${k}`));
    }
    const v = value[k];
    const child = () => childPointer(path, k);
    if (typeof v === 'object' && v !== null) checkCalls(v, ctx, where, child(), depth + 1);
    else if (depth + 1 > 64) throw new ValidationError('Value is nested too deeply', where(child()));
  }
}

/** A catalog made before the catalog rules arrived is checked now; one that breaks them refuses what uses it, here. */
function rulesOf(catalog: Catalog, at: { surfaceId: string; path: string }): void {
  try {
    checkCatalogRules(catalog);
  } catch (e) {
    throw e instanceof CatalogError ? new CatalogError(e.message, at) : e;
  }
}
