/**
 * Icon: a catalog icon name (inline SVG from our own path table, never a network fetch to a third
 * party) or `{svgPath}` (a path string, checked to hold only path-data characters). The inferred
 * accessible name is the icon name in words ("shoppingCart" → "shopping cart");
 * `@accessibility.label` overrides it. An Icon beside a Text (a sibling: "⚠ 20 min cook", a
 * Button's icon and label) is decoration and hidden from assistive technology, unless the agent
 * labelled it; alone (an icon-only Button) it keeps its name.
 *
 * The path table (`icons.ts`, ~5 KB gzip) is loaded with the first named icon (in the script-tag
 * build, the file `a2ui-icons.js` next to it): until it arrives the icon is drawn empty, with its
 * name and size already in place, then re-rendered. {@link preloadIcons} loads it up front.
 */
import { css, html, nothing, svg } from 'lit';
import { isObject } from './util.ts';
import type { ComponentNode } from '../../src/index.ts';
import { lazyModule } from '../../src/internal.ts';
import { A2uiElement, elementStyles } from '../base.ts';
import { attrs } from '../attrs.ts';
import { Signal } from 'signal-polyfill';

/** The box every catalog path (and an `svgPath`) is drawn in. */
const VIEW_BOX = '0 0 24 24';

type Lookup = (name: string) => string | undefined;
const table = new Signal.State<Lookup | undefined>(undefined);
/** The catalog icon paths (icons.ts), loaded with the first named icon; a later icon retries a failed load. */
const iconPaths = lazyModule('the icon paths', () => import('../icons.ts'));

/** Loads the catalog icon paths (once); resolves when icons draw without waiting. */
export function preloadIcons(): Promise<void> {
  return iconPaths.load().then((m) => table.set(m.iconPath));
}

/** The path of a catalog icon (reactive: `undefined` until the table has loaded, then the path). */
function iconPath(name: string): string | undefined {
  const lookup = table.get();
  if (!lookup) void preloadIcons().catch(() => undefined);
  return lookup?.(name);
}

/** SVG path data: commands, numbers, separators. Anything else (markup, url(), quotes) is refused. */
const PATH_DATA = /^[MmZzLlHhVvCcSsQqTtAa0-9eE.,+\-\s]{1,8192}$/;

/** `d` for an svgPath value, or undefined when it is not plain path data. */
export function sanitizePath(value: unknown): string | undefined {
  return typeof value === 'string' && PATH_DATA.test(value) ? value.trim() : undefined;
}

const words = (name: string): string => name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase();

/**
 * `<a2ui-icon>`: the basic `Icon`: an inline SVG glyph by name, never fetched.
 *
 * @csspart icon - the `<svg>` (an empty span until the glyphs have loaded)
 */
export class A2uiIcon extends A2uiElement {
  static override styles = [
    ...elementStyles,
    css`
      :host {
        display: inline-flex;
        vertical-align: middle;
      }
      svg {
        width: var(--a2ui-icon-size, 24px);
        height: var(--a2ui-icon-size, 24px);
        fill: currentColor;
        flex: none;
      }
    `,
  ];

  protected renderComponent(node: ComponentNode): unknown {
    const name = node.value('name');
    let d: string | undefined;
    let label = '';
    if (typeof name === 'string') {
      d = iconPath(name);
      label = words(name);
      // Loading: the named box, empty, so layout and the accessible name do not change on arrival.
      if (!d && !table.get()) d = '';
    } else if (isObject(name)) {
      d = sanitizePath(name.svgPath) || undefined;
    }
    if (d === undefined) return html`<span part="icon" aria-hidden="true"></span>`;
    const named = !!this.acc.label || (!!label && !textBeside(this));
    return html`<svg
      part="icon"
      viewBox=${VIEW_BOX}
      focusable="false"
      ${attrs(this.aria(named ? { role: 'img', label } : { 'aria-hidden': 'true' }))}
    >${d ? svg`<path d=${d}></path>` : nothing}</svg>`;
  }
}

/**
 * True when a sibling component of `el` is a Text (not hidden): the Icon is beside words. Read when
 * the Icon renders: its parent has placed every child element by then (their words may come later).
 */
function textBeside(el: Element): boolean {
  for (const sibling of el.parentElement?.children ?? []) {
    if (sibling === el || !(sibling instanceof A2uiElement) || sibling.getAttribute('aria-hidden') === 'true') continue;
    if (sibling.node?.record?.type === 'Text') return true;
  }
  return false;
}
