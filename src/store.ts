/**
 * The A2UI store: takes agent → renderer messages (objects, arrays or JSONL chunks), applies them
 * to surfaces in arrival order, and emits renderer → agent messages. Every fault becomes an
 * outbound `error`; nothing is thrown at the host, and one bad message never stops the stream.
 */
import { Catalog, type CatalogDefinition } from './catalog/catalog.ts';
import { ComponentNode } from './component-node.ts';
import { basicCatalog } from './catalog/basic.ts';
import { A2uiError, FunctionCallError, ValidationError } from './errors.ts';
import { DataContext, type AgentCallRequest, type EvaluationKind, type Runtime } from './evaluate.ts';
import type { FunctionImplementation, HostEnvironment } from './functions/types.ts';
import { JsonlBuffer, MAX_LINE_LENGTH } from './jsonl.ts';
import { cloneJson, isObject } from './json.ts';
import { Listeners } from './listeners.ts';
import type { MessageContext } from './messages/context.ts';
import { applyMessage } from './messages/apply.ts';
import type { ActionMessage, OutboundMessage } from './outbound.ts';
import { Outbox, type ActionInit, type TransportMetadata } from './outbox.ts';
import { protocolFor } from './protocols.ts';
import { schemaValidator } from './schema/validate.ts';
import { afterFailedLoad, LoadPending } from './lazy.ts';
import type { AgentCallOptions, AgentCalls } from './rpc/agent-calls.ts';
import { functionCallHandlers, NO_AGENT_CALLS, type PendingAgentCalls } from './rpc/on-demand.ts';
import { checkAgentArgs, checkArgs, checkReturn } from './rpc/check-call.ts';
import { bindInternals } from './store-internals.ts';
import { Surface } from './surface.ts';
import { SurfaceRegistry } from './surface-registry.ts';
import type { UserInput } from './user-input.ts';

export type { ActionInit, TransportMetadata } from './outbox.ts';

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
   *
   * An unknown value of an enum that only chooses presentation (the basic catalog's Text, Image
   * and Button `variant`, Image `fit`, Row / Column / List `justify` / `align` / `direction`,
   * Divider `axis`, ChoicePicker `variant` / `displayStyle`, where the catalog declares a
   * `default`) does not cost the component: it is shown with that property's default, and the
   * agent still gets one `error` with the property's path ("…; shown with the default 'body'").
   * Enums that change what a component does or hides (TextField `variant`, Icon `name`) and
   * every other fault are refused as above. Without this option, and in v0.9 strict mode
   * (`enableV09(store, { strict: true })`), such a value refuses the message as the spec says.
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
 * The A2UI store: one per conversation with an agent. It takes agent → renderer messages (objects,
 * arrays or JSONL chunks), applies them to surfaces in arrival order, and emits renderer → agent
 * messages. Every fault becomes a typed error ({@link onError}) and an outbound `error`; nothing
 * is thrown at the host, and one bad message never stops the stream.
 *
 * ```ts
 * const store = new A2uiStore({ host: browserHost });
 * // sendToAgent from 'a2ui-elements/transport': POSTs {messages, metadata} as JSON, feeds the answer back
 * store.onMessage((message, metadata) => void sendToAgent(store, '/agent', message, { metadata }));
 * store.process(messagesFromTheAgent); // or store.feed(jsonlChunk)
 * ```
 *
 * It holds the {@link Surface}s (each with its data model and components), the catalogs their
 * components and functions come from, and the calls in flight to and from the agent; elements
 * render a surface through {@link ComponentNode}s. The store itself is wiring: surfaces live in a
 * {@link SurfaceRegistry}, messages leave through the {@link Outbox}, and the message handlers
 * (`messages/`) see only their `MessageContext`.
 */
export class A2uiStore {
  readonly locale: string;
  readonly host: HostEnvironment;
  /** See {@link StoreOptions.partialUpdates}. */
  readonly partialUpdates: boolean;
  private readonly catalogs = new Map<string, Catalog>();
  private readonly surfaces = new SurfaceRegistry((id) => this.calls?.cancelSurface(id));
  private readonly outbox = new Outbox(this.surfaces);
  private readonly inbound = new Listeners<[unknown]>();
  private readonly userInput = new Listeners<[UserInput]>();
  /** What evaluation needs (`DataContext.runtime`). */
  private readonly runtime: Runtime;
  /** What the message handlers need. */
  private readonly handlers: MessageContext;
  private readonly jsonl = new JsonlBuffer((n) => this.lineTooLong(n));
  /**
   * Messages held while a piece the first of them needs loads (the schema validator, its
   * explanations, the draft rules: that message is applied again once it is there, then the ones
   * after it, in order); undefined when none are held.
   */
  private held: unknown[] | undefined;
  /** Resolves the promise of `settled()` once nothing is held. */
  private drained: { promise: Promise<void>; resolve: () => void } | undefined;
  private disposed = false;
  /** The renderer → agent calls, made with the first of them (their code loads on first use: `functionCallHandlers`). */
  private calls: AgentCalls | undefined;
  private readonly callOptions: AgentCallOptions;

