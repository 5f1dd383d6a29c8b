/**
 * Text: `variant` `body` (default) renders the text as block markdown (GFM, sanitized; headings
 * come from `#`), `caption` renders it as small inline markdown. `h1`–`h5` (the v0.9 catalog's
 * heading variants; v1.0 writes headings in markdown) render a heading of that level. The text
 * itself is a {@link live} part: when only the words change, they update without a re-render.
 */
import { css, html } from 'lit';
import type { ComponentNode } from '../../src/index.ts';
import { A2uiElement, elementStyles } from '../base.ts';
import { attrs } from '../attrs.ts';
import { renderText, markdownStyles } from '../markdown.ts';
import { live } from '../reactive/index.ts';

/**
 * `<a2ui-text>`: the basic `Text`: sanitized GFM markdown, a heading for `h1`…`h5`, a caption or body text.
 *
 * @csspart text - the text (`text caption` / `text body` classes; a heading for h1–h5)
 * @cssprop --a2ui-color-muted
 * @cssprop --a2ui-font-size-body
 * @cssprop --a2ui-font-size-caption
 * @cssprop --a2ui-font-size-h1
 * @cssprop --a2ui-font-size-h2
 * @cssprop --a2ui-font-size-h3
 * @cssprop --a2ui-font-size-h4
 * @cssprop --a2ui-font-size-h5
 * @cssprop --a2ui-line-height
 * @cssprop --a2ui-space-sm
 */
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
      h1, .h1 { font-size: var(--_a2ui-font-size-h1); }
      h2, .h2 { font-size: var(--_a2ui-font-size-h2); }
      h3, .h3 { font-size: var(--_a2ui-font-size-h3); }
      h4, .h4 { font-size: var(--_a2ui-font-size-h4); }
      h5, h6, .h5 { font-size: var(--_a2ui-font-size-h5); }
      h1, h2, h3, h4, h5, h6 { line-height: 1.25; margin-block-start: 0; }
      .h1, .h2, .h3, .h4, .h5 { display: block; font-weight: 600; line-height: 1.25; margin-block-end: var(--_a2ui-space-sm); }
    `,
  ];

  protected renderComponent(node: ComponentNode): unknown {
    const variant = node.value('variant');
    const caption = variant === 'caption';
    const role = this.acc.label ? 'group' : undefined;
    const level = typeof variant === 'string' && /^h[1-5]$/.test(variant) ? Number(variant[1]) : 0;
    // The words update by themselves (live.ts): a text change does not re-run this render.
    if (level) {
      // The variant already makes it a heading: markdown heading marks in the text are redundant.
      const heading = live(() => node.text('text').replace(/^\s{0,3}#{1,6}\s+/, ''), { node, render: inlineMarkdown });
      return html`<div part="text" class="text" role="heading" aria-level=${level} ${attrs(this.aria({}))}>
        <span class="h${level}">${heading}</span>
      </div>`;
    }
    const words = live(() => node.text('text'), { node, render: caption ? inlineMarkdown : blockMarkdown });
    // Without @accessibility (most Texts) there is no ARIA to manage: no directive for it.
    if (!this.hasAcc) return caption ? html`<span part="text" class="text caption">${words}</span>` : html`<div part="text" class="text body">${words}</div>`;
    return caption
      ? html`<span part="text" class="text caption" ${attrs(this.aria({ role }))}>${words}</span>`
      : html`<div part="text" class="text body" ${attrs(this.aria({ role }))}>${words}</div>`;
  }
}

const inlineMarkdown = (text: string) => renderText(text, true);
const blockMarkdown = (text: string) => renderText(text);
