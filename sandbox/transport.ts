/**
 * The host side of the host ↔ proxy leg, as an MCP `Transport` for `AppBridge`. It replaces the
 * SDK's `PostMessageTransport`, which posts to "*" and never checks origins:
 * - inbound messages count only when `event.source` is this element's proxy window AND
 *   `event.origin` is the proxy's exact origin; outbound ones are posted to that origin only;
 * - `sandbox-*` methods are the proxy's own and never reach the bridge (except one proxy-ready);
 * - every app message is checked for its envelope (`envelope.ts`), prototype keys, non-JSON
 *   values and absurd size before the protocol library parses it, then against the app's rate
 *   limits and, for `ui/message`/`ui/open-link`/leaving inline, the user activation the element
 *   attributes to the app (the proxy checked the app frame's already; this is the second line,
 *   and the only precise one when the proxy shares the page's origin); a refused request gets a JSON-RPC error,
 *   nothing else happens; rate refusals are reported once per burst;
 * - the handshake happens once, in order: one `ui/initialize`, then one `initialized`; before that,
 *   nothing but `sandbox-resource-ready` and responses leaves, and nothing but the handshake (and
 *   `ping`) comes in: other requests get -32600, notifications are dropped.
 */
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { checkEnvelope, isId, type RawMessage } from './envelope.ts';
import { checkPayload } from './guards.ts';
import { BurstReporter, DENIED, needsActivation, RateGate, type BurstReport, type ResolvedLimits } from './limits.ts';
import {
  FOCUS_CHECK, FOCUS_STATE, INITIALIZED, INNER_NAVIGATED, INVALID_PARAMS, INVALID_REQUEST, MESSAGE_LIMITS, PROXY_READY, REJECTED,
  RESOURCE_READY, SANDBOX_PREFIX, type ProxySelfTest,
} from './protocol.ts';

/** What the transport reports besides protocol traffic. */
export interface SandboxTransportHooks {
  /** The proxy announced itself (once), with its self-test result. */
  proxyReady(selfTest: ProxySelfTest | undefined): void;
  /** The app's frame navigated away and was removed by the proxy. */
  appGone(): void;
  /** App messages were refused before reaching the bridge (`count` of them, for a burst). */
  rejected(method: string, reason: string, code?: number, count?: number): void;
  /** The proxy's answer to {@link SandboxTransport.checkFocus}. */
  focusState(activated: boolean): void;
  /** Whether the page's user activation counts as the app's (`app-activation.ts`). */
  activated(): boolean;
}

type Raw = RawMessage;

/** Extra tokens the host grants on top of the proxy's bursts, so relay delays never refuse what the proxy let through. */
const HOST_SLACK = 1;