  constructor(options: StoreOptions = {}) {
    this.locale = options.locale ?? defaultLocale();
    this.host = options.host ?? {};
    this.partialUpdates = options.partialUpdates === true;
    // Fetched while the page waits for its first message; a failed load is retried by the first message.
    schemaValidator.load().catch(() => undefined);
    if (!options.withoutBasicCatalog) this.registerCatalog(basicCatalog());
    for (const c of options.catalogs ?? []) this.registerCatalog(c);
    const outbox = this.outbox;
    this.callOptions = { timeoutMs: options.timeoutMs, callId: options.callId, checkResult: (req, v) => checkReturn(req, v) };
    const catalog = (id: string) => this.catalogs.get(id);
    this.runtime = {
      catalog,
      locale: this.locale,
      host: this.host,
      checkArgs,
      checkAgentArgs,
      // Sent at once when the calls' code is there; else once it has arrived, before what is sent meanwhile.
      callAgent: (request) => outbox.after(functionCallHandlers, () => this.callTable().call(request)),
    };
    this.handlers = {
      surfaces: this.surfaces,
      outbox,
      agentCalls: () => this.callTable(),
      protocolHost: this,
      partialUpdates: this.partialUpdates,
      catalog,
      catalogIds: () => this.catalogIds,
      dataContext: (surfaceId) => this.context(surfaceId),
    };
    bindInternals(this, {
      surfaces: this.surfaces,
      outbox,
      notifyInbound: (message) => this.inbound.call(message),
      noteUserInput: (make) => {
        if (this.userInput.size) this.userInput.call(make());
      },
      holds: () => this.held !== undefined,
    });
  }

  // ── catalogs ──────────────────────────────────────────────────────────────

  /**
   * Registers a catalog (replacing one with the same id). A definition is checked first; an
   * invalid one throws {@link CatalogError} here, at load time, the only place the store throws.
   */
  registerCatalog(catalog: Catalog | CatalogDefinition, implementations?: Record<string, FunctionImplementation>): Catalog {
    const c = catalog instanceof Catalog ? catalog : new Catalog(catalog, implementations);
    this.catalogs.set(c.id, c);
    // A function without a body is the agent's: the code that calls it loads now, before the first call.
    if (c.functionNames.some((name) => !c.function(name)!.implementation)) functionCallHandlers.load().catch(() => undefined);
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

  /**
   * The renderer → agent calls awaiting an answer: their ids, and cancel. None before the first
   * call, which loads their code (`functionCallHandlers`).
   */
  get agentCalls(): PendingAgentCalls {
    return this.calls ?? NO_AGENT_CALLS;
  }

  /** The call table, made on first use, once its code is there. @throws LoadPending before. */
  private callTable(): AgentCalls {
    if (!this.calls) {
      const outbox = this.outbox;
      this.calls = new (functionCallHandlers.need().AgentCalls)(
        (call) => outbox.emit({ version: '1.0', callAgentFunction: cloneJson(call) }, call.surfaceId || undefined),
        (e) => this.report(e),
        this.callOptions,
      );
      if (this.disposed) this.calls.dispose();
    }
    return this.calls;
  }

  // ── input ─────────────────────────────────────────────────────────────────

  /**
   * Applies agent messages: one message object, an array of them, `{messages: [...]}`, or JSONL
   * text (complete lines; use {@link feed} for chunks). With the package's Node and bundler entries
   * every message is applied before `process` returns: the surface, its components, its data and
   * every outbound `error` are there, draft v1.0 included. In the script-tag file, a message that
   * needs a piece most pages never load (the draft rules, the regex checker, a rare function) is
   * requested the moment it arrives and applied once the piece is there, with the messages after
   * it, in order: `await store.settled()` waits for that.
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

  private apply(message: unknown, received = false): void {
    if (!received) this.inbound.call(message);
    if (this.held) {
      this.held.push(message);
      return;
    }
    try {
      applyMessage(this.handlers, message);
    } catch (e) {
      if (e instanceof LoadPending) return this.hold(message, e.loading);
      // A refusal answers in the version of the message it refuses (a failed v0.9 createSurface has no surface to ask).
      const form = isObject(message) && typeof message.version === 'string' ? (protocolFor(message.version) ?? null) : undefined;
      const error = e instanceof A2uiError ? e : new FunctionCallError('EXECUTION_ERROR', `Internal renderer error: ${String(e)}`);
      this.outbox.answering(form, () => this.report(error));
    }
  }

  /**
   * A message that needs a piece still loading (the schema validator, its explanations, the draft
   * adapter) waits for it, and later messages wait behind it (so they apply in order). After a
   * failed load it is applied once more with the piece reporting its failure (a refusal, an error).
   */
  private hold(message: unknown, loading: Promise<unknown>): void {
    this.held = [message];
    if (!this.drained) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      this.drained = { promise, resolve };
    }
    const release = (apply: (m: unknown) => void): void => {
      const [first, ...rest] = this.held!;
      this.held = undefined;
      if (!this.disposed) {
        apply(first);
        for (const m of rest) this.apply(m, true); // held again if one of them needs another load
      }
      if (!this.held || this.disposed) {
        this.drained?.resolve();
        this.drained = undefined;
      }
    };
    loading.then(
      () => release((m) => this.apply(m, true)),
      () => release((m) => afterFailedLoad(() => this.apply(m, true))),
    );
  }

