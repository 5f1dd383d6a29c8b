/**
 * The A2UI store: takes agent → renderer messages (objects, arrays or JSONL chunks), applies them
 * to surfaces in arrival order, and emits renderer → agent messages. Every fault becomes an
 * outbound `error`; nothing is thrown at the host, and one bad message never stops the stream.
 */
import { Signal } from 'signal-polyfill';
import { Catalog, type CatalogDefinition, type FunctionDeclaration } from './catalog/catalog.ts';
import { ComponentNode } from './component-node.ts';
import { basicCatalog } from './catalog/basic.ts';
import { A2uiError, FunctionCallError, ValidationError } from './errors.ts';
import { DataContext, type AgentCallRequest, type EvaluationKind, type Runtime } from './evaluate.ts';
import type { FunctionImplementation, HostEnvironment } from './functions/types.ts';
import { JsonlBuffer, MAX_LINE_LENGTH } from './jsonl.ts';
import { cloneJson, isObject } from './json.ts';
import { errorMessage, type ActionMessage, type OutboundMessage } from './outbound.ts';
import { applyMessage } from './messages/apply.ts';
import { protocolFor, protocolOfSurface, type ProtocolAdapter } from './messages/protocol.ts';
import { DRAFT_SURFACE_VERSION, DRAFT_WIRE_VERSION } from './draft/adapter.ts';
import { AgentCalls } from './rpc/agent-calls.ts';
import { checkAgentArgs, checkArgs, checkReturn } from './rpc/check-call.ts';
import { Surface } from './surface.ts';
import type { UserInput } from './user-input.ts';

/** Metadata an outbound message should travel with. */
export interface TransportMetadata {
  a2uiRendererDataModel?: { version: string; surfaces: Record<string, unknown> };
  /** v0.9 surfaces: the same payload under its v0.9 name. */
  a2uiClientDataModel?: { version: string; surfaces: Record<string, unknown> };
}

/** Options of a store. */
export interface StoreOptions {
  /** Catalogs to register besides the basic catalog (definitions or loaded catalogs). */
  catalogs?: Array<Catalog | CatalogDefinition>;
  /** Leave out the built-in basic catalog. */
  withoutBasicCatalog?: boolean;
  /** Locale for formatting functions; defaults to the page's language (or en-US). */
  locale?: string;
  /** Host hooks (opening links …); the elements layer passes a browser one. */
  host?: HostEnvironment;
  /** Default timeout for agent calls in ms (default 30 000; 0 = none). */
  timeoutMs?: number;
  /** Host-supplied call-id generator for agent calls. */
  callId?: (request: AgentCallRequest) => string;
  /**
   * Partial updates (default false: the spec's whole-message rule). When some components of a
   * `createSurface` / `updateComponents` fail validation, the valid ones are applied and each
   * invalid one is answered with its own `error` (spec code, JSON pointer of the bad field) and
   * shows as a placeholder until a valid definition of its id arrives. Graph faults (a cycle, a
   * composition rule) leave out the component they name, up to 32 per message (more refuse the
   * message). Envelope and data-model faults still reject their whole message. Recommended for
   * model-driven agents.
   */
  partialUpdates?: boolean;
}

/** Where and how a host runs a function call with {@link A2uiStore.execute}. */
export interface ExecuteOptions {
  surfaceId?: string;
  /** Treat the call as a user gesture (default true: the host API is imperative). */
  userActivated?: boolean;
  kind?: EvaluationKind;
  site?: string;
}

/**
 * The A2UI store: takes agent → renderer messages (objects, arrays or JSONL chunks), applies them
 * to surfaces in arrival order, and emits renderer → agent messages. Every fault becomes an
 * outbound `error`; nothing is thrown at the host, and one bad message never stops the stream.
 *
 * ```ts
 * const store = new A2uiStore({ host: browserHost });
 * store.onMessage((message, metadata) => sendToAgent(message, metadata));
 * store.process(messagesFromTheAgent); // or store.push(jsonlChunk)
 * ```
 *
 * It holds the {@link Surface}s (each with its data model and components), the catalogs their
 * components and functions come from, and the calls in flight to and from the agent; elements
 * render a surface through {@link ComponentNode}s.
 */
export class A2uiStore implements Runtime {
  readonly locale: string;
  readonly host: HostEnvironment;
  private readonly catalogs = new Map<string, Catalog>();
  private readonly surfaces = new Map<string, Surface>();
  private readonly surfaceSignals = new Map<string, Signal.State<Surface | undefined>>();
  private readonly surfaceList = new Signal.State<readonly string[]>([]);
  private readonly outbound = new Set<(m: OutboundMessage, meta: TransportMetadata) => void>();
  private readonly errors = new Set<(e: A2uiError) => void>();
  private readonly inbound = new Set<(message: unknown) => void>();
  private readonly userInput = new Set<(input: UserInput) => void>();
  private readonly jsonl = new JsonlBuffer((n) => this.lineTooLong(n));
  readonly agentCalls: AgentCalls;
  /** See {@link StoreOptions.partialUpdates}. */
  readonly partialUpdates: boolean;
  private disposed = false;

