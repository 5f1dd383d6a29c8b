/**
 * The lazily loaded half of `<a2ui-mcp-app>`: an `AppBridge` from `@modelcontextprotocol/ext-apps`
 * over our origin-checking transport, wired to the surface through {@link McpAppHost}. The bridge
 * gets no MCP client, so every `tools/call` passes our allowlist (`handlers.ts`); everything
 * the app sends is guarded before it reaches the host. Pages without an McpApp never load this.
 */
import { AppBridge, type McpUiHostCapabilities, type McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import { cleanCsp, permissionsParam } from './csp.ts';
import { DataSync } from './data-sync.ts';
import type { DisplayModeHost } from './display-mode.ts';
import type { DownloadAnswer } from './download-prompt.ts';
import { registerHandlers } from './handlers.ts';
import type { JsonSchema, McpAppCsp, McpAppDownloadFile, McpAppHost, McpAppPermissions, McpAppRejection } from './host.ts';
import { isPlainObject } from './json.ts';
import type { ResolvedLimits } from './limits.ts';
import { DATA_MODEL_UPDATE, type ProxySelfTest } from './protocol.ts';
import { ResourceAccess } from './resources.ts';
import { SandboxTransport } from './transport.ts';

/** Everything a session needs; the getters are read live, so allowlists can change without a reload. */
export interface SessionOptions {
  proxyWindow: () => Window | null;
  proxyOrigin: string;
  html: string;
  title: string;
  csp?: McpAppCsp;
  permissions?: McpAppPermissions;
  paths: Record<string, string>;
  allowedTools: () => readonly string[];
  allowedFunctions: () => Record<string, JsonSchema>;
  /** Server resources the app may read (exact URIs or `…/` prefixes; undefined: its own server's `ui://`). */
  allowedResources: () => readonly string[] | undefined;
  host: McpAppHost;
  hostContext: () => McpUiHostContext;
  /** Rate limits and the activation rule, sent to the proxy and enforced here too. */
  limits: ResolvedLimits;
  /** Grants (or not) the app's `ui/request-display-mode`. */
  displayMode: DisplayModeHost;
  /** Whether the page's user activation is the app's now (the host's check of activation-gated methods). */
  activated: () => boolean;
  events: SessionEvents;
}

/** What the session tells the element. */
export interface SessionEvents {
  proxyReady(selfTest: ProxySelfTest | undefined): void;
  initialized(app: { name?: string; version?: string } | undefined): void;
  sizeRequested(height: unknown): void;
  rejected(rejection: McpAppRejection): void;
  log(params: unknown): void;
  /** The app asked to be torn down (`ui/notifications/request-teardown`). */
  requestTeardown(): void;
  /** The proxy's answer to {@link McpAppSession.checkFocus}. */
  focusState(activated: boolean): void;
  /** `ui/download-file`, checked: offer the files to the user. */
  download(files: McpAppDownloadFile[]): Promise<DownloadAnswer>;
  closed(reason: string): void;
}

/** A running app. */
export interface McpAppSession {
  /** Re-reads `hostContext()`; sends the changed keys once the app is initialized. */
  updateHostContext(): void;
  /**
   * Sends `ui/resource-teardown` and closes. Resolves true when the app answered (a result or an
   * error: either way it was told), false when it did not answer within `timeoutMs`, had not
   * completed the handshake, or the session was already closed.
   */
  teardown(timeoutMs?: number): Promise<boolean>;
  /** Asks the proxy whether the app frame has a user activation (answered by `focusState`). */
  checkFocus(): void;
  /**
   * The tool call the app shows was cancelled: sends `ui/notifications/tool-cancelled` (once,
   * after the handshake and the tool input; before it, it waits for the handshake).
   */
  toolCancelled(reason?: string): void;
  /**
   * Streams the tool's arguments as they arrive (`ui/notifications/tool-input-partial`): only
   * after the handshake and before `tool-input`; otherwise dropped (partials are best-effort).
   */
  toolInputPartial(args: Record<string, unknown>): void;
  /** Stops everything at once (no message to the app). */
  close(reason?: string): void;
}

const HOST_INFO = { name: 'a2ui-elements McpApp', version: '1.0.0' };

/** Starts a session: connects the bridge and waits for the proxy to announce itself. */
export function startSession(o: SessionOptions): McpAppSession {
  let closed = false;
  const transport = new SandboxTransport(o.proxyWindow, o.proxyOrigin, {
    proxyReady: (selfTest) => {
      o.events.proxyReady(selfTest);
      const permissions = permissionsParam(o.permissions);
      const limits = o.limits;
      void bridge.sendSandboxResourceReady({ html: o.html, csp: cleanCsp(o.csp), permissions, title: o.title, limits } as never);
    },
    appGone: () => close('navigated'),
    rejected: (method, reason, code, count) =>
      o.events.rejected({ method, reason, ...(code === undefined ? {} : { code }), ...(count === undefined ? {} : { count }) }),
    focusState: (activated) => o.events.focusState(activated),
    activated: o.activated,
  }, o.limits);

  let cancelled: { reason?: string } | null = null;
  let cancelSent = false;
  const sync = new DataSync(o.host, o.paths, {
    update: (params) => void bridge.notification({ method: DATA_MODEL_UPDATE, params: params as never }),
    toolInput: (args) => void bridge.sendToolInput({ arguments: isPlainObject(args) ? args : {} }),
    // A cancelled call has no result (the spec: tool-result or tool-cancelled).
    toolResult: (result) => void (cancelSent || bridge.sendToolResult((isPlainObject(result) ? result : { content: [] }) as never)),
  });

  const resources = new ResourceAccess(o.host.appClient, o.allowedResources);
  const capabilities: McpUiHostCapabilities = {
    openLinks: {},
    downloadFile: {},
    logging: {},
    serverTools: {},
    message: { text: {}, image: {}, resource: {}, resourceLink: {} },
    sandbox: { permissions: permissionsParam(o.permissions), csp: cleanCsp(o.csp) },
    experimental: {
      'a2ui/dataModel': { keys: Object.keys(o.paths) },
      'a2ui/functions': { names: Object.keys(o.allowedFunctions()) },
    },
    ...(sync.has('modelContext') ? { updateModelContext: { text: {}, structuredContent: {} } } : {}),
    ...(resources.available ? { serverResources: {} } : {}),
  };
  const bridge = new AppBridge(null, HOST_INFO, capabilities, { hostContext: o.hostContext() });
  bridge.onerror = () => {};

  const sendCancelled = () => {
    if (!cancelled || cancelSent || closed || !transport.initialized) return;
    cancelSent = true;
    void bridge.sendToolCancelled(cancelled);
  };
  bridge.oninitialized = () => {
    sync.start();
    o.events.initialized(bridge.getAppVersion());
    sendCancelled();
  };
  bridge.onsizechange = ({ height }) => o.events.sizeRequested(height);
  bridge.onloggingmessage = (params) => o.events.log(params);
  let teardownRequested = false;
  bridge.onrequestteardown = () => {
    if (teardownRequested) return;
    teardownRequested = true;
    o.events.requestTeardown();
  };

  registerHandlers(bridge, {
    host: o.host,
    sync,
    allowedTools: o.allowedTools,
    allowedFunctions: o.allowedFunctions,
    resources,
    download: o.events.download,
    rejected: o.events.rejected,
  });
  // Answered with the mode in effect: the element grants only what the host offers.
  bridge.onrequestdisplaymode = async ({ mode }) => ({ mode: o.displayMode.requestDisplayMode(mode, bridge.getAppCapabilities()?.availableDisplayModes) });

  function close(reason = 'closed'): void {
    if (closed) return;
    closed = true;
    sync.stop();
    void bridge.close();
    o.events.closed(reason);
  }

  void bridge.connect(transport);

  return {
    updateHostContext: () => {
      if (!closed) bridge.setHostContext(o.hostContext());
    },
    async teardown(timeoutMs = 3000) {
      if (closed) return false;
      let replied = false;
      if (transport.initialized) {
        // The spec's params are `{reason}`; the SDK types them as `{}`. Our own timer decides
        // "no answer", so an error reply (a rejection) still counts as answered.
        let timer: ReturnType<typeof setTimeout> | undefined;
        const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
        const request = bridge.teardownResource({ reason: 'removed' } as never, { timeout: timeoutMs + 1000 });
        replied = await Promise.race([request.then(() => !closed, () => !closed), timeout]);
        clearTimeout(timer);
      }
      close('teardown');
      return replied;
    },
    checkFocus: () => transport.checkFocus(),
    toolInputPartial(args) {
      if (closed || !transport.initialized || sync.inputSent || cancelSent) return;
      void bridge.sendToolInputPartial({ arguments: isPlainObject(args) ? args : {} });
    },
    toolCancelled(reason) {
      cancelled ??= typeof reason === 'string' && reason ? { reason: reason.slice(0, 1000) } : {};
      sendCancelled();
    },
    close,
  };
}