  /**
   * Resolves once every message given so far is applied: at once unless a message waits for a
   * piece still loading (only in the script-tag file; see {@link process}). The one way to wait.
   *
   * ```ts
   * store.process(messages);
   * await store.settled(); // components, data and errors are all there now
   * ```
   */
  settled(): Promise<void> {
    return this.drained?.promise ?? Promise.resolve();
  }

  // ── surfaces ──────────────────────────────────────────────────────────────

  /** The surface with `id` (reactive: re-evaluates when it is created or deleted). */
  surface(id: string): Surface | undefined {
    return this.surfaces.get(id);
  }

  /** The surface with `id`, without tracking (what code outside a reactive render reads). */
  peekSurface(id: string): Surface | undefined {
    return this.surfaces.peek(id);
  }

  /** Ids of the live surfaces, in creation order (reactive). */
  get surfaceIds(): readonly string[] {
    return this.surfaces.ids;
  }

  /** The root data context of a surface, or an isolated empty one when `surfaceId` is omitted. */
  context(surfaceId?: string): DataContext | undefined {
    if (surfaceId === undefined) return new DataContext(this.runtime, undefined, new Surface({ id: '' }).dataModel);
    const s = this.surfaces.peek(surfaceId);
    return s ? new DataContext(this.runtime, s, s.dataModel) : undefined;
  }

  /**
   * A node of component `componentId` on a surface, in `context` (default: the root scope) — what
   * elements render from, and what a replay repeats user input through. Undefined without the surface.
   */
  componentNode(surfaceId: string, componentId: string, context?: DataContext): ComponentNode | undefined {
    const s = this.surfaces.peek(surfaceId);
    return s ? new ComponentNode(this, s, componentId, context ?? new DataContext(this.runtime, s, s.dataModel)) : undefined;
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

  // ── output ────────────────────────────────────────────────────────────────

  /**
   * Sends an `action` to the agent (what a Button does). Adds the ISO-8601 timestamp; the context
   * is deep-copied so later data changes cannot alter a sent message.
   */
  dispatchAction(action: ActionInit): void {
    const message: ActionMessage = {
      name: action.name,
      surfaceId: action.surfaceId,
      sourceComponentId: action.sourceComponentId,
      timestamp: action.timestamp ?? new Date().toISOString(),
      context: cloneJson(action.context ?? {}),
    };
    if (action.userMessage !== undefined) message.userMessage = action.userMessage;
    if (action.metadata !== undefined) message.metadata = cloneJson(action.metadata);
    this.outbox.emit({ version: '1.0', action: message }, action.surfaceId);
  }

  /**
   * Reports a fault found outside the message stream (a transport's unreadable chunk, a
   * component's failure): the {@link onError} listeners get the typed error, the agent the wire
   * `error`. The store reports its own faults the same way.
   */
  report(error: A2uiError, surfaceId?: string): void {
    this.outbox.report(error, surfaceId);
  }

  /**
   * Receives every renderer → agent message, with the transport metadata it should carry
   * (`a2uiRendererDataModel` when the originating surface was created with `sendDataModel`).
   * Returns the unsubscribe.
   */
  onMessage(listener: (message: OutboundMessage, metadata: TransportMetadata) => void): () => void {
    return this.outbox.messages.add(listener);
  }

  /** Sees every agent → renderer message before it is applied (dev tools). Returns the unsubscribe. */
  onInbound(listener: (message: unknown) => void): () => void {
    return this.inbound.add(listener);
  }

  /**
   * Sees what the user does through components — binding writes and actions run — before it takes
   * effect (session recording). Returns the unsubscribe.
   */
  onUserInput(listener: (input: UserInput) => void): () => void {
    return this.userInput.add(listener);
  }

  /** Receives every fault as a typed error value (the same faults go out as `error` messages). */
  onError(listener: (error: A2uiError) => void): () => void {
    return this.outbox.errors.add(listener);
  }

  /** Disposes every surface; pending calls reject with DISPOSED and later input is ignored. */
  dispose(): void {
    this.disposed = true;
    this.calls?.dispose();
    for (const s of [...this.surfaces.values()]) this.surfaces.remove(s.id);
  }
}

function defaultLocale(): string {
  const nav = (globalThis as { navigator?: { language?: string } }).navigator;
  return nav?.language || 'en-US';
}

