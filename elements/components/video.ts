/** Video: native controls; `url` and `posterUrl` pass the URL allow-list first. */
import { css, html, nothing } from 'lit';
import type { ComponentNode } from '../../src/index.ts';
import { A2uiElement, elementStyles } from '../base.ts';
import { attrs } from '../attrs.ts';
import { safeUrl } from '../urls.ts';

/**
 * `<a2ui-video>`: the basic `Video` (http(s) URLs only), with native controls.
 *
 * @csspart video - the `<video>`
 * @cssprop --a2ui-radius-md
 */
export class A2uiVideo extends A2uiElement {
  static override styles = [
    ...elementStyles,
    css`
      video {
        display: block;
        width: 100%;
        max-height: 70vh;
        border-radius: var(--_a2ui-radius-md);
        background: #000;
      }
    `,
  ];

  protected renderComponent(node: ComponentNode): unknown {
    const src = safeUrl(node.value('url'), 'media');
    if (!src) return nothing;
    const poster = safeUrl(node.value('posterUrl'), 'image');
    return html`<video
      part="video"
      controls
      playsinline
      preload="metadata"
      src=${src}
      ${attrs(this.aria({ poster, label: 'Video' }))}
    ></video>`;
  }
}
