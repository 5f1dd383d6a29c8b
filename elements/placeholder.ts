/**
 * `<a2ui-placeholder>`: what a component the store refused under `partialUpdates` shows until a
 * valid definition of its id arrives: the surface's `placeholder` fallback (fallbacks.ts; by
 * default a short "Content unavailable" notice). The store already answered the agent with the
 * `error`; nothing is reported here.
 */
import { LitElement, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import type { ComponentNode } from '../src/index.ts';
import { placeholderFallback } from './fallbacks.ts';
import { Reactive } from './reactive/index.ts';

/**
 * Light DOM inside the surface's shadow root, like the component elements (its styles are the surface sheet's).
 *
 * @csspart error - the default placeholder notice
 */
export class A2uiPlaceholder extends Reactive(LitElement) {
  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  /** The refused component's instance. */
  @property({ attribute: false }) node?: ComponentNode;

  protected override render(): unknown {
    const node = this.node;
    const rejection = node?.surface.rejection(node.id);
    return node && rejection ? placeholderFallback(node, rejection) : nothing;
  }
}
