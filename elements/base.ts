/**
 * `A2uiElement`: the base of every component element (and of a host's custom ones).
 *
 * - **Fine-grained updates.** `Watching(LitElement)` (watching.ts): a render tracks the signals it
 *   reads through its `node` (`node.value('text')` reads the bound data paths), so a data change
 *   re-renders only the elements bound to it.
 * - **Error boundary.** If `renderComponent` throws, the element shows a small inline fallback
 *   (`part="error"`) and reports one error to the agent; its siblings keep rendering.
 * - **`@accessibility`.** `this.acc` holds the resolved attributes; subclasses spread
 *   `attrs(this.aria({...inferred}))` on their meaningful inner element: `label` → `aria-label`
 *   (overriding the inferred name), `description` → `aria-describedby` (a hidden node the base
 *   renders), `live` → `aria-live`. `hidden` → `aria-hidden="true"` on the host itself, so the
 *   whole component, children included, leaves the accessibility tree.
 * - **Weight.** A numeric `weight` becomes the host's `flex` (grow by weight from a zero basis).
 * - **Stable reads.** Child lists and child tags are read through `this.reads` (stable.ts), so
 *   a parent re-renders only when they really change.
 * - **Parents first.** An element waits for a pending ancestor before it updates.
 * - **Focus.** A re-render that moves the focused element (a keyed reorder) puts focus and caret
 *   back.
 * - **Instrumentation.** Set `A2uiElement.updateCounts = new Map()` to count updates per component
 *   id (tests and dev tools); `undefined` (the default) costs nothing.
 *
 * @module
 */
