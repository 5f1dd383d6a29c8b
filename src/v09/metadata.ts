/**
 * Transport metadata for v0.9 agents: `a2uiClientCapabilities` (`client_capabilities.json`) and
 * `a2uiClientDataModel` (`client_data_model.json`). The store attaches `a2uiClientDataModel` to
 * messages about a v0.9 surface itself; {@link a2uiClientDataModel} builds the aggregate for
 * messages that are about no surface (a user query).
 */
import { Catalog, type CatalogDefinition, type JsonSchema } from '../catalog/catalog.ts';
import { isObject } from '../json.ts';
import type { A2uiStore } from '../store.ts';
import { BASIC_V09_CATALOG_ID } from './basic-catalog.ts';
import { themeSchema, v09CatalogDefinition } from './catalog.ts';
import { V09_WIRE_VERSION } from './downgrade.ts';
import { V09_SURFACE_VERSION } from './envelope.ts';
import { v09Options } from './options.ts';

/** One inline catalog in v0.9 capabilities form. */
export interface V09InlineCatalog {
  catalogId: string;
  components?: Record<string, JsonSchema>;
  functions?: Array<{ name: string; parameters: JsonSchema; returnType: string }>;
  theme?: Record<string, JsonSchema>;
}

/**
 * `a2uiClientCapabilities`: `{"v0.9": {supportedCatalogIds, inlineCatalogs?}}`. The supported ids
 * are the store's v0.9 catalogs (and the v0.9 basic catalog, which is registered on first use).
 */
export function a2uiClientCapabilities(
  store: A2uiStore,
  options: { inlineCatalogs?: Array<Catalog | CatalogDefinition> } = {},
): { 'v0.9': { supportedCatalogIds: string[]; inlineCatalogs?: V09InlineCatalog[] } } {
  const ids = store.catalogIds.filter((id) => store.catalog(id)!.protocolVersion.startsWith('0.'));
  if (v09Options(store).basicCatalog && !ids.includes(BASIC_V09_CATALOG_ID)) ids.unshift(BASIC_V09_CATALOG_ID);
  const caps: { supportedCatalogIds: string[]; inlineCatalogs?: V09InlineCatalog[] } = { supportedCatalogIds: ids };
  if (options.inlineCatalogs?.length) caps.inlineCatalogs = options.inlineCatalogs.map(inlineCatalog);
  return { 'v0.9': caps };
}

/** `a2uiClientDataModel`: the data models of the v0.9 surfaces created with `sendDataModel`, or null. */
export function a2uiClientDataModel(store: A2uiStore): { version: string; surfaces: Record<string, unknown> } | null {
  const surfaces: Record<string, unknown> = {};
  for (const id of store.surfaceIds) {
    const s = store.peekSurface(id);
    if (s?.sendDataModel && s.version === V09_SURFACE_VERSION) surfaces[id] = s.dataModel.snapshot();
  }
  return Object.keys(surfaces).length ? { version: V09_WIRE_VERSION, surfaces } : null;
}

/** A catalog in the v0.9 inline form: components wrapped over `ComponentCommon`, functions as a list, theme as a property map. */
export function inlineCatalog(catalog: Catalog | CatalogDefinition): V09InlineCatalog {
  const def = catalog instanceof Catalog ? catalog.definition : v09CatalogDefinition(catalog);
  const out: V09InlineCatalog = { catalogId: def.catalogId };
  if (isObject(def.components)) {
    out.components = Object.fromEntries(Object.entries(def.components).map(([name, s]) => [name, restoreRefs(inlineComponent(name, s)) as JsonSchema]));
  }
  if (isObject(def.functions)) {
    out.functions = Object.entries(def.functions).map(([name, f]) => {
      const args = isObject(f.properties) && isObject(f.properties.args) ? f.properties.args : { type: 'object' };
      return { name, parameters: restoreRefs(args) as JsonSchema, returnType: typeof f.returnType === 'string' ? f.returnType : 'any' };
    });
  }
  const theme = themeSchema(def);
  if (theme && isObject(theme.properties)) out.theme = restoreRefs(theme.properties) as Record<string, JsonSchema>;
  return out;
}

/** A plain object schema → `allOf: [ComponentCommon, {properties: {component: {const}, …}, required}]`; composed schemas stay. */
function inlineComponent(name: string, schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema.allOf)) return schema;
  const { type: _type, properties, required, additionalProperties, ...rest } = schema;
  const branch: JsonSchema = {
    ...rest,
    properties: { component: { const: name }, ...(isObject(properties) ? properties : {}) },
    required: ['component', ...(Array.isArray(required) ? required.filter((r) => r !== 'component') : [])],
  };
  const out: JsonSchema = { allOf: [{ $ref: 'common_types.json#/$defs/ComponentCommon' }, branch] };
  if (additionalProperties === false) out.unevaluatedProperties = false;
  return out;
}

const RESTORE: Record<string, string> = {
  '#/$defs/A2uiV09ComponentId': 'common_types.json#/$defs/ComponentId',
  '#/$defs/A2uiV09ChildList': 'common_types.json#/$defs/ChildList',
  '#/$defs/A2uiV09CheckRule': 'common_types.json#/$defs/CheckRule',
  '#/$defs/A2uiV09Checkable': 'common_types.json#/$defs/Checkable',
  '#/$defs/A2uiV09DynamicBoolean': 'common_types.json#/$defs/DynamicBoolean',
};

/** Points the refs `v09CatalogDefinition` made local back at the common types (inline catalogs have no `$defs`). */
function restoreRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(restoreRefs);
  if (!isObject(node)) return node;
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? (RESTORE[v] ?? v) : restoreRefs(v)]));
}
