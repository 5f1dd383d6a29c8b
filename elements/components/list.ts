/**
 * List: a scrollable list (`role="list"`, one `part="item"` per child) laid out `vertical`
 * (default) or `horizontal`, children aligned by `align`. Template children are keyed (see
 * render-child.ts), so reordering the data moves the item elements with their state.
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
 * @csspart item - the wrapper of each child
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
      .horizontal > .item {
        flex: none;
      }
      .list:focus-visible {
        outline: 2px solid var(--_a2ui-color-focus);
        outline-offset: 2px;
      }
      .item {
        display: flex;
        flex-direction: column;
        min-width: 0;
      }
    `,
  ];

  private readonly children_ = new Children(this);
  /** Each child element's `listitem` wrapper, made once (no template instance per item). */
  private readonly wrappers = new WeakMap<Element, HTMLElement>();
  private readonly wrap = (child: unknown): HTMLElement => {
    let item = child instanceof Element ? this.wrappers.get(child) : undefined;
    if (!item) {
      item = (itemTemplate ??= makeItem()).cloneNode() as HTMLElement;
      // A child that has not arrived yet (`nothing`) leaves its item empty until it does.
      if (child instanceof Element) {
        this.wrappers.set(child, item);
        item.append(child);
      }
    }
    return item;
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

/** The `listitem` wrapper every item clones (one clone is cheaper than making and setting each). */
let itemTemplate: HTMLElement | undefined;

function makeItem(): HTMLElement {
  const item = document.createElement('div');
  item.setAttribute('role', 'listitem');
  item.setAttribute('part', 'item');
  item.className = 'item';
  return item;
}