import { LitElement, css, html, nothing, type CSSResult, type CSSResultGroup, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { Watching } from './watching.ts';
import type { ComponentNode } from '../src/index.ts';
import { tokens } from './theme.ts';
import { restoreFocus, saveFocus } from './focus.ts';
import { StableReads } from './stable.ts';
import { countFarewell } from './farewell.ts';
import { failureFallback, reportFailure } from './failure.ts';
import type { AttributeMap } from './attrs.ts';

/** `@accessibility`, resolved. */
export type Accessibility = ReturnType<ComponentNode['accessibility']>;

/** Id of the hidden node holding `@accessibility.description` in every element's shadow root. */
export const DESCRIPTION_ID = 'a2ui-description';

/** Styles every element shares: display, the visually-hidden helper, the error fallback. */
export const baseStyles = css`
  :host {
    display: block;
    box-sizing: border-box;
    min-width: 0;
  }
  :host([hidden]) {
    display: none;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  .vh {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
  .a2ui-error {
    display: inline-block;
    padding: 0 var(--_a2ui-space-xs);
    border: 1px dashed var(--_a2ui-color-error);
    border-radius: var(--_a2ui-radius-sm);
    color: var(--_a2ui-color-error);
    font-size: var(--_a2ui-font-size-caption);
  }
`;

/** The style sheets every element starts from: the tokens and {@link baseStyles}. */
export const elementStyles: CSSResult[] = [tokens, baseStyles];

export abstract class A2uiElement extends Watching(LitElement) {
  static override styles: CSSResultGroup = elementStyles;

  /** Dev instrumentation: update counts per component id while set to a Map. */
  static updateCounts: Map<string, number> | undefined = undefined;

  /** The component instance this element renders. */
  @property({ attribute: false }) node?: ComponentNode;

  /** Reads computeds without depending on them (child lists and tags; see stable.ts). */
  protected get reads(): StableReads {
    // Made on first use: only containers read child lists and tags.
    return (this.stableReads ??= new StableReads(this));
  }
  private stableReads: StableReads | undefined;

  /** `@accessibility` of the current render. */
  protected acc: Accessibility = {};

  private failure: string | undefined;
  private hostHidden = false;
  private hostFlex = '';

  /** Renders the component. Runs inside the error boundary; signal reads here are tracked. */
  protected abstract renderComponent(node: ComponentNode): unknown;

  /**
   * ARIA for the meaningful inner element: the explicit `@accessibility` values override the
   * inferred ones passed in (`label`, `describedby` ids, `role`…).
   */
  protected aria(inferred: { label?: string; describedby?: Array<string | undefined>; [name: string]: unknown } = {}): AttributeMap {
    const { label, describedby = [], ...rest } = inferred;
    const ids = [this.acc.description ? DESCRIPTION_ID : undefined, ...describedby].filter(Boolean).join(' ');
    const out: Record<string, string | boolean | undefined> = {};
    for (const [k, v] of Object.entries(rest)) out[k] = v as string | boolean | undefined;
    out['aria-label'] = this.acc.label || label || undefined;
    out['aria-describedby'] = ids || undefined;
    out['aria-live'] = this.acc.live;
    return out;
  }

  /**
   * A name inferred from the data path property `prop` is bound to (`/task/dueDate` → "due date"),
   * for inputs an agent left without a label.
   */
  protected pathName(prop = 'value'): string | undefined {
    const path = this.node?.boundPath(prop);
    const last = path?.split('/').filter(Boolean).pop();
    if (!last || /^\d+$/.test(last)) return undefined;
    return last.replace(/~1/g, '/').replace(/~0/g, '~').replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase().trim() || undefined;
  }

  override render(): unknown {
    const node = this.node;
    if (!node?.record) return nothing;
    try {
      this.acc = node.accessibility();
      this.applyHost(node);
      const content = this.renderComponent(node);
      this.failure = undefined;
      // Most components have no description: their content is the whole render, no wrapper template.
      return this.acc.description ? html`${content}<span id=${DESCRIPTION_ID} hidden>${this.acc.description}</span>` : content;
    } catch (e) {
      this.failure = reportFailure(node, e, this.failure);
      return failureFallback(node);
    }
  }

  /**
   * Parents first: while an ancestor has an update pending, wait for it. The ancestor may hand
   * this element a new node (a template item that moved), and rendering the old one first would
   * show another item's data for a moment (and reset the caret of a moved input).
   */
  protected override scheduleUpdate(): void | Promise<unknown> {
    const first = pendingAncestor(this);
    // Nothing to wait for (the usual case): update now, without another promise in between.
    if (!first) return super.scheduleUpdate();
    return (async () => {
      for (let wait: Promise<unknown> | undefined = first; wait; wait = pendingAncestor(this)) await wait;
      await super.scheduleUpdate();
    })();
  }

  /** @internal What a descendant waits for before updating (see scheduleUpdate). */
  pendingWork(): Promise<unknown> | undefined {
    return this.isUpdatePending ? this.updateComplete : (this.stableReads?.checking ?? (this as unknown as { signalCheck?: Promise<void> }).signalCheck);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (typeof (this as { beforeRemove?: unknown }).beforeRemove === 'function') countFarewell(1);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (typeof (this as { beforeRemove?: unknown }).beforeRemove === 'function') countFarewell(-1);
  }

  protected override update(changed: PropertyValues): void {
    const focus = saveFocus(this.shadowRoot);
    super.update(changed);
    restoreFocus(focus);
    const counts = A2uiElement.updateCounts;
    if (counts && this.node) counts.set(this.node.id, (counts.get(this.node.id) ?? 0) + 1);
  }

  private applyHost(node: ComponentNode): void {
    // Touch the host only on change: style and attribute writes cost even when the value is the same.
    const hidden = !!this.acc.hidden;
    if (hidden !== this.hostHidden) {
      this.hostHidden = hidden;
      if (hidden) this.setAttribute('aria-hidden', 'true');
      else this.removeAttribute('aria-hidden');
    }
    const weight = node.value('weight');
    const flex = typeof weight === 'number' && Number.isFinite(weight) && weight >= 0 ? `${weight} 1 0%` : '';
    if (flex !== this.hostFlex) {
      this.hostFlex = flex;
      this.style.flex = flex;
    }
  }
}

/** An element of the A2UI tree: a component element or a surface. */
export interface TreeElement {
  pendingWork(): Promise<unknown> | undefined;
}

/**
 * Visits the A2UI tree elements at or above `from` (through shadow roots), nearest first, until
 * `visit` returns something; returns that.
 */
function walkTree<R>(from: Node | null, visit: (t: TreeElement) => R | undefined): R | undefined {
  for (let n: Node | null = from; n; n = n instanceof ShadowRoot ? n.host : n.parentNode) {
    if (typeof (n as Partial<TreeElement>).pendingWork !== 'function') continue;
    const r = visit(n as unknown as TreeElement);
    if (r !== undefined) return r;
  }
  return undefined;
}

/** The A2UI tree elements at or above `from`, nearest first. */
export function treeAbove(from: Node | null): TreeElement[] {
  const out: TreeElement[] = [];
  walkTree(from, (t) => void out.push(t));
  return out;
}

/** The pending work of the nearest of `tree` that has some. */
export function pendingWork(tree: readonly TreeElement[]): Promise<unknown> | undefined {
  for (const t of tree) {
    const work = t.pendingWork();
    if (work) return work;
  }
  return undefined;
}

/** What the nearest ancestor in the A2UI tree with pending work is doing (no array: runs per update). */
function pendingAncestor(el: Element): Promise<unknown> | undefined {
  return walkTree(el.parentNode, (t) => t.pendingWork());
}
