/**
 * Upgrade of one v0.9 / v0.9.1 envelope to the v1.0 envelope the store applies. The v0.9 rules are
 * checked here, with the v0.9 wording, before anything changes: exactly one of `createSurface`,
 * `updateComponents`, `updateDataModel`, `deleteSurface`; `createSurface` requires a `catalogId`
 * naming a registered v0.9 catalog, may carry a `theme` (checked against the catalog and kept in
 * the surface's metadata) and has no inline `components`, `dataModel` or `metadata`; messages
 * address existing v0.9 surfaces; `updateDataModel` without `value` deletes.
 */
import type { Catalog } from '../catalog/catalog.ts';
import { withStandInIds } from '../catalog/child-references.ts';
import { CatalogError, IntegrityError, ValidationError } from '../errors.ts';
import { isObject } from '../json.ts';
import { validateComponentSchema } from '../schema-check.ts';
import type { ProtocolHost } from '../protocols.ts';
import type { Surface } from '../surface.ts';
import { BASIC_V09_CATALOG_ID, basicCatalogV09 } from './basic-catalog.ts';
import { upgradeComponent } from './components.ts';
import { v09Options } from './options.ts';
import { checkStrictTopology } from './strict.ts';
import { checkTheme, V09_THEME_EXTENSION } from './theme.ts';

const MESSAGES = new Set(['createSurface', 'updateComponents', 'updateDataModel', 'deleteSurface']);
/** Message names of other protocol versions, refused by name. */
const OTHER_VERSIONS = new Set(['beginRendering', 'surfaceUpdate', 'dataModelUpdate', 'callFunction', 'functionResponse', 'callRendererFunction', 'agentFunctionResponse']);
const CREATE_KEYS = new Set(['surfaceId', 'catalogId', 'theme', 'sendDataModel']);
const V1_CREATE_KEYS = new Set(['components', 'dataModel', 'metadata']);

/** The surface version v0.9 surfaces carry. */
export const V09_SURFACE_VERSION = '0.9';

/** Upgrades one v0.9 envelope. Throws an A2uiError for anything v0.9 does not allow. */
export function upgradeEnvelope(message: Record<string, unknown>, store: ProtocolHost): Record<string, unknown> {
  const wire = String(message.version);
  const keys = Object.keys(message).filter((k) => k !== 'version');
  const named = keys.map((k) => message[k]).find((b) => isObject(b) && typeof b.surfaceId === 'string') as Record<string, unknown> | undefined;
  const where = { surfaceId: named?.surfaceId as string | undefined, path: '/' };
  const known = keys.filter((k) => MESSAGES.has(k));
  if (known.length > 1) throw new ValidationError('Message contains multiple conflicting update actions', where);
  const other = keys.find((k) => !MESSAGES.has(k));
  if (other !== undefined) {
    const why = OTHER_VERSIONS.has(other) ? `action '${other}' is not supported in protocol version ${wire}` : `Unknown message '${other}'`;
    throw new ValidationError(why, { ...where, path: `/${other}` });
  }
  if (known.length === 0) throw new ValidationError('Message has no message key', where);
  const key = known[0]!;
  const body = message[key];
  if (!isObject(body)) throw new ValidationError(`${key} must be an object`, { ...where, path: `/${key}` });
  if (typeof body.surfaceId !== 'string' || body.surfaceId === '') throw new ValidationError('surfaceId must be a string', { path: '/surfaceId' });
  const upgraded =
    key === 'createSurface'
      ? createSurface(body, store)
      : key === 'updateComponents'
        ? updateComponents(body, store, wire)
        : key === 'updateDataModel'
          ? updateDataModel(body, store, wire)
          : body;
  return { version: '1.0', [key]: upgraded };
}

