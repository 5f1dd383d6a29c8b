/**
 * Update counting (tests and dev tools): while `updateCounts.map` is a Map, every element update
 * and every applied part change adds one under its component id. `undefined` costs nothing.
 *
 * @module
 */

export const updateCounts: { map: Map<string, number> | undefined } = { map: undefined };

/** Counts one update of the component `node` (when counting). */
export function countUpdate(node: { readonly id: string } | undefined): void {
  const map = updateCounts.map;
  if (map && node) map.set(node.id, (map.get(node.id) ?? 0) + 1);
}
