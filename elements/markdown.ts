/**
 * Markdown for Text bodies: `marked` (GFM) followed by our allow-list sanitizer.
 *
 * Two independent layers, so a gap in one is not an XSS: `marked` is configured to emit raw HTML
 * from the source as escaped text (`<b>` shows as "<b>"), and the sanitizer (sanitize.ts) rebuilds the
 * output from an allow-list (see there for the elements and attributes that survive; links go
 * through `safeUrl(…, 'link')`, images through `safeUrl(…, 'image')`).
 *
 * Links and images: the basic catalog's Text allows "simple Markdown formatting … (i.e. without
 * HTML, images, or links)", and a tracking pixel or a phishing link needs no script. So by default
 * a link renders as its text and an image as its alt text (or nothing); a host that trusts its
 * agents turns both on with {@link configureMarkdown} (`{ linksAndImages: true }`), and they still
 * pass the URL allow-list and the sanitizer.
 *
 * `marked` is loaded on demand (a separate file in the script-tag build): most texts are plain
 * words, and a text with no character that could be markdown syntax is rendered directly, as the
 * same nodes `marked` would give (a `<p>` per paragraph in block mode, the text inline). So is a
 * text in the common subset agents write (headings, bold labels, short lists, code spans:
 * markdown-lite.ts), in its first frame. The first text beyond that starts the load; it shows as
 * plain text until `marked` arrives, then the {@link markdown} directive re-renders it. {@link preloadMarkdown} loads it up front. What renders
 * through `marked` (elements/markdown-render.ts), the sanitizer and the rules styling what only
 * markdown writes come with it (`a2ui-sanitize.js` in the script-tag build).
 *
 * @module
 */
import { html, noChange, type CSSResult, type TemplateResult } from 'lit';
import { AsyncDirective, directive, type PartInfo, PartType } from 'lit/async-directive.js';
import { renderLite } from './markdown-lite.ts';
import { lazyModule } from '../src/internal.ts';
import type { MarkdownRenderer } from './markdown-render.ts';

/** Host options for markdown in Text. */
export interface MarkdownOptions {
  /** Render markdown links (`<a target=_blank>`) and images (default false: their text / alt text). */
  linksAndImages?: boolean;
}

let linksAndImages = false;

/**
 * Sets the host's markdown options for every Text rendered from then on (set it before surfaces
 * render; texts already shown keep their form until their text changes).
 */
export function configureMarkdown(options: MarkdownOptions): void {
  linksAndImages = options.linksAndImages === true;
}

/** The cache key of a text in a mode under the current options. */
const keyOf = (text: string, inline: boolean): string => (inline ? 'i' : 'b') + (linksAndImages ? 'L:' : ':') + text;

/** The renderer once `marked` (and the sanitizer) loaded (a plain text needs neither). */
let renderer: MarkdownRenderer | undefined;
/** The rules for rendered markdown (markdown-render.ts), once loaded with the renderer. */
let markdownRulesFor: ((scope: string) => CSSResult) | undefined;
/** Scopes waiting for those rules, with where to add them (see {@link styleMarkdownIn}). */
const styled: Array<[string, (rules: CSSResult) => void]> = [];
/** `marked`, and our rendering through it with the sanitizer (markdown-render.ts): loaded together on first use. */
const markedPackage = lazyModule('marked', () => import('marked'));
const markdownRender = lazyModule('the markdown renderer', () => import('./markdown-render.ts'));

/**
 * Loads `marked` (once) so that markdown renders from then on without a plain-text first pass.
 * Resolves when it is ready; rejects with an EXECUTION_ERROR if it cannot be loaded (a later call
 * tries again). Texts keep rendering as plain text without it.
 */
export function preloadMarkdown(): Promise<void> {
  return Promise.all([markedPackage.load(), markdownRender.load()]).then(([m, glue]) => {
    if (renderer) return;
    renderer = glue.markdownRenderer(m.Marked);
    markdownRulesFor = glue.markdownRules;
    for (const [scope, add] of styled.splice(0)) add(glue.markdownRules(scope));
  });
}

