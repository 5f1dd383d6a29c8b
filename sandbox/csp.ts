/**
 * What the proxy puts around an app: the Content-Security-Policy built from the resource's `csp`
 * by the MCP Apps rules, the frame's `allow` attribute (deny-all baseline plus grants), and the
 * srcdoc text with that policy injected as the first element of `<head>`.
 */
import type { McpAppCsp, McpAppPermissions } from './host.ts';

/** A declared domain: scheme, host (optionally `*.`), optional port and path. Nothing else. */
const HOST_SOURCE = /^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?(\/[^\s;,'"\\]*)?$/i;

/** Drops anything that is not a plain host source (keywords, `*`, schemes, `;` injections). */
export function cleanDomains(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return [...new Set(list.filter((d): d is string => typeof d === 'string' && HOST_SOURCE.test(d)))];
}

/** `csp` with every list cleaned: what the app actually gets (and what the host announces). */
export function cleanCsp(csp: McpAppCsp | undefined): McpAppCsp {
  const out: McpAppCsp = {};
  for (const key of ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const) {
    const list = cleanDomains(csp?.[key]);
    if (list.length) out[key] = list;
  }
  return out;
}

/**
 * The app's CSP (MCP Apps `2026-01-26`): the spec default, widened only by declared domains.
 * `resourceDomains` feed script/style/img/font/media, `connectDomains` connect-src,
 * `frameDomains` frame-src (else `'none'`), `baseUriDomains` base-uri (else `'self'`).
 * Never `'unsafe-eval'`; `object-src` and `form-action` are always `'none'`.
 */
export function buildCsp(csp: McpAppCsp | undefined): string {
  const res = cleanDomains(csp?.resourceDomains);
  const list = (base: string[], extra: string[]) => [...base, ...extra].join(' ') || "'none'";
  return [
    "default-src 'none'",
    `script-src ${list(["'self'", "'unsafe-inline'"], res)}`,
    `style-src ${list(["'self'", "'unsafe-inline'"], res)}`,
    `img-src ${list(["'self'", 'data:'], res)}`,
    `font-src ${list(["'self'"], res)}`,
    `media-src ${list(["'self'", 'data:'], res)}`,
    `connect-src ${list([], cleanDomains(csp?.connectDomains))}`,
    `frame-src ${list([], cleanDomains(csp?.frameDomains))}`,
    `base-uri ${cleanDomains(csp?.baseUriDomains).join(' ') || "'self'"}`,
    "object-src 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** Features denied unless granted; all recognised by Chromium, so no console warnings. */
const BASELINE = [
  'camera', 'microphone', 'geolocation', 'clipboard-read', 'clipboard-write', 'display-capture',
  'fullscreen', 'payment', 'usb', 'serial', 'hid', 'midi', 'publickey-credentials-get',
  'screen-wake-lock', 'xr-spatial-tracking', 'idle-detection', 'local-fonts',
  'accelerometer', 'gyroscope', 'magnetometer',
];

/** Catalog permission name → Permissions-Policy feature. */
const GRANTABLE: Record<keyof McpAppPermissions, string> = {
  camera: 'camera',
  microphone: 'microphone',
  geolocation: 'geolocation',
  clipboardWrite: 'clipboard-write',
};

/** The features `permissions` grants (`true` or an object grants; anything else does not). */
export function grantedFeatures(permissions: McpAppPermissions | undefined): Set<string> {
  const out = new Set<string>();
  for (const [key, feature] of Object.entries(GRANTABLE)) {
    const v = (permissions as Record<string, unknown> | undefined)?.[key];
    if (v === true || (v !== null && typeof v === 'object')) out.add(feature);
  }
  return out;
}

/** Denied where the browser knows them (an unknown feature would earn a console warning). */
const WHERE_SUPPORTED = ['focus-without-user-activation'];

function supported(feature: string): boolean {
  const policy = (document as { featurePolicy?: { features(): string[] } }).featurePolicy;
  return policy?.features().includes(feature) ?? false;
}

/**
 * An `allow` attribute: every baseline feature `'none'` except the granted ones (`'src'`), plus
 * `focus-without-user-activation 'none'` where the browser supports it.
 */
export function buildAllow(permissions: McpAppPermissions | undefined): string {
  const granted = grantedFeatures(permissions);
  const denied = [...BASELINE, ...WHERE_SUPPORTED.filter(supported)];
  return denied.map((f) => (granted.has(f) ? `${f} 'src'` : `${f} 'none'`)).join('; ');
}

/** Wire form of granted permissions for `sandbox-resource-ready` (each value `{}`). */
export function permissionsParam(permissions: McpAppPermissions | undefined): Record<string, object> {
  const out: Record<string, object> = {};
  for (const [key, feature] of Object.entries(GRANTABLE)) if (grantedFeatures(permissions).has(feature)) out[key] = {};
  return out;
}

/**
 * The srcdoc for an app: author CSP metas removed, `cspText` injected as the first element of
 * `<head>` so it governs everything after it. Parsed with DOMParser (inert: nothing runs or
 * loads), never rewritten with regular expressions.
 */
export function prepareSrcdoc(html: string, cspText: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const meta of doc.querySelectorAll('meta[http-equiv]')) {
    const kind = (meta.getAttribute('http-equiv') ?? '').trim().toLowerCase();
    if (kind.startsWith('content-security-policy')) meta.remove();
  }
  const meta = doc.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = cspText;
  doc.head.prepend(meta);
  const doctype = doc.doctype ? new XMLSerializer().serializeToString(doc.doctype) : '';
  return doctype + doc.documentElement.outerHTML;
}
