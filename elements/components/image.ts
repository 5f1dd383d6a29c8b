/**
 * Image: `url` (only `http:`/`https:` and raster `data:image/*` URLs are loaded), `fit` →
 * `object-fit`, `variant` → size and shape. Its name: `@accessibility.label`, else `description`,
 * else the caption beside it (the first Text of the next sibling component, else the previous);
 * decorative (`alt=""`, left out of the accessibility tree) only when the agent says so with
 * `@accessibility.hidden`. An Image with no name at all is announced as an image without
 * description, and the agent gets one warning (`severity: "warning"`, `path` naming the
 * component's `description`) and the developer one console warning.
 */
import { css, html, nothing } from 'lit';
import { A2uiWarning, type ComponentNode, type Surface } from '../../src/index.ts';
import { A2uiElement, elementStyles } from '../base.ts';
import { attrs } from '../attrs.ts';
import { safeUrl } from '../urls.ts';

const FITS: Record<string, string> = { contain: 'contain', cover: 'cover', fill: 'fill', none: 'none', scaleDown: 'scale-down' };
/** What a screen reader hears for an image nobody named: that it is there, and unexplained. */
const UNNAMED = 'Image without description';

/** How long a missing name may wait for a caption still streaming in, before the warning. */
const GRACE_MS = 1000;

/** Image ids warned about, per surface: one warning per component, not per template item. */
const warned = new WeakMap<Surface, Set<string>>();

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

  /** The id of the caption naming this image (found after render; see captionOf). */
  private caption: string | undefined;
  private looking = false;

  protected renderComponent(node: ComponentNode): unknown {
    const src = safeUrl(node.value('url'), 'image');
    if (!src) return nothing;
    const variant = String(node.value('variant') ?? 'mediumFeature');
    const fit = FITS[String(node.value('fit') ?? 'fill')] ?? 'fill';
    // The explicit label wins over the description; decorative only when the agent hides it.
    const named = this.acc.label || node.text('description');
    const decorative = this.acc.hidden === true;
    if (!named && !decorative) this.lookForCaption(node);
    const caption = named || decorative ? undefined : this.caption;
    const alt = decorative ? '' : named || UNNAMED;
    return html`<img
      part="image"
      class=${VARIANTS.has(variant) ? variant : 'mediumFeature'}
      src=${src}
      alt=${alt}
      style="object-fit: ${fit}"
      loading="lazy"
      decoding="async"
      referrerpolicy="no-referrer"
      ${attrs({ 'aria-labelledby': caption, 'aria-describedby': this.acc.description ? this.uid('description') : undefined, 'aria-live': this.acc.live })}
    />`;
  }

  /**
   * Looks for the caption once the siblings have rendered (they render after this element, in the
   * same batch or the next frame); with none after a grace period, warns the agent and developer.
   */
  private lookForCaption(node: ComponentNode): void {
    if (this.looking) return;
    this.looking = true;
    const look = (final: boolean): void => {
      if (!this.isConnected || this.node !== node) return void (this.looking = false);
      const caption = captionOf(this);
      if (caption) {
        this.looking = false;
        caption.id ||= this.uid('caption');
        if (this.caption !== caption.id) {
          this.caption = caption.id;
          this.requestUpdate();
        }
      } else if (!final) setTimeout(() => look(true), GRACE_MS);
      else {
        this.looking = false;
        warnUnnamed(node);
      }
    };
    requestAnimationFrame(() => setTimeout(() => look(false)));
  }
}

/** The Text beside `image`: the next sibling component's first Text (itself if a Text), else the previous one's. */
function captionOf(image: Element): HTMLElement | undefined {
  for (const sibling of [image.nextElementSibling, image.previousElementSibling]) {
    if (!(sibling instanceof A2uiElement)) continue;
    const type = sibling.node?.record?.type;
    const text =
      type === 'Text'
        ? sibling
        : type === 'Column' || type === 'Row' || type === 'Card'
          ? Array.from(sibling.querySelectorAll('*')).find((e): e is A2uiElement => e instanceof A2uiElement && e.node?.record?.type === 'Text')
          : undefined;
    if (text?.textContent?.trim()) return text;
  }
  return undefined;
}

/** One warning per Image component with no name: to the agent (`error`, severity warning) and the console. */
function warnUnnamed(node: ComponentNode): void {
  const ids = warned.get(node.surface) ?? new Set<string>();
  warned.set(node.surface, ids);
  if (ids.has(node.id)) return;
  ids.add(node.id);
  const message = `Image '${node.id}' has no description and no caption beside it: screen readers announce it as "${UNNAMED}". Give it a description, or @accessibility.hidden when it is decorative.`;
  node.report(new A2uiWarning('ACCESSIBILITY_WARNING', message, { surfaceId: node.surface.id, path: `/components/${node.id}/description` }));
  console.warn(`a2ui: surface '${node.surface.id}': ${message}`);
}