/**
 * Anything that could make `marked` output more than escaped paragraphs: inline and block syntax
 * characters, entities, autolinks (`://`, `www.`, `@`), line-start list, heading and rule markers,
 * indentation, two trailing spaces (a hard break; one trailing space, as while typing a sentence,
 * `marked` keeps as it is), and whitespace or control characters other than space and newline.
 * Deliberately broad: a false alarm only costs a trip through `marked`.
 */
const MAYBE_MARKDOWN = /[#*_`[\]<>|~\\&@]|:\/\/|www\.|^[ +=-]|^\d+[.)]|  $|[^\S \n]|[\0-\x08\x0e-\x1f\x7f]/im;

/** The last text classified and its class: many Texts bound to one path show the same string. */
let lastText: string | undefined;
let lastPlain = false;

/** True when `text` renders the same with or without `marked` (no markdown syntax in it). */
export function isPlainText(text: string): boolean {
  if (text === lastText) return lastPlain;
  lastPlain = !MAYBE_MARKDOWN.test(text);
  // Short texts only: the memo must not keep a huge body alive.
  lastText = text.length <= 1024 ? text : undefined;
  return lastPlain;
}

/**
 * `text` as `marked` renders a plain text: block mode, one `<p>` per paragraph (blank-line
 * separated), each followed by a newline; inline mode, the text itself (the HTML parser drops
 * leading newlines, so they are dropped here too). Also the stand-in for markdown while `marked`
 * is loading.
 */
function plainFragment(text: string, inline: boolean): DocumentFragment {
  const fragment = document.createDocumentFragment();
  if (inline) {
    const body = text.replace(/^\n+/, '');
    if (body) fragment.append(body);
    return fragment;
  }
  for (const paragraph of text.split(/\n{2,}/)) {
    const body = paragraph.replace(/^\n+|\n+$/g, '');
    if (!body) continue;
    const p = document.createElement('p');
    p.append(body);
    fragment.append(p, '\n');
  }
  return fragment;
}

/** @internal Characters of source the cache holds (tests: the budget holds). */
export const markdownCacheChars = (): number => renderer?.cachedChars() ?? 0;

/**
 * `text` in its final form: directly when plain or in the subset without `marked`
 * (markdown-lite.ts), else through `marked`; `undefined` while that has not loaded (its load started).
 */
function renderNow(text: string, inline: boolean): DocumentFragment | undefined {
  if (isPlainText(text)) return plainFragment(text, inline);
  const lite = renderLite(text, inline);
  if (lite) return lite;
  if (renderer) return renderer.render(text, inline, linksAndImages, keyOf(text, inline));
  void preloadMarkdown().catch(() => undefined);
}

/** `text` rendered, as plain text for now when it needs `marked` and that has not loaded yet. */
const render = (text: string, inline: boolean): DocumentFragment => renderNow(text, inline) ?? plainFragment(text, inline);

/**
 * Renders block markdown (GFM: headings, lists, tables, fenced code, autolinks…) to a new,
 * sanitized fragment. Identical inputs are parsed once (bounded cache); each call returns a fresh
 * copy that the caller owns. Non-string input is rendered as its string form (`null` → empty).
 * Until `marked` has loaded (see {@link preloadMarkdown}; the first markdown text beyond the subset
 * of markdown-lite.ts starts it), such a text comes back as plain text.
 */
export function renderMarkdown(text: string): DocumentFragment {
  return render(text == null ? '' : String(text), false);
}

/** Like {@link renderMarkdown} but inline only (emphasis, code, links; no paragraphs or blocks). */
export function renderInlineMarkdown(text: string): DocumentFragment {
  return render(text == null ? '' : String(text), true);
}

class MarkdownDirective extends AsyncDirective {
  private last?: string;

  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.CHILD) throw new Error('markdown() can only be used in child position');
  }

  render(text: string, inline = false): DocumentFragment {
    return inline ? renderInlineMarkdown(text) : renderMarkdown(text);
  }

  override update(_part: unknown, [text, inline = false]: [string, boolean?]) {
    // Same source, same DOM: keep the nodes (and any text selection) instead of replacing them.
    const key = keyOf(text, inline);
    if (key === this.last) return noChange;
    this.last = key;
    const source = text == null ? '' : String(text);
    // Plain text as a template: an update rewrites text nodes in place instead of rebuilding them.
    if (isPlainText(source)) return plainTemplate(source, inline);
    const shown = renderNow(source, inline);
    if (shown) return shown;
    // Shown as plain text for now; rendered again once `marked` is here, unless the text changed.
    preloadMarkdown().then(
      () => this.last === key && this.setValue(this.render(text, inline)),
      () => undefined,
    );
    return plainFragment(source, inline);
  }
}

