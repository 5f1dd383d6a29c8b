/**
 * The built-in v1.0 basic catalog: its schemas (generated from the spec) with our function bodies.
 */
import { basicFunctions } from '../functions/basic/index.ts';
import { Catalog, type CatalogDefinition } from './catalog.ts';
import { basicCatalog as basicDefinition } from './definitions/basic.ts';

/** The basic catalog id. */
export const BASIC_CATALOG_ID = basicDefinition.catalogId;

/** A fresh basic catalog (catalogs are mutable through `implement`, so each store gets its own). */
export function basicCatalog(): Catalog {
  return new Catalog(basicDefinition as unknown as CatalogDefinition, { ...basicFunctions });
}
