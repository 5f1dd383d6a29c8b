/**
 * `<a2ui-mcp-app>`: the McpApp component of the MCP catalog. Hosts an untrusted MCP App (SEP-1865
 * `ui://` HTML) in a double iframe: an outer proxy page from a configurable, ideally separate
 * origin, and inside it a `sandbox="allow-scripts"` srcdoc frame under the app's CSP. The protocol
 * code (`bridge.ts`, the ext-apps `AppBridge`) is loaded on first use.
 */
import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { keyed } from 'lit/directives/keyed.js';
import type { McpAppSession } from './bridge.ts';
import { startTimeoutMs } from './config.ts';
import { buildAllow } from './csp.ts';
import { DisplayLayer, layerPlaceholder, layerSentinel, layerStyles, layerToolbar } from './display-layer.ts';
import { appModeRefusal, offeredModes, type DisplayMode } from './display-mode.ts';
import { DownloadPrompt, downloadStyles } from './download-prompt.ts';
import type { JsonSchema, McpAppCsp, McpAppDownloadDetail, McpAppData, McpAppHost, McpAppPermissions, McpAppRejection, McpAppStatus, McpAppStatusDetail } from './host.ts';
import { AppActivation } from './app-activation.ts';
import { FocusGuard } from './focus-guard.ts';
import { deepEqual } from './json.ts';
import { placeProxy } from './origins.ts';
import { sameSite } from './site.ts';
import { BurstReporter, resolveLimits, type McpAppLimits } from './limits.ts';
import { HEIGHT_LIMITS, POINTER_QUIET_MS, SizeThrottle } from './size.ts';

/** `url_encoded:` prefix of `htmlContent` (decoded with decodeURIComponent). */
const URL_ENCODED = 'url_encoded:';

/** Decodes `htmlContent`; `null` when the encoded form is malformed. */
export function decodeHtmlContent(value: string): string | null {
  if (!value.startsWith(URL_ENCODED)) return value;
  try {
    return decodeURIComponent(value.slice(URL_ENCODED.length));
  } catch {
    return null;
  }
}

const structural = { hasChanged: (a: unknown, b: unknown) => !deepEqual(a, b) };
/** `true` / `false` as attribute values; anything else (and no attribute) is unset. */
const BOOLEAN_OR_UNSET = {
  fromAttribute: (v: string | null) => (v === 'true' ? true : v === 'false' ? false : undefined),
  toAttribute: (v: unknown) => (typeof v === 'boolean' ? String(v) : null),
};

/**
 * How long after the proxy frame's `load` its ready message may still arrive. The proxy page
 * announces itself while its module script runs, before `load`; a URL that loads without
 * announcing (a 404, a dev server's index.html, a proxy that does not serve this origin) fails
 * after this instead of the whole start timeout.
 */
export const PROXY_READY_AFTER_LOAD_MS = 1500;

/** What `mcp-app-security-warning` says for `proxy-same-origin`. */
export const SAME_ORIGIN_WARNING =
  "The sandbox proxy is on this page's origin, so the app shares the page's event loop: it can freeze or crash the page. " +
  'Serve proxy.html from a separate origin (configureSandbox({ baseUrl })).';

/** What `mcp-app-security-warning` says for `proxy-same-site`. */
export const SAME_SITE_WARNING =
  "The sandbox proxy is on another origin of this page's site (the same registrable domain). Browsers keep one site in one process " +
  "unless they isolate the app's sandboxed frame, so the app may freeze the page. Serve proxy.html from a different registrable domain.";

