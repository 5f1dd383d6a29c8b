/**
 * createSurface, updateComponents, updateDataModel, deleteSurface.
 */
import { toComponentRecord } from '../component-validation.ts';
import type { ComponentRecord } from '../component.ts';
import { A2uiError, CatalogError, IntegrityError, ValidationError } from '../errors.ts';
import { cloneJson, isObject, MAX_JSON_DEPTH, tooDeep } from '../json.ts';
import { DataValueError } from '../data-model.ts';
import { checkMetadata } from '../metadata.ts';
import { isComponentId, MAX_ID_LENGTH } from '../identifiers.ts';
import { Surface, type ComponentRejection } from '../surface.ts';
import { checkTopology } from '../topology.ts';
import type { MessageContext } from './context.ts';
import type { Catalog } from '../catalog/catalog.ts';
import { presentationFallback } from '../presentation-fallback.ts';

const CREATE_KEYS = new Set(['surfaceId', 'catalogId', 'sendDataModel', 'components', 'dataModel', 'metadata']);
const UPDATE_DATA_KEYS = new Set(['surfaceId', 'path', 'value']);

/** Presentation enums one component may have shown with their defaults (the basic catalog has at most two). */
const MAX_FALLBACKS = 4;

/** Upper bounds that keep a hostile stream bounded (documented in the README). */
export const LIMITS = { componentsPerMessage: 10_000, componentsPerSurface: 50_000, graphFaultsPerMessage: 32 };

export function createSurface(ctx: MessageContext, body: Record<string, unknown>, version = '1.0'): void {
  const surfaceId = requireSurfaceId(body);
  const where = (path: string) => ({ surfaceId, path });
  for (const k of Object.keys(body)) {
    if (k === 'theme') throw new ValidationError('createSurface.theme is not part of v1.0', where('/theme'));
    if (!CREATE_KEYS.has(k)) throw new ValidationError(`Unknown createSurface property '${k}'`, where(`/${k}`));
  }
  if (ctx.surfaces.peek(surfaceId)) throw new IntegrityError(`Surface '${surfaceId}' already exists`, where('/surfaceId'));
  if (body.catalogId !== undefined && typeof body.catalogId !== 'string') throw new ValidationError('catalogId must be a string', where('/catalogId'));
  // Refused here, not at the first updateComponents: the agent learns at once which catalogs there are.
  if (typeof body.catalogId === 'string' && !ctx.catalog(body.catalogId)) {
    throw new CatalogError(`Catalog not found: ${body.catalogId} (this renderer has: ${ctx.catalogIds().join(', ') || 'none'})`, where('/catalogId'));
  }
  if (body.sendDataModel !== undefined && typeof body.sendDataModel !== 'boolean') throw new ValidationError('sendDataModel must be a boolean', where('/sendDataModel'));
  if (body.dataModel !== undefined && !isObject(body.dataModel)) throw new ValidationError('dataModel must be an object', where('/dataModel'));
  if (tooDeep(body.dataModel)) throw new ValidationError(`dataModel nests deeper than ${MAX_JSON_DEPTH} levels`, where('/dataModel'));
  const metadata = checkMetadata(body.metadata, '/metadata');
  const surface = new Surface({
    id: surfaceId,
    catalogId: body.catalogId as string | undefined,
    sendDataModel: body.sendDataModel as boolean | undefined,
    metadata,
    dataModel: body.dataModel === undefined ? {} : cloneJson(body.dataModel as Record<string, unknown>),
    version,
  });
  // The data model is applied first so components bind against it on first resolution.
  const refused = body.components === undefined ? [] : applyComponents(ctx, surface, body.components, version);
  ctx.surfaces.add(surface);
  for (const e of refused) ctx.outbox.report(e, surfaceId);
}

export function updateComponents(ctx: MessageContext, body: Record<string, unknown>): void {
  const surfaceId = requireSurfaceId(body);
  for (const k of Object.keys(body)) {
    if (k !== 'surfaceId' && k !== 'components') throw new ValidationError(`Unknown updateComponents property '${k}'`, { surfaceId, path: `/${k}` });
  }
  const surface = existing(ctx, surfaceId);
  for (const e of applyComponents(ctx, surface, body.components, surface.version)) ctx.outbox.report(e, surfaceId);
}

/**
 * Validates every component, stages them, checks the graph, then commits or rolls back as one.
 * With the store's `partialUpdates`, a component that fails is left out instead (its id shows a
 * placeholder) and its error is returned; the rest is applied. Message-level faults still throw.
 */
