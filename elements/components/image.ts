/**
 * Image: `url` (only `http:`/`https:` and raster `data:image/*` URLs are loaded), `fit` →
 * `object-fit`, `variant` → size and shape. Its name: `@accessibility.label`, else `description`,
 * else the caption beside it (the next sibling if a Text, else the first Text inside it, else the
 * same of the previous sibling, read from the agent's components);
 * decorative (`alt=""`, left out of the accessibility tree) only when the agent says so with
 * `@accessibility.hidden`. An Image with no name at all is announced as an image without
 * description, and the agent gets one warning (`severity: "warning"`, `path` naming the
 * component's `description`) and the developer one console warning.
 */
import { css, html, nothing } from 'lit';
import { Signal } from 'signal-polyfill';
import { A2uiWarning, ComponentNode, type Surface } from '../../src/index.ts';
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

  /** A missing name waits for a caption still streaming in before the warning (once per element). */
  private checking = false;

  protected renderComponent(node: ComponentNode): unknown {
    const src = safeUrl(node.value('url'), 'image');
    if (!src) return nothing;
    const variant = String(node.value('variant') ?? 'mediumFeature');
    const fit = FITS[String(node.value('fit') ?? 'fill')] ?? 'fill';
    // The explicit label wins over the description; decorative only when the agent hides it.
    const named = this.acc.label || node.text('description');
    const decorative = this.acc.hidden === true;
    const caption = named || decorative ? '' : captionOf(node);
    if (!named && !decorative && !caption) this.warnLater(node);
    const alt = decorative ? '' : named || caption || UNNAMED;
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

  /** Warns about an Image nobody named, unless a caption arrived meanwhile (streaming). */
  private warnLater(node: ComponentNode): void {
    if (this.checking) return;
    this.checking = true;
    setTimeout(() => {
      this.checking = false;
      if (!this.isConnected || this.node !== node || node.text('description') || untracked(() => captionOf(node))) return;
      warnUnnamed(node);
    }, GRACE_MS);
  }
}

/**
 * The caption beside the image, from what the agent sent (not from the rendering, which may not
 * be there yet): the words of the next sibling if it is a Text, else of the first Text inside it
 * (a Column, Row or Card), else the same of the previous sibling. Reactive: a caption that
 * arrives or changes later renames the image.
 */
function captionOf(node: ComponentNode): string {
  const surface = node.surface;
  for (const parentId of surface.parentsOf(node.id)) {
    const kids = surface.component(parentId)?.props.children;
    if (!Array.isArray(kids)) continue;
    const at = kids.indexOf(node.id);
    for (const sibling of [kids[at + 1], kids[at - 1]]) {
      const text = typeof sibling === 'string' ? firstText(node, sibling, 0) : undefined;
      if (text) return text;
    }
  }
  return '';
}

/** The words of component `id` if it is a Text, else of the first Text inside it (a few levels down). */
function firstText(near: ComponentNode, id: string, depth: number): string | undefined {
  const record = near.surface.component(id);
  if (!record || depth > 3) return undefined;
  if (record.type === 'Text') {
    const words = new ComponentNode(near.store, near.surface, id, near.context).text('text');
    // Markdown marks are not words.
    return words.replace(/[#*_`>~]+/g, ' ').replace(/\s+/g, ' ').trim() || undefined;
  }
  if (record.type !== 'Column' && record.type !== 'Row' && record.type !== 'Card') return undefined;
  const inside = record.type === 'Card' ? [record.props.child] : record.props.children;
  if (!Array.isArray(inside)) return undefined;
  for (const child of inside) {
    const text = typeof child === 'string' ? firstText(near, child, depth + 1) : undefined;
    if (text) return text;
  }
  return undefined;
}

/** Runs `read` without tracking the signals it reads. */
const untracked = <T,>(read: () => T): T => Signal.subtle.untrack(read);

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
