/**
 * Where the sandbox proxy page lives. It should be a separate origin (e.g. a `sandbox.` subdomain
 * serving the package's `dist/proxy.html`, a self-contained page); the same origin as the page
 * works but is reported as weaker through the element's `securityWarning`. By default it is the
 * package's own `proxy.html`, resolved by the page's bundler as an asset of the package.
 */

/** Global sandbox settings. */
export interface SandboxConfig {
  /**
   * Directory URL serving `proxy.html`, or the proxy page's own URL (a path ending in `.html`);
   * absolute, or relative to the document. Default: the package's `proxy.html` as an asset.
   */
  baseUrl: string;
  /** How long (ms) the proxy page may take to answer, then the app its MCP Apps handshake (15,000 each). */
  timeoutMs: number;
  /**
   * Per-app proxy origins: the base URL serving `proxy.html` for the app with this `ui://` URI and
   * `_meta.ui.domain`; `undefined` keeps the default (see `origins.ts`), `null` refuses the app.
   * Pass `null` to `configureSandbox` to remove it.
   */
  originFor: ((resourceUri: string | undefined, domain: string | undefined) => string | null | undefined) | null;
}

/**
 * This module's own URL, through a variable, so that our own Vite builds leave the proxy page
 * reference below alone (Vite turns `new URL('<literal>', import.meta.url)` into an asset, which
 * library mode inlines as a `data:` URL).
 */
const moduleUrl = import.meta.url;

/**
 * The proxy page this package ships, next to this module in the sources and in the script-tag
 * build. The bundler build (`vite.config.mjs`, `proxyPageAsset`) rewrites this expression into
 * `new URL('<path of dist/proxy.html from the chunk>', import.meta.url)`, which Vite, webpack 5
 * and Rollup or Parcel with their asset support copy into the app's build as an asset and point
 * at (dist/proxy.html is self-contained for that: its script is inline).
 */
const SHIPPED_PROXY_PAGE = new URL('./proxy.html', moduleUrl).href;

/** Default: the shipped proxy page, as the page's bundler placed it (same origin as the page: works, weaker). */
const config: SandboxConfig = { baseUrl: SHIPPED_PROXY_PAGE, timeoutMs: 15_000, originFor: null };

/** Sets where every `<a2ui-mcp-app>` without its own `sandboxBaseUrl` loads the proxy from. */
export function configureSandbox(options: Partial<SandboxConfig>): void {
  if (typeof options.baseUrl === 'string' && options.baseUrl) config.baseUrl = options.baseUrl;
  if (typeof options.timeoutMs === 'number' && options.timeoutMs > 0) config.timeoutMs = options.timeoutMs;
  if (typeof options.originFor === 'function' || options.originFor === null) config.originFor = options.originFor;
}

/** The host's per-app origin mapping, if any (see {@link SandboxConfig.originFor}). */
export const originFor = (): SandboxConfig['originFor'] => config.originFor;

/** The start timeout of every `<a2ui-mcp-app>` (see {@link SandboxConfig.timeoutMs}). */
export const startTimeoutMs = (): number => config.timeoutMs;

/** The resolved proxy location for a base URL. */
export interface ProxyLocation {
  /** Proxy page URL, carrying the host origin it must talk to. */
  url: string;
  /** Exact origin every host ↔ proxy message is checked against and posted to. */
  origin: string;
  /** True when the proxy shares the page's origin (weaker isolation). */
  sameOrigin: boolean;
}

/**
 * Resolves `baseUrl` (or the global default) to the proxy page: `proxy.html` in that directory,
 * or the page itself when the path ends in `.html` (a bundler's hashed copy, say); `null` for a
 * non-http(s) URL.
 */
export function proxyLocation(baseUrl?: string): ProxyLocation | null {
  let url: URL;
  try {
    url = new URL(baseUrl || config.baseUrl, document.baseURI);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!url.pathname.endsWith('.html')) {
    if (!url.pathname.endsWith('/')) url.pathname += '/';
    url = new URL('proxy.html', url);
  }
  url.hash = '';
  url.search = new URLSearchParams({ host: location.origin }).toString();
  return { url: url.href, origin: url.origin, sameOrigin: url.origin === location.origin };
}
