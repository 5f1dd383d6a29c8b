/**
 * `<a2ui-placeholder>`: what a component the store refused under `partialUpdates` shows until a
 * valid definition of its id arrives: the surface's `placeholder` fallback (fallbacks.ts; by
 * default a short "Content unavailable" notice). The store already answered the agent with the
 * `error`; nothing is reported here.
 */
import { LitElement, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import type { ComponentNode } from '../src/index.ts';
import { elementStyles } from './base.ts';
import { placeholderFallback } from './fallbacks.ts';
import { Watching } from './watching.ts';

export class A2uiPlaceholder extends Watching(LitElement) {
  static override styles = elementStyles;

  /** The refused component's instance. */
  @property({ attribute: false }) node?: ComponentNode;

  protected override render(): unknown {
    const node = this.node;
    const rejection = node?.surface.rejection(node.id);
    return node && rejection ? placeholderFallback(node, rejection) : nothing;
  }
}
