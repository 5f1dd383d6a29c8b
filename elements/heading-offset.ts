/**
 * `heading-offset` on `<a2ui-surface>`: the agent's headings shifted down for the host page (a
 * surface embedded under the page's own `h2` sets `heading-offset="2"`: the agent's markdown `#`
 * becomes a level-3 heading). Levels are capped at 6. Only the level assistive technology reads
 * (`aria-level`) changes; the look stays the agent's.
 *
 * @module
 */

/** The headings a Text renders: markdown's `h1`–`h6` and a heading variant's `role="heading"` box. */
const HEADINGS = 'h1, h2, h3, h4, h5, h6, [role="heading"]';

/** The level a heading box was given before any offset (a variant's box; a tag says its own). */
const baseLevels = new WeakMap<Element, number>();

/** The heading offset of the surface `from` is rendered in (0 when none). */
export function headingOffset(from: Node): number {
  const root = from.getRootNode();
  const host = root instanceof ShadowRoot ? (root.host as Element & { headingOffset?: unknown }) : undefined;
  const n = Number(host?.headingOffset ?? 0);
  return Number.isFinite(n) ? Math.max(0, Math.min(5, Math.trunc(n))) : 0;
}

/** Records `level` as the base level of a heading box (before the offset). */
export function setBaseLevel(el: Element, level: number): void {
  baseLevels.set(el, level);
}

/** Gives every heading under `root` its level plus `offset` (capped at 6); offset 0 restores it. */
export function offsetHeadings(root: ParentNode, offset: number): void {
  for (const h of root.querySelectorAll(HEADINGS)) {
    const base = /^h[1-6]$/.test(h.localName) ? Number(h.localName[1]) : baseLevels.get(h);
    if (base === undefined) continue;
    const level = Math.min(6, base + offset);
    if (level === base && !baseLevels.has(h)) h.removeAttribute('aria-level');
    else if (h.getAttribute('aria-level') !== String(level)) h.setAttribute('aria-level', String(level));
  }
}

/**
 * True when `text` may render a heading as markdown: an ATX `#` or a setext underline. A cheap
 * superset, so most texts skip the look for headings.
 */
export const mayHaveHeading = (text: string): boolean => text.includes('#') || /\n {0,3}[=-]/.test(text);
