/**
 * The catalog document as it arrives (`catalog_definition.json`), before `Catalog` checks
 * and loads it, and the lookup of its local `$ref`s.
 */
import { isObject } from '../json.ts';
import { unescapeSegment } from '../json-pointer.ts';

/** A JSON Schema object as catalogs write them. */
export type JsonSchema = Record<string, unknown>;

/** The catalog document (`catalog_definition.json`). */
export interface CatalogDefinition {
  catalogId: string;
  protocolVersion?: string;
  components?: Record<string, JsonSchema>;
  functions?: Record<string, JsonSchema>;
  $defs?: Record<string, JsonSchema>;
  instructions?: string;
  metadata?: { extensions?: Record<string, unknown> };
  [key: string]: unknown;
}

/** Resolves `#/a/b` inside the catalog document (local refs). */
export function resolveLocal(doc: unknown, ref: string): unknown {
  let cur: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = unescapeSegment(raw);
    if (!isObject(cur) || !Object.hasOwn(cur, key)) return undefined;
    cur = cur[key];
  }
  return cur;
}
