/**
 * The host side of the host ↔ proxy leg, as an MCP `Transport` for `AppBridge`. It replaces the
 * SDK's `PostMessageTransport`, which posts to "*" and never checks origins:
 * - inbound messages count only when `event.source` is this element's proxy window AND
 *   `event.origin` is the proxy's exact origin; outbound ones are posted to that origin only;
 * - `sandbox-*` methods are the proxy's own and never reach the bridge (except one proxy-ready);
 * - every app message is checked for prototype keys, non-JSON values and absurd size before the
 *   protocol library parses it; a refused request gets a JSON-RPC error, nothing else happens;
 * - the handshake happens once, in order: one `ui/initialize`, then one `initialized`; before that,
 *   nothing but `sandbox-resource-ready` and responses leaves, and nothing but the handshake (and
 *   `ping`) comes in: other requests get -32600, notifications are dropped.
 */
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { checkPayload } from './guards.ts';
import {
  INITIALIZED, INNER_NAVIGATED, INVALID_PARAMS, INVALID_REQUEST, MESSAGE_LIMITS, PROXY_READY, RESOURCE_READY, SANDBOX_PREFIX,
  type ProxySelfTest,
} from './protocol.ts';

/** What the transport reports besides protocol traffic. */
export interface SandboxTransportHooks {
  /** The proxy announced itself (once), with its self-test result. */
  proxyReady(selfTest: ProxySelfTest | undefined): void;
  /** The app's frame navigated away and was removed by the proxy. */
  appGone(): void;
  /** An app message was refused before reaching the bridge. */
  rejected(method: string, reason: string, code?: number): void;
}

type Raw = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown };

export class SandboxTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  /** True once the app sent `ui/notifications/initialized`. */
  initialized = false;
  private initializeSeen = false;
  private proxyAnnounced = false;
  private listening = false;

  constructor(
    /** The proxy iframe's window, looked up on every message (null while there is no frame). */
    private readonly proxyWindow: () => Window | null,
    /** The proxy's exact origin. */
    private readonly proxyOrigin: string,
    private readonly hooks: SandboxTransportHooks,
  ) {}

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
    const problem = checkPayload(msg, MESSAGE_LIMITS);
    if (problem) return this.refuse(msg, method, problem);
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
  };

  /** The proxy's own notifications (the proxy drops any `sandbox-*` coming from the app). */
  private fromProxy(method: string, params: unknown): void {
    if (method === PROXY_READY && !this.proxyAnnounced) {
      this.proxyAnnounced = true;
      const selfTest = (params as { selfTest?: ProxySelfTest } | undefined)?.selfTest;
      this.hooks.proxyReady(selfTest === 'isolated' || selfTest === 'same-origin' ? selfTest : undefined);
      this.onmessage?.({ jsonrpc: '2.0', method: PROXY_READY, params: {} });
    } else if (method === INNER_NAVIGATED) {
      this.hooks.appGone();
    }
  }

  private refuse(msg: Raw, method: string, reason: string, code = INVALID_PARAMS): void {
    const isRequest = method !== '' && (typeof msg.id === 'string' || typeof msg.id === 'number');
    this.hooks.rejected(method || 'response', reason, isRequest ? code : undefined);
    if (!isRequest) return;
    const target = this.proxyWindow();
    const error = { code, message: `Message rejected: ${reason}` };
    target?.postMessage({ jsonrpc: '2.0', id: msg.id, error }, this.proxyOrigin);
  }
}
