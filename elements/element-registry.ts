/**
 * Which custom element registry an element is made in. A page's own registry by default; where the
 * browser has scoped registries (Chromium 146+, Safari 26) a surface made by `createA2uiSurface`
 * (scoped.ts) lives in a registry of its own, and every element it renders is made in that one
 * too, so our `a2ui-*` tags and another renderer's never meet. Light: no element classes here.
 *
 * @module
 */

/** `document.createElement` with the scoped-registry option (not yet in every DOM typing). */
type CreateElement = (tag: string, options: { customElementRegistry: CustomElementRegistry }) => HTMLElement;

/** The registry `node` was made in, when that is not the page's own (`customElements`). */
export function scopedRegistryOf(node: unknown): CustomElementRegistry | undefined {
  const registry = (node as { customElementRegistry?: CustomElementRegistry | null } | null | undefined)?.customElementRegistry;
  return registry && registry !== globalThis.customElements ? registry : undefined;
}

/**
 * Makes element `tag` for a child of `parent`: in `parent`'s scoped registry when that registry
 * defines `tag`, else in the page's (a host's own component elements are defined there).
 */
export function createElementFor(parent: unknown, tag: string): HTMLElement {
  const registry = scopedRegistryOf(parent);
  if (registry?.get(tag)) return (document.createElement as unknown as CreateElement)(tag, { customElementRegistry: registry });
  return document.createElement(tag);
}
