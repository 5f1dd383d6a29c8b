/**
 * Farewells: an element that holds remote state (an MCP App's frame) can be told before it leaves
 * the page, by a `beforeRemove(): Promise<unknown>` method. `<a2ui-surface>` calls them before a
 * deleted surface clears; a child list (render-child.ts) before a child the agent dropped goes.
 * The element stays on the page until its farewell settles, for at most {@link FAREWELL_MS}. The
 * hooks run in a microtask (never inside the render that found them).
 *
 * @module
 */

/** How long components may take to say goodbye (`beforeRemove`) before they are removed. */
export const FAREWELL_MS = 1000;

let connected = 0;

/** @internal Counts connected A2UI elements that have a `beforeRemove` (base.ts). */
export function countFarewell(delta: 1 | -1): void {
  connected += delta;
}

/** False when no connected A2UI element has a farewell to say: a dropped child can go at once, unsearched. */
export function anyFarewells(): boolean {
  return connected > 0;
}

type WithHook = Element & { beforeRemove?: () => Promise<unknown> };
type Hook = () => Promise<unknown>;

/** The `beforeRemove` hooks of `root` (when an element) and of every element under it, through shadow roots. */
export function farewellHooks(root: Element | DocumentFragment): Hook[] {
  const hooks: Hook[] = [];
  const visit = (el: WithHook) => {
    const hook = el.beforeRemove;
    if (typeof hook === 'function') hooks.push(() => hook.call(el));
    if (el.shadowRoot) walk(el.shadowRoot);
  };
  const walk = (node: ParentNode) => {
    for (const el of node.querySelectorAll('*')) visit(el);
  };
  if (root instanceof Element) visit(root);
  walk(root);
  return hooks;
}

/** Runs `hooks`; resolves when all settled (a failure counts as settled) or after {@link FAREWELL_MS}. */
export function sayFarewell(hooks: readonly Hook[]): Promise<unknown> {
  if (!hooks.length) return Promise.resolve();
  const waits = hooks.map((h) => Promise.resolve().then(h).catch(() => undefined));
  return Promise.race([Promise.all(waits), new Promise((r) => setTimeout(r, FAREWELL_MS))]);
}
