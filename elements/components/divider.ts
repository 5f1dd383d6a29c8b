/** Divider: a separator along `axis` (`horizontal`, default, or `vertical`). */
import { css, html } from 'lit';
import type { ComponentNode } from '../../src/index.ts';
import { A2uiElement, elementStyles } from '../base.ts';
import { attrs } from '../attrs.ts';

export class A2uiDivider extends A2uiElement {
  static override styles = [
    ...elementStyles,
    css`
      :host {
        align-self: stretch;
      }
      .divider {
        border: 0;
        margin: var(--_a2ui-space-xs) 0;
        background: var(--_a2ui-color-border);
      }
      .horizontal {
        height: 1px;
        width: 100%;
      }
      .vertical {
        width: 1px;
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
