/**
 * Markdown through `marked` and the sanitizer, and the rules that style what it writes: the part
 * of {@link renderMarkdown} a plain text never needs, loaded with `marked` (in the script-tag
 * build, with the sanitizer in `a2ui-sanitize.js`) when the first text that may be markdown is
 * shown (elements/markdown.ts).
 *
 * @module
 */
import { unsafeCSS, type CSSResult } from 'lit';
import type { Marked, Tokens } from 'marked';
import { sanitizeHtml } from './sanitize.ts';

/** Renders a markdown text to a fresh, sanitized fragment of the page's document. */
export type MarkdownRenderer = {
  /** `key` names the text in its mode and options (the cache key). */
  render(text: string, inline: boolean, linksAndImages: boolean, key: string): DocumentFragment;
  /** Characters of source the cache holds. */
  cachedChars(): number;
};

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/**
 * Bounded cache of sanitized results; the key carries the mode. Entries live in an inert document
 * (their images do not load) and are imported into the page's document on use.
 */
const CACHE_LIMIT = 256;
/** Longer texts are parsed every time, so a few huge bodies cannot pin megabytes of DOM. */
const CACHE_MAX_TEXT = 20_000;
/**
 * Characters of source cached in all (keys counted): 256 chat-sized texts fit, but a run of long
 * ones (256 × 20,000 would pin ~5 M characters and their DOM) evicts the oldest sooner.
 */
const CACHE_CHARS = 256 * 1024;

/** A renderer over our own `Marked` instance, so a host that configures the global `marked` does not change our output. */
export function markdownRenderer(MarkedClass: typeof Marked): MarkdownRenderer {
  const marked = new MarkedClass({
    gfm: true,
    breaks: false,
    async: false,
    renderer: {
      // Raw HTML in the source is shown as text, never passed through.
      html({ text, block }: Tokens.HTML | Tokens.Tag) {
        return block ? `<p>${escapeHtml(text.trim())}</p>` : escapeHtml(text);
      },
      // Task-list boxes as characters: no <input> in the allow-list, and a read-only box is not a control.
      checkbox({ checked }: Tokens.Checkbox) {
        return checked ? '☑ ' : '☐ ';
      },
    },
  });
  const cache = new Map<string, DocumentFragment>();
  let cachedChars = 0;
  let inertDoc: Document | undefined;

  function parseAndSanitize(text: string, inline: boolean, linksAndImages: boolean): DocumentFragment {
    try {
      const html = inline ? marked.parseInline(text, { async: false }) : marked.parse(text, { async: false });
      inertDoc ??= document.implementation.createHTMLDocument('');
      return sanitizeHtml(html, inertDoc, { linksAndImages });
    } catch {
      // A parser failure (e.g. pathological nesting) shows the source as plain text.
      const fragment = (inertDoc ?? document).createDocumentFragment();
      fragment.append(text);
      return fragment;
    }
  }

  return {
    cachedChars: () => cachedChars,
    render(text, inline, linksAndImages, key) {
      if (text.length > CACHE_MAX_TEXT) return document.importNode(parseAndSanitize(text, inline, linksAndImages), true);
      let fragment = cache.get(key);
      if (fragment) {
        cache.delete(key); // re-insert below: Map order is recency, oldest first
      } else {
        fragment = parseAndSanitize(text, inline, linksAndImages);
        cachedChars += key.length;
        while (cache.size && (cache.size >= CACHE_LIMIT || cachedChars > CACHE_CHARS)) {
          const oldest = cache.keys().next().value!;
          cache.delete(oldest);
          cachedChars -= oldest.length;
        }
      }
      cache.set(key, fragment);
      return document.importNode(fragment, true);
    },
  };
}

/** The block elements only markdown writes, each followed by a margin (none after the last; paragraphs: markdown.ts paragraphRules). */
const BLOCKS = ['ul', 'ol', 'pre', 'blockquote', 'table', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

/**
 * The rules for what `marked` writes beyond a plain text's paragraphs (markdown.ts paragraphRules),
 * every selector starting with `scope` (`'a2ui-text '`, or `''` inside a shadow root). Reads the
 * resolved `--_a2ui-*` tokens (theme.ts). Each selector ends in a tag, so a style recalc tests it
 * only against elements of that tag (a `:where(p, ul, …)` would be tested against every element).
 */
export function markdownRules(scope: string): CSSResult {
  const s = (selectors: string) => selectors.split(', ').map((x) => scope + x).join(', ');
  const each = (suffix: string) => s(BLOCKS.map((tag) => tag + suffix).join(', '));
  // unsafeCSS around the template itself: the bundles' CSS minifier reads it (build/css-templates.mjs).
  return unsafeCSS(`
  ${each('')} { margin-block: 0 var(--_a2ui-space-sm); }
  ${each(':last-child')} { margin-block-end: 0; }
  ${s('a')} { color: var(--_a2ui-color-primary); text-decoration: underline; }
  ${s('a:focus-visible')} { outline: 2px solid var(--_a2ui-color-focus); outline-offset: 2px; }
  ${s('code, pre')} {
    font-family: var(--_a2ui-font-family-mono);
    font-size: 0.9em;
    background: var(--_a2ui-color-surface-variant);
    border-radius: var(--_a2ui-radius-sm);
  }
  ${s('code')} { padding: 0 0.2em; }
  ${s('pre')} { padding: var(--_a2ui-space-sm); overflow-x: auto; }
  ${s('pre code')} { padding: 0; font-size: inherit; }
  ${s('blockquote')} {
    margin-inline: 0;
    padding-inline-start: var(--_a2ui-space-md);
    border-inline-start: 3px solid var(--_a2ui-color-border);
  }
  ${s('img')} { max-width: 100%; }
  ${s('table')} { border-collapse: collapse; }
  ${s('th, td')} { border: 1px solid var(--_a2ui-color-border); padding: var(--_a2ui-space-xs) var(--_a2ui-space-sm); }
  ${s('hr')} { border: 0; border-top: 1px solid var(--_a2ui-color-border); }
`);
}

