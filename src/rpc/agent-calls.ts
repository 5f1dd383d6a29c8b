/**
 * Renderer → agent function calls: the pending-call table. Each call gets a deterministic,
 * call-site-unique id (surface, site, per-site sequence), is sent as `callAgentFunction`, and
 * settles on the matching `agentFunctionResponse`, a timeout, a cancel, its surface's deletion, or
 * the store's disposal. Reactive calls with identical arguments share one in-flight call.
 */
import { FunctionCallError, thrownMessage } from '../errors.ts';
import type { AgentCallRequest } from '../evaluate.ts';
import { isObject, stableJson } from '../json.ts';
import type { CallAgentFunctionMessage, FunctionResponse } from '../outbound.ts';

interface Pending {
  readonly id: string;
  readonly surfaceId: string | undefined;
  readonly key: string | undefined;
  readonly request: AgentCallRequest;
  resolve(value: unknown): void;
  reject(error: FunctionCallError): void;
  timer: ReturnType<typeof setTimeout> | undefined;
}

export interface AgentCallOptions {
  /** Default timeout in ms (0 = none). */
  timeoutMs?: number;
  /** Host-supplied id generator; its ids must be unique among pending calls. */
  callId?: (request: AgentCallRequest) => string;
  /** Checks a returned value against the declaration; throws FunctionCallError on mismatch. */
  checkResult?: (request: AgentCallRequest, value: unknown) => unknown;
}

export class AgentCalls {
  private readonly pending = new Map<string, Pending>();
  private readonly shared = new Map<string, Promise<unknown>>();
  /** Per surface (`_` for none), per call site: the last sequence number used. */
  private readonly sequences = new Map<string, Map<string, number>>();
  /** The highest number a deleted surface's sites reached: later counters start past it. */
  private retired = 0;
  private disposed = false;

  constructor(
    private readonly send: (message: CallAgentFunctionMessage) => void,
    private readonly report: (error: FunctionCallError) => void,
    private readonly options: AgentCallOptions = {},
  ) {}

  /** Sends a call and returns its settled value. */
  call(request: AgentCallRequest, timeoutMs?: number): Promise<unknown> {
    if (this.disposed) return Promise.reject(new FunctionCallError('DISPOSED', 'The renderer has been disposed'));
    const reactive = request.kind === 'binding' || request.kind === 'check';
    const key = reactive ? `${request.surfaceId}\u0000${request.catalogId}\u0000${request.name}\u0000${stableJson(request.args)}` : undefined;
    if (key && this.shared.has(key)) return this.shared.get(key)!;
    const id = this.nextId(request);
    if (this.pending.has(id)) {
      return Promise.reject(new FunctionCallError('DUPLICATE', `Function call id '${id}' is already pending`, { functionCallId: id }));
    }
    const promise = new Promise<unknown>((resolve, reject) => {
      const entry: Pending = { id, surfaceId: request.surfaceId, key, request, resolve, reject, timer: undefined };
      const ms = timeoutMs ?? request.declaration?.timeoutMs ?? this.options.timeoutMs ?? 30_000;
      if (ms > 0) {
        entry.timer = setTimeout(() => this.fail(id, new FunctionCallError('TIMEOUT', `No response to '${request.name}' within ${ms} ms`, { functionCallId: id })), ms);
      }
      this.pending.set(id, entry);
    });
    if (key) {
      this.shared.set(key, promise);
      const forget = () => this.shared.get(key) === promise && this.shared.delete(key);
      promise.then(forget, forget);
    }
    this.send({
      surfaceId: request.surfaceId ?? '',
      functionCallId: id,
      callFunction: { '@call': request.name, catalogId: request.catalogId, args: request.args },
    });
    return promise;
  }

  /** Settles the call named by an `agentFunctionResponse`. Unknown or settled ids are reported once. */
  settle(response: FunctionResponse): void {
    const entry = this.pending.get(response.functionCallId);
    if (!entry) {
      this.report(new FunctionCallError('INVALID_FUNCTION_CALL', `No pending call with id '${response.functionCallId}'`, { functionCallId: response.functionCallId }));
      return;
    }
    if (response.error !== undefined) {
      const e: Record<string, unknown> = isObject(response.error) ? response.error : {};
      const code = typeof e.code === 'string' && e.code ? e.code : 'EXECUTION_ERROR';
      const message = typeof e.message === 'string' ? e.message : 'The agent function failed';
      this.fail(entry.id, new FunctionCallError(code, message, { functionCallId: entry.id }, response.error));
      return;
    }
    try {
      const value = this.options.checkResult ? this.options.checkResult(entry.request, response.value) : response.value;
      this.finish(entry.id);
      entry.resolve(value);
    } catch (e) {
      this.fail(entry.id, e instanceof FunctionCallError ? e : new FunctionCallError('EXECUTION_ERROR', thrownMessage(e), { functionCallId: entry.id }));
    }
  }

  /** Cancels one call. */
  cancel(id: string): void {
    this.fail(id, new FunctionCallError('CANCELLED', `Call '${id}' was cancelled`, { functionCallId: id }));
  }

  /**
   * Cancels every call of a surface (on deleteSurface) and drops its counters, which would
   * otherwise grow with every surface made. Counters made later start past the numbers they had
   * reached, so a new surface of the same id never reuses an id a late response may still name.
   */
  cancelSurface(surfaceId: string): void {
    for (const e of [...this.pending.values()]) if (e.surfaceId === surfaceId) this.cancel(e.id);
    const sites = this.sequences.get(surfaceId);
    if (!sites) return;
    this.sequences.delete(surfaceId);
    for (const n of sites.values()) this.retired = Math.max(this.retired, n);
  }

  /** @internal How many surfaces have call counters (tests: deleted surfaces leave none). */
  get counterSurfaces(): number {
    return this.sequences.size;
  }

  /** Ids of the calls still waiting (for the inspector and tests). */
  get pendingIds(): string[] {
    return [...this.pending.keys()];
  }

  /** Rejects everything with DISPOSED and refuses later calls. */
  dispose(): void {
    this.disposed = true;
    for (const e of [...this.pending.values()]) {
      this.fail(e.id, new FunctionCallError('DISPOSED', 'The renderer has been disposed', { functionCallId: e.id }));
    }
  }

  private nextId(request: AgentCallRequest): string {
    if (this.options.callId) return this.options.callId(request);
    const surface = request.surfaceId ?? '_';
    const site = request.site ?? request.name;
    let sites = this.sequences.get(surface);
    if (!sites) this.sequences.set(surface, (sites = new Map()));
    const n = (sites.get(site) ?? this.retired) + 1;
    sites.set(site, n);
    return `${surface}.${site}.${n}`;
  }

  private finish(id: string): Pending | undefined {
    const entry = this.pending.get(id);
    if (!entry) return undefined;
    clearTimeout(entry.timer);
    this.pending.delete(id);
    return entry;
  }

  private fail(id: string, error: FunctionCallError): void {
    this.finish(id)?.reject(error);
  }
}