/**
 * @fires mcp-app-status - {@link McpAppStatusDetail} whenever `status` changes.
 * @fires mcp-app-rejected - {@link McpAppRejection}: a message from the app was refused (rate, size and focus refusals: one per burst, with `count`).
 * @fires mcp-app-security-warning - `{warning, message}`: the proxy shares the page's origin (`proxy-same-origin`) or site (`proxy-same-site`), so the app may share its event loop.
 * @fires mcp-app-request-teardown - cancelable: the app asked to be closed; unless prevented, the element tears it down and removes its frame.
 * @fires mcp-app-download - cancelable, {@link McpAppDownloadDetail}: the app offers files; unless prevented, a host-owned prompt lets the user save them.
 * @fires mcp-app-log - the app's `notifications/message` params (never written to the console).
 * @fires mcp-app-display-mode - `{mode, previous}`: the frame moved to another display mode.
 * @cssprop --a2ui-sandboxed-frame-height - frame height until the app reports its own (500px).
 * @cssprop --a2ui-sandboxed-frame-border - frame border (none; with `prefersBorder: true` 1px solid `--a2ui-color-border`).
 * @cssprop --a2ui-sandboxed-frame-border-radius - frame corner radius (0).
 * @cssprop --a2ui-sandboxed-frame-background - frame background (transparent).
 * @csspart frame - the app's sandboxed frame (the proxy iframe)
 * @csspart bordered - the frame when the resource prefers a border (`prefersBorder: true`)
 * @csspart borderless - the frame when the resource prefers none (`prefersBorder: false`)
 * @csspart layer - the frame's wrapper, lifted over the page in fullscreen and pip
 * @csspart fullscreen - the layer while full screen
 * @csspart pip - the layer while floating (picture-in-picture)
 * @csspart toolbar - the host's bar over a lifted frame: the app's name and controls
 * @csspart control - a button of the display layer (toolbar and placeholder)
 * @csspart close - Exit full screen, or Close in pip
 * @csspart back - Back to page, in pip
 * @csspart show-here - the placeholder's Show here button
 * @csspart placeholder - what stays in the page while the frame is lifted
 * @csspart error - the notice shown when the app cannot start
 * @csspart download - the download prompt (download-prompt.ts)
 * @csspart download-button - one file's save button in it
 * @csspart download-dismiss - its dismiss button
 */
export class A2uiMcpApp extends LitElement {
  static override styles = [css`
    :host { display: block; }
    .frame {
      display: block; box-sizing: border-box; width: 100%;
      height: var(--a2ui-sandboxed-frame-height, 500px);
      border: var(--a2ui-sandboxed-frame-border, none);
      border-radius: var(--a2ui-sandboxed-frame-border-radius, 0);
      background: var(--a2ui-sandboxed-frame-background, transparent);
    }
    .desc { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
    .failed {
      margin: 0; padding: var(--a2ui-space-md, 12px);
      border: 1px solid var(--a2ui-color-error, #b3261e); border-radius: var(--a2ui-radius-md, 8px);
      color: var(--a2ui-color-error, #b3261e);
    }
    :host([prefers-border='true']) .frame {
      border: var(--a2ui-sandboxed-frame-border, 1px solid var(--a2ui-color-border, #ccc));
      border-radius: var(--a2ui-sandboxed-frame-border-radius, var(--a2ui-radius-md, 8px));
    }
    :host([prefers-border='false']) .frame { border: none; background: transparent; }
  `, layerStyles, downloadStyles];

