/**
 * Image: `url` (only `http:`/`https:` and raster `data:image/*` URLs are loaded), `description` as
 * the alternative text (none: decorative), `fit` → `object-fit`, `variant` → size and shape.
 */
import { css, html, nothing } from 'lit';
import type { ComponentNode } from '../../src/index.ts';
import { A2uiElement, elementStyles } from '../base.ts';
import { attrs } from '../attrs.ts';
import { safeUrl } from '../urls.ts';

const FITS: Record<string, string> = { contain: 'contain', cover: 'cover', fill: 'fill', none: 'none', scaleDown: 'scale-down' };
const VARIANTS = new Set(['icon', 'avatar', 'smallFeature', 'mediumFeature', 'largeFeature', 'header']);

/**
 * `<a2ui-image>`: the basic `Image` (http(s) URLs only), sized by its variant and `fit`.
 *
 * @csspart image - the `<img>`
 * @cssprop --a2ui-color-surface-variant
 * @cssprop --a2ui-radius-full
 * @cssprop --a2ui-radius-md
 */
export class A2uiImage extends A2uiElement {
  static override styles = [
    ...elementStyles,
    css`
      :host {
        display: block;
      }
      img {
        display: block;
        max-width: 100%;
        background: var(--_a2ui-color-surface-variant);
      }
      .icon { width: 24px; height: 24px; }
      .avatar { width: 48px; height: 48px; border-radius: var(--_a2ui-radius-full); }
      .smallFeature { width: 100%; max-width: 120px; height: 80px; }
      .mediumFeature { width: 100%; height: 180px; }
      .largeFeature { width: 100%; height: 280px; }
      .header { width: 100%; height: 200px; }
      .mediumFeature, .largeFeature, .header, .smallFeature { border-radius: var(--_a2ui-radius-md); }
    `,
  ];

  protected renderComponent(node: ComponentNode): unknown {
    const src = safeUrl(node.value('url'), 'image');
    if (!src) return nothing;
    const variant = String(node.value('variant') ?? 'mediumFeature');
    const fit = FITS[String(node.value('fit') ?? 'fill')] ?? 'fill';
    // The explicit label wins over the description; neither means decorative (alt="").
    const alt = this.acc.label || node.text('description');
    return html`<img
      part="image"
      class=${VARIANTS.has(variant) ? variant : 'mediumFeature'}
      src=${src}
      alt=${alt}
      style="object-fit: ${fit}"
      loading="lazy"
      decoding="async"
      referrerpolicy="no-referrer"
      ${attrs({ 'aria-describedby': this.acc.description ? this.uid('description') : undefined, 'aria-live': this.acc.live })}
    />`;
  }
}
