/** AudioPlayer: native controls, with `description` shown as its visible title and name. */
import { css, html, nothing } from 'lit';
import type { ComponentNode } from '../../src/index.ts';
import { A2uiElement, elementStyles } from '../base.ts';
import { attrs } from '../attrs.ts';
import { safeUrl } from '../urls.ts';

/**
 * `<a2ui-audio-player>`: the basic `AudioPlayer` (http(s) URLs only), with native controls and an optional description.
 *
 * @csspart audio - the `<audio>`
 * @csspart description - its caption
 * @cssprop --a2ui-color-muted
 * @cssprop --a2ui-font-size-caption
 * @cssprop --a2ui-space-xs
 */
export class A2uiAudioPlayer extends A2uiElement {
  static override styles = [
    ...elementStyles,
    css`
      figure {
        margin: 0;
        display: flex;
        flex-direction: column;
        gap: var(--_a2ui-space-xs);
      }
      figcaption {
        font-size: var(--_a2ui-font-size-caption);
        color: var(--_a2ui-color-muted);
      }
      audio {
        width: 100%;
      }
    `,
  ];

  protected renderComponent(node: ComponentNode): unknown {
    const src = safeUrl(node.value('url'), 'media');
    const description = node.text('description');
    const caption = description ? this.uid('caption') : undefined;
    return html`<figure>
      ${description ? html`<figcaption id=${caption} part="description">${description}</figcaption>` : nothing}
      ${src
        ? html`<audio
            part="audio"
            controls
            preload="metadata"
            src=${src}
            ${attrs(this.aria({ 'aria-labelledby': description && !this.acc.label ? caption : undefined, label: description ? undefined : 'Audio' }))}
          ></audio>`
        : nothing}
    </figure>`;
  }
}
