/**
 * One component of a surface as the store keeps it: the agent's definition split into the
 * envelope (`@accessibility`, `@checks`, `@metadata`, `@catalogId`) and the catalog properties,
 * with its child references extracted once.
 */
import type { Catalog, ComponentType } from './catalog/catalog.ts';
import type { ChildTemplate } from './catalog/child-positions.ts';

/** Metadata carried by surfaces, components and actions. */
export interface A2uiMetadata {
  extensions?: Record<string, unknown>;
}

/** An immutable component definition. A new record replaces the old one on every update. */
export interface ComponentRecord {
  readonly id: string;
  /** The component type name (`Text`, `Button`, …). */
  readonly type: string;
  readonly catalog: Catalog;
  readonly componentType: ComponentType;
  /** Catalog properties, still as dynamic values (`{"@path"}`, `{"@call"}`, literals). */
  readonly props: Readonly<Record<string, unknown>>;
  /** `@accessibility` (dynamic values inside). */
  readonly accessibility?: Readonly<Record<string, unknown>>;
  /** `@checks` (CheckRule list). */
  readonly checks?: readonly unknown[];
  /** `@metadata`. */
  readonly metadata?: A2uiMetadata;
  /** Child references in property order: ids and templates. */
  readonly children: ReadonlyArray<string | ChildTemplate>;
  /** The wire JSON it was made from: a component re-sent exactly so keeps this record. */
  readonly source?: string;
}

/** The ids a record refers to (template component ids included). */
export function childIds(record: ComponentRecord): string[] {
  return record.children.map((c) => (typeof c === 'string' ? c : c.componentId));
}