/**
 * The words of one Text in its target node (which leaves its children to this): a text with no
 * markdown syntax (most of them) as plain nodes, rewritten in place when the last one was plain
 * too (the same text nodes, so a selection survives); a text in the subset of markdown-lite.ts as
 * its nodes; anything else as sanitized markdown, shown as plain text until `marked` has loaded
 * and then once more. The same text again keeps the nodes.
 * (State on the instance, not in weak maps: thousands of Texts render at once.)
 *
 * With {@link setBare} on, a block text that is one plain paragraph (most Texts) is not a `<p>` in
 * the target: the target is the paragraph itself (`role="paragraph"`, its text node directly in it),
 * one box fewer to lay out and paint; the accessibility tree is the same (a paragraph with the words).
 */
export class TextView {
  private text: string | undefined;
  private inline = false;
  private links = false;
  /** The children are the plain nodes {@link showPlain} made. */
  private plain = false;
  /** The one text node of a plain single paragraph (block: inside its `<p>`), rewritten in place. */
  private words: Text | undefined;
  /** A single plain paragraph is the target itself (see {@link setBare}). */
  private bare = false;
  /** The target is showing as the paragraph (its text node directly in it, `role="paragraph"`). */
  private bareShown = false;

  constructor(readonly target: Element) {}

  /**
   * Whether a one-paragraph plain block text makes the target the paragraph (`role="paragraph"`,
   * its text node the words and marked's newline) instead of a `<p>` in it. Only for a target with
   * no role of its own: the view sets and removes the role. What is shown is shown again in the new form.
   */
  setBare(bare: boolean): void {
    if (bare === this.bare) return;
    this.bare = bare;
    const shown = this.text;
    if (shown === undefined) return;
    this.forget();
    this.show(shown, this.inline);
  }

  show(text: string, inline = false): void {
    const source = text == null ? '' : String(text);
    if (source === this.text && inline === this.inline && linksAndImages === this.links) return;
    // The other mode's plain nodes are not this mode's: build anew.
    if (inline !== this.inline) this.plain = false;
    this.text = source;
    this.inline = inline;
    this.links = linksAndImages;
    if (isPlainText(source)) {
      this.showPlain(source, inline);
      return;
    }
    this.plain = false;
    this.words = undefined;
    this.paragraph(false);
    const shown = renderNow(source, inline);
    this.target.replaceChildren(shown ?? plainFragment(source, inline));
    if (!shown) {
      preloadMarkdown().then(
        () => {
          if (this.text !== source || this.inline !== inline) return;
          this.text = undefined;
          this.show(source, inline);
        },
        () => undefined,
      );
    }
  }

  /** Forgets what was shown (the caller replaced the children). */
  forget(): void {
    this.text = undefined;
    this.plain = false;
    this.words = undefined;
    this.paragraph(false);
  }

  /** Makes the target the paragraph, or not (only the role this view set is removed). */
  private paragraph(on: boolean): void {
    if (on === this.bareShown) return;
    this.bareShown = on;
    if (on) this.target.setAttribute('role', 'paragraph');
    else if (this.target.getAttribute('role') === 'paragraph') this.target.removeAttribute('role');
  }