  /** The app's HTML (`url_encoded:` prefix supported). Changing it reloads the app. */
  @property({ attribute: false }) htmlContent = '';
  /** Accessible title of the frame. */
  @property({ attribute: false }) override title = '';
  /** MCP tools the app may call. */
  @property({ attribute: false, ...structural }) allowedTools: string[] = [];
  /**
   * Server resources the app may read (`resources/read`, `resources/list`) through `host.appClient`:
   * exact URIs, or prefixes ending in `/` (`ui://server/`). Unset: the app's own server's `ui://` resources.
   */
  @property({ attribute: false, ...structural }) allowedResources: string[] | undefined;
  /** Catalog functions the app may call, each with the JSON Schema its arguments must satisfy. */
  @property({ attribute: false, ...structural }) allowedFunctions: Record<string, JsonSchema> = {};
  /** App state keys bound to data-model paths. */
  @property({ attribute: false, ...structural }) data: McpAppData = { paths: {} };
  /** Domain allowlists for the app's Content-Security-Policy. */
  @property({ attribute: false, ...structural }) csp: McpAppCsp | undefined;
  /** Browser capabilities delegated to the app. */
  @property({ attribute: false, ...structural }) permissions: McpAppPermissions | undefined;
  /** `@accessibility.label`: overrides `title` as the frame's accessible name. */
  @property({ attribute: false }) accessibilityLabel: string | undefined;
  /** `@accessibility.description`. */
  @property({ attribute: false }) accessibilityDescription: string | undefined;
  /** The surface this app sits on. */
  @property({ attribute: false }) host: McpAppHost | undefined;
  /** Where `proxy.html` is served; defaults to `configureSandbox({ baseUrl })`. */
  @property({ attribute: false }) sandboxBaseUrl: string | undefined;
  /** The `ui://` URI the app came from (passed to `configureSandbox({ originFor })`). */
  @property({ attribute: false }) resourceUri: string | undefined;
  /** `_meta.ui.domain` of the app's resource: its own proxy origin (see `origins.ts`); never shared with another domain. */
  @property({ attribute: false }) domain: string | undefined;
  /** Rate limits per method family and the user-activation rule (see `limits.ts` for the defaults). Changing it reloads the app. */
  @property({ attribute: false, ...structural }) limits: McpAppLimits | undefined;
  /** Display modes the host lets the app use besides `inline` (default: all the page can show). Read live. */
  @property({ attribute: false, ...structural }) displayModes: DisplayMode[] | undefined;
  /**
   * The resource's `_meta.ui.prefersBorder`: reflected as the `prefers-border` attribute (`true` /
   * `false`) and the frame's part `bordered` / `borderless`, for the theme to style. Unset: the theme decides.
   */
  @property({ attribute: 'prefers-border', reflect: true, converter: BOOLEAN_OR_UNSET }) prefersBorder: boolean | undefined;

  /** Lifecycle: `ready` once the app completed the MCP Apps handshake; `error` is shown in place of the frame. */
  status: McpAppStatus = 'idle';
  /** Why the app is `closed` or in `error`. */
  statusReason: string | undefined;
  /**
   * Non-null when isolation is weaker than intended: `proxy-same-origin` (the proxy is on the
   * page's origin), `proxy-same-site` (another origin of the page's site, `site.ts`). Never logged.
   */
  securityWarning: string | null = null;
  /** `appInfo` the app sent in `ui/initialize`. */
  appInfo: { name?: string; version?: string } | undefined;

  @state() private proxy: { url: string; sameOrigin: boolean } | null = null;
  /** The proxy of the current session announced itself. */
  private proxyAnswered = false;
  @state() private appliedHeight: number | null = null;
  @state() private mode: DisplayMode = 'inline';
  /** Set once teardown began: the app can no longer change its display mode. */
  private modeLocked = false;
  /** When the app last changed its display mode away from inline, and when the user last put it back (`appModeRefusal`). */
  private appModeAt = -Infinity;
  private userInlineAt = -Infinity;
  private inlineHeight = 0;
  private observedLayer: Element | null = null;
  private readonly displayLayer = new DisplayLayer({
    layer: () => this.renderRoot?.querySelector<HTMLElement>('.layer') ?? null,
    frame: () => this.frame,
    exit: () => this.userToInline(),
    focusingFrame: () => this.focusGuard.admitHostFocus(),
  });
  private session: McpAppSession | null = null;
  /** `toolCancelled()` called while the bridge was still loading. */
  private cancelledBeforeStart: { reason?: string } | null = null;
  private releaseOrigin = () => {};
  private generation = 0;
  private needsStart = false;
  private startTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly downloads = new DownloadPrompt(this);
  // Held while a host prompt is open and while the user is aiming: a resize would move what they aim at.
  private readonly sizer = new SizeThrottle((h) => (this.appliedHeight = h), undefined, undefined, () =>
    this.downloads.open ? POINTER_QUIET_MS : Math.max(0, POINTER_QUIET_MS - this.activation.sincePointer()),
  );
  private readonly resizeObserver = new ResizeObserver(() => this.session?.updateHostContext());
  private readonly colorScheme = matchMedia('(prefers-color-scheme: dark)');
  private readonly onColorScheme = () => this.session?.updateHostContext();
  private readonly focusRefusals = new BurstReporter((r) => this.emit<McpAppRejection>('mcp-app-rejected', r));
  private readonly activation = new AppActivation(() => this.frame);
  private readonly focusGuard = new FocusGuard({
    activation: this.activation,
    sameOrigin: () => this.proxy?.sameOrigin === true,
    frame: () => this.frame,
    check: () => this.session?.checkFocus(),
    reporter: this.focusRefusals,
    limit: () => resolveLimits(this.limits).rates.focus,
    abusive: () => this.stop('focus-stealing'),
  });

