/**
 * An allow-list HTML sanitizer for the output of the markdown renderer.
 *
 * Why our own: the input is parsed into an inert document (`DOMParser`: no script runs, no image
 * loads) and a *new* tree is built from it with `createElement`/`createTextNode`, copying only
 * allowed elements and attributes. Nothing is ever serialized and re-parsed, so there is no
 * mutation-XSS round trip, and anything the allow-list does not name cannot come through.
 *
 * @module
 */
import { safeUrl } from './urls.ts';

const HTML_NS = 'http://www.w3.org/1999/xhtml';

/** Elements that are copied (with their allowed attributes). */
const ALLOWED_ELEMENTS = new Set([
  'p', 'br', 'strong', 'em', 'del', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'img',
]);

/**
 * Elements dropped together with their content: their text is code, styles or another document,
 * never prose. Any other unknown element is unwrapped (its children are kept and sanitized).
 */
const DROPPED_WITH_CONTENT = new Set([
  'script', 'style', 'template', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet',
  'noscript', 'noembed', 'noframes', 'xmp', 'plaintext', 'textarea', 'select', 'option',
  'title', 'head', 'meta', 'link', 'base', 'canvas', 'audio', 'video', 'svg', 'math',
]);

/** Attributes per element, each with a function that returns the value to set or `undefined`. */
const ALLOWED_ATTRIBUTES: Record<string, Record<string, (value: string) => string | undefined>> = {
  a: { href: (v) => safeUrl(v, 'link') },
  img: { src: (v) => safeUrl(v, 'image'), alt: (v) => v },
  th: { align: alignment },
  td: { align: alignment },
  // Lists that start at another number (`3. item`) keep their numbering.
  ol: { start: (v) => (/^\d{1,9}$/.test(v) ? v : undefined) },
};

/** What links always get: open in a new browsing context without giving it access to us. */
const LINK_ATTRIBUTES = { rel: 'noopener noreferrer', target: '_blank' } as const;

function alignment(value: string): string | undefined {
  const v = value.toLowerCase();
  return v === 'left' || v === 'center' || v === 'right' ? v : undefined;
}

/** What {@link sanitizeHtml} lets through beyond text structure. */
export interface SanitizeOptions {
  /**
   * Keep links and images (default false: a link becomes its text, an image its alt text, as the
   * basic catalog's Text allows "simple Markdown formatting … without HTML, images, or links").
   * Kept ones still pass the URL allow-list.
   */
  linksAndImages?: boolean;
}

/**
 * Parses `html` inertly and returns a fragment, owned by `doc`, holding only allow-listed content:
 * elements p, br, strong, em, del, code, pre, blockquote, ul, ol, li, a, h1–h6, hr, table, thead,
 * tbody, tr, th, td, img; attributes `a[href]` (through `safeUrl(…, 'link')`, plus
 * `rel="noopener noreferrer" target="_blank"`), `img[src]` (through `safeUrl(…, 'image')`),
 * `img[alt]`, `th/td[align]` (left|center|right) and `ol[start]` (digits). A link whose URL is
 * rejected becomes its text; an image whose URL is rejected becomes its alt text. Links and
 * images come through only with `linksAndImages` (otherwise every link is its text and every image
 * its alt text). Comments, processing instructions and non-HTML (SVG, MathML) elements never come
 * through.
 */
export function sanitizeHtml(html: string, doc: Document = document, options: SanitizeOptions = {}): DocumentFragment {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const out = doc.createDocumentFragment();
  copyChildren(parsed.body, out, doc, options.linksAndImages === true);
  return out;
}

function copyChildren(from: Node, to: Node, doc: Document, links: boolean): void {
  for (let child = from.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === Node.TEXT_NODE) {
      to.appendChild(doc.createTextNode((child as Text).data));
    } else if (child.nodeType === Node.ELEMENT_NODE) {
      copyElement(child as Element, to, doc, links);
    }
  }
}

function copyElement(el: Element, to: Node, doc: Document, links: boolean): void {
  const name = el.localName;
  if (el.namespaceURI !== HTML_NS || DROPPED_WITH_CONTENT.has(name)) return;
  if (!ALLOWED_ELEMENTS.has(name) || (name === 'a' && !links)) {
    copyChildren(el, to, doc, links);
    return;
  }
  if (name === 'img' && !links) {
    const alt = el.getAttribute('alt');
    if (alt) to.appendChild(doc.createTextNode(alt));
    return;
  }
  const copy = doc.createElement(name);
  const rules = ALLOWED_ATTRIBUTES[name] ?? {};
  for (const attr of Array.from(el.attributes)) {
    // Own-property lookup, so attribute names like `constructor` find nothing.
    const rule = Object.hasOwn(rules, attr.name) ? rules[attr.name] : undefined;
    const value = rule?.(attr.value);
    if (value !== undefined) copy.setAttribute(attr.name, value);
  }
  if (name === 'a') {
    if (!copy.hasAttribute('href')) return copyChildren(el, to, doc, links);
    for (const [k, v] of Object.entries(LINK_ATTRIBUTES)) copy.setAttribute(k, v);
  }
  if (name === 'img' && !copy.hasAttribute('src')) {
    const alt = el.getAttribute('alt');
    if (alt) to.appendChild(doc.createTextNode(alt));
    return;
  }
  copyChildren(el, copy, doc, links);
  to.appendChild(copy);
}