function createSurface(body: Record<string, unknown>, store: ProtocolHost): Record<string, unknown> {
  const surfaceId = body.surfaceId as string;
  const where = (path: string) => ({ surfaceId, path });
  for (const k of Object.keys(body)) {
    if (V1_CREATE_KEYS.has(k)) throw new ValidationError(`createSurface.${k} is v1.0 only`, where(`/${k}`));
    if (!CREATE_KEYS.has(k)) throw new ValidationError(`Unknown createSurface property '${k}'`, where(`/${k}`));
  }
  const catalogId = body.catalogId;
  if (typeof catalogId !== 'string' || catalogId === '') throw new ValidationError('A v0.9 createSurface requires a catalogId', where('/catalogId'));
  const catalog = surfaceCatalog(store, catalogId, surfaceId);
  if (body.sendDataModel !== undefined && typeof body.sendDataModel !== 'boolean') {
    throw new ValidationError('sendDataModel must be a boolean', where('/sendDataModel'));
  }
  const theme = body.theme === undefined ? undefined : checkTheme(body.theme, catalog, surfaceId);
  // The message is checked first, then the state it assumes.
  if (store.peekSurface(surfaceId)) throw new IntegrityError(`Surface ${surfaceId} already exists`, where('/surfaceId'));
  const out: Record<string, unknown> = { surfaceId, catalogId };
  if (body.sendDataModel !== undefined) out.sendDataModel = body.sendDataModel;
  if (theme !== undefined) out.metadata = { extensions: { [V09_THEME_EXTENSION]: theme } };
  return out;
}

function updateComponents(body: Record<string, unknown>, store: ProtocolHost, wire: string): Record<string, unknown> {
  const surface = existing(store, body.surfaceId as string, wire);
  if (!Array.isArray(body.components)) throw new ValidationError('components must be an array', { surfaceId: surface.id, path: '/components' });
  const catalog = surfaceCatalog(store, surface.catalogId!, surface.id);
  const ctx = { catalog, surface, surfaceId: surface.id };
  const components = body.components.map((c, i) => upgradeComponent(c, i, ctx));
  if (v09Options(store).strict) {
    components.forEach((c, i) => {
      const type = catalog.component(c.component as string);
      // v0.9 ids are any string: the v1.0 envelope schema would hold the id and the child
      // references to UAX #31, so they are checked with a stand-in (as the default mode does).
      const checked = typeof c.id === 'string' && type ? { ...withStandInIds(c, type.slots, 'id'), id: 'id' } : c;
      const issue = type && validateComponentSchema(checked, catalog)[0];
      if (issue) {
        throw new ValidationError(`Validation failed for component '${c.component}': ${issue.path ? issue.path.slice(1) + ': ' : ''}${issue.message}`, {
          surfaceId: surface.id,
          path: `/components/${i}${issue.path}`,
        });
      }
    });
    checkStrictTopology(surface, catalog, components);
  }
  return { ...body, components };
}

function updateDataModel(body: Record<string, unknown>, store: ProtocolHost, wire: string): Record<string, unknown> {
  existing(store, body.surfaceId as string, wire);
  // v0.9: an omitted value removes the key; v1.0 says so with null.
  return Object.hasOwn(body, 'value') ? body : { ...body, value: null };
}

function existing(store: ProtocolHost, surfaceId: string, wire: string): Surface {
  const surface = store.peekSurface(surfaceId);
  if (!surface) throw new IntegrityError(`Surface not found for message: ${surfaceId}`, { surfaceId, path: '/surfaceId' });
  if (surface.version !== V09_SURFACE_VERSION) {
    throw new ValidationError(`Surface '${surfaceId}' speaks version ${surface.version}; this message is version ${wire}`, { surfaceId, path: '/version' });
  }
  return surface;
}

/** The catalog of a v0.9 surface: registered, of a pre-1.0 protocol version (the v0.9 basic catalog is registered on first use). */
function surfaceCatalog(store: ProtocolHost, catalogId: string, surfaceId: string): Catalog {
  let catalog = store.catalog(catalogId);
  if (!catalog && catalogId === BASIC_V09_CATALOG_ID && v09Options(store).basicCatalog) catalog = store.registerCatalog(basicCatalogV09());
  if (!catalog) throw new CatalogError(`Catalog not found: ${catalogId}`, { surfaceId, path: '/catalogId' });
  if (!catalog.protocolVersion.startsWith('0.')) {
    throw new CatalogError(`Catalog '${catalogId}' is a v${catalog.protocolVersion} catalog; a v0.9 surface needs a v0.9 catalog`, { surfaceId, path: '/catalogId' });
  }
  return catalog;
}
