/**
 * Text: `variant` `body` (default) renders the text as block markdown (GFM, sanitized; headings
 * come from `#`), `caption` renders it as small inline markdown. `h1`–`h5` (the v0.9 catalog's
 * heading variants; v1.0 writes headings in markdown) render a heading of that level.
 *
 * The most common element by far, so it is built without Lit and without a template: it is a
 * {@link PlainElement} (reactive/plain.ts: the same batch and watching as every component element,
 * with no Lit set-up per element), its `part="text"` node is made once (again only when the variant
 * changes its shape), and the words are a {@link ValuePart}: a bound text updates by itself,
 * without a re-render, rewriting its text nodes in place; a literal text needs no watching at all
 * (it changes only with the definition). It keeps what `A2uiElement` gives every component (error
 * boundary, `@accessibility`, weight, unique ids) and counts as one (`instanceof A2uiElement`).
 */
import { render, unsafeCSS, type CSSResultGroup } from 'lit';
import { Signal } from 'signal-polyfill';
import { toDisplayString, type ComponentNode } from '../../src/index.ts';
import { applyHost, ariaOf, COMPONENT_ELEMENT, elementStyles, newIdBase, NO_ACC, type Accessibility, type HostState } from '../base.ts';
import { setAttributes } from '../attrs.ts';
import { failureFallback, reportFailure } from '../failure.ts';
import { restoreFocus, saveFocus } from '../focus.ts';
import { paragraphRules, preloadMarkdown, styleMarkdownIn, TextView } from '../markdown.ts';
import { addSheetRules } from '../styles.ts';
import { headingOffset, mayHaveHeading, offsetHeadings, setBaseLevel } from '../heading-offset.ts';
import { countUpdate, FAILED, ReactivePlainElement, ValuePart, type PlainElement, type Source } from '../reactive/index.ts';

/**
 * Text's rules, outside `@scope`: every selector starts from `a2ui-text` and ends in a tag or a
 * class, so a style recalc tests each only against the elements it can match (in a scope, a rule
 * ending in `:where(…)` was tested against every element of the surface, with a scope check each).
 */
// The host draws no box: the text box takes its place (one box less per Text to lay out and
// paint; a 1,000-component grid repaints ~40% faster), inheriting what a parent's layout set on
// the host (weight, stretch, min-width). Not when a parent made the element itself something (a
// List's item: its role and part need the box). (Comments out of the CSS text: it ships as is.)
const textRules = unsafeCSS(`${paragraphRules('a2ui-text ')}
  a2ui-text:not([role]) { display: contents; }
  a2ui-text > .text {
    flex: inherit;
    align-self: inherit;
    order: inherit;
    min-width: inherit;
    overflow-wrap: break-word;
  }
  a2ui-row > .row > a2ui-text > .text {
    min-width: auto;
    max-width: 100%;
  }
  a2ui-text > .body {
    font-size: var(--_a2ui-font-size-body);
    line-height: var(--_a2ui-line-height);
  }
  a2ui-text > .caption {
    display: block;
    font-size: var(--_a2ui-font-size-caption);
    color: var(--_a2ui-color-muted);
  }
  a2ui-text h1, a2ui-text .h1 { font-size: var(--_a2ui-font-size-h1); }
  a2ui-text h2, a2ui-text .h2 { font-size: var(--_a2ui-font-size-h2); }
  a2ui-text h3, a2ui-text .h3 { font-size: var(--_a2ui-font-size-h3); }
  a2ui-text h4, a2ui-text .h4 { font-size: var(--_a2ui-font-size-h4); }
  a2ui-text h5, a2ui-text h6, a2ui-text .h5 { font-size: var(--_a2ui-font-size-h5); }
  a2ui-text h1, a2ui-text h2, a2ui-text h3, a2ui-text h4, a2ui-text h5, a2ui-text h6 { line-height: 1.25; margin-block-start: 0; }
  a2ui-text .h1, a2ui-text .h2, a2ui-text .h3, a2ui-text .h4, a2ui-text .h5 {
    display: block;
    font-weight: 600;
    line-height: 1.25;
    margin-block-end: var(--_a2ui-space-sm);
  }
`);
addSheetRules(textRules);
// The rules for what only markdown writes (lists, code, tables, links) arrive with `marked`.
styleMarkdownIn('a2ui-text ', addSheetRules);

