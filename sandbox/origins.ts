/**
 * Per-app proxy origins (`_meta.ui.domain` of MCP Apps). Where an app's proxy runs, in order:
 * the host's `configureSandbox({ originFor(resourceUri, domain) })` answer (a base URL; `null`
 * refuses the app); else, for an app that declares `domain`, that host name in place of the base
 * URL's host (it must be a subdomain of it: `abc.sandbox.example.com` under
 * `https://sandbox.example.com/a2ui/`; anything else refuses the app rather than run it on a
 * shared origin); else the base URL. Within a page an origin serves one domain only (apps
 * without a domain count as one): a second app whose domain differs from the origin's current
 * one is refused, so two apps with different domains never share an origin.
 */
import { originFor, proxyLocation, type ProxyLocation } from './config.ts';

/** A DNS host name in canonical form (lower case, labels of letters, digits and inner hyphens). */
const HOST_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const IP_LITERAL = /^(?:\d+\.){3}\d+$|^\[/;

/** What the element knows about the app's resource. */
export interface AppIdentity {
  /** The element's `sandboxBaseUrl` (else the configured base URL). */
  baseUrl?: string;
  /** The `ui://` URI the app's HTML came from. */
  resourceUri?: string;
  /** `_meta.ui.domain` of that resource. */
  domain?: string;
}

/** Where the app's proxy runs, and how to give the origin back; or why the app cannot run. */
export type Placement = { location: ProxyLocation; release(): void } | { problem: string };

/** Live claims: origin → the domain it serves ('' for apps without one) and how many apps use it. */
const claims = new Map<string, { domain: string; count: number }>();

/** The base URL for `app`, or why there is none. */
function baseFor(app: AppIdentity): { url?: string } | { problem: string } {
  const mapped = originFor();
  if (mapped) {
    let answer: string | null | undefined;
    try {
      answer = mapped(app.resourceUri, app.domain);
    } catch {
      return { problem: 'the host could not place this app (originFor threw)' };
    }
    if (answer === null) return { problem: 'the host serves no origin for this app' };
    if (typeof answer === 'string' && answer) return { url: answer };
  }
  if (app.domain === undefined || app.domain === '') return { url: app.baseUrl };
  const base = proxyLocation(app.baseUrl);
  const baseHost = base && new URL(base.url).hostname;
  const domain = app.domain;
  if (!base || !baseHost || IP_LITERAL.test(baseHost) || !HOST_NAME.test(domain) || !domain.endsWith(`.${baseHost}`)) {
    return { problem: `its domain ${JSON.stringify(domain.slice(0, 100))} is not served by this host` };
  }
  const url = new URL(base.url);
  url.hostname = domain;
  url.search = '';
  // The page itself, on the app's subdomain (a bundler's copy of the page has a name of its own).
  return { url: url.href };
}

/** Resolves and claims the proxy origin of one app. */
export function placeProxy(app: AppIdentity): Placement {
  const base = baseFor(app);
  if ('problem' in base) return base;
  const location = proxyLocation(base.url);
  if (!location) return { problem: 'sandbox base URL must be http(s)' };
  const domain = app.domain ?? '';
  const claim = claims.get(location.origin);
  if (claim && claim.domain !== domain) return { problem: `its proxy origin ${location.origin} already serves another app's domain` };
  if (claim) claim.count++;
  else claims.set(location.origin, { domain, count: 1 });
  let released = false;
  return {
    location,
    release() {
      const c = claims.get(location.origin);
      if (released || !c) return;
      released = true;
      if (--c.count === 0) claims.delete(location.origin);
    },
  };
}
