/**
 * Where the sandbox proxy page lives. It should be a separate origin (e.g. a `sandbox.` subdomain
 * serving `sandbox/proxy.html` and its script); the same origin as the page works but is
 * reported as weaker through the element's `securityWarning`.
 */

/** Global sandbox settings. */
export interface SandboxConfig {
  /** Directory URL serving `proxy.html` (absolute, or relative to the document). */
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
 * This module's own URL, through a variable: bundlers rewrite `new URL('<literal>', import.meta.url)`
 * as an asset reference (Vite inlined `./`, i.e. this folder's index.ts, as a `data:` URL).
 */
const moduleUrl = import.meta.url;

/** Default: the directory this module is served from (same origin as the page: works, weaker). */
const config: SandboxConfig = { baseUrl: new URL('./', moduleUrl).href, timeoutMs: 15_000, originFor: null };

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

/** Resolves `baseUrl` (or the global default) to the proxy page; `null` for a non-http(s) URL. */
export function proxyLocation(baseUrl?: string): ProxyLocation | null {
  let base: URL;
  try {
    base = new URL(baseUrl || config.baseUrl, document.baseURI);
  } catch {
    return null;
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:') return null;
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  const url = new URL('proxy.html', base);
  url.search = new URLSearchParams({ host: location.origin }).toString();
  return { url: url.href, origin: url.origin, sameOrigin: url.origin === location.origin };
}