  override connectedCallback(): void {
    super.connectedCallback();
    this.focusGuard.connect();
    this.activation.connect();
    this.displayLayer.connect();
    this.resizeObserver.observe(this);
    this.colorScheme.addEventListener('change', this.onColorScheme);
    this.needsStart = true;
    this.requestUpdate();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.focusGuard.disconnect();
    this.activation.disconnect();
    this.displayLayer.disconnect();
    this.focusRefusals.dispose();
    this.resizeObserver.disconnect();
    this.colorScheme.removeEventListener('change', this.onColorScheme);
    this.stop('disconnected');
  }

  /**
   * Sends `ui/resource-teardown` and waits for the app's reply (or `timeoutMs`), then closes.
   * Call it before removing the element: once the frame is detached nothing can reach the app.
   * Resolves true when the app answered (a result or an error reply), false when it did not
   * answer within `timeoutMs`, never completed the handshake, or there was no running app.
   */
  async teardown(timeoutMs = 3000): Promise<boolean> {
    this.modeLocked = true;
    this.setMode('inline');
    return (await this.session?.teardown(timeoutMs)) ?? false;
  }

  /** How the frame is shown now. */
  get displayMode(): DisplayMode {
    return this.mode;
  }

  /** The modes offered to the app (`availableDisplayModes`): `inline` plus those of `displayModes` the page can show. */
  get availableDisplayModes(): DisplayMode[] {
    return offeredModes(this.displayModes);
  }

  /**
   * Moves the running app's frame to `mode` if it is offered (the same frame: no reload, no new
   * session) and tells the app (`host-context-changed`). Returns the mode now in effect.
   */
  requestDisplayMode(mode: DisplayMode): DisplayMode {
    const granted = mode === 'inline' || (this.status === 'ready' && !this.modeLocked && this.availableDisplayModes.includes(mode));
    if (granted) this.setMode(mode);
    return this.mode;
  }

  /**
   * Streams the tool call's arguments while they arrive (`ui/notifications/tool-input-partial`,
   * the partial JSON repaired to an object by the host). Sent only once the app completed its
   * handshake and before the full input (`data.paths.toolInput`) went out; dropped otherwise.
   */
  toolInputPartial(args: Record<string, unknown>): void {
    this.session?.toolInputPartial(args);
  }

  /**
   * The tool call this app shows was cancelled (the user stopped it, or a newer call replaced it):
   * the app gets `ui/notifications/tool-cancelled` with `reason`, once, after its handshake.
   */
  toolCancelled(reason?: string): void {
    // Before the session exists (the bridge still loading), remember it for this app.
    if (this.session) this.session.toolCancelled(reason);
    else if (this.status === 'loading') this.cancelledBeforeStart = { reason };
  }

