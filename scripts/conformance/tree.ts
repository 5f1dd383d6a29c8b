/**
 * Walking a surface's mounted component tree with the store's ComponentNode: from `root`, through
 * every child slot (ChildList templates give each item its own data scope). `validate` uses it to
 * force resolution of every binding, so expression and argument errors surface.
 */
import { ComponentNode, type A2uiStore, type DataContext, type Surface } from '../../src/index.ts';
import { isObject } from '../../src/json.ts';

const MAX_DEPTH = 64;

/** Visits every mounted node of a surface (each id once per data scope). */
export function walkTree(store: A2uiStore, surface: Surface, visit: (node: ComponentNode) => void): void {
  const seen = new Set<string>();
  const root = store.context(surface.id);
  if (!root) return;
  const go = (id: string, ctx: DataContext, depth: number) => {
    const key = `${id}@${ctx.scope.base}`;
    if (seen.has(key) || depth > MAX_DEPTH) return;
    seen.add(key);
    const record = surface.peek(id);
    if (!record) return;
    const node = new ComponentNode(store, surface, id, ctx);
    visit(node);
    const top = new Set(record.componentType.slots.filter((s) => s.path.length === 1).map((s) => s.path[0]));
    for (const name of top) for (const child of node.childList(name)) go(child.id, child.context, depth + 1);
    // Child references nested deeper in a property (e.g. Tabs' `tabs[].child`) render in the same scope.
    for (const ref of record.children) if (typeof ref === 'string') go(ref, ctx, depth + 1);
  };
  go('root', root, 0);
}

/** True for an `Action` value: evaluated when dispatched, not while rendering. */
export function isAction(value: unknown): boolean {
  return isObject(value) && (isObject(value.event) || isObject(value.functionCall));
}

/** Resolves every property, check and accessibility attribute of every mounted node of every surface. */
export function resolveAll(store: A2uiStore): void {
  for (const id of store.surfaceIds) {
    const surface = store.surface(id);
    if (!surface) continue;
    walkTree(store, surface, (node) => {
      const record = node.record!;
      for (const [name, value] of Object.entries(record.props)) if (!isAction(value)) node.value(name);
      node.failedChecks();
      node.accessibility();
    });
  }
}
