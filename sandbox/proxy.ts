/**
 * The sandbox proxy page's script (outer frame, ideally on its own origin). It only relays: it
 * talks to exactly one host origin (checked on every message, posted to that origin, never "*"),
 * renders the app once into a `sandbox="allow-scripts"` srcdoc frame under the app's CSP, accepts
 * app messages only from that frame's window with origin "null", and never originates requests.
 * Before relaying an app message it checks size and depth, user activation (`ui/message`,
 * `ui/open-link`) and the app's rate limits, so a refused message never reaches the host's
 * thread: the app gets the JSON-RPC error, the host one `sandbox-rejected` report per burst.
 * Failures are silent: a refused proxy simply never reports ready.
 */
import { buildAllow, buildCsp, prepareSrcdoc } from './csp.ts';
import { checkPayload } from './guards.ts';
import type { McpAppCsp, McpAppPermissions } from './host.ts';
import { BurstReporter, DENIED, needsActivation, RateGate, resolveLimits } from './limits.ts';
import {
  FOCUS_CHECK, FOCUS_STATE, INNER_NAVIGATED, INVALID_PARAMS, MESSAGE_LIMITS, PROXY_READY, REJECTED, RESOURCE_READY, SANDBOX_PREFIX,
  type ProxySelfTest,
} from './protocol.ts';

type Rpc = { jsonrpc: '2.0'; id?: unknown; method?: unknown; params?: unknown };

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

/** Transient user activation of this frame; a click or key press inside the app frame counts (it propagates to ancestors). */
const activated = () => navigator.userActivation?.isActive === true;

function start(host: string): void {
  let app: HTMLIFrameElement | null = null;
  let limits = resolveLimits(undefined);
  const toHost = (msg: Rpc) => window.parent.postMessage(msg, host);
  let gate = new RateGate<Rpc>(limits.rates, toHost);
  const reporter = new BurstReporter((report) => toHost({ jsonrpc: '2.0', method: REJECTED, params: report }));

  /** Why an app message must not be relayed (and the code its error gets), or null once it is relayed or held. */
  function relay(msg: Rpc): [string, number] | null {
    const size = checkPayload(msg, MESSAGE_LIMITS);
    if (size) return [size, INVALID_PARAMS];
    if (needsActivation(msg.method, msg.params) && limits.requireUserActivation && !activated()) return ['user activation required', DENIED];
    return gate.admit(msg) ? null : ['rate limit exceeded', DENIED];
  }

  function fromApp(msg: Rpc): void {
    const refusal = relay(msg);
    if (!refusal) return;
    const [reason, code] = refusal;
    const isRequest = typeof msg.method === 'string' && (typeof msg.id === 'string' || typeof msg.id === 'number');
    if (isRequest) app?.contentWindow?.postMessage({ jsonrpc: '2.0', id: msg.id, error: { code, message: `Message rejected: ${reason}` } }, '*');
    reporter.refused(typeof msg.method === 'string' ? msg.method : 'response', reason, isRequest ? code : undefined);
  }

  function render(params: { html?: unknown; csp?: McpAppCsp; permissions?: McpAppPermissions; title?: unknown; limits?: unknown }) {
    if (app || typeof params?.html !== 'string') return;
    limits = resolveLimits(params.limits);
    gate = new RateGate<Rpc>(limits.rates, toHost);
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
      else if (msg.method === FOCUS_CHECK) toHost({ jsonrpc: '2.0', method: FOCUS_STATE, params: { activated: activated() } });
      return;
    }
    if (app && event.source === app.contentWindow && event.origin === 'null' && !isSandboxMethod(msg)) fromApp(msg);
  });

  toHost({ jsonrpc: '2.0', method: PROXY_READY, params: { selfTest: selfTest() } });
}

const host = hostOrigin();
if (host) start(host);