  /** Re-reads `host.hostContext()` (theme, locale, time zone) and tells the app what changed. */
  hostContextChanged(): void {
    this.session?.updateHostContext();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('displayModes') && this.hasUpdated) {
      // A mode taken away ends at once; the app learns the new list either way.
      if (!this.availableDisplayModes.includes(this.mode)) this.setMode('inline');
      else void this.updateComplete.then(() => this.session?.updateHostContext());
    }
    const reload = ['htmlContent', 'csp', 'permissions', 'data', 'host', 'sandboxBaseUrl', 'limits', 'resourceUri', 'domain'] as const;
    if (!this.isConnected || !(this.needsStart || reload.some((k) => changed.has(k)))) return;
    this.needsStart = false;
    void this.start();
  }

  protected override updated(): void {
    this.displayLayer.sync(this.mode);
    const layer = this.renderRoot.querySelector('.layer');
    if (layer !== this.observedLayer) {
      if (this.observedLayer) this.resizeObserver.unobserve(this.observedLayer);
      if (layer) this.resizeObserver.observe(layer);
      this.observedLayer = layer;
    }
  }

  protected override render() {
    const p = this.proxy;
    const label = this.accessibilityLabel || this.title || 'MCP App';
    const desc = this.accessibilityDescription;
    const mode = this.mode;
    const height = this.appliedHeight === null || mode !== 'inline' ? nothing : `height:${this.appliedHeight}px`;
    const border = this.prefersBorder === undefined ? '' : this.prefersBorder ? ' bordered' : ' borderless';
    // An app that cannot start says so where it would have been (role=alert: announced once).
    if (this.status === 'error') return html`<p class="failed" part="error" role="alert">${label} is unavailable: ${this.statusReason}</p>`;
    if (!p) return html`<div class="frame" part="frame${border}" role="presentation"></div>`;
    const lifted = mode !== 'inline';
    const layer = this.displayLayer;
    // The wrapper, not the frame, changes with the mode: the frame never moves in the DOM.
    return html`${layerPlaceholder(mode, label, this.inlineHeight, this.toInline)}<div
        class="layer"
        part=${lifted ? `layer ${mode}` : 'layer'}
        data-mode=${mode}
        popover=${lifted ? 'manual' : nothing}
        role=${mode === 'fullscreen' ? 'dialog' : mode === 'pip' ? 'region' : nothing}
        aria-modal=${mode === 'fullscreen' ? 'true' : nothing}
        aria-label=${lifted ? label : nothing}
        @keydown=${layer.onKeyDown}
      >${layerSentinel(mode, layer.onStartSentinel)}${layerToolbar(mode, label, { close: this.toInline, backToPage: this.backToPage })}${
        // Above the frame: nothing the app sizes sits between it and the page, so the app cannot move the buttons.
        this.downloads.render()}${this.renderFrame(p, label, desc, height, border)}${layerSentinel(mode, layer.onEndSentinel)}</div
      >${desc ? html`<span id="desc" class="desc">${desc}</span>` : nothing}`;
  }

  private readonly toInline = () => void this.userToInline();
  private readonly backToPage = () => {
    this.userToInline();
    this.scrollIntoView({ block: 'nearest' });
  };

  /** The user put the app back inline with the host's controls: the app may not undo it at once. */
  private userToInline(): void {
    if (this.mode !== 'inline') this.userInlineAt = performance.now();
    this.requestDisplayMode('inline');
  }

  /** An app's `ui/request-display-mode`: the page's offer, then what the app declared and one change per activation. */
  private appRequestsMode(mode: DisplayMode, declared: unknown): DisplayMode {
    if (mode === this.mode) return mode;
    const now = performance.now();
    const perActivation = resolveLimits(this.limits).requireUserActivation;
    const refusal = appModeRefusal(mode, { declared, appChangedAt: this.appModeAt, userReturnedAt: this.userInlineAt, perActivation, now });
    if (refusal) {
      this.emit<McpAppRejection>('mcp-app-rejected', { method: 'ui/request-display-mode', reason: refusal });
      return this.mode;
    }
    const before = this.mode;
    const granted = this.requestDisplayMode(mode);
    if (granted !== before && granted !== 'inline') this.appModeAt = now;
    return granted;
  }

  /** A new iframe per session (keyed): an old proxy document can never talk to a new session. */
  private renderFrame(p: { url: string; sameOrigin: boolean }, label: string, desc: string | undefined, height: string | typeof nothing, border: string) {
    return keyed(this.generation, html`<iframe
        class="frame"
        part="frame${border}"
        title=${label}
        aria-describedby=${desc ? 'desc' : nothing}
        src=${p.url}
        @load=${this.onFrameLoad}
        sandbox=${p.sameOrigin ? nothing : 'allow-scripts allow-same-origin'}
        allow=${buildAllow(this.permissions)}
        style=${height}
      ></iframe>`);
  }

  private get frame(): HTMLIFrameElement | null {
    return this.renderRoot?.querySelector('iframe') ?? null;
  }

  private async start(): Promise<void> {
    this.stop('reloaded');
    this.modeLocked = false;
    this.appModeAt = this.userInlineAt = -Infinity;
    const gen = ++this.generation;
    const source = decodeHtmlContent(this.htmlContent ?? '');
    if (!this.host) return this.setStatus('idle');
    if (source === null) return this.setStatus('error', 'htmlContent is not valid url_encoded text');
    if (!source) return this.setStatus('idle');
    const placed = placeProxy({ baseUrl: this.sandboxBaseUrl, resourceUri: this.resourceUri, domain: this.domain });
    if ('problem' in placed) return this.setStatus('error', placed.problem);
    const loc = placed.location;
    this.releaseOrigin = placed.release;
    this.setStatus('loading');
    this.setSecurityWarning(loc.sameOrigin ? 'proxy-same-origin' : sameSite(loc.origin, location.origin) ? 'proxy-same-site' : null);
    this.focusGuard.reset();
    let startSession: typeof import('./bridge.ts').startSession;
    try {
      ({ startSession } = await import('./bridge.ts'));
    } catch {
      if (gen === this.generation) this.setStatus('error', 'the MCP Apps bridge could not be loaded');
      return;
    }
    if (gen !== this.generation || !this.isConnected) return;
    const host = this.host;
    const label = this.accessibilityLabel || this.title || 'MCP App';
    this.session = startSession({
      proxyWindow: () => this.frame?.contentWindow ?? null,
      proxyOrigin: loc.origin,
      html: source,
      title: label,
      csp: this.csp,
      permissions: this.permissions,
      paths: { ...(this.data?.paths ?? {}) },
      allowedTools: () => (Array.isArray(this.allowedTools) ? this.allowedTools : []),
      allowedFunctions: () => this.allowedFunctions ?? {},
      allowedResources: () => this.allowedResources,
      host,
      hostContext: () => this.hostContext(),
      limits: resolveLimits(this.limits),
      displayMode: { requestDisplayMode: (mode, declared) => (gen === this.generation ? this.appRequestsMode(mode, declared) : 'inline') },
      // With the proxy on the page's origin, the page's activation reaches the proxy: only the user's way into the app counts.
      activated: () => (loc.sameOrigin ? this.activation.sameOriginActivated() : navigator.userActivation?.isActive === true),
      events: {
        proxyReady: (selfTest) => {
          this.proxyAnswered = true;
          this.failAfter(gen, 'the app did not complete the MCP Apps handshake');
          if (selfTest === 'same-origin') this.setSecurityWarning('proxy-same-origin');
        },
        initialized: (app) => {
          clearTimeout(this.startTimer);
          this.appInfo = app;
          this.setStatus('ready');
        },
        sizeRequested: (h) => this.sizer.request(h),
        rejected: (r) => this.emit<McpAppRejection>('mcp-app-rejected', r),
        log: (params) => this.emit('mcp-app-log', params),
        focusState: (activated) => this.focusGuard.answer(activated),
        download: (files) => (gen === this.generation ? this.downloads.offer(files, label) : Promise.resolve('declined')),
        requestTeardown: () => {
          if (gen !== this.generation) return;
          const event = new CustomEvent('mcp-app-request-teardown', { detail: {}, bubbles: true, composed: true, cancelable: true });
          if (!this.dispatchEvent(event)) return;
          void this.teardown().then(() => gen === this.generation && this.stop('requested'));
        },
        closed: (reason) => {
          if (gen !== this.generation || reason === 'reloaded') return;
          this.downloads.close();
          this.releaseOrigin();
          this.setStatus(reason === 'navigated' || reason === 'focus-stealing' ? 'error' : 'closed', reason);
        },
      },
    });
    if (this.cancelledBeforeStart) this.session.toolCancelled(this.cancelledBeforeStart.reason);
    this.failAfter(gen, `the sandbox proxy at ${proxyPage(loc.url)} did not respond`);
    this.proxy = { url: loc.url, sameOrigin: loc.sameOrigin };
  }

  /** Unless session `gen` is `ready` by then, ends it after `ms` (the start timeout) with status `error` (`code` TIMEOUT unless `timeout` is false). */
  private failAfter(gen: number, reason: string, ms = startTimeoutMs(), timeout = true): void {
    clearTimeout(this.startTimer);
    this.startTimer = setTimeout(() => {
      if (gen !== this.generation || this.status !== 'loading') return;
      this.generation++; // the closing session's `closed` event is no longer this one's
      this.stop('timeout');
      this.setStatus('error', reason, timeout ? 'TIMEOUT' : undefined);
    }, ms);
  }

  /** The proxy frame loaded: unless it announced itself (now or in a moment), it is not the proxy page. */
  private readonly onFrameLoad = () => {
    const url = this.proxy?.url;
    if (this.proxyAnswered || this.status !== 'loading' || !url) return;
    const reason = `the sandbox proxy URL ${proxyPage(url)} loaded a page that is not the A2UI proxy (a 404, another page at that URL, or a proxy that does not serve this origin)`;
    this.failAfter(this.generation, reason, PROXY_READY_AFTER_LOAD_MS, false);
  };

  private stop(reason: string): void {
    clearTimeout(this.startTimer);
    this.proxyAnswered = false;
    this.cancelledBeforeStart = null;
    this.sizer.dispose();
    const session = this.session;
    this.session = null;
    session?.close(reason);
    this.setMode('inline');
    this.downloads.close();
    this.releaseOrigin();
    this.proxy = null;
    this.appliedHeight = null;
  }

  private hostContext() {
    const own = this.host?.hostContext?.() ?? {};
    const mode = this.mode;
    const box = (mode === 'inline' ? this : this.frame ?? this).getBoundingClientRect();
    const width = Math.round(box.width);
    return {
      theme: own.theme ?? (this.colorScheme.matches ? ('dark' as const) : ('light' as const)),
      locale: own.locale ?? navigator.language,
      timeZone: own.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
      displayMode: mode,
      availableDisplayModes: this.availableDisplayModes,
      // Lifted, the frame's size is the host's: fixed. Inline, the app picks its height up to the limit.
      containerDimensions: mode === 'inline' ? { width, maxHeight: HEIGHT_LIMITS.max } : { width, height: Math.round(box.height) },
      platform: 'web' as const,
    };
  }

  private setMode(mode: DisplayMode): void {
    const previous = this.mode;
    if (mode === previous) return;
    if (previous === 'inline') this.inlineHeight = Math.round(this.frame?.getBoundingClientRect().height ?? 0);
    this.mode = mode;
    // Tell the app once the frame has its new size.
    void this.updateComplete.then(() => this.session?.updateHostContext());
    this.emit('mcp-app-display-mode', { mode, previous });
  }

  private setStatus(status: McpAppStatus, reason?: string, code?: 'TIMEOUT'): void {
    if (this.status === status && this.statusReason === reason) return;
    this.status = status;
    this.statusReason = reason;
    this.requestUpdate();
    this.emit<McpAppStatusDetail>('mcp-app-status', code ? { status, reason, code } : { status, reason });
  }

  private setSecurityWarning(warning: 'proxy-same-origin' | 'proxy-same-site' | null): void {
    if (warning === this.securityWarning) return;
    this.securityWarning = warning;
    if (warning) this.emit('mcp-app-security-warning', { warning, message: warning === 'proxy-same-site' ? SAME_SITE_WARNING : SAME_ORIGIN_WARNING });
  }

  private emit<T>(type: string, detail: T): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}

/** The proxy page's URL without its query (the `host` parameter is ours, not the page's to fix). */
const proxyPage = (url: string): string => url.split('?')[0]!;

declare global {
  interface HTMLElementTagNameMap {
    'a2ui-mcp-app': A2uiMcpApp;
  }
}
