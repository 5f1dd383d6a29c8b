/**
 * What the harness observes of a store: a fingerprint of its state (surfaces, data models,
 * component records) and a rendering of a surface through ComponentNodes (every property, check,
 * accessibility value and child list, templates expanded), with a node budget so a hostile graph
 * cannot make the observer itself run away.
 */
import { ComponentNode, type A2uiStore, type DataContext, type Surface } from '../../src/index.ts';
import { canonical } from './json.ts';

/** The state of one surface as text (data model and component records). */
export function surfaceState(surface: Surface): string {
  const components = surface.ids().map((id) => {
    const r = surface.peek(id);
    return r ? [id, r.type, r.catalog.id, r.props, r.checks ?? null, r.accessibility ?? null, r.metadata ?? null] : [id, null];
  });
  return canonical([surface.id, surface.catalogId ?? null, surface.sendDataModel, surface.metadata ?? null, surface.dataModel.get('/'), components]);
}

/** The state of every surface, in creation order. */
export function storeState(store: A2uiStore): string {
  return store.surfaceIds.map((id) => surfaceState(store.surface(id)!)).join('\n');
}

export interface Rendered {
  /** One line per rendered node: scope, id, resolved properties, failed checks, accessibility. */
  lines: string[];
  /** Nodes whose component has an `action` (candidates for `act()`). */
  actionable: ComponentNode[];
  /** Exceptions that escaped a ComponentNode method (each one is a bug). */
  thrown: Array<{ where: string; error: unknown }>;
  /** Nodes visited (bounded by the budget). */
  visited: number;
}

/**
 * Renders a surface like an element tree would: from `root`, through child slots and templates,
 * plus every component at the root scope (orphans too), each resolved once.
 */
export function render(store: A2uiStore, surfaceId: string, budget = 3000): Rendered {
  const out: Rendered = { lines: [], actionable: [], thrown: [], visited: 0 };
  const surface = store.surface(surfaceId);
  const rootContext = store.context(surfaceId);
  if (!surface || !rootContext) return out;
  const guard = <T>(where: string, f: () => T): T | undefined => {
    try {
      return f();
    } catch (error) {
      out.thrown.push({ where, error });
      return undefined;
    }
  };
  const seen = new Set<string>();
  const stack: Array<{ id: string; context: DataContext; depth: number }> = [{ id: 'root', context: rootContext, depth: 0 }];
  const orphans = surface.ids().reverse().map((id) => ({ id, context: rootContext, depth: 0 }));
  while ((stack.length || orphans.length) && out.visited < budget) {
    const { id, context, depth } = stack.length ? stack.pop()! : orphans.pop()!;
    const key = `${context.scope.base}|${id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.visited++;
    const node = new ComponentNode(store, surface, id, context);
    const record = node.record;
    if (!record) {
      out.lines.push(`${depth} ${key} <missing>`);
      continue;
    }
    const where = `${surfaceId}/${key}`;
    const props: Record<string, unknown> = {};
    for (const name of Object.keys(record.props)) {
      Object.defineProperty(props, name, { value: guard(`${where}.value(${name})`, () => node.value(name)), enumerable: true });
    }
    const checks = guard(`${where}.failedChecks()`, () => node.failedChecks());
    const a11y = guard(`${where}.accessibility()`, () => node.accessibility());
    out.lines.push(`${depth} ${key} ${record.type} ${canonical([props, checks ?? null, a11y ?? null], 40)}`);
    if (Object.hasOwn(record.props, 'action')) out.actionable.push(node);
    const slotProps = record.componentType.slots.filter((s) => s.path.length === 1).map((s) => s.path[0]);
    const children: Array<{ id: string; context: DataContext }> = [];
    for (const name of slotProps) {
      const list = guard(`${where}.childList(${name})`, () => node.childList(name)) ?? [];
      out.lines.push(`${depth} ${key} children(${name}) ${list.map((c) => c.key).join(',')}`);
      children.push(...list);
    }
    // Ids held in nested slots (Tabs' tabs[*].child) render in the parent's scope.
    for (const c of record.children) if (typeof c === 'string' && !children.some((x) => x.id === c)) children.push({ id: c, context });
    for (let i = children.length - 1; i >= 0; i--) stack.push({ id: children[i].id, context: children[i].context, depth: depth + 1 });
  }
  return out;
}