  constructor(options: StoreOptions = {}) {
    this.locale = options.locale ?? defaultLocale();
    this.host = options.host ?? {};
    this.partialUpdates = options.partialUpdates === true;
    if (!options.withoutBasicCatalog) this.registerCatalog(basicCatalog());
    for (const c of options.catalogs ?? []) this.registerCatalog(c);
    this.agentCalls = new AgentCalls(
      (call) => this.emit({ version: '1.0', callAgentFunction: cloneJson(call) }, call.surfaceId || undefined),
      (e) => this.report(e),
      { timeoutMs: options.timeoutMs, callId: options.callId, checkResult: (req, v) => checkReturn(req, v) },
    );
  }

  // ── catalogs ──────────────────────────────────────────────────────────────

  /**
   * Registers a catalog (replacing one with the same id). A definition is checked first; an
   * invalid one throws {@link CatalogError} here, at load time, the only place the store throws.
   */
  registerCatalog(catalog: Catalog | CatalogDefinition, implementations?: Record<string, FunctionImplementation>): Catalog {
    const c = catalog instanceof Catalog ? catalog : new Catalog(catalog, implementations);
    this.catalogs.set(c.id, c);
    return c;
  }

  /** The catalog with `id`. */
  catalog(id: string): Catalog | undefined {
    return this.catalogs.get(id);
  }

  /** Every registered catalog id. */
  get catalogIds(): string[] {
    return [...this.catalogs.keys()];
  }

  // ── input ─────────────────────────────────────────────────────────────────

  /**
   * Applies agent messages: one message object, an array of them, `{messages: [...]}`, or JSONL
   * text (complete lines; use {@link feed} for chunks).
   */
  process(input: unknown): void {
    if (this.disposed) return;
    if (typeof input === 'string') {
      // Complete JSONL text: its own buffer, so a fed stream's partial line is not disturbed.
      const lines = new JsonlBuffer((n) => this.lineTooLong(n));
      for (const line of [...lines.push(input), ...lines.end()]) this.processLine(line);
    } else if (Array.isArray(input)) {
      for (const m of input) this.apply(m);
    } else if (isObject(input) && Array.isArray(input.messages) && Object.keys(input).length === 1) {
      for (const m of input.messages) this.apply(m);
    } else {
      this.apply(input);
    }
  }

  /** Feeds a chunk of a JSONL stream; partial lines wait for the rest. */
  feed(chunk: string): void {
    if (this.disposed) return;
    for (const line of this.jsonl.push(chunk)) this.processLine(line);
  }

  /** Ends a JSONL stream: a last line without a newline is applied. */
  end(): void {
    if (this.disposed) return;
    for (const line of this.jsonl.end()) this.processLine(line);
  }

  private lineTooLong(length: number): void {
    this.report(new ValidationError(`A message of ${length} characters is longer than the limit of ${MAX_LINE_LENGTH}`));
  }

