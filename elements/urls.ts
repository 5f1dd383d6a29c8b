/**
 * URL allow-listing for everything the elements put into `href` or `src`.
 *
 * Agents are untrusted: a URL from a component property or from markdown is only used after it
 * passes {@link safeUrl}. The check runs on the URL the browser would actually use, obtained with
 * the WHATWG URL parser (`new URL`), never on the raw string: the parser already strips leading
 * whitespace and control characters, removes tabs and newlines inside the scheme, and lower-cases
 * the scheme, so `" JaVa\tScRiPt:"` is seen as `javascript:` and rejected.
 *
 * @module
 */

/** Where a URL is going to be used; decides which schemes are allowed. */
export type UrlKind = 'link' | 'media' | 'image';

const WEB_PROTOCOLS = new Set(['http:', 'https:']);

/** Raster formats only: `image/svg+xml` can carry script when opened as a document. */
const DATA_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']);

/**
 * Returns the absolute, normalized URL if it is safe to use for `kind`, otherwise `undefined`.
 *
 * - every kind: `http:` and `https:` only; relative URLs are resolved against
 *   `document.baseURI` first and the result is checked; URLs with credentials
 *   (`https://user:pass@host`) are rejected because they are a phishing device.
 * - `'image'` also allows `data:` URLs of raster types (png, jpeg, gif, webp, avif), never SVG.
 * - anything that is not a string, is empty, or that the URL parser rejects, gives `undefined`.
 *
 * @example safeUrl('/a.png', 'image') // 'https://host.example/a.png'
 * @example safeUrl('javascript:alert(1)', 'link') // undefined
 */
export function safeUrl(raw: unknown, kind: UrlKind): string | undefined {
  // An empty URL would resolve to the page itself; it is never what an agent meant.
  if (typeof raw !== 'string' || raw.trim() === '') return undefined;
  const url = parse(raw);
  if (!url) return undefined;
  if (WEB_PROTOCOLS.has(url.protocol)) {
    return url.username || url.password ? undefined : url.href;
  }
  if (kind === 'image' && url.protocol === 'data:' && DATA_IMAGE_TYPES.has(dataMimeType(url))) {
    return url.href;
  }
  return undefined;
}

function parse(raw: string): URL | undefined {
  // In a worker or in Node there is no document; then only absolute URLs can pass.
  const base = globalThis.document?.baseURI;
  try {
    return base ? new URL(raw, base) : new URL(raw);
  } catch {
    return undefined;
  }
}

/** The media type of a `data:` URL (`data:<type>[;params][;base64],<data>`), lower-cased. */
function dataMimeType(url: URL): string {
  const header = url.pathname.split(',', 1)[0];
  return header.split(';', 1)[0].trim().toLowerCase();
}
