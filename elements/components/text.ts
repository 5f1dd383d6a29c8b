/**
 * Text: `variant` `body` (default) renders the text as block markdown (GFM, sanitized; headings
 * come from `#`), `caption` renders it as small inline markdown.
 */
import { css, html } from 'lit';
import type { ComponentNode } from '../../src/index.ts';
import { A2uiElement, elementStyles } from '../base.ts';
import { attrs } from '../attrs.ts';
import { markdown, markdownStyles } from '../markdown.ts';

export class A2uiText extends A2uiElement {
  static override styles = [
    ...elementStyles,
    markdownStyles,
    css`
      .text {
        overflow-wrap: anywhere;
      }
      .body {
        font-size: var(--_a2ui-font-size-body);
        line-height: var(--_a2ui-line-height);
      }
      .caption {
        display: block;
        font-size: var(--_a2ui-font-size-caption);
        color: var(--_a2ui-color-muted);
      }
      h1 { font-size: var(--_a2ui-font-size-h1); }
      h2 { font-size: var(--_a2ui-font-size-h2); }
      h3 { font-size: var(--_a2ui-font-size-h3); }
      h4 { font-size: var(--_a2ui-font-size-h4); }
      h5, h6 { font-size: var(--_a2ui-font-size-h5); }
      h1, h2, h3, h4, h5, h6 { line-height: 1.25; margin-block-start: 0; }
    `,
  ];

  protected renderComponent(node: ComponentNode): unknown {
    const text = node.text('text');
    const caption = node.value('variant') === 'caption';
    const role = this.acc.label ? 'group' : undefined;
    return caption
      ? html`<span part="text" class="text caption" ${attrs(this.aria({ role }))}>${markdown(text, true)}</span>`
      : html`<div part="text" class="text body" ${attrs(this.aria({ role }))}>${markdown(text)}</div>`;
  }
}