  private processLine(line: string): void {
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      this.report(new ValidationError(`Message is not valid JSON: ${line.slice(0, 60)}`));
      return;
    }
    this.apply(message);
  }

  private apply(message: unknown): void {
    this.notifyInbound(message);
    try {
      applyMessage(this, message);
    } catch (e) {
      // A refusal answers in the version of the message it refuses (a failed v0.9 createSurface has no surface to ask).
      const protocol = isObject(message) && typeof message.version === 'string' ? (protocolFor(message.version) ?? null) : undefined;
      this.report(e instanceof A2uiError ? e : new FunctionCallError('EXECUTION_ERROR', `Internal renderer error: ${String(e)}`), undefined, protocol);
    }
  }

  // ── surfaces ──────────────────────────────────────────────────────────────

  /** The surface with `id` (reactive: re-evaluates when it is created or deleted). */
  surface(id: string): Surface | undefined {
    // Outside a reactive computation there is nothing to notify later: no slot needed.
    if (!Signal.subtle.currentComputed()) return this.surfaces.get(id);
    return this.slot(id).get();
  }

  /** Ids of the live surfaces, in creation order (reactive). */
  get surfaceIds(): readonly string[] {
    return this.surfaceList.get();
  }

  /** @internal Adds a created surface. */
  addSurface(surface: Surface): void {
    this.surfaces.set(surface.id, surface);
    this.slot(surface.id).set(surface);
    this.surfaceList.set([...this.surfaces.keys()]);
  }

  /** @internal Removes and disposes a surface, cancelling its pending calls. */
  removeSurface(id: string): void {
    const s = this.surfaces.get(id);
    if (!s) return;
    this.agentCalls.cancelSurface(id);
    s.dispose();
    this.surfaces.delete(id);
    const slot = this.slot(id);
    slot.set(undefined);
    // Keep the slot only while something watches for this id to come back.
    if (!Signal.subtle.hasSinks(slot)) this.surfaceSignals.delete(id);
    this.surfaceList.set([...this.surfaces.keys()]);
  }

  /** @internal Non-reactive lookup. */
  peekSurface(id: string): Surface | undefined {
    return this.surfaces.get(id);
  }

  private slot(id: string): Signal.State<Surface | undefined> {
    let s = this.surfaceSignals.get(id);
    if (s) return s;
    const slot: Signal.State<Surface | undefined> = new Signal.State<Surface | undefined>(this.surfaces.get(id), {
      // A deleted surface's slot outlives the delete while an element still watches it; it goes
      // when the last watcher leaves, or every deleted id would stay in the map.
      [Signal.subtle.unwatched]: () => {
        if (!this.surfaces.has(id) && this.surfaceSignals.get(id) === slot) this.surfaceSignals.delete(id);
      },
    });
    this.surfaceSignals.set(id, slot);
    return slot;
  }

  /** @internal How many per-id surface slots are held (a leak check for tests). */
  get slotCount(): number {
    return this.surfaceSignals.size;
  }

  /** The root data context of a surface, or an isolated empty one when `surfaceId` is omitted. */
  context(surfaceId?: string): DataContext | undefined {
    if (surfaceId === undefined) return new DataContext(this, undefined, new Surface({ id: '' }).dataModel);
    const s = this.surfaces.get(surfaceId);
    return s ? new DataContext(this, s, s.dataModel) : undefined;
  }

  /**
   * A node of component `componentId` on a surface, in `context` (default: the root scope) — what
   * elements render from, and what a replay repeats user input through. Undefined without the surface.
   */
  componentNode(surfaceId: string, componentId: string, context?: DataContext): ComponentNode | undefined {
    const s = this.surfaces.get(surfaceId);
    return s ? new ComponentNode(this, s, componentId, context ?? new DataContext(this, s, s.dataModel)) : undefined;
  }

  // ── functions ─────────────────────────────────────────────────────────────

  /**
   * Runs any function call (`{"@call", "args", "catalogId"}`) and resolves with its checked value,
   * or rejects with an {@link A2uiError} (`code`, `message`, details). The Button's function
   * actions use the same path.
   */
  async execute(call: unknown, options: ExecuteOptions = {}): Promise<unknown> {
    const ctx = this.context(options.surfaceId);
    if (!ctx) throw new FunctionCallError('INVALID_FUNCTION_CALL', `Unknown surface '${options.surfaceId}'`);
    return await ctx.evaluate(call, {
      kind: options.kind ?? 'action',
      userActivated: options.userActivated ?? true,
      site: options.site,
    });
  }

  /** @internal Runtime: argument check of a declared function (schema, defaults). */
  checkArgs(catalog: Catalog, declaration: FunctionDeclaration, args: Record<string, unknown>): Record<string, unknown> {
    return checkArgs(catalog, declaration, args);
  }

  /** @internal Runtime: full argument check of a declared agent function. */
  checkAgentArgs(catalog: Catalog, declaration: FunctionDeclaration, args: Record<string, unknown>): void {
    checkAgentArgs(catalog, declaration, args);
  }

  /** @internal Runtime: routes a call to the agent. */
  callAgent(request: AgentCallRequest): Promise<unknown> {
    return this.agentCalls.call(request);
  }

  // ── output ────────────────────────────────────────────────────────────────

  /**
   * Sends an `action` to the agent (what a Button does). Adds the ISO-8601 timestamp; the context
   * is deep-copied so later data changes cannot alter a sent message.
   */
  dispatchAction(action: Omit<ActionMessage, 'timestamp'> & { timestamp?: string }): void {
    const message: ActionMessage = {
      name: action.name,
      surfaceId: action.surfaceId,
      sourceComponentId: action.sourceComponentId,
      timestamp: action.timestamp ?? new Date().toISOString(),
      context: cloneJson(action.context ?? {}),
    };
    if (action.userMessage !== undefined) message.userMessage = action.userMessage;
    if (action.metadata !== undefined) message.metadata = cloneJson(action.metadata);
    this.emit({ version: '1.0', action: message }, action.surfaceId);
  }

  /**
   * Receives every renderer → agent message, with the transport metadata it should carry
   * (`a2uiRendererDataModel` when the originating surface was created with `sendDataModel`).
   * Returns the unsubscribe.
   */
  onMessage(listener: (message: OutboundMessage, metadata: TransportMetadata) => void): () => void {
    this.outbound.add(listener);
    return () => this.outbound.delete(listener);
  }

  /** Sees every agent → renderer message before it is applied (dev tools). Returns the unsubscribe. */
  onInbound(listener: (message: unknown) => void): () => void {
    this.inbound.add(listener);
    return () => this.inbound.delete(listener);
  }

  /**
   * @internal Shows a message to the {@link onInbound} listeners without applying it (a transport
   * that applied it itself, such as the text parser adopting a streamed surface).
   */
  notifyInbound(message: unknown): void {
    callEach(this.inbound, message);
  }

  /**
   * Sees what the user does through components — binding writes and actions run — before it takes
   * effect (session recording). Returns the unsubscribe.
   */
  onUserInput(listener: (input: UserInput) => void): () => void {
    this.userInput.add(listener);
    return () => this.userInput.delete(listener);
  }

  /** @internal Called by component nodes on a user's write or gesture (built only when someone listens). */
  noteUserInput(make: () => UserInput): void {
    if (!this.userInput.size) return;
    callEach(this.userInput, make());
  }

  /** Receives every fault as a typed error value (the same faults go out as `error` messages). */
  onError(listener: (error: A2uiError) => void): () => void {
    this.errors.add(listener);
    return () => this.errors.delete(listener);
  }

  /** @internal Sends one outbound message to every listener; a throwing listener cannot break the store. */
  emit(message: OutboundMessage, surfaceId?: string, protocol?: ProtocolAdapter | null): void {
    const surface = surfaceId === undefined ? undefined : this.surfaces.get(surfaceId);
    const meta: TransportMetadata = {};
    // `protocol` overrides the surface's version (null: v1.0).
    const adapter = protocol !== undefined ? (protocol ?? undefined) : surface && surface.version !== '1.0' ? protocolOfSurface(surface.version) : undefined;
    if (adapter) {
      const down = adapter.downgrade(message);
      if (!down) return;
      message = down;
    }
    if (surface?.sendDataModel) {
      const key = (adapter?.dataModelKey ?? 'a2uiRendererDataModel') as 'a2uiRendererDataModel';
      meta[key] = { version: adapter ? message.version : '1.0', surfaces: { [surface.id]: surface.dataModel.snapshot() } };
    }
    callEach(this.outbound, message, meta);
  }

  /** @internal Reports a fault: typed listeners, then the wire `error`. */
  report(error: A2uiError, surfaceId?: string, protocol?: ProtocolAdapter | null): void {
    callEach(this.errors, error);
    this.emit({ version: '1.0', error: errorMessage(error, surfaceId) }, error.where.surfaceId ?? surfaceId, protocol);
  }

  /** `a2uiRendererCapabilities` for transport metadata. */
  capabilities(options: { inlineCatalogs?: Array<Catalog | CatalogDefinition> } = {}): Record<string, unknown> {
    const v1 = [...this.catalogs.values()].filter((c) => c.protocolVersion.startsWith('1'));
    const caps: Record<string, unknown> = { supportedCatalogIds: v1.map((c) => c.id) };
    if (options.inlineCatalogs?.length) {
      caps.inlineCatalogs = options.inlineCatalogs.map((c) => (c instanceof Catalog ? c.definition : c));
    }
    return { '1.0': caps };
  }

  /**
   * `a2uiRendererDataModel` for transport metadata: v1.0 surfaces (current and draft form) created
   * with `sendDataModel`, or null. Its version is `"v1.0"` when they are all draft surfaces.
   */
  dataModelMetadata(): { version: string; surfaces: Record<string, unknown> } | null {
    const surfaces: Record<string, unknown> = {};
    let current = false;
    for (const s of this.surfaces.values()) {
      if (!s.sendDataModel || (s.version !== '1.0' && s.version !== DRAFT_SURFACE_VERSION)) continue;
      surfaces[s.id] = s.dataModel.snapshot();
      current ||= s.version === '1.0';
    }
    return Object.keys(surfaces).length ? { version: current ? '1.0' : DRAFT_WIRE_VERSION, surfaces } : null;
  }

  /** Disposes every surface; pending calls reject with DISPOSED and later input is ignored. */
  dispose(): void {
    this.disposed = true;
    this.agentCalls.dispose();
    for (const id of [...this.surfaces.keys()]) this.removeSurface(id);
  }
}

function defaultLocale(): string {
  const nav = (globalThis as { navigator?: { language?: string } }).navigator;
  return nav?.language || 'en-US';
}

/**
 * Calls every listener of `listeners` (a copy: a listener may unsubscribe while called) with
 * `args`. A listener's fault is the host's or its tool's: the store and the other listeners go on.
 */
function callEach<A extends unknown[]>(listeners: ReadonlySet<(...args: A) => void>, ...args: A): void {
  for (const l of [...listeners]) {
    try {
      l(...args);
    } catch {
      // Deliberately ignored (see above).
    }
  }
}
