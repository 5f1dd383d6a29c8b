/**
 * Graph rules checked when components change: no cycles (a component may not contain itself,
 * directly or through templates), and the catalog's `allowedParents` / `allowedChildren`, with
 * `Surface` as the parent of `root`. Only the changed components and their ancestors are visited.
 */
import { childIds, type ComponentRecord } from './component.ts';
import { A2uiError, IntegrityError, ValidationError } from './errors.ts';
import { SURFACE_PARENT, type Surface } from './surface.ts';

/** Checks the staged graph around `changed`; returns the first violation, if any. */
export function checkTopology(surface: Surface, changed: readonly ComponentRecord[], pathOf: (id: string) => string): A2uiError | undefined {
  for (const record of changed) {
    const cycle = findCycle(surface, record.id);
    if (cycle) {
      const what = cycle.length === 2 ? `Self-reference detected: '${record.id}' contains itself` : `Circular component reference: ${cycle.join(' → ')}`;
      return new IntegrityError(what, {
        surfaceId: surface.id,
        path: pathOf(record.id),
      });
    }
  }
  for (const record of changed) {
    const bad = checkComposition(surface, record, pathOf);
    if (bad) return bad;
  }
  return undefined;
}

/** Walks ancestors of `id` looking for `id` itself: the existing graph is acyclic, so any new cycle passes through a changed node. */
function findCycle(surface: Surface, id: string): string[] | undefined {
  const record = surface.peek(id);
  if (!record) return undefined;
  if (childIds(record).includes(id)) return [id, id];
  const seen = new Set<string>();
  const stack: Array<{ node: string; trail: string[] }> = [{ node: id, trail: [id] }];
  while (stack.length) {
    const { node, trail } = stack.pop()!;
    for (const parent of surface.parentsOf(node)) {
      if (parent === SURFACE_PARENT) continue;
      if (parent === id) return [id, ...trail.slice(1).reverse(), id];
      if (seen.has(parent)) continue;
      seen.add(parent);
      stack.push({ node: parent, trail: [...trail, parent] });
    }
  }
  return undefined;
}

function checkComposition(surface: Surface, record: ComponentRecord, pathOf: (id: string) => string): A2uiError | undefined {
  const where = { surfaceId: surface.id, path: pathOf(record.id) };
  // As a child of each of its parents.
  for (const parentId of surface.parentsOf(record.id)) {
    const parentType = parentId === SURFACE_PARENT ? SURFACE_PARENT : surface.peek(parentId)?.type;
    if (!parentType) continue;
    const parentRecord = parentId === SURFACE_PARENT ? undefined : surface.peek(parentId);
    const v = pair(parentType, parentRecord, record);
    if (v) return new ValidationError(v.message, where, v.code);
  }
  // As a parent of each of its children.
  for (const childId of childIds(record)) {
    const child = surface.peek(childId);
    if (!child) continue;
    const v = pair(record.type, record, child);
    if (v) return new ValidationError(v.message, where, v.code);
  }
  return undefined;
}

function pair(
  parentType: string,
  parent: ComponentRecord | undefined,
  child: ComponentRecord,
): { code: 'UNALLOWED_PARENT' | 'UNALLOWED_CHILD'; message: string } | undefined {
  const parents = child.componentType.allowedParents;
  if (parents && !parents.includes(parentType)) {
    return { code: 'UNALLOWED_PARENT', message: `'${child.type}' (${child.id}) may not be placed inside '${parentType}'` };
  }
  const children = parent?.componentType.allowedChildren;
  if (children && !children.includes(child.type)) {
    return { code: 'UNALLOWED_CHILD', message: `'${parentType}' (${parent!.id}) may not contain '${child.type}' (${child.id})` };
  }
  return undefined;
}
