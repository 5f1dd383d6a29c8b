/**
 * List: a scrollable list (`role="list"`, one `part="item"` per child) laid out `vertical`
 * (default) or `horizontal`, children aligned by `align`. Template children are keyed (see
 * render-child.ts), so reordering the data moves the item elements with their state.
 *
 * Each child's element is its list item itself (`role="listitem"`, `part="item"`), with no
 * wrapper: a long list makes, styles and lays out one box fewer per item.
 */
import { css, html } from 'lit';
import type { ComponentNode } from '../../src/index.ts';
import { A2uiElement, elementStyles } from '../base.ts';
import { attrs } from '../attrs.ts';
import { Children } from '../render-child.ts';
import { alignmentClasses, alignmentStyles } from './layout.ts';

/**
 * `<a2ui-list>`: the basic `List`: a scrollable `role="list"`, vertical or horizontal.
 *
 * @csspart list - the scrolling container
 * @csspart item - each child (the child component's element itself, as a `listitem`)
 * @cssprop --a2ui-color-focus
 * @cssprop --a2ui-space-sm
 * @cssprop --a2ui-space-xs
 */
export class A2uiList extends A2uiElement {
  static override styles = [
    ...elementStyles,
    alignmentStyles,
    css`
      .list {
        display: flex;
        gap: var(--_a2ui-space-sm);
        overflow: auto;
        max-height: var(--a2ui-list-max-height, none);
        overscroll-behavior: contain;
      }
      .vertical {
        flex-direction: column;
      }
      .horizontal {
        flex-direction: row;
        padding-block-end: var(--_a2ui-space-xs);
      }
      .horizontal > [role='listitem'] {
        flex: none;
      }
      .list:focus-visible {
        outline: 2px solid var(--_a2ui-color-focus);
        outline-offset: 2px;
      }
      /* Every child is an item (role set by wrap): filed under the role, not tested on every element. */
      .list > [role='listitem'] {
        display: flex;
        flex-direction: column;
        min-width: 0;
      }
    `,
  ];

  private readonly children_ = new Children(this);
  /** The child elements made list items already. */
  private readonly items = new WeakSet<Element>();
  private readonly wrap = (child: unknown): unknown => {
    // A child that has not arrived yet (`nothing`) shows no item until it does.
    if (child instanceof Element && !this.items.has(child)) {
      this.items.add(child);
      child.setAttribute('role', 'listitem');
      child.setAttribute('part', 'item');
    }
    return child;
  };

  protected renderComponent(node: ComponentNode): unknown {
    const horizontal = node.value('direction') === 'horizontal';
    const align = alignmentClasses('start', String(node.value('align') ?? 'stretch'));
    const items = this.children_.renderProp(node, 'children', this.wrap);
    // A horizontal list scrolls sideways: focusable so keyboard users can scroll it.
    return html`<div
      part="list"
      class="list ${horizontal ? 'horizontal' : 'vertical'}${align}"
      ${attrs(this.aria({ role: 'list', tabindex: horizontal ? '0' : undefined, 'aria-orientation': horizontal ? 'horizontal' : undefined }))}
    >${items}</div>`;
  }
}
