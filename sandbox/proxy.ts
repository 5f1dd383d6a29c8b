/**
 * The sandbox proxy page's script (outer frame, ideally on its own origin). It only relays: it
 * talks to exactly one host origin (checked on every message, posted to that origin, never "*"),
 * renders the app once into a `sandbox="allow-scripts"` srcdoc frame under the app's CSP, accepts
 * app messages only from that frame's window with origin "null", and never originates requests.
 * Failures are silent: a refused proxy simply never reports ready.
 */
import { buildAllow, buildCsp, prepareSrcdoc } from './csp.ts';
import type { McpAppCsp, McpAppPermissions } from './host.ts';
import { INNER_NAVIGATED, PROXY_READY, RESOURCE_READY, SANDBOX_PREFIX, type ProxySelfTest } from './protocol.ts';

type Rpc = { jsonrpc: '2.0'; method?: unknown; params?: unknown };

const isRpc = (d: unknown): d is Rpc => typeof d === 'object' && d !== null && (d as Rpc).jsonrpc === '2.0';
const isSandboxMethod = (m: Rpc) => typeof m.method === 'string' && m.method.startsWith(SANDBOX_PREFIX);

/**
 * The one origin this proxy serves: the `host` query parameter, which must agree with the real
 * parent origin where the browser exposes it (`location.ancestorOrigins`) and, when the page lists
 * allowed hosts in `<meta name="a2ui-sandbox-host-origins">`, be one of them.
 */
function hostOrigin(): string | null {
  if (window.parent === window) return null;
  const claimed = new URLSearchParams(location.search).get('host');
  const actual = location.ancestorOrigins?.[0];
  const origin = actual && actual !== 'null' ? actual : claimed;
  if (!origin || (claimed && origin !== claimed)) return null;
  try {
    if (new URL(origin).origin !== origin) return null;
  } catch {
    return null;
  }
  const listed = document.querySelector('meta[name="a2ui-sandbox-host-origins"]')?.getAttribute('content');
  const allowed = listed?.split(/[\s,]+/).filter(Boolean) ?? [];
  return allowed.length === 0 || allowed.includes(origin) ? origin : null;
}

/** Startup self-test: can this page reach the top window's document? (No dialogs, no console.) */
function selfTest(): ProxySelfTest {
  try {
    return window.top?.document ? 'same-origin' : 'isolated';
  } catch {
    return 'isolated';
  }
}

function start(host: string): void {
  let app: HTMLIFrameElement | null = null;
  const toHost = (msg: Rpc) => window.parent.postMessage(msg, host);

  function render(params: { html?: unknown; csp?: McpAppCsp; permissions?: McpAppPermissions; title?: unknown }) {
    if (app || typeof params?.html !== 'string') return;
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.setAttribute('allow', buildAllow(params.permissions));
    if (typeof params.title === 'string') frame.title = params.title;
    frame.srcdoc = prepareSrcdoc(params.html, buildCsp(params.csp));
    let loads = 0;
    // A second load means the app navigated its frame away from the srcdoc: stop relaying to it.
    frame.addEventListener('load', () => {
      if (++loads < 2 || app !== frame) return;
      frame.remove();
      app = null;
      toHost({ jsonrpc: '2.0', method: INNER_NAVIGATED, params: {} });
    });
    app = frame;
    document.body.append(frame);
  }

  window.addEventListener('message', (event) => {
    const msg: unknown = event.data;
    if (!isRpc(msg)) return;
    if (event.source === window.parent && event.origin === host) {
      if (!isSandboxMethod(msg)) app?.contentWindow?.postMessage(msg, '*'); // opaque origin: "*" is the only target
      else if (msg.method === RESOURCE_READY) render(msg.params as Parameters<typeof render>[0]);
      return;
    }
    if (app && event.source === app.contentWindow && event.origin === 'null' && !isSandboxMethod(msg)) toHost(msg);
  });

  toHost({ jsonrpc: '2.0', method: PROXY_READY, params: { selfTest: selfTest() } });
}

const host = hostOrigin();
if (host) start(host);
