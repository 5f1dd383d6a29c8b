/**
 * Tabs (WAI-ARIA APG tabs, automatic activation): a `tablist` of `tab` buttons with a roving
 * tabindex (←/→ move and select, Home/End jump, wrapping), each controlling a `tabpanel`. Every
 * panel stays rendered (hidden when not selected), so switching tabs keeps the panels' state.
 */
import { css, html } from 'lit';
import { toDisplayString, type ChildEntry, type ComponentNode } from '../../src/index.ts';
import { A2uiElement, elementStyles } from '../base.ts';
import { attrs } from '../attrs.ts';
import { Children } from '../render-child.ts';
import { isObject } from './util.ts';

interface Tab {
  readonly title: string;
  readonly entry: ChildEntry;
}

/**
 * `<a2ui-tabs>`: the basic `Tabs` (APG tabs pattern: roving tabindex, ←/→/Home/End).
 *
 * @csspart tablist - the row of tabs
 * @csspart tab - a tab
 * @csspart tab-selected - the selected tab (with `tab`)
 * @csspart tabpanel - the selected tab's content
 * @cssprop --a2ui-color-border
 * @cssprop --a2ui-color-focus
 * @cssprop --a2ui-color-muted
 * @cssprop --a2ui-color-primary
 * @cssprop --a2ui-space-md
 * @cssprop --a2ui-space-sm
 * @cssprop --a2ui-space-xs
 */
export class A2uiTabs extends A2uiElement {
  static override styles = [
    ...elementStyles,
    css`
      [role='tablist'] {
        display: flex;
        gap: var(--_a2ui-space-xs);
        border-bottom: 1px solid var(--_a2ui-color-border);
        overflow-x: auto;
      }
      /* A strip wider than its place fades out at the edge that has more tabs: it shows it scrolls. */
      [role='tablist'].more-end {
        mask-image: linear-gradient(to right, #000 calc(100% - 2.5rem), transparent);
      }
      [role='tablist'].more-start {
        mask-image: linear-gradient(to left, #000 calc(100% - 2.5rem), transparent);
      }
      [role='tablist'].more-start.more-end {
        mask-image: linear-gradient(to right, transparent, #000 2.5rem, #000 calc(100% - 2.5rem), transparent);
      }
      [role='tablist'].more-end:dir(rtl) {
        mask-image: linear-gradient(to left, #000 calc(100% - 2.5rem), transparent);
      }
      [role='tablist'].more-start:dir(rtl) {
        mask-image: linear-gradient(to right, #000 calc(100% - 2.5rem), transparent);
      }
      [role='tablist'].more-start.more-end:dir(rtl) {
        mask-image: linear-gradient(to right, transparent, #000 2.5rem, #000 calc(100% - 2.5rem), transparent);
      }
      [role='tab'] {
        font: inherit;
        font-weight: 500;
        padding: var(--_a2ui-space-sm) var(--_a2ui-space-md);
        border: 0;
        border-bottom: 3px solid transparent;
        background: transparent;
        color: var(--_a2ui-color-muted);
        cursor: pointer;
        white-space: nowrap;
      }
      [role='tab'][aria-selected='true'] {
        color: var(--_a2ui-color-primary);
        border-bottom-color: var(--_a2ui-color-primary);
      }
      [role='tab']:focus-visible,
      [role='tabpanel']:focus-visible {
        outline: 2px solid var(--_a2ui-color-focus);
        outline-offset: -2px;
      }
      [role='tabpanel'] {
        padding-block-start: var(--_a2ui-space-md);
      }
      /* Forced colors repaint colours, not widths: the selected tab keeps a Highlight underline. */
      @media (forced-colors: active) {
        [role='tab'] {
          forced-color-adjust: none;
          color: CanvasText;
          background: Canvas;
          border-bottom-color: Canvas;
        }
        [role='tab'][aria-selected='true'] {
          color: Highlight;
          border-bottom-color: Highlight;
        }
        /* Not the author's focus colour: forced-color-adjust: none would keep it. */
        [role='tab']:focus-visible,
        [role='tabpanel']:focus-visible {
          outline-color: Highlight;
        }
      }
    `,
  ];