/** A heading's words: without the markdown heading marks (the variant makes it a heading already). */
const headingWords = (value: unknown): string => toDisplayString(value).replace(/^\s{0,3}#{1,6}\s+/, '');

/** No attributes set by `setAttributes` yet (shared: it never writes to the set it is given). */
const NONE_OWNED: ReadonlySet<string> = new Set();

/** Shows the failure fallback of `node` as the children of `target`. */
function showFallback(node: ComponentNode, target: Element): void {
  const fallback = document.createDocumentFragment();
  render(failureFallback(node), fallback);
  target.replaceChildren(fallback);
}

/** How a Text is built: `body`, `caption`, or a heading `h1`…`h5`. */
type Shape = 'body' | 'caption' | `h${number}`;


/**
 * `<a2ui-text>`: the basic `Text`: sanitized GFM markdown, a heading for `h1`…`h5`, a caption or body text.
 *
 * @csspart text - the text (`text caption` / `text body` classes; a heading for h1–h5)
 * @csspart error - the inline fallback shown when the component failed to render
 * @cssprop --a2ui-color-error - the failure fallback
 * @cssprop --a2ui-color-muted
 * @cssprop --a2ui-font-size-body
 * @cssprop --a2ui-font-size-caption
 * @cssprop --a2ui-font-size-h1
 * @cssprop --a2ui-font-size-h2
 * @cssprop --a2ui-font-size-h3
 * @cssprop --a2ui-font-size-h4
 * @cssprop --a2ui-font-size-h5
 * @cssprop --a2ui-line-height
 * @cssprop --a2ui-radius-sm - the failure fallback
 * @cssprop --a2ui-space-sm
 * @cssprop --a2ui-space-xs - the failure fallback
 */
export class A2uiText extends ReactivePlainElement {
  static styles: CSSResultGroup = [...elementStyles, textRules];

  private node_: ComponentNode | undefined;
  /** `@accessibility` of the current render. */
  private acc: Accessibility = NO_ACC;
  private readonly hostState: HostState = { hidden: false, flex: '' };
  private failure: string | undefined;
  private idBase: string | undefined;
  /** The hidden node holding `@accessibility.description`, once there is one. */
  private describer: HTMLElement | undefined;
  /** The `part="text"` node, and the node the words go into (the same, or a heading's inner span). */
  private box: HTMLElement | undefined;
  private view: TextView | undefined;
  private shape: Shape | undefined;
  private owned: ReadonlySet<string> = NONE_OWNED;
  private readonly words = new ValuePart<string>(this, (text) => this.write(text));

  /** Brand: a component element (`instanceof A2uiElement`) though not built on Lit. */
  get [COMPONENT_ELEMENT](): true {
    return true;
  }

  /** The component instance this element renders. */
  get node(): ComponentNode | undefined {
    return this.node_;
  }
  set node(node: ComponentNode | undefined) {
    if (node === this.node_) return;
    this.node_ = node;
    this.requestUpdate();
  }

  /**
   * The hook of `Reactive` (reactive/element.ts; not in the mixin's type, so no `override`): when
   * every property but the words is a literal and there is no `@accessibility`, this render reads
   * no signal but the record (the words are a part that watches its binding itself), so the update
   * runs untracked and watches the record alone. Not for a subclass, whose render may read more.
   */
  protected knownSources(): readonly Source[] | undefined {
    const node = this.node_;
    const source = node?.surface.recordSignal(node.id);
    const record = source && Signal.subtle.untrack(() => source.get());
    if (!record || record.accessibility || this.constructor !== A2uiText) return undefined;
    // Bound: a property but the words that is an object (a binding, a call).
    const props = record.props;
    for (const k in props) {
      const v = props[k];
      if (k !== 'text' && v !== null && typeof v === 'object') return undefined;
    }
    return [source];
  }

  /**
   * The element's update, an error boundary as every component element's (base.ts): its children
   * are the text box (and the hidden description), or the failure fallback.
   */
  protected update(): void {
    const node = this.node_;
    // Nothing can be focused inside an element that has not rendered yet.
    const focus = this.hasUpdated ? saveFocus(this) : undefined;
    if (!node?.record) {
      if (this.firstChild) this.replaceChildren();
    } else {
      try {
        const acc = (this.acc = node.record.accessibility ? node.accessibility() : NO_ACC);
        applyHost(this, node, acc, this.hostState);
        const box = this.renderComponent(node);
        this.failure = undefined;
        const describer = acc.description ? this.describe(acc.description) : null;
        if (this.firstChild !== box || box.nextSibling !== describer || describer?.nextSibling) {
          if (this.firstChild) this.replaceChildren();
          if (describer) this.append(box, describer);
          else this.append(box);
        }
      } catch (e) {
        this.failure = reportFailure(node, e, this.failure);
        showFallback(node, this);
      }
    }
    if (focus) restoreFocus(focus);
    countUpdate(node);
  }

  private uid(name: string): string {
    return `${(this.idBase ??= newIdBase())}-${name}`;
  }

  /** The hidden node that describes the text (`aria-describedby` points at it). */
  private describe(description: string): HTMLElement {
    let d = this.describer;
    if (!d) {
      d = this.describer = document.createElement('span');
      d.id = this.uid('description');
      d.hidden = true;
    }
    if (d.textContent !== description) d.textContent = description;
    return d;
  }

  /** Builds or updates the text box and returns it. */
  protected renderComponent(node: ComponentNode): HTMLElement {
    const variant = node.value('variant');
    const level = typeof variant === 'string' && /^h[1-5]$/.test(variant) ? Number(variant[1]) : 0;
    const shape: Shape = level ? `h${level}` : variant === 'caption' ? 'caption' : 'body';
    const rebuilt = shape !== this.shape;
    const hadShape = this.shape !== undefined;
    if (rebuilt) this.build(shape, level);
    const box = this.box!;
    const acc = this.acc;
    // Without @accessibility (most Texts) there is no ARIA to manage, unless some was set before.
    if (level || acc !== NO_ACC || this.owned.size) {
      const aria = ariaOf(acc, acc.description ? this.uid('description') : undefined, level ? {} : { role: acc.label ? 'group' : undefined });
      this.owned = setAttributes(box, aria, this.owned);
    }
    // A body box with no ARIA of its own is the paragraph of a one-paragraph text (no `<p>` in it).
    if (shape === 'body') this.view!.setBare(!this.owned.size);
    // The variant already makes it a heading: markdown heading marks in the text are redundant.
    const shown = level ? headingWords : toDisplayString;
    // A bound text watches its binding itself; a literal needs no watching.
    const source = node.signal('text');
    if (source) this.words.follow(node, source, shown);
    else this.words.set(shown(node.record!.props.text));
    // A shape changed later (a definition update): the same words go into the new node.
    if (rebuilt && hadShape) this.words.reapply();
    return box;
  }

  private build(shape: Shape, level: number): void {
    this.shape = shape;
    this.owned = NONE_OWNED;
    const box = (this.box = document.createElement(shape === 'caption' ? 'span' : 'div'));
    box.setAttribute('part', 'text');
    box.className = level ? 'text' : `text ${shape}`;
    if (level) {
      box.setAttribute('role', 'heading');
      setBaseLevel(box, level);
      box.setAttribute('aria-level', String(Math.min(6, level + headingOffset(this))));
      const inner = document.createElement('span');
      inner.className = shape;
      box.append(inner);
      this.view = new TextView(inner);
    } else {
      this.view = new TextView(box);
    }
  }

  /** The words into the target: markdown (plain text in place), or the fallback when the read failed. */
  private write(text: string | typeof FAILED): void {
    const view = this.view!;
    if (text !== FAILED) {
      view.show(text, this.shape !== 'body');
      // The surface's heading-offset, on the headings the agent's markdown wrote (heading-offset.ts).
      if (this.shape === 'body' && mayHaveHeading(text)) {
        const offset = headingOffset(this);
        // Again once `marked` is here: until then the text shows as plain words (markdown.ts).
        if (offset) {
          offsetHeadings(view.target, offset);
          preloadMarkdown().then(() => offsetHeadings(view.target, offset), () => undefined);
        }
      }
      return;
    }
    view.forget();
    showFallback(this.node_!, view.target);
  }
}
