/**
 * Icon: a catalog icon name (inline SVG, no network fetch) or `{svgPath}` (a path string, checked
 * to hold only path-data characters). The inferred accessible name is the icon name in words
 * ("shoppingCart" → "shopping cart"); `@accessibility.label` overrides it.
 */
import { css, html, svg } from 'lit';
import { isObject } from './util.ts';
import type { ComponentNode } from '../../src/index.ts';
import { A2uiElement, elementStyles } from '../base.ts';
import { attrs } from '../attrs.ts';
import { ICON_VIEW_BOX, iconPath } from '../icons.ts';

/** SVG path data: commands, numbers, separators. Anything else (markup, url(), quotes) is refused. */
const PATH_DATA = /^[MmZzLlHhVvCcSsQqTtAa0-9eE.,+\-\s]{1,8192}$/;

/** `d` for an svgPath value, or undefined when it is not plain path data. */
export function sanitizePath(value: unknown): string | undefined {
  return typeof value === 'string' && PATH_DATA.test(value) ? value.trim() : undefined;
}

const words = (name: string): string => name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase();

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
    } else if (isObject(name)) {
      d = sanitizePath(name.svgPath);
    }
    if (!d) return html`<span part="icon" aria-hidden="true"></span>`;
    const named = !!(this.acc.label || label);
    return html`<svg
      part="icon"
      viewBox=${ICON_VIEW_BOX}
      focusable="false"
      ${attrs(this.aria(named ? { role: 'img', label } : { 'aria-hidden': 'true' }))}
    >${svg`<path d=${d}></path>`}</svg>`;
  }
}

