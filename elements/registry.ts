/**
 * Which custom element renders which component: (catalog id, component type) → tag name.
 *
 * The basic catalog's types are registered here; the elements themselves are defined by
 * `elements/index.ts`. A host adds its own components in two steps:
 *
 * ```ts
 * // 1. the schema: a catalog the store validates against (mixable with the basic catalog)
 * store.registerCatalog({ catalogId: 'https://example.com/my-catalog.json', components: { Rating: {...} } });
 * // 2. the element: any custom element with a `node` property; extending A2uiElement gives the
 * //    error boundary, @accessibility mapping, fine-grained updates and light DOM inside the
 * //    surface's shadow root (its `static styles` scoped to its tag; `static shadow = true` for
 * //    a shadow root of its own)
 * class MyRating extends A2uiElement { protected renderComponent(node) { return html`${node.text('stars')}`; } }
 * customElements.define('my-rating', MyRating);
 * registerComponent('https://example.com/my-catalog.json', 'Rating', 'my-rating');
 * ```
 *
 * A component whose type has no registered element renders `<a2ui-unknown>` (a small inline
 * notice) and reports one `VALIDATION_FAILED` error to the agent.
 *
 * @module
 */
import { BASIC_CATALOG_ID } from '../src/index.ts';
import { knowComponentTag } from './styles.ts';
import { BASIC_TAGS, PLACEHOLDER_TAG, UNKNOWN_TAG } from './basic-tags.ts';

export { BASIC_TAGS, PLACEHOLDER_TAG, UNKNOWN_TAG, type BasicType } from './basic-tags.ts';

const tags = new Map<string, Map<string, string>>([[BASIC_CATALOG_ID, new Map<string, string>(Object.entries(BASIC_TAGS))]]);

/**
 * Renders components of `type` from catalog `catalogId` with the custom element `tagName`
 * (which the host defines with `customElements.define`). Registering again replaces the tag.
 * The element receives the component as its `node` property (a `ComponentNode`).
 */
export function registerComponent(catalogId: string, type: string, tagName: string): void {
  if (!/^[a-z][a-z0-9._-]*-[a-z0-9._-]*$/.test(tagName)) throw new TypeError(`'${tagName}' is not a valid custom element name`);
  let byType = tags.get(catalogId);
  if (!byType) tags.set(catalogId, (byType = new Map()));
  byType.set(type, tagName);
  // Its element renders into the surface's shadow root: other components' styles stop at it.
  knowComponentTag(tagName);
}

/**
 * Defines `tag` as `cls` unless something already did (a second copy of the library, or the host).
 * Where there is no `customElements` (a server importing the package to render a page) it does
 * nothing, so every entry imports in Node.
 */
export function defineElement(tag: string, cls: CustomElementConstructor): void {
  if (typeof customElements === 'undefined' || customElements.get(tag)) return;
  customElements.define(tag, cls);
}

/** Every tag registered for a component type, in any catalog (what a message naming the type may render with). */
export function tagsForType(type: string): string[] {
  const out: string[] = [];
  for (const byType of tags.values()) {
    const tag = byType.get(type);
    if (tag) out.push(tag);
  }
  return out;
}

/** The tag registered for a component type, or `undefined`. */
export function tagFor(catalogId: string, type: string): string | undefined {
  return tags.get(catalogId)?.get(type);
}

for (const tag of [...Object.values(BASIC_TAGS), UNKNOWN_TAG, PLACEHOLDER_TAG]) knowComponentTag(tag);
