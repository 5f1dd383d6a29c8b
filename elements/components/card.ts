/** Card: one child on a raised surface. */
import { css, html } from 'lit';
import type { ComponentNode } from '../../src/index.ts';
import { A2uiElement, elementStyles } from '../base.ts';
import { attrs } from '../attrs.ts';
import { Children } from '../render-child.ts';

/**
 * `<a2ui-card>`: the basic `Card`: one child on a raised surface.
 *
 * @csspart card - the card
 * @cssprop --a2ui-color-on-surface
 * @cssprop --a2ui-color-surface
 * @cssprop --a2ui-elevation-1
 * @cssprop --a2ui-radius-lg
 * @cssprop --a2ui-space-md
 */
export class A2uiCard extends A2uiElement {
  static override styles = [
    ...elementStyles,
    css`
      .card {
        background: var(--_a2ui-color-surface);
        color: var(--_a2ui-color-on-surface);
        border-radius: var(--_a2ui-radius-lg);
        box-shadow: var(--_a2ui-elevation-1);
        padding: var(--_a2ui-space-md);
      }
      /* Forced colors drop the shadow: an outline draws the card's edge instead. */
      @media (forced-colors: active) {
        .card {
          outline: 1px solid CanvasText;
        }
      }
    `,
  ];

  private readonly children_ = new Children(this);

  protected renderComponent(node: ComponentNode): unknown {
    const child = this.children_.renderProp(node, 'child');
    if (!this.hasAcc) return html`<div part="card" class="card">${child}</div>`;
    const role = this.acc.label || this.acc.description ? 'group' : undefined;
    return html`<div part="card" class="card" ${attrs(this.aria({ role }))}>${child}</div>`;
  }
}
