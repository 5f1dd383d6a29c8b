/**
 * `<a2ui-placeholder>`: what a component the store refused under `partialUpdates` shows until a
 * valid definition of its id arrives: the surface's `placeholder` fallback (fallbacks.ts; by
 * default a short "Content unavailable" notice). The store already answered the agent with the
 * `error`; nothing is reported here. It also stands in for a component whose element is loaded on
 * first use (lazy-elements.ts): empty while it loads, the `failed` fallback if the load failed
 * (that error was reported there).
 */
import { LitElement, nothing, type PropertyDeclarations } from 'lit';
import type { ComponentNode } from '../src/index.ts';
import { componentFallback, placeholderFallback } from './fallbacks.ts';
import { loadFailure } from './lazy-elements.ts';
import { tagFor } from './registry.ts';
import { Reactive } from './reactive/index.ts';

/**
 * Light DOM inside the surface's shadow root, like the component elements (its styles are the surface sheet's).
 *
 * @csspart error - the default placeholder notice
 */
export class A2uiPlaceholder extends Reactive(LitElement) {
  // A static table, not decorators: their helpers would cost the first load (see surface.ts).
  static override properties: PropertyDeclarations = { node: { attribute: false } };

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  /** The refused component's instance. */
  node?: ComponentNode;

  protected override render(): unknown {
    const node = this.node;
    if (!node) return nothing;
    const rejection = node.surface.rejection(node.id);
    if (rejection) return placeholderFallback(node, rejection);
    const record = node.record;
    const failure = record && loadFailure(tagFor(record.catalog.id, record.type));
    return failure ? componentFallback(node, 'failed', { code: String(failure.code), message: failure.message }) : nothing;
  }
}
