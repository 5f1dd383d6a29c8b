/**
 * `A2uiElement`: the base of every component element (and of a host's custom ones).
 *
 * - **Light DOM.** An element renders into itself, inside the one shadow root of its
 *   `<a2ui-surface>`; its `static styles` join the surface's shared sheet, scoped to its tag
 *   (styles.ts). A custom component that needs a shadow root of its own sets
 *   `static shadow = true` (its styles are then adopted there, as in any LitElement).
 * - **Fine-grained updates.** `Reactive(LitElement)` (reactive/): a render tracks the signals it
 *   reads through its `node` (`node.value('text')` reads the bound data paths), so a data change
 *   re-renders only the elements bound to it, parents first.
 * - **Error boundary.** If `renderComponent` throws, the element shows a small inline fallback
 *   (`part="error"`) and reports one error to the agent; its siblings keep rendering.
 * - **`@accessibility`.** `this.acc` holds the resolved attributes; subclasses spread
 *   `attrs(this.aria({...inferred}))` on their meaningful inner element: `label` → `aria-label`
 *   (overriding the inferred name), `description` → `aria-describedby` (a hidden node the base
 *   renders), `live` → `aria-live`. `hidden` → `aria-hidden="true"` on the host itself, so the
 *   whole component, children included, leaves the accessibility tree. `this.hasAcc` is false
 *   when the component has no `@accessibility` (a render can then skip the directive).
 * - **Ids.** Every id inside a surface's shadow root must be unique: `this.uid('input')` gives
 *   one per element and name.
 * - **Weight.** A numeric `weight` becomes the host's `flex` (grow by weight from a zero basis).
 * - **Focus.** A re-render that moves the focused element (a keyed reorder) puts focus and caret
 *   back; with nothing focused inside, it costs one check.
 * - **Instrumentation.** Set `A2uiElement.updateCounts = new Map()` to count updates per component
 *   id (tests and dev tools); `undefined` (the default) costs nothing.
 *
 * @module
 */
import { LitElement, ReactiveElement, css, html, nothing, render, type CSSResult, type CSSResultGroup, type PropertyDeclarations, type PropertyValues, type RootPart } from 'lit';
import { unescapeSegment, type ComponentNode } from '../src/index.ts';
import { Reactive, countUpdate, updateCounts } from './reactive/index.ts';
import { tokens } from './theme.ts';
import { restoreFocus, saveFocus } from './focus.ts';
import { countFarewell } from './farewell.ts';
import { failureFallback, reportFailure } from './failure.ts';
import { addComponentStyles } from './styles.ts';
import type { AttributeMap } from './attrs.ts';

/** `@accessibility`, resolved. */
export type Accessibility = ReturnType<ComponentNode['accessibility']>;

/** What most components have: no `@accessibility` (shared, never written). */
export const NO_ACC: Accessibility = Object.freeze({});

let ids = 0;

/** A new base for `uid()`: unique in the document. */
export function newIdBase(): string {
  return `a2ui-${(++ids).toString(36)}`;
}

/**
 * Brands the component elements that are not built on Lit (Text: reactive/plain.ts) so that
 * `el instanceof A2uiElement` holds for them too.
 */
export const COMPONENT_ELEMENT: unique symbol = Symbol('a2ui.component');

