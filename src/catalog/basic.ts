/**
 * The built-in v1.0 basic catalog: its schemas (generated from the spec) with our function bodies.
 * The store's first load holds its index (definitions/basic-index.ts: what the store needs of each
 * component and function); the schemas arrive with the schema validator (definitions/basic.ts).
 */
import { basicFunctions } from '../functions/basic/index.ts';
import { schemaValidator } from '../schema/validate.ts';
import { builtInCatalog, type Catalog, type CatalogDefinition } from './catalog.ts';
import { basicCatalogIndex } from './definitions/basic-index.ts';

/** The basic catalog id. */
export const BASIC_CATALOG_ID = basicCatalogIndex.catalogId;

const whole = () => schemaValidator.loaded?.basicCatalogDefinition as unknown as CatalogDefinition | undefined;

/**
 * A fresh basic catalog (catalogs are mutable through `implement`, so each store gets its own).
 * Its `definition` and the `schema` of its components and functions are there once the schema
 * validator has arrived.
 */
export function basicCatalog(): Catalog {
  return builtInCatalog(basicCatalogIndex, whole, { ...basicFunctions });
}