export class SandboxTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  /** True once the app sent `ui/notifications/initialized`. */
  initialized = false;
  private initializeSeen = false;
  private proxyAnnounced = false;
  private listening = false;
  private readonly gate: RateGate<Raw>;
  private readonly bursts: BurstReporter;

  constructor(
    /** The proxy iframe's window, looked up on every message (null while there is no frame). */
    private readonly proxyWindow: () => Window | null,
    /** The proxy's exact origin. */
    private readonly proxyOrigin: string,
    private readonly hooks: SandboxTransportHooks,
    private readonly limits: ResolvedLimits,
  ) {
    this.gate = new RateGate<Raw>(limits.rates, (msg) => this.deliver(msg), HOST_SLACK);
    this.bursts = new BurstReporter((r) => this.report(r));
  }

  /** Asks the proxy whether its frame (the app's parent) has a user activation; answered through `focusState`. */
  checkFocus(): void {
    if (this.listening) this.proxyWindow()?.postMessage({ jsonrpc: '2.0', method: FOCUS_CHECK, params: {} }, this.proxyOrigin);
  }

  async start(): Promise<void> {
    if (!this.listening) window.addEventListener('message', this.listener);
    this.listening = true;
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const target = this.proxyWindow();
    if (!target || !this.listening) return;
    const method = (message as Raw).method;
    if (typeof method === 'string' && !this.initialized && method !== RESOURCE_READY) return;
    target.postMessage(message, this.proxyOrigin);
  }

  async close(): Promise<void> {
    if (!this.listening) return;
    this.listening = false;
    this.bursts.dispose();
    this.gate.dispose();
    window.removeEventListener('message', this.listener);
    this.onclose?.();
  }

  private readonly listener = (event: MessageEvent): void => {
    const source = this.proxyWindow();
    if (!source || event.source !== source || event.origin !== this.proxyOrigin) return;
    const msg = event.data as Raw;
    if (typeof msg !== 'object' || msg === null || msg.jsonrpc !== '2.0') return;
    const method = typeof msg.method === 'string' ? msg.method : '';
    if (method.startsWith(SANDBOX_PREFIX)) return this.fromProxy(method, msg.params);
    const envelope = checkEnvelope(msg);
    if (envelope) return this.refuse(msg, method, envelope.reason, envelope.code);
    const problem = checkPayload(msg, MESSAGE_LIMITS);
    if (problem) return this.refuse(msg, method, problem);
    if (needsActivation(method, msg.params) && this.limits.requireUserActivation && !this.hooks.activated()) {
      return this.deny(msg, method, 'user activation required');
    }
    if (!this.gate.admit(msg)) this.deny(msg, method, 'rate limit exceeded');
  };

  /** The handshake gate, then the bridge. */
  private deliver(msg: Raw): void {
    if (!this.listening) return;
    const method = typeof msg.method === 'string' ? msg.method : '';
    if (method === 'ui/initialize') {
      if (this.initializeSeen) return this.refuse(msg, method, 'already initialized', INVALID_REQUEST);
      this.initializeSeen = true;
    } else if (method === INITIALIZED) {
      if (this.initialized || !this.initializeSeen) return this.refuse(msg, method, 'out of handshake order');
      this.initialized = true;
    } else if (!this.initialized && method !== '' && method !== 'ping') {
      return this.refuse(msg, method, 'handshake not complete', INVALID_REQUEST);
    }
    this.onmessage?.(msg as JSONRPCMessage);
  }

  /** The proxy's own notifications (the proxy drops any `sandbox-*` coming from the app). */
  private fromProxy(method: string, params: unknown): void {
    if (method === PROXY_READY && !this.proxyAnnounced) {
      this.proxyAnnounced = true;
      const selfTest = (params as { selfTest?: ProxySelfTest } | undefined)?.selfTest;
      this.hooks.proxyReady(selfTest === 'isolated' || selfTest === 'same-origin' ? selfTest : undefined);
      this.onmessage?.({ jsonrpc: '2.0', method: PROXY_READY, params: {} });
    } else if (method === INNER_NAVIGATED) {
      this.hooks.appGone();
    } else if (method === REJECTED) {
      const r = (params ?? {}) as Partial<BurstReport>;
      if (typeof r.method !== 'string' || typeof r.reason !== 'string') return;
      const count = typeof r.count === 'number' && r.count >= 1 ? Math.floor(r.count) : 1;
      this.hooks.rejected(r.method.slice(0, 200), r.reason.slice(0, 500), typeof r.code === 'number' ? r.code : undefined, count);
    } else if (method === FOCUS_STATE) {
      this.hooks.focusState((params as { activated?: unknown } | undefined)?.activated === true);
    }
  }

  private report(r: BurstReport): void {
    this.hooks.rejected(r.method, r.reason, r.code, r.count);
  }

  /** Answers a refused request with an error (id null when the id itself was unusable). */
  private answer(msg: Raw, code: number, reason: string): boolean {
    const badId = msg.id !== undefined && !isId(msg.id);
    const isRequest = msg.method !== undefined && (isId(msg.id) || badId);
    if (isRequest || (badId && code === INVALID_REQUEST)) {
      const error = { code, message: `Message rejected: ${reason}` };
      this.proxyWindow()?.postMessage({ jsonrpc: '2.0', id: badId ? null : msg.id, error }, this.proxyOrigin);
      return true;
    }
    return false;
  }

  private refuse(msg: Raw, method: string, reason: string, code = INVALID_PARAMS): void {
    const answered = this.answer(msg, code, reason);
    this.hooks.rejected(method || 'response', reason, answered ? code : undefined);
  }

  /** A rate or activation refusal: answered one by one, reported once per burst. */
  private deny(msg: Raw, method: string, reason: string): void {
    const answered = this.answer(msg, DENIED, reason);
    this.bursts.refused(method || 'response', reason, answered ? DENIED : undefined);
  }
}