/** Rules every component element shares, declared once in the surface sheet (`__COMPONENTS__`: every component tag). */
export const baseStyles = css`
  /* Border-box from the host down: every element inherits it (the '*' rule below), so a control
     with width: 100% and padding fits its container. (On the component tags it lost to '*': both
     rules have specificity 0, and the later one won, inheriting the host's content-box.) */
  :host {
    box-sizing: border-box;
  }
  :where(__COMPONENTS__) {
    display: block;
    min-width: 0;
  }
  :is(__COMPONENTS__)[hidden] {
    display: none;
  }
  /* Not *::before/*::after: a universal pseudo-element rule makes every element resolve its pseudo
     styles on each recalc (it cost 10× the style time of a 500-Text update). */
  * {
    box-sizing: inherit;
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

/**
 * The style sheets every element starts from: the tokens and {@link baseStyles}. Both are in the
 * surface sheet already; listing them keeps a `static shadow = true` element styled the same.
 */
export const elementStyles: CSSResult[] = [tokens, baseStyles];

/** Inferred ARIA of the meaningful inner element, before `@accessibility` overrides it. */
export interface InferredAria {
  label?: string;
  describedby?: ReadonlyArray<string | undefined>;
  [name: string]: unknown;
}

/**
 * `A2uiElement`: the base of every component element (and of a host's custom ones). It renders
 * into light DOM inside its surface's shadow root (`static shadow = true` for a shadow root of its
 * own), updates fine-grained (a render tracks the signals it reads through `node`), is an error
 * boundary (a throwing render shows an inline fallback and reports one error to the agent), maps
 * `@accessibility` through `this.aria()`, gives unique ids (`this.uid()`), and turns `weight`
 * into `flex`. Subclasses implement `renderComponent(node)`.
 *
 * @csspart error - the inline fallback shown when the component failed to render
 * @cssprop --a2ui-color-error - the failure fallback
 * @cssprop --a2ui-font-size-caption - the failure fallback
 * @cssprop --a2ui-radius-sm - the failure fallback
 * @cssprop --a2ui-space-xs - the failure fallback
 */
export abstract class A2uiElement extends Reactive(LitElement) {
  static override styles: CSSResultGroup = elementStyles;
  // A static table, not decorators: their helpers would cost the first load (see surface.ts).
  static override properties: PropertyDeclarations = { node: { attribute: false } };

  /** Opt-in for custom components: render into a shadow root of this element's own. */
  static shadow = false;

  /** A component element not built on Lit (branded {@link COMPONENT_ELEMENT}: Text) is an A2uiElement too. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (this === A2uiElement && (value as { [COMPONENT_ELEMENT]?: boolean } | null)?.[COMPONENT_ELEMENT]) return true;
    return Function.prototype[Symbol.hasInstance].call(this, value);
  }

  /** Dev instrumentation: update counts per component id while set to a Map. */
  static get updateCounts(): Map<string, number> | undefined {
    return updateCounts.map;
  }
  static set updateCounts(map: Map<string, number> | undefined) {
    updateCounts.map = map;
  }

  /** The component instance this element renders. */
  node?: ComponentNode;

  /** `@accessibility` of the current render. */
  protected acc: Accessibility = NO_ACC;

  private failure: string | undefined;
  private readonly hostState: HostState = { hidden: false, flex: '' };
  private idBase: string | undefined;
  /** The Lit part of a templated render (renders through Lit from its first template on). */
  private litPart: RootPart | undefined;
  /** The one node a render returned and the element holds itself (no part, no marker). */
  private direct: Node | undefined;

  /** Renders the component. Runs inside the error boundary; signal reads here are tracked. */
  protected abstract renderComponent(node: ComponentNode): unknown;

  /** True when the component has `@accessibility` (else `aria()` only maps the inferred values). */
  protected get hasAcc(): boolean {
    return this.acc !== NO_ACC;
  }

  /** An id unique in the document for this element's inner node `name`. */
  protected uid(name: string): string {
    return `${(this.idBase ??= newIdBase())}-${name}`;
  }

  /**
   * ARIA for the meaningful inner element: the explicit `@accessibility` values override the
   * inferred ones passed in (`label`, `describedby` ids, `role`…).
   */
  protected aria(inferred?: InferredAria): AttributeMap {
    return ariaOf(this.acc, this.acc.description ? this.uid('description') : undefined, inferred);
  }

  /**
   * A name inferred from the data path property `prop` is bound to (`/task/dueDate` → "due date"),
   * for inputs an agent left without a label.
   */
  protected pathName(prop = 'value'): string | undefined {
    const path = this.node?.boundPath(prop);
    const last = path?.split('/').filter(Boolean).pop();
    if (!last || /^\d+$/.test(last)) return undefined;
    return unescapeSegment(last).replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase().trim() || undefined;
  }

  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    const cls = this.constructor as typeof A2uiElement;
    if (cls.shadow) return super.createRenderRoot();
    addComponentStyles(this.localName, cls);
    return this;
  }

  override render(): unknown {
    const node = this.node;
    if (!node?.record) return nothing;
    try {
      this.acc = node.record.accessibility ? node.accessibility() : NO_ACC;
      applyHost(this, node, this.acc, this.hostState);
      const content = this.renderComponent(node);
      this.failure = undefined;
      // Most components have no description: their content is the whole render, no wrapper template.
      const description = this.acc.description;
      return description ? html`${content}<span id=${this.uid('description')} hidden>${description}</span>` : content;
    } catch (e) {
      this.failure = reportFailure(node, e, this.failure);
      return failureFallback(node);
    }
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.litPart?.setConnected(true);
    if (typeof (this as { beforeRemove?: unknown }).beforeRemove === 'function') countFarewell(1);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.litPart?.setConnected(false);
    if (typeof (this as { beforeRemove?: unknown }).beforeRemove === 'function') countFarewell(-1);
  }

  /**
   * LitElement's update, with one shortcut: a render that returns one Node the element built
   * itself (Text) puts it in directly, with no part and marker to make; anything else renders
   * through Lit as usual.
   */
  protected override update(changed: PropertyValues): void {
    // Nothing can be focused inside an element that has not rendered yet.
    const focus = this.hasUpdated ? saveFocus(this) : undefined;
    const value = this.render();
    if (!this.hasUpdated) this.renderOptions.isConnected = this.isConnected;
    (ReactiveElement.prototype as unknown as { update(c: PropertyValues): void }).update.call(this, changed);
    if (value instanceof Node && !this.litPart && this.renderRoot === (this as unknown)) {
      if (this.direct !== value) {
        this.direct?.parentNode?.removeChild(this.direct);
        this.append(value);
        this.direct = value;
      }
    } else {
      if (this.direct) {
        this.direct.parentNode?.removeChild(this.direct);
        this.direct = undefined;
      }
      this.litPart = render(value, this.renderRoot, this.renderOptions);
    }
    if (focus) restoreFocus(focus);
    countUpdate(this.node);
  }
}

/** What an element last wrote on its host: `aria-hidden` and the `flex` of its weight. */
export interface HostState {
  hidden: boolean;
  flex: string;
}

/**
 * Writes `@accessibility`'s `hidden` (`aria-hidden` on the host: the whole component leaves the
 * accessibility tree) and a numeric `weight` (the host's `flex`) on `el`, only where they changed
 * since `last` (style and attribute writes cost even when the value is the same).
 */
export function applyHost(el: HTMLElement, node: ComponentNode, acc: Accessibility, last: HostState): void {
  const hidden = !!acc.hidden;
  if (hidden !== last.hidden) {
    last.hidden = hidden;
    if (hidden) el.setAttribute('aria-hidden', 'true');
    else el.removeAttribute('aria-hidden');
  }
  const weight = node.value('weight');
  const flex = typeof weight === 'number' && Number.isFinite(weight) && weight >= 0 ? `${weight} 1 0%` : '';
  if (flex !== last.flex) {
    last.flex = flex;
    el.style.flex = flex;
  }
}

/**
 * ARIA for a component's meaningful inner element: the explicit `@accessibility` values `acc`
 * override the `inferred` ones; `descriptionId` is the id of the node holding its description.
 */
export function ariaOf(acc: Accessibility, descriptionId: string | undefined, inferred?: InferredAria): AttributeMap {
  let ids = descriptionId;
  const out: Record<string, string | boolean | undefined> = {};
  if (inferred) {
    for (const k in inferred) if (k !== 'label' && k !== 'describedby') out[k] = inferred[k] as string | boolean | undefined;
    if (inferred.describedby) for (const id of inferred.describedby) if (id) ids = ids ? `${ids} ${id}` : id;
  }
  out['aria-label'] = acc.label || inferred?.label || undefined;
  out['aria-describedby'] = ids;
  out['aria-live'] = acc.live;
  return out;
}
