/**
 * Strict topology, the v0.9 validator's rules (opt-in, `enableV09(store, {strict: true})`): after an
 * updateComponents the surface must hold a complete tree, with a `root`, no self or circular
 * references, no reference to a component that does not exist, and nothing unreachable from
 * `root`. Without strict mode a stream may build its tree progressively, as the spec allows.
 */
import { childReferences } from '../catalog/child-references.ts';
import type { Catalog } from '../catalog/catalog.ts';
import { ValidationError } from '../errors.ts';
import type { Surface } from '../surface.ts';

/** Checks the tree the surface would hold after `components` (upgraded) are applied. Throws ValidationError. */
export function checkStrictTopology(surface: Surface, catalog: Catalog, components: ReadonlyArray<Record<string, unknown>>): void {
  const children = new Map<string, string[]>();
  for (const id of surface.ids()) {
    children.set(id, surface.peek(id)!.children.map((c) => (typeof c === 'string' ? c : c.componentId)));
  }
  const indexOf = new Map<string, number>();
  components.forEach((c, i) => {
    const id = c.id as string;
    indexOf.set(id, i);
    const slots = catalog.component(c.component as string)?.slots ?? [];
    children.set(id, childReferences(c, slots).map((r) => (typeof r === 'string' ? r : r.componentId)));
  });
  const where = (id: string) => ({ surfaceId: surface.id, path: indexOf.has(id) ? `/components/${indexOf.get(id)}` : '/components' });

  if (!children.has('root')) {
    throw new ValidationError(`Missing root component: surface '${surface.id}' has no component with id 'root'`, where(''));
  }
  for (const [id, refs] of children) {
    if (refs.includes(id)) throw new ValidationError(`Circular reference detected: Self-reference detected on component '${id}'`, where(id));
  }
  const cycle = findCycle(children);
  if (cycle) {
    throw new ValidationError(`Circular reference detected: Circular component reference ${cycle.join(' → ')}`, where(cycle[0]!));
  }
  for (const [id, refs] of children) {
    const missing = refs.find((r) => !children.has(r));
    if (missing !== undefined) {
      throw new ValidationError(`Dangling reference: component '${id}' refers to '${missing}', which does not exist`, where(id));
    }
  }
  const reachable = new Set<string>();
  const stack = ['root'];
  while (stack.length) {
    const id = stack.pop()!;
    if (reachable.has(id)) continue;
    reachable.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  for (const id of children.keys()) {
    if (!reachable.has(id)) throw new ValidationError(`Orphaned component '${id}' is not reachable from 'root'`, where(id));
  }
}

/** A cycle as a trail of ids (first = last), found by depth-first search with colours. */
function findCycle(children: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (id: string): string[] | undefined => {
    state.set(id, 'open');
    trail.push(id);
    for (const c of children.get(id) ?? []) {
      if (state.get(c) === 'open') return [...trail.slice(trail.indexOf(c)), c];
      if (!state.has(c) && children.has(c)) {
        const found = visit(c);
        if (found) return found;
      }
    }
    trail.pop();
    state.set(id, 'done');
    return undefined;
  };
  for (const id of children.keys()) {
    if (!state.has(id)) {
      const found = visit(id);
      if (found) return found;
    }
  }
  return undefined;
}
