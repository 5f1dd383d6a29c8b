/**
 * Where renderer → agent messages leave a store: every `emit` and `report` goes through here. The
 * outbox answers each wire form in its own form (a message about a v0.9 or draft surface is
 * downgraded by that surface's protocol adapter) and attaches the data model for surfaces created
 * with `sendDataModel`.
 */
import { errorMessage, type ActionMessage, type OutboundMessage } from './outbound.ts';
import type { A2uiError } from './errors.ts';
import { afterFailedLoad, type LazyModule } from './lazy.ts';
import { Listeners } from './listeners.ts';
import { protocolOfSurface, type ProtocolAdapter } from './protocols.ts';
import type { SurfaceRegistry } from './surface-registry.ts';

/** Metadata an outbound message should travel with. */
export interface TransportMetadata {
  a2uiRendererDataModel?: { version: string; surfaces: Record<string, unknown> };
  /** v0.9 surfaces: the same payload under its v0.9 name. */
  a2uiClientDataModel?: { version: string; surfaces: Record<string, unknown> };
}

/** What {@link A2uiStore.dispatchAction} takes: an `action` message whose timestamp may be left to the store. */
export type ActionInit = Omit<ActionMessage, 'timestamp'> & { timestamp?: string };

/**
 * The wire form to answer in: a protocol adapter, `null` for v1.0, or `undefined` for the form
 * of the surface the message is about.
 */
export type WireForm = ProtocolAdapter | null | undefined;

export class Outbox {
  /** Renderer → agent messages, with their transport metadata. */
  readonly messages = new Listeners<[OutboundMessage, TransportMetadata]>();
  /** Every fault as a typed error value. */
  readonly errors = new Listeners<[A2uiError]>();
  /** The form the next report answers in, while an inbound message is refused (see {@link answering}). */
  private refusing: WireForm;
  /** What is sent behind a message waiting for code still loading (see {@link after}), in order. */
  private waiting: Array<() => void> | undefined;

  constructor(private readonly surfaces: SurfaceRegistry) {}

  /** Sends one message to every listener, in the wire form `form` or that of surface `surfaceId`. */
  emit(message: OutboundMessage, surfaceId?: string, form?: WireForm): void {
    const surface = surfaceId === undefined ? undefined : this.surfaces.peek(surfaceId);
    const meta: TransportMetadata = {};
    const adapter = form !== undefined ? (form ?? undefined) : surface && surface.version !== '1.0' ? protocolOfSurface(surface.version) : undefined;
    if (adapter) {
      const down = adapter.downgrade(message);
      if (!down) return;
      message = down;
    }
    if (surface?.sendDataModel) {
      const key = (adapter?.dataModelKey ?? 'a2uiRendererDataModel') as 'a2uiRendererDataModel';
      meta[key] = { version: adapter ? message.version : '1.0', surfaces: { [surface.id]: surface.dataModel.snapshot() } };
    }
    if (this.waiting) this.waiting.push(() => this.messages.call(message, meta));
    else this.messages.call(message, meta);
  }

  /**
   * Runs `send` (which emits) once `piece` is there, and returns what it returns: at once when it
   * has loaded and nothing waits; else after the load, with every message emitted meanwhile sent
   * after it, in order. After a failed load `send` runs inside `afterFailedLoad` (its `need()`
   * throws that load's error, which the promise rejects with); the next `after` loads again.
   */
  after<R>(piece: LazyModule<unknown>, send: () => Promise<R>): Promise<R> {
    if (piece.loaded && !this.waiting) return send();
    return new Promise<R>((resolve, reject) => {
      if (!this.waiting) {
        const waiting: Array<() => void> = (this.waiting = []);
        const drain = () => {
          this.waiting = undefined;
          for (const f of waiting) f();
        };
        piece.load().then(drain, () => afterFailedLoad(drain));
      }
      this.waiting.push(() => {
        try {
          resolve(send());
        } catch (e) {
          reject(e);
        }
      });
    });
  }

  /** Reports a fault: the typed listeners, then the wire `error`. */
  report(error: A2uiError, surfaceId?: string): void {
    // Taken before the listeners run: what they send is not part of the refusal.
    const form = this.refusing;
    this.refusing = undefined;
    this.errors.call(error);
    this.emit({ version: '1.0', error: errorMessage(error, surfaceId) }, error.where.surfaceId ?? surfaceId, form);
  }

  /**
   * Runs `refuse` (which reports the refusal of an inbound message) answering in `form`: a refusal
   * answers in the version of the message it refuses, which may not be its surface's.
   */
  answering(form: WireForm, refuse: () => void): void {
    this.refusing = form;
    try {
      refuse();
    } finally {
      this.refusing = undefined;
    }
  }
}