function applyComponents(ctx: MessageContext, surface: Surface, components: unknown, surfaceVersion: string): A2uiError[] {
  const surfaceId = surface.id;
  if (!Array.isArray(components)) throw new ValidationError('components must be an array', { surfaceId, path: '/components' });
  if (components.length === 0) throw new ValidationError('components must list at least one component', { surfaceId, path: '/components' });
  if (components.length > LIMITS.componentsPerMessage) {
    throw new ValidationError(`Too many components in one message (limit ${LIMITS.componentsPerMessage})`, { surfaceId, path: '/components' });
  }
  const partial = ctx.partialUpdates;
  const refused: A2uiError[] = [];
  const rejected = new Map<string, ComponentRejection>();
  const refuse = (e: unknown, raw: unknown): void => {
    if (!partial || !(e instanceof A2uiError)) throw e;
    refused.push(e);
    const id = isObject(raw) ? raw.id : undefined;
    // A placeholder only for an id a valid parent could name.
    if (isComponentId(id, surfaceVersion) && id.length <= MAX_ID_LENGTH && !indexOf.has(id)) {
      rejected.set(id, { code: String(e.code), message: e.message, path: e.where.path ?? '/' });
    }
  };
  const indexOf = new Map<string, number>();
  let records: ComponentRecord[] = [];
  components.forEach((raw, i) => {
    const path = `/components/${i}`;
    const source = wireSource(raw);
    // Presentation enums with unknown values, shown with their defaults (partialUpdates only).
    const notices: A2uiError[] = [];
    let input = raw;
    for (;;) {
      try {
        const record =
          resent(surface, raw, source, ctx) ??
          toComponentRecord(input, { surfaceId, surfaceCatalogId: surface.catalogId, catalog: (id) => ctx.catalog(id), path, surfaceVersion }, source);
        if (indexOf.has(record.id)) {
          throw new IntegrityError(`Duplicate component id '${record.id}' in one message`, { surfaceId, path: `${path}/id` });
        }
        indexOf.set(record.id, i);
        records.push(record);
        refused.push(...notices);
        return;
      } catch (e) {
        const fallback = partial && notices.length < MAX_FALLBACKS ? presentationFallback(e, input, path, catalogOf(ctx, surface, input)) : undefined;
        if (!fallback) return refuse(e, raw);
        notices.push(fallback.error);
        input = fallback.component;
      }
    }
  });
  if (surface.size + records.length > LIMITS.componentsPerSurface) {
    throw new ValidationError(`Surface would exceed ${LIMITS.componentsPerSurface} components`, { surfaceId, path: '/components' });
  }
  // A graph fault names one component (by its path): partial updates leave that one out and retry,
  // a bounded number of times (each retry checks the graph again).
  for (let retries = 0; ; retries++) {
    const staged = surface.stage(records, rejected);
    let fault: A2uiError | undefined;
    try {
      fault = checkTopology(surface, records, (id) => `/components/${indexOf.get(id) ?? 0}`);
    } catch (e) {
      staged.undo();
      throw e;
    }
    if (!fault) {
      staged.commit();
      return refused;
    }
    staged.undo();
    const index = Number(/^\/components\/(\d+)/.exec(fault.where.path ?? '')?.[1]);
    const culprit = records.find((r) => indexOf.get(r.id) === index);
    if (!partial || !culprit || retries >= LIMITS.graphFaultsPerMessage) throw fault;
    records = records.filter((r) => r !== culprit);
    indexOf.delete(culprit.id);
    refuse(fault, components[index]);
  }
}

/** The catalog a wire component names (`@catalogId`), or its surface's. */
function catalogOf(ctx: MessageContext, surface: Surface, raw: unknown): Catalog | undefined {
  const id = isObject(raw) && typeof raw['@catalogId'] === 'string' ? raw['@catalogId'] : surface.catalogId;
  return id === undefined ? undefined : ctx.catalog(id);
}

/** The component's JSON text, to recognise it when sent again (`undefined` if it has none). */
function wireSource(raw: unknown): string | undefined {
  try {
    return isObject(raw) ? JSON.stringify(raw) : undefined;
  } catch {
    return undefined; // a host object with a cycle or a BigInt: validated every time
  }
}

/**
 * The current record of a component sent again exactly as before (agents often resend a whole
 * tree): it was validated when it came, and keeping it means its element does not re-render.
 */
function resent(surface: Surface, raw: unknown, source: string | undefined, ctx: MessageContext): ComponentRecord | undefined {
  if (source === undefined || !isObject(raw) || typeof raw.id !== 'string') return undefined;
  const previous = surface.peek(raw.id);
  if (previous?.source !== source) return undefined;
  const catalogId = typeof raw['@catalogId'] === 'string' ? raw['@catalogId'] : surface.catalogId;
  return catalogId !== undefined && ctx.catalog(catalogId) === previous.catalog ? previous : undefined;
}

export function updateDataModel(ctx: MessageContext, body: Record<string, unknown>): void {
  const surfaceId = requireSurfaceId(body);
  for (const k of Object.keys(body)) {
    if (!UPDATE_DATA_KEYS.has(k)) throw new ValidationError(`Unknown updateDataModel property '${k}'`, { surfaceId, path: `/${k}` });
  }
  const path = body.path ?? '/';
  if (typeof path !== 'string') throw new ValidationError('path must be a string', { surfaceId, path: '/path' });
  if (path !== '' && !path.startsWith('/')) throw new ValidationError(`path '${path}' must be an absolute JSON pointer`, { surfaceId, path: '/path' });
  const surface = existing(ctx, surfaceId);
  if (!Object.hasOwn(body, 'value')) throw new ValidationError('updateDataModel requires a value', { surfaceId, path: '/value' });
  const value = body.value;
  try {
    if (value === null) surface.dataModel.delete(path);
    // The model checks the value (depth, an object at the root) before it copies it.
    else surface.dataModel.set(path, value, { copy: true });
  } catch (e) {
    if (e instanceof A2uiError && e.where.surfaceId === undefined) {
      throw new ValidationError(e.message, { surfaceId, path: e instanceof DataValueError ? '/value' : '/path' });
    }
    throw e;
  }
}

export function deleteSurface(ctx: MessageContext, body: Record<string, unknown>): void {
  const surfaceId = requireSurfaceId(body);
  // Deleting a surface that does not exist is a no-op: the goal state already holds.
  ctx.surfaces.remove(surfaceId);
}

function requireSurfaceId(body: Record<string, unknown>): string {
  if (typeof body.surfaceId !== 'string' || body.surfaceId === '') {
    throw new ValidationError('surfaceId must be a string', { path: '/surfaceId' });
  }
  return body.surfaceId;
}

function existing(ctx: MessageContext, surfaceId: string): Surface {
  const s = ctx.surfaces.peek(surfaceId);
  if (!s) throw new IntegrityError(`Surface '${surfaceId}' does not exist`, { surfaceId, path: '/surfaceId' });
  return s;
}