  /** The nodes of {@link plainFragment}, reusing the text nodes (and paragraphs) already there. */
  private showPlain(text: string, inline: boolean): void {
    const target = this.target;
    const reuse = this.plain;
    this.plain = true;
    const words = reuse ? this.words : undefined;
    this.words = undefined;
    if (inline) {
      this.paragraph(false);
      const body = text.charCodeAt(0) === 10 ? text.replace(/^\n+/, '') : text;
      if (!body) target.replaceChildren();
      else if (words) (this.words = words).data = body;
      else target.replaceChildren((this.words = new Text(body)));
      return;
    }
    // One paragraph (most texts): no splitting, and the text node of the last one rewritten.
    const single = !text.includes('\n');
    if (single && text && words) {
      (this.words = words).data = this.bareShown ? text + '\n' : text;
      return;
    }
    const bodies: string[] = [];
    if (single) {
      if (text) bodies.push(text);
    } else {
      for (const chunk of text.split(/\n{2,}/)) {
        const body = chunk.replace(/^\n+|\n+$/g, '');
        if (body) bodies.push(body);
      }
    }
    if (bodies.length === 1 && this.bare) {
      // Ends in the newline marked writes after a paragraph: the same text content as `<p>…</p>\n`.
      this.words = new Text(bodies[0] + '\n');
      if (target.firstChild) target.replaceChildren(this.words);
      else target.append(this.words);
      this.paragraph(true);
      return;
    }
    const wasBare = this.bareShown;
    this.paragraph(false);
    // Our plain structure: <p>body</p> and a "\n" text node per paragraph (as marked writes it).
    const kept = reuse && !wasBare ? target.children : undefined;
    if (kept && kept.length === bodies.length) {
      for (let i = 0; i < bodies.length; i++) (kept[i].firstChild as Text).data = bodies[i];
      if (bodies.length === 1) this.words = kept[0].firstChild as Text;
      return;
    }
    if (bodies.length === 1) {
      const p = document.createElement('p');
      p.append((this.words = new Text(bodies[0])));
      if (target.firstChild) target.replaceChildren(p, '\n');
      else target.append(p, '\n');
      return;
    }
    target.replaceChildren(plainFragment(text, false));
  }
}

/** The nodes of {@link plainFragment} as a template (the same paragraphs and newlines), for the directive. */
function plainTemplate(text: string, inline: boolean): string | TemplateResult | TemplateResult[] {
  if (inline) return text.replace(/^\n+/, '');
  if (!text.includes('\n')) return text ? paragraph(text) : '';
  const out: TemplateResult[] = [];
  for (const chunk of text.split(/\n{2,}/)) {
    const body = chunk.replace(/^\n+|\n+$/g, '');
    if (body) out.push(paragraph(body));
  }
  return out;
}

const paragraph = (body: string): TemplateResult => html`<p>${body}</p>\n`;

/**
 * Lit directive for a child position: `html`<div>${markdown(body)}</div>``. Re-renders only when
 * the text (or mode) changes, and once more when a markdown text first shown as plain text can be
 * rendered (`marked` loaded; a text in the subset of markdown-lite.ts never waits).
 */
export const markdown = directive(MarkdownDirective);

/** The blocks a text renders as without `marked` (markdown-lite.ts): a margin after each but the last. */
const BLOCKS = ['p', 'ul', 'ol', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

/**
 * The rules of what a text renders as without `marked` (paragraphs, and the subset of
 * markdown-lite.ts: headings, lists, code spans; the same as markdown-render.ts gives them), every
 * selector starting with `scope` (`'a2ui-text '`, or `''` inside a shadow root). The rules of
 * what only `marked` writes (quotes, tables, code blocks, links) arrive with it: see
 * {@link styleMarkdownIn}. Reads the resolved `--_a2ui-*` tokens (theme.ts).
 */
export function paragraphRules(scope: string): string {
  const each = (suffix: string) => BLOCKS.map((tag) => scope + tag + suffix).join(', ');
  return `
  ${each('')} { margin-block: 0 var(--_a2ui-space-sm); }
  ${each(':last-child')} { margin-block-end: 0; }
  ${scope}code {
    font-family: var(--_a2ui-font-family-mono);
    font-size: 0.9em;
    background: var(--_a2ui-color-surface-variant);
    border-radius: var(--_a2ui-radius-sm);
    padding: 0 0.2em;
  }
`;
}

/**
 * Has `add` called with the rules for rendered markdown under `scope` (markdown-render.ts) once
 * `marked` has loaded, before the texts waiting for it render again; at once if it has. A page
 * that shows plain texts only never fetches them.
 */
export function styleMarkdownIn(scope: string, add: (rules: CSSResult) => void): void {
  if (markdownRulesFor) add(markdownRulesFor(scope));
  else styled.push([scope, add]);
}
