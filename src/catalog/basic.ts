/**
 * The built-in v1.0 basic catalog: its schemas (generated from the spec) with our function bodies.
 * The store's first load holds its head (id, version, function schemas) and component index; the
 * component schemas arrive with the schema validator (definitions/basic.ts, validation.ts).
 */
import { basicFunctions } from '../functions/basic/index.ts';
import { schemaValidator } from '../schema/validate.ts';
import { builtInCatalog, type Catalog, type CatalogDefinition } from './catalog.ts';
import { basicCatalogHead, basicComponentIndex } from './definitions/basic-head.ts';

/** The basic catalog id. */
export const BASIC_CATALOG_ID = basicCatalogHead.catalogId;

const parts = {
  head: basicCatalogHead as unknown as CatalogDefinition,
  components: basicComponentIndex,
  whole: () => schemaValidator.loaded?.basicCatalogDefinition as unknown as CatalogDefinition | undefined,
};

/**
 * A fresh basic catalog (catalogs are mutable through `implement`, so each store gets its own).
 * Its `definition` and component `schema`s are there once the schema validator has arrived.
 */
export function basicCatalog(): Catalog {
  return builtInCatalog(parts, { ...basicFunctions });
}
