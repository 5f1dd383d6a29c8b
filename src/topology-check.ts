/**
 * Graph rules checked when components change: no cycles (a component may not contain itself,
 * directly or through templates), and the catalog's `allowedParents` / `allowedChildren`, with
 * `Surface` as the parent of `root`. Only the changed components and their ancestors are visited.
 * It arrives with the schema validator (validation.ts); the store reaches it through topology.ts.
 */
import { childIds, type ComponentRecord } from './component.ts';
import { A2uiError, IntegrityError, ValidationError } from './errors.ts';
import { SURFACE_PARENT, type Surface } from './surface.ts';

/** Checks the staged graph around `changed`; returns the first violation, if any. */
export function checkTopology(surface: Surface, changed: readonly ComponentRecord[], pathOf: (id: string) => string): A2uiError | undefined {
  // A component without children is on no cycle (each node of a cycle has a child on it).
  const cycle = findCycle(surface, changed.filter((r) => r.children.length > 0).map((r) => r.id));
  if (cycle) {
    const what = cycle.length === 2 ? `Self-reference detected: '${cycle[0]}' contains itself` : `Circular component reference: ${cycle.join(' → ')}`;
    return new IntegrityError(what, { surfaceId: surface.id, path: pathOf(cycle[0]) });
  }
  for (const record of changed) {
    const bad = checkComposition(surface, record, pathOf);
    if (bad) return bad;
  }
  return undefined;
}

/**
 * Finds a cycle through the changed components. The graph was acyclic before, so every cycle
 * passes through a changed node, and every node of such a cycle is an ancestor of it: the search
 * runs on the ancestor closure of the changed nodes only, in one linear depth-first pass.
 */
function findCycle(surface: Surface, changed: readonly string[]): string[] | undefined {
  if (changed.length === 0) return undefined;
  const parents = new Map<string, string[]>();
  const parentsOf = (id: string) => {
    let p = parents.get(id);
    if (!p) parents.set(id, (p = surface.parentsOf(id).filter((x) => x !== SURFACE_PARENT)));
    return p;
  };
  const closure = new Set(changed);
  const queue = [...changed];
  while (queue.length) {
    for (const p of parentsOf(queue.pop()!)) if (!closure.has(p)) closure.add(p), queue.push(p);
  }
  const state = new Map<string, 1 | 2>(); // 1: on the current path, 2: done
  for (const start of closure) {
    if (state.has(start)) continue;
    const path: string[] = [start];
    const iters: Array<Iterator<string>> = [parentsOf(start)[Symbol.iterator]()];
    state.set(start, 1);
    while (path.length) {
      const next = iters[iters.length - 1].next();
      if (next.done) {
        state.set(path.pop()!, 2);
        iters.pop();
        continue;
      }
      const p = next.value;
      if (state.get(p) === 1) {
        // Walking parent links: reverse the trail so the cycle reads parent → child.
        const trail = path.slice(path.indexOf(p));
        return [...trail, p].reverse();
      }
      if (state.has(p) || !closure.has(p)) continue;
      state.set(p, 1);
      path.push(p);
      iters.push(parentsOf(p)[Symbol.iterator]());
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
