/** Divider: a separator along `axis` (`horizontal`, default, or `vertical`). */
import { css, html } from 'lit';
import type { ComponentNode } from '../../src/index.ts';
import { A2uiElement, elementStyles } from '../base.ts';
import { attrs } from '../attrs.ts';

/**
 * `<a2ui-divider>`: the basic `Divider`, horizontal or vertical.
 *
 * @csspart divider - the line
 * @cssprop --a2ui-color-border
 * @cssprop --a2ui-space-xs
 */
export class A2uiDivider extends A2uiElement {
  static override styles = [
    ...elementStyles,
    css`
      :host {
        align-self: stretch;
      }
      /* A border, not a background: forced colors keep borders (in CanvasText) and drop backgrounds. */
      .divider {
        border: 0 solid var(--_a2ui-color-border);
        margin: var(--_a2ui-space-xs) 0;
      }
      .horizontal {
        border-block-start-width: 1px;
        width: 100%;
      }
      .vertical {
        border-inline-start-width: 1px;
        height: 100%;
        min-height: 1em;
        margin: 0 var(--_a2ui-space-xs);
      }
    `,
  ];

  protected renderComponent(node: ComponentNode): unknown {
    const vertical = node.value('axis') === 'vertical';
    return html`<div
      part="divider"
      class="divider ${vertical ? 'vertical' : 'horizontal'}"
      ${attrs(this.aria({ role: 'separator', 'aria-orientation': vertical ? 'vertical' : 'horizontal' }))}
    ></div>`;
  }
}
