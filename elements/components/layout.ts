/**
 * Row and Column: flex containers. `justify` → `justify-content` (`stretch` grows every child
 * equally), `align` → `align-items`; children with a `weight` grow by it (see A2uiElement).
 */
import { css, html, unsafeCSS } from 'lit';
import type { ComponentNode } from '../../src/index.ts';
import { A2uiElement, elementStyles } from '../base.ts';
import { attrs } from '../attrs.ts';
import { Children } from '../render-child.ts';

export const JUSTIFY: Record<string, string> = {
  start: 'flex-start',
  center: 'center',
  end: 'flex-end',
  spaceBetween: 'space-between',
  spaceAround: 'space-around',
  spaceEvenly: 'space-evenly',
  stretch: 'stretch',
};
export const ALIGN: Record<string, string> = { start: 'flex-start', center: 'center', end: 'flex-end', stretch: 'stretch' };

/**
 * `justify` and `align` as classes (`j-center`, `a-end`), not an inline `style` per element: no
 * declaration block to parse for each Row, and siblings with the same classes share computed
 * styles. The defaults (`start`, `stretch`) need no class.
 */
const alignmentRules = [
  ...Object.entries(JUSTIFY).filter(([k]) => k !== 'start' && k !== 'stretch').map(([k, v]) => `.j-${k} { justify-content: ${v}; }`),
  ...Object.entries(ALIGN).filter(([k]) => k !== 'stretch').map(([k, v]) => `.a-${k} { align-items: ${v}; }`),
].join('\n');

/** The class names for `justify` and `align` (see alignmentRules); unknown values fall back to the defaults. */
export function alignmentClasses(justify: string, align: string): string {
  const j = Object.hasOwn(JUSTIFY, justify) && justify !== 'start' && justify !== 'stretch' ? ` j-${justify}` : '';
  const a = Object.hasOwn(ALIGN, align) && align !== 'stretch' ? ` a-${align}` : '';
  return j + a;
}

export const alignmentStyles = unsafeCSS(alignmentRules);

export const flexStyles = css`
  .flex {
    display: flex;
    gap: var(--_a2ui-space-sm);
    min-width: 0;
  }
  .row {
    flex-direction: row;
  }
  .column {
    flex-direction: column;
  }
  .stretch > * {
    flex: 1 1 0%;
  }
`;

abstract class FlexElement extends A2uiElement {
  static override styles = [...elementStyles, flexStyles, alignmentStyles];
  protected abstract readonly direction: 'row' | 'column';
  private readonly children_ = new Children(this);

  protected renderComponent(node: ComponentNode): unknown {
    const justify = String(node.value('justify') ?? 'start');
    const align = String(node.value('align') ?? 'stretch');
    const cls = `flex ${this.direction}${justify === 'stretch' ? ' stretch' : ''}${alignmentClasses(justify, align)}`;
    const children = this.children_.renderProp(node, 'children');
    // Without @accessibility there is no ARIA to manage: no directive for it.
    if (!this.hasAcc) return html`<div part=${this.direction} class=${cls}>${children}</div>`;
    const role = this.acc.label || this.acc.description ? 'group' : undefined;
    return html`<div part=${this.direction} class=${cls} ${attrs(this.aria({ role }))}>${children}</div>`;
  }
}

/**
 * `<a2ui-row>`: the basic `Row`: children side by side, placed by `justify` and `align`.
 *
 * @csspart row - the flex container
 * @cssprop --a2ui-space-sm
 */
export class A2uiRow extends FlexElement {
  protected readonly direction = 'row';
  static override styles = [
    ...elementStyles, flexStyles, alignmentStyles,
    css`
      .row {
        flex-wrap: wrap;
      }
    `,
  ];
}

/**
 * `<a2ui-column>`: the basic `Column`: children stacked, placed by `justify` and `align`.
 *
 * @csspart column - the flex container
 * @cssprop --a2ui-space-sm
 */
export class A2uiColumn extends FlexElement {
  protected readonly direction = 'column';
}