  // Reactive state as a static table, not a decorator (the helpers would cost the first load: surface.ts).
  static override properties = { selected: { state: true } };

  /** The selected tab index. */
  selected = 0;

  private readonly children_ = new Children(this);

  protected renderComponent(node: ComponentNode): unknown {
    const tabs = this.tabs(node);
    const selected = Math.min(this.selected, Math.max(0, tabs.length - 1));
    return html`<div part="tablist" role="tablist" @keydown=${this.onKeydown} @scroll=${this.markOverflow} ${attrs(this.aria())}>
        ${tabs.map(
          (t, i) => html`<button
            part=${i === selected ? 'tab tab-selected' : 'tab'}
            role="tab"
            type="button"
            id=${this.uid(`tab-${i}`)}
            aria-selected=${i === selected ? 'true' : 'false'}
            aria-controls=${this.uid(`panel-${i}`)}
            tabindex=${i === selected ? '0' : '-1'}
            @click=${() => this.select(i, false)}
          >${t.title}</button>`,
        )}
      </div>
      ${this.children_.render(
        node,
        tabs.map((t) => t.entry),
        (child, _e, i) => html`<div
          part="tabpanel"
          role="tabpanel"
          id=${this.uid(`panel-${i}`)}
          aria-labelledby=${this.uid(`tab-${i}`)}
          tabindex="0"
          ?hidden=${i !== selected}
        >${child}</div>`,
      )}`;
  }

  private resize: ResizeObserver | undefined;

  protected override updated(changed: Map<PropertyKey, unknown>): void {
    super.updated(changed);
    const list = this.tablist;
    if (list && !this.resize) {
      this.resize = new ResizeObserver(this.markOverflow);
      this.resize.observe(list);
    }
    // The strip's width may stay while its tabs grow (titles bound to data, fonts arriving).
    for (const tab of this.tabButtons()) this.resize?.observe(tab);
    this.markOverflow();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resize?.disconnect();
    this.resize = undefined;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.hasUpdated) this.requestUpdate();
  }

  private get tablist(): HTMLElement | null {
    return this.querySelector<HTMLElement>(':scope > [role="tablist"]');
  }

  /** Marks the edges of the strip that have more tabs beyond them (`more-start`, `more-end`). */
  private readonly markOverflow = (): void => {
    const list = this.tablist;
    if (!list) return;
    const before = Math.abs(list.scrollLeft);
    list.classList.toggle('more-start', before > 1);
    list.classList.toggle('more-end', before + list.clientWidth < list.scrollWidth - 1);
  };

  /** Selects tab `index` (and focuses it when the keyboard moved there). */
  async select(index: number, focus: boolean): Promise<void> {
    this.selected = index;
    if (!focus) return;
    await this.updateComplete;
    this.tabButtons()[index]?.focus();
  }

  /** This element's own tab buttons (light DOM: a nested Tabs has its own). */
  private tabButtons(): NodeListOf<HTMLElement> {
    return this.querySelectorAll<HTMLElement>(':scope > [role="tablist"] > [role="tab"]');
  }

  private onKeydown(e: KeyboardEvent): void {
    const count = this.tabButtons().length;
    if (!count) return;
    const current = Math.min(this.selected, count - 1);
    const next =
      e.key === 'ArrowRight' ? (current + 1) % count
      : e.key === 'ArrowLeft' ? (current - 1 + count) % count
      : e.key === 'Home' ? 0
      : e.key === 'End' ? count - 1
      : undefined;
    if (next === undefined) return;
    e.preventDefault();
    void this.select(next, true);
  }

  private tabs(node: ComponentNode): Tab[] {
    const raw = node.record?.props.tabs;
    if (!Array.isArray(raw)) return [];
    const used = new Map<string, number>();
    const out: Tab[] = [];
    raw.forEach((t, i) => {
      if (!isObject(t) || typeof t.child !== 'string') return;
      // A child shown in two tabs still needs two keys.
      const n = used.get(t.child) ?? 0;
      used.set(t.child, n + 1);
      const key = n ? `${t.child}~${n}` : t.child;
      out.push({ title: toDisplayString(node.resolve(`tab:${i}`, t.title)), entry: { key, id: t.child, context: node.context } });
    });
    return out;
  }
}
